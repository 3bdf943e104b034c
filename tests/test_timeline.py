"""Points of a record (``--to``) and the table at one (keyharvest.play.replay)."""

from __future__ import annotations

import pytest
from cli_util import FINAL_TABLE, THREE, TWO

from keyharvest.errors import KeyHarvestError, NotationError
from keyharvest.formats.records import load_records, read_source, replay
from keyharvest.model.steps import EndTurn
from keyharvest.play.replay import END, Point, at_point, choose_record, locate, parse_point, sniff


@pytest.mark.parametrize("text, point", [
    ("12", Point("step", 12)), (" 0 ", Point("step", 0)), ("start", Point("step", 0)),
    ("end", END), ("END", END), ("turn 5", Point("turn", 5)),
    ("Turn 5 Red", Point("turn", 5, "red")),
    ("turn 5: red", Point("turn", 5, "red")), ("turn7", Point("turn", 7)),
])
def test_parse_point(text: str, point: Point) -> None:
    assert parse_point(text) == point


@pytest.mark.parametrize("text", ["", "-1", "1.5", "turn", "turn 0", "turn 2 purple", "step"])
def test_parse_point_refuses(text: str) -> None:
    with pytest.raises(ValueError):
        parse_point(text)


def test_sniff() -> None:
    assert sniff("# a comment\n\n+++\n") == "record"
    assert sniff("") == "record"
    assert sniff("# a position\n[red]\n") == "position"
    assert sniff(FINAL_TABLE.read_text()) == "position"


def test_turn_t_is_after_the_end_of_turn_t_minus_1() -> None:
    record = load_records(read_source(TWO), str(TWO))[0]
    states = replay(record, each=True).states
    for t in (1, 2, 7, 30):
        at = at_point(record, Point("turn", t))
        assert at.state.turn.number == t and at.state.turn.used == ""
        if t > 1:
            assert isinstance(record.steps[at.step - 1], EndTurn)
            assert states[at.step - 1].turn.number == t - 1


def test_locate_a_record_and_a_position() -> None:
    at = locate(read_source(TWO), str(TWO), Point("step", 3), each=True)
    assert at.kind == "record" and at.step == 3 and len(at.states) == 4
    assert [label for label, _ in at.frames()][:2] == ["start", "green: offer B8 for hops wine"]
    pos = locate(read_source(FINAL_TABLE), str(FINAL_TABLE))
    assert pos.kind == "position" and pos.result == "finished" and not pos.position.complete
    with pytest.raises(KeyHarvestError, match="a position"):
        locate(read_source(FINAL_TABLE), str(FINAL_TABLE), Point("step", 1))


def test_choose_record() -> None:
    text = read_source(TWO) + "\n" + read_source(THREE)
    record, number, count = choose_record(text, "both.kh")
    assert number == 1 and count == 2 and record.players == ("red", "green")
    record, number, count = choose_record(text, "both.kh", 2)
    assert len(record.players) == 3
    with pytest.raises(KeyHarvestError, match="holds 2 records, not a game 5"):
        choose_record(text, "both.kh", 5)
    with pytest.raises(NotationError):
        choose_record("+++\n", "bad.kh")
