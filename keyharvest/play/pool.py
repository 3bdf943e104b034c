"""Worker processes for ``ordered_map``: ``map`` over several processes, results in order.

The standard library's ``concurrent.futures.ProcessPoolExecutor`` does the work. Its
processes are started by ``forkserver`` where the platform has it (Linux, macOS), else by
``spawn``: never by a plain ``fork`` of this process, which may hold threads (a pool's own
manager thread, a library's, a test runner's) whose locks a forked child would inherit
held; CPython 3.12 warns of that (``DeprecationWarning``) and 3.14 makes ``forkserver``
Linux's default. Each worker takes the collector's thresholds of the process that
started it (the console script's tuning, ``cli.support.tune_gc``).
``ordered_map`` keeps a bounded number of calls in flight and yields the results in the
order of the items.

A worker that dies with calls in hand (killed, out of memory ...) breaks the pool: that is
a ``WorkerError`` saying which worker and how it ended (``worker 2 ended by signal 9``).
A SIGTERM to this process while a pool is open (``timeout``, ``kill``: sent to this
process alone, where Ctrl-C reaches the workers too) ends the workers at once, then raises
``SystemExit(143)`` (128 + SIGTERM, as ``formats.safewrite`` does while it writes), so the
command ends as it would have at that signal, with no worker left playing on.

This module is loaded only when processes are used: a command in one process never reads
it.
"""

from __future__ import annotations

import itertools
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")


def cpu_count() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


class WorkerError(RuntimeError):
    """A worker process ended with calls in hand (killed, out of memory ...)."""


#: How the workers start, where the platform offers it (else ``spawn``): see the module's
#: docstring.
START_METHOD = "forkserver"


def _start(thresholds: tuple[int, ...]) -> None:
    """A worker's first work: the collector tuned as in the process that started it (a
    started process has Python's defaults)."""
    import gc

    gc.set_threshold(*thresholds)


def _ready() -> None:
    """A call that does nothing: submitting it starts the processes."""


def _how(exitcode: int | None) -> str:
    if exitcode is None:
        return "ended"
    if exitcode < 0:
        import signal

        try:
            name = f" ({signal.Signals(-exitcode).name})"
        except ValueError:
            name = ""
        return f"ended by signal {-exitcode}{name}"
    return f"ended with exit status {exitcode}"


class _Pool:
    """``jobs`` processes of a ``ProcessPoolExecutor``, numbered 1 .. ``jobs`` in the order
    they started (for saying which one died)."""

    def __init__(self, jobs: int) -> None:
        import gc
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context(
            START_METHOD if START_METHOD in methods else "spawn")
        # this process's children before the pool's: those after, less these, are its
        # workers (``_note_workers``)
        self.others = set(multiprocessing.active_children())
        if context.get_start_method() == "forkserver":
            # The server imports this module once, and each worker forked from it (a
            # process of one thread) has it already. A server with modules to preload also
            # takes this process's ``sys.path``, so that a function of a module found there
            # unpickles.
            context.set_forkserver_preload([__name__])
        self.pool = ProcessPoolExecutor(max_workers=jobs, mp_context=context,
                                        initializer=_start,
                                        initargs=(gc.get_threshold(),))
        self.jobs = jobs
        self.open = True
        self.workers: list[Any] = []
        self.handles_term = _on_term(self)
        for _ in range(jobs):  # every process starts now (one per call not yet taken by
            self.pool.submit(_ready)  # an idle one)
        self._note_workers()

    def _note_workers(self) -> None:
        """The executor's processes, to name the one that dies: this process's children
        (``multiprocessing.active_children``) that were not there before the pool, in the
        order they started (by process id), each noted once."""
        import multiprocessing

        found = [p for p in multiprocessing.active_children()
                 if p not in self.others and p not in self.workers]
        self.workers.extend(sorted(found, key=lambda p: p.pid or 0))

    def submit(self, fn: Callable[[T], R], item: T) -> Any:
        from concurrent.futures.process import BrokenProcessPool

        try:
            future = self.pool.submit(fn, item)
        except BrokenProcessPool:
            raise self._broken() from None
        if len(self.workers) < self.jobs:
            self._note_workers()
        return future

    def result(self, future: Any) -> Any:
        from concurrent.futures.process import BrokenProcessPool

        try:
            return future.result()
        except BrokenProcessPool:
            raise self._broken() from None

    def _broken(self) -> WorkerError:
        """Which worker ended first: the others are stopped by the executor with SIGTERM
        once it sees one gone, so the dead one is the one that did not end that way (or,
        if all did, the first)."""
        import signal

        self.close()
        codes = [(i, p.exitcode) for i, p in enumerate(self.workers, 1)]
        dead = [(i, c) for i, c in codes if c is not None and c != -signal.SIGTERM] or [
            (i, c) for i, c in codes if c is not None]
        if not dead:
            return WorkerError("a worker process ended with calls in hand")
        number, code = dead[0]
        return WorkerError(f"worker {number} {_how(code)}")

    def close(self) -> None:
        """End the workers: calls not started are dropped, those running are waited for."""
        if self.open:
            self.open = False
            self.pool.shutdown(wait=True, cancel_futures=True)
            if self.handles_term:
                import signal

                signal.signal(signal.SIGTERM, signal.SIG_DFL)

    def terminate(self) -> None:
        """End the workers at once (SIGTERM to each), whatever they are doing."""
        self._note_workers()
        for worker in self.workers:
            if worker.is_alive():
                worker.terminate()
        for worker in self.workers:
            worker.join(5)


def _on_term(pool: _Pool) -> bool:
    """Make a SIGTERM to this process end ``pool``'s workers, then raise ``SystemExit``
    (see the module's text). Only where SIGTERM has its default action and this is
    the main thread (where Python runs handlers); whether it did (``close`` then puts the
    default action back)."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return False
    if signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL:
        return False

    def ended(signum: int, frame: Any) -> None:
        pool.terminate()
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, ended)
    return True


def _workers(jobs: int) -> _Pool:
    return _Pool(jobs)


def ordered_map(fn: Callable[[T], R], items: Iterable[T], jobs: int = 0, *,
                window: int | None = None) -> Iterator[R]:
    """``map(fn, items)`` over ``jobs`` processes (0: one per core), results in the order
    of ``items``, with at most ``window`` calls in flight (4 per process by default) so that
    a long stream of items is never all in memory. ``fn`` and the items must pickle; an
    exception of ``fn`` is raised here. Closing the iterator early stops the workers. No
    process is started for fewer than two items: one is done here."""
    jobs = jobs or cpu_count()
    source = iter(items)
    ahead = list(itertools.islice(source, 2 if jobs > 1 else 1))
    if len(ahead) < 2:
        yield from map(fn, itertools.chain(ahead, source))
        return
    pool = _workers(jobs)
    window = window or 4 * jobs
    flight: deque[Any] = deque()
    try:
        for item in itertools.chain(ahead, source):
            flight.append(pool.submit(fn, item))
            if len(flight) >= window:
                yield pool.result(flight.popleft())
        while flight:
            yield pool.result(flight.popleft())
    finally:
        pool.close()


__all__ = ["WorkerError", "cpu_count", "ordered_map"]
