"""The benchmark (README.md, "Speed"; docs/design.md, "The compiled build"): measured
figures against the project's targets.

    python benchmarks/bench.py [--build compiled|pure|installed] [--records 1000]
                               [--games 200] [--runs 15] [--json]

It measures the build a user installs. By default (``--build compiled``) it builds the
wheel from this checkout (``pip wheel --no-deps`` with ``KEYHARVEST_COMPILE=1``, which asks
for the mypyc build and makes a failed compile an error), installs it with its
dependencies and the ``[cluster]`` extra (without the extra, and the ``--cluster`` row,
with a message, if that fails) into a temporary venv, and runs itself again with the
venv's Python (``--build installed``), from a folder outside the checkout and without
``PYTHONPATH``: every row, in-process or whole-process (``keyharvest`` is the venv's
console script; the bare Typer app runs on the venv's Python and Typer), measures the
installed package, never the source tree. ``--build pure`` does the same without it (the
default source build: every module pure Python); ``--build
installed`` measures whatever keyharvest this Python has (an editable install's source
tree; the checkout if it has none), for quick runs. The first row of the report names the
build (as ``keyharvest --version`` says it: ``compiled (mypyc)`` or ``pure Python``) and
how many of the package's modules (all imported by a fresh process of the
measured Python) were loaded from a C extension (``.so``); ``--json`` carries it as
``build``. A compiled build that imports no compiled module, a pure one that imports
one, or a venv that imports the checkout's sources stops the run with an error. The
venv lives for the run only (a temporary folder).

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
- memory: peak memory validating 100 and 1000 records (streamed), to show it is flat;
- the game for programs (``kh.Game``, docs/api.md), in-process: random four-player
  playouts (``RandomBot.choose`` + ``Game.push``, which keeps the undo, and + the engine's
  ``rules.advance``), ``Game.push`` + ``Game.pop`` over whole games (and ``rules.advance``
  alone over the same steps, the floor of a push), random games by
  integer actions (``Game.legal_actions`` + ``Game.apply_action``),
  ``Game.observation`` and ``rules.view.sample_state``; beside python-chess's random playouts
  (``legal_moves`` + ``push``) and ``push`` + ``pop`` (``--api-only`` runs only these);
- side by side with python-chess (issue 18), in the same run: the whole ``keyharvest
  validate`` process over 600 four-player records (steps/s, start-up included) against
  ``chess.pgn.read_game`` over random games (plies/s); the engine's checked replay against
  ``is_legal`` + ``push``; the whole ``keyharvest selfplay`` process for 400 four-player
  games against random playouts to the game's end (games/s); start-up (``validate
  ONE_FILE`` and ``validate --help``, CPU time, median of N) against a bare two-command
  Typer app's subcommand; one Tab of shell completion (CPU, the process bash's script
  starts, for a path and a colour; at most 150 ms); and ``validate --cluster local:2``
  (the Dask backend), whose output must be the bytes of ``--jobs 1``. python-chess is not
  a dependency: it is used from this Python if it has it, else installed into a temporary
  venv (``--no-chess``
  skips those rows, and so does a failed install, with a message). The two whole
  processes and python-chess are measured in rounds (``--repeat``, 5), one after the other
  in each round, and each ratio is the median of the rounds' ratios, printed with their
  range: the machine's speed drifts between minutes, and a ratio of two figures taken
  minutes apart moved with it;
- the commands over a collection (issue 51; ``--collection-only`` runs only these): the
  whole ``filter`` (a query on the result, one on the steps), ``stats`` and ``standings``
  processes against ``validate`` on the same 600 self-play records of 2, 3 and 4 players
  (records/s of CPU, each process alone, in rounds: the ratio is what to read on a shared
  machine), ``--jobs 2`` giving the bytes of one process, and each one's peak memory over
  those records and over the same records five times (``--collection-copies``).

Every command is run with compiled bytecode (``PYTHONPYCACHEPREFIX`` in a temporary
folder, warmed by a first run), as an installed package runs, even where the environment
says ``PYTHONDONTWRITEBYTECODE``. The process that measures a built wheel (the venv's
Python) has the environment of the one that built it, but ``PYTHONPATH``; its in-process
rows import the package with the bytecode pip compiled when it installed the wheel.

No figure here is asserted by a test: timings depend on the machine.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
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
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

#: Whether this process imports keyharvest from the source tree (``--build installed`` with
#: a Python that has no keyharvest installed); the fresh processes of the memory rows then
#: do too.
SOURCE_ON_PATH = False

#: ``--build``: which keyharvest is measured (the first is the default).
BUILDS = {
    "compiled": "the wheel built from this checkout, its engine compiled by mypyc, as "
                "`pip install keyharvest` gives (in a temporary venv)",
    "pure": "the wheel built from this checkout as a source install builds it by default, "
            "pure Python (in a temporary venv)",
    "installed": "whatever keyharvest this Python has (the source tree if none)",
}

#: python-chess side by side: keyharvest / python-chess, at least (start-up: at most).
SIDE_TARGETS = {
    "validate": 4.0,  # keyharvest validate steps/s / read_game plies/s
    "selfplay": 5.0,  # keyharvest selfplay games/s / random playouts/s
    "startup": 1.3,  # keyharvest validate ONE_FILE (and --help) / a bare Typer subcommand
}

TARGETS = {
    "engine": 100_000,  # applied steps/s
    "validate": 300,  # four-player records/s
    "ratio": 0.5,  # engine time / parse time, at most
    "selfplay": 200,  # complete random four-player games/s
    "startup": 150,  # ms, at most
    "completion": 150,  # ms of CPU, at most, for one Tab
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


#: The environment of every command run: compiled bytecode kept in a temporary folder.
CHILD_ENV = dict(os.environ)


def use_bytecode(folder: Path) -> None:
    """Run commands with their bytecode compiled once and kept in ``folder``."""
    CHILD_ENV.pop("PYTHONDONTWRITEBYTECODE", None)
    CHILD_ENV["PYTHONPYCACHEPREFIX"] = str(folder)


def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess:
    kwargs.setdefault("env", CHILD_ENV)
    return subprocess.run(cmd, **kwargs)  # noqa: PLW1510 - our own commands


def keyharvest_command() -> list[str]:
    """The ``keyharvest`` console script next to this Python, or ``python -m keyharvest``."""
    script = Path(sys.executable).with_name("keyharvest")
    return [str(script)] if script.exists() else [sys.executable, "-m", "keyharvest"]


def has_option(command: str, option: str) -> bool:
    out = run([*keyharvest_command(), command, "--help"], capture_output=True, text=True,
              check=False)
    return out.returncode == 0 and option in out.stdout


def records_in(path: Path) -> int:
    return sum(1 for line in path.open(encoding="utf-8") if line.strip() == "+++") // 2


# -- the build measured (--build) -----------------------------------------------------------------
class BuildError(RuntimeError):
    """The wheel could not be built or installed."""


def pip(python: Path, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(python), "-m", "pip", *args], capture_output=True, text=True,
                          env=env, check=False)


def install_build(tmp: Path, build: str, cluster: bool) -> tuple[Path, dict]:
    """Build the wheel from this checkout (``compiled``: ``KEYHARVEST_COMPILE=1``, so a
    failed compile is an error; ``pure``: the default, without it) and install it with its
    dependencies (and the ``[cluster]`` extra, with ``cluster``, else without, with a
    message) into a venv below ``tmp``. Returns the venv's Python and what was built.

    The dependencies go in first, the wheel is built by the venv's pip: mypyc type-checks
    the compiled modules against the packages of the Python that builds (``lark``,
    ``typer`` …), and fails without them."""
    import tomllib

    venv = tmp / "keyharvest-venv"
    made = subprocess.run([sys.executable, "-m", "venv", str(venv)], capture_output=True,
                          text=True, check=False)
    if made.returncode != 0:
        raise BuildError(f"could not make a venv: {made.stderr.strip()[-500:]}")
    python = venv / "bin" / "python"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    print(f"installing keyharvest's dependencies into a temporary venv ({venv}) ...",
          flush=True)
    if cluster:
        got = pip(python, "install", "-q", *project["dependencies"],
                  *project["optional-dependencies"]["cluster"])
        if got.returncode != 0:
            cluster = False
            print("installing keyharvest[cluster]'s dependencies into the venv failed, so "
                  f"the --cluster row will be left out: {got.stderr.strip()[-300:]}",
                  flush=True)
    if not cluster:
        got = pip(python, "install", "-q", *project["dependencies"])
        if got.returncode != 0:
            raise BuildError("installing keyharvest's dependencies failed:\n"
                             f"{got.stderr.strip()[-2000:]}")
    # the OpenSpiel adapter's row (API rows) needs pyspiel: the extra, when it installs
    got = pip(python, "install", "-q", *project["optional-dependencies"]["openspiel"])
    if got.returncode != 0:
        print("installing keyharvest[openspiel]'s dependencies into the venv failed, so the "
              f"OpenSpiel adapter's row will be left out: {got.stderr.strip()[-300:]}",
              flush=True)
    env = dict(os.environ)
    env.pop("KEYHARVEST_COMPILE", None)
    if build == "compiled":
        env["KEYHARVEST_COMPILE"] = "1"
    print(f"building the {build} wheel from {ROOT}"
          f"{' (mypyc: about a minute)' if build == 'compiled' else ''} ...", flush=True)
    t = time.perf_counter()
    wheels = tmp / "wheel"
    got = pip(python, "wheel", "--no-deps", "-q", "-w", str(wheels), str(ROOT), env=env)
    if got.returncode != 0:
        raise BuildError(f"pip wheel failed ({build}):\n{got.stderr.strip()[-2000:]}")
    (wheel,) = wheels.glob("keyharvest-*.whl")
    seconds = time.perf_counter() - t
    got = pip(python, "install", "-q", f"{wheel}[cluster]" if cluster else str(wheel))
    if got.returncode != 0:
        raise BuildError(f"pip install {wheel.name} failed:\n{got.stderr.strip()[-2000:]}")
    print(f"built {wheel.name} in {seconds:.0f} s and installed it"
          f"{' with [cluster]' if cluster else ''}", flush=True)
    return python, {"build": build, "wheel": wheel.name, "build_seconds": seconds,
                    "cluster_extra": cluster}


#: Run by a fresh process of the measured Python: every module of the package imported,
#: and which of them were loaded from a C extension (mypyc's ``.so``) rather than a ``.py``.
PROBE = """
import importlib, json, pkgutil, sys
if {source!r}:
    sys.path.insert(0, {root!r})
import keyharvest
failed = []
for m in pkgutil.walk_packages(keyharvest.__path__, "keyharvest."):
    if not m.name.endswith(".__main__"):
        try:
            importlib.import_module(m.name)
        except ImportError as exc:  # an optional dependency missing
            failed.append(f"{{m.name}}: {{exc}}")
files = {{n: getattr(m, "__file__", None) or "" for n, m in list(sys.modules.items())
          if n == "keyharvest" or n.startswith("keyharvest.")}}
print(json.dumps({{"package": keyharvest.__path__[0], "modules": len(files),
                  "compiled": sorted(n for n, f in files.items() if f.endswith(".so")),
                  "not_imported": failed}}))
"""


def build_probe() -> dict:
    """Which keyharvest this Python imports, and how many of its modules are compiled."""
    code = PROBE.format(source=SOURCE_ON_PATH, root=str(ROOT))
    out = subprocess.run([sys.executable, "-P", "-c", code], capture_output=True, text=True,
                         check=False)
    if out.returncode != 0:
        raise BuildError(f"importing keyharvest failed: {out.stderr.strip()[-1000:]}")
    return json.loads(out.stdout)


def build_row(built: dict | None) -> tuple[tuple[str, str, str, str], dict]:
    """The report's first row: the build measured (``built``: what the parent process built
    into this venv, None for ``--build installed``) and its compiled modules."""
    probe = build_probe()
    package = Path(probe["package"]).resolve()
    in_tree = package.is_relative_to(ROOT)
    n = len(probe["compiled"])
    if built is None:
        where = "source tree" if in_tree else str(package.parent)
        name = f"build measured: installed, this Python's keyharvest ({where})"
    else:
        if in_tree:  # the venv's keyharvest must be the wheel's, not the checkout's
            raise BuildError(f"the venv imports keyharvest from the source tree ({package})")
        if (built["build"] == "compiled") != (n > 0):
            raise BuildError(f"the {built['build']} build imports {n} compiled modules")
        name = f"build measured: {built['build']} wheel, in a temporary venv"
    said = subprocess.run([sys.executable, "-P", "-m", "keyharvest", "--version"],
                          capture_output=True, text=True, check=False,
                          env={**os.environ, "PYTHONPATH": str(ROOT)} if SOURCE_ON_PATH
                          else None).stdout.strip()
    kind = "compiled (mypyc)" if "compiled (mypyc)" in said else "pure Python"
    if ("compiled" in kind) != (n > 0) or kind not in said:
        raise BuildError(f"keyharvest --version says {said!r}, and {n} modules are compiled")
    probe["version"] = said
    figure = f"{kind}: {n} of {probe['modules']} modules compiled (.so)"
    return (name, figure, "-", ""), {**(built or {"build": "installed"}), **probe,
                                     "python": sys.executable}


def measure_build(args: argparse.Namespace) -> int:
    """``--build compiled`` / ``pure``: build and install the wheel into a temporary venv,
    then run this script again with the venv's Python (``--build installed``), from a
    folder outside the checkout and without ``PYTHONPATH``, so that every row, in-process
    or whole-process, measures the installed package and the source tree is off
    ``sys.path``."""
    tmp = Path(tempfile.mkdtemp(prefix="keyharvest-build-"))
    try:
        try:
            python, built = install_build(tmp, args.build, cluster=not args.no_cluster)
        except BuildError as exc:
            print(f"bench.py: {exc}", file=sys.stderr)
            return 2
        # the environment this process has (the measuring process sets the bytecode of
        # the commands it runs, as with --build installed), but PYTHONPATH
        env = dict(os.environ)
        env.pop("PYTHONPATH", None)
        cmd = [str(python), str(Path(__file__).resolve()), *sys.argv[1:],
               "--build", "installed", "--built", json.dumps(built)]
        return subprocess.run(cmd, cwd=tmp, env=env, check=False).returncode
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


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
    """Steps applied per second of CPU (``time.process_time``: steadier than the wall
    clock on a shared machine; the same on an idle one) replaying parsed records."""
    from keyharvest.formats.records import load_records, replay

    records = load_records(text, "corpus.kh")
    steps = 0
    gc.collect()
    gc.freeze()  # the parsed records are the benchmark's, not the engine's, garbage
    t = time.process_time()
    for record in records:
        done = replay(record)
        assert done.ok, done.error
        steps += done.applied
    return steps / (time.process_time() - t), steps


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
    out = run(cmd, capture_output=True, text=True, check=False)
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
    run(cmd, capture_output=True, check=True)  # warm the file cache
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        run(cmd, capture_output=True, check=True)
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def memory_cli(path: Path) -> int | None:
    """Peak resident memory (kB) of ``keyharvest validate PATH``, or None without it."""
    if not has_option("validate", "PATH"):
        return None
    command = [*keyharvest_command(), "validate", str(path)]
    code = (f"import resource, subprocess; subprocess.run({command!r}, "
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
if {SOURCE_ON_PATH!r}:
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
    # -P: not the current folder first on sys.path, which may hold the source tree
    out = subprocess.run([sys.executable, "-P", "-c", code], capture_output=True, text=True,
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


# -- the game for programs (issue 30) -------------------------------------------------------------
def api_figures(games: int, action_games: int, search: bool = True) -> dict:
    """The figures of the one object for programs, ``kh.Game``, in-process (CPU time):
    random four-player playouts by ``RandomBot.choose`` and ``game.push`` (with undo) or the
    engine's ``rules.advance`` on a bare state (steps/s, games/s); ``game.push`` of every
    step of those games then ``game.pop`` back to the start (plies/s: a push and a pop a
    ply), and ``rules.advance`` alone over the same steps (no undo kept: the floor of a
    push); random games by integer actions (a uniformly random one of
    ``game.legal_actions()``, a draw by ``game.chance_actions()``' odds, as the OpenSpiel
    row plays, then ``game.apply_action``: actions/s and steps/s);
    ``game.observation`` and ``rules.view.sample_state`` (calls/s)."""
    import random

    import keyharvest as kh
    from keyharvest.play.bots import RandomBot
    from keyharvest.rules import advance

    game_class = getattr(kh, "Game", None)
    if game_class is None:  # an older build, without the one object
        return {}
    from keyharvest.model.catalogue import is_event
    from keyharvest.model.steps import Draw
    from keyharvest.rules.view import observe, sample_state

    out: dict = {}
    played: list[list] = []
    for name in ("playout_api", "playout_engine"):
        steps = 0
        gc.collect()
        t = time.process_time()
        for i in range(games):
            game = kh.Game(kh.random_game(4, seed=i, max_turns=600))
            state = game.state
            bot = RandomBot(random.Random(i))
            line = []
            while state.result is None:
                step = bot.choose(state)
                if name == "playout_api":
                    game.push(step)
                else:
                    advance(state, step)
                line.append(step)
            steps += len(line)
            if name == "playout_engine":
                played.append(line)
        dt = time.process_time() - t
        out[name] = {"games_per_s": games / dt, "steps_per_s": steps / dt}
    plies = 0
    gc.collect()
    t = time.process_time()
    for i, line in enumerate(played):
        game = kh.Game(kh.random_game(4, seed=i, max_turns=600))
        for step in line:
            game.push(step)
        for _ in line:
            game.pop()
        plies += len(line)
    out["pushpop_plies_per_s"] = plies / (time.process_time() - t)
    # the floor of push + pop: the engine's checked step alone over the same steps, from
    # the same starts (a bare state, nothing kept to undo)
    gc.collect()
    t = time.process_time()
    for i, line in enumerate(played):
        state = kh.random_game(4, seed=i, max_turns=600)
        for step in line:
            advance(state, step)
    out["advance_plies_per_s"] = plies / (time.process_time() - t)
    actions = steps = 0
    gc.collect()  # as before every row: the garbage of the rows before is not its cost
    t = time.process_time()
    for i in range(action_games):
        played, stepped = _native_game(i, random.Random(i))
        actions += played
        steps += stepped
    dt = time.process_time() - t
    out["actions"] = {"actions_per_s": actions / dt, "steps_per_s": steps / dt,
                      "games_per_s": action_games / dt}
    games_seen = []
    for i in range(20):
        game = kh.Game(kh.random_game(4, seed=i, max_turns=600))
        bot = RandomBot(random.Random(i))
        for _ in range(100):
            if game.is_terminal():
                break
            game.push(bot.choose(game.state))
        games_seen.append(game)
    rounds = 5  # each game observed by each player, this many times
    gc.collect()  # the rows before leave garbage: its collection is not observe's cost
    t = time.process_time()
    views = [g.observation(p) for _ in range(rounds) for g in games_seen for p in range(4)]
    out["observe_per_s"] = len(views) / (time.process_time() - t)
    # the first observation of a position makes its table, which the others share: what
    # one alone costs is ``rules.view.observe``'s, which makes it every call
    seen = [(g.state, frozenset(s.item for s in g.step_stack()
                                if type(s) is Draw and is_event(s.item)))
            for g in games_seen]
    gc.collect()
    t = time.process_time()
    alone = [observe(state, p, events) for _ in range(rounds) for state, events in seen
             for p in range(4)]
    out["observe_alone_per_s"] = len(alone) / (time.process_time() - t)
    del alone
    rng = random.Random(1)
    gc.collect()
    t = time.process_time()
    for view in views:
        sample_state(view, rng)
    out["sample_state_per_s"] = len(views) / (time.process_time() - t)
    spiel = openspiel_figures(action_games)
    if spiel is not None:
        out["openspiel"] = spiel
    searched = search_figures() if search else None
    if searched is not None:
        out["search"] = searched
    return out


#: Simulations of each search the search row times.
SEARCH_SIMULATIONS = 60


def search_figures() -> dict | None:
    """The search bot's simulations per second (CPU time; ``keyharvest.play.search``,
    issue 31) from the opening and from the middle of a game (after 90 random steps) of
    2 and of 4 players, ``SEARCH_SIMULATIONS`` simulations each: as the bot ``mcts``
    searches (playouts of whole rounds), and as ``mcts-v1`` does (playouts of 12 steps,
    the simulation issue 46's target counts; keyed ``v1 ...``). None where the package
    has no search."""
    import random

    try:
        from keyharvest.play.search import HORIZON, analyse
    except ImportError:
        return None
    import keyharvest as kh
    from keyharvest.play.bots import GreedyBot, RandomBot, points_after
    from keyharvest.rules import advance as engine_push
    from keyharvest.rules.view import observe

    out = {}
    for players in (2, 4):
        for where, steps in (("opening", 0), ("mid-game", 90)):
            state = kh.random_game(players, seed=players)
            bot = RandomBot(random.Random(players))
            done = 0
            while done < steps or state.current_player() in (kh.CHANCE, kh.TERMINAL):
                engine_push(state, bot.choose(state))
                done += 1
            view = observe(state, state.current_player())
            for name, playouts in (("", {}), ("v1 ", {"horizon": HORIZON, "rounds": None,
                                                    "paired": False})):
                t = time.process_time()
                # as the bot mcts searches (bots.mcts): greedy playouts, the points prior
                analyse(view, random.Random(1), GreedyBot(random.Random(2), explore=0.0),
                        points_after, budget=SEARCH_SIMULATIONS, **playouts)
                out[f"{name}{players}p {where}"] = (SEARCH_SIMULATIONS
                                                    / (time.process_time() - t))
    return out


def openspiel_figures(games: int) -> dict | None:
    """Random four-player games through the OpenSpiel adapter (``keyharvest.openspiel``,
    where pyspiel is installed): a uniformly random legal action, a chance outcome drawn
    by its probability, by ``pyspiel.State.apply_action`` (actions/s, steps/s); the same
    deals as the native row (deal ``i`` is ``kh.random_game(4, seed=i)``). One game is
    played first, untimed (the first state of a pyspiel game in a process costs what no
    later one does: the native row's engine is warm from the rows before it). None
    without pyspiel."""
    import random

    try:
        import pyspiel

        import keyharvest.openspiel  # noqa: F401  (registers the game)
    except ImportError:
        return None
    game = pyspiel.load_game("python_key_harvest", {"players": 4, "max_turns": 600})
    _spiel_game(game, 0, random.Random(0))
    actions = steps = 0
    gc.collect()
    t = time.process_time()
    for i in range(games):
        played, stepped = _spiel_game(game, i, random.Random(i))
        actions += played
        steps += stepped
    dt = time.process_time() - t
    return {"actions_per_s": actions / dt, "steps_per_s": steps / dt, "games_per_s": games / dt}


def _native_game(deal: int, rng: Any) -> tuple[int, int]:
    """One random game of ``api_figures``' actions row, ``kh.random_game(4, seed=deal)`` by
    ``Game.apply_action`` (chance by its odds, as the OpenSpiel row plays): its actions
    and steps."""
    import keyharvest as kh

    game = kh.Game(kh.random_game(4, seed=deal, max_turns=600))
    actions = 0
    while not game.is_terminal():
        if game.is_chance_node():
            outcomes, weights = zip(*game.chance_actions())
            game.apply_action(rng.choices(outcomes, weights)[0])
        else:
            game.apply_action(rng.choice(game.legal_actions()))
        actions += 1
    return actions, game.state.steps


def _spiel_game(game: Any, deal: int, rng: Any) -> tuple[int, int]:
    """One random game of ``openspiel_figures`` from ``deal``: its actions and steps."""
    state = game.new_initial_state()
    state.apply_action(deal)
    actions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        actions += 1
    return actions, len(state.steps)


def api_rows(args: argparse.Namespace, tmp: Path, rows: list, figures: dict) -> None:
    """The rows of issue 30: the public API, each beside python-chess where it has a
    counterpart (random playouts: ``legal_moves`` + ``push``; ``push`` + ``pop``).
    ``--api-rounds`` rounds, each measuring the API then python-chess (the search rows in
    the first only): each figure is the median of the rounds, each ratio the median of the
    rounds' own ratios (on a shared machine the load moves between two measurements: a
    ratio within a round, taken over rounds, moves less than one of two medians)."""
    python, how = (None, "")
    if figures.get("chess") is None:
        python, how = chess_python(tmp, not args.no_chess)
        if python is None:
            print(f"python-chess's API rows left out: {how}")
    rounds: list[tuple[dict, dict | None]] = []
    for r in range(max(1, args.api_rounds)):
        api = api_figures(args.api_games, args.api_action_games, search=r == 0)
        if not api:
            print("the API rows left out: this build has no keyharvest.Game")
            return
        chess = figures.get("chess")
        if python is not None:
            chess = chess_figures(python, args.chess_games, args.playouts,
                                  tmp / f"api{r}.pgn")
        if chess is not None and "pushpop_plies_per_s" not in chess:
            chess = None
        rounds.append((api, chess))
    figures["api_rounds"] = [{"api": a, "chess": c} for a, c in rounds]

    def at(got: dict, path: str) -> float:
        for key in path.split("."):
            got = got[key]
        return got  # type: ignore[return-value]

    def med(path: str) -> float:  # the API's figure at ``path`` ("actions.steps_per_s")
        return statistics.median(at(a, path) for a, _ in rounds)

    def med_chess(key: str) -> float:
        return statistics.median(c[key] for _, c in rounds if c is not None)

    def med_ratio(path: str, over: str) -> float:  # the API's by the API's, round by round
        return statistics.median(at(a, path) / at(a, over) for a, _ in rounds)

    api, chess = rounds[0]
    figures["api"] = api
    if chess is not None:
        figures["chess_api"] = chess
    how_many = f"; median of {len(rounds)} rounds" if len(rounds) > 1 else ""

    def beside(path: str, key: str) -> str:
        if chess is None:
            return ""
        ratio = statistics.median(at(a, path) / c[key] for a, c in rounds if c is not None)
        return f" ({ratio:.2f}x python-chess's {med_chess(key):,.0f} plies/s{how_many})"

    for name, what in (("playout_api", "RandomBot.choose + Game.push (undo)"),
                       ("playout_engine", "RandomBot.choose + rules.advance (no log)")):
        rows.append((f"API: random playouts, {what}",
                     f"{med(name + '.games_per_s'):,.1f} games/s, "
                     f"{med(name + '.steps_per_s'):,.0f} steps/s"
                     + beside(name + ".steps_per_s", "playout_plies_per_s"), "-", ""))
    rows.append(("API: Game.push + Game.pop over whole games",
                 f"{med('pushpop_plies_per_s'):,.0f} steps/s"
                 + beside("pushpop_plies_per_s", "pushpop_plies_per_s"), "-", ""))
    if "advance_plies_per_s" in api:
        rows.append(("API: rules.advance alone over the same steps (no undo: push's floor)",
                     f"{med('advance_plies_per_s'):,.0f} steps/s"
                     + beside("advance_plies_per_s", "pushpop_plies_per_s"), "-", ""))
    rows.append(("API: random games by Game.legal_actions + Game.apply_action",
                 f"{med('actions.actions_per_s'):,.0f} actions/s, "
                 f"{med('actions.steps_per_s'):,.0f} steps/s"
                 + beside("actions.steps_per_s", "playout_plies_per_s"), "-", ""))
    if chess is not None:
        rows.append(("python-chess: legal_moves + push (random playouts) / push + pop",
                     (f"{med_chess('playout_plies_per_s'):,.0f} / "
                      f"{med_chess('pushpop_plies_per_s'):,.0f} plies/s{how_many}"), "-", ""))
    if "openspiel" in api:
        native = med_ratio("openspiel.actions_per_s", "actions.actions_per_s")
        rows.append(("OpenSpiel adapter: random games by pyspiel State.apply_action",
                     (f"{med('openspiel.actions_per_s'):,.0f} actions/s, "
                      f"{med('openspiel.steps_per_s'):,.0f} steps/s ({native:.2f}x the "
                      f"native actions{how_many})"), "-", ""))
    else:
        print("OpenSpiel adapter's row left out: pyspiel is not installed "
              "(pip install 'keyharvest[openspiel]')")
    if "search" in api:
        rows.append((("search bot (mcts; v1: mcts-v1's 12-step playouts): simulations/s, "
                     "2p and 4p, opening / mid-game"),
                     ", ".join(f"{k} {v:,.0f}" for k, v in api["search"].items()), "-", ""))
    if "observe_per_s" in api:
        rows.append((("API: Game.observation (4 players x 5 a position) / "
                     "rules.view.sample_state"),
                     (f"{med('observe_per_s'):,.0f} / {med('sample_state_per_s'):,.0f} "
                      f"calls/s{how_many}"), "-", ""))
    if "observe_alone_per_s" in api:
        rows.append((("API: rules.view.observe (the table made each call, as a position's "
                     "first observation)"),
                     f"{med('observe_alone_per_s'):,.0f} calls/s{how_many}", "-", ""))


# -- side by side with python-chess (issue 18) ----------------------------------------------------
BARE_TYPER = '''import typer

app = typer.Typer(add_completion=False)


@app.command()
def one(path: str, flag: bool = False) -> None:
    """The first command: reads a file."""
    with open(path, "rb") as f:
        print(len(f.read()))


@app.command()
def two(n: int = 1) -> None:
    """The second command."""
    print(n)


if __name__ == "__main__":
    app()
'''


def chess_python(tmp: Path, allowed: bool) -> tuple[str | None, str]:
    """A Python that has python-chess: this one, or a temporary venv's into which it is
    installed; None (and why) if neither."""
    if not allowed:
        return None, "skipped (--no-chess)"
    probe = run([sys.executable, "-c", "import chess"], capture_output=True, check=False)
    if probe.returncode == 0:
        return sys.executable, "this Python's"
    venv = tmp / "chess-venv"
    made = run([sys.executable, "-m", "venv", str(venv)], capture_output=True, check=False)
    python = venv / "bin" / "python"
    if made.returncode == 0:
        got = run([str(python), "-m", "pip", "install", "-q", "chess"], capture_output=True,
                  text=True, check=False)
        if got.returncode == 0:
            return str(python), "a temporary venv's"
        return None, f"pip install chess failed: {got.stderr.strip()[-200:]}"
    return None, "could not make a venv for python-chess"


def chess_figures(python: str, games: int, playouts: int, pgn: Path) -> dict:
    """python-chess's figures from one run of ``chess_side.py`` (its games kept in ``pgn``
    from the first round on)."""
    script = Path(__file__).resolve().with_name("chess_side.py")
    out = run([python, str(script), "--games", str(games), "--playouts", str(playouts),
               "--pgn", str(pgn)], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def process_seconds(cmd: list[str], repeat: int) -> tuple[float, bytes]:
    """The median CPU time (user + system, s) of a whole command and its children (exit 0
    required), and its stdout: the whole process as a user runs it, start-up included,
    timed by the CPU it takes, which a loaded machine disturbs much less than the wall
    clock."""
    times = []
    stdout = b""
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        out = run(cmd, capture_output=True, check=False)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
        if out.returncode != 0:
            raise RuntimeError(f"{' '.join(cmd)} exited {out.returncode}: {out.stderr[-500:]!r}")
        stdout = out.stdout
    return statistics.median(times), stdout


def wall_seconds(cmd: list[str]) -> tuple[float, bytes]:
    """The wall time of a whole command (exit 0 required), and its stdout."""
    t = time.perf_counter()
    out = run(cmd, capture_output=True, check=False)
    elapsed = time.perf_counter() - t
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {out.returncode}: {out.stderr[-500:]!r}")
    return elapsed, out.stdout


def cpu_ms(cmd: list[str], runs: int, env: dict | None = None) -> float:
    """The median CPU time (user + system, ms) of a command: steadier than the wall clock
    on a shared machine."""
    run(cmd, capture_output=True, check=False, env=env)  # warm the file cache and bytecode
    times = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        run(cmd, capture_output=True, check=False, env=env)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append((after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
                     * 1000)
    return statistics.median(times)


def completion_ms(runs: int) -> dict:
    """The CPU time of one Tab: the process bash's completion script (Typer's, as
    ``keyharvest --install-completion`` installs it) starts for a path and for a colour,
    which ``keyharvest.cli.complete.answer`` answers by the table in ``plain.json``."""
    kh = keyharvest_command()
    asks = {"path": "keyharvest replay scen", "colour": "keyharvest new --players r"}
    out = {}
    for name, line in asks.items():
        env = {**os.environ, "_KEYHARVEST_COMPLETE": "complete_bash", "COMP_WORDS": line,
               "COMP_CWORD": str(len(line.split()) - 1)}
        out[name] = cpu_ms(kh, runs, env=env)
    return out


def startup_side(tmp: Path, one_file: Path, runs: int) -> dict:
    """Start-up against a bare two-command Typer app, interleaved run by run."""
    bare = tmp / "bare_typer.py"
    bare.write_text(BARE_TYPER, encoding="utf-8")
    kh = keyharvest_command()
    cmds = {"bare_run": [sys.executable, str(bare), "one", str(one_file)],
            "bare_help": [sys.executable, str(bare), "one", "--help"],
            "validate_one": [*kh, "validate", str(one_file)],
            "validate_help": [*kh, "validate", "--help"]}
    samples: dict[str, list[float]] = {k: [] for k in cmds}
    for _ in range(max(1, runs // 3)):
        for k, cmd in cmds.items():
            samples[k].append(cpu_ms(cmd, 3))
    return {k: statistics.median(v) for k, v in samples.items()}


def ratio_row(name: str, ratio: float, target: float, at_most: bool = False,
              spread: list[float] | None = None) -> tuple:
    """A ratio's row; with ``spread`` (the ratio of each round), the range is shown too and
    ``ratio`` is their median."""
    ok = ratio <= target if at_most else ratio >= target
    figure = f"{ratio:.2f}x"
    if spread is not None and len(spread) > 1:
        figure += f" (rounds {min(spread):.2f}-{max(spread):.2f}x)"
    return (name, figure, f"{'<=' if at_most else '>='} {target:g}x", verdict(ok))


# -- the commands over a collection (issue 51) -----------------------------------------------------
#: The whole processes timed on the same files: each ``filter``/``stats`` row against
#: ``validate``'s (the first).
COLLECTION = {
    "validate": ["validate", "-q"],
    "filter (on the result)": ["filter", "-q", "winner = red and players >= 3"],
    "filter (on the steps)": ["filter", "-q", 'has "buy * from *" before turn 10'],
    "stats": ["stats", "-q"],
    "standings": ["standings", "-q", "--by", "colour"],
}


def process_usage(cmd: list[str]) -> tuple[float, int, bytes]:
    """One whole process alone (``os.wait4``): its CPU time (user + system, s, start-up
    included), its peak resident memory (KiB) and its stdout. Exit 0 or 1 (bad records
    counted apart) is allowed."""
    with tempfile.TemporaryFile() as stdout:
        proc = subprocess.Popen(cmd, stdout=stdout, stderr=subprocess.DEVNULL, env=CHILD_ENV)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode not in (0, 1):
            raise RuntimeError(f"{' '.join(cmd)} exited {proc.returncode}")
        stdout.seek(0)
        return usage.ru_utime + usage.ru_stime, usage.ru_maxrss, stdout.read()


def collection_rows(args: argparse.Namespace, tmp: Path, rows: list, figures: dict,
                    warm: bool = True) -> None:
    """The rows of issue 51: records per second (CPU, whole process) of ``filter`` (a
    query on the result, one on the steps), ``stats`` and ``standings`` against
    ``validate`` on the same ``--collection-records`` self-play records (2, 3 and 4 players
    in turn, random bots), in rounds (``--collection-rounds``: the commands one after the
    other in each, each ratio the median of the rounds'); their peak memory over those
    records and over the same records ``--collection-copies`` times (a stream's stays
    flat); and ``--jobs 2`` giving the bytes of one process. ``warm``: each command run
    once first, unmeasured (its bytecode compiled, the files in the cache)."""
    from keyharvest.formats.records import format_records
    from keyharvest.play.selfplay import selfplay_game

    kh = keyharvest_command()
    n = args.collection_records
    corpus = tmp / f"collection-{n}.kh"
    corpus.write_text(format_records([selfplay_game(2 + i % 3, 51, i) for i in range(n)]),
                      encoding="utf-8")
    cmds = {name: [*kh, *cmd, str(corpus)] for name, cmd in COLLECTION.items()}
    for cmd in cmds.values() if warm else ():  # the file cache and the bytecode
        process_usage(cmd)
    seconds: dict[str, list[float]] = {name: [] for name in cmds}
    peak: dict[str, int] = {}
    out: dict[str, bytes] = {}
    for _ in range(args.collection_rounds):
        for name, cmd in cmds.items():
            cpu, peak[name], out[name] = process_usage(cmd)
            seconds[name].append(cpu)
    rounds = args.collection_rounds
    got = figures["collection"] = {"records": n, "rounds": rounds, "seconds": seconds,
                                   "peak_kb": {n: dict(peak)}}
    for name, times in seconds.items():
        rate = n / statistics.median(times)
        ratios = [v / t for v, t in zip(seconds["validate"], times, strict=True)]
        figure = f"{rate:,.0f} records/s"
        if name != "validate":
            figure += f", {statistics.median(ratios):.2f} x validate"
        if len(ratios) > 1 and name != "validate":
            figure += f" (rounds {min(ratios):.2f}-{max(ratios):.2f})"
        rows.append((f"{name}, whole process, CPU ({n} records, median of {rounds})", figure,
                     "-", ""))
    same = all(process_usage([*cmds[name], "-j", "2"])[2] == out[name]
               for name in ("filter (on the result)", "stats"))
    got["jobs_same_output"] = same
    rows.append(("filter and stats --jobs 2: the bytes of one process", str(same).lower(),
                 "true", verdict(same)))
    copies = args.collection_copies
    if copies > 1:
        big = tmp / f"collection-{n}x{copies}.kh"
        text = corpus.read_text(encoding="utf-8").rstrip("\n") + "\n\n"
        with big.open("w", encoding="utf-8") as f:
            for _ in range(copies):
                f.write(text)
        large = {name: process_usage([*cmd[:-1], str(big)])[1] for name, cmd in cmds.items()}
        got["peak_kb"][n * copies] = large
        for name in cmds:
            grew = large[name] / peak[name]
            rows.append((f"{name}: peak memory, {n} / {n * copies} records",
                         f"{peak[name] / 1024:.0f} / {large[name] / 1024:.0f} MB resident",
                         "flat", verdict(grew <= 1.1)))


# -- the report -----------------------------------------------------------------------------------
def verdict(ok: bool) -> str:
    return "met" if ok else "NOT MET"


def side_rows(args: argparse.Namespace, tmp: Path, rows: list, figures: dict,
              engine_rate: float) -> None:
    """The rows of issue 18: keyharvest side by side with python-chess, start-up against a
    bare Typer app, and the Dask backend."""
    from keyharvest.formats.records import format_records
    from keyharvest.play.selfplay import selfplay_game

    kh = keyharvest_command()
    games = [selfplay_game(4, 1, i) for i in range(args.side_records)]
    side = tmp / f"corpus-{args.side_records}.kh"
    side.write_text(format_records(games), encoding="utf-8")
    steps = sum(len(g.steps) for g in games)
    del games
    one_file = tmp / "one.kh"
    one_file.write_text(format_records([selfplay_game(4, 1, 0)]), encoding="utf-8")

    python, how = chess_python(tmp, not args.no_chess)
    if python is None:
        print(f"python-chess rows left out: {how}")
    # rounds: keyharvest's two whole processes and python-chess's figures measured one after
    # the other in each round, so that a ratio compares runs made at the same time (the
    # machine's speed drifts by a third between minutes here); the ratios' median is the
    # verdict, and their range is printed
    validate_cmd = [*kh, "validate", str(side)]
    selfplay_cmd = [*kh, "selfplay", "-p", "4", "-n", str(args.side_games), "-s", "2024"]
    for cmd in (validate_cmd, selfplay_cmd):  # warm the file cache and the bytecode
        run(cmd, capture_output=True, check=False)
    validate_runs: list[float] = []
    selfplay_runs: list[float] = []
    chess_runs: list[dict] = []
    pgn = tmp / "chess-games.pgn"
    for _ in range(args.repeat):
        validate_s, one_out = process_seconds(validate_cmd, 1)
        selfplay_s, _ = process_seconds(selfplay_cmd, 1)
        validate_runs.append(validate_s)
        selfplay_runs.append(selfplay_s)
        if python is not None:
            chess_runs.append(chess_figures(python, args.chess_games, args.playouts, pgn))
    kh_steps = steps / statistics.median(validate_runs)
    kh_games = args.side_games / statistics.median(selfplay_runs)
    figures["side"] = {"validate_steps_per_s": kh_steps, "selfplay_games_per_s": kh_games,
                       "validate_seconds": validate_runs, "selfplay_seconds": selfplay_runs,
                       "rounds": args.repeat}
    rounds = f"median of {args.repeat}"
    records_s = args.side_records / statistics.median(validate_runs)
    name = f"keyharvest validate, whole process, CPU ({args.side_records} records, {rounds})"
    rows.append((name, f"{kh_steps:,.0f} steps/s ({records_s:,.0f} records/s)", "-", ""))
    rows.append((f"keyharvest selfplay, whole process, CPU ({args.side_games} games, {rounds})",
                 f"{kh_games:,.0f} games/s", "-", ""))

    if python is not None:
        chess = {k: statistics.median(c[k] for c in chess_runs) if isinstance(v, float) else v
                 for k, v in chess_runs[0].items()}
        figures["chess"] = chess
        figures["chess_rounds"] = chess_runs
        rows.append((f"python-chess {chess['version']} ({how}): read_game ({rounds})",
                     f"{chess['read_plies_per_s']:,.0f} plies/s", "-", ""))
        rows.append(("python-chess: is_legal + push", (f"{chess['checked_plies_per_s']:,.0f} "
                     "plies/s"), "-", ""))
        rows.append(("python-chess: random playouts to the end",
                     (f"{chess['playouts_per_s']:,.1f} games/s "
                     f"({chess['plies_per_playout']:.0f} plies)"), "-", ""))
        per_round = {
            "validate": [steps / v / c["read_plies_per_s"]
                         for v, c in zip(validate_runs, chess_runs)],
            "selfplay": [args.side_games / g / c["playouts_per_s"]
                         for g, c in zip(selfplay_runs, chess_runs)],
            "engine": [engine_rate / c["checked_plies_per_s"] for c in chess_runs]}
        ratios = {k: statistics.median(v) for k, v in per_round.items()}
        figures["ratios"] = ratios
        figures["ratios_per_round"] = per_round
        rows.append(ratio_row("ratio: validate steps/s / read_game plies/s", ratios["validate"],
                              SIDE_TARGETS["validate"], spread=per_round["validate"]))
        rows.append(("ratio: checked engine / is_legal + push", f"{ratios['engine']:.2f}x",
                     "-", ""))
        rows.append(ratio_row("ratio: selfplay games/s / random playouts/s", ratios["selfplay"],
                              SIDE_TARGETS["selfplay"], spread=per_round["selfplay"]))

    start = startup_side(tmp, one_file, args.runs)
    figures["startup_cpu_ms"] = start
    rows.append(("start-up, bare Typer app's subcommand (CPU, run / --help)",
                 f"{start['bare_run']:.0f} / {start['bare_help']:.0f} ms", "-", ""))
    rows.append(("start-up, keyharvest validate ONE_FILE / --help (CPU)",
                 f"{start['validate_one']:.0f} / {start['validate_help']:.0f} ms", "-", ""))
    rows.append(ratio_row("ratio: validate ONE_FILE / bare subcommand",
                          start["validate_one"] / start["bare_run"], SIDE_TARGETS["startup"],
                          at_most=True))
    rows.append(ratio_row("ratio: validate --help / bare subcommand --help",
                          start["validate_help"] / start["bare_help"], SIDE_TARGETS["startup"],
                          at_most=True))

    tab = completion_ms(args.runs)
    figures["completion_cpu_ms"] = tab
    rows.append(("shell completion, one Tab (CPU; bash: replay scen<Tab>, new --players r<Tab>)",
                 f"{tab['path']:.0f} / {tab['colour']:.0f} ms", "<= 150 ms",
                 verdict(max(tab.values()) <= TARGETS["completion"])))

    if args.no_cluster:
        return
    probe = run([sys.executable, "-c", "import distributed"], capture_output=True, check=False)
    if probe.returncode != 0:
        print("the --cluster row is left out: dask.distributed is not installed "
              "(pip install 'keyharvest[cluster]')")
        return
    cluster_s, cluster_out = wall_seconds([*kh, "validate", str(side), "--cluster", "local:2"])
    same = cluster_out == one_out
    figures["cluster"] = {"seconds": cluster_s, "same_output": same}
    rows.append(("validate --cluster local:2, wall clock (same bytes as --jobs 1)",
                 (f"{args.side_records / cluster_s:,.0f} records/s "
                 f"({'same output' if same else 'OUTPUT DIFFERS'})"), "same output",
                 verdict(same)))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--records", type=int, default=1000, help="records in the corpus")
    ap.add_argument("--games", type=int, default=200, help="self-play games timed")
    ap.add_argument("--greedy", type=int, default=20,
                    help="greedy games timed (0: no greedy row)")
    ap.add_argument("--runs", type=int, default=15, help="runs of keyharvest --help")
    ap.add_argument("--memory-records", type=int, default=3000,
                    help="records in the largest memory measurement")
    ap.add_argument("--side-records", type=int, default=600,
                    help="records of the whole-process validate row (side by side)")
    ap.add_argument("--side-games", type=int, default=400,
                    help="games of the whole-process selfplay row (side by side)")
    ap.add_argument("--chess-games", type=int, default=300,
                    help="random chess games read back (side by side)")
    ap.add_argument("--playouts", type=int, default=100, help="random chess playouts timed")
    ap.add_argument("--repeat", type=int, default=5,
                    help="rounds of the side-by-side rows: each runs the two whole "
                         "keyharvest processes and python-chess once (medians are taken)")
    ap.add_argument("--no-chess", action="store_true", help="skip python-chess's rows")
    ap.add_argument("--side-only", action="store_true",
                    help="only the rows of issue 18 (side by side, start-up, --cluster)")
    ap.add_argument("--no-cluster", action="store_true", help="skip the --cluster row")
    ap.add_argument("--api-only", action="store_true",
                    help="only the rows of issue 30 (the public API beside python-chess)")
    ap.add_argument("--api-games", type=int, default=40,
                    help="random four-player playouts of the API rows")
    ap.add_argument("--api-action-games", type=int, default=10,
                    help="random four-player games by integer actions (API rows)")
    ap.add_argument("--api-rounds", type=int, default=3,
                    help="rounds of the API rows, each beside python-chess (medians taken)")
    ap.add_argument("--collection-records", type=int, default=600,
                    help="self-play records of the rows of filter, stats and standings")
    ap.add_argument("--collection-rounds", type=int, default=3,
                    help="rounds of those rows (each runs every command once)")
    ap.add_argument("--collection-copies", type=int, default=5,
                    help="their peak memory is measured again over the records this many "
                         "times (1: not)")
    ap.add_argument("--collection-only", action="store_true",
                    help="only the rows of issue 51 (filter, stats, standings vs validate)")
    ap.add_argument("--json", action="store_true", help="also print the figures as JSON")
    ap.add_argument("--build", choices=list(BUILDS), default="compiled",
                    help="the keyharvest measured: " + "; ".join(
                        f"{k}: {v}" for k, v in BUILDS.items()).replace("%", "%%"))
    # what the process that built the wheel built (--build compiled/pure run this script
    # again with the venv's Python and this)
    ap.add_argument("--built", type=json.loads, default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.build != "installed":
        return measure_build(args)
    global SOURCE_ON_PATH
    if args.built is None and importlib.util.find_spec("keyharvest") is None:
        sys.path.insert(0, str(ROOT))  # no keyharvest installed: the checkout's
        SOURCE_ON_PATH = True

    from keyharvest.formats.records import format_records

    rows: list[tuple[str, str, str, str]] = []
    figures: dict = {}
    tmp = Path(tempfile.mkdtemp(prefix="keyharvest-bench-"))
    use_bytecode(tmp / "pycache")
    try:
        try:
            row, figures["build"] = build_row(args.built)
        except BuildError as exc:
            print(f"bench.py: {exc}", file=sys.stderr)
            return 2
        rows.append(row)
        if args.api_only:
            api_rows(args, tmp, rows, figures)
            return report(rows, figures, args)
        if args.collection_only:
            collection_rows(args, tmp, rows, figures)
            return report(rows, figures, args)
        if args.side_only:
            from keyharvest.play.selfplay import selfplay_game

            some = tmp / "engine.kh"
            some.write_text(format_records([selfplay_game(4, 1, i) for i in range(100)]),
                            encoding="utf-8")
            rate, _ = engine(some.read_text(encoding="utf-8"))
            figures["engine_steps_per_s"] = rate
            rows.append(("engine (replay of 100 parsed records)", f"{rate:,.0f} steps/s", "-",
                         ""))
            side_rows(args, tmp, rows, figures, engine_rate=rate)
            return report(rows, figures, args)
        rate = selfplay(args.games)
        figures["selfplay_games_per_s"] = rate
        rows.append(("self-play (random, 4 players)", f"{rate:,.0f} games/s", ">= 200",
                     verdict(rate >= TARGETS["selfplay"])))
        written = selfplay(args.games, write=True)
        figures["selfplay_written_games_per_s"] = written
        rows.append(("  the same, each written as a record", f"{written:,.0f} games/s", "-",
                     ""))
        if args.greedy:
            greedy_rate = selfplay(args.greedy, "greedy")
            figures["greedy_games_per_s"] = greedy_rate
            rows.append(("self-play (greedy, 4 players)", f"{greedy_rate:,.1f} games/s", "-",
                         ""))

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
            # once unmeasured first: the command's modules are compiled into the bytecode
            # folder by the first run (pip compiles them when it installs the package)
            validate_cli(corpus)
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

        side_rows(args, tmp, rows, figures, engine_rate=figures["engine_steps_per_s"])
        collection_rows(args, tmp, rows, figures)
        api_rows(args, tmp, rows, figures)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return report(rows, figures, args)


def report(rows: list, figures: dict, args: argparse.Namespace) -> int:
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
