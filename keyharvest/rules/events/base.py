"""What every event frame shares (RULES.md E.1, E.3): asking each player in turn.

An event placed on the track (``bag.place_event``) is resolved player by player: the drawer
first, then clockwise (E.1). Each answer is one step, asked with
``Pending(PendingKind.EVENT, colour, rule="E.3", event=letter)``; an optional event (bell) accepts
``Pass``, a mandatory one (scroll: O, S, W, Z, I.20) only where the player has nothing to
give or draw (I.12, I.21, I.37). New Supply (S) asks nothing: the drawer's duty is automatic.

Tiles that events put on a board go through ``placement.place_tile``, so a displaced worker
is re-placed (D.2) before the next player answers (I.34). Events that draw from the bag (M,
Q, S, T, W) do it under the set-aside rule (E.2) with ``bag.HandDrawFrame`` and
``bag.RefillFrame(set_aside=True)``; when the bag holds no field tile, the events a player
set aside are placed and resolved right after that player's draw (I.18, I.35, I.42, I.51).
The frames of each event live in the family modules of this package.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from enum import StrEnum
from itertools import combinations
from typing import ClassVar

from ...errors import IllegalStep
from ...model.catalogue import CROPS
from ...model.state import Pending, PendingKind, PlayerState, State
from ...model.steps import (
    Pass,
    Step,
)
from ..bag import HandDrawFrame, PlaceEventsFrame
from ..engine import (
    COLOUR,
    COLOURS,
    COUNT,
    Frame,
    expect,
    mypyc_attr,
    one_of,
    saved,
)
from ..memo import PENDING, pass_of, remember, table

RULE = "E.3"


def payment_choices(p: PlayerState, k: int, limit: int = 4) -> list[tuple[str, ...]]:
    """Some payments of ``k`` crops that ``p`` can make (representatives, canonical order).
    Remembered by ``k``, ``limit`` and the screen (a shared list: do not change it): Q and
    T ask at every answer, and the combinations cost some 20,000 instructions a time."""
    key = (k, limit, *p.screen)
    got = _PAYMENTS.get(key)
    if got is not None:
        return got
    held = [c for c, n in zip(CROPS, p.screen) for _ in range(min(n, k))]
    out = sorted(set(combinations(held, k)))
    if len(out) > limit:
        step = len(out) / limit
        out = [out[int(i * step)] for i in range(limit)]
    remember(_PAYMENTS, key, out)
    return out


#: (k, limit, *screen) -> ``payment_choices``
_PAYMENTS: dict[tuple[int, ...], list[tuple[str, ...]]] = table("payment choices")


def mandatory_error(letter: str, colour: str, why: str) -> IllegalStep:
    return IllegalStep("I.37", f"event {letter} is mandatory (scroll): {colour} cannot pass, "
                       f"{why}")


class Phase(StrEnum):
    """Where the answering player's part of an event stands (``EventFrame.phase``)."""

    NEW = ""  # not started
    DRAWN = "drawn"  # the player's draw (E.2) is done: M, Q, W
    PICK = "pick"  # Q: pick a registry tile instead (I.35)
    EVENTS = "events"  # Q: the set-aside events are being placed (I.35)
    REFILL = "refill"  # R, T: the refill after the answers
    KEEP = "keep"  # O, W: place or fallow the tile kept
    DONE = "done"  # Y: the windfall is shared out


#: (frame class, colour, purpose) -> what ``EventFrame.ask`` asks
_ASKED: dict[tuple[type, str, str], Pending] = table("events asked")


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class EventFrame(Frame):
    """An event being resolved: ``order`` holds the colours in event order (E.1), ``i`` the
    player answering now, ``phase`` where that player's answer stands ("" = not started)."""

    rule = RULE
    is_event = True
    letter: ClassVar[str] = ""
    #: (a class whose answers go through more phases says which, in its own ``fields``)
    fields = saved(drawer=COLOUR, order=COLOURS, i=COUNT, phase=one_of(Phase, Phase.NEW))

    def __init__(self, drawer: str, order: list[str]) -> None:
        self.drawer = drawer
        self.order = list(order)
        self.i = 0
        self.phase = Phase.NEW

    @classmethod
    def start(cls, state: State, letter: str, drawer: str) -> EventFrame:
        assert letter == cls.letter
        colours = [p.colour for p in state.players]  # state.order_from(drawer)'s colours
        try:
            at = colours.index(drawer)
        except ValueError:
            raise KeyError(drawer) from None  # as state.index raises
        return cls(drawer, colours[at:] + colours[:at])

    def whose(self) -> str:
        """The colour of the player who answers now."""
        order = self.order
        return order[self.i % len(order)]

    def who(self, state: State) -> PlayerState:
        order = self.order
        colour = order[self.i % len(order)]  # self.whose()
        for p in state.players:  # state.player(colour), without two calls
            if p.colour == colour:
                return p
        raise KeyError(colour)

    def ask(self, state: State, purpose: str = "") -> Pending:
        order = self.order
        colour = order[self.i % len(order)]
        # ``rule`` and ``letter`` are the class's own: keyed by the class, the colour and the
        # purpose, not by the six fields of a ``Pending`` and two reads of the class
        key = (type(self), colour, purpose)
        got = _ASKED.get(key)
        if got is None:
            got = PENDING[PendingKind.EVENT, colour, self.rule, purpose, None, self.letter]
            remember(_ASKED, key, got)
        return got

    def advance(self) -> None:
        self.i += 1
        self.phase = Phase.NEW

    @property
    def finished(self) -> bool:
        return self.i >= len(self.order)


#: (frame class, colour) -> what a ``OneAnswerFrame`` of that class asks of that player:
#: ``ask`` with its ``what``, which like its ``rule`` and ``letter`` is the class's own (a
#: look-up by a pair, not by the six fields of a ``Pending`` and three reads of the class)
_ASKS: dict[tuple[type, str], Pending] = table("event answers asked")


def _asked(frame: OneAnswerFrame, colour: str) -> Pending:
    """What ``frame`` asks of ``colour``: ``PENDING[...]`` of it, remembered in ``_ASKS``."""
    got = PENDING[PendingKind.EVENT, colour, frame.rule, frame.what, None, frame.letter]
    remember(_ASKS, (type(frame), colour), got)
    return got


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class OneAnswerFrame(EventFrame):
    """An optional event where each player gives one answer of ``answer_types`` or passes."""

    answer_types: ClassVar[tuple[type[Step], ...]] = ()
    what = ""
    #: True where ``settle`` is ``OneAnswerFrame.settle`` (it only asks the next player):
    #: ``apply`` may then say what comes next itself (set for each subclass).
    settles_plainly: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls.settles_plainly = cls.settle is OneAnswerFrame.settle

    def settle(self, state: State) -> Pending | None | object:
        order = self.order
        i = self.i
        if i >= len(order):
            return None
        colour = order[i]  # ask(): what the answering player is asked
        return _ASKS.get((type(self), colour)) or _asked(self, colour)

    def apply(self, state: State, step: Step) -> Pending | None:
        """Pass, or check and apply the answer; then return what settling would give when
        the next player is asked with nothing pushed (``Frame.apply``), else None."""
        if type(step) is not Pass:
            if not isinstance(step, self.answer_types):
                expect(step, (Pass, *self.answer_types), self.rule,
                       f"{self.what} (event {self.letter})")
            order = self.order
            colour = order[self.i % len(order)]  # self.who(state), without the call
            for p in state.players:
                if p.colour == colour:
                    break
            else:
                raise KeyError(colour)
            self.answer(state, p, step)  # checks first, then changes
        i = self.i + 1  # self.advance()
        self.i = i
        self.phase = Phase.NEW
        order = self.order
        if i < len(order) and self.settles_plainly and state.stack[-1] is self:
            colour = order[i]  # what settle gives: the next player asked
            return _ASKS.get((type(self), colour)) or _asked(self, colour)
        return None

    lists_by_sections = True
    lists_counted = True

    def counted(self, state: State) -> tuple[Step, int, Callable[[int], Step]]:
        """Pass, then how many answers and the i-th (see ``Frame.lists_counted``,
        ``rules.legal_view``)."""
        order = self.order
        colour = order[self.i % len(order)]  # self.who(state), without the call
        for p in state.players:
            if p.colour == colour:
                break
        else:
            raise KeyError(colour)
        n, nth = self.counted_answers(state, p)
        return pass_of(colour), n, nth

    def counted_answers(self, state: State, p: PlayerState) -> tuple[int, Callable[[int], Step]]:
        """How many answers ``answers`` lists, and a function giving the i-th; frames with
        long listings count them without building them."""
        steps = list(self.answers(state, p))
        return len(steps), steps.__getitem__

    def answer(self, state: State, p: PlayerState, step: Step) -> None:
        raise NotImplementedError

    def answers(self, state: State, p: PlayerState) -> Iterator[Step]:
        n, nth = self.counted_answers(state, p)
        return map(nth, range(n))  # compiled, a generator expression here is a list


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class DrawingFrame(EventFrame):
    """Shared by M, Q and W: a player draws one field tile into the hand (E.2)."""

    fields = saved(phase=one_of(Phase, Phase.NEW, Phase.DRAWN), hand=COUNT, aside=COUNT)

    def __init__(self, drawer: str, order: list[str]) -> None:
        super().__init__(drawer, order)
        self.hand = 0  # len(state.in_hand) before the draw
        self.aside = 0  # len(state.set_aside) before the draw

    def draw(self, state: State, p: PlayerState) -> None:
        self.hand = len(state.in_hand)
        self.aside = len(state.set_aside)
        self.phase = Phase.DRAWN
        state.stack.append(HandDrawFrame(p.colour, f"{p.colour} draws for event {self.letter}"))

    def drawn(self, state: State) -> str | None:
        """The field tile the draw put in the hand, if any (it stays in the hand)."""
        return state.in_hand[self.hand] if len(state.in_hand) > self.hand else None

    def place_set_aside(self, state: State, p: PlayerState) -> None:
        """The bag held no field tile: this player's set-aside events are placed and resolved,
        in the order drawn (I.18, I.51)."""
        letters = state.set_aside[self.aside:]
        if letters:
            state.stack.append(PlaceEventsFrame(letters, p.colour))
