"""The turn listing's remembered and incremental answers (``rules.actions``: the groups
of ``_parts``, the harvests listed, the plays counted) against the plain computations
they stand for, over random boards (hypothesis: tiles placed one at a time, so the
answers worked out from the board less its last tile are used) and played games."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from keyharvest.formats.boardfile import standard_board
from keyharvest.model.state import PlayerState, State, Turn
from keyharvest.play.selfplay import selfplay_game
from keyharvest.rules import advance, memo
from keyharvest.rules.actions import (
    NUMBER,
    TurnFrame,
    _bids,
    _count_plays,
    _harvest_choices,
    _list_bids,
    _nth_space,
    _parts,
    _touch_masks,
    new_game,
)
from keyharvest.rules.fields import groups
from keyharvest.rules.placement import legal_spaces

BOARD = standard_board()


def harvests_by_groups(state: State, p: PlayerState) -> list[tuple[str, ...]]:
    """The harvests listed, from ``fields.groups`` (the plain computation)."""
    out: list[tuple[str, ...]] = []
    for g in groups(state, p):
        fresh = sorted(r for r in g if not p.tiles[r])
        if fresh:
            out.append(tuple(fresh))
            if len(fresh) > 1:
                out.extend((r,) for r in fresh)
    return out


def lone_state(p: PlayerState) -> State:
    return State(board=BOARD, players=[p], stock=[10] * 5, registry=[], bag=set(),
                 turn=Turn(0))


@settings(max_examples=300, deadline=None)
@given(st.permutations(BOARD.order), st.integers(0, 30), st.data())
def test_parts_and_harvests_equal_the_groups_tile_by_tile(order, n, data) -> None:
    memo.clear()
    p = PlayerState("red")
    state = lone_state(p)
    for ref in order[:n]:
        p.tiles[ref] = data.draw(st.booleans())
        tiles = tuple(p.tiles)
        assert [list(g) for g, _ in _parts(BOARD, tiles)] == [
            sorted(g) for g in groups(state, p)]
        assert all(alone == ([(r,) for r in g] if len(g) > 1 else [])
                   for g, alone in _parts(BOARD, tiles))
        assert _harvest_choices(BOARD, p, tiles) == harvests_by_groups(state, p)
    # and worked out cold, with no board less a tile remembered
    memo.clear()
    tiles = tuple(p.tiles)
    assert [list(g) for g, _ in _parts(BOARD, tiles)] == [sorted(g) for g in groups(state, p)]


def test_the_harvests_counted_in_played_games_are_those_of_the_groups() -> None:
    turns = 0
    for players, seed in ((2, 41), (3, 42), (4, 43)):
        for i in range(3):
            record = selfplay_game(players, seed, i)
            state = new_game(record.setup, BOARD)
            for step in record.steps:
                frame = state.stack[-1]
                if type(frame) is TurnFrame and state.result is None:
                    p = state.players[state.turn.player]
                    choices = frame._count(state, p)[0]
                    if "a" in frame._open(state):
                        assert list(choices) == harvests_by_groups(state, p)
                        turns += 1
                advance(state, step)
    assert turns > 300


LETTER_OF = {}
for _letter, _number in sorted(NUMBER.items()):
    LETTER_OF.setdefault(_number, _letter)


@settings(max_examples=300, deadline=None)
@given(st.permutations(BOARD.order), st.integers(0, 25), st.data())
def test_the_plays_counted_and_built_are_those_of_legal_spaces(order, n, data) -> None:
    """Tiles placed one at a time (so the masks are worked out from the board less its
    last tile), then workers anywhere off the tiles (legal or not: the count and the
    placement rule must agree on any board)."""
    memo.clear()
    p = PlayerState("red")
    state = lone_state(p)
    for ref in order[:n]:
        p.tiles[ref] = False
        _touch_masks(BOARD, tuple(p.tiles))
    free = order[n:]
    for space in data.draw(st.lists(st.sampled_from(free), max_size=6, unique=True)
                           if free else st.just([])):
        p.workers[space] = data.draw(st.sampled_from(sorted(NUMBER)))
    tiles = tuple(p.tiles)
    for warm in (True, False):
        if not warm:
            memo.clear()
        counted = _count_plays(BOARD, p, tiles)
        for number, letter in LETTER_OF.items():
            spaces = legal_spaces(state, p, letter)
            assert counted[number] == len(spaces)
            assert [_nth_space(BOARD, p, number, i) for i in range(len(spaces))] == spaces


@given(st.lists(st.integers(0, 5), min_size=5, max_size=5), st.booleans())
def test_the_bids_remembered_by_the_crops_held_are_those_of_the_screen(screen, warm) -> None:
    if not warm:
        memo.clear()
    p = PlayerState("red", screen=screen)
    assert _bids(p) == _list_bids(p)
