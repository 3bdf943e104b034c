"""Every independent error at once (issue 14): a record with N typos reports N, each at its
line; a position with N bad values reports N; ``--max-errors`` and the count line."""

from __future__ import annotations

import random
import re

import pytest
from cli_util import FINAL_TABLE, FOUR, THREE, TWO, kh

from keyharvest.errors import NotationError, PositionError, every_error
from keyharvest.formats.positions import load_position
from keyharvest.formats.records import load_records

#: A misspelling of each step word that is no step word (nor a colour).
TYPOS = {"harvest": "harvset", "offer": "ofer", "play": "paly", "buy": "byu", "remove": "remvoe",
         "draw": "drwa", "end": "edn", "pass": "pas", "replace": "replcae", "pay": "pya",
         "gain": "gian", "take": "taek", "swap": "sawp", "give": "giev", "flip": "filp"}
#: The first step word after the header or the indentation of a movetext line.
FIRST_STEP = re.compile(r"^((?:\d+\. )?(?:[a-z]+: )?|\s+(?:[a-z]+: )?)([a-z]+)\b")


def with_typos(text: str, k: int, rng: random.Random) -> tuple[str, list[int]]:
    """``text`` with the first step word of ``k`` random movetext lines misspelt, and the
    numbers of those lines."""
    lines = text.split("\n")
    body = lines.index("+++", 1) + 1
    candidates = [i for i in range(body, len(lines))
                  if (m := FIRST_STEP.match(lines[i])) and m.group(2) in TYPOS]
    chosen = sorted(rng.sample(candidates, k))
    for i in chosen:
        m = FIRST_STEP.match(lines[i])
        assert m is not None
        lines[i] = lines[i][:m.start(2)] + TYPOS[m.group(2)] + lines[i][m.end(2):]
    return "\n".join(lines), [i + 1 for i in chosen]


@pytest.mark.parametrize("seed", range(12))
def test_a_record_with_n_independent_typos_reports_n(seed: int) -> None:
    rng = random.Random(seed)
    path = rng.choice([TWO, THREE, FOUR])
    k = rng.randint(1, 6)
    text, rows = with_typos(path.read_text(encoding="utf-8"), k, rng)
    with pytest.raises(NotationError) as info:
        load_records(text, "game.kh")
    found = every_error(info.value)
    assert [e.span.line for e in found] == rows, [str(e) for e in found]
    assert all(e.message.startswith("unknown step") for e in found)
    # the single-error reading stops at the first, the same error
    with pytest.raises(NotationError) as one:
        load_records(text, "game.kh", max_errors=1)
    assert one.value.also == () and one.value.message == found[0].message
    assert one.value.span == found[0].span


FRONT = """+++
players = ["red", "gren"]
start = "red"
registry = ["A1", "B3", "C4", "D5", "E2", "F7"]
colour = "blue"

[tiles]
red = ["B6", "G1"]
green = ["A2", "E6"]

[crops]
red = ["wheat", "vine", "hops"]
green = ["apples", "wheet", "wheat"]
+++
1. red: harvest B6; ofer C7 for wheat
2. green: harvest A2; offer C4 for vine
"""


def test_every_front_matter_problem_then_every_movetext_problem() -> None:
    with pytest.raises(NotationError) as info:
        load_records(FRONT, "club.kh")
    got = [(e.span.line, e.message) for e in every_error(info.value)]
    assert got == [  # unknown keys first, then the setup's keys in the order of RULES.md B
        (5, "unknown key 'colour'"),
        (2, "players: unknown player 'gren'"),
        (12, "crops.red: unknown crop 'vine'"),
        (13, "crops.green: unknown crop 'wheet'"),
        (15, "unknown step 'ofer'"),
        (16, "unknown crop 'vine'"),
    ]


def test_setup_problems_are_all_reported() -> None:
    text = FRONT.replace('"gren"', '"green"').replace('colour = "blue"\n', "").replace(
        "vine", "wine").replace("wheet", "vegetables").replace('"A2", "E6"', '"A2", "E7"').replace(
        '"A1", "B3"', '"B6", "B3"')
    with pytest.raises(NotationError) as info:
        load_records(text, "club.kh")
    got = [(e.rule, e.message) for e in every_error(info.value)]
    assert got == [("B.5", "tiles.green: A2 E7 is not a starting pair of the board"),
                   ("B.7", "registry: tile B6 is a player's starting tile"),
                   (None, "unknown step 'ofer'")], got


def test_validate_prints_every_error_and_a_count_line(tmp_path) -> None:
    bad = tmp_path / "club.kh"
    bad.write_text(FRONT, encoding="utf-8")
    r = kh("validate", bad)
    assert r.code == 1
    assert r.err.count(": error") == 6
    assert r.err.rstrip().endswith(f"6 errors in game 1 of {bad}")
    r = kh("validate", bad, "--max-errors", "2")
    assert r.code == 1 and r.err.count(": error") == 2
    assert r.err.rstrip().endswith(f"2 errors in game 1 of {bad} (the first 2: "
                                   "--max-errors N shows more)")
    j = kh("validate", bad, "--format", "json")
    assert len(j.results()[0]["diagnostics"]) == 6 and j.err == ""
    assert kh("validate", bad, "--max-errors", "0").code == 2


def test_a_single_error_has_no_count_line(tmp_path) -> None:
    one = tmp_path / "one.kh"
    one.write_text(TWO.read_text(encoding="utf-8").replace("5. green: remove B",
                                                           "5. green: remvoe B"))
    r = kh("validate", one)
    assert r.code == 1 and r.err.count(": error") == 1 and " errors in " not in r.err


POSITION = FINAL_TABLE.read_text(encoding="utf-8")


def test_a_position_with_n_bad_values_reports_n() -> None:
    text = (POSITION.replace("A6 A7 A8", "A6 Z7 A8").replace('D6 = "F"', 'D6 = "Q"')
            .replace("hops hops apples", "hops hopz apples")
            .replace("[green]", "[green]\ncrop = 1"))
    with pytest.raises(PositionError) as info:
        load_position(text, "final.toml")
    got = [e.message for e in every_error(info.value)]
    assert got == ["no space Z7 on the board", "'Q' is not a worker (A to L)",
                   "unknown crop 'hopz'", "unknown key 'crop'"], got
    r = kh("validate", "-", input=text)
    assert r.code == 1 and r.err.count(": error") == 4
    assert "4 errors in position <stdin>" in r.err


def test_score_shows_every_error_of_a_record(tmp_path) -> None:
    bad = tmp_path / "club.kh"
    bad.write_text(FRONT, encoding="utf-8")
    r = kh("score", bad)
    assert r.code == 1 and r.err.count(": error") == 6


def test_a_rule_error_before_the_first_typo_is_reported_too() -> None:
    text = (TWO.read_text(encoding="utf-8")
            .replace("8. red: remove B; buy F5 from red", "8. red: remove B; buy F5 from green")
            .replace("11. green: remove A", "11. green: remvoe A"))
    with pytest.raises(NotationError) as info:
        load_records(text, "game.kh")
    found = every_error(info.value)
    assert [(e.span.line, e.rule) for e in found] == [(34, None), (29, "C.4")]
    assert found[1].alternatives[0] == "buy F5 from red"  # type: ignore[attr-defined]
    # a rule error after the first typo is not judged: the steps in between may be missing
    later = (TWO.read_text(encoding="utf-8")
             .replace("11. green: remove A", "11. green: remvoe A")
             .replace("12. red: end", "12. red: buy A1 from red"))
    with pytest.raises(NotationError) as info:
        load_records(later, "game.kh")
    assert [e.span.line for e in every_error(info.value)] == [34]


def test_a_setup_that_cannot_start_is_not_replayed() -> None:
    # found by the fuzz run: a bad max_turns and a typo; the partial replay must not run
    text = TWO.read_text(encoding="utf-8").replace("max_turns = 240", "max_turns = 0").replace(
        "11. green: remove A", "11. green: remvoe A")
    with pytest.raises(NotationError) as info:
        load_records(text, "game.kh")
    found = every_error(info.value)
    assert [(e.rule, e.span is not None) for e in found] == [("I.10", True), (None, True)]
