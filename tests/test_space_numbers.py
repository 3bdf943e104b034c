"""Space numbers (issue 29, item 7): a space may be written as its number, 1-56 in the board
file's order (``Board.numbered``, as ``keyharvest board`` lists them), wherever a board
reference is accepted; the steps hold references, so ``fmt`` writes references."""

from __future__ import annotations

import re

import pytest

from keyharvest.errors import NotationError
from keyharvest.formats.boardfile import standard_board
from keyharvest.model.steps import Buy, Draw, Harvest, Play, Replace, Swap
from keyharvest.notation import parse_step, parse_steps
from tests.cli_util import ROOT, TWO, kh

BOARD = standard_board()
PLAYERS = ["red", "green"]


def test_numbers_run_in_the_board_files_order() -> None:
    in_file = re.findall(r"^([A-Z][0-9]+) =", (ROOT / "keyharvest" / "data" / "board.toml")
                         .read_text(encoding="utf-8"), re.MULTILINE)
    assert list(BOARD.numbered) == in_file
    assert len(BOARD.numbered) == 56 and BOARD.numbered[11] == "B5"


def test_the_users_example_line_parses_into_engine_steps() -> None:
    steps = parse_steps("red: harvest 12,13; buy B7 from red", players=PLAYERS, board=BOARD)
    assert steps == [Harvest("red", ("B5", "B6")), Buy("red", "B7", "red")]


@pytest.mark.parametrize(("text", "step"), [
    ("red: play A at 1", Play("red", "A", "A1")),
    ("red: play A at 56", Play("red", "A", "G8")),
    ("red: replace A at 12", Replace("red", "A", "B5")),
    ("red: swap 9 for 10 from green", Swap("red", "B2", "B3", "green")),
    ("red: harvest 14, B5", Harvest("red", ("B7", "B5"))),
    ("draw 17", Draw("C1")),
])
def test_a_number_is_accepted_wherever_a_reference_is(text: str, step: object) -> None:
    assert parse_step(text, players=PLAYERS, board=BOARD) == step


@pytest.mark.parametrize("text", ["red: play B6", "red: play B 6", "red: replace A 12"])
def test_a_number_after_a_worker_needs_at(text: str) -> None:
    """'play B6' names worker B and no space (a reference needs its letter): it is not
    read as worker B at space 6 (A6); a number after a worker is written after 'at'."""
    with pytest.raises(NotationError, match="expected 'at'"):
        parse_step(text, players=PLAYERS, board=BOARD)


@pytest.mark.parametrize("number", ["0", "57", "123456789"])
def test_a_number_off_the_board_is_an_error_that_says_how_they_run(number: str) -> None:
    with pytest.raises(NotationError, match=f"no space '{number}' on the board") as info:
        parse_step(f"red: harvest {number}", players=PLAYERS, board=BOARD)
    assert info.value.hint == "the spaces are numbered 1 to 56 (keyharvest board)"


def test_cli_reads_numbers_and_fmt_writes_references(tmp_path: object) -> None:
    from pathlib import Path

    text = TWO.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if re.search(r"harvest [A-G][0-9] ", x + " "))
    ref = re.search(r"harvest ([A-G][0-9])", line).group(1)  # type: ignore[union-attr]
    number = BOARD.numbered.index(ref) + 1
    path = Path(str(tmp_path)) / "numbers.kh"
    path.write_text(text.replace(line, line.replace(f"harvest {ref}", f"harvest {number}", 1),
                                 1), encoding="utf-8")
    assert kh("validate", path).code == 0
    fmt = kh("fmt", path)
    assert fmt.code == 0 and fmt.out == kh("fmt", TWO).out  # references, as first written
    bad = path.read_text(encoding="utf-8").replace(f"harvest {number}", "harvest 99", 1)
    run = kh("validate", "-", input=bad)
    assert run.code == 1 and "no space '99' on the board" in run.err
    assert "numbered 1 to 56" in run.err


def test_board_shows_the_numbers() -> None:
    run = kh("board")
    assert run.code == 0
    assert "space numbers (the notation takes either): A1-A8 1-8, B2-B9 9-16," in run.out
    spaces = kh("board", "--format", "json").results()
    assert [x["number"] for x in spaces] == [BOARD.numbered.index(x["space"]) + 1
                                             for x in spaces]
