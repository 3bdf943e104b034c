"""Rule helpers shared by actions, abilities and events: groups, placement, crops, tiles.

Functions named ``*_error`` return a reason (a string) when something is not allowed and
None when it is; the caller raises ``IllegalStep`` with its own rule id. Functions that
change the state do no checking: call them only after every check has passed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import ge

from ..board import Board
from ..catalogue import CROP_INDEX, CROPS, QUESTION_THRESHOLD, WORKERS
from ..errors import IllegalStep
from ..state import PlayerState, State
from ..steps import Pick, Step
from .engine import expect


# -- crops ------------------------------------------------------------------------------
def counts(crops: Iterable[str]) -> list[int]:
    """Crop names to counts per crop (canonical order)."""
    out = [0] * len(CROPS)
    for c in crops:
        out[CROP_INDEX[c]] += 1
    return out


def names(count: Sequence[int]) -> tuple[str, ...]:
    """Counts per crop to crop names (canonical order)."""
    return tuple(c for c, k in zip(CROPS, count) for _ in range(k))


def show(count: Sequence[int]) -> str:
    return " ".join(names(count)) or "nothing"


def has(screen: Sequence[int], need: Sequence[int]) -> bool:
    """Whether ``screen`` holds at least ``need`` of every crop (counts per crop)."""
    return all(map(ge, screen, need))


def check_crops(crops: Iterable[str], rule: str) -> list[int]:
    """Counts for a crop list written in a step; unknown names are illegal."""
    try:
        return counts(crops)
    except KeyError as exc:
        raise IllegalStep(rule, f"unknown crop {exc.args[0]!r}") from None


def check_can_pay(p: PlayerState, need: Sequence[int], rule: str, what: str) -> None:
    if not has(p.screen, need):
        raise IllegalStep(rule, f"{p.colour} cannot pay {show(need)} for {what}: "
                          f"holds {show(p.screen)}")


def move_crops(src: list[int], dst: list[int], amount: Sequence[int]) -> None:
    for i, k in enumerate(amount):
        if k:
            src[i] -= k
            dst[i] += k


def add_crops(dst: list[int], amount: Sequence[int]) -> None:
    for i, k in enumerate(amount):
        if k:
            dst[i] += k


_COUNTS: dict[tuple[str, ...], list[int]] = {}


def crop_counts(crops: tuple[str, ...], rule: str) -> list[int]:
    """``check_crops(crops, rule)`` for a crop list written in a step, remembered for each
    list written (a new list each time, so the caller may keep it)."""
    got = _COUNTS.get(crops)
    if got is None:
        got = check_crops(crops, rule)  # raises for an unknown crop: not remembered
        if len(_COUNTS) > 4096:
            _COUNTS.clear()
        _COUNTS[crops] = got
    return list(got)


# -- groups and loneliness (C.2, D.5, G) ------------------------------------------------
def groups(state: State, p: PlayerState) -> list[list[str]]:
    """The connected groups of ``p``'s field tiles (workers never connect: D.1.6), each in
    the order found from the first tile placed. The lists are shared (remembered for the
    board and these tiles): do not change them."""
    tiles = p.tiles
    key = tuple(tiles)
    memo = memo_table(state.board, "groups")
    got = memo.get(key)
    if got is not None:
        return got
    neighbours = state.board.neighbours
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
    remember(memo, key, out)
    return out


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


def owner_of_tile(state: State, ref: str) -> PlayerState | None:
    for p in state.players:
        if ref in p.tiles:
            return p
    return None


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
    if not instead and all(map(ge, state.stock, need)):
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
        i = CROP_INDEX.get(c)
        if i is None:
            raise IllegalStep(rule, f"unknown crop {c!r}")
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


def placement_candidates(state: State, p: PlayerState,
                         moving_from: str | None = None) -> list[tuple[str, int, int]]:
    """Every space of ``p``'s board that some worker could take (D.1), in board order, as
    (space, adjacent field tiles, number of the worker there or 0).

    A worker numbered N may go to a candidate when the adjacent field tiles are at least N
    and the worker there (if any) is numbered below N: the same judgement as
    ``placement_error``, made once per board instead of once per worker and space (the
    listing of legal steps asks it for every worker in the supply and on the town board).
    The list is shared: do not change it.
    """
    board = state.board
    # the answer depends on the board's contents only, which often stay the same from one
    # decision to the next: remember the last answers for each board
    key = (tuple(p.tiles), tuple(p.workers.items()), moving_from)
    memo = memo_table(board, "placement")
    got = memo.get(key)
    if got is None:
        got = find_candidates(board, p, moving_from)
        remember(memo, key, got)
    return got


def find_candidates(board: Board, p: PlayerState,
                    moving_from: str | None = None) -> list[tuple[str, int, int]]:
    """``placement_candidates``, worked out from the tiles' part (remembered) and the
    workers."""
    workers = p.workers
    fields, order = _around_tiles(board, tuple(p.tiles))
    if not workers:
        return [(space, fields[space], 0) for space in order]
    neighbours = board.neighbours
    blocked: set[str] = set()
    for w in workers:
        if w != moving_from:
            blocked.update(neighbours[w])
    under = {s: WORKERS[w].number for s, w in workers.items() if s != moving_from}
    return [(space, fields[space], under.get(space, 0)) for space in order
            if space not in blocked]


def _around_tiles(board: Board, tiles: tuple[str, ...]) -> tuple[dict[str, int], list[str]]:
    """For a board holding ``tiles`` (in the order placed): how many of them touch each
    space, and the spaces touched that hold no tile, in board order. Remembered per board;
    a board that differs from a remembered one by its last tile is worked out from it."""
    memo = memo_table(board, "around")
    got = memo.get(tiles)
    if got is not None:
        return got
    neighbours = board.neighbours
    before = memo.get(tiles[:-1]) if tiles else None
    if before is not None:  # one more tile: its neighbours touch one more tile each
        last = tiles[-1]
        fields = dict(before[0])
        for n in neighbours[last]:
            fields[n] = fields.get(n, 0) + 1
        taken = set(tiles)
        order = sorted((s for s in fields if s not in taken), key=board.index.__getitem__)
    else:
        fields = {}
        for t in tiles:
            for n in neighbours[t]:
                fields[n] = fields.get(n, 0) + 1
        order = sorted(fields.keys() - set(tiles), key=board.index.__getitem__)
    got = (fields, order)
    remember(memo, tiles, got)
    return got


#: How many answers a memo table keeps before it starts again. Answers are reused within a
#: game, from one decision to the next, so a small table catches nearly every reuse; a
#: large one costs more than it saves (self-play measured 187 games/s with 1024 entries,
#: 215 with 64: every entry is an object the garbage collector walks, and clearing a big
#: table frees a thousand at once).
MEMO_SIZE = 64


def memo_table(board: Board, kind: str) -> dict:
    """A memo table of ``board`` for answers that depend only on the board and one
    player's tiles and workers (the board is immutable, so answers never go stale; the key
    must hold everything else the answer depends on)."""
    memos = board.memos
    table = memos.get(kind)
    if table is None:
        table = memos[kind] = {}
    return table


def remember(memo: dict, key: object, value: object) -> None:
    if len(memo) >= MEMO_SIZE:
        memo.clear()
    memo[key] = value


def spaces_for(candidates: list[tuple[str, int, int]], letter: str) -> list[str]:
    """The spaces of ``placement_candidates`` where ``letter`` may be placed (D.1)."""
    number = WORKERS[letter].number
    return [s for s, k, under in candidates if k >= number and under < number]


def legal_spaces(state: State, p: PlayerState, letter: str,
                 moving_from: str | None = None) -> list[str]:
    """The spaces where ``letter`` may be placed on ``p``'s board (D.1), in board order."""
    return spaces_for(placement_candidates(state, p, moving_from), letter)


def send_back(state: State, p: PlayerState, letter: str) -> None:
    """A worker leaves the board: a farmhand to its owner's supply, townsfolk to town."""
    if WORKERS[letter].townsfolk:
        state.town.add(letter)
    else:
        p.supply.add(letter)


def put_worker(state: State, p: PlayerState, letter: str, space: str) -> None:
    """Put ``letter`` on ``space``; a lower worker there goes back, not re-placed (D.1.5)."""
    under = p.workers.get(space)
    if under is not None:
        send_back(state, p, under)
    p.workers[space] = letter
    p.supply.discard(letter)
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
    state.registry.remove(step.tile)  # no refill (I.16)
    return step.tile


def place_tile(state: State, p: PlayerState, ref: str) -> None:
    """A field tile lands on ``p``'s board, large icon up (A.3); a worker on its space is
    displaced and may be re-placed at once (D.2, I.11, I.34)."""
    p.tiles[ref] = False
    letter = p.workers.pop(ref, None)
    if letter is not None:
        from .workers import DisplacedFrame

        state.stack.append(DisplacedFrame(p.colour, letter))


def board_count(p: PlayerState) -> int:
    """Field tiles plus workers on the board, for the "?" check (F.3)."""
    return len(p.tiles) + len(p.workers)


def someone_below_threshold(state: State) -> bool:
    return any(board_count(p) < QUESTION_THRESHOLD for p in state.players)
