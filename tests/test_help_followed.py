"""Help that works when followed (issue 29, item 2): random mistakes (steps and lines
deleted, swapped, duplicated, retyped) in good self-play records; the first ``help:`` line
of each is followed literally (``benchmarks/helpcheck.py`` says how) and the record must
read further, never into a syntax error. A few hundred here; ``python
benchmarks/helpcheck.py 20000`` (or ``KEYHARVEST_HELPCHECK=20000`` here) runs many more."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from keyharvest.formats.diagnostics import Diagnostic

HERE = Path(__file__).resolve().parent.parent / "benchmarks" / "helpcheck.py"
COUNT = int(os.environ.get("KEYHARVEST_HELPCHECK", "240"))


def _helpcheck() -> ModuleType:
    spec = importlib.util.spec_from_file_location("keyharvest_helpcheck", HERE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (dataclasses look their module up)
    spec.loader.exec_module(module)
    return module


helpcheck = _helpcheck()


def test_following_the_first_help_reads_further_and_never_into_a_syntax_error() -> None:
    figures = helpcheck.check(COUNT, seed=2029)
    assert figures.mistakes == COUNT
    assert figures.helped > COUNT // 2 and figures.followable > COUNT // 2, figures.line()
    assert figures.failures == [], "\n\n".join(f"{k}\n{h}\n-> {a}" for k, h, a, _ in
                                               figures.failures[:3])
    assert figures.improved == figures.followable


def _diag(hint: str, line: int = 2, column: int = 1, end: int | None = None) -> Diagnostic:
    return Diagnostic("x", "game.kh", line, column, line, end, hint=hint)


def test_each_kind_of_help_is_followed_as_written() -> None:
    text = "a\n7. orange: play A at E4; harvest D9\nb"
    follow = helpcheck.follow
    assert follow(text, _diag("write 'pass' before 'harvest D9' (or 'harvest F4' instead "
                              "of it)", column=26)).split("\n")[1] == \
        "7. orange: play A at E4; pass; harvest D9"
    assert follow(text, _diag("write '7. green:' instead of '7. orange:'", column=12)).split(
        "\n")[1] == "7. green: play A at E4; harvest D9"
    assert follow(text, _diag("write '8.' or leave the number out")).split("\n")[1] == \
        "8. orange: play A at E4; harvest D9"
    assert follow(text, _diag("move line 3 before line 2")) == \
        "a\nb\n7. orange: play A at E4; harvest D9"
    assert follow(text, _diag("x: write 'pass' after 'play A at E4'", column=26)).split(
        "\n")[1] == "7. orange: play A at E4; pass; harvest D9"
    assert follow(text, _diag("the turn has ended: delete this 'harvest D9'", column=26)
                  ).split("\n")[1] == "7. orange: play A at E4"
    assert follow(text, _diag("write the line '1. red:' before line 2")) == \
        "a\n1. red:\n7. orange: play A at E4; harvest D9\nb"
    assert follow(text, _diag("delete line 2")) == "a\nb"
    assert follow(text, _diag("a refill draw is due: write 'draw <tile>'")) is None


def _movetext(text: str) -> int:
    """The index of the first movetext line of ``text``."""
    lines = text.split("\n")
    return [i for i, x in enumerate(lines) if x.strip() == "+++"][1] + 1


def _followed(text: str) -> tuple[str, Any, Any]:
    """The first help of ``text``, and how far it reads before and after following it."""
    before = helpcheck.read(text)
    assert before.hint is not None and before.hint.hint is not None
    fixed = helpcheck.follow(text, before.hint)
    assert fixed is not None, before.hint.format()
    after = helpcheck.read(fixed)
    assert after.key() > before.key(), (before.hint.format(), after.first)
    assert after.first is None or not after.first.message.startswith(helpcheck.SYNTAX)
    return str(before.hint.hint), before, after


def _game_with(continued: bool) -> str:
    """A self-play record whose first turn has a continuation line (or not)."""
    for text in helpcheck.games(12, 29):
        assert isinstance(text, str)
        lines = text.split("\n")
        second = lines[_movetext(text) + 1]
        if second.startswith(" ") == continued:
            return text
    raise AssertionError("no such game")


def test_moves_without_the_first_turn_header_get_its_header_as_help() -> None:
    # the first turn's header line deleted: its continuation lines start the moves (the
    # first errors had no help; the first help shown, a later 'write 1.', did not fix it),
    # whether the first of them is a step or another player's answer
    for text, cut in ((_game_with(continued=True), 1), (helpcheck.games(3, 29)[1], 2)):
        lines = text.split("\n")
        at = _movetext(text)
        start = next(x for x in lines if x.startswith("start = ")).split('"')[1]
        del lines[at:at + cut]
        assert lines[at].startswith("    " if cut == 1 else "    brown: ")
        hint, _, _ = _followed("\n".join(lines))
        assert hint == f"write the line '1. {start}:' before line {at + 1}"


def test_a_line_written_twice_gets_help_to_delete_the_copy() -> None:
    # a turn's header line duplicated: renumbering the copy led to a help that
    # inserted an answer after the copy's steps; the copy is what to delete
    text = _game_with(continued=False)
    lines = text.split("\n")
    at = next(i for i in range(_movetext(text) + 1, len(lines)) if lines[i][:1].isdigit())
    lines.insert(at, lines[at])
    copy = "\n".join(lines)
    row = copy.split("\n").index(lines[at]) + 2  # the copy's line in the file (1-based)
    hint, before, after = _followed(copy)
    assert hint == f"delete line {row}"
    assert before.first is not None and before.first.message == \
        f"line {row} repeats line {row - 1}: the same turn written twice"
    assert after.first is None  # the copy deleted, the record is the good one again


def test_help_to_write_after_a_step_quotes_it_as_written() -> None:
    # an answer retyped as 'end' right after 'red: replace A at C7; pass': red's pass is
    # written 'pass' there (the line's speaker is red), so 'after 'red: pass'' matched an
    # earlier line's 'red: pass' instead
    text = helpcheck.games(3, 29)[2]
    answer = "    green: swap D9 for A8 from brown; draw P"
    assert f"    red: replace A at C7; pass\n{answer}\n" in text
    hint, _, _ = _followed(text.replace(answer, "    end; draw P"))
    assert hint.startswith("event N (Swap) waits for green's answer: write 'green: swap ")
    assert hint.endswith(" or 'green: pass' after 'pass'"), hint
