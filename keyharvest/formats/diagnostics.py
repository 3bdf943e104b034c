"""Diagnostics: errors as values a command line prints as text or JSON (docs/design.md,
"How a record is read").

``diagnose(exc, text, source)`` turns any ``KeyHarvestError`` into a ``Diagnostic``: where
(file, line, column, the span's end), what (the message), which rule (the RULES.md id of an
``IllegalStep`` or of a setup error), the source line, what was expected (in words) and a
hint ("did you mean ..."). ``Diagnostic.format()`` prints it as compilers do::

    games/club-07.kh:14:9: error[C.4]: red cannot buy B7 from green: no store holds it
       14 |    red: buy B7 from green; harvest A2
          |         ^^^^^^^^^^^^^^^^^

and ``to_dict()`` gives the same as JSON-ready data.

Every diagnostic has a ``kind`` (``KINDS``), the same word in JSON (``"kind"``) and in
text (``validate -v``'s lines and ``--rejects``' comments: ``rule error at 14:9``):

- ``encoding``: not UTF-8 text (a bad byte, a NUL);
- ``syntax``: text that does not parse (a step, a turn line, the ``+++`` lines, TOML);
- ``name``: a name that is not known here (a player, a space, a crop, a worker, an event);
- ``sequence``: the turns out of order (a turn number, a header, a step before any turn);
- ``rule``: a step the rules forbid (an ``IllegalStep``, its RULES.md id), a setup against
  RULES.md B, a broken invariant (J), a game not finished where one must be;
- ``schema``: a front matter, position or board file whose keys or values do not fit;
- ``io``: an input that cannot be read, is too large, or is empty;

and ``internal`` (a bug) and ``note`` (not an error) besides.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import (
    BoardError,
    IllegalStep,
    KeyHarvestError,
    NotationError,
    PositionError,
    Span,
    every_error,
)
from ..rules.invariants import Violation
from .cutter import split_lines

GUTTER = 5  # width of the line numbers in the excerpt
#: The kinds of problem (see the module docstring), as JSON and text name them.
KINDS = ("encoding", "syntax", "name", "sequence", "rule", "schema", "io")
#: The longest source line shown whole; a longer one is cut around the caret (``…``).
MAX_EXCERPT = 120
#: The longest message shown whole (messages quote input, cut where they do; this bounds
#: what they quote from other libraries).
MAX_MESSAGE = 400


@dataclass(frozen=True)
class Diagnostic:
    """One problem in one input, with enough context to show it."""

    message: str
    source: str = "<stdin>"
    line: int | None = None
    column: int | None = None
    end_line: int | None = None
    end_column: int | None = None
    severity: str = "error"
    rule: str | None = None
    kind: str = "syntax"  # one of KINDS, or "internal", "note"
    hint: str | None = None
    expected: tuple[str, ...] = ()
    path: str | None = None  # a key path in a TOML document
    excerpt: str | None = None  # the source line
    step: str | None = None  # the step in canonical notation, for a rule error
    notes: tuple[str, ...] = field(default=())
    #: At a rule error, steps that may be written there instead, nearest first (each one
    #: parses and applies; ``formats.alternatives``).
    alternatives: tuple[str, ...] = ()
    #: where ``excerpt`` starts in its line when it is cut (``…`` included): column C of
    #: the line is character C - 1 - excerpt_from of the excerpt. Not in ``to_dict``.
    excerpt_from: int = 0

    # -- output ---------------------------------------------------------------------------
    def location(self) -> str:
        if self.line is None:
            return self.source
        if self.column is None:
            return f"{self.source}:{self.line}"
        return f"{self.source}:{self.line}:{self.column}"

    def brief(self) -> str:
        """The diagnostic in one line without its file, in the words of its kind:
        ``rule error at 14:9 [C.4]: red cannot buy B7 ...``."""
        where = "" if self.line is None else f" at {self.line}" + (
            "" if self.column is None else f":{self.column}")
        rule = f" [{self.rule}]" if self.rule else ""
        message = " ".join(self.message.split())
        return f"{self.kind} {self.severity}{where}{rule}: {message}"

    def headline(self) -> str:
        tag = f"{self.severity}[{self.rule}]" if self.rule else self.severity
        return f"{self.location()}: {tag}: {self.message}"

    def format(self) -> str:
        """The diagnostic as text: the headline, the source line with a caret, the hint."""
        out = [self.headline()]
        if self.excerpt is not None and self.line is not None:
            out.append(f"{self.line:>{GUTTER}} | {self.excerpt}")
            if self.column is not None:
                start = max(self.column - self.excerpt_from, 1)
                room = max(len(self.excerpt.rstrip()) - start + 1, 1)
                if self.end_line == self.line and self.end_column and self.end_column > (
                        self.column):
                    width = min(self.end_column - self.column, room)
                else:
                    width = room
                pad = "".join(c if c == "\t" else " " for c in self.excerpt[:start - 1])
                out.append(f"{'':>{GUTTER}} | {pad}{'^' * width}")
        for note in self.notes:
            out.append(f"{'':>{GUTTER}} = note: {note}")
        if self.hint:
            out.append(f"{'':>{GUTTER}} = help: {self.hint}")
        return "\n".join(out)

    __str__ = format

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data (None fields are kept, so every key is always present)."""
        return {
            "severity": self.severity, "kind": self.kind, "source": self.source,
            "line": self.line, "column": self.column, "end_line": self.end_line,
            "end_column": self.end_column, "rule": self.rule, "message": self.message,
            "hint": self.hint, "expected": list(self.expected), "path": self.path,
            "excerpt": self.excerpt, "move": self.step, "notes": list(self.notes),
            "alternatives": list(self.alternatives),
        }


def _excerpt(text: str | None, line: int | None, first: int = 1) -> str | None:
    """Line ``line`` of a file of which ``text`` holds the lines from ``first`` on."""
    if text is None or line is None or line < first:
        return None
    lines = split_lines(text)
    if line - first >= len(lines):
        return None
    return lines[line - first]


def cut_excerpt(excerpt: str | None, column: int | None) -> tuple[str | None, int]:
    """A source line to show, cut around ``column`` when longer than ``MAX_EXCERPT``
    (``…`` marks what is left out), and where the cut starts (``Diagnostic.excerpt_from``)."""
    if excerpt is None or len(excerpt) <= MAX_EXCERPT:
        return excerpt, 0
    at = (column or 1) - 1
    lo = max(0, min(at - MAX_EXCERPT // 3, len(excerpt) - MAX_EXCERPT))
    hi = lo + MAX_EXCERPT
    shown = ("…" if lo else "") + excerpt[lo:hi] + ("…" if hi < len(excerpt) else "")
    return shown, lo - 1 if lo else 0


def _cut_message(message: str) -> str:
    if len(message) <= MAX_MESSAGE:
        return message
    return message[:MAX_MESSAGE - 60] + " … " + message[-40:]


def _bounded(d: Diagnostic) -> Diagnostic:
    """``d`` with its message, hint and excerpt cut to a readable size (input may hold a
    line of megabytes, and a message quotes input)."""
    excerpt, offset = cut_excerpt(d.excerpt, d.column)
    message, hint = _cut_message(d.message), d.hint and _cut_message(d.hint)
    if (excerpt, message, hint) == (d.excerpt, d.message, d.hint):
        return d
    import dataclasses

    return dataclasses.replace(d, excerpt=excerpt, excerpt_from=offset, message=message,
                               hint=hint)


def _where(span: Span | None) -> dict[str, Any]:
    if span is None:
        return {}
    return {"line": span.line, "column": span.column, "end_line": span.end_line,
            "end_column": span.end_column}


def diagnose(exc: BaseException, text: str | None = None, source: str | None = None, *,
             line: int = 1) -> Diagnostic:
    """A ``Diagnostic`` for ``exc`` raised while reading or replaying ``text`` from
    ``source``. ``text`` supplies the source line shown under the message (``line``: the
    line of its first line in the file, for a part of a file; cut around the caret when it
    is long); a span's own source wins over ``source``."""
    return _bounded(_diagnose(exc, text, source, line))


def _diagnose(exc: BaseException, text: str | None, source: str | None,
              line: int) -> Diagnostic:
    span: Span | None = getattr(exc, "span", None)

    def excerpt(at: int | None) -> str | None:
        return _excerpt(text, at, line)

    src = (span.source if span is not None and span.source else None) or source or "<stdin>"
    hint = getattr(exc, "hint", None)
    if isinstance(exc, IllegalStep):
        from ..notation import format_step

        step = format_step(exc.step) if exc.step is not None else None
        notes: tuple[str, ...] = ()
        if (step is not None and step.endswith(": end") and span is not None
                and not getattr(exc, "mended", False)):
            shown = excerpt(span.line)
            if shown is not None and not shown[span.column - 1:].lower().startswith("end"):
                notes = (f"the turn header here ends the turn before it ({step})",)
        return Diagnostic(exc.message, src, rule=exc.rule, kind=exc.kind or "rule", step=step,
                          excerpt=excerpt(span.line if span else None), hint=hint,
                          notes=notes + tuple(exc.notes),
                          alternatives=tuple(getattr(exc, "alternatives", ())),
                          **_where(span))
    if isinstance(exc, NotationError):
        rule = getattr(exc, "rule", None)
        path = getattr(exc, "path", None)
        kind = exc.kind or ("rule" if rule else "schema" if path else "syntax")
        return Diagnostic(exc.message, src, rule=rule, kind=kind,
                          hint=exc.hint, expected=tuple(exc.expected), path=path,
                          notes=tuple(exc.notes),
                          excerpt=getattr(exc, "line_text", None) or excerpt(
                              span.line if span else None), **_where(span))
    if isinstance(exc, PositionError):
        # (a path that is only the file's name, which the diagnostic already shows, is not
        # said twice)
        message = f"{exc.path}: {exc.message}" if exc.path and exc.path != src \
            else exc.message
        # (a setup against its rules, RULES.md B, cites one; a board file's form is H)
        kind = exc.kind or ("rule" if exc.rule and not isinstance(exc, BoardError)
                            else "schema")
        return Diagnostic(message, src, rule=exc.rule, kind=kind, hint=hint,
                          path=exc.path or None, notes=tuple(exc.notes),
                          excerpt=excerpt(span.line if span else None), **_where(span))
    if isinstance(exc, KeyHarvestError):
        return Diagnostic(str(exc), src, rule=exc.rule, kind=exc.kind or "syntax", hint=hint,
                          excerpt=excerpt(span.line if span else None), **_where(span))
    if isinstance(exc, OSError):
        return Diagnostic(f"cannot read: {exc.strerror or exc}", src, kind="io")
    return Diagnostic(f"internal error: {type(exc).__name__}: {exc}", src, kind="internal")


def diagnose_all(exc: BaseException, text: str | None = None, source: str | None = None,
                 limit: int | None = None, *, line: int = 1) -> list[Diagnostic]:
    """A ``Diagnostic`` for ``exc`` and for each further problem found with it
    (``KeyHarvestError.also``), at most ``limit`` of them (``line``: see ``diagnose``)."""
    found = every_error(exc) if isinstance(exc, KeyHarvestError) else [exc]
    diagnostics = [diagnose(e, text, source, line=line) for e in found[:limit]]
    # the rule error of the steps before the first bad line of a movetext is shown before
    # the problems of the lines after it (in the order of the file: the first help shown
    # is the first problem's)
    for i, d in enumerate(diagnostics):
        if d.kind == "rule" and d.line is not None:
            at = next((j for j, e in enumerate(diagnostics[:i]) if (e.line or 0) > d.line), i)
            diagnostics.insert(at, diagnostics.pop(i))
    return diagnostics


def count_line(n: int, where: str, limit: int | None = None) -> str:
    """The line after the diagnostics of one input: ``3 errors in game 2``; with
    ``limit`` reached, that the reading stopped there."""
    line = f"{n} error{'s' * (n != 1)} in {where}"
    if limit is not None and n >= limit:
        line += f" (the first {limit}: --max-errors N shows more)"
    return line


def diagnose_violations(problems: list[Violation], source: str = "<stdin>",
                        text: str | None = None) -> list[Diagnostic]:
    """One diagnostic per broken invariant of a position (RULES.md J); with the position's
    ``text``, at the first of the violation's keys (``Violation.keys``) written there (or
    its nearest written ancestor), with that line shown."""
    out = []
    for v in problems:
        where: dict[str, Any] = {}
        path = None
        excerpt = None
        if text is not None:
            from .tomltext import locate_span

            for key in v.keys:
                at = locate_span(text, key, True)
                if at is not None:
                    path = key
                    where = _where(Span(at[0], at[1], at[0], at[2], source))
                    excerpt = _excerpt(text, at[0], 1)
                    break
        out.append(_bounded(Diagnostic(v.message, source, rule=v.rule, kind="rule",
                                       path=path, excerpt=excerpt, **where)))
    return out


__all__ = ["KINDS", "Diagnostic", "count_line", "diagnose", "diagnose_all", "diagnose_violations"]
