"""From Lark's parse to plain items, and Lark's syntax errors in words.

The transformer here is embedded in the LALR parser: each grammar rule becomes a small
object holding its tokens (``RawStep``, ``Item``, ``Line``). Names are not looked at yet:
``keyharvest.notation.names`` resolves them against the record's players and board, where
"did you mean" can be said. Token lines are relative to the parsed text; ``Where`` turns
them into ``Span``s of the file.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias

from ..errors import NotationError, Span, escaped, quoted
from ..model.catalogue import PLAYER_COLOURS as COLOURS

if TYPE_CHECKING:
    import lark
    from lark.exceptions import UnexpectedInput


class Token(str):
    """A token of the lean tables' parser: what ``lark.Token`` holds (a ``str`` with its
    terminal's name and positions), with its ``repr`` and equality, without Lark."""

    __slots__ = ("column", "end_column", "end_line", "end_pos", "line", "start_pos", "type",
                 "value")
    type: str
    start_pos: int | None
    value: Any
    line: int | None
    column: int | None
    end_line: int | None
    end_column: int | None
    end_pos: int | None

    def __repr__(self) -> str:
        return f"Token({self.type!r}, {self.value!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, str) and self.type != getattr(other, "type", self.type):
            return False
        return str.__eq__(self, other)

    __hash__ = str.__hash__


#: A token of either parser: Lark's, or the lean tables' ``Token``
#: (``keyharvest.notation.lalr``).
AnyToken: TypeAlias = "lark.Token | Token"


@dataclass(slots=True)
class RawStep:
    """A step as written: its kind (the grammar rule) and its tokens, names unresolved."""

    kind: str
    args: list[Any]  # Tokens and lists of Tokens, as the rule produced them

    @property
    def first(self) -> AnyToken:
        first: AnyToken = self.args[0]
        return first

    @property
    def last(self) -> AnyToken:
        last = self.args[-1]
        while isinstance(last, list):
            last = last[-1]
        token: AnyToken = last
        return token


@dataclass(slots=True)
class Item:
    """A step with the colour written in front of it, if any; or a colour alone."""

    prefix: AnyToken | None
    step: RawStep | None
    colon: AnyToken | None = None

    @property
    def first(self) -> AnyToken:
        return self.prefix if self.prefix is not None else self.step.first  # type: ignore[union-attr]


@dataclass(slots=True)
class Line:
    """One line of movetext: an optional turn number, then items. ``damaged`` when items
    of it that did not parse were left out (a reader going on after a syntax error)."""

    number: AnyToken | None
    items: list[Item]
    damaged: bool = False

    @property
    def first(self) -> AnyToken:
        return self.number if self.number is not None else self.items[0].first


class Refs(list["AnyToken"]):
    """The board references of a list (``B6 B7`` or ``B6,B7``)."""


class Crops(list["AnyToken"]):
    """The crop words of a list."""


class Gift(list[Any]):
    """A (colour, crop) pair of a grant."""


def _step(kind: str) -> Callable[[Syntax, list[Any]], RawStep]:
    def callback(self: Syntax, children: list[Any]) -> RawStep:
        return RawStep(kind, children)

    callback.__name__ = kind
    return callback


class Syntax:
    """The embedded transformer: grammar rules to ``Line``/``Item``/``RawStep``. Lark calls
    a transformer's method by its rule's name with the rule's children, as the lean tables
    do (``keyharvest.notation.lalr``); it needs nothing of Lark's ``Transformer`` (the
    inlined rules, which have no method here, become Lark's ``Tree`` either way), so that it
    is there without importing Lark."""

    def start(self, children: list[Any]) -> list[Line]:
        return children

    def steps(self, children: list[Any]) -> list[Item]:
        return children

    def line(self, children: list[Any]) -> Line:
        first = children[0] if children else None
        if isinstance(first, str):  # a turn number's token (Lark's or the lean tables')
            return Line(first, children[1:])  # type: ignore[arg-type]
        return Line(None, children)

    def turn_number(self, children: list[Any]) -> AnyToken:
        token: AnyToken = children[0]
        return token

    def item(self, children: list[Any]) -> Item:
        if isinstance(children[0], RawStep):
            return Item(None, children[0])
        return Item(children[0], children[2] if len(children) > 2 else None, children[1])

    def refs(self, children: list[Any]) -> Refs:
        return Refs(children)

    def crops(self, children: list[Any]) -> Crops:
        return Crops(children)

    def gift(self, children: list[Any]) -> Gift:
        return Gift(children)

    draw = _step("draw")
    harvest = _step("harvest")
    play = _step("play")
    remove = _step("remove")
    buy = _step("buy")
    offer = _step("offer")
    end = _step("end")
    replace = _step("replace")
    pass_ = _step("pass")
    gain = _step("gain")
    flip = _step("flip")
    fallow = _step("fallow")
    claim = _step("claim")
    copy = _step("copy")
    accept = _step("accept")
    place = _step("place")
    take = _step("take")
    swap = _step("swap")
    give = _step("give")
    pay = _step("pay")
    move = _step("move")
    grant = _step("grant")


# -- positions --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Where:
    """Where the parsed text sits in its file: ``offset`` lines come before it."""

    source: str | None = None
    offset: int = 0

    def span(self, first: AnyToken, last: AnyToken | None = None) -> Span:
        last = last or first  # lark types a token's positions as int | None: they are set
        return Span(first.line + self.offset, first.column,  # type: ignore[operator,arg-type]
                    last.end_line + self.offset, last.end_column,  # type: ignore[operator,arg-type]
                    self.source)

    def at(self, line: int, column: int, width: int = 1) -> Span:
        return Span(line + self.offset, column, line + self.offset, column + width, self.source)


# -- syntax errors in words ---------------------------------------------------------------------
STEP_WORDS = ("draw", "harvest", "play", "remove", "buy", "offer", "end", "replace", "pass",
              "gain", "flip", "fallow", "claim", "copy", "accept", "place", "take", "swap",
              "give", "pay", "move", "grant")
KEYWORDS = {w.upper(): w for w in STEP_WORDS} | {
    "PICK": "pick", "INSTEAD": "instead", "_AT": "at", "_FROM": "from", "FOR": "for",
    "_TO": "to",
}
PUNCTUATION = {"COLON": "':'", "_SEMI": "';'", "_COMMA": "','", "_DOT": "'.'"}
#: What a WORD is, judged by the token before it.
WORD_AFTER = {
    "PLAY": "a worker (A-L)", "REPLACE": "a worker (A-L)", "REMOVE": "a worker (A-L)",
    "COPY": "a worker (A-L)", "MOVE": "a worker (A-L)", "DRAW": "a tile or an event",
    "_FROM": "a player", "GRANT": "a player", "_COMMA": "a crop or a player",
    "FOR": "a crop", "GAIN": "a crop", "PAY": "a crop", "INSTEAD": "a crop",
    "WORD": "a crop", "COLON": "a step",
}


def describe_expected(expected: set[str] | frozenset[str],
                      previous: AnyToken | None) -> tuple[str, ...]:
    """The expected terminals in words, most useful first, without duplicates."""
    names = set(expected)
    out: list[str] = []
    steps = sorted((KEYWORDS[n] for n in names if n in KEYWORDS and KEYWORDS[n] in STEP_WORDS),
                   key=STEP_WORDS.index)
    if len(steps) > 3:
        out.append("a step (" + ", ".join(steps[:8]) + (", ..." if len(steps) > 8 else "") + ")")
    else:
        out.extend(f"'{s}'" for s in steps)
    for n in sorted(names):
        if n in KEYWORDS and KEYWORDS[n] not in STEP_WORDS and n != "PICK":
            out.append(f"'{KEYWORDS[n]}'")
    if "REF" in names:
        out.append("a board reference (like B6, or a space's number)")
    if "WORD" in names:
        kind = WORD_AFTER.get(previous.type if previous is not None else "")
        if kind is None or kind == "a step":
            kind = "a player's colour" if steps else "a name"
        out.append(kind)
    if "NUMBER" in names and "REF" not in names:  # (with REF: a space's number)
        out.append("a turn number")
    for n in ("COLON", "_SEMI", "_COMMA", "_DOT"):
        if n in names:
            out.append(PUNCTUATION[n])
    if "_NL" in names:
        out.append("the end of the line")
    if "$END" in names:
        out.append("the end of the text")
    seen: list[str] = []
    for w in out:
        if w not in seen:
            seen.append(w)
    return tuple(seen)


def _show(token: AnyToken) -> str:
    if token.type == "_NL":
        return "end of line"
    if token.type == "$END":
        return "end of text"
    return f"'{escaped(token.value)}'"


def _near_step(word: str) -> str | None:
    if len(word) > 40:  # no step word is that long (and difflib's work grows with it)
        return None
    import difflib  # here: only a message needs it (kept off start-up)

    match = difflib.get_close_matches(word.lower(), STEP_WORDS, n=1, cutoff=0.6)
    return match[0] if match else None


def syntax_error(exc: UnexpectedInput, text: str, where: Where) -> NotationError:
    """A ``NotationError`` in words for Lark's ``exc`` raised on ``text``."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    lines = text.split("\n")
    if isinstance(exc, UnexpectedCharacters):
        line, col = exc.line, exc.column
        ch = lines[line - 1][col - 1] if 0 < line <= len(lines) and 0 < col <= len(
            lines[line - 1]) else "?"
        previous = exc.token_history[-1] if exc.token_history else None
        expected = describe_expected(exc.allowed or set(), previous)
        # a stray word glued to a number ("2x") or an unknown character
        msg = f"unexpected character {quoted(ch)}"
        if expected:
            msg += ": expected " + _join(expected)
        return NotationError(msg, where.at(line, col), expected=expected)
    if isinstance(exc, UnexpectedEOF):
        expected = describe_expected(set(exc.expected), None)
        line = len(lines)
        return NotationError("unexpected end of text: expected " + _join(expected),
                             where.at(line, len(lines[-1]) + 1), expected=expected)
    assert isinstance(exc, UnexpectedToken)
    token: AnyToken = exc.token
    previous = exc.token_history[-1] if exc.token_history else None
    expected = describe_expected(exc.expected, previous)
    hint = None
    span = where.span(token) if token.type not in ("$END",) else where.at(
        len(lines), len(lines[-1]) + 1)
    if token.type == "_NL":
        span = where.at(token.line, token.column)  # type: ignore[arg-type]
    # "harvets B6": the misspelt step word was read as a player's colour without its ':'
    if set(exc.expected) == {"COLON"} and previous is not None and previous.type == "WORD":
        guess = _near_step(previous.value)
        if guess and previous.value.lower() not in COLOURS:
            return NotationError(f"unknown step {quoted(previous.value)}", where.span(previous),
                                 expected=("a step",), hint=f"did you mean '{guess}'?")
        return NotationError(f"expected ':' after the player {quoted(previous.value)}",
                             where.span(token), expected=("':'",))
    step_words = [KEYWORDS[n] for n in exc.expected if n in KEYWORDS and KEYWORDS[n] in STEP_WORDS]
    if token.type == "WORD" and len(step_words) > 3 and token.value.lower() in COLOURS:
        at, column, end = token.line or 0, token.column or 1, token.end_column or 1
        row = lines[at - 1] if 0 < at <= len(lines) else ""
        head = re.search(r"([A-Za-z]+)\s*:\s*$", row[:column - 1])
        if row[end - 1:].lstrip().startswith(":") and head:
            # "6. red: green: buy D5": two colours for one step
            same = head.group(1).lower() == token.value.lower()
            return NotationError(
                f"two colours for one step: {quoted(head.group(1))} and {quoted(token.value)}",
                span, expected=expected,
                hint=f"delete this '{token.value}:'" if same else
                f"delete this '{token.value}:' (one colour speaks), or '{head.group(1)}:' if "
                f"the step is {token.value.lower()}'s")
    if token.type == "WORD" and len(step_words) > 3:
        guess = _near_step(token.value)
        return NotationError(f"unknown step {quoted(token.value)}", span, expected=expected,
                             hint=f"did you mean '{guess}'?" if guess else
                             "a step starts with one of: " + ", ".join(STEP_WORDS))
    if token.type == "WORD" and any(n in KEYWORDS for n in exc.expected):
        keywords = [KEYWORDS[n] for n in exc.expected if n in KEYWORDS]
        import difflib  # here: only a message needs it (kept off start-up)

        match = difflib.get_close_matches(token.value.lower(), keywords, n=1, cutoff=0.6) if len(
            token.value) <= 40 else None
        if match:
            hint = f"did you mean '{match[0]}'?"
    msg = f"unexpected {_show(token)}: expected {_join(expected)}"
    return NotationError(msg, span, expected=expected, hint=hint)


def _join(words: tuple[str, ...]) -> str:
    if not words:
        return "nothing more"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]
