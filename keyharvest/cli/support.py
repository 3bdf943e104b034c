"""The contract every ``keyharvest`` command keeps (docs/design.md, "The command
line"), in one place.

- The exit codes, the one table (``OK`` … ``BROKEN_PIPE`` below), and ``run_command``,
  the one place that decides which: it runs a command (and, outermost, the whole console
  script) and turns what it raised into its code. Bad input (a ``KeyHarvestError``, a
  ``Failure``, a file that cannot be read or written) becomes compiler-style diagnostics
  on stderr (and, with ``--format json``, a JSON object with the diagnostics on stdout)
  and exit code 1 (or the command's own code for trouble: ``diff`` uses 2, as diff(1)
  does); anything unexpected becomes one line asking for a report and exit code 3, never
  a traceback. Usage errors are Typer's (exit 2). ``contract`` wraps a command for Typer.
- ``read_input`` reads a path or ``-`` (standard input) as text; ``diagnosing`` turns the
  errors met while reading that text into diagnostics that show its lines.
- ``progress`` draws a progress bar on stderr, only when stderr is a terminal.

This module is imported when the command line starts: it imports nothing heavy at the top.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from ..formats.diagnostics import Diagnostic

PROGRAM = "keyharvest"

# -- the exit codes: the one table -------------------------------------------------------
#: The input is good (or, for ``diff``, the games are the same).
OK = 0
#: Bad input: a record, position or file that does not read or breaks a rule, each
#: problem a diagnostic with its place (and the rule's RULES.md id); ``diff``: the games
#: differ (its trouble is ``USAGE``, as diff(1)'s is 2).
INVALID = 1
#: A usage error: an option or argument Click or the command refuses (Click's words), a
#: closed stdin or stdout, ``record`` away from a terminal.
USAGE = 2
#: An internal error: one line asking for a report, never a traceback; also a cluster
#: that lost its workers, or a worker process killed from outside (the input is not to
#: blame).
INTERNAL = 3
#: Ctrl-C (128 + SIGINT, as a shell reports it).
INTERRUPTED = 130
#: The reader of stdout has gone (``| head``): what a shell reports for a program ended by
#: SIGPIPE (128 + 13), as ``yes | head`` gives; never 1, which says the input was bad.
BROKEN_PIPE = 141


class Failure(Exception):
    """Bad input found by a command: its diagnostics, and the exit code (1 by default)."""

    def __init__(self, diagnostics: Sequence[Diagnostic], code: int = INVALID) -> None:
        super().__init__("; ".join(d.message for d in diagnostics))
        self.diagnostics = list(diagnostics)
        self.code = code


# -- output ----------------------------------------------------------------------------------
def out(text: str = "", end: str = "\n") -> None:
    """Write data to stdout."""
    sys.stdout.write(text + end)


def err(text: str) -> None:
    """Write a line for people to stderr (nowhere when stderr is closed)."""
    if sys.stderr is None:
        return
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


# -- one session of output: text for people, or JSON Lines --------------------------------------
class Session:
    """How the command that runs now writes: ``json`` (JSON Lines on stdout, diagnostics
    inside them, nothing on stderr) or text; ``quiet`` (no summary for people). The
    contract opens one per command; ``pending`` holds, in JSON mode, the diagnostics that
    belong to no result object, for the summary; ``summarised`` says the summary is out."""

    def __init__(self, json_mode: bool = False, quiet: bool = False) -> None:
        self.json = json_mode
        self.quiet = quiet
        self.pending: list[Diagnostic] = []
        self.summarised = False


_session = Session()


def session() -> Session:
    return _session


def emit(diagnostics: Sequence[Diagnostic], where: str | None = None,
         limit: int | None = None) -> None:
    """Diagnostics for people: compiler-style text on stderr, with ``where`` (``game 2 of
    FILE``) a line counting the errors after two or more; or, in JSON mode, kept for the
    summary object (stderr stays empty)."""
    if _session.json:
        _session.pending.extend(diagnostics)
        return
    for d in diagnostics:
        err(d.format())
    errors = sum(d.severity == "error" for d in diagnostics)
    if where is not None and errors > 1:
        from ..formats.diagnostics import count_line

        err(count_line(errors, where, limit))


def result(kind: str, data: dict[str, Any],
           diagnostics: Sequence[Diagnostic] | None = None) -> None:
    """One result of the command (a record, position, step, score …): in JSON mode a JSON
    line ``{"type": kind, "ok": ..., ...data, "diagnostics": [...]}`` (every line has its
    ``type`` and ``ok``, true unless ``data`` says otherwise: docs/json.md); in text mode
    its diagnostics go to stderr (the command prints its own text)."""
    if not _session.json:
        emit(diagnostics or [])
        return
    line: dict[str, Any] = {"type": kind, "ok": True, **data}
    if diagnostics is not None:
        line["diagnostics"] = [d.to_dict() for d in diagnostics]
    out(to_json(line, lines=True))


def summary(ok: bool, **fields: Any) -> None:
    """The last JSON line of a command: ``{"type": "summary", "ok": ok, ...fields,
    "diagnostics": [...]}`` with the diagnostics that belong to no result. Nothing in
    text mode (the command prints its own summary line, unless ``--quiet``)."""
    if not _session.json or _session.summarised:
        return
    _session.summarised = True
    pending, _session.pending = _session.pending, []
    out(to_json({"type": "summary", "ok": ok, **fields,
                 "diagnostics": [d.to_dict() for d in pending]}, lines=True))


def say(text: str = "", end: str = "\n") -> None:
    """A summary line for people on stdout: not in JSON mode, not with ``--quiet``."""
    if not (_session.json or _session.quiet):
        out(text, end)


def to_json(data: Any, *, lines: bool = True) -> str:
    """``data`` as JSON: one line (for JSON Lines) or, with ``lines=False``, indented.
    Dates and other values JSON does not know are written as strings."""
    import json

    if lines:
        return json.dumps(data, ensure_ascii=False, default=str, separators=(",", ":"))
    return json.dumps(data, ensure_ascii=False, default=str, indent=2)


def is_json(output: Any) -> bool:
    return bool(getattr(output, "value", output) == "json")


def note(message: str, source: str | None = None) -> Diagnostic:
    """A note (not an error) about ``source``."""
    from ..formats.diagnostics import Diagnostic

    return Diagnostic(message, source or PROGRAM, severity="note", kind="note")


def internal_error_line(exc: BaseException) -> str:
    """The one line of an internal error (exit 3). A worker process that ended (killed
    from outside, out of memory) is said to be one: the input is not to blame."""
    message = " ".join(str(exc).split()) or "(no message)"
    if type(exc).__name__ == "WorkerError":  # play.pool's, not imported here
        return (f"{PROGRAM}: internal error: {message} before its work was done, so the run "
                "stopped short (a process killed from outside or out of memory; not a "
                "problem of the input)")
    return (f"{PROGRAM}: internal error: {type(exc).__name__}: {message} — this is a bug "
            "in keyharvest: please report it to the maintainers with the input that caused it")


# -- the garbage collector -------------------------------------------------------------------
#: The collector's first threshold in the console script (Python's default: 700). Start-up
#: (Typer, the engine's modules) and a run (a game's states, frames and listings; a
#: record read, its steps and spans) allocate millions of short-lived containers; at 700
#: the collector ran every few hundred of them and walked what was alive at that moment,
#: to find almost no cycles. Refcounting frees the rest; what cycles there are are still
#: collected, later. The workers of ``--jobs`` take it over (``play.pool``).
COLLECT_EVERY = 100_000


def tune_gc() -> None:
    """The console script's one tuning of the collector, first thing in ``main``: its
    first threshold at ``COLLECT_EVERY`` (a program that set 0, collecting by hand, keeps
    it so)."""
    import gc

    first, *rest = gc.get_threshold()
    if first:
        gc.set_threshold(max(first, COLLECT_EVERY), *rest)


# -- the exit ------------------------------------------------------------------------------
#: Modules whose presence says something may be left to do at exit: worker processes to
#: stop (``play.pool`` registers that with ``atexit``), a coverage tool's data to write.
_TEARDOWN_MODULES = ("multiprocessing", "concurrent.futures", "coverage")


def teardown_needless() -> bool:
    """Whether ending the process at once loses nothing: no thread but this one, no
    tracer or profiler, none of ``_TEARDOWN_MODULES`` loaded (a plain ``validate FILE``
    or ``selfplay`` loads none)."""
    threading = sys.modules.get("threading")
    return (not any(m in sys.modules for m in _TEARDOWN_MODULES)
            and sys.gettrace() is None and sys.getprofile() is None
            and (threading is None or threading.active_count() == 1))


def hard_exit(code: int) -> NoReturn:
    """End the process with ``code`` without the interpreter's teardown, which frees every
    object one by one (the loaded modules, the memo tables: some 75M instructions of
    ``validate ONE_FILE``, 4%); stdout and stderr are flushed first (as mypy does)."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            stream.flush()
    os._exit(code)


def completing() -> bool:
    """Whether the shell asks for completions (Click's ``_PROG_COMPLETE`` variable, or
    Typer's own): Typer answers them with every command."""
    return any(k.startswith("_") and k.endswith("_COMPLETE") or k.startswith("_TYPER_COMPLETE")
               for k in os.environ)


# -- the contract ----------------------------------------------------------------------------
def passes_through(exc: BaseException) -> bool:
    """Typer's own exits and the usage errors a command raises (``typer.BadParameter``),
    which Typer reports itself (exit 2). Only Typer's public names: from typer 0.26 on
    click lives inside typer as a private module, before it click is a dependency."""
    if isinstance(exc, (Failure, OSError, MemoryError)) or not isinstance(exc, Exception):
        return False  # none of Typer's (and no import of Typer to say so)
    import typer

    return isinstance(exc, (typer.Exit, typer.Abort, typer.BadParameter))


def contract(*, trouble: int = INVALID) -> Callable[[Callable[..., int | None]],
                                                   Callable[..., None]]:
    """Wrap a command (which returns its exit code, or None for 0) in the contract above,
    for Typer: ``run_command``, and a code other than 0 raised as ``typer.Exit``."""

    def wrap(command: Callable[..., int | None]) -> Callable[..., None]:
        @functools.wraps(command)
        def run(*args: Any, **kwargs: Any) -> None:
            code = run_command(command, args, kwargs, trouble)
            if code:
                import typer

                raise typer.Exit(code)

        return run

    return wrap


def run_command(command: Callable[..., int | None], args: Sequence[Any],
                kwargs: dict[str, Any], trouble: int = INVALID, *,
                outermost: bool = False) -> int:
    """Run ``command(*args, **kwargs)`` under the contract above and return its exit code,
    decided here and only here (the table: ``OK`` and the rest at the top of this module).
    ``trouble`` is the exit code for bad input. The command's ``output`` argument, if any,
    says whether the output is JSON, its ``quiet`` whether to leave out the summary for
    people. In JSON mode a summary object ends the output whatever happens, unless the
    command cannot run at all (a usage error, which passes through for Typer to report).
    ``outermost``: the console script's own run (``entry.main``), around Typer and the
    plain reader, where nothing passes through: Click's exits are its codes, and anything
    else is decided as it is for a command."""
    global _session
    _session = Session(is_json(kwargs.get("output")), bool(kwargs.get("quiet")))
    try:
        code = command(*args, **kwargs) or OK
        summary(code == OK)
    except BaseException as exc:
        if not outermost and (isinstance(exc, SystemExit) or passes_through(exc)):
            raise
        code = _exit_code(exc, trouble, kwargs)
    finally:
        _session = Session()
    return code


def _exit_code(exc: BaseException, trouble: int, options: dict[str, Any]) -> int:
    """The exit code for ``exc``, raised by a command run with ``options``, said on stderr
    (or in JSON) as the contract says."""
    from ..formats.limits import StreamClosed

    if isinstance(exc, SystemExit):
        return _exited(exc)
    if isinstance(exc, BrokenPipeError):
        return stdout_gone()
    if isinstance(exc, Failure):
        return _fail(exc.diagnostics, exc.code if exc.code != INVALID else trouble)
    if isinstance(exc, MemoryError):
        return out_of_memory(options)
    if isinstance(exc, KeyboardInterrupt):
        err(f"{PROGRAM}: interrupted")
        return INTERRUPTED
    if isinstance(exc, StreamClosed):
        err(f"{PROGRAM}: {exc.line}")
        return USAGE
    return _unexpected(exc, trouble)


def _exited(exc: SystemExit) -> int:
    """The code of an exit Click (or Typer) asked for: its own, but 1 after a write to a
    pipe whose reader has gone (Click's answer to a broken pipe, in ``--help``), which is
    ``BROKEN_PIPE``; a message (``sys.exit("...")``) is said, and is exit 1, as Python
    does."""
    code = exc.code
    if code is None:
        return OK
    if isinstance(code, int):
        return stdout_gone() if code == INVALID and stdout_broken() else code
    err(str(code))
    return INVALID


def out_of_memory(options: dict[str, Any] | None = None) -> int:
    """A ``MemoryError``: the input read is too big to hold (``--max-bytes`` raised past the
    memory limit), or the run holds too much at once: the message names which of the
    command's ``options`` to lower (``play.bounds.MEMORY_OPTIONS``). Exit 1; said on
    stderr, in JSON mode too (there may be no memory left for more)."""
    from ..formats.limits import out_of_memory_line
    from ..play.bounds import lower_to_save_memory

    err(f"{PROGRAM}: {out_of_memory_line(lower_to_save_memory(options or {}))}")
    return INVALID


def stdout_gone() -> int:
    """The reader of stdout has gone: point stdout at /dev/null (so that Python's last
    flush at exit finds nowhere to complain) and end quietly with ``BROKEN_PIPE``."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # not a real file (a test's capture)
        pass
    return BROKEN_PIPE


def stdout_broken() -> bool:
    """Whether stdout is a pipe whose reader has gone (poll says POLLERR)."""
    import select

    try:
        poller = select.poll()
        poller.register(sys.stdout.fileno(), select.POLLOUT)
        return any(events & select.POLLERR for _, events in poller.poll(0))
    except (OSError, ValueError, AttributeError):
        return False


def _fail(diagnostics: Sequence[Diagnostic], code: int) -> int:
    emit(diagnostics, diagnostics[0].source if diagnostics else None)
    summary(False)
    return code


def _unexpected(exc: BaseException, trouble: int) -> int:
    from ..errors import KeyHarvestError
    from ..formats.diagnostics import Diagnostic, diagnose

    if isinstance(exc, KeyHarvestError):
        return _fail([diagnose(exc)], trouble)
    if isinstance(exc, OSError):  # a file that cannot be read or written
        where = exc.filename if isinstance(exc.filename, str) else PROGRAM
        return _fail([Diagnostic(os_reason(exc), where, kind="io")], trouble)
    err(internal_error_line(exc))  # the command cannot go on: stderr, in JSON mode too
    if _session.json:
        d = Diagnostic(internal_error_line(exc).removeprefix(f"{PROGRAM}: "), PROGRAM,
                       kind="internal")
        _session.pending.append(d)
        summary(False)
    return INTERNAL


def os_reason(exc: OSError) -> str:
    """Why a file could not be read or written, as a diagnostic says it (lowercase)."""
    reason = exc.strerror or str(exc)
    return f"{reason[:1].lower()}{reason[1:]}"


def existing(paths: Sequence[str], hint: str = "'FILE...'") -> None:
    """A usage error (exit 2, in click's words) for a named path that does not exist;
    ``-`` is standard input."""
    for path in paths:
        if path != STDIN and not os.path.lexists(path):
            import typer

            raise typer.BadParameter(f"Path {path!r} does not exist.", param_hint=hint)


# -- input -----------------------------------------------------------------------------------
STDIN = "-"
STDIN_NAME = "<stdin>"


def read_input(path: str, limit: int | None = None) -> tuple[str, str]:
    """The text of ``path`` (``-``: standard input) and the name to show for it, at most
    ``limit`` bytes (``formats.limits.MAX_RECORD_BYTES`` by default). Raises ``Failure``
    for a file that cannot be read, is larger or is not UTF-8 text."""
    import io

    from ..errors import NotationError
    from ..formats.limits import MAX_RECORD_BYTES, read_bounded
    from ..formats.records import decode_source, read_source

    limit = limit or MAX_RECORD_BYTES
    try:
        if path == STDIN:
            from ..formats.limits import StreamClosed

            if sys.stdin is None:
                raise StreamClosed("read from standard input")
            stream = getattr(sys.stdin, "buffer", None)
            if stream is None:  # a text stream (tests): read as much as the bound allows
                stream = io.BytesIO(sys.stdin.read(limit + 1).encode("utf-8"))
            data = read_bounded(stream, limit, STDIN_NAME)
            return decode_source(data, STDIN_NAME), STDIN_NAME
        return read_source(path, limit), path
    except NotationError as exc:
        from ..formats.diagnostics import diagnose

        raise Failure([diagnose(exc, None, STDIN_NAME if path == STDIN else path)]) from None


@contextmanager
def diagnosing(text: str | None, source: str, max_errors: int = 20) -> Iterator[None]:
    """Turn a ``KeyHarvestError`` raised in the block into a ``Failure`` whose diagnostics
    (the error and the other problems found with it, up to ``max_errors``) show the lines
    of ``text`` they point at."""
    from ..errors import KeyHarvestError

    try:
        yield
    except KeyHarvestError as exc:
        from ..formats.diagnostics import diagnose_all

        raise Failure(diagnose_all(exc, text, source, max_errors)) from None


# -- progress --------------------------------------------------------------------------------
def _no_progress(n: int = 1) -> None:
    """``advance`` where no bar is drawn."""


@contextmanager
def progress(what: str, total: int | None = None, *, counts: bool = True,
             enabled: bool = True) -> Iterator[Callable[[int], None]]:
    """A function ``advance(n)`` that moves a progress bar on stderr by ``n`` (of
    ``total``, when known; shown as "n/total" with ``counts``, else as a percentage).
    The bar is drawn only when stderr is a terminal, never in JSON mode (stderr stays
    empty there)."""
    stream = sys.stderr
    if not enabled or _session.json or not (hasattr(stream, "isatty") and stream.isatty()):
        yield _no_progress
        return
    try:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TaskProgressColumn,
            TextColumn,
            TimeElapsedColumn,
        )
    except ImportError:  # pragma: no cover - rich comes with typer
        yield _no_progress
        return
    columns = [TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn()]
    if total is not None:
        columns.insert(2, MofNCompleteColumn() if counts else TaskProgressColumn())
    with Progress(*columns, console=Console(file=stream), transient=True) as bar:
        task = bar.add_task(what, total=total)

        def advance(n: int = 1) -> None:
            bar.advance(task, n)

        yield advance
