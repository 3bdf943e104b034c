"""Worker processes for ``ordered_map``: ``map`` over several processes, results in order.

Where there is ``fork`` (``_Workers``): one process is forked from the caller; it loads
what the calls need (a ``warm`` function: for ``keyharvest validate``, the engine and the
notation parser), then forks the others, which so start with it loaded; this is done once,
not once per process, and ``start_workers`` can start it ahead, while the caller does
something else (the command line reads its options). Elsewhere, ``concurrent.futures``.

This module is loaded only when processes are used: a command in one process never reads
it.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import struct
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, NoReturn, TypeVar

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


_HEADER = struct.Struct("<Q")  # the length of a message that follows


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _read_exactly(fd: int, size: int) -> bytes | None:
    """``size`` bytes from ``fd`` (waiting for them), or None at the end of its input;
    ``EOFError`` if it ends partway."""
    parts = []
    left = size
    while left:
        part = os.read(fd, min(left, 1 << 20))
        if not part:
            if left == size:
                return None
            raise EOFError
        parts.append(part)
        left -= len(part)
    return b"".join(parts)


def _read_message(fd: int) -> bytes | None:
    head = _read_exactly(fd, _HEADER.size)
    if head is None:
        return None
    (size,) = _HEADER.unpack(head)
    data = _read_exactly(fd, size) if size else b""
    if data is None:
        raise EOFError
    return data


def _pipe() -> tuple[int, int]:
    """A pipe that holds a batch whole where the system allows (Linux: 1 MiB instead of 64
    KiB), so that a call is written at once rather than in pieces as the worker reads."""
    r, w = os.pipe()
    with contextlib.suppress(AttributeError, OSError):
        import fcntl

        fcntl.fcntl(w, fcntl.F_SETPIPE_SZ, 1 << 20)
    return r, w


def _serve(calls: int, results: int, stop: Any) -> int:
    """A worker: calls in, results out, until its calls end (or ``stop[0]`` is set)."""
    import pickle

    while True:
        message = _read_message(calls)
        if message is None or stop[0]:
            return 0
        number, fn, item = pickle.loads(message)
        try:
            out = (number, True, fn(item))
        except Exception as exc:  # noqa: BLE001 - raised again where the result is taken
            out = (number, False, exc)
        try:
            data = pickle.dumps(out, pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # noqa: BLE001 - a result or an error that does not pickle
            data = pickle.dumps((number, False, RuntimeError(f"{type(exc).__name__}: {exc}")))
        _write_all(results, _HEADER.pack(len(data)) + data)


def _zygote(pipes: list[tuple[tuple[int, int], tuple[int, int]]],
            warm: Callable[[], None] | None, stop: Any) -> NoReturn:
    """The first worker process: it loads what the calls need (``warm``), then forks the
    other workers (which so start with it loaded) and serves as the first of them."""
    import gc

    code = 1
    try:
        with contextlib.suppress(OSError):
            os.setpgid(0, 0)
        for (_, calls), (results, _) in pipes:  # the ends of the process that forked it
            os.close(calls)
            os.close(results)
        if warm is not None:
            warm()
        if stop[0]:  # stopped unused
            code = 0
            return
        gc.freeze()  # loaded for good: their collectors leave it alone
        workers = []
        for i in range(1, len(pipes)):
            pid = os.fork()
            if pid == 0:
                os._exit(_serve_as(pipes, i, stop))
            workers.append(pid)
        code = _serve_as(pipes, 0, stop)
        for pid in workers:
            os.waitpid(pid, 0)
    except BaseException:  # noqa: BLE001, S110 - a worker ends quietly; the caller reports
        pass
    finally:
        os._exit(code)


def _serve_as(pipes: list[tuple[tuple[int, int], tuple[int, int]]], i: int, stop: Any) -> int:
    for j, ((calls, _), (_, results)) in enumerate(pipes):
        if j != i:
            os.close(calls)
            os.close(results)
    try:
        return _serve(pipes[i][0][0], pipes[i][1][1], stop)
    except BaseException:  # noqa: BLE001 - a pipe closed under it: the caller has stopped
        return 1


class _Workers:
    """``jobs`` worker processes for ``ordered_map``, where there is ``fork``.

    One process is forked from this one; it runs ``warm`` (which loads what the calls
    need) and then forks the others, so that this is done once for all of them, not once
    per process. Each worker has a pipe of calls and a pipe of results; a call goes to the
    worker with the fewest in hand. Calls are written without waiting (what does not fit
    in a pipe waits here, to be written when there is room), so that this process never
    waits on a worker that waits for it to take a result. A worker that ends before its
    calls are done is a ``WorkerError`` here. The workers are a process group of their
    own: ^C interrupts this process, which stops them.

    A worker holds at most ``DEPTH`` calls (the one it is at, and the next, so that it
    never waits for this process); the others wait here and go to whichever worker is
    done first, so that the workers finish together."""

    DEPTH = 2

    def __init__(self, jobs: int, warm: Callable[[], None] | None = None) -> None:
        import gc
        import mmap

        pipes = [(_pipe(), _pipe()) for _ in range(jobs)]
        self.stop = mmap.mmap(-1, 1)  # shared with the workers: set, they end at once
        gc.freeze()  # what is built so far: the workers' collectors leave it alone
        try:
            pid = os.fork()
            if pid == 0:
                _zygote(pipes, warm, self.stop)
        finally:
            gc.unfreeze()
        with contextlib.suppress(OSError):  # (the worker does it too: whichever is first)
            os.setpgid(pid, pid)
        self.pid = pid
        self.calls = [calls for (_, calls), _ in pipes]
        self.results = [results for _, (results, _) in pipes]
        for (calls, _), (_, results) in pipes:
            os.close(calls)
            os.close(results)
        for fd in self.calls:
            os.set_blocking(fd, False)
        self.queue: deque[bytes] = deque()  # calls not given to a worker yet
        self.unsent = [bytearray() for _ in range(jobs)]  # calls not yet in their pipe
        self.load = [0] * jobs  # calls given to each worker, results not yet taken
        self.done: dict[int, tuple[bool, Any]] = {}  # results taken, not yet asked for
        self.sent = 0
        self.open = True

    def submit(self, fn: Callable[[T], R], item: T) -> None:
        import pickle

        data = pickle.dumps((self.sent, fn, item), pickle.HIGHEST_PROTOCOL)
        self.queue.append(data)
        self.sent += 1
        self._give()

    def _give(self) -> None:
        """Give the calls waiting here to the workers that have room for them."""
        while self.queue:
            i = min(range(len(self.load)), key=self.load.__getitem__)
            if self.load[i] >= self.DEPTH:
                return
            data = self.queue.popleft()
            self.unsent[i] += _HEADER.pack(len(data))
            self.unsent[i] += data
            self.load[i] += 1
            self._write(i)

    def result(self, number: int) -> Any:
        """The result of call ``number`` (its exception raised), when it comes."""
        while number not in self.done:
            self._wait()
        ok, value = self.done.pop(number)
        if not ok:
            raise value
        return value

    def _write(self, i: int) -> None:
        unsent = self.unsent[i]
        while unsent:
            try:
                written = os.write(self.calls[i], unsent)
            except BlockingIOError:
                return
            except OSError as exc:
                raise WorkerError("a worker process ended with calls in hand") from exc
            del unsent[:written]

    def _wait(self) -> None:
        import pickle
        import select

        poll = select.poll()
        for fd in self.results:
            poll.register(fd, select.POLLIN)
        for i, unsent in enumerate(self.unsent):
            if unsent:
                poll.register(self.calls[i], select.POLLOUT)
        for fd, _ in poll.poll():
            if fd in self.calls:
                self._write(self.calls.index(fd))
                continue
            i = self.results.index(fd)
            try:
                message = _read_message(fd)  # written whole: this waits for the rest only
            except EOFError:
                message = None
            if message is None:
                raise WorkerError("a worker process ended with calls in hand")
            number, ok, value = pickle.loads(message)
            self.done[number] = (ok, value)
            self.load[i] -= 1
            self._give()

    def close(self) -> None:
        """End the workers: those with calls in hand stop after the one they are at."""
        if not self.open:
            return
        self.open = False
        self.stop[0] = 1
        for fd in (*self.calls, *self.results):
            os.close(fd)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(self.pid, 0)
        self.stop.close()


class _Pool:
    """The same as ``_Workers`` over ``concurrent.futures``, where there is no ``fork``."""

    def __init__(self, jobs: int, warm: Callable[[], None] | None = None) -> None:
        from concurrent.futures import ProcessPoolExecutor

        self.pool = ProcessPoolExecutor(max_workers=jobs, initializer=warm)
        self.futures: dict[int, Any] = {}
        self.sent = 0

    def submit(self, fn: Callable[[T], R], item: T) -> None:
        self.futures[self.sent] = self.pool.submit(fn, item)
        self.sent += 1

    def result(self, number: int) -> Any:
        return self.futures.pop(number).result()

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


def _workers(jobs: int, warm: Callable[[], None] | None = None) -> _Workers | _Pool:
    return _Workers(jobs, warm) if hasattr(os, "fork") else _Pool(jobs, warm)


#: Workers started ahead of their work by ``start_workers``, by their number.
_STARTED: dict[int, _Workers | _Pool] = {}


def _stop_started() -> None:
    while _STARTED:
        _STARTED.popitem()[1].close()


def start_workers(jobs: int, warm: Callable[[], None] | None = None) -> None:
    """Start ``jobs`` worker processes (0: one per core) now, ``warm`` (which loads what
    the calls will need) run once for all of them, while this process goes on with
    something else. The next ``ordered_map`` over as many processes takes them; unused,
    they are stopped when this process ends."""
    jobs = jobs or cpu_count()
    if jobs > 1 and jobs not in _STARTED:
        if not _STARTED:
            import atexit

            atexit.register(_stop_started)
        _STARTED[jobs] = _workers(jobs, warm)


def ordered_map(fn: Callable[[T], R], items: Iterable[T], jobs: int = 0, *,
                window: int | None = None) -> Iterator[R]:
    """``map(fn, items)`` over ``jobs`` processes (0: one per core), results in the order
    of ``items``, with at most ``window`` calls in flight (4 per process by default) so that
    a long stream of items is never all in memory. ``fn`` and the items must pickle; an
    exception of ``fn`` is raised here. Closing the iterator early stops the workers. No
    process is started for fewer than two items: one is done here (unless
    ``start_workers`` started them)."""
    jobs = jobs or cpu_count()
    source = iter(items)
    pool = _STARTED.pop(jobs, None)
    ahead = list(itertools.islice(source, 2 if jobs > 1 else 1))
    if pool is None and len(ahead) < 2:
        yield from map(fn, itertools.chain(ahead, source))
        return
    pool = pool or _workers(jobs)
    window = window or 4 * jobs
    taken = 0
    try:
        for item in itertools.chain(ahead, source):
            pool.submit(fn, item)
            if pool.sent - taken >= window:
                taken += 1
                yield pool.result(taken - 1)
        while taken < pool.sent:
            taken += 1
            yield pool.result(taken - 1)
    finally:
        pool.close()


__all__ = ["WorkerError", "cpu_count", "ordered_map", "start_workers"]
