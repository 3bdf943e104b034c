"""The console script, ``keyharvest = keyharvest.cli:main``: Typer runs every command line
(``commands``, the one declaration of the command line), but a plain one of ``validate``
or ``selfplay``, which ``plain`` reads by a table generated from that declaration, and the
shell's Tab, which ``complete.answer`` answers by the same table."""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main() -> None:
    """The console script. The collector is tuned first (``support.tune_gc``); then the
    command line runs under ``support.run_command``, which decides the exit code of
    whatever happens (the table is in ``support``): no traceback, ever. The process ends
    without teardown (``support.hard_exit``) when nothing is left to do at exit."""
    from .support import hard_exit, run_command, teardown_needless, tune_gc

    tune_gc()
    code = run_command(_run, (sys.argv[1:],), {}, outermost=True)
    if teardown_needless():
        hard_exit(code)
    sys.exit(code)


def _run(args: Sequence[str]) -> int | None:
    """Run the command line ``args``: a plain line of ``validate`` or ``selfplay`` without
    Typer (``plain.run``), a Tab by the table when it reads it (``complete.answer``), and
    every other by Typer, which reports usage errors (exit 2) and ends by ``SystemExit``.
    A closed stdout (``>&-``, which Python makes ``sys.stdout = None``) is a usage error
    before anything runs; so is a closed stdin read (``limits.StreamClosed``, raised where
    it is read). Stdout is flushed before Python does, since its reader may go after the
    last write."""
    from .support import completing

    if sys.stdout is None:
        from ..formats.limits import StreamClosed

        raise StreamClosed("write to standard output")
    try:
        if completing():
            from .complete import answer

            code = answer()
        else:
            from .plain import run

            code = run(args)
        if code is None:
            from .commands import app_for

            app_for(args)()
        return code
    finally:
        sys.stdout.flush()
