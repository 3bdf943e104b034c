"""Cutting a file of records at its ``+++`` lines: the one place that knows where a record
begins, for every reader (``records.iter_records`` on text, ``validate`` on the bytes of
a big input, read in blocks).

The rules, the same for text and for bytes:

- a line ends at ``\\n``, ``\\r\\n`` or a lone ``\\r`` (line numbers count those breaks);
- a delimiter is a line that is ``+++`` once stripped of white space and of a byte order
  mark (files joined by ``cat`` keep theirs);
- the 1st, 3rd, 5th ... delimiter opens a record, the others close its front matter;
- two marks of a record boundary in the wrong place start a new record, so that one broken
  record does not pair every later delimiter wrongly: a ``+++`` that ends a longer line
  opens a record there (``Piece.runs_on``: the file before it ends without a line break,
  as ``cat`` of a file cut short gives), and so does a front-matter line (``key = ...``)
  where movetext is expected (``Piece.unopened``: its opening ``+++`` is missing); the
  reader reports both;
- blank and comment (``#``) lines before the first record are left out of it; anything
  else there stays with it (a ``Piece`` from the start of the input), for the reader to
  reject.

``cut(blocks)`` yields ``Piece`` s: the exact text (or bytes) of each record, the line it
starts on, and where its front matter and movetext are. The input comes in blocks;
delimiters are found with ``find`` over each block's whole lines (the part of a line that
runs on into the next block waits for it) and lines are counted with ``count``, so that
cutting a big input is little work. Only the record being gathered and one block are held.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

DELIMITER = "+++"

S = TypeVar("S", str, bytes)


@dataclass(frozen=True)
class _Marks(Generic[S]):
    nl: S
    cr: S
    crlf: S
    plus: S
    bom: S
    empty: S
    eq: S
    key: re.Pattern[S]  # a front-matter line: ``key = ...``


#: The start of a front-matter line (a TOML key and its ``=``); movetext has no ``=``.
_KEY = r"[ \t]*[A-Za-z_][A-Za-z0-9_-]*[ \t]*="
_TEXT = _Marks("\n", "\r", "\r\n", DELIMITER, "\ufeff", "", "=", re.compile(_KEY))
_BYTES = _Marks(b"\n", b"\r", b"\r\n", DELIMITER.encode(), b"\xef\xbb\xbf", b"", b"=",
                re.compile(_KEY.encode()))


def _marks(data: str | bytes) -> _Marks[Any]:
    return _TEXT if isinstance(data, str) else _BYTES


@dataclass(slots=True)
class Piece(Generic[S]):
    """One record as written: ``data`` runs from the start of its opening line (or of the
    input, when something other than comments comes before the first delimiter) to the
    start of the next record's opening line, or to the end of the input (``last``).

    ``line`` is the line of ``data``'s first line in the input and ``index`` the number of
    the record (from 1). Offsets into ``data``: ``opening`` is where the opening line
    starts (None: no delimiter at all), ``front`` where the front matter starts (after the
    opening line), ``close`` where the closing line starts (None: not closed) and ``body``
    where the movetext starts.

    ``runs_on``: ``data`` ends in the middle of a line, at a ``+++`` that ends it and opens
    the next record (its file ended without a line break, the next one was joined to it).
    ``unopened``: the record starts with a front-matter line where the movetext of the one
    before it was expected, without an opening ``+++`` (``opening`` is 0, and so is
    ``front``)."""

    data: S
    line: int
    index: int
    last: bool
    opening: int | None = None
    opening_end: int = 0  # where the opening line's text ends (its break starts)
    close: int | None = None
    close_end: int = 0
    runs_on: bool = False
    unopened: bool = False

    @property
    def front(self) -> int:
        if self.unopened:
            return 0
        return _next_line(self.data, self.opening_end, _marks(self.data))

    @property
    def body(self) -> int:
        return _next_line(self.data, self.close_end, _marks(self.data))

    @property
    def opening_line(self) -> int:
        """The line of the opening delimiter."""
        if self.opening is None:
            return self.line
        return self.line + breaks_in(self.data, 0, self.opening)

    @property
    def close_line(self) -> int:
        """The line of the closing delimiter (of the opening one, when there is none)."""
        if self.close is None:
            return self.opening_line
        return self.line + breaks_in(self.data, 0, self.close)


def breaks_in(data: str | bytes, start: int = 0, end: int | None = None) -> int:
    """The line breaks in ``data[start:end]`` (``\\n``, ``\\r\\n``, lone ``\\r``), without
    a copy. ``start`` and ``end`` are line starts (no ``\\r\\n`` straddles them)."""
    m = _marks(data)
    end = len(data) if end is None else end
    breaks = data.count(m.nl, start, end)
    if data.find(m.cr, start, end) < 0:  # the usual case: a look for one, not a count
        return breaks
    return breaks + data.count(m.cr, start, end) - data.count(m.crlf, start, end)


def normalize(text: S) -> S:
    """``text`` with every line break written ``\\n``."""
    m = _marks(text)
    if m.cr not in text:
        return text
    return text.replace(m.crlf, m.nl).replace(m.cr, m.nl)


def split_lines(text: S) -> list[S]:
    """The lines of ``text`` (a final line break ends a last, empty line)."""
    return normalize(text).split(_marks(text).nl)


def joined(text: S, more: bool = True) -> S:
    """The lines that ``text`` (a run of whole lines) holds, joined by ``\\n``: without the
    break that ends the last of them, unless ``more`` is False (the run reaches the end of
    its input, where a final break ends a last, empty line)."""
    text = normalize(text)
    return text[:-1] if more and text.endswith(_marks(text).nl) else text


def _stripped(line: str | bytes) -> str:
    if isinstance(line, bytes):
        line = line.decode("utf-8", "replace")
    return line.strip()


def is_delimiter(line: str | bytes) -> bool:
    """Whether ``line`` (without its line break, nor a byte order mark) is a delimiter."""
    if isinstance(line, bytes) and line.strip() == _BYTES.plus:  # the usual case, at once
        return True
    return _stripped(line) == DELIMITER


def is_blank_or_comment(line: str | bytes) -> bool:
    """Whether ``line`` (without its line break, nor a byte order mark) may come before the
    first record."""
    s = _stripped(line)
    return not s or s.startswith("#")


def _line_end(data: S, at: int, end: int, m: _Marks[Any]) -> int:
    last = data.find(m.nl, at, end)
    if last < 0:
        last = end
    r = data.find(m.cr, at, last)
    return last if r < 0 else r


def _next_line(data: S, last: int, m: _Marks[Any]) -> int:
    """The start of the line after the one that ends at ``last``."""
    if data[last:last + 2] == m.crlf:
        return last + 2
    return min(last + 1, len(data))


def _line_start(data: S, start: int, at: int, m: _Marks[Any]) -> int:
    first = max(data.rfind(m.nl, start, at) + 1, start)
    r = data.rfind(m.cr, first, at)
    return first if r < 0 else r + 1


def _delimiters(data: S, start: int, end: int) -> list[tuple[int, int, bool | None]]:
    """(start, end, mid-line) of the delimiters among the whole lines of
    ``data[start:end]`` (``start`` is a line start), then ``(end, end, None)``: a search
    for ``+++``, then a look at the line around each one found. A delimiter line is given
    from its start; a ``+++`` that ends a longer line from the ``+++`` (mid-line: True)."""
    m = _marks(data)
    found: list[tuple[int, int, bool | None]] = []
    at = _plus(data, start, end, m)
    while at >= 0:
        first = _line_start(data, start, at, m)
        last = _line_end(data, at, end, m)
        line = data[first:last].removeprefix(m.bom)
        if is_delimiter(line):
            found.append((first, last, False))
        elif _runs_into(line):
            found.append((data.rfind(m.plus, first, last), last, True))
        at = _plus(data, last, end, m)
    found.append((end, end, None))
    return found


def _runs_into(line: str | bytes) -> bool:
    """Whether ``line`` (not a delimiter) ends with a ``+++`` that starts a record: not in
    a comment."""
    s = _stripped(line)
    return s.endswith(DELIMITER) and not s.startswith("#")


def _front_line(data: S, start: int, end: int, m: _Marks[Any]) -> int:
    """Where the first front-matter line (``key = ...``) among the whole lines of
    ``data[start:end]`` starts (-1: none): a search for ``=``, which movetext does not
    hold, then a look at the line."""
    at = data.find(m.eq, start, end)
    while at >= 0:
        first = _line_start(data, start, at, m)
        if m.key.match(data, first, at + 1):
            return first
        at = data.find(m.eq, _line_end(data, at, end, m), end)
    return -1


def _plus(data: S, start: int, end: int, m: _Marks[Any]) -> int:
    """Where ``+++`` is first found in ``data[start:end]`` (-1: nowhere): a look for one
    ``+`` (a search for one character, much cheaper than one for three), then the usual
    search from there when the two after it are not ``++``."""
    at = data.find(m.plus[:1], start, end)
    if at < 0 or data[at:at + 3] == m.plus:
        return at if at < 0 or at + 3 <= end else -1
    return data.find(m.plus, at, end)


def _head_is_clean(data: S, end: int) -> bool:
    """Whether the lines of ``data[:end]`` (the start of the input) are blank or comments."""
    m = _marks(data)
    return all(map(is_blank_or_comment, split_lines(data[:end].removeprefix(m.bom))))


def cut(blocks: Iterable[S], *, line: int = 1) -> Iterator[Piece[S]]:
    """The records of the input that ``blocks`` (text, or bytes) make, one ``Piece`` at a
    time, lines counted from ``line``. An input without a delimiter is one piece (with
    ``opening`` None); an empty input too."""
    it = iter(blocks)
    buf = None
    for block in it:
        buf = block
        break
    if buf is None:
        return
    m = _marks(buf)
    base = 0  # the offset of buf[0] in the input
    scanned = 0  # buf[:scanned] is searched for delimiters: whole lines only
    start = 0  # where the piece being gathered starts in buf
    first_line = line  # its line
    counted, counted_line = 0, line  # buf[counted] is a line start, on line counted_line
    marks: list[tuple[int, int]] = []  # its delimiters: the opening (if any) and closing
    delimiters = 0
    unopened = False  # the piece being gathered has no opening '+++' (Piece.unopened)
    index = 0  # the number of the piece being gathered (0: none yet)
    done = False
    fresh = True  # buf holds a block not yet scanned
    while True:
        if fresh:
            end = max(buf.rfind(m.nl, scanned), buf.rfind(m.cr, scanned)) + 1
        if done:
            end = len(buf)
        if end > scanned:
            pos = scanned  # buf[pos:] is not yet searched for front-matter lines
            for at, stop, mid in _delimiters(buf, scanned, end):
                if delimiters and delimiters % 2 == 0:  # in a movetext
                    key = _front_line(buf, pos, at, m)
                    if key >= 0:  # a record without its opening '+++' starts here
                        counted_line += breaks_in(buf, counted, key)
                        counted = key
                        yield _piece(buf, start, key, first_line, index, False, marks, unopened)
                        start, first_line = key, counted_line
                        marks, unopened = [(key, key)], True
                        index += 1
                        delimiters = 1
                if mid is None:
                    break
                pos = stop
                delimiters += 1
                if delimiters % 2 == 0 and not mid:  # it closes the front matter
                    marks.append((at, stop))
                    continue
                delimiters = 1
                counted_line += breaks_in(buf, counted, at)
                counted = at
                if index:
                    yield _piece(buf, start, at, first_line, index, False, marks, unopened,
                                 runs_on=bool(mid))
                    start, first_line = at, counted_line
                elif base == 0 and _head_is_clean(buf, at):
                    start, first_line = at, counted_line
                marks, unopened = [(at, stop)], False
                index += 1
            scanned = end
        if done:
            break
        block = next(it, m.empty)
        if not block:
            done = True
            fresh = False
            continue
        if start:  # forget what has been given out
            buf = buf[start:]
            base += start
            scanned, counted = scanned - start, counted - start
            marks = [(a - start, b - start) for a, b in marks]
            start = 0
        buf += block
        fresh = True
    yield _piece(buf, start, len(buf), first_line, max(index, 1), True, marks, unopened)


def _piece(buf: S, start: int, end: int, line: int, index: int, last: bool,
           marks: list[tuple[int, int]], unopened: bool = False,
           runs_on: bool = False) -> Piece[S]:
    data = buf[start:end]
    if not marks:
        return Piece(data, line, index, last, runs_on=runs_on)
    (open_at, open_end), *rest = marks
    close_at, close_end = rest[0] if rest else (None, 0)
    return Piece(data, line, index, last, open_at - start, open_end - start,
                 None if close_at is None else close_at - start,
                 close_end - start if rest else 0, runs_on, unopened)


__all__ = ["DELIMITER", "Piece", "breaks_in", "cut", "is_blank_or_comment", "is_delimiter",
           "joined", "normalize", "split_lines"]
