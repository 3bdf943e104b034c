"""Checking many records and positions, and playing many games, in one process or several.

This is what ``keyharvest validate`` and ``keyharvest selfplay`` run. Inputs are streamed:

- ``expand(paths)`` turns the paths given (files, folders, ``-`` for standard input) into
  the inputs to read: a folder stands for its ``.kh`` and ``.toml`` files, recursively,
  never through a symbolic link that leads out of it (each such link is a ``LinkOut``,
  which ``units`` turns into a note that it was skipped); a file named is read as named;
- ``units(path)`` reads one input in blocks and cuts it into ``Unit`` s of work at the
  records' ``+++`` lines: one unit per record (its exact original bytes), or one for a
  whole position (``.toml``; another name is sniffed: ``+++`` first means records), or one
  for an input that cannot be read. Nothing larger than one record and one block is held;
- ``check_unit(unit)`` reads, replays and judges a unit, returning ``Report`` s with
  positioned diagnostics (lines counted in the whole file);
- ``check_inputs(paths, jobs=N)`` does it for every unit of every path, over ``N``
  processes, yielding reports in input order while at most a few batches are in flight,
  so memory stays flat in the number of records. The processes (``play.pool``, the
  standard library's process pool).

A record that replays without an illegal step is valid even if the game is not over (a
record of a game in progress): its report says ``finished``, ``unfinished`` (stopped at
its turn limit, I.10) or ``in progress``; with ``require_finished`` (``validate
--require-finished``) only a finished one is valid, and the others are bad with the
reason. An empty input (nothing but white space) is a bad record of its own, counted
(``Tally.empty``).
"""

from __future__ import annotations

import dataclasses
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from functools import partial
from typing import IO, TYPE_CHECKING, Any, Self, TypeVar

from ..formats.cutter import cut, is_blank_or_comment, is_delimiter, split_lines

if TYPE_CHECKING:
    from ..formats.boardfile import BoardAccess
    from ..formats.diagnostics import Diagnostic
    from ..formats.safewrite import Appender

RECORD_SUFFIXES = (".kh",)
POSITION_SUFFIXES = (".toml",)
STDIN = "-"
STDIN_NAME = "<stdin>"
#: Diagnostics of one bad record or position, by default (``validate --max-errors``).
MAX_ERRORS = 20
#: How much work goes to a process at a time.
BATCH_BYTES = 1 << 16
BATCH_UNITS = 64
#: How much of an input is read at a time to cut it into records.
BLOCK_BYTES = 1 << 18
BOM = b"\xef\xbb\xbf"

T = TypeVar("T")
R = TypeVar("R")


# -- units of work -------------------------------------------------------------------------------
class UnitKind(StrEnum):
    """What a unit of work (and the report on it) is about; the values are the ``type``
    of ``--json`` reports."""

    RECORD = "record"
    POSITION = "position"
    FILE = "file"  # an input that could not be read
    SKIPPED = "skipped"  # a link out of a folder, not followed (``expand``)


@dataclass(frozen=True)
class Unit:
    """One piece of work: a record (``kind=RECORD``; a chunk of lines that starts at a
    ``+++`` line), a whole position (``POSITION``), or an input that could not be read
    (``FILE``, with its ``error``). ``line`` is where it starts in its file; ``index``
    is the number in its file of the record it holds; ``last`` says whether it runs to the
    end of its file."""

    source: str
    kind: UnitKind
    data: bytes = b""
    line: int = 1
    index: int = 0
    error: Diagnostic | None = None
    last: bool = True  # the last record of its file
    runs_on: bool = False  # it ends mid-line, where the next record starts (cutter.Piece)
    access: BoardAccess | None = None  # which board files its records may name
    strict: bool = False  # check the invariants (RULES.md J) after every step, not at the end
    finished: bool = False  # a record must be of a finished game (validate --require-finished)


@dataclass(frozen=True)
class Report:
    """The verdict on one record, position or unreadable input.

    ``status`` is, for a record, ``finished``, ``unfinished`` or ``in progress`` (or None
    when it does not replay); for a position ``complete`` or ``partial``. ``data`` is the
    exact original text of a bad record (for a file of rejects); ``size`` the bytes of
    input this report accounts for (progress)."""

    kind: UnitKind
    source: str
    ok: bool
    index: int = 0
    line: int = 1
    status: str | None = None
    steps: int = 0
    diagnostics: tuple[Diagnostic, ...] = ()
    data: bytes | None = None
    size: int = 0

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind, "source": self.source, "ok": self.ok}
        if self.kind == UnitKind.RECORD:
            out.update(game=self.index, line=self.line, status=self.status, steps=self.steps)
        elif self.kind == UnitKind.POSITION:  # complete or partial; None: it does not read
            out["complete"] = None if self.status is None else self.status == "complete"
        out["diagnostics"] = [d.to_dict() for d in self.diagnostics]
        return out


@dataclass
class Tally:
    """Counts of a batch of reports, for the summary line."""

    records_ok: int = 0
    records_bad: int = 0
    positions_ok: int = 0
    positions_bad: int = 0
    unreadable: int = 0
    skipped: int = 0  # links out of a folder, not followed
    status: dict[str, int] = dataclasses.field(default_factory=dict)
    sources: set[str] = dataclasses.field(default_factory=set)
    stopped: bool = False  # stopped at the first bad one
    empty: int = 0  # empty inputs (each a bad record)

    def add(self, report: Report) -> None:
        if report.kind == UnitKind.SKIPPED:
            self.skipped += 1
            return
        self.sources.add(report.source)
        if report.kind == UnitKind.RECORD:
            if report.ok:
                self.records_ok += 1
                key = report.status or "in progress"
                self.status[key] = self.status.get(key, 0) + 1
            else:
                self.records_bad += 1
                self.empty += is_empty(report)
        elif report.kind == UnitKind.POSITION:
            if report.ok:
                self.positions_ok += 1
            else:
                self.positions_bad += 1
        else:
            self.unreadable += 1

    @property
    def ok(self) -> bool:
        return not (self.records_bad or self.positions_bad or self.unreadable)

    def to_dict(self) -> dict[str, Any]:
        return {"type": "summary", "ok": self.ok, "files": len(self.sources),
                "records": {"ok": self.records_ok, "bad": self.records_bad,
                            **{k.replace(" ", "_"): self.status.get(k, 0) for k in RESULTS},
                            "empty": self.empty},
                "positions": {"ok": self.positions_ok, "bad": self.positions_bad},
                "unreadable": self.unreadable, "skipped": self.skipped,
                "stopped": self.stopped}

    def describe(self) -> str:
        """One line: records ok (finished, unfinished, in progress) and bad; positions;
        files."""
        n = self.records_ok + self.records_bad
        parts = []
        if n or not (self.positions_ok + self.positions_bad):
            detail = ", ".join(f"{self.status[k]} {k}" for k in RESULTS if self.status.get(k))
            empty = f" ({self.empty} empty)" if self.empty else ""
            parts.append(f"{_count(n, 'record')}: {self.records_ok} ok"
                         + (f" ({detail})" if detail else "") + f", {self.records_bad} bad"
                         + empty)
        if self.positions_ok + self.positions_bad:
            parts.append(f"{_count(self.positions_ok + self.positions_bad, 'position')}: "
                         f"{self.positions_ok} ok, {self.positions_bad} bad")
        files = _count(len(self.sources), "file")
        if self.unreadable:
            files += f" ({self.unreadable} unreadable)"
        parts.append(files)
        if self.skipped:
            parts.append(f"{_count(self.skipped, 'link')} out of a folder skipped")
        line = "; ".join(parts)
        if self.stopped:
            line += "; stopped at the first bad one (--fail-fast)"
        return line


RESULTS = ("finished", "unfinished", "in progress")


def is_empty(report: Report) -> bool:
    """Whether ``report`` is on an empty input (nothing but white space)."""
    return (report.kind == UnitKind.RECORD and not report.ok and report.data is not None
            and not report.data.strip())


class Rejects:
    """A file that collects the original text of bad records, appended one after another
    (each ends with a line end) by ``formats.safewrite.Appender``, each after a comment
    line that says where it came from and why it is bad (``# from FILE (game N): rule
    error at 14:9 [C.4]: ...``; an empty input is that line alone): opened at the first
    one (a batch without bad records leaves it alone), never through a symbolic link, only
    a regular file with one name. The file reads back as the same records (a comment
    line before a record, or after a movetext, is no part of any step). Use as a context
    manager."""

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.file: Appender | None = None

    def add(self, report: Report) -> None:
        if self.path is None or report.ok or report.data is None:
            return
        if self.file is None:
            from ..formats.safewrite import Appender

            self.file = Appender(self.path)
        data = report.data
        if data and not data.endswith((b"\n", b"\r")):
            data += b"\n"
        self.file.add(from_line(report).encode("utf-8") + b"\n" + data)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.file is not None:
            self.file.close()


def from_line(report: Report) -> str:
    """The comment line before a rejected record: where it came from, its first error."""
    first = report.diagnostics[0].brief() if report.diagnostics else "bad"
    return f"# from {report.source} (game {report.index}): {first}"


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'s' * (n != 1)}"


class LinkOut(str):
    """A path met in a folder's walk that is a symbolic link leading out of the folder:
    not read (``units`` gives a note that says it was skipped). A ``str``, so that it
    travels wherever a path does; ``folder`` is the folder named."""

    folder: str

    def __new__(cls, path: str, folder: str) -> Self:
        self = super().__new__(cls, path)
        self.folder = folder
        return self

    def __reduce__(self) -> tuple[Any, ...]:  # to a worker process, as it was made
        return LinkOut, (str(self), self.folder)

    def note(self) -> Diagnostic:
        """The one line that says it was skipped."""
        from ..formats.diagnostics import Diagnostic

        return Diagnostic(f"skipped: a symbolic link out of the folder {self.folder} (a "
                          "folder's files are read only inside it: name the file itself "
                          "to read it)", str(self), severity="note", kind="note")


def _inside(path: str, root: str) -> bool:
    """Whether ``path`` resolves (links followed) to ``root`` (resolved) or below it."""
    return os.path.commonpath([os.path.realpath(path), root]) == root


def walk(folder: str) -> list[str]:
    """The ``.kh`` and ``.toml`` files under ``folder``, recursively, sorted. Folders that
    are links are not entered; a file that is a link is kept if it leads to a file inside
    ``folder`` and is a ``LinkOut`` otherwise (a folder that is a link out is one too)."""
    root = os.path.realpath(folder)
    found: list[str] = []
    for here, folders, files in os.walk(folder, followlinks=False):
        for name in folders:
            path = os.path.join(here, name)
            if os.path.islink(path) and not _inside(path, root):
                found.append(LinkOut(path, folder))
        for name in files:
            if os.path.splitext(name)[1].lower() not in RECORD_SUFFIXES + POSITION_SUFFIXES:
                continue
            path = os.path.join(here, name)
            if os.path.islink(path) and not _inside(path, root):
                found.append(LinkOut(path, folder))
            elif os.path.isfile(path) or os.path.islink(path):
                found.append(path)
    return sorted(found)


def expand(paths: Iterable[str]) -> Iterator[str]:
    """The inputs named by ``paths``: a folder gives its ``.kh`` and ``.toml`` files
    (``walk``: recursively, sorted, a link out of the folder as a ``LinkOut``); anything
    else is kept as it is (``-``, a file, a missing path, an empty folder: ``units``
    reports the trouble). A file named is read as named, through a link or not."""
    for path in paths:
        if path != STDIN and os.path.isdir(path):
            found = walk(path)
            yield from found
            if any(not isinstance(p, LinkOut) for p in found):
                continue  # (else the folder itself: ``units`` says it holds no records)
        yield path


def input_size(paths: Iterable[str]) -> int | None:
    """The total size in bytes of the files among ``paths`` (None if one is standard
    input or is not a regular file), for a progress bar."""
    total = 0
    for path in paths:
        if path == STDIN:
            return None
        if isinstance(path, LinkOut):
            continue
        try:
            total += os.stat(path).st_size
        except OSError:
            continue
    return total


def units(path: str, stdin: IO[bytes] | None = None,
          limit: int | None = None) -> Iterator[Unit]:
    """The units of work of one input (``-``: ``stdin``), streamed in blocks. A record or
    a position larger than ``limit`` bytes (``formats.limits.MAX_RECORD_BYTES`` by default)
    is a unit with a positioned error, and the rest of that input is not read: memory
    stays flat whatever it holds (``/dev/zero`` included)."""
    from ..formats.limits import MAX_RECORD_BYTES

    limit = limit or MAX_RECORD_BYTES
    source = STDIN_NAME if path == STDIN else str(path)
    if isinstance(path, LinkOut):
        yield Unit(source, UnitKind.SKIPPED, error=path.note())
        return
    if path != STDIN and os.path.isdir(path):
        from ..formats.diagnostics import Diagnostic

        yield Unit(source, UnitKind.FILE, error=Diagnostic(
            f"{source} is a folder with no records (.kh) or positions (.toml)", source,
            kind="io"))
        return
    try:
        if path == STDIN:
            if stdin is None:
                from ..formats.limits import stdin_bytes

                stdin = stdin_bytes()
            stream: IO[bytes] = stdin
        else:
            stream = open(path, "rb")  # noqa: SIM115 - closed below
    except OSError as exc:
        yield Unit(source, UnitKind.FILE, error=_io_diagnostic(exc, source))
        return
    try:
        yield from _units(source, stream, limit)
    except OSError as exc:  # a read that fails midway (a folder, a device)
        yield Unit(source, UnitKind.FILE, error=_io_diagnostic(exc, source))
    finally:
        if path != STDIN:
            stream.close()


def _io_diagnostic(exc: OSError, source: str) -> Diagnostic:
    from ..formats.diagnostics import Diagnostic

    reason = exc.strerror or str(exc)
    return Diagnostic(f"cannot read {source}: {reason[:1].lower()}{reason[1:]}", source,
                      kind="io")


def _too_large(source: str, limit: int, what: str, line: int = 1) -> Diagnostic:
    from ..formats.diagnostics import diagnose
    from ..formats.limits import too_large

    return diagnose(too_large(source, limit, what, line), None, source)


def _units(source: str, stream: IO[bytes], limit: int = 1 << 62) -> Iterator[Unit]:
    head: list[bytes] = []
    size = 0
    kind = None
    suffix = os.path.splitext(source)[1].lower()
    if suffix in RECORD_SUFFIXES:
        kind = UnitKind.RECORD
    elif suffix in POSITION_SUFFIXES:
        kind = UnitKind.POSITION
    else:  # sniff: the first line that is not blank or a comment (lines read bounded)
        while size <= limit:
            raw = stream.readline(limit + 1 - size)
            if not raw:
                break
            lines = split_lines(raw if head else raw.removeprefix(BOM))
            head.append(raw)
            size += len(raw)
            line = next((x for x in lines if not is_blank_or_comment(x)), None)
            if line is not None:
                kind = UnitKind.RECORD if is_delimiter(line) else UnitKind.POSITION
                break
        kind = kind or UnitKind.RECORD
    if kind == UnitKind.POSITION:
        from ..errors import NotationError
        from ..formats.limits import read_bounded

        try:
            if size > limit:
                raise NotationError("too large")
            data = b"".join(head) + read_bounded(stream, limit - size, source)
        except NotationError:
            what = "the position" if suffix in POSITION_SUFFIXES else "the input"
            yield Unit(source, UnitKind.POSITION, error=_too_large(source, limit, what))
            return
        yield Unit(source, UnitKind.POSITION, data)
        return
    yield from _record_units(source, stream, b"".join(head), limit)  # streamed, not a list


def _record_units(source: str, stream: IO[bytes], head: bytes = b"",
                  limit: int = 1 << 62) -> Iterator[Unit]:
    """Records cut at their opening ``+++`` lines (``head``, then the rest of ``stream``,
    read in blocks of ``BLOCK_BYTES``) by ``keyharvest.formats.cutter``: only the record
    being gathered and one block are held. A record larger than ``limit`` bytes (or what
    comes before the first one) is a unit with a positioned error, and ends the input:
    reading stops as soon as the record being gathered passes the bound."""
    from ..formats.limits import note_read

    read = getattr(stream, "read1", stream.read)  # what is there: a pipe is not waited on
    count = {"read": len(head), "given": 0}

    def blocks() -> Iterator[bytes]:
        yield head
        while count["read"] - count["given"] <= limit + BLOCK_BYTES:
            block = read(BLOCK_BYTES)
            if not block:
                return
            count["read"] += len(block)
            note_read(source, count["read"])
            yield block

    for piece in cut(blocks()):
        count["given"] += len(piece.data)
        if len(piece.data) > limit:
            what = ("the record starting here" if piece.opening is not None
                    else "the text before the first record")
            at = piece.opening_line if piece.opening is not None else piece.line
            yield Unit(source, UnitKind.RECORD, line=at, index=piece.index,
                       error=_too_large(source, limit, what, at))
            return
        yield Unit(source, UnitKind.RECORD, piece.data, piece.line, piece.index, last=piece.last,
                   runs_on=piece.runs_on)


# -- checking ------------------------------------------------------------------------------------
def _decode(unit: Unit) -> str:
    from ..formats.records import decode_source

    return decode_source(unit.data, unit.source, unit.line)


def check_unit(unit: Unit, max_errors: int = MAX_ERRORS,
               access: BoardAccess | None = None) -> list[Report]:
    """The reports on one unit (one per record it holds; usually one). Raises nothing for
    bad input: every problem is a diagnostic. A bad record or position gets up to
    ``max_errors`` of them: every independent problem of its front matter and movetext (or
    of a position's schema), and, when it reads, the first rule error of its replay (or
    every broken invariant of the position). ``access`` (by default the unit's own) says
    which board files records may name (``boardfile.BoardAccess``; by default only files in
    their own folder)."""
    from ..formats.boardfile import NAMED_ONLY

    access = access or unit.access or NAMED_ONLY
    size = len(unit.data)
    if unit.error is not None and unit.kind not in (UnitKind.FILE, UnitKind.SKIPPED):
        # too large to read
        return [Report(unit.kind, unit.source, False, unit.index, unit.line,
                       diagnostics=(unit.error,), size=size)]
    if unit.kind == UnitKind.FILE:
        return [Report(UnitKind.FILE, unit.source, False, diagnostics=(unit.error,) if unit.error
                       else (), size=size)]
    if unit.kind == UnitKind.SKIPPED:
        return [Report(UnitKind.SKIPPED, unit.source, True, diagnostics=(unit.error,)
                       if unit.error else ())]
    if unit.kind == UnitKind.POSITION:
        return [_check_position(unit, max_errors, access)]
    from ..errors import KeyHarvestError, NotationError
    from ..formats.diagnostics import diagnose, diagnose_all

    try:
        text = _decode(unit)
    except NotationError as exc:
        return [Report(UnitKind.RECORD, unit.source, False, unit.index, unit.line,
                       diagnostics=(diagnose(exc, None, unit.source),), data=unit.data,
                       size=size)]
    from ..formats.records import iter_records

    reports: list[Report] = []
    # read once, the steps without spans (nearly every record is valid: nothing to place);
    # the problems found keep their spans, and a rule error is placed (``_check_record``)
    records = iter_records(text, unit.source, line=unit.line, last=unit.last,
                           max_errors=max_errors, access=access, spans=False,
                           runs_on=unit.runs_on)
    while True:
        index = unit.index + len(reports)
        try:
            record = next(records)
        except StopIteration:
            break
        except KeyHarvestError as exc:
            diags = diagnose_all(exc, text, unit.source, max_errors, line=unit.line)
            reports.append(Report(UnitKind.RECORD, unit.source, False, index, unit.line,
                                  diagnostics=tuple(diags)))
            break
        reports.append(_check_record(record, text, unit, index))
    # a unit holds one record, cut by the same rules as the reader's: its exact bytes
    if len(reports) == 1 and not reports[0].ok:
        reports[0] = dataclasses.replace(reports[0], data=unit.data)
    if reports:
        reports[0] = dataclasses.replace(reports[0], size=size)
    return reports


def _check_record(record: Any, text: str, unit: Unit, index: int) -> Report:
    from ..errors import KeyHarvestError
    from ..formats.diagnostics import diagnose
    from ..formats.records import placed, replay

    invariants = "each" if unit.strict else "end"
    try:
        done = replay(record, invariants=invariants)
    except KeyHarvestError as exc:  # a setup that cannot start (PositionError, BoardError)
        return Report(UnitKind.RECORD, unit.source, False, index, record.line,
                      diagnostics=(diagnose(exc, text, unit.source, line=unit.line),),
                      data=record.text.encode("utf-8"))
    if done.error is not None:  # reported at its step: the record's steps with their spans
        done = replay(placed(record), invariants=invariants)
        assert done.error is not None
        return Report(UnitKind.RECORD, unit.source, False, index, record.line, None, done.applied,
                      (diagnose(done.error, text, unit.source, line=unit.line),),
                      data=record.text.encode("utf-8"))
    status = done.state.result or "in progress"
    if unit.finished and status != "finished":
        return Report(UnitKind.RECORD, unit.source, False, index, record.line, status,
                      done.applied, (_not_finished(record, done.state, status, unit),),
                      data=record.text.encode("utf-8"))
    return Report(UnitKind.RECORD, unit.source, True, index, record.line, status, done.applied)


def _not_finished(record: Any, state: Any, status: str, unit: Unit) -> Diagnostic:
    """Why a record that must be of a finished game (``--require-finished``) is not: at
    its last line."""
    from ..formats.cutter import split_lines
    from ..formats.diagnostics import Diagnostic

    lines = split_lines(record.text.rstrip("\r\n"))
    last = record.line + len(lines) - 1
    if status == "unfinished":
        rule = "I.10"
        why = f"it stopped at its turn limit (max_turns = {record.setup.max_turns}) before its end"
    else:
        rule = "F.4"
        why = f"the record stops in turn {state.turn.number}, before the end of the game"
    return Diagnostic(f"the game is not finished: {why} (--require-finished)",
                      unit.source, last, 1, kind="rule", rule=rule, excerpt=lines[-1],
                      hint="a record of a game in progress is valid without "
                           "--require-finished")


def _check_position(unit: Unit, max_errors: int = MAX_ERRORS,
                    access: BoardAccess | None = None) -> Report:
    from ..errors import NotationError, PositionError
    from ..formats.diagnostics import diagnose, diagnose_all, diagnose_violations
    from ..formats.positions import load_position

    size = len(unit.data)
    try:
        text = _decode(unit)
    except NotationError as exc:
        return Report(UnitKind.POSITION, unit.source, False, diagnostics=(diagnose(exc, None),),
                      size=size)
    try:
        pos = (load_position(text, unit.source) if access is None
               else load_position(text, unit.source, access=access))
    except PositionError as exc:
        return Report(UnitKind.POSITION, unit.source, False,
                      diagnostics=tuple(diagnose_all(exc, text, unit.source, max_errors)),
                      size=size)
    status = "complete" if pos.complete else "partial"
    diags = tuple(diagnose_violations(pos.problems, unit.source, text)[:max_errors])
    return Report(UnitKind.POSITION, unit.source, not diags, status=status, diagnostics=diags,
                  size=size)


#: A valid record's report as a worker sends it back: its line, status and steps (see
#: ``_sent``); everything else of it is the unit's.
Small = tuple[int, Any, int]


def _check_batch(batch: list[Unit], max_errors: int = MAX_ERRORS,
                 access: BoardAccess | None = None) -> list[list[Report] | Small]:
    return [_sent(check_unit(u, max_errors, access)) for u in batch]


def _sent(reports: list[Report]) -> list[Report] | Small:
    """The reports on one unit as they travel back to the parent: a valid record without
    diagnostics (nearly every one) as its ``Small`` tuple alone, which pickles in a tenth
    of the time of its ``Report``; anything else whole."""
    if len(reports) == 1:
        r = reports[0]
        if r.ok and r.kind == UnitKind.RECORD and not r.diagnostics and r.data is None:
            return (r.line, r.status, r.steps)
    return reports


#: The fields that every valid record's report shares (``_received``).
_VALID = Report(UnitKind.RECORD, "", True)


def _received(source: str, index: int, size: int, small: Small) -> Report:
    """The ``Report`` that ``_sent`` made small, equal to the worker's: made as pickle
    makes one (its fields set, not passed to the frozen dataclass's ``__init__``, whose
    ten ``object.__setattr__`` calls cost more than the unpickling saved)."""
    report = object.__new__(Report)
    fields = report.__dict__
    fields.update(_VALID.__dict__)
    fields.update(source=source, index=index, line=small[0], status=small[1],
                  steps=small[2], size=size)
    return report


def _batches(items: Iterable[Unit], total: int | None = None,
             tail: int = 0) -> Iterator[list[Unit]]:
    """``items`` in batches of some ``BATCH_BYTES`` (or ``BATCH_UNITS``); the batches of
    the last ``tail`` bytes of ``total`` (when known) are a quarter as big, so that the
    processes finish close together."""
    batch: list[Unit] = []
    size = done = 0
    for unit in items:
        batch.append(unit)
        size += len(unit.data)
        near_end = total is not None and total - done - size <= tail
        if size >= (BATCH_BYTES // 4 if near_end else BATCH_BYTES) or len(
                batch) >= BATCH_UNITS:
            yield batch
            done += size
            batch, size = [], 0
    if batch:
        yield batch


def check_inputs(paths: Iterable[str], *, jobs: int = 1, stdin: IO[bytes] | None = None,
                 max_errors: int = MAX_ERRORS,
                 access: BoardAccess | None = None, limit: int | None = None,
                 strict: bool = False, finished: bool = False) -> Iterator[Report]:
    """Reports on every record and position of ``paths`` (see ``expand``), in input order,
    checked in ``jobs`` processes (0: one per core), each with up to ``max_errors``
    diagnostics. ``access`` says which board files they may name (see ``check_unit``),
    ``limit`` how large a record may be (see ``units``). Every record's final table is
    checked against the invariants of RULES.md J, and with ``strict`` the table after
    every step (``records.replay``). With ``finished``, a record of a game that has not
    ended is bad (``validate --require-finished``). Stop iterating at any time (for a
    first failure): the work in flight is cancelled."""
    inputs = list(expand(paths))
    all_units = (u for path in inputs for u in units(path, stdin, limit))
    if access is not None or strict or finished:  # (the workers read them from the units)
        all_units = (dataclasses.replace(u, access=access, strict=strict, finished=finished)
                     for u in all_units)
    if jobs == 1:
        for unit in all_units:
            yield from check_unit(unit, max_errors, access)
        return
    jobs = jobs or cpu_count()
    batches = _batches(all_units, input_size(inputs), 2 * jobs * BATCH_BYTES)
    check = _check_batch if max_errors == MAX_ERRORS else partial(_check_batch,
                                                                  max_errors=max_errors)
    sent: deque[list[tuple[str, int, int]]] = deque()  # what each batch in flight holds

    def sending() -> Iterator[list[Unit]]:
        for units_of in batches:
            sent.append([(u.source, u.index, len(u.data)) for u in units_of])
            yield units_of

    for result in ordered_map(check, sending(), jobs):
        for (source, index, size), reports in zip(sent.popleft(), result, strict=True):
            if isinstance(reports, tuple):
                yield _received(source, index, size, reports)
            else:
                yield from reports


def map_units(fn: Callable[[Unit], R], paths: Iterable[str], *, jobs: int = 1,
              stdin: IO[bytes] | None = None, limit: int | None = None) -> Iterator[R]:
    """``fn(unit)`` for every unit of ``paths`` (see ``expand`` and ``units``), in input
    order, over ``jobs`` processes (0: one per core) in the batches ``check_inputs`` sends:
    what ``keyharvest filter``, ``standings`` and ``stats`` run over a collection (``fn``
    must pickle, a module's function or a ``partial`` of one). As many units are in flight
    as ``check_inputs`` holds, so memory stays flat in the number of records."""
    inputs = list(expand(paths))
    all_units = (u for path in inputs for u in units(path, stdin, limit))
    if jobs == 1:
        yield from map(fn, all_units)
        return
    jobs = jobs or cpu_count()
    batches = _batches(all_units, input_size(inputs), 2 * jobs * BATCH_BYTES)
    for results in ordered_map(partial(_map_batch, fn), batches, jobs):
        yield from results


def _map_batch(fn: Callable[[Unit], R], batch: list[Unit]) -> list[R]:
    return [fn(unit) for unit in batch]


# -- processes -----------------------------------------------------------------------------------
def cpu_count() -> int:
    """The cores this process may use (``keyharvest.play.pool``)."""
    from .pool import cpu_count

    return cpu_count()


def ordered_map(fn: Callable[[T], R], items: Iterable[T], jobs: int = 0, *,
                window: int | None = None) -> Iterator[R]:
    """``map(fn, items)`` over ``jobs`` processes, in order: see
    ``keyharvest.play.pool.ordered_map``."""
    from .pool import ordered_map

    return ordered_map(fn, items, jobs, window=window)


# -- self-play -----------------------------------------------------------------------------------
def selfplay_chunk(players: int, seed: int, bot: str, budget: int | None,
                    indices: list[int]) -> list[str]:
    from ..formats.records import format_record
    from .selfplay import selfplay_game

    return [format_record(selfplay_game(players, seed, i, bot, budget=budget))
            for i in indices]


def selfplay_texts(players: int, seed: int, games: int, *, bot: str = "random",
                   jobs: int = 1, per_task: int = 4, budget: int | None = None
                   ) -> Iterator[str]:
    """The canonical records of games ``0 .. games-1`` of a self-play run, in order. Each
    game depends only on ``(seed, index)`` (``bots.selfplay_game``), so the texts are the
    same whatever ``jobs`` is. ``budget``: the simulations a step of a search bot. Raises
    ``KeyError`` for an unknown bot and ``ValueError`` for a number of games or a budget
    out of bounds (``play.bounds``)."""
    from .bots import BOTS
    from .bounds import MAX_GAMES, check, check_search

    if bot not in BOTS:
        raise KeyError(bot)
    check("the number of games", games, MAX_GAMES, low=0)
    check_search(budget, None)
    return _selfplay_run(players, seed, games, bot, jobs, per_task, budget)


def _selfplay_run(players: int, seed: int, games: int, bot: str, jobs: int,
                  per_task: int, budget: int | None = None) -> Iterator[str]:
    chunks = ([*range(i, min(i + per_task, games))] for i in range(0, games, per_task))
    fn = partial(selfplay_chunk, players, seed, bot, budget)
    for texts in ordered_map(fn, chunks, jobs):
        yield from texts


__all__ = ["LinkOut", "Rejects", "Report", "Tally", "Unit", "check_inputs", "check_unit",
           "cpu_count", "expand", "input_size", "map_units", "ordered_map", "selfplay_texts",
           "units", "walk"]
