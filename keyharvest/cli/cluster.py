"""``--cluster`` for the commands that run many games or records (``validate``,
``selfplay``, ``arena``): its usage errors, found before any work starts, and the client,
whose failures are exit codes (a scheduler that does not answer: 1; a cluster that cannot
finish the run: 3). Dask is imported only when a cluster is named (``play.cluster``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

from .inputs import bad_parameter
from .support import INTERNAL, Failure


def usage(address: str | None, jobs: int) -> None:
    """Usage errors of ``--cluster``, found before any work starts."""
    if address is None:
        return
    if jobs != 1:
        raise bad_parameter("--jobs and --cluster exclude each other (the cluster has its "
                            "own processes)", "'--cluster'")
    from ..play.cluster import ClusterUnavailable, available, local_size

    try:
        local_size(address)
        available()
    except ClusterUnavailable as exc:
        raise bad_parameter(str(exc), "'--cluster'") from None


def connect(address: str, stack: ExitStack, timeout: int, logs: bool = False) -> Any:
    """A client of the cluster at ``address``, closed with ``stack``: one that does not
    answer within ``timeout`` seconds is exit 1, with the cause; a cluster that cannot
    finish the run (``cluster.ClusterLost``, raised in the block of ``stack``) exit 3.
    ``logs``: let Dask's error lines reach stderr (``validate -v``, in text)."""
    from ..formats.diagnostics import Diagnostic
    from ..play.cluster import connect as client

    stack.enter_context(_lost(address))
    try:
        return stack.enter_context(client(address, timeout=timeout, logs=logs))
    except (OSError, TimeoutError) as exc:
        cause = " ".join(str(exc).split()) or type(exc).__name__
        raise Failure([Diagnostic(f"cannot reach the cluster at {address}: {cause}", address,
                                  kind="io")]) from None


@contextmanager
def _lost(address: str) -> Iterator[None]:
    """``cluster.ClusterLost`` as a diagnostic and exit 3 (the input is not to blame)."""
    from ..play.cluster import ClusterLost

    try:
        yield
    except ClusterLost as exc:
        from ..formats.diagnostics import Diagnostic

        raise Failure([Diagnostic(str(exc), address, kind="cluster")], INTERNAL) from None


def uncounted(n: int = 1) -> None:
    """Progress not counted here (on a cluster the bar counts the tasks done)."""
