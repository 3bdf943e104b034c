"""A player's view: what one player may know of the table (RULES.md I.27), and full states
drawn at random consistently with it (for imperfect-information search).

``observe(state, player)`` gives an ``Observation`` (``Game.observation`` and
``Game.information_state`` are the one object's forms of it):

- everything I.27 makes public: the boards, stores with their bids, the registry, the
  event track, the fallow, the supplies and the town, the stock, the bag's count, what the
  game waits for (``public_state()``: the table without the screens' crops, the bag and
  the removed events; ``formats.positions.observation_data`` writes it as data);
- the player's own screen, exactly;
- every other screen as far as public facts determine it (``Screen``): its count, and how
  many of each crop are surely behind it. Every crop that moves after the deal moves in
  the open (I.27: harvests, bids, payments, C, P, Q, T, Z, E, G and I), so a screen is its
  starting crops plus public gains and losses. Only the starting crops are secret, and the
  stock (open) bounds them: with 2 players the other screen is exact;
- the bag's deducible part: the field tiles surely in it (every field tile seen nowhere),
  the events surely in it (seen, then returned), and the events never seen, which are in
  the bag or among the events removed unseen at setup (B.8: 2 of them with 3 or 4 players).

A state holds the table, not its history, so an observation of a state recalls what the
table shows now, and the events ``seen`` (the ``Game`` remembers them). An observation
``recalled`` from a start and the steps since (``Game.information_state``) has **perfect
recall** of the public history: a player who once spent more of a crop than the history
had given them must have started with the difference, and an event once seen and
returned is in the bag, not among the removed ones. What a history has shown for that is
a small value, ``Recall`` (``Recall.start``, then ``after`` each state): a holder of the
history that keeps it can observe with recall without going through the history again
(``observe_recalled``); ``recalled`` goes through it.

``sample_state(observation, rng)`` draws a full ``State`` consistent with the observation;
``sample_start(observation, rng)`` (for a recalled one) the start the history began from
(``Game.resample`` replays the history from it). Both draw the unknowns, through ``rng``
only:

- the other players' unseen crops, with the probability the setup's deal gives them
  (B.6: the counters are dealt at random, so a split of the unseen counters is weighted by
  how many deals of the physical counters give it), among the splits the history allows;
- which of the never-seen events were removed at setup: every set of the right size
  equally likely (a draw from the bag is equally likely whatever the removed events are);
- the bag holds no order in the engine (each draw is a chance step), only its contents,
  which follow from the two choices above.

The players' choices are not modelled: a split is weighted by the deal, not by how likely
the players were to play as they did holding it.

``Observation.tensor()`` encodes an observation as a fixed-length list of floats (fixed
for a player count and a board); ``tensor_layout(players, board)`` names its parts.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from math import factorial
from typing import TYPE_CHECKING, Any, Final

from ..model.board import Board
from ..model.catalogue import (
    COUNTERS_PER_CROP,
    CROPS,
    EVENT_LETTERS,
    FARMHANDS,
    STORE_SIZE,
    TOWNSFOLK,
    TRACK_SIZE,
    WORKERS,
)
from ..model.setup import REMOVED_EVENTS
from ..model.state import PendingKind, PlayerState, State
from ..model.steps import Step
from .crops import names
from .stepping import advance

if TYPE_CHECKING:
    from .scoring import Score

#: What a player's view says of its points.
BOARD_POINTS = ("points on the boards (G.1-G.3); the crop majorities (G.4) are behind "
                "the screens")


# ``Screen`` and ``Observation`` are read-only values: their fields are ``Final`` (mypy
# refuses an assignment; so does the compiled build, at run time), and each writes its
# ``__init__`` (``init=False``), as the table's classes do (model/state.py): compiled by
# mypyc (hatch_build.py), a written one is native, where the one ``dataclass`` makes is
# interpreted and several times slower (a frozen one slower still), and every
# observation makes one of each per seat.
@dataclass(init=False, unsafe_hash=True, slots=True)
class Screen:
    """What the observer may know of one screen (I.27). ``total`` counters, of which
    ``known[c]`` of crop ``c`` (in ``CROPS`` order) are surely there; ``total -
    sum(known)`` are unknown. The observer's own screen is ``exact``.

    ``held`` (surely there by the history alone), ``revealed`` (the starting crops the
    history shows) and ``free`` (counters not fixed by the history) are what
    ``sample_state`` draws from; ``known`` adds what the pool of unseen counters forces."""

    player: Final[str]
    total: Final[int]
    known: Final[tuple[int, ...]]
    exact: Final[bool]
    held: Final[tuple[int, ...]]
    revealed: Final[tuple[int, ...]]
    free: Final[int]

    def __init__(self, player: str, total: int, known: tuple[int, ...], exact: bool,
                 held: tuple[int, ...], revealed: tuple[int, ...], free: int) -> None:
        self.player = player
        self.total = total
        self.known = known
        self.exact = exact
        self.held = held
        self.revealed = revealed
        self.free = free

    @property
    def unknown(self) -> int:
        return self.total - sum(self.known)

    def describe(self) -> str:
        """Such as ``"3 crops: 1 hops known, 2 unknown"`` (``"2 crops: 1 hops, 1 wheat"``
        when exact)."""
        counts = ", ".join(f"{k} {c}" for c, k in zip(CROPS, self.known) if k)
        head = f"{self.total} crop{'' if self.total == 1 else 's'}"
        if self.exact or not self.unknown:
            return f"{head}: {counts}" if counts else f"{head}"
        known = f"{counts} known, " if counts else ""
        return f"{head}: {known}{self.unknown} unknown"

    def to_data(self) -> dict[str, Any]:
        return {"player": self.player, "total": self.total,
                "known": dict(zip(CROPS, self.known)), "unknown": self.unknown,
                "exact": self.exact}


@dataclass(init=False, eq=False, slots=True)
class Observation:
    """What ``player`` may know (see the module's docstring). Two observations are equal
    when everything they hold is."""

    player: Final[str]
    players: Final[tuple[str, ...]]
    recall: Final[bool]  # recalled from a start and the steps since: perfect recall
    steps: Final[int | None]  # with recall, how many steps the history has
    screens: Final[tuple[Screen, ...]]  # by seat
    unseen_crops: Final[tuple[int, ...]]  # the counters behind other screens nobody has seen
    bag_count: Final[int]
    bag_tiles: Final[tuple[str, ...]]  # field tiles surely in the bag
    bag_events: Final[tuple[str, ...]]  # events surely in the bag (seen, returned)
    unseen_events: Final[tuple[str, ...]]  # never seen: in the bag or removed at setup
    removed_count: Final[int]  # how many of ``unseen_events`` were removed at setup (B.8)
    start: Final[tuple[int, ...] | None]  # with recall: the player's own starting crops
    #: the table, every screen emptied, no bag, no removed events (private: ``public_table``)
    _table_state: State = field(repr=False)

    def __init__(self, player: str, players: tuple[str, ...], recall: bool,
                 steps: int | None, screens: tuple[Screen, ...],
                 unseen_crops: tuple[int, ...], bag_count: int, bag_tiles: tuple[str, ...],
                 bag_events: tuple[str, ...], unseen_events: tuple[str, ...],
                 removed_count: int, start: tuple[int, ...] | None,
                 _table_state: State) -> None:
        self.player = player
        self.players = players
        self.recall = recall
        self.steps = steps
        self.screens = screens
        self.unseen_crops = unseen_crops
        self.bag_count = bag_count
        self.bag_tiles = bag_tiles
        self.bag_events = bag_events
        self.unseen_events = unseen_events
        self.removed_count = removed_count
        self.start = start
        self._table_state = _table_state

    # -- equality -------------------------------------------------------------------------
    def _key(self) -> tuple[Any, ...]:
        return (self.player, self.players, self.recall, self.steps, self.screens,
                self.unseen_crops, self.bag_count, self.bag_tiles, self.bag_events,
                self.unseen_events, self.removed_count, self.start,
                table_key(self._table_state))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Observation):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def screen(self, player: str) -> Screen:
        return self.screens[self.players.index(player)]

    def describe(self) -> list[str]:
        """One line per screen, as the command line writes it."""
        return [f"{s.player}: {s.describe()}" for s in self.screens]

    def start_crops(self) -> list[str] | None:
        """With recall, the player's own starting crops by name (else None)."""
        return None if self.start is None else list(names(self.start))

    def public_state(self) -> State:
        """The table as the player sees it, as a ``State``: the bag holds what it surely
        holds and every never-seen event, ``hidden_removed`` of them removed unseen (the
        engine's own form for removed events nobody knows); the other screens are empty
        (``screens`` says what is known of them). For drawing and scoring the boards, not
        for play: ``sample_state`` gives a full state."""
        state = self._own_table()
        state.bag = set(self.bag_tiles) | set(self.bag_events) | set(self.unseen_events)
        state.hidden_removed = self.removed_count
        return state

    def _own_table(self) -> State:
        """A copy of the table every player sees, the player's own screen filled in."""
        state = self._table_state.copy()
        mine = self.players.index(self.player)
        state.players[mine].screen = list(self.screens[mine].held)
        return state

    def public_score(self) -> Score:
        """The points the boards show (workers and holdings, G.1-G.3) as a ``Score`` with
        no winner: the crop majorities (G.4) are behind the screens."""
        from .scoring import PlayerScore, Score, group_lines, worker_lines

        state = self._table_state
        players = tuple(
            PlayerScore(p.colour, tuple(worker_lines(p) + group_lines(state, p)),
                        len(p.tiles), s.total)
            for p, s in zip(state.players, self.screens))
        best = max(ps.total for ps in players)
        return Score(players, (), "", False, (BOARD_POINTS,),
                     tuple(ps.player for ps in players if ps.total == best))

    # -- the tensor ---------------------------------------------------------------------
    def tensor(self) -> list[float]:
        """The observation as ``len(tensor_layout(...))`` floats (see ``tensor_layout``)."""
        return _encode(self)


# -- observing ------------------------------------------------------------------------------------
def observe(state: object, player: object, seen: Iterable[str] = ()) -> Observation:
    """What ``player`` (a colour or a seat) may know of the table ``state`` now, knowing
    besides that the events ``seen`` were seen (those on the table are). Raises
    ``TypeError`` for anything but a ``State`` and ``KeyError`` for a player not seated
    (checked here, not by the parameters' types: the compiled build checks those first,
    in its own words)."""
    if not isinstance(state, State):
        raise TypeError(f"observe needs a State, not {type(state).__name__}")
    return observe_at(state, player, public_view(state, frozenset(seen)))


def observe_at(state: State, player: object, public: PublicView) -> Observation:
    """``observe``, with what every player sees of the position given (``public_view(state,
    seen)``, made once for every observation of one position: ``Game.observation`` keeps
    it until the position changes)."""
    return _observe(state, _colour(public.colours, player), None, public)


class PublicView:
    """What every player sees of one position and knows of its events (``public_view``): the
    table with every screen emptied, no bag and no removed events; the seats' colours and
    how many crops each screen holds; the counters neither the stock nor a store holds (so
    behind some screen); the bag's size, the field tiles surely in it, the events surely in
    it (seen, not on the table) and those never seen. Never changed once made: the
    observations of one position share it, each adding its own player's screen."""

    __slots__ = ("bag_count", "bag_events", "bag_tiles", "colours", "pool", "table", "totals",
                 "unseen_events")

    def __init__(self, table: State, colours: tuple[str, ...], totals: tuple[int, ...],
                 pool: tuple[int, ...], bag_count: int, bag_tiles: tuple[str, ...],
                 bag_events: tuple[str, ...], unseen_events: tuple[str, ...]) -> None:
        self.table = table
        self.colours = colours
        self.totals = totals
        self.pool = pool
        self.bag_count = bag_count
        self.bag_tiles = bag_tiles
        self.bag_events = bag_events
        self.unseen_events = unseen_events


def public_view(state: State, seen: frozenset[str]) -> PublicView:
    """What every player sees of ``state`` and knows of its events, the events ``seen``
    besides those on the table (I.27)."""
    players = state.players
    # the counters behind the screens: all of them minus the stock and the bids (I.27)
    pool = [COUNTERS_PER_CROP - k for k in state.stock]
    for p in players:
        for it in p.store:
            pool = [a - b for a, b in zip(pool, it.bid)]
    # the bag (F.1, I.27): its field tiles follow from where every other tile is
    visible_tiles = set(state.registry)
    visible_tiles.update(state.fallow, state.in_hand)
    for p in players:
        visible_tiles.update(p.tiles)
        visible_tiles.update([it.tile for it in p.store])
    # the board's references are in board order (``Board.order``): no sorting
    bag_tiles = tuple([r for r in state.board.references if r not in visible_tiles])
    visible_events = set(state.track)
    visible_events.update(state.set_aside, state.spent)
    every_seen = visible_events | seen
    return PublicView(public_table(state), tuple([p.colour for p in players]),
                      tuple([sum(p.screen) for p in players]), tuple(pool), state.bag_count,
                      bag_tiles, tuple(sorted(every_seen - visible_events)),
                      tuple([e for e in EVENT_LETTERS if e not in every_seen]))


def public_table(state: State) -> State:
    """The table as every player may see it: a copy of ``state`` with every screen empty,
    no bag and no removed events. Never changed once made (an observation copies it before
    it fills anything in), so the observations of one position may share it."""
    table = state.copy()
    for p in table.players:
        p.screen = [0] * len(CROPS)
    table.bag = set()
    table.removed = []
    table.hidden_removed = 0
    return table


def table_key(state: State) -> tuple[Any, ...]:
    """What two tables must share to be the same table (``Observation``'s equality): every
    field of the state but its history's counters for refusals."""
    return (
        tuple((p.colour, tuple(sorted(p.tiles.items())), tuple(sorted(p.workers.items())),
               tuple(sorted(p.supply)), tuple((it.tile, tuple(it.bid)) for it in p.store),
               tuple(p.screen)) for p in state.players),
        tuple(state.stock), tuple(state.registry), tuple(sorted(state.bag)),
        (state.turn.player, state.turn.number, state.turn.used, state.turn.count),
        tuple(sorted(state.town)), tuple(state.track), tuple(state.fallow),
        tuple(state.removed), state.hidden_removed, tuple(state.set_aside),
        tuple(state.spent), tuple(state.in_hand), state.end_countdown, state.end_trigger,
        state.max_turns, state.result, state.pending, state.steps, state.board.references,
        tuple(repr(f) for f in state.stack))


def _colour(colours: Sequence[str], player: object) -> str:
    """The colour of ``player``, a colour or a seat; ``KeyError`` for anything else."""
    if isinstance(player, int):
        if not 0 <= player < len(colours):
            raise KeyError(player)
        return colours[player]
    if isinstance(player, str) and player in colours:
        return player
    raise KeyError(player)


@dataclass
class _History:
    """What a public history tells (per seat): the starting crops it reveals, the events
    ever seen, the observer's own start."""

    revealed: list[list[int]]
    moves: list[list[int]]  # each screen now minus its start: the public net moves
    seen: frozenset[str]
    start: list[int]
    starts: list[list[int]]  # every screen at the start (the secret part is not shown)
    steps: int


def recalled(states: Iterable[State], player: object, every: bool = False,
             seen: Iterable[str] = ()) -> list[Observation]:
    """What ``player`` may know with perfect recall of a public history, given as the
    states it went through (the first its start: a new game's, or any state whose screens
    count as the start's secret; one state object changed in place between items will
    do): at the end only, or (``every``) at each state. ``seen``: events seen before the
    start."""
    out: list[Observation] = []
    recall: Recall | None = None
    last: State | None = None
    at = -1
    for at, state in enumerate(states):
        recall = Recall.start(state, seen) if recall is None else recall.after(state)
        if every:
            out.append(observe_recalled(state, player, recall, at))
        last = state
    if last is None or recall is None:
        raise ValueError("a history has at least its start")
    if not every:
        out.append(observe_recalled(last, player, recall, at))
    return out


@dataclass(init=False, eq=False, slots=True)
class Recall:
    """What a public history has shown, for perfect recall (``recalled``): every screen at
    the start, the lowest count of each crop each screen has shown since (a player who
    once held fewer of a crop than the history had given them must have started without
    the difference: the starting crops it reveals), and the events seen on the table. A
    value, made by ``start`` and then ``after`` each state: ``after`` gives the same
    object back when the state shows nothing new (most steps), so that a holder of a
    history can keep one beside each step it may undo, as ``Game`` keeps the events seen,
    and observe with recall without replaying (``observe_recalled``)."""

    starts: Final[tuple[tuple[int, ...], ...]]  # every screen at the start, by seat
    lowest: Final[tuple[tuple[int, ...], ...]]  # the lowest count of each crop, by seat
    known: Final[frozenset[str]]  # the events seen on the table (or before the start)

    def __init__(self, starts: tuple[tuple[int, ...], ...],
                 lowest: tuple[tuple[int, ...], ...], known: frozenset[str]) -> None:
        self.starts = starts
        self.lowest = lowest
        self.known = known

    @staticmethod
    def start(state: State, seen: Iterable[str] = ()) -> Recall:
        """The recall of a history at its start ``state``, the events ``seen`` seen
        before it."""
        starts = tuple([tuple(p.screen) for p in state.players])
        return Recall(starts, starts, _on_table(state, frozenset(seen)))

    def after(self, state: State) -> Recall:
        """The recall once the history has also gone through ``state`` (``self`` when
        ``state`` shows nothing new)."""
        players = state.players
        lowest = self.lowest
        if _below(players, lowest):
            lowest = tuple([tuple([min(k, lo) for k, lo in zip(p.screen, low)])
                            for p, low in zip(players, lowest)])
        known = _on_table(state, self.known)
        if lowest is self.lowest and known is self.known:
            return self
        return Recall(self.starts, lowest, known)


def _below(players: list[PlayerState], lowest: tuple[tuple[int, ...], ...]) -> bool:
    """Whether a screen holds fewer of a crop than ``lowest`` says (a loop: it runs after
    every step of a game that keeps its recall)."""
    for p, low in zip(players, lowest):
        for k, lo in zip(p.screen, low):
            if k < lo:
                return True
    return False


def _on_table(state: State, seen: frozenset[str]) -> frozenset[str]:
    """``seen`` and the events the table shows (on the track, set aside, spent): ``seen``
    itself when it holds them all."""
    if seen.issuperset(state.track) and seen.issuperset(state.set_aside) and \
            seen.issuperset(state.spent):
        return seen
    return seen.union(state.track, state.set_aside, state.spent)


def observe_recalled(state: State, player: object, recall: Recall,
                     steps: int) -> Observation:
    """What ``player`` may know of ``state``, the end of a public history of ``steps``
    steps whose ``recall`` is given (``Recall``): ``recalled``'s observation, without
    going through the history again. Raises ``KeyError`` for a player not seated."""
    me = _colour(state.colours, player)
    starts = recall.starts
    revealed = [[st - lo for st, lo in zip(first, low)]
                for first, low in zip(starts, recall.lowest)]
    moves = [[k - st for k, st in zip(p.screen, first)]
             for p, first in zip(state.players, starts)]
    history = _History(revealed, moves, recall.known, list(starts[state.colours.index(me)]),
                       [list(first) for first in starts], steps)
    return _observe(state, me, history, public_view(state, recall.known))


def replayed(start: State, steps: Iterable[Step]) -> Iterator[State]:
    """The states a history goes through from ``start`` (not changed): ``start``'s copy,
    then the same object after each step (``advance``: raises the ``IllegalStep`` of a
    step that does not apply)."""
    state = start.copy()
    yield state
    for step in steps:
        advance(state, step)
        yield state


def _observe(state: State, me: str, history: _History | None,
             public: PublicView) -> Observation:
    players = state.players
    colours = public.colours
    mine = colours.index(me)
    mine_screen = players[mine].screen
    # the counters behind the other screens: those behind any screen minus mine (I.27)
    pool = [k - m for k, m in zip(public.pool, mine_screen)]
    # what each other screen surely holds (held), the starting crops the history reveals
    # (revealed) and the counters not fixed by the history (free)
    held: list[tuple[int, ...]] = []
    revealed: list[tuple[int, ...]] = []
    free: list[int] = []
    totals = public.totals
    for i in range(len(players)):
        if i == mine:
            held.append(tuple(mine_screen))
            revealed.append(_ZEROS)
            free.append(0)
        elif history is None:  # no history: only the count is public
            held.append(_ZEROS)
            revealed.append(_ZEROS)
            free.append(totals[i])
        else:  # a screen is its start plus public moves: held = revealed + moves
            r = tuple(history.revealed[i])
            h = tuple([rv + mv for rv, mv in zip(r, history.moves[i])])
            held.append(h)
            revealed.append(r)
            free.append(sum(history.starts[i]) - sum(r))
            pool = [a - b for a, b in zip(pool, h)]
    unseen = tuple(pool)
    size = sum(unseen)
    most = max(unseen)
    screens: list[Screen] = []
    for i, colour in enumerate(colours):
        if i == mine:
            screens.append(Screen(colour, totals[i], held[i], True, held[i], _ZEROS, 0))
            continue
        # the pool forces a crop behind this screen when the other screens cannot hold all
        # of it: ``free - (size - unseen[c])`` of them (mostly none: then ``known = held``)
        slack = free[i] - size
        known = held[i]
        if slack + most > 0:
            known = tuple([h + max(0, slack + u) for h, u in zip(known, unseen)])
        screens.append(Screen(colour, totals[i], known, sum(known) == totals[i], held[i],
                              revealed[i], free[i]))
    return Observation(
        me, colours, history is not None, None if history is None else history.steps,
        tuple(screens), unseen, public.bag_count, public.bag_tiles, public.bag_events,
        public.unseen_events, REMOVED_EVENTS[len(colours)],
        None if history is None else tuple(history.start), public.table)


#: No crops, per crop.
_ZEROS = (0,) * len(CROPS)


# -- sampling -------------------------------------------------------------------------------------
def splits(observation: Observation) -> Iterator[tuple[tuple[tuple[int, ...], ...], int]]:
    """Every way the unseen counters (``unseen_crops``) may lie behind the other screens,
    with its weight: (the unseen counts of each other screen, in seat order from the
    observer's left; how many deals of the physical counters give it). A screen with
    ``free`` unseen counters and ``revealed`` starting crops holds ``revealed`` plus its
    part; the weight is the product over the screens of ``hand! / prod(counts!)``, the
    number of orders its starting counters can come in (B.6 deals them at random)."""
    seats = _others(observation)
    yield from _splits(list(observation.unseen_crops), seats, ())


def _others(o: Observation) -> list[Screen]:
    mine = o.players.index(o.player)
    n = len(o.players)
    return [o.screens[(mine + k) % n] for k in range(1, n)]


def _splits(rest: list[int], seats: list[Screen], done: tuple[tuple[int, ...], ...]
            ) -> Iterator[tuple[tuple[tuple[int, ...], ...], int]]:
    if not seats:
        if not any(rest):
            yield done, 1
        return
    screen, later = seats[0], seats[1:]
    for part in _parts(rest, screen.free, 0):
        hand = [r + k for r, k in zip(screen.revealed, part)]
        weight = factorial(sum(hand))
        for k in hand:
            weight //= factorial(k)
        left = [a - b for a, b in zip(rest, part)]
        for tail, w in _splits(left, later, (*done, part)):
            yield tail, weight * w


def _parts(rest: list[int], size: int, c: int) -> Iterator[tuple[int, ...]]:
    """Every sub-multiset of ``rest[c:]`` (counts per crop) with ``size`` counters."""
    if c == len(rest):
        if size == 0:
            yield ()
        return
    if sum(rest[c:]) < size:
        return
    for k in range(min(rest[c], size), -1, -1):
        for tail in _parts(rest, size - k, c + 1):
            yield (k, *tail)


def _draw_split(o: Observation, rng: random.Random) -> list[tuple[int, ...]]:
    """The unseen counts of each other screen (seat order from the observer's left),
    drawn with the weights of ``splits``."""
    seats = _others(o)
    if not any(any(s.revealed) for s in seats):
        # nothing revealed: the weights are those of dealing the counters at random
        counters = [c for c, k in enumerate(o.unseen_crops) for _ in range(k)]
        rng.shuffle(counters)
        out, at = [], 0
        for s in seats:
            part = [0] * len(CROPS)
            for c in counters[at:at + s.free]:
                part[c] += 1
            at += s.free
            out.append(tuple(part))
        return out
    options = list(splits(o))
    pick = rng.randrange(sum(w for _, w in options))
    for parts, w in options:
        if pick < w:
            return list(parts)
        pick -= w
    raise AssertionError("unreachable: the pick is below the total weight")


def _draw_removed(o: Observation, rng: random.Random) -> list[str]:
    """The events removed at setup: any ``removed_count`` of the never-seen ones, equally
    likely."""
    return sorted(rng.sample(o.unseen_events, o.removed_count))


def _deal_others(o: Observation, state: State, rng: random.Random, start: bool) -> None:
    """Give the other screens of ``state`` the unseen counters split by ``_draw_split``,
    on top of what each surely holds now (``held``) or, for a ``start``, held at the start
    (``revealed``)."""
    mine = o.players.index(o.player)
    n = len(o.players)
    for k, part in enumerate(_draw_split(o, rng), start=1):
        screen = o.screens[(mine + k) % n]
        base = screen.revealed if start else screen.held
        state.players[(mine + k) % n].screen = [b + e for b, e in zip(base, part)]


def sample_state(observation: Observation, rng: random.Random) -> State:
    """A full state consistent with ``observation``, the unknowns drawn with ``rng`` (see
    the module's docstring): ``observe(sample_state(o, rng), o.player)`` equals ``o`` for
    an observation of a state; for one with recall, ``sample_start`` gives the start."""
    o = observation
    state = o._own_table()
    _deal_others(o, state, rng, start=False)
    removed = _draw_removed(o, rng)
    state.removed = removed
    state.hidden_removed = 0
    bag = set(o.bag_tiles)
    bag.update(o.bag_events)
    bag.update([e for e in o.unseen_events if e not in removed])
    state.bag = bag
    return state


def sample_start(observation: Observation, start: State, rng: random.Random) -> State:
    """For an observation ``recalled`` from ``start``: a start drawn consistently with it
    (the others' starting crops, the removed events), from which the same steps replay to
    a state the observer cannot tell from the real one. Raises ``ValueError`` for an
    observation without recall."""
    o = observation
    if not o.recall or o.start is None:
        raise ValueError("sample_start needs an observation with recall "
                         "(Game.information_state)")
    new = start.copy()
    _deal_others(o, new, rng, start=True)
    # the events removed at setup (B.8) are any of the never-seen ones: the others, and
    # those the start names as removed, are in the bag
    removed = _draw_removed(o, rng)
    new.removed = removed
    new.hidden_removed = 0
    new.bag = (set(start.bag) | set(start.removed)) - set(removed)
    return new


# -- the tensor -----------------------------------------------------------------------------------
_WORKERS = tuple(WORKERS)  # A-L
_ACTIONS = "abcd"
_KINDS = tuple(PendingKind)


def tensor_layout(players: int, board: Board) -> list[tuple[str, int]]:
    """The parts of ``Observation.tensor()`` in order, as (name, length); the tensor's
    length is the sum. Seats are counted from the observer (``seat0``), clockwise; spaces
    in ``board.references`` order; crops in ``CROPS`` order; workers A-L; events M-Z. A
    count is the count itself (not scaled); a flag is 0 or 1; one-hot parts are all 0 when
    nothing applies (no player pending at a chance draw)."""
    n_spaces = len(board.references)
    n_events = len(EVENT_LETTERS)
    n_crops = len(CROPS)
    out: list[tuple[str, int]] = []
    for k in range(players):
        seat = f"seat{k}"
        out += [(f"{seat}.tiles", n_spaces), (f"{seat}.harvested", n_spaces),
                (f"{seat}.workers", n_spaces * len(_WORKERS)),  # space * 12 + worker
                (f"{seat}.supply", len(FARMHANDS))]
        for j in range(STORE_SIZE):
            out += [(f"{seat}.store{j}.tile", n_spaces), (f"{seat}.store{j}.bid", n_crops)]
        out += [(f"{seat}.screen.total", 1), (f"{seat}.screen.known", n_crops),
                (f"{seat}.screen.unknown", 1)]
    out += [("stock", n_crops), ("registry", n_spaces), ("fallow", n_spaces),
            ("in_hand", n_spaces), ("bag.tiles", n_spaces), ("bag.count", 1),
            ("bag.events", n_events), ("bag.unseen_events", n_events),
            ("bag.removed_unseen", 1), ("unseen_crops", n_crops),
            ("track", TRACK_SIZE * n_events),  # space * 14 + event
            ("set_aside", n_events), ("spent", n_events), ("town", len(TOWNSFOLK)),
            ("turn.player", players), ("turn.used", len(_ACTIONS)), ("turn.number", 1),
            ("end_countdown", 2),  # [running, turns left]
            ("result", 2),  # [finished, unfinished]
            ("pending.kind", len(_KINDS)), ("pending.player", players),
            ("pending.worker", len(_WORKERS)), ("pending.event", n_events)]
    return out


#: Where each event, worker, farmhand and townsperson is in its part of the tensor (the
#: spaces' places are the board's: ``Board.index``).
_EVENT_AT = {e: i for i, e in enumerate(EVENT_LETTERS)}
_WORKER_AT = {w: i for i, w in enumerate(_WORKERS)}
_FARMHAND_AT = {f: i for i, f in enumerate(FARMHANDS)}
_TOWNSFOLK_AT = {t: i for i, t in enumerate(TOWNSFOLK)}


def _flags(items: Iterable[str], index: Mapping[str, int], size: int) -> list[float]:
    """``size`` flags, those of ``items`` (their places in ``index``) set."""
    v = [0.0] * size
    for it in items:
        v[index[it]] = 1.0
    return v


def _encode(o: Observation) -> list[float]:
    state = o._table_state
    board = state.board
    refs = board.references
    at_ref = board.index
    ev = _EVENT_AT
    n = len(o.players)
    mine = o.players.index(o.player)
    out: list[float] = []
    flags = _flags
    wk = _WORKER_AT
    for k in range(n):
        seat = (mine + k) % n
        p = state.players[seat]
        out += flags(p.tiles, at_ref, len(refs))
        out += flags((r for r, h in p.tiles.items() if h), at_ref, len(refs))
        workers = [0.0] * (len(refs) * len(_WORKERS))
        for space, w in p.workers.items():
            workers[at_ref[space] * len(_WORKERS) + wk[w]] = 1.0
        out += workers
        out += flags(p.supply, _FARMHAND_AT, len(FARMHANDS))
        for j in range(STORE_SIZE):
            if j < len(p.store):
                out += flags((p.store[j].tile,), at_ref, len(refs))
                out += [float(b) for b in p.store[j].bid]
            else:
                out += [0.0] * (len(refs) + len(CROPS))
        s = o.screens[seat]
        out += [float(s.total), *map(float, s.known), float(s.unknown)]
    out += map(float, state.stock)
    out += flags(state.registry, at_ref, len(refs))
    out += flags(state.fallow, at_ref, len(refs))
    out += flags(state.in_hand, at_ref, len(refs))
    out += flags(o.bag_tiles, at_ref, len(refs))
    out.append(float(o.bag_count))
    out += flags(o.bag_events, ev, len(ev))
    out += flags(o.unseen_events, ev, len(ev))
    out.append(float(o.removed_count))
    out += map(float, o.unseen_crops)
    track = [0.0] * (TRACK_SIZE * len(ev))
    for i, e in enumerate(state.track):
        track[i * len(ev) + ev[e]] = 1.0
    out += track
    out += flags(state.set_aside, ev, len(ev))
    out += flags(state.spent, ev, len(ev))
    out += flags(state.town, _TOWNSFOLK_AT, len(TOWNSFOLK))
    seats = [0.0] * n
    seats[(state.turn.player - mine) % n] = 1.0
    out += seats
    out += [1.0 if a in state.turn.used else 0.0 for a in _ACTIONS]
    out.append(float(state.turn.number))
    countdown = state.end_countdown
    out += [0.0, 0.0] if countdown is None else [1.0, float(countdown)]
    out += [1.0 if state.result == "finished" else 0.0,
            1.0 if state.result == "unfinished" else 0.0]
    pend = state.pending
    out += [1.0 if pend.kind == kind else 0.0 for kind in _KINDS]
    who = [0.0] * n
    if pend.player is not None:
        who[(o.players.index(pend.player) - mine) % n] = 1.0
    out += who
    out += flags(() if pend.worker is None else (pend.worker,), wk, len(_WORKERS))
    out += flags(() if pend.event is None else (pend.event,), ev, len(ev))
    return out
