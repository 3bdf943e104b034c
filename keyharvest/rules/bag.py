"""The bag, the registry refill and the event track (RULES.md F.1–F.4, E.2, I.9, I.18, I.43,
I.51, I.53).

Every draw is a chance step (``Draw``) written in the record; this module only checks that
the drawn item is in the bag and moves it where the rules send it.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..errors import IllegalStep
from ..model.catalogue import QUESTION_SPACE, TRACK_SIZE, is_event
from ..model.state import Pending, PendingKind, State
from ..model.steps import Draw, Step
from .engine import (
    COLOUR,
    CONTINUE,
    COUNT,
    EVENTS,
    FLAG,
    SET_ASIDE,
    STRING,
    Frame,
    expect,
    mypyc_attr,
    saved,
)
from .fields import someone_below_threshold
from .invariants import question_check
from .memo import PENDING, remember, table
from .placement import start_event


def check_draw(state: State, step: Step, rule: str = "F.1") -> str:
    """The item of a ``Draw`` step, after checking that it may come out of the bag."""
    if type(step) is not Draw:
        expect(step, (Draw,), rule, "a draw from the bag")
    item: str = step.item  # type: ignore[attr-defined]
    if item in state.bag and not is_event(item):  # a field tile: state.can_draw, inlined
        return item
    if not state.can_draw(item):
        if item in state.bag:
            raise IllegalStep(rule, f"event {item} was removed at setup: the bag holds no "
                              "more events")
        raise IllegalStep(rule, f"{item} is not in the bag")
    return item


def draws(state: State) -> Iterator[Draw]:
    """Every distinct draw the bag allows, in a stable order."""
    items = sorted(state.bag)
    for item in items:
        if state.can_draw(item):
            yield Draw(item)


def track_full(state: State) -> bool:
    return len(state.track) >= TRACK_SIZE


def place_event(state: State, letter: str, drawer: str) -> None:
    """Put a drawn event on the next space of the track and start resolving it.

    After the 10th space is filled an event is out of play (I.9, I.43). On the "?" space the
    check of F.3 comes first (I.6), and is no longer made once the bag holds no field tile
    (I.53); when it is made, no tile is in hand and no displaced worker waits (asserted:
    I.52). The 10th space starts the end of the game (F.4, I.38).
    """
    if track_full(state):
        state.touch(state.spent)
        state.spent.append(letter)
        return
    state.touch(state.track)
    state.track.append(letter)
    if len(state.track) == QUESTION_SPACE and state.bag_has_field_tile():  # "?" (F.3)
        assert not question_check(state), question_check(state)  # I.52
        if someone_below_threshold(state):
            back = state.track[:2]
            del state.track[:2]
            state.touch(state.bag)
            state.bag.update(back)
    if len(state.track) == TRACK_SIZE and state.end_countdown is None:
        state.end_countdown = 2 * len(state.players)
        state.end_trigger = state.current.colour
    start_event(state, letter, drawer)


#: The purpose of a registry refill after an offer (F.1), the draw the game waits for most.
REFILL = "registry refill"

#: (frame class, purpose) -> the draw a ``RefillFrame`` or ``HandDrawFrame`` waits for
#: (its ``rule`` is the class's own): a look-up by a pair, not by four fields and a read of
#: the class
_DRAWS: dict[tuple[type, str], Pending] = table("draws asked")


def _draw_asked(frame: Frame, purpose: str) -> Pending:
    """The draw ``frame`` waits for: ``PENDING[...]`` of it, remembered in ``_DRAWS``."""
    got = PENDING[PendingKind.CHANCE, None, frame.rule, purpose]
    remember(_DRAWS, (type(frame), purpose), got)
    return got


#: The rule of an offer's refill (F.1): ``RefillFrame.rule``, and the rule its draw waits for.
REFILL_RULE = "F.1"


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class RefillFrame(Frame):
    """Draw from the bag until ``gap`` field tiles have gone to the registry (F.1), or the
    bag is empty.

    In normal mode an event drawn is placed and resolved at once (F.2). With
    ``set_aside`` (events M, Q, S, T, W, the Merchant, and H or L inside an event: E.2,
    I.19) events drawn are set aside and go back to the bag once the gap is filled; if the
    bag runs out first they are placed on the track one at a time, in the order drawn,
    each resolved before the next (I.18, I.51).
    """

    rule = REFILL_RULE
    fields = saved(drawer=COLOUR, gap=COUNT, set_aside=FLAG, purpose=STRING,
              mine=SET_ASIDE)

    def __init__(self, drawer: str, gap: int, set_aside: bool = False,
                 purpose: str = REFILL) -> None:
        self.drawer = drawer
        self.gap = gap
        self.set_aside = set_aside
        self.purpose = purpose
        self.mine: list[str] = []  # events this refill set aside

    def settle(self, state: State) -> Pending | None | object:
        if self.gap > 0 and len(state.bag) > state.hidden_removed:  # state.bag_count > 0
            purpose = self.purpose
            return _DRAWS.get((type(self), purpose)) or _draw_asked(self, purpose)
        if self.mine:
            if self.gap == 0:  # filled: the set-aside events go back (E.2)
                state.touch(state.set_aside)
                state.touch(state.bag)
                for letter in self.mine:
                    state.set_aside.remove(letter)
                    state.bag.add(letter)
                self.mine = []
                return None
            state.stack[-1] = PlaceEventsFrame(self.mine, self.drawer)  # bag ran out (I.18)
            return CONTINUE
        return None

    def apply(self, state: State, step: Step) -> Pending | None:
        bag = state.bag
        # (only a Draw has an item: a type test and a slot read cost less than getattr)
        if type(step) is Draw and (item := step.item) in bag and not is_event(item):
            # a field tile: the common case
            state.touch(bag)
            bag.remove(item)
            state.touch(state.registry)
            state.registry.append(item)
            self.gap -= 1
            if not self.gap:
                state.filled_at = state.steps + 1  # the step is counted after it applies
                stack = state.stack
                if not self.mine and len(stack) == 2 and stack[0].is_turn:
                    # an offer's refill, filled (C.5): what settling gives, without settling
                    # (Frame.apply): it is popped, and the turn under it waits for the same
                    # player (the game ends only at the end of a turn)
                    stack.pop()
                    return PENDING[state.players[state.turn.player].colour]
            return None
        item = check_draw(state, step, self.rule)
        state.touch(bag)
        bag.remove(item)
        state.drawn = (state.steps + 1, item)  # the step is counted after it applies
        if self.set_aside and not track_full(state):
            state.touch(state.set_aside)
            state.set_aside.append(item)
            self.mine.append(item)
        else:
            place_event(state, item, self.drawer)
        return None

    def legal(self, state: State) -> Iterator[Step]:
        return draws(state)

    def refusal(self, state: State) -> tuple[str, str] | None:
        # the Shopkeeper's or the Benefactor's refill inside an event sets aside (I.19)
        return drawn_event_refusal(state, self.mine,
                                   "I.19" if self.purpose == REFILL else "E.2")


def drawn_event_refusal(state: State, mine: list[str], rule: str) -> tuple[str, str] | None:
    """Why a step other than a draw, right after a draw that brought out an event, is no
    answer to it (I.54): the event was only set aside (E.2, I.19), or drawn after the 10th
    space was filled (I.9)."""
    at, item = state.drawn
    if at != state.steps:
        return None
    if item in state.spent:
        return "I.9", (f": event {item}, drawn after the 10th space was filled, is out of play "
                       "and nobody answers it (I.9, F.4)")
    if item in mine:
        return rule, (f": event {item} was only set aside, not placed on the track, and "
                      "nobody answers it (E.2)")
    return None


#: What an offer's refill waits for (F.1): its ``settle``, shared (a ``Pending`` is frozen).
REFILL_DRAW = PENDING[PendingKind.CHANCE, None, REFILL_RULE, REFILL]


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class PlaceEventsFrame(Frame):
    """Place set-aside events on the track one at a time, in the order drawn, each resolved
    completely before the next (I.18, I.35, I.51). They leave ``state.set_aside``."""

    rule = "I.51"
    fields = saved(letters=EVENTS, drawer=COLOUR)

    def __init__(self, letters: list[str], drawer: str) -> None:
        self.letters = list(letters)
        self.drawer = drawer

    def settle(self, state: State) -> Pending | None | object:
        if not self.letters:
            return None
        letter = self.letters.pop(0)
        state.touch(state.set_aside)
        state.set_aside.remove(letter)
        place_event(state, letter, self.drawer)
        return CONTINUE

    def apply(self, state: State, step: Step) -> None:  # pragma: no cover - never pending
        raise IllegalStep(self.rule, "no step is due while set-aside events are placed")

    def legal(self, state: State) -> Iterator[Step]:  # pragma: no cover - never pending
        return iter(())


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class HandDrawFrame(Frame):
    """A player draws one field tile into their hand under the set-aside rule (E.2):
    for the Merchant (K) and events M, Q and W.

    Events drawn are set aside. When a field tile comes out it goes to ``state.in_hand``
    (last item) and this frame's set-aside events go back to the bag (I.42). If the bag
    runs out first, nothing is drawn and the events stay in ``state.set_aside``, in the
    order drawn: the frame that pushed this one notes ``len(state.set_aside)`` before, and
    handles I.35 (a registry tile instead, then ``PlaceEventsFrame``). After the 10th
    space is filled, events drawn are out of play instead (I.43).
    """

    rule = "E.2"
    fields = saved(player=COLOUR, purpose=STRING, mine=SET_ASIDE, done=FLAG)

    def __init__(self, player: str, purpose: str) -> None:
        self.player = player
        self.purpose = purpose
        self.mine: list[str] = []
        self.done = False

    def settle(self, state: State) -> Pending | None:
        if self.done or len(state.bag) == state.hidden_removed:  # state.bag_count == 0
            return None
        purpose = self.purpose
        return _DRAWS.get((type(self), purpose)) or _draw_asked(self, purpose)

    def apply(self, state: State, step: Step) -> None:
        item = check_draw(state, step, self.rule)
        state.touch(state.bag)
        state.bag.remove(item)
        if not is_event(item):
            state.touch(state.in_hand)
            state.in_hand.append(item)
            state.touch(state.set_aside)
            for letter in self.mine:
                state.set_aside.remove(letter)
                state.bag.add(letter)
            self.mine = []
            self.done = True
            return
        state.drawn = (state.steps + 1, item)
        if track_full(state):
            state.touch(state.spent)
            state.spent.append(item)
        else:
            state.touch(state.set_aside)
            state.set_aside.append(item)
            self.mine.append(item)

    def legal(self, state: State) -> Iterator[Step]:
        return draws(state)

    def refusal(self, state: State) -> tuple[str, str] | None:
        return drawn_event_refusal(state, self.mine, "E.2")
