"""Setting up a game (RULES.md B): dealt from a seeded ``random.Random`` or given explicitly.

A ``Setup`` is everything chance decides before the first turn: seating, the start player,
each player's starting pair and crops, the first registry and the events removed unseen.
A record writes it in its front matter, so replay never needs a random generator.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..errors import PositionError
from .board import Board
from .catalogue import (
    CROP_INDEX,
    CROPS,
    EVENT_LETTERS,
    PLAYER_COLOURS,
    REGISTRY_SIZE,
    STARTING_CROPS,
)
from .steps import norm_crops

#: Events removed unseen at setup, by player count (B.8).
REMOVED_EVENTS = {2: 0, 3: 2, 4: 2}


@dataclass(frozen=True)
class Setup:
    """The dealt setup. ``removed`` is None when the removed events are unknown (B.8)."""

    players: tuple[str, ...]
    start: str
    tiles: Mapping[str, tuple[str, str]]  # colour -> (drawn tile, its partner)
    crops: Mapping[str, tuple[str, ...]]  # colour -> 3 crop names
    registry: tuple[str, ...]
    removed: tuple[str, ...] | None = ()
    max_turns: int | None = None
    extra: Mapping[str, object] = field(default_factory=dict, compare=False)


def _fail(rule: str, message: str, path: str) -> PositionError:
    return PositionError(message, path=f"setup.{path}" if path else "setup", rule=rule)


def deal(players: Sequence[str], rng: random.Random, board: Board,
         max_turns: int | None = None) -> Setup:
    """Deal a setup for ``players`` (colours, in seating order) with ``rng`` (B.3–B.8)."""
    n = len(players)
    _check_players(players)
    start = rng.choice(list(players))
    pairs = list(board.starting_pairs)
    rng.shuffle(pairs)
    tiles: dict[str, tuple[str, str]] = {}
    for colour, (a, b) in zip(players, pairs):
        tiles[colour] = (a, b) if rng.random() < 0.5 else (b, a)
    crops = _deal_crops(list(players), rng)
    used = {t for pair in tiles.values() for t in pair}
    rest = [ref for ref in board.references if ref not in used]
    registry = tuple(rng.sample(rest, REGISTRY_SIZE))
    removed = tuple(sorted(rng.sample(EVENT_LETTERS, REMOVED_EVENTS[n])))
    return Setup(tuple(players), start, tiles, crops, registry, removed, max_turns)


def _deal_crops(players: list[str], rng: random.Random) -> dict[str, tuple[str, ...]]:
    n = len(players)
    crops = list(CROPS)
    rng.shuffle(crops)
    if n == 2:  # one of each of four colours, two of the fifth; one fifth each (I.2)
        fifth, singles = crops[0], crops[1:]
        rng.shuffle(singles)
        return {players[0]: norm_crops([fifth, *singles[:2]]),
                players[1]: norm_crops([fifth, *singles[2:]])}
    if n == 3:
        pool = [c for c in crops[1:] for _ in range(2)] + [crops[0]]
    else:
        pool = [c for c in crops[:2] for _ in range(3)] + [c for c in crops[2:] for _ in range(2)]
    rng.shuffle(pool)
    return {p: norm_crops(pool[i * 3:(i + 1) * 3]) for i, p in enumerate(players)}


def _check_players(players: Sequence[str]) -> None:
    if not 2 <= len(players) <= 4:
        raise _fail("B", f"Key Harvest is for 2 to 4 players, not {len(players)}", "players")
    for p in players:
        if p not in PLAYER_COLOURS:
            raise _fail("A.2", f"unknown player colour {p!r} (expected one of "
                        f"{', '.join(PLAYER_COLOURS)})", "players")
    if len(set(players)) != len(players):
        dup = next(p for p in players if players.count(p) > 1)
        raise _fail("B.2", f"colour {dup!r} is taken twice", "players")


def check_setup(setup: Setup, board: Board) -> None:
    """Raise ``PositionError`` with the B.* rule for the first thing wrong with ``setup``
    (the others found with it are in its ``also``)."""
    problems = setup_problems(setup, board)
    if problems:
        first = problems[0]
        first.also = tuple(problems[1:])
        raise first


def setup_problems(setup: Setup, board: Board) -> list[PositionError]:
    """Every independent thing wrong with ``setup``, in the order of RULES.md B: bad
    players stop the check; then the start player, each player's starting pair, the
    crops, the registry (each tile), the removed events and the turn limit."""
    try:
        _check_players(setup.players)
    except PositionError as exc:
        return [exc]
    out: list[PositionError] = []
    for check in (_check_start, _check_tiles, _check_crops, _check_registry, _check_removed,
                  _check_max_turns):
        out.extend(check(setup, board))
    return out


def _check_start(setup: Setup, board: Board) -> list[PositionError]:
    if setup.start not in setup.players:
        return [_fail("B.3", f"start player {setup.start!r} is not playing", "start")]
    return []


def _check_tiles(setup: Setup, board: Board) -> list[PositionError]:
    out = []
    pairs = {frozenset(p): p for p in board.starting_pairs}
    seen_pairs: set[frozenset[str]] = set()
    for colour in setup.players:
        pair = setup.tiles.get(colour)
        if pair is None:
            out.append(_fail("B.5", f"no starting tiles for {colour}", f"tiles.{colour}"))
            continue
        key = frozenset(pair)
        if len(pair) != 2 or key not in pairs:
            out.append(_fail("B.5", f"{' '.join(pair)} is not a starting pair of the board",
                             f"tiles.{colour}"))
        elif key in seen_pairs:
            out.append(_fail("B.5", f"starting pair {' '.join(pair)} is dealt twice",
                             f"tiles.{colour}"))
        seen_pairs.add(key)
    extra = set(setup.tiles) - set(setup.players)
    if extra:
        out.append(_fail("B.5", f"starting tiles for {min(extra)!r}, who is not playing",
                         "tiles"))
    return out


def _check_registry(setup: Setup, board: Board) -> list[PositionError]:
    used = {t for pair in setup.tiles.values() for t in pair}
    if len(setup.registry) != REGISTRY_SIZE:
        return [_fail("B.7", f"the first registry holds {REGISTRY_SIZE} tiles, not "
                      f"{len(setup.registry)}", "registry")]
    out = []
    for ref in setup.registry:
        if ref not in board:
            out.append(_fail("B.7", f"unknown tile {ref!r} in the registry", "registry"))
        elif ref in used:
            out.append(_fail("B.7", f"tile {ref} is a player's starting tile", "registry"))
    if not out and len(set(setup.registry)) != REGISTRY_SIZE:
        out.append(_fail("B.7", "a tile is in the registry twice", "registry"))
    return out


def _check_removed(setup: Setup, board: Board) -> list[PositionError]:
    if setup.removed is None:
        return []
    n = len(setup.players)
    want = REMOVED_EVENTS[n]
    if len(setup.removed) != want:
        return [_fail("B.8", f"with {n} players {want} events are removed, not "
                      f"{len(setup.removed)}", "removed")]
    for e in setup.removed:
        if e not in EVENT_LETTERS:
            return [_fail("B.8", f"unknown event {e!r}", "removed")]
    if len(set(setup.removed)) != len(setup.removed):
        return [_fail("B.8", "an event is removed twice", "removed")]
    return []


def _check_max_turns(setup: Setup, board: Board) -> list[PositionError]:
    if setup.max_turns is not None and setup.max_turns < 1:
        return [_fail("I.10", "max_turns must be at least 1", "max_turns")]
    return []


def _check_crops(setup: Setup, board: Board) -> list[PositionError]:
    try:
        _crops_or_raise(setup, len(setup.players))
    except PositionError as exc:
        return [exc]
    return []


def _crops_or_raise(setup: Setup, n: int) -> None:
    total = dict.fromkeys(CROPS, 0)
    for colour in setup.players:
        crops = setup.crops.get(colour)
        if crops is None:
            raise _fail("B.6", f"no starting crops for {colour}", f"crops.{colour}")
        for c in crops:
            if c not in CROP_INDEX:
                raise _fail("B.6", f"unknown crop {c!r}", f"crops.{colour}")
        if len(crops) != STARTING_CROPS:
            raise _fail("B.6", f"each player starts with {STARTING_CROPS} crops, {colour} has "
                        f"{len(crops)}", f"crops.{colour}")
        for c in crops:
            total[c] += 1
    extra = set(setup.crops) - set(setup.players)
    if extra:  # as for tiles: a record naming a player who is not seated is wrong
        raise _fail("B.6", f"starting crops for {min(extra)!r}, who is not playing",
                    "crops")
    counts = sorted((total[c] for c in CROPS), reverse=True)
    want = {2: [2, 1, 1, 1, 1], 3: [2, 2, 2, 2, 1], 4: [3, 3, 2, 2, 2]}[n]
    if counts != want:
        raise _fail("B.6", f"the starting crops of {n} players are {'/'.join(map(str, want))} "
                    f"of the five crops, not {'/'.join(map(str, counts))}", "crops")
    if n == 2:
        fifth = next(c for c in CROPS if total[c] == 2)
        for colour in setup.players:
            if fifth not in setup.crops[colour]:
                raise _fail("B.6", f"with 2 players each takes one {fifth} (the doubled crop)",
                            f"crops.{colour}")




