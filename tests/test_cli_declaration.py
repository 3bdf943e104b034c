"""One declaration of the command line (``keyharvest.cli.commands``): Typer reads every
command's options from it and hands them to the command's body by keyword; nothing reads
the command line before it."""

from __future__ import annotations

import importlib.machinery
import inspect
import subprocess
import sys
from typing import Any

import pytest
from cli_util import FOUR, TWO, kh

import keyharvest
from keyharvest.cli import commands

NAMES = sorted(c.name or c.callback.__name__ for c in commands.app.registered_commands)


def test_every_command_has_a_body() -> None:
    assert sorted(commands.BODIES) == NAMES and len(NAMES) == 18


@pytest.mark.parametrize("name", NAMES)
def test_a_body_takes_by_keyword_exactly_the_options_its_command_declares(name: str) -> None:
    """The body has no options of its own and no defaults (they are the declaration's):
    an option declared and not taken (a keyword forgotten), or taken and not declared,
    fails here, not as a user's exit 3."""
    declared, body = getattr(commands, name), commands.BODIES[name]
    theirs = inspect.signature(declared).parameters  # what Typer reads (through wraps)
    ours = inspect.signature(body).parameters
    assert set(theirs) == set(ours)
    for p in ours.values():
        assert p.kind is inspect.Parameter.KEYWORD_ONLY, p.name
        assert p.default is inspect.Parameter.empty, p.name


def test_the_console_script_reads_nothing_but_through_typer_and_its_generated_table() -> None:
    """No second hand-kept reader of the command line: no hand-kept table of options and
    no reading of ``sys.argv`` but the entry point's hand-over to ``plain`` (whose table
    is generated from the declaration: tests/test_cli_plain.py) and to Typer."""
    from keyharvest import cli

    for module in ("hot",):
        with pytest.raises(ImportError):
            __import__(f"keyharvest.cli.{module}")
    source = inspect.getsource(cli.entry)
    assert source.count("sys.argv") == 1 and "run_command(_run, (sys.argv[1:],)" in source
    assert "app_for(args)()" in source and "run(args)" in source


def _script(*args: object) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "keyharvest", *map(str, args)],
                          capture_output=True, timeout=120, check=False)


def test_jobs_2_gives_what_one_process_gives() -> None:
    one, two = _script("validate", "-v", TWO, FOUR), _script("validate", "-v", TWO, FOUR,
                                                            "--jobs", 2)
    assert one.returncode == two.returncode == 0
    assert one.stdout == two.stdout and b"2 records: 2 ok" in one.stdout


@pytest.mark.parametrize(("args", "message"), [
    (["validate", "--jobs", "x", TWO], "Invalid value for '--jobs' / '-j'"),
    (["validate", "--jobs", "-1", TWO], "Invalid value for '--jobs' / '-j'"),
    (["validate", "--nope", TWO], "No such option"),  # ": --nope" or " '--nope'." by Click
    (["validate"], "Missing argument 'FILE'."),
    (["selfplay", "-p", "5"], "Invalid value for '--players' / '-p'"),
    (["selfplay", "extra"], "Got unexpected extra argument"),  # "(s)": Click's wording
])
def test_a_bad_option_is_a_click_usage_error(args: list[str], message: str) -> None:
    r = _script(*args)
    assert r.returncode == 2 and r.stdout == b""
    err = r.stderr.decode()
    assert err.startswith("Usage: python -m keyharvest ") and message in err, err


def test_the_body_runs_under_the_contract(monkeypatch: pytest.MonkeyPatch) -> None:
    """A usage error a body raises is Typer's (exit 2); an unexpected error in it is one
    line and exit 3."""
    from keyharvest.play import batch

    r = kh("validate", TWO, "--max-bytes", "nonsense")
    assert r.code == 2 and "Invalid value for '--max-bytes'" in r.err

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(batch, "check_inputs", broken)
    r = kh("validate", TWO)
    assert r.code == 3 and r.err.startswith("keyharvest: internal error: RuntimeError: boom")


@pytest.mark.parametrize(("suffixes", "kind"), [
    ([".cpython-311-x86_64-linux-gnu.so", ".so"], "pure Python"),
    ([".py"], "compiled (mypyc)"),
])
def test_build_kind_and_version_name_the_build(
        monkeypatch: pytest.MonkeyPatch, suffixes: list[str], kind: str) -> None:
    """``build_kind`` says whether ``keyharvest.rules.actions`` was loaded from an
    extension module; here the extensions' suffixes stand in for each answer."""
    monkeypatch.setattr(importlib.machinery, "EXTENSION_SUFFIXES", suffixes)
    assert keyharvest.build_kind() == kind
    r = kh("--version")
    assert r.code == 0 and r.out == f"keyharvest {keyharvest.__version__} ({kind})\n"


def test_the_build_of_this_run() -> None:
    actions = sys.modules.get("keyharvest.rules.actions") or __import__(
        "keyharvest.rules.actions", fromlist=["x"])
    compiled = (actions.__file__ or "").endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    assert keyharvest.build_kind() == ("compiled (mypyc)" if compiled else "pure Python")
    assert _script("--version").stdout.decode().endswith(f"({keyharvest.build_kind()})\n")


def test_the_exit_skips_teardown_only_when_nothing_is_left_to_do() -> None:
    code = ("import sys, threading\n"
            "from keyharvest.cli import support\n"
            "answers = [support.teardown_needless()]\n"
            "sys.setprofile(lambda *a: None); answers.append(support.teardown_needless())\n"
            "sys.setprofile(None)\n"
            "import multiprocessing\n"
            "answers.append(support.teardown_needless())\n"
            "print(answers)\n"
            "support.hard_exit(5)\n"
            "print('not reached')\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=60,
                       check=False)
    assert (r.returncode, r.stdout) == (5, b"[True, False, False]\n")


def _raises(exc: BaseException) -> Any:
    def run() -> None:
        raise exc
    return run


@pytest.mark.parametrize(("raised", "code", "said"), [
    (SystemExit(2), 2, ""),          # Click's usage error: its own code
    (SystemExit(None), 0, ""),
    (SystemExit("gone"), 1, "gone"),  # a message, as Python says it
    (KeyboardInterrupt(), 130, "keyharvest: interrupted"),
    (RuntimeError("boom"), 3, "keyharvest: internal error: RuntimeError: boom"),
])
def test_the_console_scripts_exit_codes_are_decided_by_run_command(
        raised: BaseException, code: int, said: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``entry.main`` runs the whole command line under ``run_command`` (outermost): what
    Typer or start-up raises gets its code from the one table, never a traceback."""
    from keyharvest.cli import support

    assert support.run_command(_raises(raised), (), {}, outermost=True) == code
    assert capsys.readouterr().err.startswith(said)
    with pytest.raises(SystemExit):  # inside Typer, Click's exits are Click's
        support.run_command(_raises(SystemExit(2)), (), {})
