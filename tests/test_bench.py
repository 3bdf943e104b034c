"""benchmarks/bench.py's ``--build`` (which keyharvest it measures) and its first row, the
build measured. No timing is run or asserted here: the benchmark itself is run by hand."""

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
