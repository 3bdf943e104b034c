"""A tiny bounded run of the soak benchmark (benchmarks/soak.py): it counts every record
and game of the runs it measures and samples their memory, workers included. The long
runs (100,000 records, 10,000 games) are by hand: ``python benchmarks/soak.py all``."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from scripts import load_script

SOAK = Path(__file__).resolve().parent.parent / "benchmarks" / "soak.py"


def _soak() -> ModuleType:
    return load_script(SOAK, "keyharvest_soak")


soak = _soak()


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc (Linux)")
def test_a_tiny_soak_of_each_kind_counts_everything_and_samples_memory() -> None:
    runs = [soak.soak_validate(24, 2), soak.soak_arena(12)]
    for run in runs:
        assert run.code == 0, run
        assert run.items in (24, 12)
        assert 10_000 < run.peak_10_kb <= run.peak_kb, run  # a Python process or more
    assert "validate of 24 records piped from selfplay (--jobs 2): 24 in" in runs[0].line(0.1)
