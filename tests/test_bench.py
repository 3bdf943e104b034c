"""benchmarks/bench.py's ``--build`` (which keyharvest it measures), its first row, the
build measured, and each of its rows run at a small size. No figure is asserted here (no
timed test): the benchmark itself is run by hand."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from scripts import load_script

BENCH = Path(__file__).resolve().parent.parent / "benchmarks" / "bench.py"


def _bench() -> ModuleType:
    return load_script(BENCH, "keyharvest_bench")


bench = _bench()


def test_the_build_option_offers_the_compiled_wheel_first() -> None:
    out = subprocess.run([sys.executable, str(BENCH), "--help"], capture_output=True,
                         text=True, check=True)
    assert "--build {compiled,pure,installed}" in out.stdout
    assert next(iter(bench.BUILDS)) == "compiled"


def test_the_first_row_names_the_build_and_counts_its_compiled_modules() -> None:
    import keyharvest

    (name, figure, _, _), info = bench.build_row(None)
    assert name.startswith("build measured: installed")
    package = Path(keyharvest.__path__[0])
    # the modules with a C extension beside their source (none in an editable install,
    # unless compiled in place)
    so = {p.name.split(".")[0] for p in package.rglob("*.so")}
    assert len(info["compiled"]) == len(so)
    kind = keyharvest.build_kind()  # as keyharvest --version names the build
    assert figure == f"{kind}: {len(so)} of {info['modules']} modules compiled (.so)"
    assert kind in info["version"]
    assert info["modules"] > 50
    # every module imports, but the OpenSpiel game where its extra is not installed
    try:
        import pyspiel  # noqa: F401
        optional: list[str] = []
    except ImportError:
        optional = ["keyharvest.openspiel"]
    assert [m.split(":")[0] for m in info["not_imported"]] == optional


def test_a_built_wheel_must_not_be_measured_from_the_source_tree() -> None:
    # the fresh process build_row probes must import this checkout's keyharvest (not so in
    # an unpacked sdist tested with another install of keyharvest in the venv)
    if not Path(bench.build_probe()["package"]).resolve().is_relative_to(bench.ROOT):
        pytest.skip("a fresh process does not import keyharvest from this checkout here")
    with pytest.raises(bench.BuildError, match="source tree"):
        bench.build_row({"build": "pure", "wheel": "keyharvest-0.1.0-py3-none-any.whl"})


@pytest.mark.slow  # some ten whole processes: a few seconds of CPU
def test_the_collection_rows_time_filter_and_stats_against_validate(tmp_path: Path) -> None:
    """The rows of issue 51 on a handful of records, one round, unwarmed, without the
    copies (each is a whole process: the memory rows run the same function as the timed
    ones): a row per command, each beside validate, and the --jobs 2 row true. (No
    figure is asserted: the machine's.)"""
    import argparse

    args = argparse.Namespace(collection_records=3, collection_rounds=1, collection_copies=1)
    rows: list[tuple[str, str, str, str]] = []
    figures: dict = {}
    bench.collection_rows(args, tmp_path, rows, figures, warm=False)
    names = [r[0] for r in rows]
    assert names[:len(bench.COLLECTION)] == [
        f"{name}, whole process, CPU (3 records, median of 1)" for name in bench.COLLECTION]
    beside = [r[1] for r in rows if r[0].startswith(("filter", "stats"))
              and "whole process" in r[0]]
    assert len(beside) == 3 and all(" x validate" in b for b in beside)
    assert ("filter and stats --jobs 2: the bytes of one process", "true", "true",
            "met") in rows
    got = figures["collection"]
    assert got["jobs_same_output"] is True
    assert all(len(t) == 1 and t[0] > 0 for t in got["seconds"].values())
    assert set(got["peak_kb"]) == {3} and all(v > 0 for v in got["peak_kb"][3].values())


@pytest.mark.slow  # the whole benchmark at a small size: some 15 s
def test_every_row_of_the_benchmark_runs_at_a_small_size(tmp_path: Path) -> None:
    """The whole benchmark (``--build installed``: this Python's keyharvest; neither
    python-chess nor ``--cluster``) at a handful of records and games, one round of each
    row: it exits 0 and its figures hold every section, so that a renamed keyword, option
    or function fails here and not in the next run by hand (as the search rows' did)."""
    import json

    small = ["--records", "5", "--games", "2", "--greedy", "1", "--runs", "1",
             "--memory-records", "5", "--side-records", "5", "--side-games", "2",
             "--repeat", "1", "--api-games", "1", "--api-action-games", "1",
             "--api-rounds", "1", "--collection-records", "3", "--collection-rounds", "1",
             "--collection-copies", "1"]
    got = subprocess.run([sys.executable, str(BENCH), "--build", "installed", *small,
                          "--no-chess", "--no-cluster", "--json"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=600, check=False)
    assert got.returncode == 0, got.stderr[-3000:]
    assert "Traceback" not in got.stderr
    figures = json.loads(got.stdout[got.stdout.index("\n{") + 1:])
    assert set(figures) == {
        "build", "selfplay_games_per_s", "selfplay_written_games_per_s",
        "greedy_games_per_s", "corpus", "parse_records_per_s", "engine_steps_per_s",
        "invariants_steps_per_s", "validate_library", "startup_ms", "memory", "side",
        "startup_cpu_ms", "completion_cpu_ms", "collection", "api_rounds", "api"}
    assert figures["corpus"]["records"] == 5
    assert figures["validate_library"]["records"] == 5
    assert figures["validate_library"]["bad"] == 0
    assert figures["collection"]["jobs_same_output"] is True
    assert {"pushpop_plies_per_s", "actions", "observe_per_s", "sample_state_per_s",
            "search"} <= set(figures["api"])
    assert len(figures["api"]["search"]) == 8


def test_the_openspiel_row_plays_the_native_rows_games() -> None:
    """The adapter's row (``openspiel_figures``) plays deal ``i`` with ``random.Random(i)``
    as the native actions row plays ``kh.random_game(4, seed=i)``: the same games, action
    for action, so its ratio compares the same work (figures are not asserted)."""
    import random

    from cli_util import extra

    pyspiel = extra("pyspiel", "KEYHARVEST_REQUIRE_OPENSPIEL",
                    "pip install 'keyharvest[openspiel]'")
    import keyharvest.openspiel  # noqa: F401  (registers the game)

    game = pyspiel.load_game("python_key_harvest", {"players": 4, "max_turns": 600})
    actions, steps = bench._spiel_game(game, 1, random.Random(1))
    played, stepped = bench._native_game(1, random.Random(1))
    assert (actions, steps) == (played, stepped) and steps > 100
    assert bench.openspiel_figures(1)["actions_per_s"] > 0


def test_the_search_rows_search_as_mcts_and_mcts_v1_do(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    """The simulations a second of issue 46's item 1 (``search_figures``), at a few
    simulations: both searches run at the opening and mid-game of 2 and 4 players with
    the package's own keyword arguments (a renamed one fails here, not in a run by
    hand)."""
    monkeypatch.setattr(bench, "SEARCH_SIMULATIONS", 3)
    figures = bench.search_figures()
    assert figures is not None
    assert sorted(figures) == sorted(f"{v}{p}p {w}" for v in ("", "v1 ") for p in (2, 4)
                                     for w in ("opening", "mid-game"))
    assert all(f > 0 for f in figures.values())
