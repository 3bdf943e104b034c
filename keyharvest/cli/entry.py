"""The console script, ``keyharvest = keyharvest.cli:main``: it runs a plain command line
of ``validate`` or ``selfplay`` itself (``hot.fast``) and gives every other to Typer
(``commands``), which it imports only then."""

from __future__ import annotations

import sys


def _jobs_asked(args: list[str]) -> int | None:
    """The ``--jobs`` of a command line ``validate ... --jobs N`` (also ``--jobs=N``,
    ``-j N``, ``-jN``), read before Typer reads it; None for any other command line, or
    when help is asked. A guess that only saves time: Typer reads the options for real."""
    if not args or args[0] != "validate":
        return None
    value = None
    rest = iter(args[1:])
    for arg in rest:
        if arg in ("--help", "-h"):
            return None
        if arg == "--":
            break
        if arg in ("--jobs", "-j"):
            value = next(rest, None)
        elif arg.startswith("--jobs="):
            value = arg.removeprefix("--jobs=")
        elif arg.startswith("-j"):
            value = arg.removeprefix("-j")
        elif arg in ("--rejects", "--format", "-f", "--board", "--max-bytes"):
            next(rest, None)
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


def main() -> None:
    """The console script. A plain ``validate`` or ``selfplay`` command line runs without
    Typer (``hot.fast``); every other goes to Typer, which reports usage errors (exit 2);
    ``contract`` handles the commands' own failures; this last guard keeps anything else
    from printing a traceback.

    ``validate --jobs N`` (N other than 1) starts its worker processes here, first thing:
    they load the engine and the notation parser (some 100 ms) while the options are read
    (by Typer, some 80 ms, when the fast path leaves the line to it)."""
    import contextlib

    args = sys.argv[1:]
    jobs = _jobs_asked(args)
    if jobs is not None and jobs != 1:
        from ..play.batch import start_workers

        with contextlib.suppress(Exception):  # a head start only: the command tries again
            start_workers(jobs)
    from .support import err, hold_collector, stdout_broken, stdout_gone

    hold_collector()
    code: int | str | None = 0
    fast_code = None
    try:
        from .hot import fast

        fast_code = fast(args)
        if fast_code is None:  # a command line for Typer
            from .commands import _app_for

            _app_for(args)()
        code = fast_code
    except SystemExit as exc:
        code = exc.code
        if code == 1 and stdout_broken():  # Click's own answer to a broken pipe (--help)
            code = stdout_gone()
    except BrokenPipeError:
        code = stdout_gone()
    except KeyboardInterrupt:
        err("keyharvest: interrupted")
        code = 130
    except BaseException as exc:  # noqa: BLE001 - the contract: no traceback, ever
        from .support import internal_error_line

        err(internal_error_line(exc))
        code = 3
    try:  # the reader of stdout may go after the last write: flush before Python does
        sys.stdout.flush()
    except BrokenPipeError:
        code = stdout_gone()
    if fast_code is not None and isinstance(code, int) and _nothing_left_at_exit():
        import os

        sys.stderr.flush()
        os._exit(code)  # every file is closed and stdout flushed: skip the teardown
    sys.exit(code)


def _nothing_left_at_exit() -> bool:
    """Whether ending the process at once, without the interpreter's teardown, loses
    nothing: no function registered with ``atexit`` (a pool's, a cluster's, a coverage
    tool's) and no thread but this one. The teardown frees every object one by one (the
    memo tables, the loaded modules): some 140M instructions after checking 600 records,
    3% of the run. ``atexit`` tells how many functions it holds only by CPython's
    ``_ncallbacks`` (3.11 and later have it): without it, the teardown runs as always."""
    import atexit

    count = getattr(atexit, "_ncallbacks", None)
    if count is None:
        return False
    threading = sys.modules.get("threading")
    return bool(count() == 0 and (threading is None or threading.active_count() == 1))
