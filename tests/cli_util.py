"""Helpers of the command-line tests: run ``keyharvest`` in-process and read its output."""

from __future__ import annotations

import importlib
import json
import os
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from typer.testing import CliRunner

from keyharvest.cli.commands import app

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "scenarios" / "games"
TWO = GAMES / "two-players.kh"
THREE = GAMES / "three-players.kh"
FOUR = GAMES / "four-players.kh"
FINAL_TABLE = ROOT / "scenarios" / "positions" / "final-table.toml"


def _runner_of_this_click() -> CliRunner:
    """A runner that keeps stderr apart from stdout: click 8.2 on always does; before it
    (typer 0.19 allows click 8.0, which .ci/min-versions.sh tests) only with
    ``mix_stderr=False``, a parameter click 8.2 removed."""
    import inspect

    if "mix_stderr" in inspect.signature(CliRunner.__init__).parameters:
        return CliRunner(mix_stderr=False)  # type: ignore[call-arg]
    return CliRunner()


_runner = _runner_of_this_click()


def extra(module: str, require: str, install: str) -> ModuleType:
    """``module`` of an optional extra, imported; its absence skips the test with the
    reason and the command that installs it, or fails it where ``require`` (an environment
    variable that CI sets to 1) asks for the extra: CI never skips silently."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        if os.environ.get(require) == "1":
            pytest.fail(f"{require}=1 but {exc}", pytrace=False)
        pytest.skip(f"{module} is not installed ({exc}): {install}")


class Run:
    """The outcome of one command: exit code, stdout, stderr."""

    def __init__(self, result: Any) -> None:
        self.outcome = result
        self.code: int = result.exit_code
        self.out: str = result.stdout
        self.err: str = result.stderr
        # the contract: nothing escapes a command but its exit code
        exc = result.exception
        assert exc is None or isinstance(exc, SystemExit), repr(exc)
        assert "Traceback" not in self.out + self.err

    def objects(self) -> list[dict[str, Any]]:
        """stdout as JSON Lines, checked against the convention of ``--format json``:
        every line one object with a ``type``, the last one (and only it) the summary."""
        lines = [json.loads(line) for line in self.out.splitlines()]
        assert lines, self
        assert all(isinstance(x, dict) and isinstance(x.get("type"), str) for x in lines), self
        assert lines[-1]["type"] == "summary", self
        assert all(x["type"] != "summary" for x in lines[:-1]), self
        return lines

    def jsonl(self) -> list[Any]:
        """Every line of stdout as JSON, unchecked."""
        return [json.loads(line) for line in self.out.splitlines() if line.strip()]

    def results(self) -> list[dict[str, Any]]:
        """The result objects of JSON output (all but the summary)."""
        return self.objects()[:-1]

    def result(self) -> dict[str, Any]:
        """The one result object of JSON output."""
        (one,) = self.results()
        return one

    def summary(self) -> dict[str, Any]:
        """The summary object that ends JSON output."""
        return self.objects()[-1]

    def __repr__(self) -> str:
        return f"Run(code={self.code}, out={self.out[:300]!r}, err={self.err[:300]!r})"


def kh(*args: object, input: str | bytes | None = None) -> Run:
    """Run ``keyharvest ARGS`` in this process (Typer's runner)."""
    return Run(_runner.invoke(app, [str(a) for a in args], input=input))


def edited(path: Path, old: str, new: str) -> str:
    """The text of ``path`` with ``old`` (which must be there) replaced by ``new``."""
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    return text.replace(old, new, 1)


#: A move of the two-player example game, and an illegal replacement for it (C.4).
TWO_MOVE = "4. red: play A at E4; pass; harvest F4"
TWO_ILLEGAL = "4. red: buy G7 from green"


def bad_records() -> dict[str, bytes]:
    """The two-player game spoilt four ways, to mix among good records: an illegal step, a
    syntax error, bad UTF-8, and the illegal one with CRLF line ends."""
    two = TWO.read_bytes()
    illegal = edited(TWO, TWO_MOVE, TWO_ILLEGAL).encode()
    return {"illegal": illegal,
            "syntax": two.replace(b"5. green: remove B", b"5. green: remove"),
            "not_utf8": two.replace(b"keyharvest examples", b"caf\xe9"),
            "crlf": illegal.replace(b"\n", b"\r\n")}


def _readme_commands() -> set[str]:
    import re

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Command line", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `(\w+)", section, re.MULTILINE))


#: The commands the README's "Command line" section documents.
README_COMMANDS = _readme_commands()
