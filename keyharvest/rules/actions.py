"""The turn and the four actions (RULES.md C.1–C.5), and the end of a turn (F.4, I.10).

``TurnFrame`` is the bottom of the frame stack. It waits for the current player's action
steps (``Harvest``, ``Play``, ``Remove``, ``Buy``, ``Offer``) and ``EndTurn``. Action c and
action d move one tile per step; a second ``Buy`` (or ``Offer``) right after the first
continues the same action (C.4, C.5) rather than starting a new one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations, filterfalse
from typing import Any, TypeVar

from ..errors import IllegalStep
from ..model.board import Board
from ..model.catalogue import CROP_INDEX, CROPS, EVENT_LETTERS, STORE_SIZE, TOTAL_COUNTERS, WORKERS
from ..model.setup import REMOVED_EVENTS, Setup, check_setup
from ..model.state import Pending, PlayerState, Result, State, StoreItem, Turn
from ..model.steps import Buy, EndTurn, Harvest, Offer, Play, Remove, Step
from . import placement
from .bag import REFILL_DRAW, RefillFrame
from .crops import CROP_COUNTS, check_can_pay, crop_counts, has, move_crops
from .engine import OVER, Frame, mypyc_attr
from .fields import apart_from, check_fresh_tiles, default_instead, harvest_gains
from .memo import (
    PENDING,
    buy_steps,
    end_turn_of,
    harvest_steps,
    make_offer,
    play_steps,
    remember,
    remove_steps,
    table,
)
from .placement import (
    DisplacedFrame,
    around_tiles,
    placement_error,
    send_back,
    worker_source_error,
)
from .stepping import settle

NUMBER = {letter: w.number for letter, w in WORKERS.items()}
MAX_NUMBER = max(NUMBER.values())
NUMBER_OF = NUMBER.__getitem__
if {w.number for w in WORKERS.values() if w.townsfolk} != {4, 5}:  # pragma: no cover
    raise ImportError("TurnFrame._count counts the townsfolk as the numbers 4 and 5")
_OPEN = table("open actions")  # (actions used, tiles moved) -> actions open
R = TypeVar("R")  # the generator ``TurnFrame.pick`` draws from
ACTION_NAME = {"a": "a (harvest)", "b": "b (worker)", "c": "c (buy)", "d": "d (offer)"}


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
class TurnFrame(Frame):
    rule = "C.1"
    is_turn = True

    def settle(self, state: State) -> Pending:
        if state.result is not None:
            return OVER
        return PENDING[state.players[state.turn.player].colour]  # state.current's turn (C.1)

    # -- checking --------------------------------------------------------------------
    def _check_action(self, state: State, action: str) -> bool:
        """Check that ``action`` may be taken now; True when it continues the last one."""
        t = state.turn
        used = t.used
        if action in "cd" and used[-1:] == action and t.count < 2:
            return True  # a c or d step continues the action just taken (1 tile so far)
        if action in used:
            if action in "cd" and used[-1:] == action:
                raise IllegalStep("C.4" if action == "c" else "C.5",
                                  f"action {ACTION_NAME[action]} moves at most 2 tiles")
            raise IllegalStep("C.1", f"action {ACTION_NAME[action]} was already taken this "
                              "turn: the two actions must differ")
        if len(used) >= 2:
            raise IllegalStep("C.1", f"a third action: {state.current.colour} has already "
                              f"taken {' and '.join(used)} this turn")
        if action == "c" and "d" in used:
            raise IllegalStep("C.1", "action c may not be taken after action d")
        return False

    def apply(self, state: State, step: Step) -> Pending | None:
        """Apply a turn step; return what ``settle`` would return now (the next player's
        turn, the end, the same turn when no frame was pushed, the draw of the refill an
        offer pushed, what a pushed frame that ``asks_plainly`` asks), or None when a frame
        was pushed that has to settle (see ``Frame.apply``)."""
        kind = type(step)
        if kind is EndTurn:  # the bag passes (C.1): inline, one step in four is an end
            # count down the end of the game (F.4) and the turn limit (I.10)
            t = state.turn
            countdown = state.end_countdown
            if countdown is not None:
                if countdown == 0:
                    state.result = Result.FINISHED
                    return OVER
                state.end_countdown = countdown - 1
            if state.max_turns is not None and t.number >= state.max_turns:
                state.result = Result.UNFINISHED
                return OVER
            t.player = (t.player + 1) % len(state.players)
            t.number += 1
            t.used = ""
            t.count = 0
            return PENDING[state.players[t.player].colour]  # settle(): the next turn
        try:
            action, act = TURN_STEPS[kind]
        except KeyError:
            raise IllegalStep(self.rule, f"{step.text()!r} is not an action: it is "
                              f"{state.current.colour}'s turn to take an action or end it"
                              ) from None
        t = state.turn
        used = t.used
        if action in used or len(used) >= 2 or (action == "c" and "d" in used):
            continuing = self._check_action(state, action)  # a continuation, or illegal
        else:
            continuing = False  # a new action, allowed (the common case, checked inline)
        p = state.players[t.player]  # state.current
        act(state, p, step)
        if continuing:
            t.count += 1
        else:
            t.used += action
            t.count = 1
        top = state.stack[-1]
        if top is self:  # no frame pushed: the same turn waits, as before
            return state.pending
        if kind is Offer and len(state.bag) > state.hidden_removed:
            return REFILL_DRAW  # the refill the offer pushed waits for its draw (its settle)
        if top.asks_plainly:  # a worker's ability: its settle only asks what it waits for
            asks: Pending | None = top.settle(state)  # (None, if done: the engine settles)
            return asks
        return None

    # -- listing ---------------------------------------------------------------------
    def _open(self, state: State) -> str:
        """The actions that may be taken (or continued) now, as letters (C.1)."""
        t = state.turn
        key = (t.used, t.count)
        got = _OPEN.get(key)
        if got is None:
            got = self._judge_open(t.used, t.count)
            remember(_OPEN, key, got)
        return got

    @staticmethod
    def _judge_open(used: str, count: int) -> str:
        out = ""
        for action in "abcd":
            if action in "cd" and used[-1:] == action and count < 2:
                out += action  # continues the action just taken
            elif action not in used and len(used) < 2 and not (action == "c" and "d" in used):
                out += action
        return out

    lists_by_sections = True
    sections_by_kind = True  # harvests, plays, removals, purchases, offers, the end

    def sections(self, state: State) -> list[tuple[int, Callable[[int], Step]]]:
        """The legal steps in sections, each as (how many, a function giving the i-th), in
        the order ``legal`` lists them. ``rules.legal_view`` uses them to build only the
        step a caller picks (the listing of a turn is long: every registry tile with every
        bid, every worker on every space). The steps built are shared (``memo``): a random
        player makes the same ones turn after turn."""
        p = state.players[state.turn.player]  # state.current
        choices, plays, spaces, n_play, n_remove, n_buy, bids, n_offer = self._count(state, p)
        out: list[tuple[int, Callable[[int], Step]]] = []
        if choices:
            out.append((len(choices), lambda i: _harvest_at(state, p, choices[i])))
        if n_play:
            out.append((n_play, lambda i: _play_at(state, p, plays, spaces, i)))
        if n_remove:
            out.append((n_remove, lambda i: _remove_at(p, i)))
        if n_buy:
            out.append((n_buy, lambda i: _buy_at(state, p, i)))
        if n_offer:
            out.append((n_offer, lambda i: _offer_at(state, p, bids, i)))
        out.append((1, lambda i: end_turn_of(p.colour)))
        return out

    def pick(self, state: State, below: Callable[[R, int], int], rng: R) -> Step:
        """The step at index ``below(rng, n)`` of the ``n`` steps ``legal`` lists, built
        alone: the listing counted as ``sections`` counts it, without a function per
        section (the random bot's hot path: one call per decision of a turn)."""
        p = state.players[state.turn.player]  # state.current
        choices, plays, spaces, n_play, n_remove, n_buy, bids, n_offer = self._count(state, p)
        n_harvest = len(choices)
        i = below(rng, n_harvest + n_play + n_remove + n_buy + n_offer + 1)
        if i < n_harvest:
            return _harvest_at(state, p, choices[i])
        i -= n_harvest
        if i < n_play:
            return _play_at(state, p, plays, spaces, i)
        i -= n_play
        if i < n_remove:
            return _remove_at(p, i)
        i -= n_remove
        if i < n_buy:
            return _buy_at(state, p, i)
        i -= n_buy
        if i < n_offer:
            return _offer_at(state, p, bids, i)
        return end_turn_of(p.colour)

    def _count(self, state: State, p: PlayerState) -> tuple[
            Sequence[tuple[str, ...]], Callable[[int], int], Sequence[int], int, int, int,
            list[tuple[str, ...]], int]:
        """The sections of the listing of ``p``'s turn counted, in listing order: (the
        harvests listed, the plays counted per worker number, their spaces per number (as
        masks), how many plays, removes, purchases, the bids listed, how many offers); an
        action not open now lists none."""
        t = state.turn
        if t.used:
            open_ = _OPEN.get((t.used, t.count))
            if open_ is None:
                open_ = self._open(state)
        else:  # the first action of a turn (two picks in five): any of the four
            open_ = "abcd"
        tiles = tuple(p.tiles)  # the memo keys of the harvests and the plays
        board = state.board
        choices: Sequence[tuple[str, ...]] = ()
        if "a" in open_:
            # the harvests listed, remembered here (one look-up, hit or miss)
            key = (board, tiles, tuple(p.tiles.values()))  # no pair tuples to build
            listed = _HARVESTS.get(key)
            if listed is None:
                listed = _harvest_choices(board, p, tiles)
                remember(_HARVESTS, key, listed)
            choices = listed
        plays = _NO_PLAYS
        spaces: Sequence[int] = _NO_SPACES
        n_play = n_remove = 0
        if "b" in open_:
            # the plays counted by number, remembered here as the harvests
            placed = (board, tiles, tuple(p.workers.items()))
            got = _PLAYS.get(placed)
            if got is None:
                got = _count_plays(board, p, tiles)
                remember(_PLAYS, placed, got)
            by_number, spaces = got
            plays = by_number.__getitem__
            n_play = sum(map(plays, map(NUMBER_OF, p.supply)))
            town = state.town
            # townsfolk are 4 and 5, and nearly always no space takes either: then the town
            # adds none, and is not summed letter by letter (some 900 instructions each)
            if town and (by_number[4] or by_number[5]):
                n_play += sum(map(plays, map(NUMBER_OF, town)))
            n_remove = len(p.workers)
        n_buy = 0
        if "c" in open_:
            screen = p.screen
            for q in state.players:
                if q is p:
                    n_buy += len(q.store)  # from one's own store for nothing
                else:
                    for it in q.store:
                        if has(screen, it.bid):
                            n_buy += 1
        bids = _NO_BIDS
        n_offer = 0
        if "d" in open_ and len(p.store) < STORE_SIZE and state.registry:
            listed_bids: list[tuple[str, ...]] | None = _BIDS.get(tuple(p.screen))
            bids = bids_of(p) if listed_bids is None else listed_bids  # [] for an empty screen
            n_offer = len(state.registry) * len(bids)
        return choices, plays, spaces, n_play, n_remove, n_buy, bids, n_offer


_NO_BIDS: list[tuple[str, ...]] = []  # the bids of a turn that lists no offer: never changed
_NO_PLAYS: Callable[[int], int] = [0, *[0] * MAX_NUMBER].__getitem__  # no plays per number
_NO_SPACES: tuple[int, ...] = (0, *[0] * MAX_NUMBER)  # no spaces per number


# -- the i-th step of each section of the listing (``TurnFrame.sections`` and ``pick``) --
def _harvest_at(state: State, p: PlayerState, tiles: tuple[str, ...]) -> Step:
    return harvest_steps[p.colour, tiles, default_instead(state, tiles)]


def _play_at(state: State, p: PlayerState, plays: Callable[[int], int], spaces: Sequence[int],
             i: int) -> Step:
    """The ``i``-th play: by worker, the supply's then the town's, each in letter order,
    and by space in board order (``plays`` counts them per worker number, ``spaces`` has
    them as masks)."""
    for workers in (p.supply, state.town):  # the town sorted only when it is reached
        for letter in sorted(workers):
            number = NUMBER[letter]
            k = plays(number)
            if i < k:
                return play_steps[p.colour, letter, _nth_space(state.board, spaces[number], i)]
            i -= k
    raise IndexError(i)  # pragma: no cover - i below the plays counted


def _nth_space(board: Board, legal: int, i: int) -> str:
    """The ``i``-th space in board order of the mask ``legal`` (``_count_plays``: for a
    worker of a number, the spaces next to that many field tiles, not next to a worker,
    not holding one of that number or more, D.1), no list of them made."""
    for _ in range(i):
        legal &= legal - 1  # the lowest space less
    if not legal:  # pragma: no cover - i below the plays counted
        raise IndexError(i)
    return board.order[(legal & -legal).bit_length() - 1]


def _remove_at(p: PlayerState, i: int) -> Step:
    return remove_steps[p.colour, sorted(p.workers.values())[i]]


def _buy_at(state: State, p: PlayerState, i: int) -> Step:
    """The ``i``-th purchase of action c listed (C.4): every tile of every store, in
    seating order, that ``p`` can pay for (its own store's for nothing); found by walking
    the stores, no list of them made."""
    screen = p.screen
    for q in state.players:
        for it in q.store:
            if q is p or has(screen, it.bid):
                if not i:
                    return buy_steps[p.colour, it.tile, q.colour]
                i -= 1
    raise IndexError(i)  # pragma: no cover - i below the purchases counted


def _offer_at(state: State, p: PlayerState, bids: list[tuple[str, ...]], i: int) -> Step:
    """The ``i``-th offer: by registry tile, then by bid."""
    per_tile = len(bids)
    return make_offer(p.colour, state.registry[i // per_tile], bids[i % per_tile])


if len(CROPS) != 5:  # pragma: no cover - the sections above unroll the five crops
    raise ImportError("TurnFrame.sections counts purchases over five crops")


def _count_plays(board: Board, p: PlayerState, tiles: tuple[str, ...]
                 ) -> tuple[list[int], Sequence[int]]:
    """For each worker number, on how many spaces of ``p``'s board a worker of that number
    may be played (``placement.legal_spaces``, counted without listing them), and those
    spaces as a mask (the ``_nth_space`` of a play); ``tiles`` is
    ``tuple(p.tiles)``. ``sections`` remembers it per board, tiles and workers (``_PLAYS``:
    shared, do not change it). Spaces are bits of an int (``board_bits``): the spaces next
    to at least n tiles (``touch_masks``) less those next to a worker and those holding a
    worker of n or more, counted by ``int.bit_count``."""
    masks, counted, _ = touch_masks(board, tiles)
    workers = p.workers
    if not workers:
        return counted, masks
    bit, near = board_bits(board)
    blocked = 0  # next to a worker (D.1)
    held = [0, 0, 0, 0, 0, 0]  # the spaces of the workers of each number
    for space, letter in workers.items():
        blocked |= near[space]
        held[NUMBER[letter]] |= bit[space]
    _, g1, g2, g3, g4, g5 = masks
    # only a higher worker replaces one: the spaces of workers of n or more are out for n
    out5 = blocked | held[5]
    out4 = out5 | held[4]
    out3 = out4 | held[3]
    out2 = out3 | held[2]
    out1 = out2 | held[1]
    spaces = (0, g1 & ~out1, g2 & ~out2, g3 & ~out3, g4 & ~out4, g5 & ~out5)
    return [n.bit_count() for n in spaces], spaces


#: board -> (each space's bit, the bits of its neighbours): a space's bit is ``1 <<`` its
#: place in board order
_BITS: dict[Board, tuple[dict[str, int], dict[str, int]]] = table("board bits")


def board_bits(board: Board) -> tuple[dict[str, int], dict[str, int]]:
    got = _BITS.get(board)
    if got is None:
        bit = {ref: 1 << i for ref, i in board.index.items()}
        near = {ref: sum(map(bit.__getitem__, around))
                for ref, around in board.neighbours.items()}
        got = (bit, near)
        remember(_BITS, board, got)
    return got


#: (board, tiles) -> (the masks of the spaces with no tile next to at least n tiles, for
#: n = 0 to 5 (0: none), their counts, the mask of the tiles)
_TOUCH: dict[tuple[Board, tuple[str, ...]], tuple[tuple[int, ...], list[int], int]] = table(
    "touch masks")


def touch_masks(board: Board, tiles: tuple[str, ...]
                 ) -> tuple[tuple[int, ...], list[int], int]:
    """The spaces of ``board`` holding no tile of ``tiles`` next to at least n of them,
    as masks of bits (``board_bits``) for n = 1 to 5 after a 0, how many each holds (the
    plays of a board with no worker), and the mask of ``tiles``: remembered per board and
    tiles. A board that differs from a remembered one by its last tile is worked out from
    it: the tile's space leaves every mask, and each space next to it with no tile moves
    up to the next mask."""
    key = (board, tiles)
    got = _TOUCH.get(key)
    if got is not None:
        return got
    bit = board_bits(board)[0]
    before = _TOUCH.get((board, tiles[:-1])) if tiles else None
    if before is not None:
        last = tiles[-1]
        tile_bit = bit[last]
        placed = before[2] | tile_bit
        keep = ~tile_bit
        masks = [m & keep for m in before[0]]
        for space in board.neighbours[last]:
            space_bit = bit[space]
            if not placed & space_bit:
                k = 1  # the first mask not holding it: it is next to k - 1 tiles
                while k <= 5 and masks[k] & space_bit:
                    k += 1
                if k <= 5:
                    masks[k] |= space_bit
    else:
        fields, order = around_tiles(board, tiles)
        by = [0] * (len(tiles) + 1)  # by[k]: the spaces next to exactly k tiles
        for space in order:
            by[fields[space]] |= bit[space]
        masks = [0] * 6
        at_least = 0
        for k in range(len(tiles), 0, -1):
            at_least |= by[k]
            if k <= 5:
                masks[k] = at_least
        placed = sum(map(bit.__getitem__, tiles))
    got = (tuple(masks), [m.bit_count() for m in masks], placed)
    remember(_TOUCH, key, got)
    return got


if MAX_NUMBER != 5:  # pragma: no cover - _count_plays unrolls the numbers 1 to 5
    raise ImportError("_count_plays counts plays for the worker numbers 1 to 5")


_PLAYS = table("plays")  # (board, tiles, workers) -> plays per number, their spaces
#: (board, tiles, harvested) -> harvests listed
_HARVESTS: dict[tuple[Board, tuple[str, ...], tuple[bool, ...]], list[tuple[str, ...]]] = table(
    "harvests")
_BIDS = table("bids")  # screen -> bids listed


def _harvest_choices(board: Board, p: PlayerState, tiles: tuple[str, ...]
                     ) -> list[tuple[str, ...]]:
    """The harvests listed (C.2): every group's unharvested tiles together (sorted), and
    each alone; ``tiles`` is ``tuple(p.tiles)``. ``sections`` remembers them per board,
    tiles and harvested flags (``_HARVESTS``: shared, do not change the list). The groups
    come from ``_parts`` (remembered per board and tiles), so a harvest, which changes only
    the flags, lists again without a search."""
    out: list[tuple[str, ...]] = []
    harvested = p.tiles.__getitem__
    for g, alone in _parts(board, tiles):
        if alone:  # two tiles or more
            fresh = tuple(filterfalse(harvested, g))  # sorted, as ``g`` is
            if len(fresh) == len(g):  # none harvested yet
                out.append(g)
                out += alone
            elif fresh:
                out.append(fresh)
                if len(fresh) > 1:
                    out.extend((r,) for r in fresh)
        elif not harvested(g[0]):
            out.append(g)
    return out


#: (board, tiles) -> the groups of ``fields.groups`` in its order, each as (its tiles
#: sorted, each of them alone when there are two or more, else ())
_PARTS: dict[tuple[Board, tuple[str, ...]],
             list[tuple[tuple[str, ...], list[tuple[str, ...]]]]] = table("parts")


def _parts(board: Board, tiles: tuple[str, ...]
           ) -> list[tuple[tuple[str, ...], list[tuple[str, ...]]]]:
    """The connected groups of ``tiles`` on ``board`` (workers do not connect: D.1.6),
    in the order of ``fields.groups`` (by the first tile of each, in ``tiles``' order),
    each sorted with its tiles alone: remembered per board and tiles. A board that
    differs from a remembered one by its last tile is worked out from it (the tile joins
    the groups next to it, in the place of the first of them)."""
    key = (board, tiles)
    got = _PARTS.get(key)
    if got is not None:
        return got
    before = _PARTS.get((board, tiles[:-1])) if len(tiles) > 1 else None
    if before is not None:
        last = tiles[-1]
        around = board.neighbour_sets[last]
        got = []
        joined: list[str] | None = None
        for part in before:
            g = part[0]
            if around.isdisjoint(g):
                got.append(part)
            elif joined is None:
                joined = [last, *g]
                got.append(part)  # its place, filled below
                at = len(got) - 1
            else:
                joined += g
        if joined is None:
            got.append(((last,), []))
        else:
            joined.sort()
            merged = tuple(joined)
            got[at] = (merged, [(r,) for r in merged])
    else:
        neighbour_sets = board.neighbour_sets
        left = set(tiles)
        got = []
        for start in tiles:
            if start not in left:
                continue
            left.discard(start)
            group = [start]
            todo = [start]
            while todo:
                found = neighbour_sets[todo.pop()] & left
                if found:
                    left -= found
                    group += found
                    todo += found
            if len(group) > 1:
                group.sort()
                g = tuple(group)
                got.append((g, [(r,) for r in g]))
            else:
                got.append(((start,), []))
    remember(_PARTS, key, got)
    return got


def bids_of(p: PlayerState) -> list[tuple[str, ...]]:
    """The bids listed for action d (and H): one crop, two different crops, two of a crop,
    of those behind ``p``'s screen. The list is shared: do not change it."""
    key = tuple(p.screen)
    got = _BIDS.get(key)
    if got is None:
        # the bids depend on which crops are held once and twice: remembered by the screen
        # with every count above 2 taken as 2 too (far fewer keys than screens)
        capped = tuple(map(min, key, _TWOS))
        got = _CAPPED_BIDS.get(capped)
        if got is None:
            got = _list_bids(p)
            remember(_CAPPED_BIDS, capped, got)
        remember(_BIDS, key, got)
    return got


_TWOS = (2,) * len(CROPS)
_CAPPED_BIDS = table("bids by crops held")  # screen, counts above 2 as 2 -> bids listed


def _list_bids(p: PlayerState) -> list[tuple[str, ...]]:
    held = [c for c, k in zip(CROPS, p.screen) if k]
    bids: list[tuple[str, ...]] = [(c,) for c in held]
    bids += [(a, b) for a, b in combinations(held, 2)]
    bids += [(c, c) for c, k in zip(CROPS, p.screen) if k >= 2]
    return bids


# -- the actions ----------------------------------------------------------------------
TOWNSFOLK_OF = {letter: w.townsfolk for letter, w in WORKERS.items()}  # (send_back's test)


def harvest(state: State, p: PlayerState, step: Harvest) -> None:
    """Action a (C.2): any unharvested tiles of one connected group."""
    tiles = step.tiles
    if len(tiles) == 1 and not step.instead:  # the common case: one tile, no substitute
        ref = tiles[0]
        if p.tiles.get(ref) is False:  # on the board, unharvested
            i = state.board.crop_indices[ref]
            state.touch(p.tiles)
            p.tiles[ref] = True
            if state.stock[i]:  # else the stock has run out of it: nothing (I.5)
                state.touch(state.stock)
                state.touch(p.screen)
                state.stock[i] -= 1
                p.screen[i] += 1
            return
    check_fresh_tiles(p, tiles, "C.2")
    apart = apart_from(state, p, tiles)
    if apart:
        raise IllegalStep("C.2", f"{tiles[0]} and {apart[0]} are not in one connected group "
                          "(workers do not connect)")
    gained = harvest_gains(state, tiles, step.instead, "C.2")
    own = p.tiles
    state.touch(own)
    for r in tiles:
        own[r] = True
    state.touch(state.stock)
    state.touch(p.screen)
    move_crops(state.stock, p.screen, gained)


def remove(state: State, p: PlayerState, step: Remove) -> None:
    """Action b (C.3): take a worker off the board."""
    letter = step.worker
    workers = p.workers
    for space, w in workers.items():  # noqa: B007 - p.worker_space(letter), no call
        if w == letter:
            break
    else:
        raise IllegalStep("C.3", f"worker {step.worker} is not on {p.colour}'s board")
    state.touch(workers)
    del workers[space]
    if TOWNSFOLK_OF[letter]:  # send_back(state, p, letter), inlined
        state.touch(state.town)
        state.town.add(letter)
    else:
        state.touch(p.supply)
        p.supply.add(letter)


def play(state: State, p: PlayerState, step: Play) -> None:
    """Action b (C.3, D.1): play a worker from the supply or the town board."""
    letter = step.worker
    # a farmhand in the supply, or townsfolk on the town board (J: nothing else is there)
    if letter not in p.supply and letter not in state.town:
        raise IllegalStep("C.3", f"cannot play {letter}: "
                          f"{worker_source_error(state, p, letter)}")
    space = step.space
    # ``placement_error(state, p, letter, space) is None``, judged here without the call
    # (one step in ten is a play); it says what is wrong when something is
    tiles = p.tiles
    workers = p.workers
    under = workers.get(space)
    number = NUMBER[letter]
    board = state.board
    if (space in tiles or space not in board.crops
            or (under is not None and NUMBER[under] >= number)
            or len(tiles.keys() & (around := board.neighbour_sets[space])) < number
            or (workers and not around.isdisjoint(workers))):
        why = placement_error(state, p, letter, space)
        raise IllegalStep("D.1", f"cannot play {letter} at {space}: {why}")
    # put_worker and start_ability inlined
    if under is not None:  # a lower worker goes back, not re-placed (D.1.5)
        send_back(state, p, under)
    state.touch(workers)
    workers[space] = letter
    state.touch(p.supply)
    p.supply.discard(letter)
    state.touch(state.town)
    state.town.discard(letter)
    factory = placement.ABILITIES.get(letter)  # read from the module: tests replace it
    if factory is not None:
        frame = factory(state, p.colour, letter, space)
        if frame is not None:
            state.stack.append(frame)


def buy(state: State, p: PlayerState, step: Buy) -> None:
    """Action c (C.4): a tile from a store to the buyer's board, paying its bid."""
    if step.pay:
        raise IllegalStep("C.4", "action c pays exactly the bid: no payment is written "
                          "(a payment in any crops is for workers E and G)")
    # state.find, seller.store_index, has and place_tile inlined (a call each cost more
    # than the work: one purchase in seven steps)
    colour = step.seller
    for seller in state.players:
        if seller.colour == colour:
            break
    else:
        raise IllegalStep("C.4", f"{step.seller} is not playing")
    store = seller.store
    tile = step.tile
    for at, it in enumerate(store):  # noqa: B007 - ``at`` is read after the loop
        if it.tile == tile:
            break
    else:
        holder = next((q.colour for q in state.players if q.store_item(step.tile)), None)
        where = f"it is in {holder}'s store" if holder else "no store holds it"
        raise IllegalStep("C.4", f"{p.colour} cannot buy {step.tile} from {seller.colour}: "
                          f"{where}")
    bid = it.bid
    b0, b1, b2, b3, b4 = bid
    if seller is p:
        stock = state.stock
        state.touch(stock)
        stock[0] += b0
        stock[1] += b1
        stock[2] += b2
        stock[3] += b3
        stock[4] += b4
    else:
        screen = p.screen
        s0, s1, s2, s3, s4 = screen
        if not (s0 >= b0 and s1 >= b1 and s2 >= b2 and s3 >= b3 and s4 >= b4):
            check_can_pay(p, bid, "C.4", f"{step.tile} (the bid must be matched exactly)")
        theirs = seller.screen
        state.touch(screen)
        state.touch(theirs)
        for i, k in enumerate(bid):  # one loop, not a call each for the two moves
            if k:
                screen[i] -= k  # the payment
                theirs[i] += k + k  # and the seller's own bid back
    state.touch(store)
    del store[at]
    state.touch(p.tiles)
    p.tiles[tile] = False  # place_tile(state, p, tile)
    state.touch(p.workers)
    letter = p.workers.pop(tile, None)
    if letter is not None:  # a worker there is displaced (D.2)
        state.stack.append(DisplacedFrame(p.colour, letter))


def offer(state: State, p: PlayerState, step: Offer) -> None:
    """Action d (C.5): a registry tile to the store with a fixed bid, then a refill."""
    take_to_store(state, p, step, "C.5")
    state.stack.append(RefillFrame(p.colour, 1))


def take_to_store(state: State, p: PlayerState, step: Offer, rule: str) -> None:
    """Move ``step.tile`` from the registry to ``p``'s store with its bid (C.5; also H)."""
    if step.tile not in state.registry:
        raise IllegalStep(rule, f"{step.tile} is not in the registry")
    if len(p.store) >= STORE_SIZE:
        raise IllegalStep(rule, f"{p.colour}'s store already holds {STORE_SIZE} tiles")
    counted = CROP_COUNTS.get(step.bid)  # crop_counts(step.bid, rule), its hit inlined
    bid = list(counted) if counted is not None else crop_counts(step.bid, rule)
    if not any(bid):
        raise IllegalStep(rule, "a bid is at least 1 crop")
    screen = p.screen
    if not has(screen, bid):
        check_can_pay(p, bid, rule, f"the bid on {step.tile}")
    state.touch(state.registry)
    state.registry.remove(step.tile)
    state.touch(p.store)
    p.store.append(StoreItem(step.tile, bid))
    state.touch(screen)
    for crop in step.bid:  # one or two names, checked by crop_counts
        screen[CROP_INDEX[crop]] -= 1


#: The steps of a turn's actions: step type -> (action letter, what it does).
#: (Each takes the step of its type: they are typed by it, and called only through here.)
TURN_STEPS: dict[type[Step], tuple[str, Callable[[State, PlayerState, Any], None]]] = {
    Harvest: ("a", harvest), Play: ("b", play), Remove: ("b", remove), Buy: ("c", buy),
    Offer: ("d", offer),
}


def start(state: State) -> None:
    """Put the turn frame under a new game and settle it."""
    from .actions import TurnFrame

    state.stack = [TurnFrame()]
    settle(state)


def new_game(setup: Setup, board: Board, *, checked: bool = False) -> State:
    """The state at the start of play, after checking ``setup`` (raises ``PositionError``);
    ``checked``: the caller knows it sound (self-play dealt it on the standard board), so
    it is not checked again."""

    if not checked:
        check_setup(setup, board)
    players = []
    stock = [TOTAL_COUNTERS // len(CROPS)] * len(CROPS)
    for colour in setup.players:
        p = PlayerState(colour)
        for ref in setup.tiles[colour]:
            p.tiles[ref] = False
        for c in setup.crops[colour]:
            p.screen[CROP_INDEX[c]] += 1
            stock[CROP_INDEX[c]] -= 1
        players.append(p)
    used = {t for pair in setup.tiles.values() for t in pair} | set(setup.registry)
    bag = set(board.references)
    bag -= used
    removed = list(setup.removed) if setup.removed is not None else []
    bag |= {e for e in EVENT_LETTERS if e not in removed}
    hidden = REMOVED_EVENTS[len(setup.players)] if setup.removed is None else 0
    state = State(
        board=board, players=players, stock=stock, registry=list(setup.registry), bag=bag,
        turn=Turn(setup.players.index(setup.start)), removed=removed, hidden_removed=hidden,
        max_turns=setup.max_turns,
    )
    start(state)
    return state
