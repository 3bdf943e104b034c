"""Many machines: ``validate``, ``selfplay`` and ``arena`` over a ``dask.distributed``
cluster.

``connect(address)`` opens a client of the scheduler at ``address`` (``tcp://host:8786``
...), or starts a ``LocalCluster`` of N worker processes on this machine for
``local:N``; ``check_address`` says, before any work and without importing Dask, whether
an address is one of these forms (``ADDRESS_FORMS``). Dask's logging is kept off stderr
while connected, unless the caller asks for it (``logs=True``). ``dask.distributed`` is
an optional extra (``pip install 'keyharvest[cluster]'``); without it ``connect`` raises
``ClusterUnavailable`` with that advice.

The work is cut into *tasks* that the workers do on their own:

- validating: a task is a byte range of a file of records (records of some
  ``TASK_BYTES`` in a row, cut where a record starts) or a whole file (a position, a file
  that does not read). The client cuts the file into records as ``--jobs`` does (a search
  for ``+++`` lines, little work), but sends only where each record lies: the worker
  reads the bytes itself, so the files must be at the same path on every worker (a
  shared file system). Records read from standard input travel with their task;
- self-play: a task is a run of game numbers; each game depends only on the run's seed
  and its number;
- the arena: a task is one game (a search bot's game is long), which likewise depends
  only on the run's seed and its number.

A task sends back its reports (with the original text of the bad records only) or its
records. The client keeps a bounded number of tasks in flight and yields their results
in the order of the input, so the output is the same, byte for byte, as ``--jobs 1``. A
worker lost with a task in hand is the scheduler's business: it runs the task again
elsewhere (up to its ``allowed-failures``), and as a task's result depends only on its
input, the run ends with the same reports.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import os
import re
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import IO, Any

from .batch import MAX_ERRORS, STDIN, LinkOut, Report, Unit, check_unit, expand, units

#: Bytes of records in one validating task; games in one self-play task.
TASK_BYTES = 1 << 18
TASK_UNITS = 256
TASK_GAMES = 8

INSTALL = "pip install 'keyharvest[cluster]'"
#: Seconds to wait for a scheduler to answer (``--cluster-timeout``), and for a worker when
#: the cluster has none left.
CONNECT_TIMEOUT = 10
#: Seconds without a task finishing (workers there, but no progress) before a run gives up.
#: A task is some 256 records or 8 games: a second or so of work.
STALL_SECONDS = 300
#: How often (seconds) a run waiting for a task looks at the cluster's workers.
POLL_SECONDS = 1.0
#: The schemes of a scheduler's address (Dask's own, but ``inproc``, which is one process's,
#: and ``ucx``, which needs a library of its own).
SCHEMES = ("tcp", "tls", "ws", "wss")
ADDRESS_FORMS = ("local:N (N >= 1 processes on this machine) or SCHEME://HOST:PORT with "
                 f"SCHEME one of {', '.join(SCHEMES)} (like tcp://10.0.0.5:8786)")
_ADDRESS = re.compile(r"(?P<scheme>[a-z]+)://(?P<host>\[[0-9a-fA-F:.]+\]|[^\s:/\[\]]+)"
                      r":(?P<port>[0-9]{1,5})")


class ClusterUnavailable(RuntimeError):
    """``dask.distributed`` is not installed, or the address is not one."""


class ClusterLost(RuntimeError):
    """The cluster cannot finish the run: no worker left, a task whose workers kept dying,
    or no progress for ``STALL_SECONDS``."""


def _distributed() -> Any:
    try:
        import distributed
    except ImportError as exc:
        raise ClusterUnavailable(
            "--cluster needs dask.distributed, an optional extra of keyharvest: "
            f"{INSTALL}") from exc
    return distributed


def available() -> None:
    """Raise ``ClusterUnavailable`` unless ``dask.distributed`` can be imported (without
    importing it)."""
    import importlib.util

    if importlib.util.find_spec("distributed") is None:
        _distributed()


def local_size(address: str) -> int | None:
    """N for ``local:N`` (a ``LocalCluster`` of N processes), None for a scheduler's
    address. Raises ``ClusterUnavailable`` for an address of neither form
    (``check_address``)."""
    check_address(address)
    if not address.startswith("local:"):
        return None
    return int(address.removeprefix("local:"))


def check_address(address: str) -> None:
    """Raise ``ClusterUnavailable`` unless ``address`` is ``local:N`` (N >= 1) or
    ``SCHEME://HOST:PORT`` with a scheme of ``SCHEMES`` and a port 1 .. 65535: what is not
    is said at once, with the forms accepted, not after Dask has tried it."""
    if address.startswith("local:"):
        n = address.removeprefix("local:")
        if n.isdigit() and int(n) >= 1:
            return
        raise ClusterUnavailable(f"{address!r}: local:N needs a number of processes N >= 1")
    m = _ADDRESS.fullmatch(address)
    if m is None or m["scheme"] not in SCHEMES or not 1 <= int(m["port"]) <= 65535:
        raise ClusterUnavailable(f"{address!r} is not a cluster's address: write "
                                 f"{ADDRESS_FORMS}")


#: The loggers Dask gives a handler on stderr (``distributed.config``).
_DASK_LOGGERS = ("distributed", "tornado", "bokeh")


@contextlib.contextmanager
def _quiet_logs() -> Iterator[None]:
    """Dask's log records (``Couldn't gather keys``, a worker's restart) kept off stderr
    in this process: a filter on the handlers Dask gave its loggers, removed at the end."""
    def drop(record: logging.LogRecord) -> bool:
        return False

    handlers = [h for name in _DASK_LOGGERS for h in logging.getLogger(name).handlers]
    for h in handlers:
        h.addFilter(drop)
    try:
        yield
    finally:
        for h in handlers:
            h.removeFilter(drop)


def _check_security(distributed: Any, address: str) -> None:
    """Raise ``ConnectionError`` for an encrypted address (``tls://``, ``wss://``) when
    Dask's configuration holds no TLS certificates to speak it with (Dask's client would
    fail on its way and hang at exit)."""
    if address.split("://", 1)[0] not in ("tls", "wss"):
        return
    args = distributed.Security().get_connection_args("client")
    if args.get("ssl_context") is None:
        raise ConnectionError("an encrypted address needs Dask's TLS configuration "
                              "(distributed.comm.tls.ca-file and .client.cert), and none is "
                              "set")


@contextlib.contextmanager
def connect(address: str, *, timeout: float = CONNECT_TIMEOUT,
            logs: bool = False) -> Iterator[Any]:
    """A ``distributed.Client`` of the scheduler at ``address``, or of a ``LocalCluster``
    of N processes (one thread each) for ``local:N``; closed (the local cluster stopped)
    at the end of the block. ``timeout``: seconds to wait for the scheduler (raises
    ``OSError`` or ``TimeoutError`` past it); ``logs``: let Dask's log records (errors
    only, from the workers of a local cluster) reach stderr. Raises
    ``ClusterUnavailable`` for an address that is not one (``check_address``)."""
    n = local_size(address)
    distributed = _distributed()
    with contextlib.ExitStack() as stack:
        if not logs:
            stack.enter_context(_quiet_logs())
        if n is None:
            _check_security(distributed, address)
            client = stack.enter_context(distributed.Client(
                address, set_as_default=False, timeout=timeout))
        else:
            level = logging.ERROR if logs else logging.CRITICAL + 1
            try:
                local = stack.enter_context(distributed.LocalCluster(
                    n_workers=n, threads_per_worker=1, processes=True,
                    dashboard_address=":0", silence_logs=level))
            except Exception as exc:  # noqa: BLE001 - Dask's own (a worker killed at start)
                cause = " ".join(str(exc).split()) or type(exc).__name__
                raise ClusterLost(f"the local cluster of {n} processes did not start: "
                                  f"{cause}") from None
            client = stack.enter_context(distributed.Client(
                local, set_as_default=False, timeout=timeout))
        yield client


# -- in order, a bounded number in flight --------------------------------------------------------
def ordered_tasks(client: Any, fn: Callable[[Any], Any], tasks: Iterable[Any], *,
                  done: Callable[[int], None] | None = None,
                  window: int | None = None, lost_after: float = CONNECT_TIMEOUT,
                  stall: float = STALL_SECONDS) -> Iterator[Any]:
    """``map(fn, tasks)`` on the cluster's workers, results in the order of ``tasks``,
    at most ``window`` tasks in flight (twice the cluster's threads by default).
    ``done(1)`` is called as each task finishes, in whatever order they finish. Raises
    ``ClusterLost`` when the cluster has had no worker for ``lost_after`` seconds, when a
    task's workers died too often (Dask's ``KilledWorker``), or when no task has finished
    for ``stall`` seconds."""
    distributed = _distributed()
    if window is None:
        window = max(4, 2 * sum(client.nthreads().values()))
    flight: deque[Any] = deque()  # in the order of ``tasks``
    running: set[Any] = set()  # submitted, not finished
    finished: set[Any] = set()  # finished and given to ``done``, not yet taken
    since = [time.monotonic()]  # when a task last finished

    def wait_some() -> None:
        """Until at least one running task finishes (into ``finished``), watching the
        cluster's workers meanwhile."""
        alone_since = None  # when the cluster was first seen without a worker
        while True:
            try:
                with client.as_current():  # ``wait`` asks for the current client
                    got = distributed.wait(list(running), timeout=POLL_SECONDS,
                                           return_when="FIRST_COMPLETED").done
            except TimeoutError:
                got = set()
            if got:
                since[0] = time.monotonic()
                running.difference_update(got)
                finished.update(got)
                if done is not None:
                    for _ in got:
                        done(1)
                return
            now = time.monotonic()
            if client.nthreads():
                alone_since = None
            elif alone_since is None:
                alone_since = now
            elif now - alone_since >= lost_after:
                raise ClusterLost(f"the cluster lost every worker (none for {lost_after:g} s)"
                                  ", so the run stopped short")
            if now - since[0] >= stall:
                raise ClusterLost(f"the cluster made no progress: no task finished in "
                                  f"{stall:g} s, so the run stopped short")

    def first() -> Any:
        """The result of the first task in flight, counting those that finish meanwhile."""
        head = flight[0]  # in flight until taken: cancelled if the run stops short
        while head not in finished:
            wait_some()
        flight.popleft()
        finished.discard(head)
        try:
            return head.result()
        except distributed.KilledWorker:  # its text is Dask's, with a link: not shown
            raise ClusterLost("the cluster lost the workers of a task too often (every "
                              "worker that ran it died), so the run stopped short") from None
        except distributed.CancelledError:
            raise ClusterLost("the cluster cancelled a task (its scheduler gone?), so the run "
                              "stopped short") from None

    try:
        for task in tasks:
            future = client.submit(fn, task, pure=False)
            flight.append(future)
            running.add(future)
            if len(flight) >= window:
                yield first()
        while flight:
            yield first()
    finally:
        for future in flight:
            future.cancel()


# -- validating ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Task:
    """Work for one worker: the units of ``path`` that lie in its bytes ``start`` ..
    ``end`` (their data left out: ``spans`` says where each one's bytes are), or all of
    ``path`` (``whole``), or units that travel with their data (standard input)."""

    path: str
    units: tuple[Unit, ...] = ()
    spans: tuple[tuple[int, int], ...] = ()
    start: int = 0
    end: int = 0
    whole: bool = False
    limit: int | None = None  # for a whole file: as ``batch.units``
    access: Any = None  # for a whole file: as ``batch.check_unit``
    strict: bool = False
    finished: bool = False


def _is_whole(path: str) -> bool:
    """Whether a path is read by its worker in one piece (a position), without a look."""
    from .batch import POSITION_SUFFIXES

    return path != STDIN and os.path.splitext(path)[1].lower() in POSITION_SUFFIXES


def plan(paths: Iterable[str], stdin: IO[bytes] | None = None, *, limit: int | None = None,
         access: Any = None, strict: bool = False,
         finished: bool = False) -> Iterator[Task]:
    """The tasks of validating ``paths`` (see ``batch.expand``), in input order; ``limit``,
    ``access``, ``strict`` and ``finished`` as ``batch.check_inputs`` takes them."""
    whole = partial(Task, whole=True, limit=limit, access=access, strict=strict,
                    finished=finished)
    for path in expand(paths):
        if isinstance(path, LinkOut):  # not read: its note travels with the task
            yield Task(str(path), tuple(units(path)))
            continue
        if _is_whole(path):
            yield whole(path)
            continue
        yield from _file_tasks(path, stdin, whole, _units_of(limit, access, strict, finished))


def _units_of(limit: int | None, access: Any, strict: bool, finished: bool = False
              ) -> Callable[[str, IO[bytes] | None], Iterator[Unit]]:
    def of(path: str, stdin: IO[bytes] | None) -> Iterator[Unit]:
        found = units(path, stdin, limit)
        if access is None and not strict and not finished:
            return found
        return (dataclasses.replace(u, access=access, strict=strict, finished=finished)
                for u in found)
    return of


def _file_tasks(path: str, stdin: IO[bytes] | None, whole: Callable[[str], Task],
                units_of: Callable[[str, IO[bytes] | None], Iterator[Unit]]) -> Iterator[Task]:
    """A file of records in runs of consecutive records: where each record's bytes lie
    (from its length: records follow one another to the end of the file, and only
    comment lines before the first one are left out of it)."""
    found = list(_runs(units_of(path, stdin)))
    if path == STDIN:
        for run in found:
            yield Task(path, tuple(run))
        return
    if any(u.kind != "record" for run in found for u in run):  # it does not read
        yield whole(path)
        return
    try:
        size = os.stat(path).st_size
    except OSError:
        yield whole(path)
        return
    at = size - sum(len(u.data) for run in found for u in run)  # after leading comments
    for run in found:
        spans = []
        for u in run:
            spans.append((at, at + len(u.data)))
            at += len(u.data)
        yield Task(path, tuple(dataclasses.replace(u, data=b"") for u in run), tuple(spans),
                   spans[0][0], spans[-1][1])


def _runs(found: Iterable[Unit]) -> Iterator[list[Unit]]:
    run: list[Unit] = []
    size = 0
    for unit in found:
        run.append(unit)
        size += len(unit.data)
        if size >= TASK_BYTES or len(run) >= TASK_UNITS:
            yield run
            run, size = [], 0
    if run:
        yield run


def run_task(task: Task, max_errors: int = MAX_ERRORS) -> list[Report]:
    """A worker's work on one task: its reports, in order."""
    return [report for unit in task_units(task)
            for report in check_unit(unit, max_errors, unit.access)]


def task_units(task: Task) -> Iterable[Unit]:
    """The units of ``task``, with their bytes (read by the worker from the shared file
    where the task says only where they lie)."""
    if task.whole:
        todo: Iterable[Unit] = _units_of(task.limit, task.access, task.strict,
                                         task.finished)(task.path, None)
    elif not task.spans:
        todo = task.units
    else:
        with open(task.path, "rb") as f:
            f.seek(task.start)
            blob = f.read(task.end - task.start)
        todo = (dataclasses.replace(u, data=blob[a - task.start:b - task.start])
                for u, (a, b) in zip(task.units, task.spans, strict=True))
    return todo


def check_inputs(paths: Iterable[str], client: Any, *, stdin: IO[bytes] | None = None,
                 done: Callable[[int], None] | None = None, max_errors: int = MAX_ERRORS,
                 access: Any = None, limit: int | None = None,
                 strict: bool = False, finished: bool = False,
                 lost_after: float = CONNECT_TIMEOUT) -> Iterator[Report]:
    """Reports on every record and position of ``paths``, in input order, checked by the
    cluster of ``client``: the same reports as ``batch.check_inputs``. ``done(1)`` is
    called as each task finishes; ``lost_after`` as ``ordered_tasks`` takes it."""
    fn = run_task if max_errors == MAX_ERRORS else partial(run_task, max_errors=max_errors)
    tasks = plan(paths, stdin, limit=limit, access=access, strict=strict, finished=finished)
    for reports in ordered_tasks(client, fn, tasks, done=done, lost_after=lost_after):
        yield from reports


def map_units(fn: Callable[[Unit], Any], paths: Iterable[str], client: Any, *,
              stdin: IO[bytes] | None = None, limit: int | None = None,
              done: Callable[[int], None] | None = None,
              lost_after: float = CONNECT_TIMEOUT) -> Iterator[Any]:
    """``fn(unit)`` for every unit of ``paths``, in input order, on the cluster of
    ``client`` in the tasks of validating: the same results as ``batch.map_units`` (what
    ``filter``, ``standings`` and ``stats --cluster`` run; ``fn`` must pickle)."""
    tasks = plan(paths, stdin, limit=limit)
    for results in ordered_tasks(client, partial(_map_task, fn), tasks, done=done,
                                 lost_after=lost_after):
        yield from results


def _map_task(fn: Callable[[Unit], Any], task: Task) -> list[Any]:
    return [fn(unit) for unit in task_units(task)]


# -- self-play -----------------------------------------------------------------------------------
def selfplay_texts(players: int, seed: int, games: int, client: Any, *, bot: str = "random",
                   per_task: int = TASK_GAMES, done: Callable[[int], None] | None = None,
                   lost_after: float = CONNECT_TIMEOUT, budget: int | None = None
                   ) -> Iterator[str]:
    """The records of games ``0 .. games-1`` of a self-play run, in order, played by the
    cluster of ``client``: the same texts as ``batch.selfplay_texts`` (``lost_after`` as
    ``ordered_tasks`` takes it; ``budget``, the simulations a step of a search bot)."""
    from .batch import selfplay_chunk
    from .bots import BOTS

    if bot not in BOTS:
        raise KeyError(bot)
    chunks = ([*range(i, min(i + per_task, games))] for i in range(0, games, per_task))
    for texts in ordered_tasks(client, partial(selfplay_chunk, players, seed, bot, budget),
                               chunks,
                               done=done, lost_after=lost_after):
        yield from texts


#: How long an arena run on a cluster waits for a game, per simulation of the budget of
#: its search bot (a game of 2 players at 250 simulations a step takes some 3 minutes).
ARENA_STALL_PER_SIMULATION = 10.0


def arena_games(bots: Sequence[str], players: int, games: int, seed: int,
                budget: int | None, client: Any, *, done: Callable[[int], None] | None = None,
                lost_after: float = CONNECT_TIMEOUT) -> Iterator[dict[str, Any]]:
    """The games of an arena run (``arena.play``), in order, played by the cluster of
    ``client``, a game a task: the same games as ``arena.play`` (each depends only on the
    run's seed and its number). A search bot's game takes longer the larger its budget:
    the run stops as stalled only after no game finished for ``ARENA_STALL_PER_SIMULATION``
    seconds per simulation of the budget (at least ``STALL_SECONDS``)."""
    from .arena import BUDGETED, arena_game, tasks
    from .bots import own_budget
    from .search import DEFAULT_BUDGET

    todo = tasks(bots, players, games, seed, budget)  # made as the cluster takes them
    stall: float = STALL_SECONDS
    for seat in bots:  # a search bot at the run's budget, or its own (NAME@N)
        name, own = own_budget(seat)
        if name in BUDGETED:
            stall = max(stall, ARENA_STALL_PER_SIMULATION * (own or budget or DEFAULT_BUDGET))
    yield from ordered_tasks(client, arena_game, todo, done=done, lost_after=lost_after,
                             stall=stall)


__all__ = ["ADDRESS_FORMS", "ClusterLost", "ClusterUnavailable", "Task", "arena_games",
           "check_address", "check_inputs", "connect", "local_size", "map_units",
           "ordered_tasks", "plan", "run_task", "selfplay_texts", "task_units"]
