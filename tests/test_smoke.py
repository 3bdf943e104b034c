"""A quick end-to-end check that the engine plays whole games (C–G) and keeps J."""

import random

from builders import snapshot, table

import keyharvest as kh
from keyharvest.model.steps import Draw, EndTurn
from keyharvest.rules import advance, representative_steps
from keyharvest.rules.invariants import check


def play_random(n: int, seed: int) -> kh.State:
    rng = random.Random(seed)
    s = kh.random_game(n, rng, max_turns=400)
    while not s.is_over:
        if s.pending.kind == "chance":
            step = Draw(rng.choice(sorted(i for i in s.bag if s.can_draw(i))))
        else:
            ls = representative_steps(s)
            others = [x for x in ls if not isinstance(x, EndTurn)]
            step = rng.choice(others) if others and rng.random() < 0.8 else rng.choice(ls)
        advance(s, step)
        assert check(s) == []
    return s


def test_random_games_reach_the_end_and_keep_the_invariants():
    for n in (2, 3, 4):
        s = play_random(n, n)
        assert s.result == "finished"
        assert len(s.track) == 10
        sc = kh.score(s)
        assert len(sc.players) == n


def test_builder_makes_a_consistent_table():
    s = table({"red": dict(tiles="B6 B7", crops="wheat"), "green": dict(tiles="A2")},
              registry="A1 A3 A4 A5 A6 A7")
    assert check(s) == []
    assert snapshot(s) == snapshot(s.copy())


def test_all_lists_every_lazy_export():
    assert sorted(kh.__all__) == sorted(kh._EXPORTS)
    for name in kh.__all__:
        assert getattr(kh, name) is not None
