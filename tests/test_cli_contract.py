"""The contract every ``keyharvest`` command keeps (docs/design.md, "The command line"):
``-`` reads stdin, JSON is valid, data on stdout and diagnostics on stderr, exit 0/1/2/3,
and no traceback for any input; the installed script; cheap start-up."""

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
    ("keyharvest.rules.representative_steps", ["moves", str(TWO)]),
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
    # an error raised outside any command (here: while Typer builds the app) is still
    # one line
    typer_app = ("import sys, keyharvest.cli.commands as c\n"
                 "from keyharvest.cli import entry\n"
                 "def broken(*a, **k): raise RuntimeError('boom')\n"
                 "c.app.registered_commands[0].callback = None\n"
                 "c.typer.main.get_command = broken\n"
                 "sys.argv = ['keyharvest', 'score', '-']\n"
                 "entry.main()\n")
    for code in (typer_app,):
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
            "heavy = ['lark', 'rich', 'pydantic', 'keyharvest.rules',\n"
            "         'keyharvest.formats.records', 'keyharvest.notation', 'tomllib', 'json']\n"
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


# -- one JSON convention -----------------------------------------------------------------------
def _every_command_in_json(tmp_path: Path) -> dict[str, list[str]]:
    """Every command that takes --format, with arguments that work."""
    return {
        "validate": ["validate", str(TWO), str(FINAL_TABLE)],
        "filter": ["filter", "finished", str(TWO)],
        "standings": ["standings", str(TWO)],
        "stats": ["stats", str(TWO), "--html", str(tmp_path / "stats.html"), "--force"],
        "replay": ["replay", str(TWO), "--to", "12"],
        "replay --each": ["replay", str(TWO), "--to", "3", "--each"],
        "score": ["score", str(TWO), str(FINAL_TABLE)],
        "diff": ["diff", str(TWO), str(TWO)],
        "diff positions": ["diff", str(FINAL_TABLE), str(FINAL_TABLE)],
        "moves": ["moves", str(TWO), "--to", "1"],
        "hint": ["hint", str(TWO), "--to", "0", "--budget", "3"],
        "analyse": ["analyse", str(TWO), "--budget", "1", "-P", "red"],
        "fmt": ["fmt", str(TWO)],
        "fmt --check": ["fmt", "--check", str(TWO)],
        "fmt --diff": ["fmt", "--diff", str(TWO)],
        "new": ["new", "--players", "2", "--seed", "1"],
        "selfplay": ["selfplay", "-p", "2", "-s", "3", "-n", "2"],
        "selfplay --out": ["selfplay", "-p", "2", "-s", "3", "-n", "1", "--force", "--out",
                           str(tmp_path / "games")],  # --force: the test writes it twice
        "arena": ["arena", "greedy", "random", "-n", "2", "-s", "1"],
        "arena --out": ["arena", "greedy", "random", "-n", "2", "-s", "1", "--force", "--out",
                        str(tmp_path / "arena")],
        "render": ["render", str(TWO), "-o", str(tmp_path / "x.svg")],
        "board": ["board"],
        "rules": ["rules"],
        "rules ID": ["rules", "C.4"],
    }


def test_the_commands_that_take_a_format_are_all_tried() -> None:
    import inspect

    from keyharvest.cli.commands import app

    takes_format = {c.name or c.callback.__name__ for c in app.registered_commands
                    if "output" in inspect.signature(c.callback).parameters}
    assert takes_format == {key.split()[0] for key in _every_command_in_json(Path("."))}


@pytest.mark.parametrize("name", sorted(_every_command_in_json(Path("."))))
def test_every_command_writes_json_lines_with_a_type_and_a_summary(name: str,
                                                                   tmp_path: Path) -> None:
    """--format json: JSON Lines on stdout (each line one object with a "type", the last
    one the summary), nothing on stderr."""
    args = _every_command_in_json(tmp_path)[name]
    r = kh(*args, "--format", "json")
    assert r.code == 0, r
    assert r.err == "", r
    objects = r.objects()  # every line parses, each has a type, the summary is last
    assert r.summary()["ok"] is True and isinstance(r.summary()["diagnostics"], list)
    assert len(objects) >= 2 or name.startswith("fmt")
    # the installed program writes the same bytes
    p = _run([*_script(), *args, "--format", "json"])
    assert p.returncode == 0 and p.stderr == b""
    for line in p.stdout.decode().splitlines():
        assert isinstance(json.loads(line)["type"], str)


def test_json_of_bad_input_keeps_stderr_empty(tmp_path: Path) -> None:
    bad = tmp_path / "bad.kh"
    bad.write_text(edited(TWO, TWO_MOVE, TWO_ILLEGAL))
    for args in (["validate", bad], ["replay", bad], ["score", bad], ["moves", bad],
                 ["render", bad, "-o", tmp_path / "x.svg"], ["fmt", "-"]):
        r = kh(*args, "-f", "json", input="+++\n")
        assert r.code == 1 and r.err == "", (args, r)
        assert r.summary()["ok"] is False, (args, r)
        found = [d for x in r.objects() for d in x["diagnostics"]]
        assert found and all(d["severity"] in ("error", "note", "warning") for d in found)


# -- --quiet, fmt --diff and what fmt --check advises --------------------------------------------
def test_quiet_leaves_out_the_summary_for_people(tmp_path: Path) -> None:
    assert kh("validate", TWO).out == "1 record: 1 ok (1 finished), 0 bad; 1 file\n"
    q = kh("validate", TWO, "-q")
    assert q.code == 0 and q.out == "" and q.err == ""
    bad = tmp_path / "bad.kh"
    bad.write_text(edited(TWO, TWO_MOVE, TWO_ILLEGAL))
    qb = kh("validate", bad, "--quiet")
    assert qb.code == 1 and qb.out == "" and "error[C.4]" in qb.err
    svg = tmp_path / "x.svg"
    assert kh("render", TWO, "-o", svg).out == f"{svg}\n"
    assert kh("render", TWO, "-o", svg, "-q").out == "" and svg.exists()
    messy = tmp_path / "messy.kh"
    messy.write_text(TWO.read_text().replace("\n1. green", "\ngreen"))
    c = kh("fmt", "--check", messy, "-q")
    assert c.code == 1 and c.out == "" and c.err == ""
    assert kh("fmt", "--check", messy).out == f"{messy}\n"


def test_fmt_diff_shows_what_write_would_change(tmp_path: Path) -> None:
    messy = tmp_path / "messy.kh"
    messy.write_text(TWO.read_text().replace("\n1. green", "\ngreen"))
    r = kh("fmt", "--diff", messy)
    assert r.code == 0 and messy.read_text() != TWO.read_text()  # nothing written
    assert r.out.startswith(f"--- {messy}\n+++ {messy} (canonical)\n@@ ")
    assert "\n-green: offer B8" in r.out and "\n+1. green: offer B8" in r.out
    # applying the diff gives what --write writes
    import difflib

    assert kh("fmt", "--diff", TWO).out == ""
    assert kh("fmt", "--check", "--diff", messy).code == 1
    want = kh("fmt", messy).out
    assert list(difflib.restore(difflib.ndiff(messy.read_text().splitlines(True),
                                              want.splitlines(True)), 2)) == \
        want.splitlines(True)
    assert kh("fmt", "--write", messy).out == f"{messy}\n"
    assert messy.read_text() == want == TWO.read_text()
    assert kh("fmt", "--diff", "--write", messy).code == 2


def test_fmt_check_of_stdin_suggests_fmt_dash_and_diff() -> None:
    messy = TWO.read_text().replace("\n1. green", "\ngreen")
    r = kh("fmt", "--check", "-", input=messy)
    assert r.code == 1 and r.out == "-\n"
    assert ("note: stdin is not in canonical form: 'keyharvest fmt -' writes it, "
            "'keyharvest fmt --diff -' shows the changes") in r.err
    assert "--write" not in r.err
    d = kh("fmt", "--diff", "-", input=messy)
    assert d.out.startswith("--- <stdin>\n+++ <stdin> (canonical)\n")
    w = kh("fmt", "--write", "-", input=messy)
    assert w.code == 2 and "'keyharvest fmt -' writes the canonical form" in w.err
