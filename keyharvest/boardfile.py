"""Reading board files (TOML) into ``Board`` objects; the standard board ships as package data."""

from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import resources
from pathlib import Path

from .board import Board
from .errors import BoardError

STANDARD = "standard"


def load_board(path: str | Path | None = None) -> Board:
    """The board in ``path``, or the standard board when ``path`` is None or "standard".

    Raises ``BoardError`` (with the file and key path) for a missing or malformed file.
    """
    if path is None or str(path) == STANDARD:
        return standard_board()
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise BoardError(f"cannot read board file: {exc}", path=str(p), rule="H") from None
    return parse_board(text, str(p))


def parse_board(text: str, source: str = "<board>") -> Board:
    """A board from the text of a board file. Raises ``BoardError``."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BoardError(f"bad TOML: {exc}", path=source, rule="H") from None
    return Board.from_mapping(data, source)


@lru_cache(maxsize=1)
def standard_board() -> Board:
    text = resources.files("keyharvest").joinpath("data", "board.toml").read_text("utf-8")
    return parse_board(text, "standard board")
