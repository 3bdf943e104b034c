"""The ``--help`` pages (cli/helptext.py writes them): each is held to its golden file in
tests/golden/help/, so that the page is the same under every Typer the project declares
(this test runs in the newest Typer's sessions of noxfile.py and at the lowest declared
Typer in .ci/min-versions.sh: both equal the golden, so they are equal). After a deliberate
change to a page, regenerate with ``KEYHARVEST_REGEN_GOLDEN=1 pytest tests/test_help_pages.py``
and review the diff."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from golden_files import GOLDEN, assert_golden

from keyharvest.cli.commands import app

HELP = GOLDEN / "help"
COMMANDS = [c.name or c.callback.__name__ for c in app.registered_commands]  # type: ignore[union-attr]


def _help(*args: str, columns: int = 80) -> str:
    env = {**os.environ, "COLUMNS": str(columns)}
    done = subprocess.run([sys.executable, "-m", "keyharvest", *args, "--help"],
                          capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return done.stdout


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_help_page_is_the_golden_one(command: str) -> None:
    got = _help(*([command] if command else []))
    assert_golden(got, HELP / f"{command or 'keyharvest'}.txt")


def test_every_command_has_a_short_help_shown_whole_at_any_width() -> None:
    for command in app.registered_commands:
        assert command.short_help, f"{command.callback}: no short_help"
        assert "\n" not in command.short_help and len(command.short_help) <= 66
    wide = _help(columns=200)
    listed = wide.split("Commands:\n", 1)[1]
    for command in app.registered_commands:
        line = next(ln for ln in listed.splitlines() if ln.split()[:1] == [command.name or
                                                                        command.callback.__name__])  # type: ignore[union-attr]
        assert line.rstrip().endswith(command.short_help), line
    assert "..." not in listed


@pytest.mark.parametrize("command", COMMANDS)
def test_metavars_are_words_not_python_types(command: str) -> None:
    page = _help(command)
    assert not re.search(r"<[a-z]|list\[|\\\[", page), page
    usage = page.splitlines()[0]
    assert "{" not in usage and "<" not in usage, usage


def test_dash_capital_v_prints_the_version() -> None:
    import keyharvest

    done = subprocess.run([sys.executable, "-m", "keyharvest", "-V"], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0
    assert done.stdout.startswith(f"keyharvest {keyharvest.__version__} (")
