"""Bounds on input, so that memory stays flat whatever a file holds (README, "Security").

- ``MAX_RECORD_BYTES``: the largest record (``validate`` reads a file record by record),
  position, or whole input of a command that reads its input at once (``replay``,
  ``score``, ``fmt``, ``moves``, ``diff``, ``render``). A real game is a few kilobytes;
  the default is a thousand times that. ``--max-bytes SIZE`` raises (or lowers) it.
- ``read_bounded(stream, limit, source)`` reads at most ``limit`` bytes from a file, a pipe
  or a device (``/dev/zero`` ends at the bound like a file that is too large) and raises a
  positioned ``InputTooLarge`` beyond it.
- ``parse_size("8M")``: a size as the command line writes it.
- ``note_read(source, size)``: the readers say which input they are reading and how much
  of it is in; an out-of-memory error (``out_of_memory_line``) names it: the input is too
  big to hold (a raised ``--max-bytes``, a tight memory limit), not a bug.
- ``stdin_bytes()``: standard input as bytes; ``StreamClosed`` when it is closed (``<&-``).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Sequence
from errno import EBADF
from typing import IO

from ..errors import NotationError, Span, whole

#: The largest record, position or whole input read (bytes): 4 MiB.
MAX_RECORD_BYTES = 4 << 20
#: How much is read at a time.
CHUNK = 1 << 16

_SIZE = re.compile(r"\s*(\d+)\s*([kmg]?)(i?b)?\s*", re.IGNORECASE)
_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30}


class InputTooLarge(NotationError):
    """An input (or one record of it) larger than the bound."""


def describe_size(n: int) -> str:
    """``4 MiB``, ``512 KiB`` or ``100 bytes``."""
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size and n % size == 0:
            return f"{n // size} {unit}"
    return f"{n} bytes"


def parse_size(text: str) -> int:
    """The number of bytes written as ``text``: ``4000000``, ``512k``, ``8M``, ``1G``
    (``KB``/``KiB`` and the like too; units are powers of 1024). Raises ``ValueError``."""
    m = _SIZE.fullmatch(text)
    if not m or whole(m.group(1), "the size") < 1:
        raise ValueError(f"{text!r} is not a size: write a number of bytes, or one like 512k, "
                         "8M or 1G")
    return int(m.group(1)) * _UNITS[m.group(2).lower()]


def too_large(source: str, limit: int, what: str = "the input", line: int = 1) -> InputTooLarge:
    """The error for ``what`` (starting at ``line`` of ``source``) beyond ``limit`` bytes."""
    error = InputTooLarge(f"{what} is larger than {describe_size(limit)}: not read (a real "
                          "game is a few kilobytes; --max-bytes SIZE raises the limit)",
                          Span(line, 1, line, 1, source))
    error.kind = "io"
    return error


class StreamClosed(Exception):
    """Standard input or output is closed (``<&-``, ``>&-``): a usage error (exit 2), said
    in one line (``line``)."""

    def __init__(self, doing: str) -> None:
        self.line = f"cannot {doing}: {os.strerror(EBADF)}"
        super().__init__(self.line)


def stdin_bytes() -> IO[bytes]:
    """Standard input, as bytes; raises ``StreamClosed`` when it is closed (Python then
    makes ``sys.stdin`` None)."""
    if sys.stdin is None:
        raise StreamClosed("read from standard input")
    return sys.stdin.buffer


#: An input of this size or more may be what fills the memory (records are a few kB).
BLAMED_BYTES = 1 << 20
#: The input read last: its name and how many of its bytes are in (``note_read``).
_reading: list[tuple[str, int]] = [("", 0)]


def note_read(source: str, size: int) -> None:
    """Say that ``size`` bytes of ``source`` have been read: an out-of-memory error from
    here on names it."""
    _reading[0] = (source, size)


def out_of_memory_line(lower: Sequence[str] = ()) -> str:
    """What to say of a ``MemoryError``: which input was being read, how much of it; else
    which of the options ``lower`` (those the memory of the run grows with,
    ``play.bounds.MEMORY_OPTIONS``) to lower. An input of less than ``BLAMED_BYTES`` is
    not named: it is not what filled the memory."""
    source, size = _reading[0]
    if not source or size < BLAMED_BYTES:
        if not lower:
            return "out of memory: raise the memory limit"
        options = ", ".join(lower[:-1]) + " or " + lower[-1] if len(lower) > 1 else lower[0]
        return f"out of memory: lower {options}, or raise the memory limit"
    return (f"out of memory reading {source} ({size / 1e6:.0f} MB read): lower --max-bytes "
            "or raise the memory limit")


def read_bounded(stream: IO[bytes], limit: int = MAX_RECORD_BYTES,
                 source: str = "<stdin>") -> bytes:
    """Everything ``stream`` holds, if it is at most ``limit`` bytes; raises
    ``InputTooLarge`` (at line 1) as soon as more arrives, having held at most ``limit``
    bytes and one chunk. Works the same on files, pipes and devices."""
    parts: list[bytes] = []
    size = 0
    read = getattr(stream, "read1", stream.read)
    while True:
        block = read(min(CHUNK, limit + 1 - size))
        if not block:
            return b"".join(parts)
        size += len(block)
        note_read(source, size)
        if size > limit:
            raise too_large(source, limit)
        parts.append(block)


__all__ = ["MAX_RECORD_BYTES", "InputTooLarge", "StreamClosed", "describe_size", "note_read",
           "out_of_memory_line", "parse_size", "read_bounded", "stdin_bytes", "too_large"]
