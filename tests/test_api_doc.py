"""The examples of docs/api.md (the game for programs, ``kh.Game``) run as written, each on
its own in an empty folder, and print what their comments say where they say a value."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parent.parent / "docs" / "api.md"
PAGE = DOC.read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", PAGE, flags=re.DOTALL)


def test_the_page_has_an_example_per_call() -> None:
    code = "\n".join(BLOCKS)
    for call in ("kh.Game(", "current_player()", "kh.CHANCE", "kh.TERMINAL",
                 "legal_steps()", "representative_steps()", "kh.NUM_ACTIONS",
                 "legal_actions()", "apply_action(", "undo_action()", "action_to_string(",
                 "string_to_action(", "chance_outcomes()", "push(", "pop()", "clone()",
                 "returns(", "observation(", "information_state(", "resample(",
                 "serialize()", "Game.deserialize(", "tensor()"):
        assert call in code, call


@pytest.mark.parametrize("code", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_example_runs(code: str, capsys: pytest.CaptureFixture[str], tmp_path: Path,
                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # from any folder: an example reads no file of the project
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
