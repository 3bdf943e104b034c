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
    assert follow(text, _diag("a refill draw is due: write 'draw <tile>'")) is None
