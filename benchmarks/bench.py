"""The benchmark of DESIGN.md §6: measured figures against the project's targets.

    python benchmarks/bench.py [--records 1000] [--games 200] [--runs 15]

It writes a corpus of four-player self-play games (random bots) into a temporary folder
(nothing is committed) and measures, on one core unless said otherwise:

- self-play: complete random (and greedy) four-player games per second, and the same with
  each game written as a record;
- parse only: records read per second (front matter and movetext, no replay), starting
  from a cold item memo, as a fresh ``validate`` process does;
- engine: steps applied per second replaying the parsed records;
- validate, library path: records read, replayed and judged per second (streamed, cold),
  and the ratio of engine time to parse time within it;
- validate, command line: ``keyharvest validate FILE`` end to end (start-up included), and
  the speed-up of ``--jobs 2`` over one job (or, where the command has no ``--jobs``, of
  two processes over the same library path, and it says so);
- start-up: ``keyharvest --help``, median of N runs;
- memory: peak memory validating 100 and 1000 records (streamed), to show it is flat.

No figure here is asserted by a test: timings depend on the machine.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TARGETS = {
    "engine": 100_000,  # applied steps/s
    "validate": 300,  # four-player records/s
    "ratio": 0.5,  # engine time / parse time, at most
    "selfplay": 200,  # complete random four-player games/s
    "startup": 150,  # ms, at most
    "jobs": 1.8,  # speed-up of --jobs 2, at least
}


# -- helpers --------------------------------------------------------------------------------------
def cold() -> None:
    """Forget what the reader remembers between records (a fresh process's state), and
    keep the benchmark's own objects (the corpus) out of the garbage collector's way, as a
    ``validate`` process holds none of them."""
    from keyharvest.notation import itemcache

    itemcache.clear()
    gc.collect()
    gc.freeze()


def keyharvest_command() -> list[str]:
    """The ``keyharvest`` console script next to this Python, or ``python -m keyharvest``."""
    script = Path(sys.executable).with_name("keyharvest")
    return [str(script)] if script.exists() else [sys.executable, "-m", "keyharvest"]


def has_option(command: str, option: str) -> bool:
    out = subprocess.run([*keyharvest_command(), command, "--help"], capture_output=True,
                         text=True, check=False)
    return out.returncode == 0 and option in out.stdout


def records_in(path: Path) -> int:
    return sum(1 for line in path.open(encoding="utf-8") if line.strip() == "+++") // 2


# -- the measurements -----------------------------------------------------------------------------
def selfplay(n: int, bot: str = "random", write: bool = False) -> float:
    """Complete four-player games per second (with ``write``, also written as record text).
    Each record is dropped once made, as ``keyharvest selfplay`` streams them: holding
    every record would time the garbage collector walking a growing heap, not the games."""
    from keyharvest.formats.records import format_record
    from keyharvest.play.selfplay import selfplay_game

    selfplay_game(4, 2024, n)  # load the board and warm the imports, as a command has
    t = time.perf_counter()
    for i in range(n):
        game = selfplay_game(4, 2024, i, bot=bot)
        if write:
            format_record(game)
    return n / (time.perf_counter() - t)


def parse_only(text: str) -> tuple[float, int]:
    from keyharvest.formats.records import iter_records

    cold()
    t = time.perf_counter()
    n = sum(1 for _ in iter_records(text, "corpus.kh"))
    return n / (time.perf_counter() - t), n


def engine(text: str) -> tuple[float, int]:
    from keyharvest.formats.records import load_records, replay

    records = load_records(text, "corpus.kh")
    steps = 0
    gc.collect()
    gc.freeze()  # the parsed records are the benchmark's, not the engine's, garbage
    t = time.perf_counter()
    for record in records:
        done = replay(record)
        assert done.ok, done.error
        steps += done.applied
    return steps / (time.perf_counter() - t), steps


def invariants_cost(text: str) -> dict[str, float]:
    """Replays of the parsed corpus with the invariants of RULES.md J checked never, on
    each record's final table (what ``validate`` does) and after every step
    (``validate --strict``): steps/s of each."""
    from keyharvest.formats.records import load_records, replay

    records = load_records(text, "corpus.kh")
    gc.collect()
    gc.freeze()
    rates = {}
    for mode in (None, "end", "each", None):  # the plain replay again last: warmed the same
        steps = 0
        t = time.perf_counter()
        for record in records:
            done = replay(record, invariants=mode)
            assert done.ok, done.error
            steps += done.applied
        rates[mode or "none"] = steps / (time.perf_counter() - t)
    return rates


def validate_library(text: str) -> dict:
    """Read, replay and judge every record, streamed, timing reading and replaying apart."""
    from keyharvest.errors import KeyHarvestError
    from keyharvest.formats.diagnostics import diagnose
    from keyharvest.formats.records import iter_records, replay

    cold()
    parse = play = 0.0
    n = bad = 0
    start = time.perf_counter()
    records = iter_records(text, "corpus.kh")
    while True:
        t0 = time.perf_counter()
        try:
            record = next(records)
        except StopIteration:
            break
        except KeyHarvestError as exc:  # pragma: no cover - the corpus is valid
            diagnose(exc, text, "corpus.kh")
            bad += 1
            break
        t1 = time.perf_counter()
        done = replay(record, invariants="end")  # as validate does (RULES.md J at the end)
        if done.error is not None:  # pragma: no cover - the corpus is valid
            diagnose(done.error, text, "corpus.kh")
            bad += 1
        t2 = time.perf_counter()
        parse += t1 - t0
        play += t2 - t1
        n += 1
    total = time.perf_counter() - start
    return {"records": n, "bad": bad, "rate": n / total, "parse": parse, "engine": play,
            "ratio": play / parse}


def validate_cli(path: Path, jobs: int | None = None) -> float:
    """Seconds for ``keyharvest validate [--jobs N] PATH`` (exit 0 required)."""
    cmd = [*keyharvest_command(), "validate", str(path)]
    if jobs is not None:
        cmd += ["--jobs", str(jobs)]
    t = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - t
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {out.returncode}: {out.stderr[-500:]}")
    return elapsed


def _validate_chunk(text: str) -> int:
    from keyharvest.formats.records import iter_records, replay

    return sum(1 for r in iter_records(text, "corpus.kh") if replay(r).ok)


def validate_processes(text: str, jobs: int) -> float:
    """Seconds to validate ``text`` split into record chunks over ``jobs`` processes (the
    library path), for a tree whose command line has no ``--jobs``."""
    import multiprocessing

    lines = text.split("\n")
    marks = [i for i, line in enumerate(lines) if line.strip() == "+++"][::2] + [len(lines)]
    chunks = ["\n".join(lines[a:b]) for a, b in itertools.pairwise(marks)]
    size = max(1, len(chunks) // (8 * jobs))
    pieces = ["\n".join(chunks[i:i + size]) for i in range(0, len(chunks), size)]
    t = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        assert sum(pool.map(_validate_chunk, pieces)) == len(chunks)
    return time.perf_counter() - t


def startup(runs: int) -> float:
    """Median milliseconds of ``keyharvest --help``."""
    cmd = [*keyharvest_command(), "--help"]
    subprocess.run(cmd, capture_output=True, check=True)  # warm the file cache
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(cmd, capture_output=True, check=True)
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def memory_cli(path: Path) -> int | None:
    """Peak resident memory (kB) of ``keyharvest validate PATH``, or None without it."""
    if not has_option("validate", "PATH"):
        return None
    code = (f"import resource, subprocess; subprocess.run({[*keyharvest_command(), 'validate', str(path)]!r}, "
            "capture_output=True, check=True); "
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    return int(out.stdout)


def memory(path: Path) -> dict:
    """Peak memory of a fresh process validating ``path`` streamed (kB: the high-water mark
    of resident memory, tracing included, and the peak of Python allocations while checking).
    ``VmHWM``, not ``getrusage``: a child's ``ru_maxrss`` starts at its parent's."""
    code = f"""
import importlib.util, json, sys, tracemalloc
sys.path.insert(0, {str(ROOT)!r})
spec = importlib.util.spec_from_file_location("bench", {str(Path(__file__).resolve())!r})
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)
stream_check = bench.stream_check
import keyharvest.formats.records, keyharvest.rules  # imports are not the records' memory
tracemalloc.start()
n = stream_check({str(path)!r})
peak = tracemalloc.get_traced_memory()[1]
hwm = [int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM")]
print(json.dumps({{"records": n, "python_peak_kb": peak // 1024, "maxrss_kb": hwm[0]}}))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout)


def stream_check(path: str) -> int:
    """Validate a file of records through the library path, holding one record at a time:
    records are cut at their '+++' lines while the file is read line by line."""
    from keyharvest.formats.records import iter_records, replay

    n = 0
    chunk: list[str] = []
    delims = 0
    with open(path, encoding="utf-8") as f:
        for line in itertools.chain(f, ["+++\n"]):
            if line.strip() == "+++":
                delims += 1
                if delims % 2 == 1 and chunk:
                    for record in iter_records("".join(chunk), path):
                        assert replay(record).ok
                        n += 1
                    chunk = []
            chunk.append(line)
    return n


# -- the report -----------------------------------------------------------------------------------
def verdict(ok: bool) -> str:
    return "met" if ok else "NOT MET"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--records", type=int, default=1000, help="records in the corpus")
    ap.add_argument("--games", type=int, default=200, help="self-play games timed")
    ap.add_argument("--greedy", type=int, default=20, help="greedy games timed")
    ap.add_argument("--runs", type=int, default=15, help="runs of keyharvest --help")
    ap.add_argument("--memory-records", type=int, default=3000,
                    help="records in the largest memory measurement")
    ap.add_argument("--json", action="store_true", help="also print the figures as JSON")
    args = ap.parse_args()

    from keyharvest.formats.records import format_records

    rows: list[tuple[str, str, str, str]] = []
    figures: dict = {}
    tmp = Path(tempfile.mkdtemp(prefix="keyharvest-bench-"))
    try:
        rate = selfplay(args.games)
        figures["selfplay_games_per_s"] = rate
        rows.append(("self-play (random, 4 players)", f"{rate:,.0f} games/s", ">= 200",
                     verdict(rate >= TARGETS["selfplay"])))
        written = selfplay(args.games, write=True)
        figures["selfplay_written_games_per_s"] = written
        rows.append(("  the same, each written as a record", f"{written:,.0f} games/s", "-",
                     ""))
        greedy_rate = selfplay(args.greedy, "greedy")
        figures["greedy_games_per_s"] = greedy_rate
        rows.append(("self-play (greedy, 4 players)", f"{greedy_rate:,.1f} games/s", "-", ""))

        from keyharvest.play.selfplay import selfplay_game

        games = [selfplay_game(4, 1, i) for i in range(args.records)]
        corpus = tmp / "corpus.kh"
        corpus.write_text(format_records(games), encoding="utf-8")
        small = tmp / "corpus-100.kh"
        small.write_text(format_records(games[:100]), encoding="utf-8")
        text = corpus.read_text(encoding="utf-8")
        steps = sum(len(g.steps) for g in games)
        lines = text.count("\n")
        figures["corpus"] = {"records": len(games), "steps": steps, "lines": lines,
                             "bytes": len(text.encode("utf-8"))}
        del games
        print(f"corpus: {args.records} four-player random games, {steps / args.records:.0f} "
              f"steps and {lines / args.records:.0f} lines per record on average "
              f"({len(text) / 1e6:.1f} MB)")

        rate, _ = parse_only(text)
        figures["parse_records_per_s"] = rate
        rows.append(("parse only (cold memo)", (f"{rate:,.0f} records/s "
                     f"({rate * lines / args.records:,.0f} lines/s)"), "-", ""))

        rate, _ = engine(text)
        figures["engine_steps_per_s"] = rate
        rows.append(("engine (replay of parsed records)", f"{rate:,.0f} steps/s", ">= 100,000",
                     verdict(rate >= TARGETS["engine"])))

        cost = invariants_cost(text)
        figures["invariants_steps_per_s"] = cost
        rows.append(("  with RULES.md J on each final table (validate)",
                     f"{cost['end']:,.0f} steps/s ({cost['none'] / cost['end'] - 1:+.0%} time)",
                     "-", ""))
        rows.append(("  with RULES.md J after every step (--strict)",
                     (f"{cost['each']:,.0f} steps/s "
                      f"({cost['none'] / cost['each'] - 1:+.0%} time)"), "-", ""))

        lib = validate_library(text)
        figures["validate_library"] = lib
        rows.append(("validate, library path (streamed)", f"{lib['rate']:,.0f} records/s",
                     ">= 300", verdict(lib["rate"] >= TARGETS["validate"])))
        rows.append(("  engine time / parse time", f"{lib['ratio']:.2f}", "<= 0.50",
                     verdict(lib["ratio"] <= TARGETS["ratio"])))

        if has_option("validate", "PATH"):
            one = validate_cli(corpus)
            figures["validate_cli_s"] = one
            rows.append(("validate, `keyharvest validate FILE`", (f"{args.records / one:,.0f} "
                         "records/s (start-up included)"), ">= 300",
                         verdict(args.records / one >= TARGETS["validate"])))
            if has_option("validate", "--jobs"):
                single = validate_cli(corpus, 1)
                double = validate_cli(corpus, 2)
                how = "keyharvest validate --jobs 2 vs --jobs 1"
            else:
                single = validate_processes(text, 1)
                double = validate_processes(text, 2)
                how = "two processes over the library path (no --jobs here)"
            speedup = single / double
            figures["jobs2_speedup"] = speedup
            rows.append((f"--jobs 2 speed-up ({how})", (f"{speedup:.2f}x "
                         f"({args.records / double:,.0f} records/s)"), ">= 1.8x",
                         verdict(speedup >= TARGETS["jobs"])))

        ms = startup(args.runs)
        figures["startup_ms"] = ms
        rows.append((f"start-up, keyharvest --help (median of {args.runs})", f"{ms:.0f} ms",
                     "<= 150 ms", verdict(ms <= TARGETS["startup"])))

        big = tmp / "corpus-big.kh"
        more = [selfplay_game(4, 1, i) for i in range(args.records, args.memory_records)]
        with big.open("w", encoding="utf-8") as f:
            f.write(text.rstrip("\n") + "\n\n" + format_records(more) if more else text)
        del more
        sizes = [(100, small), (args.records, corpus), (max(args.memory_records, args.records),
                                                        big)]
        peaks = []
        for n, path in sizes:
            m = memory(path)
            peaks.append(m["python_peak_kb"])
            figures.setdefault("memory", {})[str(n)] = m
            figure = (f"{m['maxrss_kb'] / 1024:.1f} MB resident, "
                      f"{m['python_peak_kb'] / 1024:.1f} MB Python objects")
            rows.append((f"peak memory, validate {n} records (library, streamed)", figure,
                         "flat" if n == sizes[-1][0] else "", ""))
        # bounded: the reader's memo caps out, so the peak stops growing with the records
        flat = peaks[2] <= 1.2 * peaks[1] + 512
        rows[-1] = (*rows[-1][:3], verdict(flat))
        c100, c1000, cbig = memory_cli(small), memory_cli(corpus), memory_cli(big)
        if c100 is not None and c1000 is not None and cbig is not None:
            n_big = max(args.memory_records, args.records)
            figures["memory_cli_kb"] = {"100": c100, str(args.records): c1000,
                                        str(n_big): cbig}
            # flat: the reader's memo fills up to its cap over the first records (100 ->
            # 1000), then memory stops growing with the number of records
            rows.append(((f"peak memory, keyharvest validate 100 / {args.records} / "
                          f"{n_big} records"), (f"{c100 / 1024:.1f} / {c1000 / 1024:.1f} / "
                                               f"{cbig / 1024:.1f} MB resident"), "flat",
                         verdict(cbig <= 1.05 * c1000)))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    width = max(len(r[0]) for r in rows)
    print(f"\n{'measure':<{width}}  {'figure':<44} {'target':<12} verdict")
    for name, figure, target, ok in rows:
        print(f"{name:<{width}}  {figure:<44} {target:<12} {ok}")
    print(f"\n(Python {sys.version.split()[0]}, {os.cpu_count()} cores; "
          f"this process peaked at {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f}"
          " MB)")
    if args.json:
        print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
