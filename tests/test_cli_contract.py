"""The contract every ``keyharvest`` command keeps (DESIGN.md §5): ``-`` reads stdin, JSON
is valid, data on stdout and diagnostics on stderr, exit 0/1/2/3, and no traceback for any
input; the installed script; cheap start-up."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from cli_util import FINAL_TABLE, ROOT, TWO, TWO_ILLEGAL, TWO_MOVE, edited, kh

#: Each command with the arguments that make it read one input (``{}``).
READERS = {
    "validate": ["validate", "{}"],
    "replay": ["replay", "{}"],
    "score": ["score", "{}"],
    "moves": ["moves", "{}"],
    "fmt": ["fmt", "{}"],
    "render": ["render", "{}", "-o", "{out}"],
    "diff": ["diff", "{}", str(TWO)],
}


def _args(command: str, path: object, tmp_path: Path) -> list[str]:
    return [a.format(path, out=tmp_path / "out.svg") for a in READERS[command]]


def _bad_inputs(tmp_path: Path) -> dict[str, Path]:
    big = tmp_path / "huge.kh"
    with open(big, "w", encoding="utf-8") as f:  # 8 MB: a line without end, then junk
        f.write("+++\nplayers = [\"red\", \"green\"]\n+++\n1. red: " + "harvest A1 " * 400_000)
        f.write("\n" + "#" * 4_000_000 + "\n")
    inputs = {
        "binary": bytes(range(256)) * 40,
        "bad-utf8": b'+++\nevent = "caf\xe9"\n+++\n',
        "empty": b"",
        "blank": b"\n\n   \n",
        "nul": b"+++\x00\n",
        "deep-toml": b"+++\nmeta = " + b"[" * 3000 + b"]" * 3000 + b"\n+++\n",
        "unclosed": b"+++\nplayers = [\"red\"]\n",
        "junk": b"hello, world\n+++\n",
    }
    out = {"huge": big}
    for name, data in inputs.items():
        path = tmp_path / f"{name}.kh"
        path.write_bytes(data)
        out[name] = path
    folder = tmp_path / "folder.kh"
    folder.mkdir()
    out["directory"] = folder
    out["missing"] = tmp_path / "missing.kh"
    return out


@pytest.mark.parametrize("command", sorted(READERS))
def test_no_traceback_for_any_bad_input(command: str, tmp_path: Path) -> None:
    for name, path in _bad_inputs(tmp_path).items():
        args = _args(command, path, tmp_path)
        r = kh(*args)  # kh() checks that nothing escapes and no traceback is printed
        if name == "missing":  # a usage error, in click's words, for every command
            assert r.code == 2 and r.out == "", (name, r)
            assert f"Path '{path}' does not exist." in r.err, (name, r)
            continue
        want = 2 if command == "diff" else 1
        assert r.code == want, (name, r)
        assert "error" in r.err, (name, r)
        assert "internal error" not in r.err, (name, r)
        if command != "validate":
            assert r.out == "", (name, r)
        j = kh(*args, "--format", "json")
        assert j.code == want, (name, j)
        assert j.err == "", (name, j)  # the diagnostics are in the JSON only
        lines = j.objects()  # JSON Lines, each with a type, a summary last
        assert j.summary()["ok"] is False, (name, j)
        assert any(x["diagnostics"] for x in lines), (name, j)


@pytest.mark.parametrize("command", sorted(READERS))
def test_every_reader_takes_stdin(command: str, tmp_path: Path) -> None:
    r = kh(*_args(command, "-", tmp_path), input=TWO.read_bytes())
    assert r.code == 0, r
    bad = kh(*_args(command, "-", tmp_path), input=edited(TWO, TWO_MOVE, TWO_ILLEGAL))
    if command != "fmt":  # fmt formats what it reads; the rules are validate's business
        assert bad.code == 1, bad  # diff: the records differ
    if command in ("validate", "replay", "score", "moves", "render"):
        assert "<stdin>:25:9: error[C.4]" in bad.err


def test_data_on_stdout_diagnostics_on_stderr(tmp_path: Path) -> None:
    bad = tmp_path / "bad.kh"
    bad.write_text(edited(TWO, TWO_MOVE, TWO_ILLEGAL))
    r = kh("validate", bad, TWO)
    assert r.out == "2 records: 1 ok (1 finished), 1 bad; 2 files\n"
    assert r.err.startswith(f"{bad}:25:9: error[C.4]: red cannot buy G7 from green")
    assert "   25 | 4. red: buy G7 from green\n" in r.err
    j = kh("validate", bad, "-f", "json")
    assert [x["ok"] for x in j.objects()] == [False, False]  # stdout: JSON only
    assert j.err == ""  # JSON mode: the diagnostics are in the JSON, not on stderr too
    assert j.results()[0]["diagnostics"][0]["rule"] == "C.4"
    s = kh("score", TWO, "--to", 3)
    assert "winner" in s.out and "note" not in s.out and "note: " in s.err


@pytest.mark.parametrize("args", [
    ["nonsense"], ["validate"], ["validate", "--jobs", "x", str(TWO)],
    ["replay", str(TWO), "--format", "yaml"], ["replay", str(TWO), "--no-such-option"],
    ["score", "--to"], ["diff", str(TWO)], ["selfplay", "--games", "many"],
])
def test_usage_errors_exit_2(args: list[str]) -> None:
    r = kh(*args)
    assert r.code == 2 and r.out == "" and "Error:" in r.err


@pytest.mark.parametrize("target, args", [
    ("keyharvest.rules.scoring.score", ["score", str(TWO)]),
    ("keyharvest.play.batch.check_unit", ["validate", str(TWO)]),
    ("keyharvest.play.replay.locate", ["replay", str(TWO)]),
    ("keyharvest.play.compare.compare_records", ["diff", str(TWO), str(TWO)]),
    ("keyharvest.rules.legal_steps", ["moves", str(TWO)]),
    ("keyharvest.formats.records.format_records", ["fmt", str(TWO)]),
    ("keyharvest.formats.template.new_record", ["new", "--players", "2"]),
    ("keyharvest.play.batch.selfplay_texts", ["selfplay", "-p", "2", "-s", "1"]),
    ("keyharvest.render.render_file", ["render", str(TWO), "-o", "x.svg"]),
])
def test_an_internal_error_is_one_line_and_exit_3(target: str, args: list[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*a: object, **k: object) -> None:
        raise ZeroDivisionError("the engine divided by zero")

    module, name = target.rsplit(".", 1)
    monkeypatch.setattr(__import__(module, fromlist=[name]), name, broken)
    r = kh(*args)
    assert r.code == 3
    assert r.err.splitlines() == [
        ("keyharvest: internal error: ZeroDivisionError: the engine divided by zero — this is "
         "a bug in keyharvest: please report it to the maintainers with the input that "
         "caused it")]
    j = kh(*args, "--format", "json")
    assert j.code == 3
    data = j.summary()  # the command cannot go on: a line on stderr, and the summary
    assert data["ok"] is False and data["diagnostics"][0]["kind"] == "internal"
    assert "internal error" in j.err


def test_exit_codes_0_and_1() -> None:
    assert kh("validate", TWO).code == 0
    assert kh("validate", FINAL_TABLE).code == 0
    assert kh("validate", "-", input="+++\n").code == 1


# -- the installed script --------------------------------------------------------------------------
def _script() -> list[str]:
    here = Path(sys.executable).parent / "keyharvest"
    found = str(here) if here.exists() else shutil.which("keyharvest")
    return [found] if found else [sys.executable, "-m", "keyharvest"]


def _run(args: list[str], stdin: bytes = b"", **kw: object) -> subprocess.CompletedProcess:
    env = {**os.environ, "COLUMNS": "100"}
    return subprocess.run(args, check=False, input=stdin, capture_output=True, timeout=120,
                          env=env, cwd=ROOT, **kw)


def test_the_installed_script_reads_stdin() -> None:
    r = _run([*_script(), "validate", "-", "--format", "json"], TWO.read_bytes())
    assert r.returncode == 0, r.stderr
    lines = [json.loads(line) for line in r.stdout.decode().splitlines()]
    assert lines[0]["source"] == "<stdin>" and lines[0]["status"] == "finished"
    assert lines[-1]["type"] == "summary" and r.stderr == b""
    s = _run([*_script(), "score", "-"], FINAL_TABLE.read_bytes())
    assert s.returncode == 0 and b"winner: red" in s.stdout
    bad = _run([*_script(), "replay", "-"], b"\xff\xfe binary \x00")
    assert bad.returncode == 1 and b"Traceback" not in bad.stderr
    assert bad.stderr.startswith(b"<stdin>:1:1: error: not a text file")


def test_python_dash_m_and_the_last_guard() -> None:
    r = _run([sys.executable, "-m", "keyharvest", "--version"])
    assert r.returncode == 0 and r.stdout.startswith(b"keyharvest ")
    # an error raised outside any command (here: while Typer builds the app) is still one line
    code = ("import sys, keyharvest.cli.commands as c\n"
            "def broken(*a, **k): raise RuntimeError('boom')\n"
            "c.app.registered_commands[0].callback = None\n"
            "c.typer.main.get_command = broken\n"
            "sys.argv = ['keyharvest', 'validate', '-']\n"
            "c.main()\n")
    g = _run([sys.executable, "-c", code])
    assert g.returncode == 3
    assert g.stderr.decode().splitlines() == [
        ("keyharvest: internal error: RuntimeError: boom — this is a bug in keyharvest: "
         "please report it to the maintainers with the input that caused it")]


def test_help_imports_nothing_heavy() -> None:
    code = ("import sys\n"
            "from keyharvest.cli import app\n"
            "try:\n"
            "    app(['--help'])\n"
            "except SystemExit:\n"
            "    pass\n"
            "heavy = ['lark', 'rich', 'pydantic', 'keyharvest.rules', 'keyharvest.formats.records',\n"
            "         'keyharvest.notation', 'tomllib', 'json']\n"
            "print('heavy:', *(m for m in heavy if m in sys.modules))\n")
    r = _run([sys.executable, "-c", code])
    assert r.returncode == 0, r.stderr
    assert "validate" in r.stdout.decode()
    assert r.stdout.decode().splitlines()[-1] == "heavy:"


@pytest.mark.parametrize("args", [
    ["selfplay", "-p", "2", "-s", "1", "-n", "20"],  # far more than a pipe holds
    ["replay", str(TWO), "--each"],
    ["validate", str(TWO), str(TWO), "-v", "-f", "json"],
    ["--help"],  # Typer's own output
])
def test_a_closed_stdout_ends_quietly_with_141(args: list[str]) -> None:
    """``keyharvest ... | head -0``: the reader has gone before the first write. The
    command ends at once without a word, with the status a shell shows for a program
    ended by SIGPIPE (128 + 13), never 1 (which says the input was bad)."""
    p = subprocess.Popen([*_script(), *args], stdin=subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    p.stdout.close()  # before the program has started, so before its first write
    stderr = p.stderr.read()
    p.stderr.close()
    assert p.wait(timeout=120) == 141 and stderr == b""
