"""The console script, ``keyharvest = keyharvest.cli:main``: Typer runs every command line
(``commands``, the one declaration of the command line), but a plain one of ``validate``
or ``selfplay``, which ``plain`` reads by a table generated from that declaration, and the
shell's Tab, which ``complete.answer`` answers by the same table."""

from __future__ import annotations

import sys


def main() -> None:
    """The console script. The collector is tuned first (``support.tune_gc``); a plain
    command line of ``validate`` or ``selfplay`` runs without Typer (``plain.run``), and
    Typer reads every other and reports usage errors (exit 2); ``contract`` handles the commands'
    own failures; this last guard keeps anything else from printing a traceback. The
    process ends without teardown (``support.hard_exit``) when nothing is left to do at
    exit. A closed stdout (``>&-``, which Python makes ``sys.stdout = None``) is a usage
    error (exit 2) before anything runs, said in one line; so is a closed stdin read
    (``limits.StreamClosed``, raised where it is read)."""
    from .support import tune_gc

    tune_gc()
    from .support import USAGE, err, stdout_broken, stdout_gone

    if sys.stdout is None:
        from ..formats.limits import StreamClosed

        err(f"keyharvest: {StreamClosed('write to standard output').line}")
        sys.exit(USAGE)
    code: int | str | None = 0
    try:
        from .plain import run
        from .support import completing

        if completing():  # a Tab: answered by the table when it reads it (complete.answer)
            from .complete import answer

            plain_code = answer()
        else:
            plain_code = run(sys.argv[1:])
        if plain_code is None:
            from .commands import _app_for

            _app_for(sys.argv[1:])()
        else:
            code = plain_code
    except SystemExit as exc:
        code = exc.code
        if code == 1 and stdout_broken():  # Click's own answer to a broken pipe (--help)
            code = stdout_gone()
    except BrokenPipeError:
        code = stdout_gone()
    except KeyboardInterrupt:
        err("keyharvest: interrupted")
        code = 130
    except MemoryError:
        from .support import out_of_memory

        code = out_of_memory()
    except BaseException as exc:  # noqa: BLE001 - the contract: no traceback, ever
        from .support import internal_error_line

        err(internal_error_line(exc))
        code = 3
    try:  # the reader of stdout may go after the last write: flush before Python does
        sys.stdout.flush()
    except BrokenPipeError:
        code = stdout_gone()
    from .support import hard_exit, teardown_needless

    if isinstance(code, int) and teardown_needless():
        hard_exit(code)
    sys.exit(code)
