"""The game for programs: one object, ``Game``, that a search or a learning program plays
through, shaped as pyspiel's ``State`` and python-chess's ``Board``.

``Game(state)`` starts from a copy of a ``State`` (``keyharvest.random_game(3, seed=7)``,
``rules.actions.new_game(setup, board)``, a position read from a file) and keeps, besides
the table (``game.state``), what a program needs and a bare state does not hold:

- the **history**: the steps since the start (``step_stack()``) and the picks of a step
  being chosen by actions, with **undo** of the last step (``pop``) or of the last action
  (``undo_action``), each as cheap as the push it takes back;
- the **events seen** (drawn, whether or not they went back to the bag), so that
  ``chance_outcomes`` is exact where events were removed unseen at setup (B.8) and agrees
  with ``information_state`` and ``resample``;
- the **action numbering** of its board (``rules.choices.Tokens``): ``NUM_ACTIONS`` integer
  actions spelling every legal step as a sequence of picks.

Who decides is ``current_player()`` (a seat, ``CHANCE`` or ``TERMINAL``, OpenSpiel's ids);
``legal_steps()`` is every legal step (``representative_steps()`` the engine's shorter
listing, with representatives of the bids, payments and subsets); ``push(step)`` checks and
applies a step in place; ``legal_actions()`` / ``apply_action(action)`` do the same by
integer picks; ``child(action)`` is the copying form, ``clone()`` a copy; ``returns()``,
``observation(player)``, ``information_state(player)`` and ``resample(player, rng)`` give
the results and a player's view; ``serialize()`` writes the history as action numbers and
``Game.deserialize(start, text)`` reads it back by replaying checked steps (nothing in the
text is run).

The engine underneath is ``rules.engine`` (``advance``: a checked step in place, without
undo, for replays and self-play). This module reads no files and knows no notation.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from typing import Literal

from ..errors import IllegalStep
from ..model.catalogue import is_event
from ..model.state import CHANCE, TERMINAL, PendingKind, Result, State, Undo
from ..model.steps import Draw, Grant, Offer, Step
from .choices import NUM_ACTIONS, Tokens, branches, every_step, skeleton_of, widen
from .engine import mypyc_attr, representative_steps, sections_by_kind
from .scoring import score
from .stepping import advance, advance_steps, is_legal
from .view import Observation, PublicView, observe_at, public_view, recalled, replayed, sample_start

__all__ = ["CHANCE", "NUM_ACTIONS", "TERMINAL", "Game", "chance_outcomes", "chance_weights",
           "outcome"]

#: The longest text ``Game.deserialize`` reads: far more than the longest game's history.
MAX_SERIALIZED = 4_000_000
#: How many starts ``Game.resample`` draws, at most, before it gives up finding one where
#: the picks of a step being chosen are legal (each start has a fair chance: see there).
RESAMPLE_TRIES = 1000

#: A candidate of the step being chosen: a legal step, the picks that spell it, and how many
#: of them it shares with every step it stands for: all of them for a step that stands for
#: itself; fewer for a step of the engine's listing that stands, until the picks pass them,
#: for its variants (``choices.widen``: other crops or tiles), listed only then.
Candidate = tuple[Step, tuple[int, ...], int]
#: A section of the engine's listing: how many steps, and a function giving the i-th.
Section = tuple[int, Callable[[int], Step]]


# compiled (hatch_build.py), a native class: ``Game.__new__(Game)`` (``clone``, ``resample``)
# makes one without ``__init__`` only when interpreted subclasses are allowed; a program may
# subclass it too
@mypyc_attr(allow_interpreted_subclasses=True)
class Game:
    """A game in progress for programs (see the module's text). ``state`` is the table
    (a ``State``: read it, do not change it but through the game's methods)."""

    __slots__ = ("_left", "_listed", "_listing", "_log", "_picks", "_public", "_seen", "_start",
                 "_steps", "_tokens", "state")

    def __init__(self, state: State) -> None:
        self.state = state.copy()
        self._start = state.copy()  # never changed: copies are made from it
        self._steps: list[Step] = []
        #: the undo entries of the last ``len(_log)`` steps: what the step changed in the
        #: state (``State.begin``: ``pop`` gives it to ``State.undo``) and the events seen
        #: before; empty for a game cloned, read back or resampled until its first ``pop``
        self._log: list[Undo] = []
        self._picks: tuple[int, ...] = ()
        self._listing: tuple[Step, ...] | None = None  # every legal step
        self._left: tuple[Candidate, ...] | None = None  # those the picks begin
        #: the engine's listing by first pick: its sections (how many, the i-th), unbuilt
        self._listed: dict[int, list[Section]] | None = None
        self._seen = _on_table(state)
        self._tokens = Tokens.of(state.board)
        #: what every player sees here (``view.public_view``), made by the first
        #: observation of the position, shared by the others until it changes
        self._public: PublicView | None = None

    def __reduce__(self) -> tuple[object, tuple[State, str]]:
        """Pickled as ``serialize`` writes it, with the start: unpickling replays the
        history, checked (``deserialize``), and keeps nothing else of this object."""
        return type(self).deserialize, (self._start, self.serialize())

    def __repr__(self) -> str:
        return (f"<Game {len(self.state.players)} players, {len(self._steps)} steps, "
                f"waiting for {self.state.pending.describe()}>")

    # -- who decides ------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat (index in ``state.players``) whose decision the game waits for;
        ``CHANCE`` when a draw from the bag is due, ``TERMINAL`` once the game is over."""
        return self.state.current_player()

    def is_terminal(self) -> bool:
        """Whether the game is over (finished, or stopped at the turn limit, I.10)."""
        return self.state.result is not None

    def is_chance_node(self) -> bool:
        """Whether a draw from the bag is due."""
        return self.current_player() == CHANCE

    # -- steps ------------------------------------------------------------------------
    def legal_steps(self) -> list[Step]:
        """Every legal step, however many: every bid behind the screen (C.5), every
        payment and gain within what the screen or the stock holds, every non-empty subset
        of a group to harvest with every choice of substitutes (C.2, I.3, I.5), every crop
        of a windfall (I.22); each once, in the engine's order. Empty once the game is
        over."""
        listing = self._listing
        if listing is None:
            state = self.state
            listing = () if state.result is not None else tuple(every_step(state))
            self._listing = listing
        return list(listing)

    def representative_steps(self) -> list[Step]:
        """The engine's shorter listing: complete except where a choice is a free multiset
        of crops or a subset of tiles, where it lists representatives (bids of one and of
        two crops, whole groups and single tiles). Every step in it is legal."""
        return representative_steps(self.state)

    def is_legal(self, step: Step) -> bool:
        """Whether ``step`` may come next (by the same checks as ``push``)."""
        return is_legal(self.state, step)

    def push(self, step: Step) -> None:
        """Check ``step`` and apply it in place, keeping what ``pop`` needs to undo it.
        Raises ``IllegalStep`` (with the RULES.md id) and changes nothing when the step is
        not legal here. Drops the picks of a step being chosen by actions."""
        state = self.state
        undo = state.begin()  # what the step changes, as it changes it
        try:
            advance(state, step)  # raises before any change
        finally:
            state.end()
        undo.seen = self._seen
        self._log.append(undo)
        self._steps.append(step)
        if type(step) is Draw and is_event(step.item):
            self._seen = self._seen | {step.item}
        self._picks = ()
        self._listing = self._left = self._listed = self._public = None

    def pop(self) -> Step:
        """Undo the last step (pushed, or completed by ``apply_action``) and return it; the
        game is again what it was before that step, with no picks made. Raises
        ``IndexError`` at the start."""
        if not self._steps:
            raise IndexError("pop: no step to undo: the game is at its start")
        if not self._log:  # read back, resampled or cloned: no entries kept yet
            self._relog()
        undo = self._log.pop()
        self.state.undo(undo)
        self._seen = undo.seen
        self._picks = ()
        self._listing = self._left = self._listed = self._public = None
        return self._steps.pop()

    def step_stack(self) -> list[Step]:
        """The steps since the start, oldest first (python-chess's ``move_stack``)."""
        return list(self._steps)

    # -- integer actions ----------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        """The picks possible now, sorted: every first pick of a legal step (at a draw,
        one action per item the bag may yield), or after some picks every pick that
        continues one. Empty once the game is over."""
        if self.state.result is not None:
            return []
        picks = self._picks
        if not picks:  # the kinds (and draws) alone: nothing is spelt yet
            return sorted(self._shown())
        at = len(picks)
        return sorted({tokens[at] for _, tokens, _ in self._candidates()})

    def apply_action(self, action: object) -> None:
        """Make the pick ``action`` (an ``int``, one of ``legal_actions()``) in place; the
        pick that completes a step pushes it (``pop`` undoes it). Raises ``TypeError`` for
        anything but an ``int`` (a ``bool`` included), and ``IllegalStep`` (the rule of
        what the game waits for) for an action not legal here; either changes nothing.
        (``action`` is declared ``object``, not ``int``: compiled, an ``int`` parameter
        would take a ``bool`` as a number before the check could see it.)"""
        if type(action) is not int:
            raise TypeError(f"apply_action: an action is an int from 0 to {NUM_ACTIONS - 1}, "
                            f"not {type(action).__name__} {action!r}")
        state = self.state
        if state.result is not None:
            rule = "I.10" if state.result == Result.UNFINISHED else "F.4"
            raise IllegalStep(rule, f"action {action} is not legal: the game is "
                              f"{state.result}")
        at = len(self._picks)
        if state.pending.kind == PendingKind.CHANCE and 0 <= action < NUM_ACTIONS:
            # a draw is its one pick, the item: pushed as it is (push checks it; refused,
            # it is refused below as any other action), the bag's listing not built
            try:
                self.push(Draw(self._tokens.tokens[action]))
                return
            except IllegalStep:
                pass
        left = (tuple(c for c in self._candidates() if c[1][at] == action) if at
                else self._spelt(action))
        if not left:
            tokens = self._tokens.tokens
            name = tokens[action] if 0 <= action < NUM_ACTIONS else "no action"
            made = " ".join(tokens[a] for a in self._picks)
            after = f" after {made!r}" if made else ""
            raise IllegalStep(state.pending.rule, f"action {action} ({name}){after} is not "
                              f"legal here: waiting for {state.pending.describe()}",
                              player=state.pending.player)
        step, spelt, _ = left[0]
        if len(left) == 1 and len(spelt) == at + 1:
            self.push(step)
            return
        self._picks += (action,)
        self._left = self._narrow(left)

    def undo_action(self) -> int:
        """Undo the last action and return it: the last pick of a step being chosen, or
        else the last pick of the last step (the step is undone, its other picks stay
        made). Raises ``IndexError`` at the start."""
        if self._picks:
            action = self._picks[-1]
            self._picks = self._picks[:-1]
            self._left = None
            return action
        spelt = self._tokens.spell(self.pop())
        self._picks = spelt[:-1]
        return spelt[-1]

    def child(self, action: int) -> Game:
        """A copy of the game with ``action`` applied (pyspiel's ``child``); this game is
        not changed. Raises as ``apply_action``."""
        other = self.clone()
        other.apply_action(action)
        return other

    def clone(self) -> Game:
        """A copy that shares nothing that changes: the same history (``pop`` works on it
        too) and the same picks."""
        other = Game.__new__(Game)
        other.state = self.state.copy()
        other._start = self._start
        other._steps = list(self._steps)
        other._log = []  # each entry names this game's containers: rebuilt on a pop
        other._picks = self._picks
        other._listing = self._listing  # tuples: shared, never changed
        other._left = self._left
        other._listed = None  # its sections read this game's state: listed again there
        other._seen = self._seen
        other._tokens = self._tokens
        other._public = self._public  # never changed: shared
        return other

    def history(self) -> list[int]:
        """Every action since the start: the picks of each step, then those of a step
        being chosen (what ``serialize`` writes)."""
        spell = self._tokens.spell
        out: list[int] = []
        for step in self._steps:
            out += spell(step)
        out += self._picks
        return out

    def action_to_string(self, action: int) -> str:
        """The pick ``action`` in our notation: the whole step (``str(step)``, as a record
        writes it) when it completes one, else the pick's token (``offer``, ``A3``,
        ``hops``, ``done`` …). Raises ``ValueError`` when ``action`` is not legal here."""
        if type(action) is int and action in self.legal_actions():
            at = len(self._picks)
            left = [c for c in self._candidates() if c[1][at] == action]
            step, spelt, _ = left[0]
            if len(left) == 1 and len(spelt) == at + 1:
                return str(step)
            return self._tokens.tokens[action]
        raise ValueError(f"action {action!r} is not legal here (waiting for "
                         f"{self.state.pending.describe()})")

    def string_to_action(self, text: str) -> int:
        """The legal action whose ``action_to_string`` is ``text``. Raises ``ValueError``
        when none is."""
        for action in self.legal_actions():
            if self.action_to_string(action) == text:
                return action
        raise ValueError(f"no legal action is {text!r} here (waiting for "
                         f"{self.state.pending.describe()})")

    def spell(self, step: Step) -> tuple[int, ...]:
        """The actions that spell ``step`` on this game's board (a draw: its one action).
        Raises ``ValueError`` for a name that is not the catalogue's nor the board's."""
        return self._tokens.spell(step)

    def picks(self) -> str:
        """The picks made so far of the step being chosen, as their tokens ('' when none)."""
        return " ".join(self._tokens.tokens[a] for a in self._picks)

    # -- chance and results -------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[Draw, Fraction]]:
        """Every draw the bag may yield now with its exact probability (see the module
        function ``chance_outcomes``), knowing the events this game has seen."""
        return chance_outcomes(self.state, self._seen)

    def chance_actions(self) -> list[tuple[int, float]]:
        """``chance_outcomes`` as pyspiel's ``State.chance_outcomes`` gives them: each draw's
        action with its probability as a float, sorted by action."""
        weights, total = chance_weights(self.state, self._seen)
        action = self._tokens.action
        return sorted((action[item], w / total) for item, w in weights)

    def returns(self, kind: Literal["win", "margin"] = "win") -> list[float]:
        """What each seat gets, a list by seat. ``kind="win"`` (the default) is the **win
        share**: once the game is finished (F.4) each winner after both tie-breaks (G) gets
        ``1 / len(winners)`` and everyone else 0; before the end, and for a game stopped
        unfinished at the turn limit (I.10, I.55: no winner), every seat gets 0.
        ``kind="margin"`` is the **points margin**: each seat's total (G.1–G.4) less the
        best total of the others, at any moment. Raises ``ValueError`` for another
        ``kind``."""
        if kind not in ("win", "margin"):
            raise ValueError(f"returns: kind is 'win' or 'margin', not {kind!r}")
        win, margin, _ = outcome(self.state)
        return margin if kind == "margin" else win

    # -- a player's view ----------------------------------------------------------------
    def observation(self, player: str | int) -> Observation:
        """What ``player`` (a colour or a seat) may know of the table now, and of the
        events seen (``rules.view``). Raises ``KeyError`` for a player not seated."""
        public = self._public
        if public is None:
            public = self._public = public_view(self.state, self._seen)
        return observe_at(self.state, player, public)

    def information_state(self, player: str | int) -> Observation:
        """What ``player`` may know with perfect recall of the public history since the
        start (every step is public, I.27): a screen's crops spent in the open reveal what
        it started with, an event seen and returned is surely in the bag. Replays the
        history. Raises ``KeyError`` for a player not seated."""
        return recalled(replayed(self._start, self._steps), player)[-1]

    def resample(self, player: str | int, rng: random.Random) -> Game:
        """A game ``player`` cannot tell from this one: the same history and picks from a
        start drawn consistently with ``information_state(player)`` (the others' hidden
        crops by the deal's odds, the events removed unseen), through ``rng`` only. In the
        middle of another player's step, a start where that step's picks so far are not
        legal is drawn again (so the draw is conditioned on them, as it should be); after
        ``RESAMPLE_TRIES`` such starts it raises ``ValueError``."""
        view = self.information_state(player)
        for _ in range(RESAMPLE_TRIES):
            start = sample_start(view, self._start, rng)
            other = Game.__new__(Game)
            other._start = start
            other.state = start.copy()
            advance_steps(other.state, self._steps)
            other._steps = list(self._steps)
            other._log = []
            other._picks = ()
            other._listing = other._left = other._listed = other._public = None
            other._seen = self._seen
            other._tokens = self._tokens
            try:
                for action in self._picks:
                    other.apply_action(action)
            except IllegalStep:
                continue
            return other
        raise ValueError(f"resample: no start of {RESAMPLE_TRIES} drawn allows the picks "
                         f"{self.picks()!r}")

    # -- serialization --------------------------------------------------------------------
    def serialize(self) -> str:
        """The history as text: the action numbers since the start, separated by spaces
        (OpenSpiel's way: a state is a function of its history)."""
        return " ".join(map(str, self.history()))

    @classmethod
    def deserialize(cls, start: State, text: str) -> Game:
        """The game ``serialize`` wrote, from ``start`` (the state it started from): each
        step read from its actions and pushed, checked, then the picks of a step being
        chosen applied, checked. Nothing in ``text`` is run. Raises ``ValueError`` for text
        that is not action numbers or spells no step (saying which action), and the
        ``IllegalStep`` of a step or pick not legal where it comes."""
        if len(text) > MAX_SERIALIZED:
            raise ValueError(f"a serialized game is at most {MAX_SERIALIZED} characters, "
                             f"not {len(text)}")
        actions: list[int] = []
        for i, word in enumerate(text.split()):
            if not (word.isascii() and word.isdigit()) or int(word) >= NUM_ACTIONS:
                raise ValueError(f"a serialized game is action numbers (0 to "
                                 f"{NUM_ACTIONS - 1}) separated by spaces: word {i + 1} is "
                                 f"{word[:40]!r}")
            actions.append(int(word))
        game = cls(start)
        at = 0
        while at < len(actions):
            try:
                step, after = game._tokens.read(actions, at, game.state.pending.player)
            except ValueError as exc:
                raise ValueError(f"a serialized game, action {at + 1}: {exc}") from None
            if step is None:  # the picks of a step being chosen
                break
            game.push(step)
            at = after
        for action in actions[at:]:
            game.apply_action(action)
        return game

    def root(self) -> Game:
        """The game at its start (python-chess's ``root``)."""
        return Game(self._start)

    # -- the machinery ----------------------------------------------------------------------
    def _shown(self) -> dict[int, list[Section]]:
        """The engine's listing by first pick (its kind's, or a draw's item), each as the
        sections that list its steps: all a first pick needs. A frame whose sections are
        each of one kind (``Frame.sections_by_kind``: the turn) is read from its sections'
        counts and one step of each, the steps of a kind built when it is picked."""
        listed = self._listed
        if listed is None:
            listed = self._listed = {}
            state = self.state
            if state.result is None:
                first = self._tokens.first
                sections = sections_by_kind(state)
                if sections is not None:
                    for n, nth in sections:
                        if n:
                            step = nth(0)
                            if type(step) is Offer:  # by tile, then by bid: of each tile
                                n, nth = _first_bids(n, nth, len(state.registry))
                            listed.setdefault(first(step), []).append((n, nth))
                else:
                    by_first: dict[int, list[Step]] = {}
                    for step in representative_steps(state):
                        by_first.setdefault(first(step), []).append(step)
                    for pick, steps in by_first.items():
                        listed[pick] = [(len(steps), steps.__getitem__)]
        return listed

    def _spelt(self, first: int | None) -> tuple[Candidate, ...]:
        """The steps of the engine's listing whose first pick is ``first`` (all of them for
        None), each once, spelt; of the steps of one skeleton (``skeleton_of``: an offer's
        other bids of the same tile) the first alone, which stands for all their variants
        (``_narrow`` widens it)."""
        listed = self._shown()
        sections = [s for pick in listed for s in listed[pick]] if first is None else \
            listed.get(first, [])
        spell = self._tokens.spell_shared
        out: list[Candidate] = []
        seen: set[Step] = set()  # the steps and skeletons met
        for n, nth in sections:
            for i in range(n):
                step = nth(i)
                skeleton = skeleton_of(step)
                key = step if skeleton is None else skeleton
                if key not in seen:
                    seen.add(key)
                    out.append((step, *spell(step)))
        return tuple(out)

    def _candidates(self) -> tuple[Candidate, ...]:
        """The legal steps the picks made so far begin: from the engine's listing, each of
        its steps widened into its variants where the picks reach past what they share."""
        left = self._left
        if left is None:
            picks = self._picks
            # with no pick made none is widened yet: each shares its kind at least
            left = self._narrow(self._spelt(picks[0])) if picks else self._spelt(None)
            self._left = left
        return left

    def _narrow(self, candidates: tuple[Candidate, ...]) -> tuple[Candidate, ...]:
        """Those of ``candidates`` that the picks made so far begin, each that the picks
        reach past what it shares replaced by its variants (``choices.widen``: once per
        skeleton), each step once."""
        picks = self._picks
        n = len(picks)
        out: dict[Step, Candidate] = {}
        widened: set[Step] = set()
        tried: set[Step] = set()
        known: set[Step] | None = None  # the candidates' steps: legal, not checked again
        spell = self._tokens.spell
        for candidate in candidates:
            step, spelt, shared = candidate
            if n < shared or shared == len(spelt):
                if spelt[:n] == picks and step not in out:
                    out[step] = candidate
                continue
            skeleton = skeleton_of(step)
            if spelt[:shared] != picks[:shared] or skeleton is None or skeleton in widened:
                continue
            widened.add(skeleton)
            if type(step) is Offer or type(step) is Grant:  # a pick at a time
                for branch in branches(self.state, step, picks, self._tokens):
                    if branch[0] not in out and branch[1][:n] == picks:
                        out[branch[0]] = branch
                continue
            if known is None:
                known = {c[0] for c in candidates}
            for other in widen(self.state, step, known, tried):
                if other not in out:
                    spelt = spell(other)
                    if spelt[:n] == picks:
                        out[other] = (other, spelt, len(spelt))
        return tuple(out.values())

    def _relog(self) -> None:
        """Make the undo entries of every step, replaying from the start (a game read back,
        resampled or cloned keeps none): the replayed state becomes this game's (the same
        position, as the engine is exact), so that the entries name its containers."""
        state = self._start.copy()
        seen = _on_table(state)
        log: list[Undo] = []
        for step in self._steps:
            undo = state.begin()
            try:
                advance(state, step)
            finally:
                state.end()
            undo.seen = seen
            log.append(undo)
            if type(step) is Draw and is_event(step.item):
                seen = seen | {step.item}
        self.state.adopt(state)
        self._log = log


def _first_bids(n: int, nth: Callable[[int], Step], tiles: int) -> Section:
    """Of a section of ``n`` offers listed by tile (``tiles`` of them), then by bid
    (``Frame.sections_by_kind``), the first of each tile: its skeleton stands for the
    tile's other bids (``Game._spelt`` would keep it alone)."""
    per_tile = n // tiles
    return tiles, lambda k: nth(k * per_tile)


def _on_table(state: State) -> frozenset[str]:
    """The events the table shows: on the track, set aside, spent."""
    return frozenset((*state.track, *state.set_aside, *state.spent))


def outcome(state: State) -> tuple[list[float], list[float], list[int]]:
    """Both kinds of ``Game.returns`` and each seat's total, from one scoring: ``(win
    share, points margin, totals)``, lists by seat."""
    result = score(state)
    totals = [ps.total for ps in result.players]
    margin = [float(t - max(totals[:i] + totals[i + 1:], default=0))
              for i, t in enumerate(totals)]
    if state.result != Result.FINISHED or not result.winners:
        return [0.0] * len(state.players), margin, totals
    share = 1.0 / len(result.winners)
    win = [share if ps.player in result.winners else 0.0 for ps in result.players]
    return win, margin, totals


def chance_outcomes(state: State, seen: frozenset[str] | set[str] = frozenset()
                    ) -> list[tuple[Draw, Fraction]]:
    """Every draw the bag may yield now, with its exact probability (RULES.md F.1, E.2,
    B.8), sorted by item; the probabilities sum to 1. An empty list when no draw is due.

    The bag (``state.bag``) holds the field tiles and events that may come out; events set
    aside (E.2) are outside it until they return. With 3 or 4 players,
    ``state.hidden_removed`` events were removed at setup unseen (B.8): they are counted in
    ``state.bag`` but never come out, and which ones is unknown, but for this: an event
    ``seen`` before (drawn, then returned to the bag) is not one of them. Each tile really
    in the bag is equally likely: of ``bag_count = len(bag) - h`` (``h`` removed unseen), a
    field tile and a seen event come out with probability ``1 / bag_count``, each of the
    ``U`` never-seen events of the bag with ``(U - h) / U / bag_count``."""
    weights, total = chance_weights(state, seen)
    return [(Draw(item), Fraction(w, total)) for item, w in weights]


def chance_weights(state: State, seen: frozenset[str] | set[str] = frozenset()
                   ) -> tuple[list[tuple[str, int]], int]:
    """The odds of ``chance_outcomes`` as whole numbers: each item the bag may yield now
    (sorted, none of weight 0) with its weight, and their sum (an item's probability is
    its weight over the sum); ``([], 0)`` when no draw is due. Over the common denominator
    ``U * bag_count``, a field tile or a seen event weighs ``U`` and a never-seen event
    ``U - h``; without events removed unseen every item weighs 1."""
    if state.result is not None or state.pending.kind != PendingKind.CHANCE:
        return [], 0
    bag = state.bag
    hidden = state.hidden_removed
    real = len(bag) - hidden
    if real <= 0:
        return [], 0
    if not hidden:  # every event is as a tile
        return [(item, 1) for item in sorted(bag)], real
    unseen = sum(1 for item in bag if is_event(item) and item not in seen)
    event = unseen - hidden
    out = []
    for item in sorted(bag):
        w = event if is_event(item) and item not in seen else unseen
        if w > 0:
            out.append((item, w))
    return out, unseen * real
