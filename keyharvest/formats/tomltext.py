"""Small helpers for TOML read by hand-writable files (record front matter, positions).

``tomllib`` parses but says nothing about where a key was written; these helpers find the
line of a key path in the text again, so that a schema error can point at the line, and
turn ``tomllib``'s messages into a line and column. ``ValueChecker`` is the one checker of
the values both kinds of file hold (words, numbers, strings, tables, colours, crops,
letters), going on after a bad one.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from ..errors import MAX_DIGITS, KeyHarvestError, noted, quoted, raise_first
from ..model.catalogue import PLAYER_COLOURS

if TYPE_CHECKING:  # at run time, imported when a text is not plain (module __getattr__)
    import tomllib
    from tomllib import TOMLDecodeError as TOMLDecodeError  # noqa: PLC0414 - a re-export

T = TypeVar("T")
_AT = re.compile(r"\(at line (\d+), column (\d+)\)")
_PART = r"(?:[A-Za-z0-9_-]+|\"[^\"]*\"|'[^']*')"  # a bare or quoted key
_KEY = re.compile(rf"\s*({_PART}(?:\s*\.\s*{_PART})*)\s*=")
_PATH = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


#: The plain TOML of a written record's front matter and of the standard board, a line at a
#: time: ``key = value`` (a bare key, one space each side of ``=``; a string with no escape
#: or control character, a whole number in decimal, an array of such strings, an array of
#: such arrays, or an inline table of strings and numbers, written ``{ k = v, k = v }``),
#: ``[table]``, or a comment line.
_STRING = r'"[^"\\\x00-\x1f\x7f]*"'
_SCALAR = rf"{_STRING}|0|[1-9][0-9]*"
_STRINGS = rf"\[(?:{_STRING}(?:, {_STRING})*)?\]"
_PAIR = rf"[A-Za-z0-9_-]+ = (?:{_SCALAR})"
_PLAIN_LINE = re.compile(rf"([A-Za-z0-9_-]+) = ({_SCALAR}|{_STRINGS}"
                         rf"|\[{_STRINGS}(?:, {_STRINGS})*\]|\{{ {_PAIR}(?:, {_PAIR})* \}})")
_PLAIN_TABLE = re.compile(r"\[([A-Za-z0-9_-]+)\]")
_PLAIN_COMMENT = re.compile(r"#[^\x00-\x08\x0a-\x1f\x7f]*")
_PLAIN_ITEM = re.compile(_STRING)
_PLAIN_ITEMS = re.compile(_STRINGS)
_PLAIN_PAIR = re.compile(rf"([A-Za-z0-9_-]+) = ({_SCALAR})")
#: A run of decimal digits, as TOML writes whole numbers (``1_000`` too).
_DIGITS = re.compile(r"[0-9](?:_?[0-9])*")


def loads(text: str) -> dict[str, Any]:
    """``tomllib.loads(text)``: the same data, and the same ``TOMLDecodeError`` (and
    ``RecursionError``) for bad TOML. A text of plain lines only (as ``dumps`` writes a
    record's front matter: see ``_PLAIN_LINE``) is read without ``tomllib``, at a
    fraction of the cost; anything else is ``tomllib``'s.

    A whole number of more digits than Python reads (``sys.get_int_max_str_digits``) is a
    ``TOMLDecodeError`` at its line and column too: ``tomllib`` lets Python's own
    ``ValueError`` out, which is no diagnosis of the text."""
    data = _plain(text)
    if data is not None:
        return data
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        raise
    except ValueError:
        error = _too_many_digits(text)
        if error is None:  # not a number's: not the text's fault that we know of
            raise
        raise error from None


def _too_many_digits(text: str) -> tomllib.TOMLDecodeError | None:
    """The error for the first number of ``text`` too long for Python to read, if any."""
    import tomllib

    limit = sys.get_int_max_str_digits()
    for m in _DIGITS.finditer(text):
        digits = m.group().replace("_", "")
        if len(digits) > limit:
            line = text.count("\n", 0, m.start()) + 1
            column = m.start() - (text.rfind("\n", 0, m.start()) + 1) + 1
            return tomllib.TOMLDecodeError(
                f"Whole number of {len(digits)} digits: at most {limit} are read "
                f"(at line {line}, column {column})")
    return None


def _plain(text: str) -> dict[str, Any] | None:
    """The data of ``text`` if every line is plain (or empty) and no key or table is
    defined twice, else None (``tomllib`` decides). Each line's reading is remembered
    (``_LINES``): the lines of written records come back record after record."""
    root: dict[str, Any] = {}
    table = root
    lines = _LINES
    for line in text.split("\n"):
        if not line:
            continue
        got = lines.get(line)
        if got is None:
            got = _plain_line(line)
            if len(line) <= _LINE_HELD:
                if len(lines) >= _LINES_HELD:
                    lines.clear()
                lines[line] = got
        kind, key, value = got
        if kind is _PAIR_LINE:
            if key in table:
                return None
            # (a value is shared by every text that has the line: a list is copied)
            table[key] = list(value) if type(value) is tuple else value
        elif kind is _NESTED_LINE:  # read again: a value of its own for each text
            if key in table:
                return None
            table[key] = _plain_value(value)
        elif kind is _TABLE_LINE:
            if key in root:
                return None
            table = root[key] = {}
        elif kind is not _COMMENT_LINE:
            return None
    return root


#: What ``_plain_line`` reads a line as; how many lines ``_LINES`` holds at most, and how
#: long a line it holds (memory stays bounded).
_PAIR_LINE, _NESTED_LINE, _TABLE_LINE, _COMMENT_LINE, _OTHER_LINE = (
    "pair", "nested", "table", "comment", "other")
_LINES_HELD = 1 << 12
_LINE_HELD = 200
_LINES: dict[str, tuple[str, str, Any]] = {}


def _plain_line(line: str) -> tuple[str, str, Any]:
    """(kind, key or table, value) of a line that is not empty: a plain ``key = value``
    (its value a string, a number or a tuple of strings, which ``_plain`` hands out as a
    list; an array of arrays or an inline table is "nested", its value the text that
    ``_plain_value`` reads each time), a ``[table]``, a comment, or "other" (``tomllib``
    decides)."""
    m = _PLAIN_LINE.fullmatch(line)
    if m is not None:
        key, value = m.groups()
        got = _plain_value(value)
        if got is not None and (value[0] == "{" or value[:2] == "[["):
            return _NESTED_LINE, key, value
        if got is None:
            return _OTHER_LINE, "", None
        return _PAIR_LINE, key, tuple(got) if type(got) is list else got
    if line[0] == "#" and _PLAIN_COMMENT.fullmatch(line):
        return _COMMENT_LINE, "", None
    m = _PLAIN_TABLE.fullmatch(line)
    if m is None:
        return _OTHER_LINE, "", None
    return _TABLE_LINE, m.group(1), None


def _plain_value(value: str) -> Any:
    """The value of a plain line (``_PLAIN_LINE``), or None where ``tomllib`` decides: a
    long number (its error if Python will not read it), a key twice in an inline table."""
    first = value[0]
    if first == '"':
        return value[1:-1]
    if first == "[":
        if value[1:2] == "[":
            return [[item[1:-1] for item in _PLAIN_ITEM.findall(items)]
                    for items in _PLAIN_ITEMS.findall(value, 1)]
        return [item[1:-1] for item in _PLAIN_ITEM.findall(value)]
    if first == "{":
        inline: dict[str, Any] = {}
        for key, scalar in _PLAIN_PAIR.findall(value):
            got = _plain_value(scalar)
            if got is None or key in inline:
                return None
            inline[key] = got
        return inline
    return int(value) if len(value) <= MAX_DIGITS else None


def decode_error(exc: tomllib.TOMLDecodeError, text: str) -> tuple[str, int, int]:
    """The message of ``exc`` without its position, and the 1-based line and column."""
    msg = str(exc)
    m = _AT.search(msg)
    if m:
        return msg[:m.start()].strip(), int(m.group(1)), int(m.group(2))
    lines = text.split("\n")
    msg = msg.replace("(at end of document)", "").strip()
    return msg + " at the end", len(lines), len(lines[-1]) + 1


def split_path(path: str) -> list[str | int]:
    """``"red.store[1].bid"`` -> ``["red", "store", 1, "bid"]``."""
    out: list[str | int] = []
    for name, index in _PATH.findall(path):
        out.append(int(index) if index else name.strip())
    return out


def _split_key(key: str) -> list[str]:
    outside_quotes = r"\.(?=(?:[^\"']*[\"'][^\"']*[\"'])*[^\"']*$)"
    return [k.strip().strip("\"'") for k in re.split(outside_quotes, key)]


def locate_span(text: str, path: str, value: bool = False) -> tuple[int, int, int] | None:
    """(line, column, end column) of the key ``path`` in ``text`` (of its value with
    ``value=True``, when the key itself is found), else of its nearest written ancestor."""
    at = locate(text, path)
    if at is None:
        return None
    line_no, col = at
    line = text.split("\n")[line_no - 1]
    end = len(line.rstrip()) + 1
    if not value:
        m = _KEY.match(line)
        if m is not None and not line.lstrip().startswith("["):
            end = m.end(1) + 1
    else:
        m = _KEY.match(line)
        if m is not None and _key_path_matches(text, line_no, path):
            rest = line[m.end():]
            col = m.end() + len(rest) - len(rest.lstrip()) + 1
            hash_at = _comment_start(line, col - 1)
            end = len(line[:hash_at].rstrip()) + 1 if hash_at is not None else end
    return line_no, col, max(end, col + 1)


def _comment_start(line: str, start: int) -> int | None:
    quote = None
    for i in range(start, len(line)):
        ch = line[i]
        if quote:
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            return i
    return None


def _key_path_matches(text: str, line_no: int, path: str) -> bool:
    """Whether the key written on ``line_no`` is the whole of ``path``."""
    want = split_path(path)
    table: list[str | int] = []
    arrays: dict[tuple[Any, ...], int] = {}
    for no, line in enumerate(text.split("\n")[:line_no], 1):
        stripped = line.strip()
        if stripped.startswith("[["):
            name = tuple(_split_key(stripped[2:stripped.find("]]")]))
            arrays[name] = arrays.get(name, -1) + 1
            table = [*name, arrays[name]]
        elif stripped.startswith("["):
            table = list(_split_key(stripped[1:stripped.find("]")]))
        elif no == line_no:
            m = _KEY.match(line)
            return m is not None and [*table, *_split_key(m.group(1))] == want
    return False


def locate(text: str, path: str) -> tuple[int, int] | None:
    """The (line, column) where the key ``path`` is written in ``text``, or where its
    nearest written ancestor is; None when nothing of it is found."""
    want = split_path(path)
    if not want:
        return None
    best: tuple[int, tuple[int, int] | None] = (0, None)
    table: list[str | int] = []
    arrays: dict[tuple[Any, ...], int] = {}
    for no, line in enumerate(text.split("\n"), 1):
        stripped = line.strip()
        if stripped.startswith("[["):
            name = tuple(_split_key(stripped[2:stripped.find("]]")]))
            arrays[name] = arrays.get(name, -1) + 1
            table = [*name, arrays[name]]
            cand = table
        elif stripped.startswith("["):
            table = list(_split_key(stripped[1:stripped.find("]")]))
            cand = table
        else:
            m = _KEY.match(line)
            if not m:
                continue
            cand = [*table, *_split_key(m.group(1))]
        score = 0
        for a, b in zip(cand, want):
            if a != b:
                break
            score += 1
        if score > best[0] or (score == best[0] == len(want) and best[1] is None):
            best = (score, (no, len(line) - len(line.lstrip()) + 1))
    return best[1]


def deepest_value(text: str) -> tuple[int, int]:
    """Where (1-based line and column) the value that nests deepest in the TOML ``text``
    begins: the ``[`` or ``{`` that opens it at the top of its key, for an error about
    values nested too deeply. Strings and comments are skipped; (1, 1) if nothing nests."""
    depth = deepest = 0
    line, line_start = 1, 0
    opened = best = (1, 1)
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\n":
            line, line_start = line + 1, i + 1
        elif ch == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        elif ch in "\"'":
            quote = text[i:i + 3] if text[i:i + 3] in ('"""', "'''") else ch
            j = i + len(quote)
            while j < n and text.startswith(quote, j) is False:
                if ch == '"' and text[j] == "\\":
                    j += 1
                elif text[j] == "\n" and len(quote) == 1:
                    break
                j += 1
            skipped = text[i:j]
            breaks = skipped.count("\n")
            if breaks:
                line, line_start = line + breaks, i + skipped.rindex("\n") + 1
            i = j + len(quote)
            continue
        elif ch in "[{" and (depth or _after_equals(text, line_start, i)):
            if depth == 0:
                opened = (line, i - line_start + 1)
            depth += 1
            if depth > deepest:
                deepest, best = depth, opened
        elif ch in "]}" and depth:
            depth -= 1
        i += 1
    return best


def _after_equals(text: str, line_start: int, at: int) -> bool:
    """Whether the bracket at ``at`` opens a value (``key = [``), not a table header."""
    return "=" in text[line_start:at]


def key_hint(key: str, known: Iterable[str]) -> str | None:
    """"did you mean" for an unknown ``key`` among ``known``."""
    if len(key) > 60:  # no key is that long (and difflib's work grows with it)
        return None
    import difflib  # here: only a message needs it (kept off start-up)

    match = difflib.get_close_matches(key.lower(), list(known), n=1, cutoff=0.6)
    return f"did you mean '{match[0]}'?" if match else None


# -- writing ----------------------------------------------------------------------------------
WIDTH = 100
_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def toml_string(s: str) -> str:
    """``s`` as a TOML basic string, quoted and escaped."""
    if s.isprintable() and '"' not in s and "\\" not in s:  # nothing to escape
        return f'"{s}"'
    out = ['"']
    for ch in s:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch in "\b\t\n\f\r":
            out.append({"\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def key_text(key: str) -> str:
    """``key`` as a TOML key: bare where TOML allows it, else quoted."""
    return key if _BARE.match(key) else toml_string(key)


class _Text(str):
    """Text already written, on the stack of ``literal``."""


def literal(value: object) -> str:
    """``value`` as an inline TOML value (lists and tables on one line).

    Written without recursion: metadata may nest as deeply as TOML allows."""
    kind = type(value)
    if kind is str:  # the common values of a record's front matter, written directly
        return toml_string(value)  # type: ignore[arg-type]
    if kind is list and all(type(v) is str for v in value):  # type: ignore[attr-defined]
        return f"[{', '.join(map(toml_string, value))}]"  # type: ignore[call-overload]
    out: list[str] = []
    stack: list[object] = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, _Text):
            out.append(v)
        elif isinstance(v, bool):
            out.append("true" if v else "false")
        elif isinstance(v, str):
            out.append(toml_string(v))
        elif isinstance(v, int):
            out.append(str(v))
        elif isinstance(v, (list, tuple)):
            parts: list[object] = [_Text("[")]
            for i, item in enumerate(v):
                if i:
                    parts.append(_Text(", "))
                parts.append(item)
            parts.append(_Text("]"))
            stack.extend(reversed(parts))
        elif isinstance(v, dict):
            if not v:
                out.append("{}")
                continue
            parts = [_Text("{ ")]
            for i, (k, item) in enumerate(v.items()):
                parts.append(_Text((", " if i else "") + f"{key_text(k)} = "))
                parts.append(item)
            parts.append(_Text(" }"))
            stack.extend(reversed(parts))
        else:
            import tomli_w

            out.append(tomli_w.dumps({"v": v}).split("=", 1)[1].strip())
    return "".join(out)


def array_lines(key: str, values: list[Any] | tuple[Any, ...]) -> str:
    """``key = [values]`` on one line within ``WIDTH``, else wrapped to that width."""
    one = f"{key} = {literal(values)}"
    if len(one) <= WIDTH:
        return one
    lines = [f"{key} = ["]
    row = "   "
    for v in values:
        piece = f" {literal(v)},"
        if len(row) + len(piece) > WIDTH and row.strip():
            lines.append(row)
            row = "   "
        row += piece
    if row.strip():
        lines.append(row)
    lines.append("]")
    return "\n".join(lines)


def _is_table_array(value: object) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def dumps(data: dict[Any, Any], *, inline_tables: tuple[str, ...] = ()) -> str:
    """Compact, readable TOML for ``data``: short lists on one line, long ones wrapped,
    sub-tables as ``[name]`` sections, lists of tables as ``[[name]]``. Tables and lists of
    tables whose key is in ``inline_tables`` are written inline.
    ``tomllib.loads(dumps(d)) == d``."""
    out: list[str] = []
    _table(out, [], data, inline_tables)
    return "\n".join(out).strip("\n") + "\n"


def _table(out: list[str], path: list[str], data: dict[Any, Any], inline: tuple[str, ...]) -> None:
    # depth first, in order, without recursion (tables may nest as deeply as TOML allows):
    # the stack holds (path, table, header) still to write, the next one last
    stack: list[tuple[list[str], dict[Any, Any], str | None]] = [(path, data, None)]
    while stack:
        here, table, header = stack.pop()
        if header is not None:
            if out:
                out.append("")
            out.append(header)
        subs: list[tuple[list[str], dict[Any, Any], str | None]] = []
        for k, v in table.items():
            if k not in inline and (isinstance(v, dict) or _is_table_array(v)):
                name = ".".join(key_text(p) for p in [*here, k])
                if isinstance(v, dict):
                    subs.append(([*here, k], v, f"[{name}]"))
                else:
                    subs.extend(([*here, k], item, f"[[{name}]]") for item in v)
            elif isinstance(v, (list, tuple)):
                out.append(array_lines(key_text(k), v))
            else:
                out.append(f"{key_text(k)} = {literal(v)}")
        stack.extend(reversed(subs))


# -- checking values ----------------------------------------------------------------------------
def show(value: object) -> str:
    """``value`` as a message names it: "a table", "a list", else its ``repr``."""
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return repr(value)


class ValueChecker:
    """Checks the values of one TOML document (a record's front matter, a position) and
    goes on after a bad one: a check raises the error ``error`` makes at the value's key
    path, ``attempt`` keeps it in ``problems`` and goes on, and a check of many parts
    (the words of a list, the keys of a table) keeps each bad part there itself.

    A kind of document says what its errors are (``error``, and ``ERROR``, the class
    ``attempt`` catches), may give an example of a list of each kind of words
    (``EXAMPLES``, by the name ``words`` is given) and says how it words a letter out of
    its range (``UNKNOWN_LETTER``, a format of the word quoted, ``one`` and ``what`` of
    them, and the ``first`` and ``last`` letters allowed)."""

    ERROR: ClassVar[type[KeyHarvestError]] = KeyHarvestError
    EXAMPLES: ClassVar[Mapping[str, str]] = {}
    UNKNOWN_LETTER: ClassVar[str] = "{word} is not {a_one} ({first} to {last})"

    def __init__(self, text: str, source: str) -> None:
        self.text = text
        self.source = source
        #: Every problem found, in the order of the checks.
        self.problems: list[KeyHarvestError] = []

    def error(self, message: str, path: str, hint: str | None = None,
              rule: str | None = None, value: bool = True) -> KeyHarvestError:
        """The error for ``path`` (at its value, or at its key with ``value`` False)."""
        raise NotImplementedError

    def attempt(self, check: Callable[..., T], *args: Any, default: Any = None) -> T:
        """``check(*args)``, or ``default`` with its error kept in ``problems``."""
        try:
            return check(*args)
        except self.ERROR as exc:
            self.problems.append(exc)
            fallback: T = default
            return fallback

    def stop(self) -> None:
        """Raise what was found so far, if anything (the first, the others in its
        ``also``)."""
        raise_first(self.problems)

    # -- the values -----------------------------------------------------------------------
    def words(self, value: Any, path: str, what: str) -> list[str]:
        """A list of words: a list of strings, or one string of words (spaces or commas)."""
        if isinstance(value, str):
            return value.replace(",", " ").split()
        if isinstance(value, list):
            out = []
            for v in value:  # (a loop: no generator for the check and no second pass)
                if not isinstance(v, str):
                    break
                out.append(v.strip())
            else:
                return out
        like = self.EXAMPLES.get(what)
        like = f", like {like}" if like else ""
        raise self.error(f"expected a list of {what}{like}, not {show(value)}", path)

    def integer(self, value: Any, path: str, low: int | None = 0,
                what: str = "a whole number") -> int:
        """A whole number of at least ``low`` (any, with None)."""
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.error(f"expected {what}, not {show(value)}", path)
        if low is not None and value < low:
            raise self.error(f"expected a number of at least {low}, not {value}", path)
        return value

    def string(self, value: Any, path: str, choices: tuple[str, ...] | None = None) -> str:
        """A string (one of ``choices``, when given)."""
        if not isinstance(value, str):
            raise self.error(f"expected a string, not {show(value)}", path)
        if choices is not None and value not in choices:
            raise self.error(f"unknown value {quoted(value)} (expected one of "
                             f"{', '.join(choices)})", path, hint=key_hint(value, choices))
        return value

    def table(self, value: Any, path: str, known: tuple[str, ...] | None = None,
              what: str = "a table") -> dict[Any, Any]:
        """A table; with ``known``, each other key is kept in ``problems`` (and left out)."""
        if not isinstance(value, dict):
            raise self.error(f"expected {what}, not {show(value)}", path)
        if known is not None:
            for k in value:
                if k not in known:
                    hint = key_hint(k, known)
                    self.problems.append(noted(self.error(
                        f"unknown key {quoted(k)}", f"{path}.{k}", value=False,
                        hint=hint or f"expected {', '.join(known)}"), k))
            value = {k: v for k, v in value.items() if k in known}
        table: dict[Any, Any] = value
        return table

    def list_of(self, value: Any, path: str) -> list[Any]:
        """A list, of anything."""
        if not isinstance(value, list):
            raise self.error(f"expected a list, not {show(value)}", path)
        return value

    def colour(self, value: Any, path: str, players: Sequence[str] | None = None) -> str:
        """A player's colour: one of ``players`` (any colour of the game with None)."""
        if not isinstance(value, str):
            raise self.error(f"expected a player's colour, not {show(value)}", path)
        word = value.strip().lower()
        allowed = players if players is not None else PLAYER_COLOURS
        if word not in allowed:
            if players is not None and word in PLAYER_COLOURS:
                raise self.error(f"{word} is not playing (the players are "
                                 f"{', '.join(players)})", path)
            raise noted(self.error(f"unknown player {quoted(value)}", path,
                                   hint=key_hint(word, allowed) or (
                                       f"the players are {', '.join(players)}"
                                       if players is not None
                                       else "players are colours: " + ", ".join(
                                           PLAYER_COLOURS))), value)
        return word

    def crop(self, word: str, path: str) -> str | None:
        """The crop ``word`` names, or None with the problem kept in ``problems``."""
        from ..notation.names import CROP_WORDS, crop_hint

        crop = CROP_WORDS.get(word.lower())
        if crop is None:
            self.problems.append(noted(self.error(f"unknown crop {quoted(word)}", path,
                                                  hint=crop_hint(word)), word))
        return crop

    def crop_words(self, value: Any, path: str) -> list[str]:
        """The crops a list of words names; each unknown one is kept in ``problems`` (and
        left out)."""
        from ..notation.names import CROP_WORDS  # (once a list, not once a word)

        out = []
        for w in self.words(value, path, "crops"):
            c = CROP_WORDS.get(w.lower()) or self.crop(w, path)  # (crop: the problem kept)
            if c is not None:
                out.append(c)
        return out

    def letters(self, value: Any, path: str, allowed: tuple[str, ...], what: str,
                rule: str | None = None) -> list[str]:
        """Letters of ``allowed`` (``what``: "events", "workers" ...), upper-cased; each
        other one is kept in ``problems`` (and left out)."""
        out = []
        for w in self.words(value, path, what):
            letter = w.upper()
            if letter not in allowed:
                one = what.removesuffix("s")
                a_one = ("an " if one[:1] in "aeiou" else "a ") + one
                self.problems.append(self.error(self.UNKNOWN_LETTER.format(
                    word=quoted(w), one=one, a_one=a_one, what=what, first=allowed[0],
                    last=allowed[-1]), path, rule=rule))
                continue
            out.append(letter)
        return out


def __getattr__(name: str) -> Any:
    """``TOMLDecodeError``: ``tomllib``'s, imported only when asked for (an ``except``
    clause asks only when something was raised), as a plain text never needs it."""
    if name == "TOMLDecodeError":
        import tomllib

        return tomllib.TOMLDecodeError
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
