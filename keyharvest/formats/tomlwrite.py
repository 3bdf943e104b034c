"""TOML as ``tomltext.dumps`` writes it, for the shapes a record's front matter has, cheaply.

``flat_dumps(data)`` is ``tomltext.dumps(data)``, byte for byte, when every value of
``data`` is a string, an int, a list of strings or a table of those (a record's front
matter as ``records.front_matter`` gives it: the setup, ``[tiles]``, ``[crops]``,
``[meta]``); None for anything else (a date, a float, a nested table, a list of tables),
which ``dumps`` then writes. ``keyharvest selfplay`` writes a front matter per game:
``dumps`` asks of every value what it is, where this writer knows.
"""

from __future__ import annotations

from typing import Any

from .tomltext import WIDTH, _array, _key_text, _string

#: The quoted text of the strings written lately (colours, tiles, crops, names: the
#: same few, game after game). Started again when it holds ``QUOTED_SIZE``.
_QUOTED: dict[str, str] = {}
QUOTED_SIZE = 4096


def flat_dumps(data: dict[str, Any]) -> str | None:
    """``tomltext.dumps(data)`` when ``data``'s values are strings, ints, lists of strings
    or tables of those (no nested table, no list of tables); else None."""
    lines: list[str] = []
    tables = []
    for key, value in data.items():
        if type(value) is dict:
            tables.append((key, value))
        elif not _entry(lines, key, value):
            return None
    for key, table in tables:  # each table after every other value, in order
        if lines:
            lines.append("")
        lines.append(f"[{_key_text(key)}]")
        for k, v in table.items():
            if not _entry(lines, k, v):
                return None
    return "\n".join(lines).strip("\n") + "\n"


def _entry(lines: list[str], key: str, value: object) -> bool:
    """Write ``key = value`` to ``lines`` as ``dumps`` does, if ``value`` is a string, an
    int or a list of strings (``dumps``'s ``_table``, ``literal``, ``_array``); else False."""
    kind = type(value)
    if kind is str:
        text = _QUOTED.get(value)  # type: ignore[call-overload]
        lines.append(f"{_key_text(key)} = {text or _quoted(value)}")  # type: ignore[arg-type]
    elif kind is int:
        lines.append(f"{_key_text(key)} = {value}")
    elif kind is list:
        if not all(type(v) is str for v in value):  # type: ignore[attr-defined]
            return False
        got = list(map(_QUOTED.get, value))  # type: ignore[call-overload]
        if None in got:
            got = list(map(_quoted, value))  # type: ignore[call-overload]
        line = f"{_key_text(key)} = [{', '.join(got)}]"
        lines.append(line if len(line) <= WIDTH else _array(_key_text(key), value))  # type: ignore[arg-type]
    else:
        return False
    return True


def _quoted(s: str) -> str:
    """``tomltext._string(s)``, remembered in ``_QUOTED``."""
    text = _QUOTED.get(s)
    if text is None:
        if len(_QUOTED) >= QUOTED_SIZE:
            _QUOTED.clear()
        text = _QUOTED[s] = _string(s)
    return text
