"""keyharvest.play.pool: the workers of ``--jobs`` are never a plain fork of this process
(which may hold threads: CPython 3.12 warns, and a child may inherit a held lock), and they
take over its collector's tuning."""

from __future__ import annotations

import gc
import multiprocessing
import os
import threading
import warnings

import pytest

from keyharvest.play.pool import ordered_map


def _worker_state(_: int) -> tuple[int, int]:
    """What a worker sees: its collector's first threshold and its parent process."""
    return gc.get_threshold()[0], os.getppid()


@pytest.mark.skipif("forkserver" not in multiprocessing.get_all_start_methods(),
                    reason="no forkserver on this platform (the pool uses spawn)")
def test_workers_of_a_threaded_process_come_from_a_forkserver_with_its_collector() -> None:
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)  # this process now has two threads
    other.start()
    before = gc.get_threshold()
    gc.set_threshold(54321, *before[1:])
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            got = list(ordered_map(_worker_state, range(6), jobs=2))
    finally:
        gc.set_threshold(*before)
        stop.set()
        other.join()
    assert [threshold for threshold, _ in got] == [54321] * 6
    assert os.getpid() not in {parent for _, parent in got}  # not forked from here
    assert not [w for w in caught if "fork" in str(w.message)], [str(w.message) for w in caught]
