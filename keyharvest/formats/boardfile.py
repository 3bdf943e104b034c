"""Reading board files (TOML) into ``Board`` objects; the standard board ships as package data.

Board files come two ways, and they are trusted differently (README, "Security"):

- **named by the user** (``load_board(path)``, ``keyharvest ... --board FILE``): read as
  given, and an error says everything about what is wrong with the file;
- **named by a record or a position** (``board = "mine.toml"`` in its front matter;
  ``BoardAccess.board_for``): records come from anyone, so such a path is followed only
  when it is relative and resolves, symbolic links followed, inside the folder of the file
  that names it. An absolute path, a path leaving the folder (``..``, a link out) and any
  path named by standard input are refused, whether or not the file exists, with an error
  that quotes only the record's own text. An error about a board file a record named says
  why it is refused or that it is not a board file, never what the file holds (neither
  its keys nor its values, its size or its bytes). ``BoardAccess(trust_paths=True)``
  (``--trust-board-paths``) lifts the folder rule for records the user trusts.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..errors import BoardError, Span
from ..model.board import REFERENCE, Board
from . import tomltext
from .tomltext import decode_error, deepest_value, loads, locate_span

STANDARD = "standard"
#: A board file describes 56 spaces in a few kilobytes; anything far larger is not one.
MAX_BOARD_BYTES = 1 << 20


def load_board(path: str | Path | None = None) -> Board:
    """The board in ``path``, or the standard board when ``path`` is None or "standard".

    Raises ``BoardError`` (with the file and key path) for a missing or malformed file.
    """
    if path is None or str(path) == STANDARD:
        return standard_board()
    return parse_board(read_board_text(path), str(path))


def read_board_text(path: str | Path) -> str:
    """The text of the board file at ``path``. Raises ``BoardError`` for a missing file, one
    that is not a regular file or is larger than ``MAX_BOARD_BYTES``, or not UTF-8."""
    p = Path(path)
    try:
        # a record names its board file, and records come from anyone: read only a regular
        # file of sensible size (never a device such as /dev/zero, a pipe or a folder)
        if not p.is_file():
            why = "no such file" if not p.exists() else "not a regular file"
            raise BoardError(f"cannot read board file: {why}", path=str(p), rule="H")
        with p.open("rb") as f:
            data = f.read(MAX_BOARD_BYTES + 1)
        if len(data) > MAX_BOARD_BYTES:
            raise BoardError(f"cannot read board file: larger than {MAX_BOARD_BYTES} bytes",
                             path=str(p), rule="H")
        return data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise BoardError(f"cannot read board file: {exc}", path=str(p), rule="H") from None


def parse_board(text: str, source: str = "<board>") -> Board:
    """A board from the text of a board file. Raises ``BoardError`` with the key path
    inside the file (``spaces.A1``) and a ``span`` at its line in ``source``, as a
    position's errors are (a ``Board.from_mapping`` error's path starts with the source's
    name, which the span gives here)."""
    try:
        data = loads(text)
    except tomltext.TOMLDecodeError as exc:
        msg, row, col = decode_error(exc, text)
        ref = _duplicate_key(text, str(exc))
        if ref is not None:  # say which space is written twice, not just "cannot overwrite"
            # at the line that writes it again (tomllib points past its end)
            line = text.split("\n")[row - 1] if 0 < row <= text.count("\n") + 1 else ""
            first = len(line) - len(line.lstrip()) + 1
            raise BoardError(f"duplicate reference {ref!r} (bad TOML: {_lower(msg)})",
                             path=f"spaces.{ref}", rule="H", key=f"spaces.{ref}",
                             span=Span(row, first, row, max(len(line.rstrip()) + 1, first + 1),
                                       source)) from None
        raise BoardError(f"bad TOML: {_lower(msg)}", rule="H",
                         span=Span(row, col, row, col + 1, source)) from None
    except RecursionError:  # tomllib recurses once per level of nesting
        row, col = deepest_value(text)
        raise BoardError("bad TOML: values nested too deeply", rule="H",
                         span=Span(row, col, row, col + 1, source)) from None
    try:
        return Board.from_mapping(data, source)
    except BoardError as exc:
        key = exc.key
        # at the value, or at the key itself for a key that is wrong (``Board`` says which)
        found = locate_span(text, key, value=not exc.at_key) if key else None
        span = Span(found[0], found[1], found[0], found[2], source) if found else None
        raise BoardError(exc.message, path=key, rule="H", span=span, key=key,
                         at_key=exc.at_key) from None


def _lower(message: str) -> str:
    """A message of tomllib's as the rest of a diagnostic: its first letter in lower case."""
    return message[:1].lower() + message[1:]


def _duplicate_key(text: str, message: str) -> str | None:
    """The reference a TOML "written twice" error is about, or None for any other error."""
    declared = re.match(r"Cannot declare \(.*'([^']+)'\) twice", message)
    if declared:
        key = declared.group(1)
    else:
        at = re.search(r"\(at line (\d+), column \d+\)", message)
        if not message.startswith("Cannot overwrite a value") or not at:
            return None
        lines = text.splitlines()
        n = int(at.group(1))
        key_match = re.match(r"""\s*["']?([A-Za-z0-9_-]+)["']?\s*=""",
                             lines[n - 1] if 0 < n <= len(lines) else "")
        if not key_match:
            return None
        key = key_match.group(1)
    return key if REFERENCE.match(key) else None


@lru_cache(maxsize=1)
def standard_board() -> Board:
    """The standard board of the game (package data), read once per process: from the
    package's folder where it is one (importing ``importlib.resources`` and the zip
    readers it loads costs more than reading the board), else through
    ``importlib.resources`` (a package in a zip file)."""
    beside = Path(__file__).parent.parent / "data" / "board.toml"
    try:
        text = beside.read_text("utf-8")
    except OSError:
        from importlib import resources

        text = resources.files("keyharvest").joinpath("data", "board.toml").read_text("utf-8")
    return parse_board(text, "standard board")


# -- board files named by records ------------------------------------------------------------
#: How a record read from standard input is named (it has no folder of its own).
_NO_FOLDER = ("", "-")
TRUST_HINT = ("give the board on the command line with --board FILE, or pass "
              "--trust-board-paths if you trust whoever wrote these files")


class BoardRefused(BoardError):
    """A board file a record names but may not open (see the module docstring)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, rule="H")
        self.hint = TRUST_HINT


def _has_no_folder(source: str) -> bool:
    return source in _NO_FOLDER or source.startswith("<")


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def consented_path(spec: str, source: str, *, trust: bool = False) -> Path:
    """The board file that the record (or position) read from ``source`` names as
    ``spec``, if it may be opened. Raises ``BoardRefused`` when it may not: the message
    depends only on ``spec`` and ``source``'s folder, never on what lies outside it."""
    if "\x00" in spec:
        raise BoardRefused(f"{spec!r} is not a path")
    path = Path(spec)
    if trust:
        if path.is_absolute() or _has_no_folder(source):
            return path
        return Path(source).parent / path
    if _has_no_folder(source):
        raise BoardRefused(f"{spec!r}: a record read from standard input has no folder, so "
                           "it may not name a board file")
    if path.is_absolute():
        raise BoardRefused(f"{spec!r} is an absolute path: a record may name a board file "
                           "only by a path relative to its own folder")
    folder = os.path.realpath(os.path.dirname(os.path.abspath(source)))
    lexical = os.path.normpath(os.path.join(folder, spec))
    if not _inside(lexical, folder):
        raise BoardRefused(f"{spec!r} leaves the record's folder: a record may name a board "
                           "file only inside its own folder")
    real = os.path.realpath(lexical)
    if not _inside(real, folder):
        raise BoardRefused(f"{spec!r} leads out of the record's folder through a symbolic "
                           "link: a record may name a board file only inside its own folder")
    return Path(real)


def named_board(spec: str, source: str, *, trust: bool = False) -> Board:
    """The board file ``spec`` named by the record or position read from ``source`` (see
    ``consented_path``). Raises ``BoardError`` whose message quotes ``spec`` and says why
    the file cannot be used, and nothing of what the file holds."""
    path = consented_path(spec, source, trust=trust)
    hint = None
    try:
        if not path.exists():
            why = "no such file"
        elif not path.is_file():
            why = "not a regular file"
        else:
            return load_board(path)
    except BoardError:
        why = "not a valid board file (RULES.md H)"
        hint = "give it with --board FILE to see what is wrong with it"
    except (OSError, ValueError):
        why = "it cannot be read"
    error = BoardError(f"{spec!r}: {why}", rule="H")
    error.hint = hint  # type: ignore[attr-defined]
    raise error


@lru_cache(maxsize=4)
def _given_board(path: str) -> Board:
    return load_board(path)


@dataclass(frozen=True)
class BoardAccess:
    """Which board files reading records and positions may open.

    ``board_file``: a board file the user gave (``--board FILE``): it is every record's
    board, whatever the record names. ``trust_paths``: follow whatever path a record names
    (``--trust-board-paths``). By default (``NAMED_ONLY``) only board files inside a
    record's own folder are opened (the module docstring)."""

    board_file: str | None = None
    trust_paths: bool = False

    def board_for(self, spec: str, source: str) -> Board:
        """The board of a record or position read from ``source`` that names ``spec``.
        Raises ``BoardError`` (``BoardRefused`` for a path it may not open)."""
        if self.board_file is not None:
            return _given_board(self.board_file)
        if spec == STANDARD:
            return standard_board()
        return named_board(spec, source, trust=self.trust_paths)


NAMED_ONLY = BoardAccess()
