"""The examples of docs/api.md (the game for programs, issue 30) run as written, each on
its own, and print what their comments say where they say a value."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parent.parent / "docs" / "api.md"
#: the page up to its last section, "A player's view", whose examples tests/test_view.py runs
PAGE = DOC.read_text(encoding="utf-8").split("\n## A player's view", 1)[0]
BLOCKS = re.findall(r"```python\n(.*?)```", PAGE, flags=re.DOTALL)


def test_the_page_has_an_example_per_call() -> None:
    code = "\n".join(BLOCKS)
    for call in ("current_player()", "kh.CHANCE", "kh.TERMINAL", "complete=True",
                 "kh.NUM_ACTIONS", "kh.legal_actions", "kh.apply_action",
                 "kh.action_to_string", "kh.string_to_action", "kh.chance_outcomes",
                 "kh.push", "kh.pop", "kh.returns"):
        assert call in code, call


@pytest.mark.parametrize("code", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_example_runs(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(code, str(DOC), "exec"), {"__name__": "api_doc"})
    printed = capsys.readouterr().out.splitlines()
    assert printed
    # a print commented ``# => TEXT`` printed TEXT (where a block says so, one line a print)
    shown = [line for line in code.splitlines() if line.lstrip().startswith("print(")]
    if any("# => " in line for line in shown):
        assert len(shown) == len(printed)
    for line, out in zip(shown, printed):
        if "# => " in line:
            assert out == line.partition("# => ")[2].strip(), (line, out)
