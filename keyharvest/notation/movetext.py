"""The movetext of a record: turns of steps, written the way a table plays them.

Reading (``read_movetext``) and writing (``format_movetext``) are inverse: for any steps
and comments, ``read_movetext(format_movetext(...))`` gives them back, and formatting is
stable. The layout rules (docs/notation.md):

- A line that starts with a turn number (``12.``), or with ``colour:`` in its first column,
  starts a turn of that player. Any other line continues the current turn.
- Steps are separated by ``;`` or by line ends. A step written without a colour belongs to
  the *speaker*: the turn's player at the start of each line, changed by a prefix
  ``colour:`` until the end of the line. Draws from the bag belong to nobody.
- The end of a turn (``end``) is implied by the next turn's header; it may be written.
- ``# ...`` comments are kept: a comment ends its line and follows the step before it; a
  comment on a line of its own in the first column before a turn header precedes that turn.

The formatter writes one turn per header line, begins a new indented line when another
player speaks (an answer to an event, a re-placement), wraps long lines at ``;``, and
numbers the turns.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..errors import NotationError, raise_first
from ..model.steps import EndTurn, Step
from . import itemcache
from .grammar import lean_parser, parse
from .itemcache import WS, Unusual
from .lalr import Unparsed
from .names import Names
from .syntax import Item, Line, RawStep, Where, syntax_error
from .turns import Comment, Movetext, TurnReader

if TYPE_CHECKING:
    from lark import Token

WIDTH = 100
INDENT = "    "
#: How many problems of one movetext are collected by default before reading stops.
MAX_ERRORS = 20

def step_text(step: Step) -> str:
    """The canonical text of ``step`` without its player: ``str(step)``'s words, single
    spaced (a step with an empty crop list prints no trailing space)."""
    text = step.text()
    # already single spaced (the common case)? Only a space is printable whitespace.
    if "  " in text or text[:1] == " " or text[-1:] == " " or not text.isprintable():
        return " ".join(text.split())
    return text


#: The text of the steps written lately, by ``id``, each with its step (kept alive with it,
#: so that an ``id`` here is never another object's): the engine and the bots share their
#: steps (draws, ends, passes, the steps of a turn), so a run of self-play writes the same
#: objects record after record. Started again when it holds ``TEXTS_SIZE``.
_TEXTS: dict[int, tuple[Step, str]] = {}
TEXTS_SIZE = 4096


def _texted(step: Step) -> str:
    """``step_text(step)``, remembered in ``_TEXTS`` (callers look there first)."""
    if len(_TEXTS) >= TEXTS_SIZE:
        _TEXTS.clear()
    text = step_text(step)
    _TEXTS[id(step)] = (step, text)
    return text


def format_step(step: Step) -> str:
    """The canonical text of ``step`` with its player, as ``str(step)`` prints it."""
    player = getattr(step, "player", None)
    text = step_text(step)
    return f"{player}: {text}" if player else text


# -- reading ---------------------------------------------------------------------------------
def parse_lines(text: str, where: Where) -> list[Line]:
    """The lines of a movetext; raises ``NotationError`` for a syntax error."""
    try:
        lines: list[Line] = lean_parser().parse(text, "start")
        return lines
    except Unparsed:
        pass  # Lark itself says what is wrong
    from lark.exceptions import UnexpectedInput

    try:
        parsed: list[Line] = parse(text, "start")
    except UnexpectedInput as exc:
        raise syntax_error(exc, text, where) from None
    return parsed


def read_movetext(text: str, names: Names, *, max_errors: int = MAX_ERRORS,
                  spans: bool = True) -> Movetext:
    """The steps and comments of ``text``. ``names`` resolves the names (and knows where the
    text sits in its file).

    The one reader of a movetext: item by item through the memo of ``itemcache`` (every
    distinct item parsed by the grammar once per process); on anything unusual, the whole
    text by the grammar (``_read_full``), which reports the problems. ``spans=False``
    builds the steps without their spans where the memo reads the text (for a verdict
    alone: ``itemcache.read``); the problems reported keep their spans.

    Raises ``NotationError``: the first problem, as the full parser finds it; the reader
    goes on after a bad item or line, and the error's ``also`` lists the other problems
    found (every syntax and name error, up to ``max_errors`` in all). Its
    ``steps_before`` holds the steps written before the line of the first problem (they
    can still be replayed), ``steps_read`` every step read (the reader went on)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    try:  # the usual case, parsed item by item with a memo (itemcache)
        return itemcache.read(text, names, TurnReader(names), spans=spans)
    except Unusual:
        return _read_full(text, names, max_errors=max_errors)


def _read_full(text: str, names: Names, *, max_errors: int = 1) -> Movetext:
    """``read_movetext`` by the grammar alone (``\\n`` line ends): what the memo must agree
    with, and what reports errors. Raises ``NotationError`` (with up to ``max_errors``
    problems in all, the others in its ``also``)."""
    where = names.where
    first: NotationError | None = None
    errors: list[NotationError] = []
    try:
        lines = parse_lines(text, where)
    except NotationError as exc:
        if max_errors <= 1:
            raise
        first = exc
        lines, errors = _salvage(text, where, max_errors)
    comments = []  # (line, column, text): '#' appears in movetext only to start a comment
    if "#" in text:
        for row, line in enumerate(text.split("\n"), 1):
            col = line.find("#")
            if col >= 0:
                comments.append((row, col + 1, line[col + 1:].strip()))
    reader = TurnReader(names, collect=max_errors > 1)
    try:
        movetext = reader.read(lines, comments)
    except NotationError as exc:
        raise _sequence(exc) from None
    errors += map(_sequence, reader.errors or [])
    if first is None and not errors:
        return movetext
    errors.sort(key=lambda e: e.span.line if e.span else 0)  # stable: a line in reading order
    if first is not None:  # the full parser's own error stays first, as it always was
        # (unless the salvage said the same with a help: a mistyped turn header)
        first = next((e for e in errors if e.span == first.span and e.hint), first)
        errors = [first] + [e for e in errors if e.span != first.span]
    # the steps written before the first problem's line can still be replayed
    top = min((e.span.line for e in errors if e.span is not None), default=0)
    errors[0].steps_before = tuple(  # type: ignore[attr-defined]
        s for s in movetext.steps if s.span is not None and s.span.line < top)
    errors[0].steps_read = tuple(movetext.steps)  # type: ignore[attr-defined]
    raise_first(errors[:max_errors])  # type: ignore[arg-type]
    raise AssertionError("unreachable")  # pragma: no cover


def _sequence(error: NotationError) -> NotationError:
    """``error``, met by the turn reader, of the kind ``sequence`` (the turns: headers,
    numbers, order), unless it knows its own (a ``name``)."""
    error.kind = error.kind or "sequence"
    return error


# -- going on after a syntax error -------------------------------------------------------------
_NUMBER = re.compile(r"[ \t\f\v\u00a0\ufeff]*([0-9]+)[ \t\f\v\u00a0\ufeff]*\.")
#: What may be typed by mistake between a turn number and its player: ``1.. red:``.
_GARBLE = re.compile(r"[ \t]*[.,:;]+")
_HEAD = re.compile(r"([A-Za-z][A-Za-z_'-]*)([ \t\f\v\u00a0\ufeff]*)(:)")


def _salvage(text: str, where: Where, limit: int) -> tuple[list[Line], list[NotationError]]:
    """Every line of ``text`` parsed on its own (a line of the grammar never depends on
    another); a line that does not parse is cut at its ``;`` and each item parsed alone,
    so that every bad item is reported and the good ones (the turn header above all) still
    count. Gives the lines read and the syntax errors met (at most ``limit``)."""
    from lark.exceptions import UnexpectedInput

    lines: list[Line] = []
    errors: list[NotationError] = []
    for row, raw in enumerate(text.split("\n"), 1):
        if len(errors) >= limit:
            break
        code = raw.split("#", 1)[0]
        if not code.strip(WS):
            continue
        here = Where(where.source, where.offset + row - 1)
        try:
            parsed = parse(code, "start")
        except UnexpectedInput as exc:
            line, errs = _salvage_line(code, row, here)
            if not errs:  # every item parses alone: the line as a whole says what is wrong
                errs = [syntax_error(exc, code, here)]
                line = None
            errors.extend(errs)
            if line is not None:
                lines.append(line)
            continue
        for line in parsed:
            _relocate(line, row - 1, 0)
            lines.append(line)
    return lines, errors


def _salvage_line(code: str, row: int, here: Where) -> tuple[Line | None, list[NotationError]]:
    from lark import Token
    from lark.exceptions import UnexpectedInput

    number = _NUMBER.match(code)
    at = 0
    token = None
    if number is not None:
        token = Token("NUMBER", number.group(1), line=row, column=number.start(1) + 1,
                      end_line=row, end_column=number.end(1) + 1)
        at = number.end()
    items: list[Item] = []
    errors: list[NotationError] = []
    garbled = _GARBLE.match(code, at) if number is not None else None
    if garbled is not None and number is not None:  # '1.. red:': the header, mistyped
        shown = code[number.start(1):garbled.end()]
        span = here.at(1, garbled.start() + 1, garbled.end() - garbled.start())
        errors.append(NotationError(
            f"unexpected {code[garbled.start():garbled.end()].strip(WS)!r} after the turn "
            "number: expected the player and a colon", span,
            hint=f"write '{number.group(1)}.' instead of {shown!r}"))
        at = garbled.end()
    for piece in code[at:].split(";"):
        start = at + len(piece) - len(piece.lstrip(WS))  # 0-based column of the item
        at += len(piece) + 1
        item_text = piece.strip(WS)
        if not item_text:
            continue
        try:
            got = parse(item_text, "steps")
        except UnexpectedInput as exc:
            err = syntax_error(exc, item_text, here)
            if err.span is not None:
                err.span = dataclasses.replace(err.span, column=err.span.column + start,
                                               end_column=err.span.end_column + start)
            errors.append(err)
            head = _HEAD.match(item_text)
            if head is not None and not items:  # keep the turn header 'red:' of the line
                items.append(Item(_token("WORD", head, 1, row, start),
                                  None, _token("COLON", head, 3, row, start)))
            continue
        for item in got:
            _relocate(item, row - 1, start)
            items.append(item)
    if not items:
        return (Line(token, [], True) if token is not None else None), errors
    return Line(token, items, bool(errors)), errors


def _token(kind: str, match: re.Match[str], group: int, row: int, start: int) -> Token:
    from lark import Token

    return Token(kind, match.group(group), line=row, column=start + match.start(group) + 1,
                 end_line=row, end_column=start + match.end(group) + 1)


def _relocate(obj: Any, rows: int, columns: int) -> None:
    """Move the tokens of a parsed line or item down ``rows`` lines and right ``columns``."""
    from lark import Token  # the tokens here are Lark's (the salvage parses with Lark)

    if isinstance(obj, Token):  # lark types its positions as int | None: they are set
        obj.line += rows  # type: ignore[operator]
        obj.end_line += rows  # type: ignore[operator]
        obj.column += columns  # type: ignore[operator]
        obj.end_column += columns  # type: ignore[operator]
    elif isinstance(obj, list):
        for x in obj:
            _relocate(x, rows, columns)
    elif isinstance(obj, Line):
        _relocate(obj.number, rows, columns)
        _relocate(obj.items, rows, columns)
    elif isinstance(obj, Item):
        for x in (obj.prefix, obj.step, obj.colon):
            _relocate(x, rows, columns)
    elif isinstance(obj, RawStep):
        _relocate(obj.args, rows, columns)


# -- writing ---------------------------------------------------------------------------------
def split_turns(steps: Sequence[Step]) -> list[tuple[int, int]]:
    """The turns of ``steps`` as (start, stop) index ranges: each closed turn ends with its
    ``EndTurn``; the last one may be open."""
    out: list[tuple[int, int]] = []
    start = 0
    for i, s in enumerate(steps):
        if isinstance(s, EndTurn):
            out.append((start, i + 1))
            start = i + 1
    if start < len(steps):
        out.append((start, len(steps)))
    return out


def format_movetext(steps: Sequence[Step], comments: Sequence[Comment] = (),
                    players: Sequence[str] = (), start: str | None = None,
                    width: int = WIDTH) -> str:
    """The canonical movetext of ``steps`` with ``comments`` (see the module docstring).

    ``players`` (seating order) and ``start`` name the player of a turn that has no
    decision step to say whose it is (only draws so far)."""
    if not comments:  # nearly every record written (self-play's): one pass over the steps
        plain = _plain_movetext(steps, width)
        if plain is not None:
            return "\n".join(plain) + "\n" if plain else ""
    by_at: dict[int, list[Comment]] = {}
    for c in comments:
        by_at.setdefault(c.at, []).append(c)
    out: list[str] = []
    n = len(steps)
    turns = split_turns(steps)
    player: str | None = None
    for number, (a, b) in enumerate(turns, 1):
        if by_at:
            out.extend(_comment_line(c) for c in by_at.get(a, ()))
        # the turn's player: the first that speaks (most turns start with its decision)
        player = steps[a].player or _turn_player(steps[a:b]) or _next_player(
            player, players, start)
        closed = isinstance(steps[b - 1], EndTurn)
        stop = b
        if closed and b < n and b - 1 > a and steps[b - 1].player == player:
            stop -= 1  # the next turn's header implies this end
        if not by_at:
            lines = _plain_turn(steps, a, stop, f"{number}. {player}:", player, width)
            if lines is not None:
                out += lines
                continue
        limit = b if closed else b + 1  # comments at ``b`` after a closed turn precede the next
        out.extend(_Turn(number, player, width).write(steps, list(range(a, stop)), by_at,
                                                      limit))
    if not turns or isinstance(steps[-1], EndTurn):
        out.extend(_comment_line(c) for c in by_at.get(n, ()))
    return "\n".join(out) + "\n" if out else ""


def _plain_movetext(steps: Sequence[Step], width: int) -> list[str] | None:
    """The lines ``format_movetext`` writes for ``steps`` with no comment, in one pass over
    the steps rather than a pass to split the turns and a call per turn (``_plain_turn``
    inlined): each turn's lines as ``_plain_turn`` writes them, or as ``_Turn`` does for a
    turn with a line to wrap. None when a turn starts with a step of nobody (a draw): its
    player is found as ``format_movetext`` finds it."""
    texts = _TEXTS
    out: list[str] = []
    n = len(steps)
    a = 0  # where the turn starts
    number = 0
    while a < n:
        number += 1
        player = steps[a].player
        if not player:
            return None
        lead = f"{number}. {player}:"
        speaker = player
        parts: list[str] = []
        lines: list[str] = []
        wrap = False  # a line of more than one step is longer than ``width``
        i = a
        stop = n  # the steps written end here (the turn's end, or before an implied end)
        while i < n:
            step = steps[i]
            i += 1
            end = isinstance(step, EndTurn)
            if end and i < n and i - 1 > a and step.player == player:
                stop = i - 1  # the next turn's header implies this end
                break
            who = step.player
            if who is not None and who != speaker:  # another speaker: a new line
                line = f"{lead} {'; '.join(parts)}" if lead[-1] == ":" else lead + "; ".join(
                    parts)
                if len(line) > width and len(parts) > 1:
                    wrap = True
                lines.append(line)
                speaker = who
                lead = f"{INDENT}{who}:" if who != player else INDENT
                parts = []
            got = texts.get(id(step))
            parts.append(got[1] if got is not None else _texted(step))
            if end:
                stop = i
                break
        if parts:
            line = f"{lead} {'; '.join(parts)}" if lead[-1] == ":" else lead + "; ".join(parts)
            if len(line) > width and len(parts) > 1:
                wrap = True
            lines.append(line)
        else:
            lines.append(lead)  # a header alone
        if wrap:
            lines = _Turn(number, player, width).write(steps, list(range(a, stop)), {}, i)
        out += lines
        a = i
    return out


def _plain_turn(steps: Sequence[Step], a: int, stop: int, lead: str, player: str,
                width: int) -> list[str] | None:
    """``steps[a:stop]``, a turn with no comment, as ``_Turn`` writes it when no line is
    wrapped (nearly every turn): a line for each run of steps of one speaker, the header
    first; None when a line holding more than one step is longer than ``width``."""
    texts = _TEXTS
    lines: list[str] = []
    speaker = player
    parts: list[str] = []
    for i in range(a, stop):
        step = steps[i]
        who = step.player
        if who is not None and who != speaker:  # another speaker: a new line (parts hold
            # a step: the turn's player speaks first)
            line = f"{lead} {'; '.join(parts)}" if lead[-1] == ":" else lead + "; ".join(parts)
            if len(line) > width and len(parts) > 1:
                return None
            lines.append(line)
            speaker = who
            lead = f"{INDENT}{who}:" if who != player else INDENT
            parts = []
        got = texts.get(id(step))
        parts.append(got[1] if got is not None else _texted(step))
    if not parts:
        lines.append(lead)  # a header alone
        return lines
    line = f"{lead} {'; '.join(parts)}" if lead[-1] == ":" else lead + "; ".join(parts)
    if len(line) > width and len(parts) > 1:
        return None
    lines.append(line)
    return lines


def _turn_player(steps: Sequence[Step]) -> str | None:
    for s in steps:
        if s.player:
            return s.player
    return None


def _next_player(prev: str | None, players: Sequence[str], start: str | None) -> str:
    if prev is None:
        return start or (players[0] if players else "red")
    if prev in players:
        return players[(list(players).index(prev) + 1) % len(players)]
    return prev


def _comment_line(c: Comment, indent: str = "") -> str:
    return f"{indent}# {c.text}" if c.text else f"{indent}#"


class _Turn:
    """Lays out one turn: a header line, then continuation lines."""

    def __init__(self, number: int, player: str, width: int) -> None:
        self.player = player
        self.width = width
        self.lines: list[str] = []
        self.lead = f"{number}. {player}:"
        self.speaker = player
        self.parts: list[str] = []
        self.body = 0  # len("; ".join(self.parts)), kept as parts are added

    def _text(self, parts: list[str]) -> str:
        body = "; ".join(parts)
        if not body:
            return self.lead
        return f"{self.lead} {body}" if self.lead.endswith(":") else self.lead + body

    def _emit(self, suffix: str = "") -> None:
        self.lines.append(self._text(self.parts) + suffix)
        self.parts = []
        self.body = 0
        self.lead = INDENT + (f"{self.speaker}:" if self.speaker != self.player else "")

    def _speak(self, who: str) -> None:
        """Another player speaks: a new line (a header with no step yet stays on its own)."""
        self.speaker = who
        if self.parts or not self.lead.startswith(INDENT):
            self._emit()
        else:
            self.lead = INDENT + (f"{who}:" if who != self.player else "")

    def write(self, steps: Sequence[Step], shown: list[int],
              by_at: dict[int, list[Comment]], limit: int) -> list[str]:
        """Lay out ``steps[i]`` for ``i`` in ``shown``."""
        width = self.width
        texts = _TEXTS
        for i in shown:
            step = steps[i]
            who = step.player
            if who is not None and who != self.speaker:
                self._speak(who)
            got = texts.get(id(step))
            text = got[1] if got is not None else _texted(step)
            parts = self.parts
            if parts:
                # the width of the line with ``text`` added
                lead = self.lead
                if (len(lead) + self.body + 2 + len(text) + (lead[-1:] == ":")) > width:
                    self._emit()
                    parts = self.parts
            self.body += (2 if parts else 0) + len(text)
            parts.append(text)
            if by_at and i + 1 < limit:
                for c in by_at.get(i + 1, ()):
                    if c.inline and self.parts:
                        self._emit(f"  # {c.text}" if c.text else "  #")
                    else:
                        if self.parts:
                            self._emit()
                        self.lines.append(_comment_line(c, INDENT))
        if self.parts or not self.lines:
            self._emit()
        return self.lines
