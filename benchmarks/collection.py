"""The commands over a collection (issue 51) against ``validate``, on the same files.

    python benchmarks/collection.py [--records 2000] [--copies 5] [--corpus FILE...]

It writes a corpus of self-play records (``keyharvest selfplay``, random bots, 2, 3 and 4
players in turn, seed 51; or reads the ``--corpus`` files) into a temporary folder and runs
each command as a whole process over it, one after the other, measuring each process
alone (``os.wait4``: its CPU time and its peak memory, start-up included):

- records per second (by CPU time) of ``validate``, ``filter`` (a query on the result,
  and one on the steps), ``stats`` and ``standings``, and each one's ratio to
  ``validate`` on the same files: the ratio is what to read on a shared machine;
- peak memory of ``filter``, ``stats`` and ``validate`` over the corpus and over the
  corpus repeated ``--copies`` times (the same records, K times as many): a stream's
  memory stays flat;
- ``--jobs 2``: the output of ``filter`` and ``stats`` must be the bytes of one process.

Nothing is committed; the corpus lives for the run only. ``tests/test_bench.py`` runs it on
a handful of records, without asserting any figure.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

COMMANDS = {
    "validate": ["validate", "-q"],
    "filter (result)": ["filter", "-q", "winner = red and players >= 3"],
    "filter (steps)": ["filter", "-q", 'has "buy * from *" before turn 10'],
    "stats": ["stats", "-q"],
    "standings": ["standings", "-q", "--by", "colour"],
}


def keyharvest() -> list[str]:
    found = shutil.which("keyharvest")
    return [found] if found else [sys.executable, "-m", "keyharvest"]


def measure(args: list[str]) -> tuple[float, int, bytes]:
    """CPU seconds (user + system) and peak memory (KiB) of one process, and its stdout."""
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen([*keyharvest(), *args], stdout=out,
                                stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode not in (0, 1):
            raise RuntimeError(f"keyharvest {' '.join(args)} exited {proc.returncode}")
        out.seek(0)
        return usage.ru_utime + usage.ru_stime, usage.ru_maxrss, out.read()


def corpus(folder: Path, records: int) -> list[Path]:
    files = []
    per = -(-records // 3)
    for players in (2, 3, 4):
        path = folder / f"selfplay-{players}.kh"
        with path.open("wb") as f:
            subprocess.run([*keyharvest(), "selfplay", "-p", str(players), "-s", "51", "-n",
                            str(per), "-j", "0"], stdout=f, check=True,
                           stderr=subprocess.DEVNULL)
        files.append(path)
    return files


def count(files: list[Path]) -> int:
    """The records of ``files``: two ``+++`` lines each."""
    return sum(sum(line.rstrip(b"\r") == b"+++" for line in f.read_bytes().splitlines())
               for f in files) // 2


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=2000)
    parser.add_argument("--copies", type=int, default=5)
    parser.add_argument("--corpus", nargs="*", type=Path)
    parser.add_argument("--no-memory", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        files = args.corpus or corpus(tmp, args.records)
        n = count(files)
        paths = [str(f) for f in files]
        rows = []
        base = None
        peak = {}
        for name, cmd in COMMANDS.items():
            cpu, rss, _ = measure([*cmd, *paths])
            peak[name] = rss
            rate = n / cpu
            base = base or rate
            rows.append((f"{name}: {n} records, one process", f"{rate:,.0f} records/s",
                         f"{rate / base:.2f} x validate", f"{rss / 1024:.0f} MB peak"))
        one = measure(["filter", "finished", *paths])[2]
        two = measure(["filter", "finished", "-j", "2", *paths])[2]
        same = one == two and measure(["stats", "-f", "json", *paths])[2] == measure(
            ["stats", "-f", "json", "-j", "2", *paths])[2]
        rows.append(("--jobs 2: the bytes of one process (filter, stats)", str(same), "", ""))
        if not args.no_memory and args.copies > 1:
            big = tmp / "copies.kh"
            with big.open("wb") as f:
                for _ in range(args.copies):
                    for path in files:
                        data = path.read_bytes()
                        f.write(data if data.endswith(b"\n") else data + b"\n")
            for name in ("validate", "filter (result)", "stats"):
                small = peak[name]
                large = measure([*COMMANDS[name], str(big)])[1]
                rows.append((f"{name}: peak memory, {n} and {n * args.copies} records",
                             f"{small / 1024:.0f} MB / {large / 1024:.0f} MB",
                             f"{large / small:.2f} x", ""))
    width = max(len(r[0]) for r in rows)
    for row in rows:
        print(f"{row[0]:<{width}}  {row[1]:>22}  {row[2]:>16}  {row[3]}".rstrip())
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
