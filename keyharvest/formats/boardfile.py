"""Reading board files (TOML) into ``Board`` objects; the standard board ships as package data."""

from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from importlib import resources
from pathlib import Path

from ..errors import BoardError
from ..model.board import REFERENCE, Board

STANDARD = "standard"
#: A board file describes 56 spaces in a few kilobytes; anything far larger is not one.
MAX_BOARD_BYTES = 1 << 20


def load_board(path: str | Path | None = None) -> Board:
    """The board in ``path``, or the standard board when ``path`` is None or "standard".

    Raises ``BoardError`` (with the file and key path) for a missing or malformed file.
    """
    if path is None or str(path) == STANDARD:
        return standard_board()
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
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise BoardError(f"cannot read board file: {exc}", path=str(p), rule="H") from None
    return parse_board(text, str(p))


def parse_board(text: str, source: str = "<board>") -> Board:
    """A board from the text of a board file. Raises ``BoardError``."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        ref = _duplicate_key(text, str(exc))
        if ref is not None:  # say which space is written twice, not just "cannot overwrite"
            raise BoardError(f"duplicate reference {ref!r} (bad TOML: {exc})",
                             path=f"{source}: spaces.{ref}", rule="H") from None
        raise BoardError(f"bad TOML: {exc}", path=source, rule="H") from None
    return Board.from_mapping(data, source)


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
    text = resources.files("keyharvest").joinpath("data", "board.toml").read_text("utf-8")
    return parse_board(text, "standard board")
