"""The fast path of the console script (``keyharvest.cli.hot``): a plain ``validate`` or
``selfplay`` command line runs without Typer, with the parameters Typer would give the
command's body and the same output; every other command line is Typer's."""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
import typing
from pathlib import Path
from typing import Any

import pytest
import typer
from cli_util import FOUR, ROOT, THREE, TWO, kh
from typer.models import ArgumentInfo, OptionInfo

from keyharvest.cli import commands, hot

RULES = ROOT / "scenarios" / "rules"
BAD = RULES / "C.1-no-c-after-d.kh"  # illegal at its last step
BAD_TOO = RULES / "C.2-workers-do-not-connect.kh"
BODIES = {"validate": (commands.validate, hot.run_validate),
          "selfplay": (commands.selfplay, hot.run_selfplay)}


def _declared(command: Any) -> dict[str, tuple[Any, Any]]:
    """Each parameter of a Typer command: (its type, its OptionInfo or ArgumentInfo)."""
    hints = typing.get_type_hints(inspect.unwrap(command), include_extras=True)
    out = {}
    for name, hint in hints.items():
        if name == "return":
            continue
        base, *extras = typing.get_args(hint)
        info = next(e for e in extras if isinstance(e, (OptionInfo, ArgumentInfo)))
        out[name] = (base, info)
    return out


@pytest.mark.parametrize("name", sorted(BODIES))
def test_the_bodies_take_the_typer_commands_parameters_in_order_with_their_defaults(
        name: str) -> None:
    """``commands`` hands its parameters to the body by position: the same names in the
    same order, and the same defaults (those the fast path leaves out)."""
    declared, body = BODIES[name]
    theirs = inspect.signature(inspect.unwrap(declared)).parameters
    ours = inspect.signature(body).parameters
    assert list(theirs) == list(ours)
    for p, q in zip(theirs.values(), ours.values()):
        if q.default is inspect.Parameter.empty:
            assert p.default is inspect.Parameter.empty, p.name
        else:
            assert p.default == q.default, p.name


@pytest.mark.parametrize("name", sorted(BODIES))
def test_the_fast_tables_are_the_typer_options(name: str) -> None:
    """Every option of the Typer command but --cluster is in the fast path's table under
    each of its names, read as Typer reads it (a flag, text, a choice of ``Format``, a whole
    number in no wider a range), and the table names nothing else."""
    table = hot.OPTIONS[name]
    seen: set[str] = set()
    for param, (base, info) in _declared(BODIES[name][0]).items():
        if isinstance(info, ArgumentInfo):
            assert hot.ARGUMENTS[name] == param
            continue
        # Typer keeps the first name given to typer.Option("--name", "-n") as its default
        first = [info.default] if isinstance(info.default, str) else []
        names = [d for d in (*first, *info.param_decls) if d.startswith("-")]
        if param == "cluster":
            assert not set(names) & set(table)
            continue
        assert names and all("/" not in d for d in names)  # no --x/--no-x pairs
        for option in names:
            assert table[option][0] == param, option
            kind = table[option][1]
            seen.add(option)
            if base is bool:
                assert kind == hot.FLAG
            elif base is hot.Format:
                assert kind == hot.CHOICE
            elif base in (int, int | None):
                low, high = kind
                assert info.min is None or low >= info.min
                assert info.max is None or (high is not None and high <= info.max)
                assert info.max is not None or high is None
            else:
                assert base in (str, str | None) and kind == hot.TEXT, param
    assert seen == set(table)


#: Command lines the fast path reads, for both commands.
READ = [
    ["validate", str(TWO)],
    ["validate", str(TWO), str(THREE), "-v", "--max-errors", "3"],
    ["validate", "-x", "--strict", "-q", "-f", "json", str(FOUR)],
    ["validate", "--format=json", "--jobs", "0", "--", str(TWO)],
    ["validate", "-", "--rejects", "-", "--max-bytes", "16M", "--trust-board-paths"],
    ["validate", "--board", "standard", "--fail-fast", "--verbose", str(TWO)],
    ["selfplay"],
    ["selfplay", "-p", "2", "-s", "0", "-n", "3", "-o", "-", "-b", "greedy"],
    ["selfplay", "--players=3", "--seed=77", "--games", "10", "--jobs", "2", "--force",
     "--quiet", "--format", "json", "--out", "some/where", "--bot", "anything"],
]
#: Command lines it leaves to Typer.
LEFT = [
    [], ["--version"], ["score", str(TWO)], ["validate"], ["validate", "--help"],
    ["validate", "-h", str(TWO)], ["validate", str(TWO), "--cluster", "local:2"],
    ["validate", "-j2", str(TWO)], ["validate", "-vq", str(TWO)],
    ["validate", "--quiet=1", str(TWO)], ["validate", "-v", "-v", str(TWO)],
    ["validate", "--jobs", "-1", str(TWO)], ["validate", "--jobs", "x", str(TWO)],
    ["validate", "--jobs", "01", str(TWO)], ["validate", "--jobs", "1_0", str(TWO)],
    ["validate", "--max-errors", "0", str(TWO)], ["validate", "--rejects", "-j", str(TWO)],
    ["validate", "-f", "JSON", str(TWO)], ["validate", "-f=json", str(TWO)],
    ["validate", "--rejects", "", str(TWO)], ["validate", str(TWO), "--rejects"],
    ["validate", "--nope", str(TWO)], ["validate", "--jobs", "9" * 19, str(TWO)],
    ["selfplay", "extra"], ["selfplay", "-p", "5"], ["selfplay", "-p", "1"],
    ["selfplay", "--seed", "-3"], ["selfplay", "--cluster", "local:2"],
]


@pytest.mark.parametrize("args", LEFT, ids=" ".join)
def test_what_the_fast_path_leaves_to_typer(args: list[str]) -> None:
    assert hot.parse(args) is None


@pytest.mark.parametrize("args", READ, ids=" ".join)
def test_the_fast_path_gives_the_body_what_typer_gives_it(
        args: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The parameters Typer hands the body for the command line, defaults filled in, are
    those ``parse`` reads (and the body's defaults for the rest)."""
    name = args[0]
    body = BODIES[name][1]
    got: list[dict[str, Any]] = []

    def spy(*given: Any) -> int:
        got.append(dict(inspect.signature(body).bind(*given).arguments))
        return 0

    monkeypatch.setattr(commands, f"run_{name}", spy)
    monkeypatch.setattr(hot, "existing", lambda paths: None)
    assert kh(*args).code == 0
    parsed = hot.parse(args)
    assert parsed is not None and parsed[0] == name
    ours = inspect.signature(body).bind(**parsed[1])
    ours.apply_defaults()
    assert got == [dict(ours.arguments)]
    for key, value in ours.arguments.items():  # the same types too (a list, an enum)
        assert type(value) is type(got[0][key]), key


def _script(args: list[str], tmp_path: Path, stdin: bytes = b"") -> tuple[int, str, str]:
    """The console script run with ``args`` (as ``keyharvest``, as the Typer app names
    itself in its messages)."""
    env = {**os.environ, "COLUMNS": "100"}
    code = "import sys; sys.argv[0] = 'keyharvest'; from keyharvest.cli import main; main()"
    r = subprocess.run([sys.executable, "-c", code, *args], input=stdin,
                       capture_output=True, env=env, cwd=tmp_path, timeout=120, check=False)
    return r.returncode, r.stdout.decode(), r.stderr.decode()


#: Command lines run both ways (``{tmp}`` is a fresh folder).
BOTH = [
    ["validate", str(TWO), str(THREE), str(FOUR), "-v"],
    ["validate", str(BAD), str(TWO), "--max-errors", "2"],
    ["validate", "-f", "json", str(BAD), str(FOUR), str(BAD_TOO)],
    ["validate", "-x", "-q", str(BAD), str(BAD_TOO)],
    ["validate", str(RULES), "--rejects", "{tmp}/bad.kh"],
    ["validate", "missing.kh"],
    ["validate", str(TWO), "--max-bytes", "lots"],
    ["selfplay", "-p", "3", "-s", "11", "-n", "2"],
    ["selfplay", "-p", "2", "-s", "5", "-n", "2", "-f", "json"],
    ["selfplay", "-s", "3", "-n", "2", "-o", "{tmp}/games", "-q"],
    ["selfplay", "-s", "3", "-n", "1", "-b", "nobody"],
]


@pytest.mark.parametrize("args", BOTH, ids=" ".join)
def test_the_console_script_prints_what_typer_prints(args: list[str], tmp_path: Path) -> None:
    """The same exit code, stdout, stderr and files through the console script (the fast
    path where it reads the line; Typer where the body finds a usage error) as through
    the Typer app."""
    fast_dir, typer_dir = tmp_path / "fast", tmp_path / "typer"
    runs = []
    for folder in (fast_dir, typer_dir):
        folder.mkdir()
        line = [a.replace("{tmp}", str(folder)) for a in args]
        if folder is fast_dir:
            code, stdout, stderr = _script(line, folder)
        else:
            cwd = os.getcwd()
            os.chdir(folder)
            try:
                r = kh(*line)
            finally:
                os.chdir(cwd)
            code, stdout, stderr = r.code, r.out, r.err
        files = {p.relative_to(folder).as_posix(): p.read_bytes()
                 for p in sorted(folder.rglob("*")) if p.is_file()}
        runs.append((code, stdout.replace(str(folder), "{tmp}"),
                     stderr.replace(str(folder), "{tmp}"), files))
    assert runs[0] == runs[1]


def test_a_fast_command_line_imports_no_typer_and_a_usage_error_goes_to_typer() -> None:
    """No Typer (nor the pydantic of Typer 0.29) for a fast line; Typer for help and for a
    usage error the body found."""
    code = ("import sys\n"
            "from keyharvest.cli import entry\n"
            "entry._nothing_left_at_exit = lambda: False  # exit by SystemExit, seen below\n"
            "sys.argv = ['keyharvest', *sys.argv[1:]]\n"
            "try:\n"
            "    entry.main()\n"
            "except SystemExit as exc:\n"
            "    print(exc.code, 'typer' in sys.modules, 'pydantic' in sys.modules,\n"
            "          file=sys.stderr)\n")
    for args, expected in (([str(TWO)], "0 False False"), (["-v", str(TWO)], "0 False False"),
                           (["nowhere.kh"], "2 True"), (["-h"], "0 True")):
        r = subprocess.run([sys.executable, "-c", code, "validate", *args],
                           capture_output=True, timeout=120, check=False)
        assert r.stderr.decode().splitlines()[-1].startswith(expected), (args, r.stderr)
    r = subprocess.run([sys.executable, "-c", code, "selfplay", "-n", "1", "-s", "1"],
                       capture_output=True, timeout=120, check=False)
    assert r.stderr.decode().splitlines()[-1] == "0 False False"
    assert r.stdout.startswith(b"+++\n")


def test_shell_completion_is_typers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("_KEYHARVEST_COMPLETE", "complete_bash")
    assert hot.fast(["validate", str(TWO)]) is None


def test_the_body_of_a_fast_line_runs_under_the_contract(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """An unexpected error in the body is the contract's one line and exit 3; a usage
    error it raises is left to Typer (None)."""
    def broken(*args: Any, **kwargs: Any) -> int:
        raise RuntimeError("boom")

    monkeypatch.setattr(hot, "run_validate", broken)
    assert hot.fast(["validate", str(TWO)]) == 3
    assert "internal error: RuntimeError: boom" in capsys.readouterr().err

    def usage(*args: Any, **kwargs: Any) -> int:
        raise typer.BadParameter("no", param_hint="'--jobs'")

    monkeypatch.setattr(hot, "run_validate", usage)
    assert hot.fast(["validate", str(TWO)]) is None


def test_a_fast_line_ends_without_teardown_only_when_nothing_is_left_to_run() -> None:
    """The console script ends a fast line at once (its output flushed, its exit code
    kept), but runs the teardown when a function waits in ``atexit`` or another thread
    is alive."""
    code = ("import atexit, sys, threading\n"
            "from keyharvest.cli import entry\n"
            "if sys.argv[1] == 'atexit':\n"
            "    atexit.register(print, 'atexit ran')\n"
            "elif sys.argv[1] == 'thread':  # it prints once the main thread has ended\n"
            "    main = threading.main_thread()\n"
            "    threading.Thread(target=lambda: (main.join(), print('thread ran'))).start()\n"
            "sys.argv = ['keyharvest', 'validate', *sys.argv[2:]]\n"
            "entry.main()\n")
    for how in ("atexit", "thread", "plain"):
        r = subprocess.run([sys.executable, "-c", code, how, str(BAD), str(TWO)],
                           capture_output=True, timeout=120, check=False)
        assert r.returncode == 1, r.stderr
        lines = r.stdout.decode().splitlines()
        assert lines[0] == "2 records: 1 ok (1 finished), 1 bad; 2 files", lines
        assert lines[1:] == ([f"{how} ran"] if how != "plain" else [])
