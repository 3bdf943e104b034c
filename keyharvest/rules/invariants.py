"""The invariants of RULES.md J, collected rather than raised (like python-chess's
``Board.status()``): ``check(state)`` lists every one that is broken, so that tests,
``validate`` and the position reader can report them all at once.

Each violation names the keys of a position (TOML, ``formats.positions``) that best explain
it, best first (``Violation.keys``: the store's key for a store that holds too many, the
stock's for crop conservation, the bag's for tile conservation...), so that the position
reader can point at the line; a state owes nothing to a file, and the keys are only names."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import chain, filterfalse

from ..model.board import Board
from ..model.catalogue import (
    EVENT_LETTERS,
    FARMHANDS,
    REGISTRY_SIZE,
    STORE_SIZE,
    TOTAL_COUNTERS,
    TOWNSFOLK,
    TRACK_SIZE,
    WORKERS,
    is_event,
)
from ..model.state import State
from .memo import remember, table

_EVENTS = frozenset(EVENT_LETTERS)
_FARMHANDS = frozenset(FARMHANDS)
_TOWNSFOLK = frozenset(TOWNSFOLK)


_SPACES = table("board spaces")  # board -> its spaces, as a frozenset


def _spaces(board: Board) -> frozenset[str]:
    """The spaces of ``board`` as a frozenset (a subset test against it is a set's)."""
    got = _SPACES.get(board)
    if got is None:
        got = frozenset(board.crops)
        remember(_SPACES, board, got)
    return got


@dataclass(frozen=True, slots=True)
class Violation:
    rule: str
    message: str
    #: The keys of a position that best explain it, best first (``"yellow.store"``,
    #: ``"stock"``); not part of its equality.
    keys: tuple[str, ...] = field(default=(), compare=False)

    def __str__(self) -> str:
        return f"[{self.rule}] {self.message}"


def limbo_workers(state: State) -> list[tuple[str, str]]:
    """Workers held by a frame (displaced, waiting to be re-placed): (owner, letter)."""
    out = []
    for f in state.stack:
        held = getattr(f, "holds_worker", None)
        if held is not None and (w := held()) is not None:
            out.append(w)
    return out


def question_check(state: State) -> list[Violation]:
    """What I.52 says holds whenever the "?" check of F.3 is made: no field tile is in hand
    and no displaced worker waits to be re-placed (the check comes only in an ordinary
    refill while the bag holds a field tile, I.53). ``bag.place_event`` asserts it when it
    makes the check; an empty list is the normal case."""
    out = [Violation("I.52", f"the \"?\" check is made with {ref} in hand")
           for ref in state.in_hand]
    out += [Violation("I.52", f"the \"?\" check is made while {colour}'s displaced worker "
                      f"{letter} waits to be re-placed") for colour, letter in limbo_workers(state)]
    return out


def check(state: State, *, complete: bool = True) -> list[Violation]:
    """Every broken invariant of ``state``, part by part (``PARTS``, in RULES.md J's order:
    crops, field tiles, events, workers, what a board and a store hold, the counts).

    With ``complete=False`` (a hand-written position that leaves out the bag, the
    registry or the removed events) the conservation counts of tiles and events, which
    need those parts, are skipped.

    ``validate`` checks every record's last table, so each part first decides by set
    operations and sums that it holds (the normal case), and only a part that may not
    hold counts item by item for its messages (a ``Counter`` per part and per player was
    most of the check's cost).
    """
    out: list[Violation] = []
    colours = [p.colour for p in state.players]

    def add(rule: str, message: str, *keys: str) -> None:
        out.append(Violation(rule, message, (*keys, *colours, "players")))

    for part in PARTS:
        part(state, complete, add)
    return out


#: How a part of ``check`` reports: ``add(rule, message, *keys)``.
Add = Callable[..., None]


def _crops(state: State, complete: bool, add: Add) -> None:
    """Crop conservation (J): stock, screens and bids hold every counter, none negative."""
    players = state.players
    lists = [state.stock, *[p.screen for p in players],
             *[it.bid for p in players for it in p.store]]
    crops = sum(map(sum, lists))
    if crops != TOTAL_COUNTERS:
        add("J", f"crop conservation: stock, screens and bids hold {crops} counters, "
            f"not {TOTAL_COUNTERS}", "stock", *[f"{p.colour}.crops" for p in players])
    # the distinct counts (a few), then their least: fewer comparisons than a min over all
    if min(set(chain.from_iterable(lists)), default=0) < 0:  # which ones, in order
        for name, key, counts in [("stock", "stock", state.stock)] + [
                (f"{p.colour}'s screen", f"{p.colour}.crops", p.screen) for p in players] + [
                (f"{p.colour}'s bid on {it.tile}", f"{p.colour}.store", it.bid)
                for p in players for it in p.store]:
            if any(k < 0 for k in counts):
                add("J", f"{name} holds a negative number of counters", key)


def _bag_split(state: State) -> tuple[frozenset[str] | set[str], bool]:
    """The bag's field tiles, and whether the bag splits plainly into tiles of the board
    and events (no other word in it): then the set tests of the tiles and the events hold
    for the bag. (A board read from a file names no space by letters alone, but a Board may
    be made.)"""
    bag_tiles = state.bag.difference(_EVENTS)
    return bag_tiles, not any(map(is_event, bag_tiles))


def _tiles(state: State, complete: bool, add: Add) -> None:
    """Field tiles (J, A.3): each in one place, on the board, all of them (``complete``)."""
    board = state.board
    placed = [*state.registry, *state.fallow, *state.in_hand]
    for p in state.players:
        placed += p.tiles
        placed += [it.tile for it in p.store]
    bag_tiles, split = _bag_split(state)
    tiles = bag_tiles.union(placed)
    if (split and tiles <= _spaces(board) and len(tiles) == len(placed) + len(bag_tiles)
            and (not complete or len(tiles) == len(board.order))):
        return
    places: Counter[str] = Counter(placed)
    places.update(filterfalse(is_event, state.bag))
    for ref, k in places.items():
        if ref not in board.crops:
            add("A.3", f"{ref} is not a tile of the board", *_tile_keys(state, ref))
        elif k > 1:  # the place after its first explains it best
            add("J", f"field tile {ref} is in {k} places at once",
                *_tile_keys(state, ref)[1:], *_tile_keys(state, ref)[:1])
    if complete and sum(places.values()) != len(board.references):
        add("J", f"field-tile conservation: {sum(places.values())} tiles accounted for, "
            f"not {len(board.references)}", "bag", "registry")


def _events(state: State, complete: bool, add: Add) -> None:
    """Events (J, A.6): each in one place, all of them (``complete``)."""
    seen = [*state.track, *state.removed, *state.set_aside, *state.spent]
    bag_events = state.bag.intersection(_EVENTS)  # the bag's events, when it splits
    events = bag_events.union(seen)
    if (_bag_split(state)[1] and events <= _EVENTS
            and len(events) == len(seen) + len(bag_events)
            and (not complete or len(events) == len(EVENT_LETTERS))):
        return
    counted: Counter[str] = Counter(seen)
    counted.update(filter(is_event, state.bag))
    for e, k in counted.items():
        if e not in EVENT_LETTERS:
            add("A.6", f"{e} is not an event", *_event_keys(state, e))
        elif k > 1:
            add("J", f"event {e} is in {k} places at once", *_event_keys(state, e)[1:],
                *_event_keys(state, e)[:1])
    if complete and sum(counted.values()) != len(EVENT_LETTERS):
        add("J", f"event conservation: {sum(counted.values())} events accounted for, "
            f"not {len(EVENT_LETTERS)}", "bag", "track", "removed")


def _workers(state: State, complete: bool, add: Add) -> None:
    """Workers (J): each farmhand of each player and each of the townsfolk in one place."""
    limbo = limbo_workers(state)
    townsfolk = [w for (_, w) in limbo if w in _TOWNSFOLK]
    for p in state.players:
        own = [w for w in p.workers.values() if w in _FARMHANDS]
        held = [w for (c, w) in limbo if c == p.colour and w in _FARMHANDS] if limbo else []
        supply = p.supply
        if not (len(own) + len(held) + len(supply) == len(FARMHANDS)
                and supply.union(own, held) == _FARMHANDS):
            mine = Counter(own)
            mine.update(held)
            mine.update(supply)
            for w in FARMHANDS:
                if mine[w] != 1:
                    add("J", f"{p.colour}'s farmhand {w} is in {mine[w]} places, not 1",
                        *([f"{p.colour}.workers"] if w in own else []), f"{p.colour}.supply",
                        f"{p.colour}.workers")
            for w in supply:
                if w not in _FARMHANDS:
                    add("J", f"{p.colour}'s supply holds {w}, which is not a farmhand",
                        f"{p.colour}.supply")
        townsfolk += [w for w in p.workers.values() if w in _TOWNSFOLK]
    town = state.town
    if not (len(townsfolk) + len(town) == len(TOWNSFOLK)
            and town.union(townsfolk) == _TOWNSFOLK):
        on_boards = Counter(townsfolk)
        on_boards.update(town)
        for w in TOWNSFOLK:
            if on_boards[w] != 1:
                add("J", f"townsfolk {w} is in {on_boards[w]} places, not 1", "town",
                    *[f"{p.colour}.workers" for p in state.players])


def _boards(state: State, complete: bool, add: Add) -> None:
    """What each player's store (C.5) and board (D.1, A.4) hold."""
    board = state.board
    neighbour_sets = board.neighbour_sets
    spaces = board.crops  # ``in board``, without Board.__contains__'s call
    for p in state.players:
        store = f"{p.colour}.store"
        if len(p.store) > STORE_SIZE:
            add("C.5", f"{p.colour}'s store holds {len(p.store)} tiles, more than {STORE_SIZE}",
                store)
        for it in p.store:
            if sum(it.bid) < 1:
                add("C.5", f"{p.colour}'s bid on {it.tile} holds no crop", store)
        at_workers = f"{p.colour}.workers"
        workers = p.workers
        for space, w in workers.items():
            if space not in spaces:
                add("D.1", f"{p.colour}'s worker {w} is on {space}, not a space of the board",
                    at_workers)
                continue
            if w not in WORKERS:
                add("A.4", f"{w} is not a worker", at_workers)
            if space in p.tiles:
                add("J", f"{p.colour}'s {space} holds both worker {w} and a field tile",
                    at_workers, f"{p.colour}.tiles")
            if not neighbour_sets[space].isdisjoint(workers):  # which ones, in board order
                for n in board.neighbours[space]:
                    if n in workers and n > space:
                        add("D.1", f"{p.colour}'s workers {w} at {space} and {workers[n]} at "
                            f"{n} are adjacent", at_workers)


def _counts(state: State, complete: bool, add: Add) -> None:
    """The registry (J, F.1), the track (J) and the turn's actions (C.1)."""
    if len(state.registry) > REGISTRY_SIZE:
        add("J", f"the registry holds {len(state.registry)} tiles, more than {REGISTRY_SIZE}",
            "registry")
    if complete and len(state.registry) < REGISTRY_SIZE and len(state.stack) <= 1 \
            and state.bag_has_field_tile():
        add("F.1", f"the registry holds {len(state.registry)} tiles while the bag still holds "
            "field tiles", "registry", "bag")
    if len(state.track) > TRACK_SIZE:
        add("J", f"the event track holds {len(state.track)} events, more than {TRACK_SIZE}",
            "track")
    used = state.turn.used
    if len(used) > 2 or len(set(used)) != len(used) or "dc" in used:
        add("C.1", f"the turn's actions {used!r} break C.1", "turn.used", "turn")


#: The parts of ``check``, in order; each reports what it finds broken through ``add``.
PARTS: tuple[Callable[[State, bool, Add], None], ...] = (
    _crops, _tiles, _events, _workers, _boards, _counts)


def _tile_keys(state: State, ref: str) -> list[str]:
    """The keys of a position that hold field tile ``ref``."""
    out = [k for k, held in (("registry", state.registry), ("fallow", state.fallow),
                             ("in_hand", state.in_hand)) if ref in held]
    for p in state.players:
        if ref in p.tiles:
            out.append(f"{p.colour}.tiles")
        if any(it.tile == ref for it in p.store):
            out.append(f"{p.colour}.store")
    if ref in state.bag:
        out.append("bag")
    return out


def _event_keys(state: State, e: str) -> list[str]:
    """The keys of a position that hold event ``e``."""
    out = [k for k, held in (("track", state.track), ("removed", state.removed),
                             ("set_aside", state.set_aside), ("spent", state.spent))
           if e in held]
    if e in state.bag:
        out.append("bag")
    return out
