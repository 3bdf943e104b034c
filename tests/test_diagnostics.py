"""Diagnostics: golden texts for typical typos at the table (syntax, names, front matter,
rules), errors as values with JSON, and the mapping of rule errors back to the file."""

from __future__ import annotations

import json

import pytest
from test_records import HEAD, MOVES

from keyharvest.errors import IllegalStep, KeyHarvestError, NotationError, PositionError, Span
from keyharvest.formats.diagnostics import Diagnostic, diagnose, diagnose_violations
from keyharvest.formats.positions import load_position
from keyharvest.formats.records import load_records, replay

BASE = HEAD + MOVES + "3. red: buy A1 from red\n"
SOURCE = "games/club.kh"


def diagnostic_of(text: str) -> Diagnostic:
    """The diagnostic of the first problem of ``text``: reading, then replaying."""
    try:
        (record,) = load_records(text, SOURCE)
    except KeyHarvestError as exc:
        return diagnose(exc, text, SOURCE)
    done = replay(record)
    assert done.error is not None, "the record is valid"
    return diagnose(done.error, text, SOURCE)


#: (what the record says, the typo, the expected diagnostic)
GOLDEN = [
    ('harvest B6;', 'harvets B6;', '''\
games/club.kh:15:9: error: unknown step 'harvets'
   15 | 1. red: harvets B6; offer A1 for wheat; draw B3
      |         ^^^^^^^
      = help: did you mean 'harvest'?'''),
    ('offer A1 for wheat', 'offer A1 for wheet', '''\
games/club.kh:15:34: error: unknown crop 'wheet'
   15 | 1. red: harvest B6; offer A1 for wheet; draw B3
      |                                  ^^^^^
      = help: did you mean 'wheat'?'''),
    ('2. green: harvest A2', '2. gren: harvest A2', '''\
games/club.kh:16:4: error: unknown player 'gren'
   16 | 2. gren: harvest A2
      |    ^^^^
      = help: did you mean 'green'?'''),
    ('2. green: harvest A2', '2. green: harvest A22', '''\
games/club.kh:16:19: error: no space A22 on the board
   16 | 2. green: harvest A22
      |                   ^^^
      = help: did you mean 'A8'? (row A holds A1 to A8)'''),
    ('2. green: harvest A2', '2. green: harvest H2', '''\
games/club.kh:16:19: error: no space H2 on the board
   16 | 2. green: harvest H2
      |                   ^^
      = help: the rows are A to G'''),
    ('3. red: buy A1 from red', '3. red: buy A1 from green', '''\
games/club.kh:17:9: error[C.4]: red cannot buy A1 from green: it is in red's store
   17 | 3. red: buy A1 from green
      |         ^^^^^^^^^^^^^^^^^
      = help: write 'buy A1 from red', 'play A at A5', 'play A at A6', 'play A at B5' or 'play A at B7' instead of 'buy A1 from green', the step played: the record does not say which (more than 5 fit the rest of it)'''),
    ('3. red: buy A1 from red', '3. red: play M at B2', '''\
games/club.kh:17:14: error: M is an event, not a worker
   17 | 3. red: play M at B2
      |              ^
      = help: workers are A to L'''),
    ('3. red: buy A1 from red', '3. red: play apprentise at B2', '''\
games/club.kh:17:14: error: unknown worker 'apprentise'
   17 | 3. red: play apprentise at B2
      |              ^^^^^^^^^^
      = help: did you mean 'apprentice'?'''),
    ('3. red: buy A1 from red', '3. red: buy A1 from', '''\
games/club.kh:17:20: error: unexpected end of line: expected a player
   17 | 3. red: buy A1 from
      |                    ^'''),
    ('3. red: buy A1 from red', '3. red: buy A1 red', '''\
games/club.kh:17:16: error: unexpected 'red': expected 'from'
   17 | 3. red: buy A1 red
      |                ^^^'''),
    ('3. red: buy A1 from red', '4. red: buy A1 from red', '''\
games/club.kh:17:1: error: turn 4 is out of sequence: this is turn 3
   17 | 4. red: buy A1 from red
      | ^
      = help: write '3.' or leave the number out'''),
    ('3. red: buy A1 from red', '3. red buy A1 from red', '''\
games/club.kh:17:8: error: expected ':' after the player 'red'
   17 | 3. red buy A1 from red
      |        ^^^'''),
    ('3. red: buy A1 from red', '3. red: buy A1 from red @', '''\
games/club.kh:17:25: error: unexpected character '@': expected 'for', ';' or the end of the line
   17 | 3. red: buy A1 from red @
      |                         ^'''),
    ('3. red: buy A1 from red', '3. red: draw Apprentice', '''\
games/club.kh:17:14: error: Apprentice is a worker, not an event
   17 | 3. red: draw Apprentice
      |              ^^^^^^^^^^
      = help: events are M to Z'''),
    ('3. red: buy A1 from red', '3. red: pay weat', '''\
games/club.kh:17:13: error: unknown crop 'weat'
   17 | 3. red: pay weat
      |             ^^^^
      = help: did you mean 'wheat'?'''),
    ('registry =', 'regsitry =', '''\
games/club.kh:5:1: error: unknown key 'regsitry'
    5 | regsitry = ["A1", "A3", "A4", "A5", "A6", "A7"]
      | ^^^^^^^^
      = help: did you mean 'registry'? (other metadata goes in a [meta] table)'''),
    ('start = "red"', 'start = "yelow"', '''\
games/club.kh:4:9: error: start: unknown player 'yelow'
    4 | start = "yelow"
      |         ^^^^^^^
      = help: the players are red, green'''),
    ('red = ["wheat", "wine", "hops"]', 'red = ["wheat", "wine", "hopz"]', '''\
games/club.kh:12:7: error: crops.red: unknown crop 'hopz'
   12 | red = ["wheat", "wine", "hopz"]
      |       ^^^^^^^^^^^^^^^^^^^^^^^^^
      = help: did you mean 'hops'?'''),
    ('2. green: harvest A2', '2. green: harvest A2; draw Q', '''\
games/club.kh:16:23: error[C.1]: 'draw Q' seems to be one step too many: no draw is due: waiting for green to take an action or end the turn
   16 | 2. green: harvest A2; draw Q
      |                       ^^^^^^
      = help: delete this 'draw Q\''''),  # the one edit after which the record replays (issue 48)
    ('2. green: harvest A2', '2. green: harvest A2\n   red: pass', '''\
games/club.kh:17:9: error[C.1]: 'red: pass' seems to be one step too many: it is green's decision, not red's (waiting for green to take an action or end the turn)
   17 |    red: pass
      |         ^^^^
      = help: delete this 'red: pass\''''),  # the text to delete, colour and all
]


@pytest.mark.parametrize("right, typo, expected", GOLDEN, ids=[t for _, t, _ in GOLDEN])
def test_golden_diagnostics(right: str, typo: str, expected: str) -> None:
    assert right in BASE
    assert diagnostic_of(BASE.replace(right, typo, 1)).format() == expected


def test_the_base_record_is_valid() -> None:
    (record,) = load_records(BASE, SOURCE)
    assert replay(record).ok


def test_a_diagnostic_is_data_for_json() -> None:
    d = diagnostic_of(BASE.replace("3. red: buy A1 from red", "3. red: buy A1 from green"))
    data = d.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data == {
        "severity": "error", "kind": "rule", "source": SOURCE, "line": 17, "column": 9,
        "end_line": 17, "end_column": 26, "rule": "C.4",
        "message": "red cannot buy A1 from green: it is in red's store",
        "hint": "write 'buy A1 from red', 'play A at A5', 'play A at A6', 'play A at B5' or "
                "'play A at B7' instead of 'buy A1 from green', the step played: the record "
                "does not say which (more than 5 fit the rest of it)",
        "expected": [], "path": None, "excerpt": "3. red: buy A1 from green",
        "move": "red: buy A1 from green", "notes": [],
        "alternatives": ["buy A1 from red", "play A at G2", "offer A3 for wine",
                         "offer A4 for wine", "play A at A5"],
    }


def test_syntax_diagnostics_say_what_was_expected_in_words() -> None:
    d = diagnostic_of(BASE.replace("3. red: buy A1 from red", "3. red: buy A1 from"))
    assert d.kind == "syntax" and d.expected == ("a player",)
    assert not any("_" in w or w.isupper() for w in d.expected)


def test_an_implied_end_is_explained() -> None:
    # red's Apprentice waits for its use; the next header implies red's end too early
    d = diagnostic_of(HEAD + "1. red: play A at B7\n2. green: end\n")
    assert d.rule is not None
    assert d.notes and "ends the turn before it" in d.notes[0]


def test_setup_errors_carry_rule_and_path() -> None:
    d = diagnostic_of(BASE.replace('red = ["B6", "G1"]', 'red = ["B6", "G2"]'))
    # a setup against the rules of RULES.md B is of the kind "rule" (a key or value that
    # does not fit, "schema")
    assert (d.rule, d.path, d.kind, d.line, d.column) == ("B.5", "tiles.red", "rule", 8, 7)
    assert d.format().startswith("games/club.kh:8:7: error[B.5]: tiles.red: B6 G2 is not a "
                                 "starting pair of the board")


def test_position_errors_and_violations() -> None:
    text = "[red]\ntils = 'A1'\n[green]\n"
    with pytest.raises(PositionError) as err:
        load_position(text, "p.toml")
    d = diagnose(err.value, text)
    assert d.format() == (
        "p.toml:2:1: error: red.tils: unknown key 'tils'\n"
        "    2 | tils = 'A1'\n"
        "      | ^^^^\n"
        "      = help: did you mean 'tiles'?")
    pos = load_position("[red]\ntiles = 'A1'\n[green]\ntiles = 'A1'\n", "p.toml")
    ds = diagnose_violations(pos.problems, "p.toml")
    assert [d.format() for d in ds] == ["p.toml: error[J]: field tile A1 is in 2 places at once"]


def test_an_error_without_a_place() -> None:
    d = diagnose(IllegalStep("C.1", "no"), None, "x.kh")
    assert d.format() == "x.kh: error[C.1]: no"
    d = diagnose(NotationError("bad", Span(3, 2, 3, 4)), "a\nb\ncdef", "y.kh")
    assert d.format() == "y.kh:3:2: error: bad\n    3 | cdef\n      |  ^^"
    assert diagnose(ValueError("boom")).kind == "internal"
