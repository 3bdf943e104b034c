"""Chaos (issue 34, item 7): the failures outside the records themselves are honest answers,
from the command line as a user meets them, each bounded.

- stdout or stdin closed (``>&-``, ``<&-``), in every command: one line, exit 2;
- ``--jobs`` one past its maximum: a usage error (the plain reader and Typer alike);
- out of memory (forced by a fixture, and under ``prlimit``): the input named, exit 1;
- a cluster whose every worker is killed, again and again: the run ends within a minute of
  the last kill, with the full output or ``the cluster lost ...`` and exit 3, and Dask's
  logging never on stderr (slow: some 40 s).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_util import FINAL_TABLE, FOUR, TWO, extra, kh

from keyharvest.play.bounds import MAX_JOBS

#: Every command, with arguments that read standard input where it can.
COMMANDS = [
    ["validate", "-"], ["replay", "-"], ["score", "-"], ["diff", str(TWO), "-"],
    ["moves", "-"], ["fmt", "-"], ["render", "-", "--out", "x.svg"], ["board", "-"],
    ["new", "--players", "red,green"], ["selfplay", "-s", "1", "-p", "2"],
    ["record", "n.kh", "--players", "red,green"], ["--version"], ["--help"],
]
#: Those that read standard input (the others do not care that it is closed).
READERS = [c for c in COMMANDS if "-" in c or c[0] == "record"]
_OUT = "keyharvest: cannot write to standard output: Bad file descriptor\n"
_IN = "keyharvest: cannot read from standard input: Bad file descriptor\n"


def _keyharvest(args: list[str], cwd: Path, *, close: int | None = None,
                stdin: bytes | None = None, prefix: tuple[str, ...] = (),
                timeout: float = 60) -> subprocess.CompletedProcess[bytes]:
    """``keyharvest ARGS`` as a new process (the console script's ``main``), with the file
    descriptor ``close`` closed."""
    cmd = [*prefix, sys.executable, "-c", "from keyharvest.cli import main; main()", *args]
    if close is None:
        return subprocess.run(cmd, cwd=cwd, input=stdin, capture_output=True,
                              timeout=timeout, check=False)
    return subprocess.run(cmd, cwd=cwd, stderr=subprocess.PIPE,
                          stdout=subprocess.PIPE if close == 0 else None,
                          preexec_fn=lambda: os.close(close), timeout=timeout, check=False)


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: a[0])
def test_a_closed_stdout_is_one_line_and_exit_2(args: list[str], tmp_path: Path) -> None:
    done = _keyharvest(args, tmp_path, close=1)
    assert (done.returncode, done.stderr.decode()) == (2, _OUT)


@pytest.mark.parametrize("args", READERS, ids=lambda a: a[0])
def test_a_closed_stdin_read_is_one_line_and_exit_2(args: list[str], tmp_path: Path) -> None:
    done = _keyharvest(args, tmp_path, close=0)
    assert (done.returncode, done.stderr.decode()) == (2, _IN)
    assert not done.stdout
    assert not (tmp_path / "n.kh").exists()


@pytest.mark.parametrize("command", [["validate", str(TWO)], ["selfplay", "-s", "1"]])
def test_jobs_past_the_maximum_is_a_usage_error(command: list[str], tmp_path: Path) -> None:
    run = kh(*command, "-j", MAX_JOBS + 1)
    # (in the words of the Typer installed: "0<=x<=64", "less than or equal to 64")
    assert run.code == 2 and not run.out and "'--jobs'" in run.err and str(MAX_JOBS) in run.err
    done = _keyharvest([*command, "-j", str(MAX_JOBS + 1)], tmp_path)  # the plain reader's
    assert done.returncode == 2 and not done.stdout
    assert done.stderr.decode().splitlines()[-1] == run.err.splitlines()[-1]


@pytest.mark.parametrize("command", ["score", "validate", "replay", "fmt"])
def test_out_of_memory_names_the_input(command: str, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A ``MemoryError`` while a record is read and worked on: the file, how much of it was
    read, what to do; exit 1, not "a bug"."""
    from keyharvest.formats import records

    big = tmp_path / "big.kh"
    big.write_text(FOUR.read_text(encoding="utf-8") + "; " + "x" * 3_000_000 + "\n")

    def no_memory(*args: object, **kwargs: object) -> object:
        raise MemoryError

    monkeypatch.setattr(records, "decode_source", no_memory)
    run = kh(command, "--max-bytes", "8M", big)
    assert run.code == 1, run.err
    assert run.err == (f"keyharvest: out of memory reading {big} (3 MB read): lower "
                       "--max-bytes or raise the memory limit\n")


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("prlimit") is None, reason="needs prlimit (util-linux)")
def test_out_of_memory_under_prlimit(tmp_path: Path) -> None:
    """The issue's case: ``--max-bytes`` raised past what the address space holds."""
    big = tmp_path / "big.kh"
    with big.open("w", encoding="utf-8") as f:
        f.write(FOUR.read_text(encoding="utf-8") + "; ")
        for _ in range(120):
            f.write("x" * 1_000_000)
        f.write("\n")
    done = _keyharvest(["score", "--max-bytes", "250M", str(big)], tmp_path,
                       prefix=("prlimit", "--as=450000000"))
    err = done.stderr.decode()
    assert done.returncode == 1, err
    assert err.startswith(f"keyharvest: out of memory reading {big} (") and err.endswith(
        "MB read): lower --max-bytes or raise the memory limit\n"), err


def test_usage_holes(tmp_path: Path) -> None:
    """``--board ''``, ``--out ''``, ``--out FILE`` and a negative ``--seed``."""
    afile = tmp_path / "afile"
    afile.write_text("")
    for args, words in [(["validate", TWO, "--board", ""], "'--board'"),
                        (["score", TWO, "--board", ""], "'--board'"),
                        (["selfplay", "-s", 1, "--out", ""], "not an empty path"),
                        (["selfplay", "-s", 1, "--out", afile], "is a file, not a folder"),
                        (["selfplay", "-s", -5], "'--seed'"),
                        (["new", "--players", "2", "-s", -5], "'--seed'")]:
        run = kh(*args)
        assert run.code == 2 and not run.out and words in " ".join(run.err.split()), args
    assert list(tmp_path.iterdir()) == [afile]


# -- the cluster -------------------------------------------------------------------------------
def _needs_distributed() -> None:
    extra("distributed", "KEYHARVEST_REQUIRE_CLUSTER", "pip install 'keyharvest[cluster]'")


def _children(pid: int) -> list[int]:
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True,
                           check=False).stdout.split()
    return [int(p) for p in found]


def _workers(pid: int) -> list[int]:
    """The worker processes of a local cluster started by ``pid`` (its children but
    multiprocessing's resource tracker)."""
    out = []
    for child in _children(pid):
        try:
            cmdline = Path(f"/proc/{child}/cmdline").read_bytes()
        except OSError:  # gone meanwhile
            continue
        if b"resource_tracker" not in cmdline:
            out.append(child)
    return out


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pgrep") is None, reason="needs pgrep (procps)")
def test_killing_every_worker_again_and_again_never_hangs(tmp_path: Path) -> None:
    """Every worker of ``--cluster local:2`` killed each second for 12 s: the run ends within
    a minute of the last kill, with the same records as one process or with the cluster's
    error (exit 3), and nothing of Dask's on stderr."""
    _needs_distributed()
    args = ["selfplay", "-p", "4", "-n", "1500", "-s", "7", "--cluster-timeout", "5"]
    one = _keyharvest(args, tmp_path, timeout=120)
    assert one.returncode == 0
    cmd = [sys.executable, "-c", "from keyharvest.cli import main; main()", *args,
           "--cluster", "local:2"]
    with subprocess.Popen(cmd, cwd=tmp_path, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE) as run:
        started = time.monotonic() + 60  # the cluster up (two workers), games under way
        while time.monotonic() < started and len(_workers(run.pid)) < 2:
            time.sleep(0.2)
        time.sleep(2)
        kills = 0
        end = time.monotonic() + 12
        while time.monotonic() < end and run.poll() is None:
            for child in _workers(run.pid):
                os.kill(child, signal.SIGKILL)
                kills += 1
            time.sleep(1)
        last_kill = time.monotonic()
        out, err = run.communicate(timeout=60)  # never hangs: within a minute
        assert time.monotonic() - last_kill < 60
    said = err.decode()
    assert kills, "no worker was ever seen"
    if run.returncode == 0:
        assert out == one.stdout and not said
    else:
        assert run.returncode == 3, said
        assert said.count("\n") == 1 and said.startswith("local:2: error: the "), said
        assert any(why in said for why in ("cluster lost every worker", "lost the workers",
                                           "did not start")), said
    assert "Traceback" not in said and "distributed." not in said


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pgrep") is None, reason="needs pgrep (procps)")
def test_one_worker_killed_json_mode_keeps_stderr_empty(tmp_path: Path) -> None:
    """One worker killed mid-run in JSON mode: the run recovers, the same objects on stdout,
    nothing on stderr (Dask's ``Couldn't gather keys`` lines included)."""
    _needs_distributed()
    corpus = tmp_path / "corpus.kh"
    corpus.write_text("\n".join([TWO.read_text(encoding="utf-8"),
                                 FOUR.read_text(encoding="utf-8")] * 1000))
    (tmp_path / "final.toml").write_bytes(FINAL_TABLE.read_bytes())
    args = ["validate", "-f", "json", str(corpus), str(tmp_path / "final.toml")]
    one = _keyharvest(args, tmp_path)
    cmd = [sys.executable, "-c", "from keyharvest.cli import main; main()", *args,
           "--cluster", "local:2"]
    with subprocess.Popen(cmd, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          bufsize=0) as run:  # unbuffered: communicate reads on from the line
        assert run.stdout is not None
        first = run.stdout.readline()  # the cluster is up and working: kill one worker
        workers = _workers(run.pid)
        assert workers
        os.kill(workers[0], signal.SIGKILL)
        out, err = run.communicate(timeout=120)
    assert (run.returncode, err) == (one.returncode, b"")
    assert first + out == one.stdout


def test_a_cluster_that_does_not_answer_is_exit_1_with_the_cause(tmp_path: Path) -> None:
    _needs_distributed()
    started = time.monotonic()
    run = kh("validate", TWO, "--cluster", "tcp://127.0.0.1:1", "--cluster-timeout", 1)
    assert time.monotonic() - started < 20
    assert run.code == 1
    assert "cannot reach the cluster at tcp://127.0.0.1:1" in run.err


@pytest.mark.parametrize("address", ["foo", "", "tls://127.0.0.1", "inproc://x", "http://x:1",
                                     "tcp://:8786", "tcp://h:0", "tcp://h:99999", "local:-1"])
def test_a_cluster_address_of_no_form_is_a_usage_error_at_once(address: str) -> None:
    started = time.monotonic()
    run = kh("validate", TWO, "--cluster", address)
    assert time.monotonic() - started < 5
    assert run.code == 2 and not run.out and "--cluster" in run.err
    assert "local:N" in " ".join(run.err.split())
