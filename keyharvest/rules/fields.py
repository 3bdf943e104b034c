"""Fields (RULES.md B, C.2, G.2): a player's groups of tiles, harvests and their gains, and the
threshold of the "?" space (F.3). Knows tiles and crops, not workers or frames."""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import IllegalStep
from ..model.board import Board
from ..model.catalogue import CROP_INDEX, CROPS, QUESTION_THRESHOLD
from ..model.state import PlayerState, State
from .crops import counts, has
from .memo import remember, table


# -- groups and loneliness (C.2, D.5, G) ------------------------------------------------
def groups(state: State, p: PlayerState) -> list[list[str]]:
    """The connected groups of ``p``'s field tiles (workers never connect: D.1.6), each in
    the order found from the first tile placed. The lists are shared (remembered for the
    board and these tiles): do not change them."""
    tiles = p.tiles
    board = state.board
    key = (board, tuple(tiles))
    got = _GROUPS.get(key)
    if got is not None:
        return got
    neighbours = board.neighbours
    seen: set[str] = set()
    out: list[list[str]] = []
    for start in tiles:
        if start in seen:
            continue
        seen.add(start)
        group, todo = [start], [start]
        while todo:
            for n in neighbours[todo.pop()]:
                if n in tiles and n not in seen:
                    seen.add(n)
                    group.append(n)
                    todo.append(n)
        out.append(group)
    remember(_GROUPS, key, out)
    return out


_GROUPS: dict[tuple[Board, tuple[str, ...]], list[list[str]]] = table("groups")


def apart_from(state: State, p: PlayerState, tiles: Sequence[str]) -> list[str]:
    """The tiles of ``tiles`` (all on ``p``'s board) not in the group of ``tiles[0]``
    (C.2): a search from the first tile that stops once it has met all the others."""
    if len(tiles) < 2:
        return []
    own = p.tiles
    neighbours = state.board.neighbours
    start = tiles[0]
    want = set(tiles)
    want.discard(start)
    seen = {start}
    todo = [start]
    while todo and want:
        for n in neighbours[todo.pop()]:
            if n in own and n not in seen:
                seen.add(n)
                want.discard(n)
                todo.append(n)
    return [r for r in tiles if r in want]


def is_lonely(state: State, p: PlayerState, ref: str) -> bool:
    """A field tile with no adjacent field tile on its board (D.5)."""
    return ref in p.tiles and not any(n in p.tiles for n in state.board.neighbours[ref])


# -- harvesting (C.2, I.5, I.33) --------------------------------------------------------
def check_fresh_tiles(p: PlayerState, tiles: Sequence[str], rule: str,
                      empty: str = "harvest names no tile") -> None:
    """Tiles named for a harvest: at least one, none twice, all unharvested tiles of ``p``'s
    board (C.2 for action a, I.36 for V)."""
    if not tiles:
        raise IllegalStep(rule, empty)
    if len(tiles) > 1 and len(set(tiles)) != len(tiles):
        raise IllegalStep(rule, "a tile is named twice")
    own = p.tiles
    for r in tiles:
        harvested = own.get(r)
        if harvested is None:
            raise IllegalStep(rule, f"{r} is not a field tile on {p.colour}'s board")
        if harvested:
            raise IllegalStep(rule, f"{r} is already harvested")


def harvest_gains(state: State, refs: Sequence[str], instead: Sequence[str],
                  rule: str) -> list[int]:
    """What harvesting ``refs`` yields, with ``instead`` as substitutes for short crops.

    Each tile gives a counter of its crop while the stock has one; for the tiles whose crop
    has run out the player may name a substitute still in the stock, or take nothing.
    """
    index = state.board.crop_indices
    need = [0] * len(CROPS)
    for r in refs:
        need[index[r]] += 1
    if not instead and has(state.stock, need):
        return need  # the common case: the stock holds every crop harvested
    avail = list(state.stock)
    gained = [0] * len(CROPS)
    short = 0
    for i, k in enumerate(need):
        take = min(k, avail[i])
        gained[i] += take
        avail[i] -= take
        short += k - take
    if len(instead) > short:
        if short == 0:
            raise IllegalStep("I.33", "no substitute is allowed: the stock holds the crop of "
                              "every tile harvested")
        raise IllegalStep("I.33", f"only {short} tile(s) lack their crop; "
                          f"{len(instead)} substitutes named")
    for c in instead:
        found = CROP_INDEX.get(c)
        if found is None:
            raise IllegalStep(rule, f"unknown crop {c!r}")
        i = found
        if avail[i] == 0:
            raise IllegalStep("I.5", f"the stock has no {c} left to take instead")
        avail[i] -= 1
        gained[i] += 1
    return gained


def default_instead(state: State, refs: Sequence[str]) -> tuple[str, ...]:
    """A legal choice of substitutes for ``refs``: the first crops still in the stock."""
    if len(refs) == 1 and state.stock[CROP_INDEX[state.board.crops[refs[0]]]]:
        return ()  # the common case: one tile, its crop in the stock, no substitute
    need = counts(state.board.crops[r] for r in refs)
    avail = list(state.stock)
    short = 0
    for i, k in enumerate(need):
        take = min(k, avail[i])
        avail[i] -= take
        short += k - take
    out: list[str] = []
    for i, c in enumerate(CROPS):
        while short and avail[i]:
            out.append(c)
            avail[i] -= 1
            short -= 1
    return tuple(out)


def board_count(p: PlayerState) -> int:
    """Field tiles plus workers on the board, for the "?" check (F.3)."""
    return len(p.tiles) + len(p.workers)


def someone_below_threshold(state: State) -> bool:
    return any(board_count(p) < QUESTION_THRESHOLD for p in state.players)
