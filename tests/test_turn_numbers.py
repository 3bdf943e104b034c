"""Turn numbers are judged against the count of turns (issue 29, item 2): a number out of
sequence is one error, the lines after it are judged right; two swapped turns are one
diagnostic that says so, with help that moves the lines back."""

from __future__ import annotations

from keyharvest.formats.records import format_record
from keyharvest.play.selfplay import selfplay_game
from tests.cli_util import kh

TEXT = format_record(selfplay_game(3, 7, 0, max_turns=400))
LINES = TEXT.split("\n")


def _row(turn: int) -> int:
    """The index in LINES of turn ``turn``'s header."""
    return next(i for i, line in enumerate(LINES) if line.startswith(f"{turn}. "))


def _errors(text: str) -> list[str]:
    run = kh("validate", "--format", "json", "-", input=text)
    assert run.code == 1
    return [d["message"] for r in run.results() for d in r.get("diagnostics", [])]


def _turn_of_one_line() -> int:
    return next(t for t in range(5, 80) if not LINES[_row(t) + 1].startswith(" ")
                and not LINES[_row(t + 1) + 1].startswith(" "))


def test_two_swapped_turn_lines_are_one_diagnostic_that_says_so() -> None:
    t = _turn_of_one_line()
    i = _row(t)
    lines = LINES[:]
    lines[i], lines[i + 1] = lines[i + 1], lines[i]
    run = kh("validate", "-", input="\n".join(lines))
    assert run.code == 1
    assert f"<stdin>:{i + 1}:1: error: turns {t} and {t + 1} look swapped: turn {t + 1} is " \
           f"written first (line {i + 1}), turn {t} after it (line {i + 2})" in run.err
    assert f"help: move line {i + 2} before line {i + 1}" in run.err
    assert run.err.count("error") == 1  # nothing on the swapped lines or the line after


def test_swapped_turns_of_several_lines_are_moved_whole() -> None:
    t = next(t for t in range(5, 80) if LINES[_row(t) + 1].startswith(" "))
    a, b, c = _row(t), _row(t + 1), _row(t + 2)
    lines = LINES[:a] + LINES[b:c] + LINES[a:b] + LINES[c:]
    messages = _errors("\n".join(lines))
    assert messages == [(f"turns {t} and {t + 1} look swapped: turn {t + 1} is written first "
                        f"(line {a + 1}), turn {t} after it (line {a + 1 + c - b})")]
    run = kh("validate", "-", input="\n".join(lines))
    assert f"help: move lines {a + 1 + c - b}-{c} before line {a + 1}" in run.err


def test_a_wrong_number_is_one_error_and_the_next_lines_are_judged_by_the_count() -> None:
    t = _turn_of_one_line()
    i = _row(t)
    lines = LINES[:]
    lines[i] = lines[i].replace(f"{t}.", f"{t + 40}.", 1)
    assert _errors("\n".join(lines)) == [f"turn {t + 40} is out of sequence: this is turn {t}"]


def test_numbers_that_run_on_from_a_wrong_one_are_one_error() -> None:
    # a turn line left out: the numbers after it follow the written ones, one error
    t = _turn_of_one_line()
    i = _row(t)
    lines = LINES[:i] + LINES[i + 1:]
    messages = _errors("\n".join(lines))
    # (issue 48: named as what it is, the turn left out, when the turns replay)
    assert messages[0].startswith("a turn seems to be missing before line "), messages[0]
    assert messages[0].endswith(f"'s turn {t} is not written"), messages[0]
    assert not any("out of sequence" in m for m in messages[1:])
