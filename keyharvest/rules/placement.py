"""Placement (RULES.md D.1–D.2): where a worker may go, putting and sending back workers,
placing tiles on a board (a displaced worker is re-placed: ``DisplacedFrame``), taking from
the registry, and the registries of what a placed worker or a drawn event starts
(``ABILITIES``, filled by ``abilities``; ``EFFECTS``, filled by the modules of ``events/``).
They live here, below both the bag and the frames they hold, so that the bag starts an
event without importing the events.

Functions named ``*_error`` return a reason (a string) when something is not allowed and
None when it is; the caller raises ``IllegalStep`` with its own rule id. Functions that
change the state do no checking: call them only after every check has passed.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress, filterfalse

from ..errors import IllegalStep
from ..model.board import Board
from ..model.catalogue import WORKERS
from ..model.state import Pending, PendingKind, PlayerState, State
from ..model.steps import Pass, Pick, Replace, Step, maker
from .engine import (
    COLOUR,
    FLAG,
    WORKER,
    Frame,
    expect,
    mypyc_attr,
    saved,
)
from .memo import PENDING, pass_of, remember, table


# -- workers (D.1) ----------------------------------------------------------------------
def placement_error(state: State, p: PlayerState, letter: str, space: str,
                    moving_from: str | None = None) -> str | None:
    """Why ``letter`` may not be placed on ``space`` of ``p``'s board (D.1), or None.

    ``moving_from`` is the space the worker leaves when it is moved (event X): it no
    longer counts as a neighbouring worker.
    """
    board = state.board
    if space not in board.crops:
        return f"{space} is not a space of the board"
    tiles = p.tiles
    if space in tiles:
        return f"{space} holds a field tile"
    number = WORKERS[letter].number
    under = p.workers.get(space)
    if under is not None and space != moving_from and WORKERS[under].number >= number:
        return (f"{space} holds worker {under} ({WORKERS[under].number}), which is not "
                f"lower than {letter} ({number})")
    # set operations over the neighbours (a hot path: a Python loop cost three times more)
    around = board.neighbour_sets[space]
    fields = len(tiles.keys() & around)
    if fields < number:
        return f"{space} is next to {fields} field tile(s); {letter} needs {number}"
    workers = p.workers
    if workers and not around.isdisjoint(workers):
        for n in board.neighbours[space]:  # the first in board order, for the message
            if n in workers and n != moving_from:
                return f"{space} is next to worker {workers[n]} at {n}"
    return None


_make_replace = maker(Replace)  # a third of the constructor's cost
#: (board, tiles) -> (field tiles touching each space, spaces)
_AROUND: dict[tuple[Board, tuple[str, ...]], tuple[dict[str, int], list[str]]] = table("around")


def around_tiles(board: Board, tiles: tuple[str, ...]) -> tuple[dict[str, int], list[str]]:
    """For a board holding ``tiles`` (in the order placed): how many of them touch each
    space, and the spaces touched that hold no tile, in board order. Remembered; a board
    that differs from a remembered one by its last tile is worked out from it."""
    got = _AROUND.get((board, tiles))
    if got is not None:
        return got
    neighbours = board.neighbours
    before = _AROUND.get((board, tiles[:-1])) if tiles else None
    if before is not None:  # one more tile: its neighbours touch one more tile each
        fields = dict(before[0])
        for n in neighbours[tiles[-1]]:
            fields[n] = fields.get(n, 0) + 1
    else:
        fields = {}
        for t in tiles:
            for n in neighbours[t]:
                fields[n] = fields.get(n, 0) + 1
    # the spaces touched less the tiles, by a set difference in C; the board's order is a
    # total one, so the order of the set does not matter
    order = sorted(fields.keys() - tiles, key=board.index.__getitem__)
    got = (fields, order)
    remember(_AROUND, (board, tiles), got)
    return got


def legal_spaces(state: State, p: PlayerState, letter: str,
                 moving_from: str | None = None) -> list[str]:
    """The spaces where ``letter`` may be placed on ``p``'s board (D.1), in board order:
    the judgement of ``placement_error`` for every space at once, over the spaces next to
    a field tile (remembered by ``around_tiles``). ``moving_from`` as there."""
    board = state.board
    number = WORKERS[letter].number
    fields, order = around_tiles(board, tuple(p.tiles))
    if number > 1:  # next to enough field tiles (each space of ``order`` touches one)
        order = list(compress(order, map(number.__le__, map(fields.__getitem__, order))))
    workers = p.workers
    if not workers:
        return order if number > 1 else list(order)  # a new list: ``order`` is shared
    neighbours = board.neighbours
    taken: set[str] = set()
    for space, worker in workers.items():
        if space != moving_from:
            taken.update(neighbours[space])  # not next to another worker
            if WORKERS[worker].number >= number:  # only a higher worker replaces one
                taken.add(space)
    return list(filterfalse(taken.__contains__, order))  # (filters in C, not a loop)


def send_back(state: State, p: PlayerState, letter: str) -> None:
    """A worker leaves the board: a farmhand to its owner's supply, townsfolk to town.
    (``actions.remove`` inlines it: change them together.)"""
    if WORKERS[letter].townsfolk:
        state.touch(state.town)
        state.town.add(letter)
    else:
        state.touch(p.supply)
        p.supply.add(letter)


def put_worker(state: State, p: PlayerState, letter: str, space: str) -> None:
    """Put ``letter`` on ``space``; a lower worker there goes back, not re-placed (D.1.5).
    (``actions.play`` inlines it, and ``start_ability``: change them together.)"""
    under = p.workers.get(space)
    if under is not None:
        send_back(state, p, under)
    state.touch(p.workers)
    p.workers[space] = letter
    state.touch(p.supply)
    p.supply.discard(letter)
    state.touch(state.town)
    state.town.discard(letter)


def worker_source_error(state: State, p: PlayerState, letter: str) -> str | None:
    """Why ``p`` cannot play ``letter`` from supply or town (C.3, I.30), or None."""
    info = WORKERS.get(letter)
    if info is None:
        return f"unknown worker {letter!r} (workers are A-L)"
    if info.townsfolk:
        if letter not in state.town:
            holder = next((q.colour for q in state.players if letter in q.workers.values()),
                          None)
            where = f"on {holder}'s board" if holder else "not on the town board"
            return f"townsfolk {letter} is {where} (I.30)"
        return None
    if letter not in p.supply:
        return f"farmhand {letter} is not in {p.colour}'s supply"
    return None


# -- field tiles ------------------------------------------------------------------------
def take_from_registry(state: State, step: Step, what: str, paid: str) -> str:
    """The registry tile a ``Pick`` names when the bag yields no field tile (I.16, I.35),
    taken out of the registry with no refill; ``what`` names the choice awaited, ``paid``
    says why no payment may be written."""
    expect(step, (Pick,), "I.35", what)
    assert isinstance(step, Pick)
    if step.pay:
        raise IllegalStep("I.35", paid)
    if step.tile not in state.registry:
        raise IllegalStep("I.35", f"{step.tile} is not in the registry")
    state.touch(state.registry)
    state.registry.remove(step.tile)  # no refill (I.16)
    return step.tile


def place_tile(state: State, p: PlayerState, ref: str) -> None:
    """A field tile lands on ``p``'s board, large icon up (A.3); a worker on its space is
    displaced and may be re-placed at once (D.2, I.11, I.34). (``actions.buy`` inlines it:
    change them together.)"""
    state.touch(p.tiles)
    p.tiles[ref] = False
    state.touch(p.workers)
    letter = p.workers.pop(ref, None)
    if letter is not None:
        from .placement import DisplacedFrame

        state.stack.append(DisplacedFrame(p.colour, letter))


#: letter -> factory(state, player colour, letter, space) -> Frame | None
ABILITIES: dict[str, Callable[[State, str, str, str], Frame | None]] = {}


def start_ability(state: State, colour: str, letter: str, space: str) -> None:
    """``letter`` was just placed on ``space`` of ``colour``'s board: offer its ability."""
    factory = ABILITIES.get(letter)
    if factory is None:
        return
    frame = factory(state, colour, letter, space)
    if frame is not None:
        state.stack.append(frame)


#: event letter -> factory(state, letter, drawer) -> Frame | None (an event with no entry is
#: placed on the track, F.2, and has no effect)
EFFECTS: dict[str, Callable[[State, str, str], Frame | None]] = {}


def start_event(state: State, letter: str, drawer: str) -> None:
    """Start resolving ``letter``, drawn by ``drawer`` and just placed on the track (E.1)."""
    factory = EFFECTS.get(letter)
    if factory is None:
        return
    frame = factory(state, letter, drawer)
    if frame is not None:
        state.stack.append(frame)


def register_events(*frames: type[Frame]) -> None:
    """Make each event frame class (with its ``letter``) the resolver of its event."""
    for frame in frames:
        EFFECTS[frame.letter] = frame.start  # type: ignore[attr-defined]


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class DisplacedFrame(Frame):
    """A worker displaced by a field tile: its owner re-places it (D.1) or passes (D.2)."""

    rule = "D.2"
    fields = saved(player=COLOUR, worker=WORKER, done=FLAG)

    def __init__(self, player: str, worker: str) -> None:
        self.player = player
        self.worker = worker
        self.done = False

    def settle(self, state: State) -> Pending | None:
        if self.done:
            return None
        return PENDING[PendingKind.REPLACE, self.player, self.rule, "", self.worker]

    def apply(self, state: State, step: Step) -> None:
        if not isinstance(step, (Replace, Pass)):
            expect(step, (Replace, Pass), self.rule, f"re-placing worker {self.worker} or pass")
        p = state.players[state.turn.player]  # the owner: most often the current player
        if p.colour != self.player:
            p = state.player(self.player)
        if isinstance(step, Pass):
            send_back(state, p, self.worker)
            self.done = True
            return
        assert isinstance(step, Replace)
        if step.worker != self.worker:
            raise IllegalStep(self.rule, f"the displaced worker is {self.worker}, "
                              f"not {step.worker}")
        why = placement_error(state, p, self.worker, step.space)
        if why:
            raise IllegalStep("D.1", f"cannot re-place {self.worker} at {step.space}: {why}")
        put_worker(state, p, self.worker, step.space)
        self.done = True
        start_ability(state, self.player, self.worker, step.space)

    lists_by_sections = True
    lists_counted = True

    def counted(self, state: State) -> tuple[Step, int, Callable[[int], Step]]:
        """Pass, then each space to re-place the worker on (see ``Frame.lists_counted``,
        ``rules.legal_view``); only the step drawn is built."""
        colour = self.player
        for p in state.players:  # state.player(colour), without the call
            if p.colour == colour:
                break
        else:
            raise KeyError(colour)
        worker = self.worker
        spaces = legal_spaces(state, p, worker)
        return pass_of(colour), len(spaces), lambda i: _make_replace(
            colour, (worker, spaces[i]), None)

    def holds_worker(self) -> tuple[str, str] | None:
        """The (owner, letter) of a worker in limbo, for the invariants of J."""
        return None if self.done else (self.player, self.worker)
