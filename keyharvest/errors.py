"""The exception tree of keyharvest.

``KeyHarvestError`` is the root, and a ``ValueError`` so that callers who only know the
standard library can still catch bad input. Three kinds of bad input are kept apart, as
python-chess does:

- ``NotationError``: the text is not well formed (syntax), with file, line and column;
- ``IllegalStep``: a well-formed step that the rules forbid here, with the RULES.md id;
- ``PositionError`` / ``BoardError``: a position or board file that does not fit its schema,
  with the key path.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Span:
    """Where something was written: 1-based line and column, end exclusive."""

    line: int
    column: int
    end_line: int
    end_column: int
    source: str | None = None  # a file name, or None

    def __str__(self) -> str:
        where = f"{self.line}:{self.column}"
        return f"{self.source}:{where}" if self.source else where


class KeyHarvestError(ValueError):
    """Root of every error keyharvest raises for bad input.

    A reader that can go on after a problem (the front matter of a record, its movetext, a
    position's schema) raises the first one it met, as it always has, and lists the other
    independent problems it found in ``also`` (in the order of the input); ``every_error``
    gives them all.
    """

    rule: str | None = None
    span: Span | None = None
    also: tuple[KeyHarvestError, ...] = ()


def every_error(exc: KeyHarvestError) -> list[KeyHarvestError]:
    """``exc`` and the further independent problems found with it (``exc.also``)."""
    return [exc, *exc.also]


def raise_first(errors: list[KeyHarvestError]) -> None:
    """Raise ``errors[0]`` with the others in its ``also`` (nothing for an empty list)."""
    if errors:
        first = errors[0]
        first.also = tuple(errors[1:])
        raise first


class NotationError(KeyHarvestError):
    """Text that does not parse: a syntax error in a record or a step."""

    def __init__(self, message: str, span: Span | None = None, *, expected: tuple[str, ...] = (),
                 hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.span = span
        self.expected = expected
        self.hint = hint


class IllegalStep(KeyHarvestError):
    """A step the rules forbid in this state. ``rule`` is a RULES.md section id."""

    def __init__(self, rule: str, message: str, step: Any = None, player: str | None = None,
                 span: Span | None = None) -> None:
        super().__init__(f"[{rule}] {message}")
        self.rule = rule
        self.message = message
        self.step = step
        self.player = player
        self.span = span


class PositionError(KeyHarvestError):
    """A position that does not fit the schema, or that breaks an invariant."""

    def __init__(self, message: str, path: str = "", rule: str | None = None,
                 span: Span | None = None) -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.message = message
        self.path = path
        self.rule = rule
        self.span = span


class BoardError(PositionError):
    """A board file that is malformed (RULES.md H)."""
