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

from collections.abc import Sequence
from dataclasses import dataclass, field

from lark.exceptions import UnexpectedInput

from ..errors import NotationError
from ..steps import EndTurn, Step
from .grammar import lean_parser, parser
from .itemcache import Unusual, read_fast
from .lalr import Unparsed
from .names import Names
from .syntax import Line, Where, syntax_error

WIDTH = 100
INDENT = "    "


@dataclass(frozen=True, slots=True)
class Comment:
    """A comment of the movetext. It follows the first ``at`` steps (``at`` = 0: before the
    first); ``inline`` when it was written at the end of a step's line."""

    at: int
    text: str
    inline: bool = False


@dataclass(slots=True)
class Movetext:
    """The steps of a movetext in play order, and its comments."""

    steps: list[Step] = field(default_factory=list)
    comments: list[Comment] = field(default_factory=list)


def step_text(step: Step) -> str:
    """The canonical text of ``step`` without its player: ``str(step)``'s words, single
    spaced (a step with an empty crop list prints no trailing space)."""
    text = step.text()
    # already single spaced (the common case)? Only a space is printable whitespace.
    if "  " in text or text[:1] == " " or text[-1:] == " " or not text.isprintable():
        return " ".join(text.split())
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
        return lean_parser().parse(text, "start")
    except Unparsed:
        pass  # Lark itself says what is wrong
    try:
        return parser().parse(text, start="start")
    except UnexpectedInput as exc:
        raise syntax_error(exc, text, where) from None


def read_movetext(text: str, names: Names) -> Movetext:
    """The steps and comments of ``text``. ``names`` resolves the names (and knows where the
    text sits in its file). Raises ``NotationError``."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    try:  # the usual case, parsed item by item with a memo (itemcache)
        return read_fast(text, names, _Reader(names))
    except Unusual:
        return read_full(text, names)  # reads it, or reports the first problem


def read_full(text: str, names: Names) -> Movetext:
    """``read_movetext`` by the full parser alone (``\\n`` line ends): what the fast reader
    must agree with, and what reports errors. Raises ``NotationError``."""
    where = names.where
    lines = parse_lines(text, where)
    comments = []  # (line, column, text): '#' appears in movetext only to start a comment
    if "#" in text:
        for row, line in enumerate(text.split("\n"), 1):
            col = line.find("#")
            if col >= 0:
                comments.append((row, col + 1, line[col + 1:].strip()))
    return _Reader(names).read(lines, comments)


class _Reader:
    def __init__(self, names: Names) -> None:
        self.names = names
        self.steps: list[Step] = []
        self.comments: list[Comment] = []
        self.turn_player: str | None = None
        self.ends = 0  # EndTurn steps so far: the turn number is one more
        self.held: list[str] = []  # first-column comments waiting for the next line

    def comment(self, text: str, inline: bool) -> None:
        at = len(self.steps)
        if at == 0 or isinstance(self.steps[-1], EndTurn):
            inline = False  # a comment before a turn stands on its own line
        self.comments.append(Comment(at, text, inline))

    def flush(self) -> None:
        for text in self.held:
            self.comment(text, False)
        self.held = []

    def read(self, lines: list[Line], comments: list[tuple[int, int, str]]) -> Movetext:
        ci = 0
        for line in lines:
            row = line.first.line
            while ci < len(comments) and comments[ci][0] < row:
                self._own_line_comment(comments[ci])
                ci += 1
            self._line(line)
            last_row = _last_row(line)
            while ci < len(comments) and comments[ci][0] <= last_row:
                self.flush()
                self.comment(comments[ci][2], True)
                ci += 1
        while ci < len(comments):
            self._own_line_comment(comments[ci])
            ci += 1
        self.flush()
        return Movetext(self.steps, self.comments)

    def _own_line_comment(self, c: tuple[int, int, str]) -> None:
        _, column, text = c
        if column == 1 or self.turn_player is None:
            self.held.append(text)  # before the next turn, unless a continuation follows
        else:
            self.flush()
            self.comment(text, False)

    def _line(self, line: Line) -> None:
        names = self.names
        items = line.items
        first = line.first
        header = line.number is not None or (
            first.column == 1 and bool(items) and items[0].prefix is not None)
        if header:
            if not items or items[0].prefix is None:
                raise NotationError("a turn number is followed by the player and a colon, "
                                    f"like '{line.number}. red:'", names.where.span(first))
            self._start_turn(line)
        else:
            self.flush()
            if self.turn_player is None:
                raise NotationError("the moves start with a turn header: the player and a "
                                    "colon, like '1. red: harvest B6'",
                                    names.where.span(first))
        speaker = self.turn_player
        for item in items:
            if item.prefix is not None:
                speaker = names.player(item.prefix)
            if item.step is not None:
                step = names.step(item.step, None if item.step.kind == "draw" else speaker)
                self.steps.append(step)
                if isinstance(step, EndTurn):
                    self.ends += 1

    def _start_turn(self, line: Line) -> None:
        names = self.names
        head = line.items[0].prefix
        assert head is not None
        player = names.player(head)
        if self.turn_player is not None and not (
                self.steps and isinstance(self.steps[-1], EndTurn)):
            # the header implies the end of the turn before it; errors point at the header
            header = names.where.span(line.first, line.items[0].colon or head)
            self.steps.append(EndTurn(self.turn_player, span=header))
            self.ends += 1
        self.flush()
        if line.number is not None:
            n = int(line.number.value)
            if n != self.ends + 1:
                raise NotationError(f"turn {n} is out of sequence: this is turn "
                                    f"{self.ends + 1}", names.where.span(line.number),
                                    hint=f"write '{self.ends + 1}.' or leave the number out")
        self.turn_player = player


def _last_row(line: Line) -> int:
    if not line.items:
        return line.first.end_line
    last = line.items[-1]
    if last.step is not None:
        return last.step.last.end_line
    return last.first.end_line


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
    by_at: dict[int, list[Comment]] = {}
    for c in comments:
        by_at.setdefault(c.at, []).append(c)
    out: list[str] = []
    n = len(steps)
    turns = split_turns(steps)
    player: str | None = None
    for number, (a, b) in enumerate(turns, 1):
        out.extend(_comment_line(c) for c in by_at.get(a, ()))
        player = _turn_player(steps[a:b]) or _next_player(player, players, start)
        closed = isinstance(steps[b - 1], EndTurn)
        shown = list(range(a, b))
        if closed and b < n and b - 1 > a and getattr(steps[b - 1], "player", None) == player:
            shown.pop()  # the next turn's header implies this end
        limit = b if closed else b + 1  # comments at ``b`` after a closed turn precede the next
        out.extend(_Turn(number, player, width).write(steps, shown, by_at, limit))
    if not turns or isinstance(steps[-1], EndTurn):
        out.extend(_comment_line(c) for c in by_at.get(n, ()))
    return "".join(line + "\n" for line in out)


def _turn_player(steps: Sequence[Step]) -> str | None:
    for s in steps:
        p = getattr(s, "player", None)
        if p:
            return p
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

    def _width_with(self, text: str) -> int:
        """``len(self._text(self.parts + [text]))``, without building the line."""
        body = self.body + (2 if self.parts else 0) + len(text)
        if not body:
            return len(self.lead)
        return len(self.lead) + body + (1 if self.lead.endswith(":") else 0)

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
        for i in shown:
            step = steps[i]
            who = getattr(step, "player", None)
            if who is not None and who != self.speaker:
                self._speak(who)
            text = step_text(step)
            if self.parts and self._width_with(text) > self.width:
                self._emit()
            self.body += (2 if self.parts else 0) + len(text)
            self.parts.append(text)
            if i + 1 < limit:
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
