"""``-`` is a standard stream wherever a command line names a file (issue 49, item 3):
standard input for the files a command reads, standard output for ``selfplay --out``;
where a stream cannot serve (the report already holds stdout, a board read again for each
record, a file resumed), ``-`` is a usage error (exit 2) that says why, and no file named
``-`` is ever made. A test for each option that takes a path."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_util import FINAL_TABLE, TWO, kh

REFUSED = "'-' (a standard stream) cannot be used here"
RECORD = TWO.read_text()


@pytest.fixture(autouse=True)
def _in_a_folder_of_its_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def _refused(run: object, option: str) -> None:
    assert run.code == 2, run  # type: ignore[attr-defined]
    assert REFUSED in run.err and option in run.err, run  # type: ignore[attr-defined]
    assert not Path("-").exists()


# -- reading: FILE arguments read standard input ------------------------------------------
@pytest.mark.parametrize("args", [
    ["validate", "-"], ["replay", "-"], ["score", "-"], ["moves", "-"], ["fmt", "-"],
    ["diff", TWO, "-"], ["render", "-", "-o", "game.html"],
])
def test_a_file_argument_of_dash_reads_standard_input(args: list[object]) -> None:
    run = kh(*args, input=RECORD)
    assert run.code == 0, run
    assert not Path("-").exists()
    named = kh(*[TWO if a == "-" else a for a in args])  # the same, the file named
    assert run.out.replace("<stdin>", str(TWO)) == named.out


def test_board_of_dash_reads_standard_input() -> None:
    text = (Path(__file__).resolve().parent.parent / "keyharvest" / "data" / "board.toml")
    run = kh("board", "-", input=text.read_text())
    assert run.code == 0, run
    assert run.out == kh("board").out


def test_score_reads_a_position_from_standard_input() -> None:
    run = kh("score", "-", input=FINAL_TABLE.read_text())
    assert run.code == 0 and "winner:" in run.out, run


# -- writing: selfplay --out - is standard output -----------------------------------------
def test_selfplay_out_dash_writes_the_records_to_standard_output() -> None:
    run = kh("selfplay", "-p", 2, "-s", 3, "-o", "-")
    assert run.code == 0, run
    assert run.out.startswith("+++") and not Path("-").exists()


# -- refused, with the reason ---------------------------------------------------------------
def test_validate_rejects_dash_is_refused() -> None:
    _refused(kh("validate", TWO, "--rejects", "-"), "--rejects")


@pytest.mark.parametrize("command", [
    ["validate", TWO], ["replay", TWO], ["score", TWO], ["moves", TWO], ["fmt", TWO],
    ["diff", TWO, TWO], ["render", TWO, "-o", "game.html"], ["hint", TWO], ["analyse", TWO],
])
def test_board_dash_is_refused(command: list[object]) -> None:
    _refused(kh(*command, "--board", "-"), "--board")


def test_render_out_dash_is_refused() -> None:
    _refused(kh("render", TWO, "-o", "-"), "--out")


def test_arena_out_dash_is_refused() -> None:
    _refused(kh("arena", "random", "random", "-n", 1, "-o", "-"), "--out")


def test_record_file_and_setup_dash_are_refused() -> None:
    _refused(kh("record", "-", "--players", "red,green"), "FILE")
    _refused(kh("record", "game.kh", "--setup", "-"), "--setup")
