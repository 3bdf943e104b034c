"""A plain command line of ``validate`` or ``selfplay`` is read without Typer by a table
generated from the one declaration (``keyharvest.cli.plain``, ``makeplain``): the table is
today's, a stale one is not used, and what it reads is what Typer hands the body, for many
command lines; every line it does not read goes to Typer."""

from __future__ import annotations

import subprocess
import sys
from enum import Enum
from typing import Any

import pytest
from cli_util import TWO as TWO_PATH
from typer.testing import CliRunner

from keyharvest.cli import commands, makeplain, plain, support

TWO = str(TWO_PATH)


def test_the_table_is_todays_declaration() -> None:
    assert makeplain.main(["--check"]) == 0, (
        "keyharvest/cli/plain.json is not today's: run `python -m keyharvest.cli.makeplain`")
    assert plain.table("validate") is not None and plain.table(plain.COMPLETION) is not None


def test_a_part_of_another_declaration_is_not_used_and_says_so(
        capsys: pytest.CaptureFixture[str]) -> None:
    document = plain.load()
    assert document is not None and plain.fitting(document, "validate") is not None
    document["commands"]["validate"]["declared"] = "0" * 64  # an option added, not written
    assert plain.fitting(document, "validate") is None
    assert plain.fitting(document, "selfplay") is not None
    assert capsys.readouterr().err == (
        "keyharvest: warning: plain.json does not fit the declaration in commands.py (run "
        "python -m keyharvest.cli.makeplain); Typer reads the command line of validate, "
        "slower\n")
    assert plain.load("{not json") is None
    assert makeplain.main(["--wrong"]) == 2


SOURCE = plain.commands_source()


def _edited(old: str, new: str) -> str:
    assert SOURCE.count(old) == 1, old
    return SOURCE.replace(old, new)


def test_a_comment_or_a_new_layout_changes_no_key() -> None:
    edited = _edited("\ndef _version(", "\n# a comment\n\n\ndef _version(  # another\n        ")
    edited = edited.replace('"--budget", min=1,', '"--budget",\n    min=1,  # the least\n')
    for part in ("validate", "selfplay", "hint", plain.COMPLETION):
        assert plain.declaration_digest(part, edited) == plain.declaration_digest(part)


def test_an_option_of_hint_changes_hints_key_and_completions_not_validates() -> None:
    """Adding an option to ``hint`` (never read plain) leaves the fast path of ``validate``
    and ``selfplay`` as it is: one table to write again, for completion."""
    edited = _edited("    top: Annotated[int, typer.Option(",
                     "    deep: Annotated[bool, typer.Option(\"--deep\")] = False,\n"
                     "    top: Annotated[int, typer.Option(")
    for part, changed in (("validate", False), ("selfplay", False), ("hint", True),
                          (plain.COMPLETION, True)):
        assert (plain.declaration_digest(part, edited) != plain.declaration_digest(part)
                ) is changed, part
    # a shared option (--jobs, through JobsOpt and MAX_JOBS) is the key of every command
    # that declares it, and of no other
    edited = _edited('help=f"Processes to use (0: one per core; at most {MAX_JOBS}).")]',
                     'help=f"Processes to use (0: one per core; at most 32).")]')
    for part, changed in (("validate", True), ("selfplay", True), ("rules", False)):
        assert (plain.declaration_digest(part, edited) != plain.declaration_digest(part)
                ) is changed, part


def test_a_bound_imported_by_the_declaration_is_in_the_key(monkeypatch) -> None:
    """``max=MAX_JOBS`` comes from ``play.bounds``: its value is part of the key."""
    from keyharvest.play import bounds

    before = {part: plain.declaration_digest(part) for part in ("validate", "rules")}
    monkeypatch.setattr(bounds, "MAX_JOBS", 32)
    assert plain.declaration_digest("validate") != before["validate"]
    assert plain.declaration_digest("rules") == before["rules"]


def _typer_hands(args: list[str], monkeypatch: pytest.MonkeyPatch) -> dict[str, Any] | None:
    """What Typer hands the body for ``args`` (None: a usage error)."""
    seen: list[dict[str, Any]] = []

    def run_command(command: Any, a: Any, kwargs: dict[str, Any], trouble: int = 1) -> int:
        seen.append(dict(kwargs))
        return 0

    monkeypatch.setattr(support, "run_command", run_command)
    result = CliRunner().invoke(commands.app, args)
    monkeypatch.undo()
    if result.exit_code != 0:
        return None
    (kwargs,) = seen
    return {k: v.value if isinstance(v, Enum) else v for k, v in kwargs.items()}


#: Command lines ``plain`` reads, and what it must leave to Typer.
READ = [
    ["validate", TWO], ["validate", "-", TWO, "x.kh"], ["validate", "-j", "2", TWO],
    ["validate", "--jobs=0", "-v", "-x", "-q", TWO], ["validate", "-f", "json", TWO],
    ["validate", "--format=text", "--max-errors", "7", TWO], ["validate", "--strict", TWO],
    ["validate", "--board", "b.toml", "--trust-board-paths", "--max-bytes", "1M", TWO],
    ["validate", "--rejects", "r.kh", TWO], ["validate", "--", "-odd.kh"],
    ["validate", "--cluster", "local:2", TWO],
    ["selfplay"], ["selfplay", "-p", "2", "-n", "3", "-s", "1"], ["selfplay", "--seed", "0"],
    ["selfplay", "-b", "greedy", "-o", "out", "--force", "-f", "json", "-q", "-j", "2"],
    ["selfplay", "--players=3", "--games=0"],
]
LEFT = [
    ["validate"], ["validate", "-h", TWO], ["validate", "--help"], ["validate", "-vx", TWO],
    ["validate", "-j", "-1", TWO], ["validate", "-j", "x", TWO], ["validate", "-j", "02", TWO],
    ["validate", "--max-errors", "0", TWO], ["validate", "-f", "yaml", TWO],
    ["validate", "-v", "-v", TWO], ["validate", "--nope", TWO], ["validate", "-f=json", TWO],
    ["validate", "--strict=yes", TWO], ["validate", "-j"], ["selfplay", "-p", "5"],
    ["selfplay", "extra"], ["selfplay", "-s", "1" * 19], ["replay", TWO], [], ["--version"],
]


@pytest.mark.parametrize("args", READ, ids=[" ".join(a) for a in READ])
def test_what_plain_reads_is_what_typer_hands_the_body(
        args: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    read = plain.read(args)
    assert read is not None and read[0] == args[0]
    assert read[1] == _typer_hands(args, monkeypatch)


@pytest.mark.parametrize("args", LEFT, ids=[" ".join(a) or "nothing" for a in LEFT])
def test_what_plain_does_not_read_goes_to_typer(args: list[str]) -> None:
    assert plain.read(args) is None


def test_a_plain_command_line_imports_no_typer_and_gives_typers_bytes() -> None:
    plain_run = subprocess.run([sys.executable, "-X", "importtime", "-m", "keyharvest",
                                "validate", "-v", TWO], capture_output=True, timeout=120,
                               check=False)
    assert plain_run.returncode == 0
    imported = [line.rsplit("|", 1)[-1].strip() for line in
                plain_run.stderr.decode().splitlines() if line.startswith("import time:")]
    assert "typer" not in imported and "keyharvest.cli.plain" in imported
    # the same line bundled (-vx), which plain leaves to Typer: the same bytes
    assert plain.read(["validate", "-vx", TWO]) is None
    by_typer = subprocess.run([sys.executable, "-m", "keyharvest", "validate", "-vx", TWO],
                              capture_output=True, timeout=120, check=False)
    by_plain = subprocess.run([sys.executable, "-m", "keyharvest", "validate", "-v", "-x",
                               TWO], capture_output=True, timeout=120, check=False)
    assert (by_typer.returncode, by_typer.stdout, by_typer.stderr) == (
        by_plain.returncode, by_plain.stdout, by_plain.stderr)
    assert by_plain.stdout == plain_run.stdout
