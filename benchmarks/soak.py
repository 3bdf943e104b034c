"""Soak runs: long runs of the command line whose memory must stay flat.

    python benchmarks/soak.py validate --records 100000 --jobs 2
    python benchmarks/soak.py arena --games 10000
    python benchmarks/soak.py all            # both, at the sizes above

``validate`` checks records piped from ``selfplay`` (``keyharvest selfplay -n N -s 1 |
keyharvest validate - --jobs J -f json``); ``arena`` plays random bots against each
other (``keyharvest arena random random -n N -s 1 -f json``). Both print a JSON line per
record or game as it is done, which this script counts to know how far the run is, while
it samples the resident memory (``VmRSS`` in ``/proc``, Linux) of the measured command
and of every process under it (the workers of ``--jobs``) a few times a second.

It reports the peak of that sum up to 10% of the run and up to its end, and their ratio:
memory is flat when the peak at 100% is within ``--tolerance`` (10%) of the peak at 10%.
The exit status is 0 when every run was flat (and exited 0), 1 otherwise. On a machine
shared with other work the times vary; the memory figures do not depend on them.
``tests/test_soak.py`` runs a tiny bounded soak of each kind.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Seconds between two samples of the memory.
SAMPLE_SECONDS = 0.1


def _children(pid: int) -> list[int]:
    """The processes started by ``pid`` (its threads' children, from ``/proc``)."""
    out: list[int] = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/children") as f:
                out.extend(int(x) for x in f.read().split())
        except OSError:
            continue
    return out


def _rss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def tree_rss_kb(pid: int) -> int:
    """The resident memory (kB) of ``pid`` and of every process under it."""
    total, todo, seen = 0, [pid], set()
    while todo:
        p = todo.pop()
        if p in seen:
            continue
        seen.add(p)
        total += _rss_kb(p)
        todo.extend(_children(p))
    return total


@dataclass
class Soak:
    """What one soak run measured."""

    name: str
    items: int  # records checked or games played
    seconds: float
    peak_10_kb: int  # the peak of the memory up to 10% of the run
    peak_kb: int  # the peak up to its end
    code: int

    @property
    def ratio(self) -> float:
        return self.peak_kb / max(self.peak_10_kb, 1)

    def flat(self, tolerance: float) -> bool:
        return self.code == 0 and self.ratio <= 1 + tolerance

    def line(self, tolerance: float) -> str:
        verdict = "flat" if self.flat(tolerance) else "NOT FLAT" if self.code == 0 else (
            f"exit {self.code}")
        return (f"{self.name}: {self.items} in {self.seconds:.0f} s; peak memory "
                f"{self.peak_10_kb / 1024:.1f} MB at 10%, {self.peak_kb / 1024:.1f} MB at "
                f"100% (x{self.ratio:.3f}): {verdict}")


def measure(name: str, command: list[str], total: int, kind: str,
            feed: list[str] | None = None) -> Soak:
    """Run ``command`` (fed by ``feed``'s standard output, if given), counting the JSON
    lines of type ``kind`` it prints (``total`` expected), and sample its memory."""
    start = time.monotonic()
    producer = subprocess.Popen(feed, stdout=subprocess.PIPE) if feed else None
    proc = subprocess.Popen(command, stdin=producer.stdout if producer else subprocess.DEVNULL,
                            stdout=subprocess.PIPE, text=True)
    if producer is not None:
        assert producer.stdout is not None
        producer.stdout.close()  # the consumer holds the pipe now
    done = [0]
    peaks = {"10": 0, "all": 0}
    finished = threading.Event()

    def sample() -> None:
        while not finished.is_set():
            rss = tree_rss_kb(proc.pid)
            peaks["all"] = max(peaks["all"], rss)
            if done[0] * 10 <= total:
                peaks["10"] = max(peaks["10"], rss)
            finished.wait(SAMPLE_SECONDS)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("{") and json.loads(line).get("type") == kind:
            done[0] += 1
    code = proc.wait()
    if producer is not None:
        code = code or producer.wait()
    finished.set()
    sampler.join()
    return Soak(name, done[0], time.monotonic() - start, peaks["10"], peaks["all"], code)


def keyharvest() -> list[str]:
    return [sys.executable, "-m", "keyharvest"]


def soak_validate(records: int, jobs: int, seed: int = 1) -> Soak:
    feed = [*keyharvest(), "selfplay", "-n", str(records), "-s", str(seed)]
    command = [*keyharvest(), "validate", "-", "--jobs", str(jobs), "-f", "json"]
    return measure(f"validate of {records} records piped from selfplay (--jobs {jobs})",
                   command, records, "record", feed)


def soak_arena(games: int, seed: int = 1) -> Soak:
    command = [*keyharvest(), "arena", "random", "random", "-n", str(games), "-s", str(seed),
               "-f", "json"]
    return measure(f"arena of {games} random-bot games", command, games, "game")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("run", choices=("validate", "arena", "all"))
    ap.add_argument("--records", type=int, default=100_000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--tolerance", type=float, default=0.10,
                    help="how much the peak at 100%% may exceed the peak at 10%%")
    args = ap.parse_args()
    runs = []
    if args.run in ("validate", "all"):
        runs.append(soak_validate(args.records, args.jobs))
        print(runs[-1].line(args.tolerance), flush=True)
    if args.run in ("arena", "all"):
        runs.append(soak_arena(args.games))
        print(runs[-1].line(args.tolerance), flush=True)
    return 0 if all(r.flat(args.tolerance) for r in runs) else 1


if __name__ == "__main__":
    sys.exit(main())
