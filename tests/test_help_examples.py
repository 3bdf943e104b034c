"""Each command's ``--help`` ends with examples (``commands.command(examples=...)``), and
every example runs as written when pasted into a shell, in an empty folder, in the order
the page gives them.

The examples keep to what a shell does plainly: ``keyharvest ARGS``, piped into another
``keyharvest ARGS`` with ``|``, its output sent to a file with ``> FILE``; arguments
quoted as the shell quotes them (``shlex``). So the test runs them in this process (each
command as Typer's runner runs it, a pipe's output given as the next one's input), not
through a shell: a few seconds of CPU rather than a start-up each. ``record`` needs a
terminal: its example runs in a pseudo-terminal (pexpect) and is quit at the first prompt.
"""

from __future__ import annotations

import os
import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cli_util import kh

from keyharvest.cli.commands import app

COMMANDS = {c.name or c.callback.__name__: c for c in app.registered_commands}  # type: ignore[union-attr]
#: The exit code each command of an example gives: 0, but ``diff``'s 1 says that the two
#: records differ (as diff(1) does).
CODES = {"diff": 1}


def _examples(command: str) -> list[str]:
    epilog = COMMANDS[command].epilog
    return epilog.splitlines() if epilog else []


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_each_help_page_ends_with_its_examples(command: str) -> None:
    examples = _examples(command)
    assert 1 <= len(examples) <= 2, command
    page = kh(command, "--help").out
    assert page.endswith("\nExamples:\n" + "".join(f"  {e}\n" for e in examples)), page
    for example in examples:
        assert len(example) <= 78, example  # a line of an 80-column page, as written
        assert shlex.split(example)[0] == "keyharvest", example
    assert any(f"keyharvest {command}" in example for example in examples), command


def _run(example: str, folder: Path) -> None:
    """``example`` as a shell runs it (see the module's text), in ``folder``."""
    words = shlex.split(example)
    target = None
    if ">" in words:
        at = words.index(">")
        words, target = words[:at], words[at + 1:]
        assert len(target) == 1, example
    stages: list[list[str]] = [[]]
    for word in words:
        if word == "|":
            stages.append([])
        else:
            stages[-1].append(word)
    given: str | None = None
    for stage in stages:
        assert stage[0] == "keyharvest" and not {"<", ";", "&&", "||", "&"} & set(stage), example
        run = kh(*stage[1:], input=given)
        assert run.code == CODES.get(stage[1], 0), (example, stage, run)
        assert "error" not in run.err, (example, run.err)
        given = run.out
    if target is not None:
        (folder / target[0]).write_text(given, encoding="utf-8")


def test_every_example_runs_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                       ) -> None:
    monkeypatch.chdir(tmp_path)
    ran = 0
    for command in COMMANDS:
        if command == "record":
            continue  # a terminal's: below
        for example in _examples(command):
            _run(example, tmp_path)
            ran += 1
    assert ran >= len(COMMANDS)
    # what the examples said they write is there
    for name in ("pos.toml", "a.kh", "game.kh", "stats.html", "game.html", "table.svg"):
        assert (tmp_path / name).stat().st_size > 0, name
    assert len(list((tmp_path / "games").iterdir())) == 10
    assert kh("validate", tmp_path / "a.kh", tmp_path / "game.kh").code == 0
    assert kh("score", tmp_path / "pos.toml").code == 0


def test_the_record_example_runs_at_a_terminal(tmp_path: Path, terminal: Callable[..., Any]
                                               ) -> None:
    pexpect = pytest.importorskip("pexpect")
    pytest.importorskip("prompt_toolkit")
    (example,) = _examples("record")
    words = shlex.split(example)
    assert words[:2] == ["keyharvest", "record"]
    child = terminal(sys.executable, ["-m", "keyharvest", *words[1:]], cwd=str(tmp_path),
                     env={**os.environ, "NO_COLOR": "1", "PROMPT_TOOLKIT_NO_CPR": "1",
                          "TERM": "xterm"},
                     timeout=60, dimensions=(50, 200))
    child.expect(r"\[step 0 · turn 1\][^\n]*\n[^\n]*[a-z]+>")  # the prompt: a step to type
    child.send("quit\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert kh("validate", tmp_path / "game.kh").code == 0
