"""The turn's listing (``rules.actions``: remembered groups, harvests, plays counted by
masks, bids remembered by the crops held, steps built one by one for a pick) against the
plain meaning it stands for (``fields.groups``, ``placement.legal_spaces``, the bids of
C.5), through public functions only: ``representative_steps``, ``legal_view`` and the
frame's ``pick``. Over random boards (hypothesis: tiles placed one at a time, each board
listed, so the answers worked out from the board less its last tile are used, then the
same cold) and played games."""

from __future__ import annotations

from itertools import combinations, takewhile

from hypothesis import given, settings
from hypothesis import strategies as st

from keyharvest.formats.boardfile import standard_board
from keyharvest.model.catalogue import CROPS, TOWNSFOLK, WORKERS
from keyharvest.model.state import PlayerState, State, Turn
from keyharvest.model.steps import Harvest, Offer, Play, Step
from keyharvest.play.selfplay import selfplay_game
from keyharvest.rules import advance, legal_view, memo, representative_steps
from keyharvest.rules.actions import new_game, start
from keyharvest.rules.fields import groups
from keyharvest.rules.placement import legal_spaces

BOARD = standard_board()


def harvests_by_groups(state: State, p: PlayerState) -> list[tuple[str, ...]]:
    """The harvests of C.2 the listing names, from ``fields.groups``: each group's
    unharvested tiles, then each of them alone where there are several."""
    out: list[tuple[str, ...]] = []
    for g in groups(state, p):
        fresh = sorted(r for r in g if not p.tiles[r])
        if fresh:
            out.append(tuple(fresh))
            if len(fresh) > 1:
                out.extend((r,) for r in fresh)
    return out


def plain_bids(screen: list[int]) -> list[tuple[str, ...]]:
    """The bids of C.5 the listing names: one crop, two different crops, two of a crop,
    of those behind the screen."""
    held = [c for c, k in zip(CROPS, screen) if k]
    return ([(c,) for c in held] + list(combinations(held, 2))
            + [(c, c) for c, k in zip(CROPS, screen) if k >= 2])


def lone_turn(p: PlayerState, registry: list[str] | None = None) -> State:
    """``p`` alone at the start of a turn, every townsfolk in the town."""
    state = State(board=BOARD, players=[p], stock=[10] * 5, registry=registry or [],
                  bag=set(), turn=Turn(0), town=set(TOWNSFOLK))
    start(state)
    return state


def listed(state: State, kind: type[Step]) -> list[Step]:
    return [s for s in representative_steps(state) if type(s) is kind]


def harvests_listed(state: State) -> list[tuple[str, ...]]:
    """The harvests a turn lists (first in its listing), the rest of it never built."""
    return [s.tiles for s in takewhile(lambda s: type(s) is Harvest, legal_view(state))]


@settings(max_examples=200, deadline=None)
@given(st.permutations(BOARD.order), st.integers(0, 30), st.data())
def test_the_harvests_listed_are_those_of_the_groups_tile_by_tile(order, n, data) -> None:
    memo.clear()
    p = PlayerState("red")
    state = lone_turn(p)
    for ref in order[:n]:
        p.tiles[ref] = data.draw(st.booleans())
        assert harvests_listed(state) == harvests_by_groups(state, p)
    memo.clear()  # and worked out cold, with no board less a tile remembered
    assert harvests_listed(state) == harvests_by_groups(state, p)


#: A farmhand or townsfolk of each worker number (A.4).
ONE_OF_EACH_NUMBER = sorted({w.number: w.letter for w in reversed(WORKERS.values())}.values())


@settings(max_examples=200, deadline=None)
@given(st.permutations(BOARD.order), st.integers(0, 25), st.data())
def test_the_plays_listed_are_those_of_legal_spaces(order, n, data) -> None:
    """Tiles placed one at a time (each board listed, so the masks are worked out from the
    board less its last tile), then workers anywhere off the tiles (legal or not: the
    listing and the placement rule must agree on any board)."""
    memo.clear()
    p = PlayerState("red")
    state = lone_turn(p)
    for ref in order[:n]:
        p.tiles[ref] = False
        len(legal_view(state))  # counted: the masks of this board worked out
    free = order[n:]
    for space in data.draw(st.lists(st.sampled_from(free), max_size=6, unique=True)
                           if free else st.just([])):
        p.workers[space] = data.draw(st.sampled_from(sorted(WORKERS)))
    for warm in (True, False):
        if not warm:
            memo.clear()
        plays = listed(state, Play)
        for letter in ONE_OF_EACH_NUMBER:  # workers of one number go to the same spaces
            assert [s.space for s in plays if s.worker == letter] == legal_spaces(
                state, p, letter)


@given(st.lists(st.integers(0, 5), min_size=5, max_size=5), st.booleans())
def test_the_bids_listed_are_those_of_the_crops_held(screen, warm) -> None:
    if not warm:
        memo.clear()
    state = lone_turn(PlayerState("red", screen=screen), registry=["A1"])
    assert [s.bid for s in listed(state, Offer)] == plain_bids(screen)


def test_the_listings_of_played_games_are_the_plain_ones_and_picks_agree() -> None:
    """Along played games, at every turn: the harvests listed while action a is open (C.1)
    are those of the groups, the lazy listing equals the whole one, and the frame's
    ``pick`` builds the step at the index it is given."""
    turns = 0
    for players, seed in ((2, 41), (3, 42), (4, 43)):
        for i in range(3):
            record = selfplay_game(players, seed, i)
            state = new_game(record.setup, BOARD)
            for step in record.steps:
                frame = state.stack[-1]
                if getattr(frame, "is_turn", False) and state.result is None:
                    p = state.players[state.turn.player]
                    whole = representative_steps(state)
                    harvests = [s.tiles for s in whole if type(s) is Harvest]
                    used = state.turn.used
                    a_open = "a" not in used and len(used) < 2
                    assert harvests == (harvests_by_groups(state, p) if a_open else [])
                    assert list(legal_view(state)) == whole
                    for k in {0, len(whole) // 2, len(whole) - 1}:
                        assert frame.pick(state, lambda _rng, _n, k=k: k, None) == whole[k]
                    turns += 1
                advance(state, step)
    assert turns > 300
