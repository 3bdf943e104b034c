"""Statistics of a collection (keyharvest.play.stats): quartiles from counts, Wilson
intervals by hand, seats counted from the start player, first steps, and what is counted
apart."""

from __future__ import annotations

import random
import statistics

import pytest
from test_standings import game

from keyharvest.play.batch import Report, UnitKind
from keyharvest.play.stats import Distribution, Stats


def test_quartiles_from_counts_are_the_inclusive_quantiles() -> None:
    rng = random.Random(51)
    for n in (1, 2, 3, 4, 5, 10, 101):
        values = [rng.randint(0, 40) for _ in range(n)]
        d = Distribution()
        for v in values:
            d.add(v)
        expected = (statistics.quantiles(values, n=4, method="inclusive") if n > 1
                    else [values[0]] * 3)
        got = [d.quantile(0.25), d.quantile(0.5), d.quantile(0.75)]
        assert got == pytest.approx(expected)
        assert d.mean() == pytest.approx(statistics.fmean(values))
    assert Distribution().summary() == {"n": 0}


def test_wilson_intervals_by_hand() -> None:
    # 3 wins in 10: p = 0.3, z = 1.96: centre (0.3 + 0.19208) / 1.38415 = 0.35551, half
    # 1.96 * sqrt(0.021 + 0.009604) / 1.38415 = 0.24773
    d = Stats()
    seats = [("red", "A", 10, 1, 1), ("green", "B", 5, 1, 1)]
    for i in range(10):
        order = seats if i < 3 else seats[::-1]  # the start player (first) wins 3 of 10
        d.add(game("2024-01-01", *order))
    (two, summary) = d.lines()
    first, second = two["seats"]
    assert (first["games"], first["wins"], first["win_share"]) == (10, 3, 0.3)
    assert (first["low"], first["high"]) == (pytest.approx(0.1078, abs=1e-4),
                                             pytest.approx(0.6032, abs=1e-4))
    assert (second["wins"], second["low"], second["high"]) == (
        7, pytest.approx(1 - 0.6032, abs=1e-4), pytest.approx(1 - 0.1078, abs=1e-4))
    assert summary == {"type": "summary", "ok": True, "finished": 10, "unfinished": 0,
                       "in_progress": 0, "bad": 0, "unreadable": 0, "positions": 0,
                       "skipped": 0, "files": 1}


def test_seats_turns_points_and_first_steps() -> None:
    a = game("2024-01-01", ("red", None, 30, 5, 1), ("green", None, 20, 5, 1),
             ("yellow", None, 10, 5, 1))
    # the start player is the second colour listed: seat 1 is green, seat 2 yellow, 3 red
    b = game(None, ("red", None, 10, 5, 1), ("green", None, 12, 5, 1),
             ("yellow", None, 12, 5, 1))
    b = type(b)(**{**b.__dict__, "start": "green", "turns": 90, "first": "harvest B6"})
    drawn = game(None, ("red", None, 9, 5, 1), ("green", None, 9, 5, 1))
    stats = Stats().add_all([a, b, drawn, Report(UnitKind.RECORD, "bad.kh", False)])
    two, three, everything, summary = stats.lines()
    assert [s["wins"] for s in three["seats"]] == [1.5, 0.5, 0]  # b's draw: green, yellow
    assert three["turns"] == {"n": 2, "mean": 85.0, "q1": 82.5, "median": 85.0, "q3": 87.5,
                              "min": 80, "max": 90}
    assert three["points"]["n"] == 6 and three["points"]["median"] == 12
    assert three["winner_points"]["n"] == 1 and three["draws"] == 1
    assert three["margin"]["max"] == 10 and three["margin"]["min"] == 0
    assert [(f["kind"], f["games"], f["wins"]) for f in three["first_kinds"]] == [
        ("end", 1, 1), ("harvest", 1, 0.5)]
    assert two["seats"][0]["wins"] == 0.5 and two["draws"] == 1
    assert everything["player_count"] == "all" and everything["games"] == 3
    assert summary["bad"] == 1 and summary["ok"] is False
