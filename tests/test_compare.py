"""Comparing records and positions (keyharvest.play.compare)."""

from __future__ import annotations

from cli_util import TWO, TWO_MOVE, edited

from keyharvest.formats.records import load_record, read_source, replay
from keyharvest.model.steps import Draw
from keyharvest.play.compare import (
    MISSING,
    Difference,
    compare_records,
    diff_data,
    first_divergence,
)


def test_first_divergence() -> None:
    a = [Draw("A1"), Draw("A2"), Draw("A3")]
    assert first_divergence(a, list(a)) is None
    assert first_divergence(a, [Draw("A1"), Draw("B2")]) == 1
    assert first_divergence(a, a[:2]) == 2
    assert first_divergence([], a) == 0


def test_diff_data_walks_tables_and_lists_of_tables() -> None:
    a = {"x": 1, "t": {"p": [1, 2]}, "s": [{"tile": "A1"}], "only_a": True}
    b = {"x": 1, "t": {"p": [2, 1]}, "s": [{"tile": "A2"}, {"tile": "B1"}], "only_b": 0}
    assert diff_data(a, b) == [
        Difference("t.p", [1, 2], [2, 1]),
        Difference("s[0].tile", "A1", "A2"),
        Difference("s[1]", MISSING, {"tile": "B1"}),
        Difference("only_a", True, MISSING),
        Difference("only_b", MISSING, 0),
    ]
    assert diff_data(a, a) == []
    assert diff_data({"n": 1}, {"n": True}) == [Difference("n", 1, True)]


def test_describe() -> None:
    assert Difference("bag", ["A1", "B2"], ["B2", "C3"]).describe("A", "B") == \
        "bag: only in A: A1; only in B: C3"
    assert Difference("track", ["Q", "N"], ["N", "Q"]).describe() == \
        "track: the same items in another order: a [Q N], b [N Q]"
    assert Difference("turn.used", "", "ab").describe() == 'turn.used: a "", b ab'
    assert Difference("x", MISSING, 3).to_dict() == {"path": "x", "a": None, "b": 3}


def test_compare_records() -> None:
    a = load_record(read_source(TWO), "a.kh")
    same = compare_records(a, load_record(read_source(TWO), "b.kh"))
    assert same.same_game and same.split is None and not same.at_end
    b = load_record(edited(TWO, TWO_MOVE, "4. red: harvest F4; play A at E4; pass"), "b.kh")
    c = compare_records(a, b)
    assert not c.same_game and c.split == 17 and c.a.turn == c.b.turn == 4
    assert str(c.a.step) == "red: play A at E4" and str(c.b.step) == "red: harvest F4"
    assert any(d.path == "red.harvested" for d in c.at_split)
    assert c.at_end == [] and c.a.final.result == "finished"
    end = replay(a).state
    assert c.a.final.steps == end.steps
