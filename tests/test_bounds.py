"""Bounds on input (issue 13): a record, a position or a whole input larger than the bound
(4 MiB, ``--max-bytes`` to change it) is refused with a positioned error, devices and
FIFOs included, and memory stays flat whatever the input; long lines are cut around the
caret in diagnostics."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from cli_util import TWO, kh

from keyharvest.formats.limits import MAX_RECORD_BYTES, parse_size

#: The resident memory a command may reach on any input (the issue's bound).
MAX_RSS_KB = 100 * 1024
#: A hard cap on the address space of the commands run here, so that a command that
#: grows without bound fails the test instead of the machine.
CAP = 1 << 30


#: Runs a command under ``CAP`` and reports its exit code, its stderr and the peak resident
#: memory of it and its workers (``RUSAGE_CHILDREN`` of this fresh process: only them).
_MEASURE = """
import json, resource, subprocess, sys
def cap():
    resource.setrlimit(resource.RLIMIT_AS, ({cap}, {cap}))
done = subprocess.run(sys.argv[1:], capture_output=True, preexec_fn=cap)
print(json.dumps([done.returncode, done.stderr.decode("utf-8", "replace"),
                  resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss]))
"""


def _run_measured(*args: str) -> tuple[int, str, int]:
    """Exit code, stderr and the peak resident memory (KB, its workers included) of
    ``keyharvest ARGS`` run as a process of its own, under ``CAP``."""
    import json

    done = subprocess.run([sys.executable, "-c", _MEASURE.format(cap=CAP), sys.executable,
                           "-m", "keyharvest", *args], capture_output=True, text=True,
                          check=True, timeout=300)
    code, err, rss = json.loads(done.stdout)
    return code, err, rss


@pytest.fixture(scope="module")
def huge_record(tmp_path_factory) -> Path:
    """One record of 60 MB: its front matter, then the same line over and over."""
    text = TWO.read_text()
    head, sep, moves = text.rpartition("+++\n")
    line = (moves.split("\n")[0] + "\n").encode()
    path = tmp_path_factory.mktemp("huge") / "huge.kh"
    with path.open("wb") as f:
        f.write((head + sep).encode())
        block = line * (1 << 20 // len(line) + 1)
        for _ in range(60 * (1 << 20) // len(block)):
            f.write(block)
    return path


@pytest.mark.parametrize("args", [
    ["validate", "/dev/zero"], ["validate", "--jobs", "2", "/dev/zero"],
    ["score", "/dev/zero"], ["fmt", "/dev/zero"], ["replay", "/dev/zero"],
])
def test_dev_zero_stops_with_a_positioned_error_in_flat_memory(args: list[str]) -> None:
    code, err, rss = _run_measured(*args)
    assert code == 1, err
    assert "/dev/zero:1:1: error: " in err and "larger than 4 MiB" in err
    assert "Traceback" not in err and len(err) < 2000
    assert rss < MAX_RSS_KB, rss


@pytest.mark.parametrize("command", [["validate"], ["validate", "--jobs", "2"], ["score"],
                                     ["fmt"], ["moves"]])
def test_a_huge_record_stops_in_flat_memory(huge_record: Path, command: list[str]) -> None:
    code, err, rss = _run_measured(*command, str(huge_record))
    assert code == 1, err
    assert f"{huge_record}:1:1: error: " in err and "larger than 4 MiB" in err
    assert rss < MAX_RSS_KB, rss


def test_the_records_before_a_huge_one_are_checked(tmp_path: Path) -> None:
    text = TWO.read_text()
    path = tmp_path / "two.kh"
    lines = text.count("\n")
    path.write_text(text + text + "# " + "x" * (MAX_RECORD_BYTES + 10) + "\n")
    r = kh("validate", path, "--format", "json")
    reports = r.jsonl()
    assert [x["ok"] for x in reports[:-1]] == [True, False]
    d = reports[1]["diagnostics"][0]
    assert (d["line"], d["column"]) == (lines + 1, 1)  # at the second record's '+++'
    assert "the record starting here is larger than 4 MiB" in d["message"]


def test_max_bytes_raises_the_bound(tmp_path: Path) -> None:
    text = TWO.read_text()
    path = tmp_path / "long-comment.kh"
    path.write_text(text + "# " + "x" * (5 << 20) + "\n")  # a valid record of 5 MB
    for command in ("validate", "score", "replay"):
        assert kh(command, path).code == 1, command
        assert kh(command, path, "--max-bytes", "8M").code == 0, command
    assert kh("validate", path, "--max-bytes", "8M", "--jobs", "2").code == 0
    r = kh("validate", path, "--max-bytes", "lots")
    assert r.code == 2 and "is not a size" in r.err


def test_parse_size() -> None:
    assert parse_size("4000") == 4000
    assert parse_size("512k") == 512 << 10
    assert parse_size("8M") == parse_size("8MiB") == parse_size("8mb") == 8 << 20
    for bad in ("", "0", "-1", "8X", "M"):
        with pytest.raises(ValueError):
            parse_size(bad)


def test_a_fifo_is_read_with_the_same_bound(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.kh"
    os.mkfifo(fifo)

    def feed() -> None:
        try:
            with open(fifo, "wb") as f:
                f.writelines(b"\0" * (1 << 18) for _ in range(64))  # 16 MB: past the bound
        except BrokenPipeError:  # the reader stopped at the bound
            pass

    writer = threading.Thread(target=feed)
    writer.start()
    r = kh("validate", fifo)
    writer.join(timeout=60)
    assert r.code == 1 and "larger than 4 MiB" in r.err, r


def test_standard_input_is_read_with_the_same_bound() -> None:
    r = kh("score", "-", input=b"x" * (MAX_RECORD_BYTES + 1))
    assert r.code == 1 and "<stdin>:1:1: error: the input is larger than 4 MiB" in r.err


def test_a_long_line_is_cut_around_the_caret(tmp_path: Path) -> None:
    text = TWO.read_text()
    head, sep, moves = text.rpartition("+++\n")
    first, rest = moves.split("\n", 1)
    path = tmp_path / "long.kh"
    path.write_text(head + sep + first + " zz" + " y" * 500_000 + "\n" + rest)
    for output in ("text", "json"):
        r = kh("validate", path, "--format", output)
        assert r.code == 1
        assert len(r.err) < 2000 and len(r.out) < 3000, (len(r.err), len(r.out))
    r = kh("validate", path)
    lines = r.err.splitlines()
    excerpt = next(line for line in lines if line.startswith("   21 | "))
    caret = next(line for line in lines if "^" in line)
    at = caret.index("^")
    assert excerpt[at:at + 2] == "zz"  # the caret is under the word it points at
    assert excerpt.endswith("…") and len(excerpt) < 150
    d = kh("validate", path, "--format", "json").jsonl()[0]["diagnostics"][0]
    assert d["excerpt"].endswith("…") and len(d["excerpt"]) < 150
    assert d["column"] == len(first) + 2


# -- numbers too long to be numbers -------------------------------------------------------------
#: More digits than Python turns into an int (``sys.get_int_max_str_digits``: 4300).
HUGE = "1" * 5000


def _two_players(front: str = "", moves: str = "1. red: end\n") -> str:
    _, _, rest = TWO.read_text().partition("+++\n")
    front_matter, _, _ = rest.partition("+++\n")
    return f"+++\n{front_matter}{front}+++\n{moves}"


@pytest.mark.parametrize(("text", "words"), [
    (_two_players(f"max_turns = {HUGE}\n"), "whole number of 5000 digits"),
    (_two_players(f"[meta]\nseed = {HUGE}\n"), "whole number of 5000 digits"),
    (_two_players(moves=f"{HUGE}. red: end\n"), "(5000 digits) is out of sequence"),
], ids=["front-matter", "meta", "turn-number"])
def test_a_number_of_thousands_of_digits_in_a_record_is_diagnosed(
        tmp_path: Path, text: str, words: str) -> None:
    """Python refuses to read such a number (a ValueError of its own); the record is bad
    input with a line and column, exit 1, not an internal error."""
    path = tmp_path / "huge.kh"
    path.write_text(text)
    run = kh("validate", str(path))
    assert run.code == 1, run.err
    assert "internal error" not in run.err
    first = run.err.splitlines()[0]
    assert first.startswith(f"{path}:") and first.split(":")[1].isdigit(), first
    assert words in run.err
    assert HUGE not in run.err  # the number is shown cut, not 5000 digits long


def test_a_number_of_thousands_of_digits_in_a_position_is_diagnosed(tmp_path: Path) -> None:
    made = kh("replay", "--to", "10", "-f", "toml", str(TWO))
    assert made.code == 0 and "\nmax_turns = 240\n" in made.out
    path = tmp_path / "pos.toml"
    path.write_text(made.out.replace("\nmax_turns = 240\n", f"\nmax_turns = {HUGE}\n"))
    run = kh("validate", str(path))
    assert run.code == 1, run.err
    assert "internal error" not in run.err and HUGE not in run.err
    assert run.err.startswith(f"{path}:4:"), run.err


@pytest.mark.parametrize("args", [
    ["replay", "--to", HUGE, str(TWO)],
    ["moves", "--to", f"turn {HUGE}", str(TWO)],
    ["validate", "--max-bytes", HUGE, str(TWO)],
    ["new", "--players", HUGE],
], ids=["step", "turn", "max-bytes", "players"])
def test_an_option_of_thousands_of_digits_is_a_usage_error(args: list[str]) -> None:
    run = kh(*args)
    assert run.code == 2, run.err
    assert "too large: at most 18 digits" in run.err
    assert "set_int_max_str_digits" not in run.err and HUGE not in run.err


# -- every count and time bounded (issue 50) -------------------------------------------------------
def test_counts_and_times_past_their_bounds_are_refused_before_any_work() -> None:
    import math
    import random as _random

    from keyharvest.formats.records import load_records, replay
    from keyharvest.play import arena, bounds
    from keyharvest.play.advice import hint
    from keyharvest.play.batch import selfplay_texts

    with pytest.raises(ValueError, match="number of games is 1 to 1,000,000, not 10,000,001"):
        arena.tasks(["random", "random"], 2, 10_000_001, 1, None)
    with pytest.raises(ValueError, match="a number of 24 digits"):
        arena.play(["random", "random"], 2, 10**23, 1, None)
    with pytest.raises(ValueError, match="budget"):
        arena.play(["mcts", "random"], 2, 2, 1, bounds.MAX_BUDGET + 1)
    with pytest.raises(ValueError, match="number of games"):
        selfplay_texts(2, 1, bounds.MAX_GAMES + 1)
    state = replay(load_records(TWO.read_text())[0], upto=3).state
    while state.current_player() < 0:  # a player to move
        state = replay(load_records(TWO.read_text())[0], upto=4).state
    for seconds in (math.inf, math.nan, bounds.MAX_SECONDS * 2, 0.0):
        with pytest.raises(ValueError, match="time"):
            hint(state, seconds=seconds)
    with pytest.raises(ValueError, match="budget"):
        hint(state, budget=10**20)
    assert _random  # (the bounds are checked before any search starts: no seed needed)


def test_the_arena_makes_its_tasks_as_it_goes_and_tallies_as_results_come() -> None:
    from keyharvest.play import arena

    todo = arena.tasks(["random", "greedy"], 2, arena.MAX_GAMES, 7, None)
    assert next(todo) == (("random", "greedy"), 2, 7, 0, None)  # a million games: made lazily
    games = list(arena.play(["random", "greedy"], 2, 4, 7, None))
    tally = arena.Tally()
    for game in games:
        tally.add(game)
    assert tally.standings(2) == arena.standings(games, 2)
    assert [s.seats for s in tally.standings(2)] == [4, 4]


def test_out_of_memory_says_what_to_lower() -> None:
    from keyharvest.formats.limits import out_of_memory_line
    from keyharvest.play.bounds import lower_to_save_memory

    options = {"bots": ["random"], "games": 10, "jobs": 2, "budget": None}
    assert out_of_memory_line(lower_to_save_memory(options)) == (
        "out of memory: lower --jobs or --budget, or raise the memory limit")
    assert out_of_memory_line([]) == "out of memory: raise the memory limit"


@pytest.mark.parametrize("args", [
    ["arena", "random", "random", "--games", 10**23], ["arena", "random", "random", "-n",
                                                       10**8],
    ["selfplay", "-n", 1_000_001], ["hint", TWO, "--budget", 10**20],
    ["hint", TWO, "--top", 10**9],
    ["validate", TWO, "--max-errors", 10**9], ["validate", TWO, "-j", 65]])
def test_a_count_past_its_maximum_is_a_usage_error(args: list[object]) -> None:
    from cli_util import kh as run

    r = run(*args)
    # click >= 8.2 says "less than or equal to"; older ones "is not in the range a<=x<=b"
    said = "less than or equal to" in r.err or "is not in the range" in r.err
    assert r.code == 2 and said and not r.out, r.err


@pytest.mark.parametrize(("command", "value"), [
    ("hint", "inf"), ("hint", "nan"), ("hint", "-inf"), ("hint", "0"),
    ("analyse", str(10**6)), ("analyse", "NaN"), ("analyse", "1e400")])
def test_a_time_out_of_bounds_is_the_same_usage_error_at_every_version(
        command: str, value: str) -> None:
    """keyharvest reads --time itself (Click before 8.2 let nan through its range): nan
    and inf are refused, in the same words under every Typer and Click."""
    from cli_util import kh as run

    r = run(command, TWO, "--time", value)
    assert r.code == 2 and not r.out, r.err
    assert ("Invalid value for '--time': the time (seconds a decision) is 0.001 to 3600, "
            "not ") in r.err, r.err


def test_a_time_that_is_no_number_is_a_usage_error() -> None:
    from cli_util import kh as run

    r = run("hint", TWO, "--time", "soon")
    assert r.code == 2 and "'soon' is not a number of seconds" in r.err, r.err


def test_arena_out_checks_only_the_names_already_there(tmp_path: Path) -> None:
    from cli_util import kh as run

    out = tmp_path / "games"
    out.mkdir()
    (out / "arena-7-0002.kh").write_text("mine\n")
    (out / "arena-7-02.kh").write_text("not a name of the run\n")
    r = run("arena", "random", "random", "-n", 3, "-s", 7, "--out", out)
    assert r.code == 1 and "arena-7-0002.kh: error: the file exists" in r.err, r.err
    assert sorted(p.name for p in out.iterdir()) == ["arena-7-0002.kh", "arena-7-02.kh"]
    assert run("arena", "random", "random", "-n", 1, "-s", 7, "--out", out).code == 0
