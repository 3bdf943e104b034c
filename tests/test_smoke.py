"""A quick end-to-end check that the engine plays whole games (C–G) and keeps J."""

import random

from builders import random_step, snapshot, table

import keyharvest as kh
from keyharvest.rules import advance
from keyharvest.rules.invariants import check


def play_random(n: int, seed: int) -> kh.State:
    rng = random.Random(seed)
    s = kh.random_game(n, rng, max_turns=400)
    while not s.is_over:
        step = random_step(s, rng)
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
