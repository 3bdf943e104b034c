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
from typing import Any, TypeVar


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


def span_of(line: int, column: int, end_line: int, end_column: int,
            source: str | None = None) -> Span:
    """``Span(line, column, end_line, end_column, source)``."""
    return Span(line, column, end_line, end_column, source)


#: The most decimal digits keyharvest turns into a number (a step, turn, size or count):
#: none of its numbers comes near, and Python itself refuses a long enough run of digits
#: (``sys.get_int_max_str_digits``), with a ``ValueError`` that is not the input's diagnosis.
MAX_DIGITS = 18


def too_long(digits: str) -> bool:
    """Whether ``digits`` has more digits than any number keyharvest reads (``MAX_DIGITS``)."""
    return len(digits) > MAX_DIGITS


def shown_number(digits: str) -> str:
    """``digits`` for a message: as written, or its first digits and how many there are."""
    if not too_long(digits):
        return digits
    return f"{digits[:MAX_DIGITS]}... ({len(digits)} digits)"


def whole(digits: str, what: str) -> int:
    """``int(digits)`` for a run of decimal digits; past ``MAX_DIGITS`` digits a
    ``ValueError`` for the user naming ``what``."""
    if too_long(digits):
        raise ValueError(f"{what} {shown_number(digits)} is too large: at most "
                         f"{MAX_DIGITS} digits")
    return int(digits)


class KeyHarvestError(ValueError):
    """Root of every error keyharvest raises for bad input.

    A reader that can go on after a problem (the front matter of a record, its movetext, a
    position's schema) raises the first one it met, as it always has, and lists the other
    independent problems it found in ``also`` (in the order of the input); ``every_error``
    gives them all. ``notes`` are lines a diagnostic shows under the message
    (``= note: ...``). ``kind`` is what sort of problem it is, where its raiser knows
    better than its class (``formats.diagnostics.KINDS``: ``encoding``, ``name`` ...).
    """

    kind: str | None = None
    rule: str | None = None
    span: Span | None = None
    also: tuple[KeyHarvestError, ...] = ()
    notes: tuple[str, ...] = ()


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
    """A board file that is malformed (RULES.md H). ``key``: the key path inside the board
    (``spaces.A1``) that ``path`` ends with, "" for none; ``at_key``: the key there is what
    is wrong (unknown, or not a reference), not its value."""

    def __init__(self, message: str, path: str = "", rule: str | None = None,
                 span: Span | None = None, *, key: str = "", at_key: bool = False) -> None:
        super().__init__(message, path, rule, span)
        self.key = key
        self.at_key = at_key


# -- quoting input in messages ----------------------------------------------------------------
#: The longest piece of input a message quotes whole; longer ones are cut in the middle.
MAX_QUOTED = 60


def escaped(value: str) -> str:
    """``value`` for a message, unquoted: every character outside printable ASCII escaped
    (``br\u043ewn``), so that a look-alike letter (a Cyrillic ``о`` in ``brоwn``) shows as
    what it is, and cut in the middle (``…``) when longer than ``MAX_QUOTED``."""
    if len(value) > MAX_QUOTED:
        half = MAX_QUOTED // 2
        return f"{escaped(value[:half])}…{escaped(value[-half:])}"
    if value.isascii() and value.isprintable():
        return value
    return ascii(value)[1:-1]


def quoted(value: object) -> str:
    """``value`` quoted for a message, as ``repr`` quotes it but escaped and cut as
    ``escaped`` does (a value other than a string: its ``repr``, cut)."""
    if not isinstance(value, str):
        text = repr(value)
        return text if len(text) <= MAX_QUOTED else f"{text[:MAX_QUOTED // 2]}…{text[-8:]}"
    if len(value) > MAX_QUOTED:
        return f"'{escaped(value)}'"
    return ascii(value)


def lookalike_note(value: str) -> str | None:
    """A note for a name that holds characters outside printable ASCII (which may look
    like ASCII letters), or None for a plain ASCII name."""
    import unicodedata

    odd = [ch for ch in dict.fromkeys(value[:MAX_QUOTED * 4]) if not (ch.isascii()
                                                                     and ch.isprintable())]
    if not odd:
        return None
    names = ", ".join(f"U+{ord(ch):04X} {unicodedata.name(ch, 'unnamed')}" for ch in odd[:3])
    more = f" and {len(odd) - 3} more" if len(odd) > 3 else ""
    return (f"{quoted(value)} holds characters outside ASCII ({names}{more}), which may look "
            "like ASCII letters: the names of the notation are plain ASCII")


E = TypeVar("E", bound=KeyHarvestError)


def noted(error: E, value: object) -> E:
    """``error`` with a note on ``value`` (the input it quotes) when that holds
    look-alike characters (``lookalike_note``)."""
    note = lookalike_note(value) if isinstance(value, str) else None
    if note is not None and note not in error.notes:
        error.notes = (*error.notes, note)
    return error
