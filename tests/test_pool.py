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


_TERMINATED = """
import multiprocessing, sys, time
from keyharvest.play.pool import ordered_map
for i, _ in enumerate(ordered_map(time.sleep, [0.0, 0.0, 60.0, 60.0, 60.0], jobs=2)):
    if i == 1:  # both workers have started: the next calls keep them busy for a minute
        print(*[p.pid for p in multiprocessing.active_children()], flush=True)
"""

#: Another pool opened while the first one's workers are busy (a program iterating one
#: ``ordered_map`` while it runs another): a SIGTERM ends the workers of both. The second
#: pool leaves SIGTERM to the first one's handler (it is not the default action any more),
#: which ends every process this one started since the first pool opened (how
#: ``pool._Pool`` finds its workers), the second pool's among them.
_NESTED = """
import multiprocessing, sys, time
from keyharvest.play.pool import ordered_map
def main():
    outer = ordered_map(time.sleep, [0.0, 0.0, 60.0, 60.0], jobs=2)
    next(outer), next(outer)  # the outer pool's workers now have a minute's call each
    for i, _ in enumerate(ordered_map(time.sleep, [0.0, 0.0, 60.0, 60.0], jobs=2)):
        if i == 1:  # so have the inner pool's
            print(*[p.pid for p in multiprocessing.active_children()], flush=True)
main()
"""


def _gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (a zombie not yet reaped has ended)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads /proc")
@pytest.mark.parametrize(("script", "workers"), [(_TERMINATED, 2), (_NESTED, 4)],
                         ids=["one pool", "a pool in another"])
def test_sigterm_ends_the_workers_and_the_process_with_143(script: str, workers: int
                                                           ) -> None:
    """``timeout`` or ``kill`` sends SIGTERM to this process alone (Ctrl-C reaches the whole
    process group): the workers, busy with a minute's call each, end with it (those of
    every pool open), and the process exits 143 (128 + SIGTERM) with nothing on stderr."""
    import signal
    import subprocess
    import sys
    import time

    run = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
    assert run.stdout is not None
    pids = [int(p) for p in run.stdout.readline().split()]
    os.kill(run.pid, signal.SIGTERM)
    assert run.wait(30) == 128 + signal.SIGTERM
    assert run.stderr is not None and run.stderr.read() == ""
    assert len(pids) >= workers
    deadline = time.monotonic() + 10
    while not all(_gone(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert all(_gone(p) for p in pids), [p for p in pids if not _gone(p)]
