"""``keyharvest validate`` and ``keyharvest selfplay``: batches, rejects, processes."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_util import FINAL_TABLE, FOUR, THREE, TWO, TWO_ILLEGAL, bad_records, kh

from keyharvest.formats.records import load_records


@pytest.fixture
def batch(tmp_path: Path) -> dict[str, Path]:
    """A tournament's folder: good records, a file of several records with bad ones among
    them (an illegal step, a syntax error, bad UTF-8, CRLF line ends), a position."""
    bad = bad_records()
    several = tmp_path / "club" / "several.kh"
    several.parent.mkdir()
    several.write_bytes(b"# round 1\n" + b"\n".join(
        [TWO.read_bytes(), *bad.values(), THREE.read_bytes()]))
    good = tmp_path / "club" / "good.kh"
    good.write_bytes(FOUR.read_bytes())
    final = tmp_path / "club" / "final.toml"
    final.write_bytes(FINAL_TABLE.read_bytes())
    return {"several": several, "good": good, "final": final, **bad, "folder": several.parent}


def test_validate_good_inputs_exits_0_with_a_summary() -> None:
    r = kh("validate", TWO, THREE, FOUR, FINAL_TABLE)
    assert r.code == 0 and r.err == ""
    assert r.out == ("3 records: 3 ok (3 finished), 0 bad; 1 position: 1 ok, 0 bad; "
                     "4 files\n")


def test_validate_keeps_going_and_reports_every_bad_record(batch: dict[str, Path]) -> None:
    r = kh("validate", batch["several"], "-v")
    assert r.code == 1
    lines = r.out.splitlines()
    assert lines[-1] == "6 records: 2 ok (2 finished), 4 bad; 1 file"
    assert [line.split(": ", 2)[-1].split(" ")[0] for line in lines[:-1]] == [
        "ok", "bad", "bad", "bad", "bad", "ok"]
    # diagnostics on stderr, compiler-style, at the lines of the whole file
    first = batch["several"].read_text(errors="replace").split("\n").index(
        TWO_ILLEGAL) + 1
    assert f"{batch['several']}:{first}:9: error[C.4]: red cannot buy G7" in r.err
    assert "error: not a text file: byte 0xe9 is not UTF-8" in r.err
    assert r.err.count("error") == 4


def test_validate_json_lines(batch: dict[str, Path]) -> None:
    r = kh("validate", batch["folder"], "--format", "json")
    assert r.code == 1
    *reports, summary = r.objects()
    assert [x["type"] for x in reports] == ["position", "record"] + ["record"] * 6
    assert summary == {"type": "summary", "ok": False, "files": 3,
                       "records": {"ok": 3, "bad": 4, "finished": 3, "unfinished": 0,
                                   "in_progress": 0, "empty": 0},
                       "positions": {"ok": 1, "bad": 0}, "unreadable": 0, "skipped": 0,
                       "stopped": False,
                       "diagnostics": []}
    assert r.err == ""  # JSON mode: the diagnostics are in the JSON only
    bad = [x for x in reports if not x["ok"]]
    assert all(x["diagnostics"] and x["diagnostics"][0]["severity"] == "error" for x in bad)
    assert {x["diagnostics"][0]["rule"] for x in bad} == {"C.4", None}
    # the kinds: a rule broken, a syntax error, a byte that is not UTF-8
    assert [x["diagnostics"][0]["kind"] for x in bad] == ["rule", "syntax", "encoding",
                                                          "rule"]


def test_rejects_hold_the_exact_text_of_each_bad_record(batch: dict[str, Path],
                                                        tmp_path: Path) -> None:
    rejects = tmp_path / "rejects.kh"
    rejects.write_bytes(b"# earlier rejects\n")
    r = kh("validate", batch["several"], batch["good"], "--rejects", rejects)
    assert r.code == 1
    # appended, each record from its '+++' up to the next record, byte for byte (its CRLF
    # line ends and its bad byte included), after a line that says where it came from
    # and its first error
    src = str(batch["several"]).encode()
    first = batch["several"].read_bytes().split(b"\n").index(b"4. red: buy G7 from green") + 1
    lines = rejects.read_bytes().split(b"\n")
    froms = [line for line in lines if line.startswith(b"# from ")]
    assert [f.split(b": ", 1)[0] for f in froms] == [
        b"# from " + src + b" (game %d)" % n for n in (2, 3, 4, 5)]
    assert froms[0] == (b"# from " + src + b" (game 2): rule error at %d:9 [C.4]: red cannot "
                        b"buy G7 from green: no store holds it" % first)
    assert froms[2].startswith(b"# from " + src + b" (game 4): encoding error at ")
    # and without those lines, the exact text of each
    assert b"\n".join(line for line in lines if not line.startswith(b"# from ")) == (
        b"# earlier rejects\n" + batch["illegal"] + b"\n" + batch["syntax"] + b"\n"
        + batch["not_utf8"] + b"\n" + batch["crlf"] + b"\n")


def test_rejects_are_not_written_when_everything_is_good(tmp_path: Path) -> None:
    rejects = tmp_path / "rejects.kh"
    assert kh("validate", TWO, "--rejects", rejects).code == 0
    assert not rejects.exists()


def test_fail_fast_stops_at_the_first_bad_record(batch: dict[str, Path]) -> None:
    r = kh("validate", batch["several"], batch["good"], "--fail-fast", "-v")
    assert r.code == 1
    assert r.out.splitlines()[-1] == ("2 records: 1 ok (1 finished), 1 bad; 1 file; "
                                      "stopped at the first bad one (--fail-fast)")
    assert r.err.count("error") == 1
    data = kh("validate", batch["several"], "-x", "-f", "json", "--jobs", 2).objects()
    assert len(data) == 3 and data[-1]["stopped"] is True


def test_jobs_give_the_same_output_in_the_same_order(batch: dict[str, Path]) -> None:
    big = batch["folder"] / "big.kh"
    big.write_text("\n".join([TWO.read_text(), FOUR.read_text()] * 6))
    args = ["validate", batch["folder"], TWO, "-f", "json"]
    one = kh(*args)
    two = kh(*args, "--jobs", 2)
    assert one.code == two.code == 1
    assert one.out == two.out and one.err == two.err
    assert len(one.objects()) == 1 + 7 + 12 + 1 + 1
    assert kh("validate", batch["folder"], "-j", 0).out == kh("validate",
                                                             batch["folder"]).out


def _killed_at_the_second(batch_of_units: list) -> list:
    """A worker's call that is killed (SIGKILL) at the batch holding record 2."""
    import os
    import signal

    from keyharvest.play import batch as batches

    if any(u.index == 2 for u in batch_of_units):
        os.kill(os.getpid(), signal.SIGKILL)
    return [batches.check_unit(u) for u in batch_of_units]


def test_a_worker_killed_mid_run_is_an_internal_error_naming_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from keyharvest.play import batch as batches

    many = tmp_path / "many.kh"
    many.write_text("\n".join([TWO.read_text()] * 4))
    monkeypatch.setattr(batches, "BATCH_UNITS", 1)  # a call per record
    monkeypatch.setattr(batches, "_check_batch", _killed_at_the_second)  # (forked workers)
    run = kh("validate", many, "--jobs", 2)
    assert run.code == 3
    assert "worker 1 ended by signal 9" in run.err or "worker 2 ended by signal 9" in run.err


def test_the_console_script_runs_jobs_as_one(batch: dict[str, Path]) -> None:
    """The same output with --jobs 2 through ``main`` (Typer reads the options; the
    workers start when the command runs), and a usage error is still one."""
    import subprocess
    import sys

    def run(*args: object) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "keyharvest", *map(str, args)],
                              capture_output=True, timeout=120, check=False)

    args = ["validate", batch["several"], batch["good"], "-f", "json"]
    one, two = run(*args), run(*args, "--jobs", 2)
    assert one.returncode == two.returncode == 1
    assert one.stdout == two.stdout and one.stderr == two.stderr
    assert run("validate", TWO, "--jobs", 2).stdout.startswith(b"1 record: 1 ok")
    bad = run("validate", "--jobs", 2)
    assert bad.returncode == 2 and b"Missing argument" in bad.stderr


def test_a_partial_record_is_valid_and_says_so(tmp_path: Path) -> None:
    text = TWO.read_text()
    partial = tmp_path / "partial.kh"
    partial.write_text(text[:text.index("\n30. ")] + "\n")
    r = kh("validate", partial, TWO, "-f", "json")
    assert r.code == 0
    first, second, summary = r.objects()
    assert first["ok"] and first["status"] == "in progress" and first["steps"] > 50
    assert second["status"] == "finished"
    assert summary["records"]["in_progress"] == 1
    assert "(1 finished, 1 in progress)" in kh("validate", partial, TWO).out


def test_validate_reads_stdin_and_sniffs_records_and_positions() -> None:
    rec = kh("validate", "-", "-f", "json", input=TWO.read_bytes())
    assert rec.code == 0 and rec.results()[0]["type"] == "record"
    assert rec.results()[0]["source"] == "<stdin>"
    pos = kh("validate", "-", "-f", "json", input=FINAL_TABLE.read_bytes())
    assert pos.code == 0 and pos.result() == {"type": "position", "source": "<stdin>",
                                                 "ok": True, "complete": False,
                                                 "diagnostics": []}


def test_validate_lists_every_broken_invariant_of_a_position(tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text(FINAL_TABLE.read_text()
                      .replace('tiles = "A2', 'tiles = "A6 A2')
                      .replace('workers = { C2 = "A", E7 = "D" }',
                               'workers = { C2 = "A", E7 = "A" }'))
    r = kh("validate", broken, "-f", "json")
    assert r.code == 1
    report = r.result()
    messages = [d["message"] for d in report["diagnostics"]]
    assert len(messages) == 2, messages
    assert any("A6" in m for m in messages) and any("farmhand A" in m for m in messages)
    assert kh("validate", broken).err.count("error[J]") == 2


def test_validate_unreadable_inputs(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    r = kh("validate", empty, TWO)
    assert r.code == 1
    assert f"{empty}: error: {empty} is a folder with no records" in r.err
    assert r.out.endswith("2 files (1 unreadable)\n")
    # a path that does not exist is a usage error (click's words), before any work
    missing = kh("validate", TWO, tmp_path / "missing.kh")
    assert missing.code == 2 and missing.out == ""
    assert f"Invalid value for 'FILE...': Path '{tmp_path / 'missing.kh'}' does not exist." \
        in missing.err


# -- selfplay ------------------------------------------------------------------------------------
def test_selfplay_is_deterministic_and_writes_valid_records(tmp_path: Path) -> None:
    args = ["selfplay", "--players", 2, "--seed", 11, "--games", 2]
    first = kh(*args)
    assert first.code == 0 and first.err == ""
    assert kh(*args).out == first.out
    assert kh(*args, "--jobs", 2).out == first.out  # byte-identical whatever --jobs is
    records = load_records(first.out)
    assert len(records) == 2 and records[0] != records[1]
    # game N says it is game N, in its round and its [meta] alike (counted from 1)
    assert records[0].metadata["meta"] == {"bot": "random", "seed": 11, "game": 1}
    assert [r.metadata["round"] for r in records] == [r.metadata["meta"]["game"]
                                                       for r in records] == [1, 2]
    games = tmp_path / "games.kh"
    games.write_text(first.out)
    assert kh("validate", games).out == "2 records: 2 ok (2 finished), 0 bad; 1 file\n"


def test_selfplay_to_a_folder(tmp_path: Path) -> None:
    out = tmp_path / "runs"
    r = kh("selfplay", "-p", 2, "-s", 11, "-n", 2, "--out", out, "-j", 2)
    assert r.code == 0
    files = sorted(out.iterdir())
    assert r.out.splitlines() == [str(f) for f in files]
    assert [f.name for f in files] == ["selfplay-11-0001.kh", "selfplay-11-0002.kh"]
    together = kh("selfplay", "-p", 2, "-s", 11, "-n", 2).out
    assert "\n".join(f.read_text() for f in files) == together
    data = kh("selfplay", "-p", 2, "-s", 11, "-n", 2, "-f", "json")
    assert [d["record"] for d in data.results()] == [f.read_text() for f in files]
    assert data.summary() == {"type": "summary", "ok": True, "games": 2, "seed": 11,
                              "diagnostics": []}
    again = ["selfplay", "-p", 2, "-s", 11, "-n", 2, "--out", out, "--force"]
    listed = kh(*again, "-f", "json").results()
    assert [d["output"] for d in listed] == [str(f) for f in files]
    quiet = kh(*again, "-q")
    assert quiet.code == 0 and quiet.out == ""


def test_selfplay_without_a_seed_says_which_it_used() -> None:
    r = kh("selfplay", "-p", 2, "-n", 1)
    assert r.code == 0 and r.err.startswith("keyharvest selfplay: seed ")
    seed = int(r.err.split()[-1])
    assert kh("selfplay", "-p", 2, "-n", 1, "-s", seed).out == r.out


def test_selfplay_bot_names_come_from_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    from keyharvest.play import bots

    bad = kh("selfplay", "--bot", "nobody", "-p", 2)
    assert bad.code == 2 and "random" in bad.err
    monkeypatch.setitem(bots.BOTS, "copycat", bots.RandomBot)
    r = kh("selfplay", "--bot", "copycat", "-p", 2, "-s", 1, "-n", 1)
    assert r.code == 0 and 'bot = "copycat"' in r.out


def test_selfplay_refuses_a_budget_its_bot_would_not_use() -> None:
    """``--budget`` is for the search bots: given to another, it is a usage error (exit 2,
    nothing played), not an option quietly dropped."""
    bad = kh("selfplay", "-b", "greedy", "--budget", 5, "-p", 2, "-n", 1, "-s", 1)
    assert bad.code == 2 and bad.out == "", bad
    assert "no bot here plays at it (greedy): only mcts and mcts-v1 search" in " ".join(
        bad.err.split())
    searched = kh("selfplay", "-b", "mcts", "--budget", 2, "-p", 2, "-n", 1, "-s", 1)
    assert searched.code == 0 and "budget = 2" in searched.out, searched


def test_the_console_script_tunes_the_collector_once_and_the_output_is_the_same() -> None:
    """``main`` raises the collector's first threshold first thing (``tune_gc``), the
    workers of --jobs take it over (play.pool), and the records and reports are those of a run
    with Python's default (collection never changes what a game or a check does)."""
    import subprocess
    import sys

    from keyharvest.cli.support import COLLECT_EVERY

    spy = ("import gc, sys\n"
           "from keyharvest.play import batch\n"
           "from keyharvest.cli import entry\n"
           "play, check = batch.selfplay_texts, batch.check_unit\n"
           "def texts(*a, **k):\n"
           "    for t in play(*a, **k):\n"
           "        print('gc', gc.get_threshold()[0], file=sys.stderr)\n"
           "        yield t\n"
           "def unit(*a, **k):\n"
           "    print('gc', gc.get_threshold()[0], file=sys.stderr)\n"
           "    return check(*a, **k)\n"
           "batch.selfplay_texts, batch.check_unit = texts, unit\n"
           "sys.argv = ['keyharvest', *sys.argv[1:]]\n"
           "entry.main()\n")

    def run(*args: object) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-c", spy, *map(str, args)],
                              capture_output=True, timeout=120, check=False)

    plays = run("selfplay", "-p", 2, "-s", 5, "-n", 2)
    assert plays.returncode == 0, plays.stderr
    assert plays.stderr.decode().splitlines() == [f"gc {COLLECT_EVERY}"] * 2
    assert plays.stdout.decode() == kh("selfplay", "-p", 2, "-s", 5, "-n", 2).out
    checks = run("validate", "-v", TWO, FOUR)
    expected = kh("validate", "-v", TWO, FOUR)
    assert checks.returncode == expected.code == 0
    assert checks.stdout.decode() == expected.out
    assert checks.stderr.decode().splitlines() == [f"gc {COLLECT_EVERY}"] * 2


def test_tune_gc_leaves_a_program_that_collects_by_hand_so() -> None:
    import gc

    from keyharvest.cli.support import COLLECT_EVERY, tune_gc

    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)
        tune_gc()
        assert gc.get_threshold() == (COLLECT_EVERY, 10, 10)
        gc.set_threshold(0)
        tune_gc()
        assert gc.get_threshold()[0] == 0
    finally:
        gc.set_threshold(*before)


@pytest.mark.parametrize("args", [["--players", 5], ["--players", 1], ["--games", -1]])
def test_selfplay_usage_errors(args: list[object]) -> None:
    assert kh("selfplay", *args).code == 2
