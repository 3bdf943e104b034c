"""TOML as ``tomltext.dumps`` writes it, for the shapes a record's front matter has, cheaply.

``flat_dumps(data)`` is ``tomltext.dumps(data)``, byte for byte, when every value of
``data`` is a string, an int, a list (or a tuple) of strings or a table of those (a record's front
matter as ``records.front_matter`` gives it: the setup, ``[tiles]``, ``[crops]``,
``[meta]``); None for anything else (a date, a float, a nested table, a list of tables),
which ``dumps`` then writes. ``keyharvest selfplay`` writes a front matter per game:
``dumps`` asks of every value what it is, where this writer knows.
"""

from __future__ import annotations

from typing import Any

from .tomltext import WIDTH, array_lines, key_text, toml_string

#: The quoted text of the strings written lately (colours, tiles, crops, names: the
#: same few, game after game), and the text of the keys (``key_text``'s). Each started again
#: when it holds ``QUOTED_SIZE``.
_QUOTED: dict[str, str] = {}
_KEYS: dict[str, str] = {}
#: The lines ``key = value`` written lately of a string or a list of strings, by the key and
#: the value (a tuple for a list): the front matter of self-play repeats most of its lines.
_LINES: dict[tuple[str, str | tuple[str, ...]], str] = {}
QUOTED_SIZE = 4096


def flat_dumps(data: dict[str, Any]) -> str | None:
    """``tomltext.dumps(data)`` when ``data``'s values are strings, ints, lists (or tuples)
    of strings or tables of those (no nested table, no list of tables); else None."""
    lines: list[str] = []
    tables = []
    for key, value in data.items():
        if type(value) is dict:
            tables.append((key, value))
            continue
        line = entry(key, value)
        if line is None:
            return None
        lines.append(line)
    for key, table in tables:  # each table after every other value, in order
        if lines:
            lines.append("")
        lines.append(f"[{_KEYS.get(key) or _key(key)}]")
        for k, v in table.items():
            line = entry(k, v)
            if line is None:
                return None
            lines.append(line)
    return "\n".join(lines).strip("\n") + "\n"


def entry(key: str, value: Any) -> str | None:
    """``key = value`` as ``dumps`` writes it, if ``value`` is a string, an int or a list
    (or a tuple) of strings (``dumps``'s ``_table``, ``literal``, ``array_lines``); else None.
    The lines of strings written lately are remembered (``_LINES``)."""
    kind = type(value)
    if kind is int:
        return f"{_KEYS.get(key) or _key(key)} = {value}"
    if kind is list:
        value = tuple(value)
    elif kind is not str and kind is not tuple:
        return None
    try:
        line = _LINES.get((key, value))
    except TypeError:  # a value in the list that is not a string (one that has no hash)
        return None
    return line if line is not None else _line(key, value)


def _line(key: str, value: Any) -> str | None:
    """``entry(key, value)`` for a string or a tuple, remembered in ``_LINES`` when it is no
    longer than ``WIDTH`` and made of plain strings (a value of another type may equal one
    of those and be written otherwise)."""
    name = _KEYS.get(key) or _key(key)
    if type(value) is str:
        line = f"{name} = {_QUOTED.get(value) or _quoted(value)}"
    else:
        if list(map(type, value)).count(str) != len(value):
            return None
        try:  # every string quoted before (the usual case)
            items = ", ".join(map(_QUOTED.__getitem__, value))
        except KeyError:
            items = ", ".join(map(_quoted, value))
        line = f"{name} = [{items}]"
        if len(line) > WIDTH:
            return array_lines(name, value)
    if len(line) <= WIDTH and type(key) is str:
        if len(_LINES) >= QUOTED_SIZE:
            _LINES.clear()
        _LINES[key, value] = line
    return line


def _quoted(s: str) -> str:
    """``tomltext.toml_string(s)``, remembered in ``_QUOTED``."""
    text = _QUOTED.get(s)
    if text is None:
        if len(_QUOTED) >= QUOTED_SIZE:
            _QUOTED.clear()
        text = _QUOTED[s] = toml_string(s)
    return text


def _key(key: str) -> str:
    """``tomltext.key_text(key)``, remembered in ``_KEYS`` for a plain string (a value
    of a subclass of ``str`` may be written otherwise)."""
    text = key_text(key)
    if type(key) is str:
        if len(_KEYS) >= QUOTED_SIZE:
            _KEYS.clear()
        _KEYS[key] = text
    return text
