"""The turns of a movetext: the reader shared by the full and the fast readers.

A movetext is lines of items; a line that starts with a turn number or ``colour:`` in its
first column opens a turn, and the end of the previous turn is implied by it. ``TurnReader``
turns parsed lines (``syntax.Line``) into ``Movetext`` (steps in play order and comments),
checking turn numbers and headers; ``movetext`` and ``itemcache`` feed it. It does not parse
text itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import NotationError, Span, shown_number, too_long
from ..model.steps import EndTurn, Step
from .names import Names
from .syntax import Line


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


class TurnReader:
    """Builds the steps and comments of a movetext line by line: turn headers, speakers,
    implied ends of turns and where each comment belongs. Both readers use it: the full
    grammar's (``movetext._read_full``) and the memo's (``itemcache.read``)."""

    def __init__(self, names: Names, *, collect: bool = False) -> None:
        self.names = names
        #: With ``collect``, the problems met (the reader goes on after each), else None
        #: (the first one is raised).
        self.errors: list[NotationError] | None = [] if collect else None
        self.steps: list[Step] = []
        self.comments: list[Comment] = []
        self.turn_player: str | None = None
        self.ends = 0  # EndTurn steps so far: the turn number is one more
        self.held: list[str] = []  # first-column comments waiting for the next line
        self.lost = False  # collecting: items of this turn were left out (bad ones)
        self.turn_start = 0  # len(steps) when this turn began
        #: A turn number out of sequence, judged at the next numbered header (a typo, two
        #: turns swapped, or numbers that run on from it): (written, due, its header's row,
        #: the error as it stands alone).
        self.held_number: tuple[int, int, int, NotationError, int] | None = None
        #: Two turns that look swapped, reported when the second one's lines are known:
        #: (the turn written second, its header's row, the first one's row, span, slot).
        #: Collecting, each goes in its slot of ``errors``: where it was met.
        self.swapped: tuple[int, int, int, Span, int] | None = None
        self.last_row = 0  # the last row read
        self.headless = False  # a line before the first turn header was met
        #: The last turn header's line: its row and what it says (``_written``).
        self.header: tuple[int, tuple[str, ...]] | None = None

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
            row: int = line.first.line  # type: ignore[assignment]  # lark: int | None, set
            while ci < len(comments) and comments[ci][0] < row:
                self._own_line_comment(comments[ci])
                ci += 1
            self._line(line)
            last_row = self.last_row = _last_row(line)
            while ci < len(comments) and comments[ci][0] <= last_row:
                self.flush()
                self.comment(comments[ci][2], True)
                ci += 1
        while ci < len(comments):
            self._own_line_comment(comments[ci])
            ci += 1
        self.flush()
        self._judge_numbers(None, self.names.where.offset + self.last_row + 1)
        return Movetext(self.steps, self.comments)

    def _fail(self, exc: NotationError, slot: int | None = None) -> None:
        if self.errors is None:
            if self.held_number is not None or self.swapped is not None:
                # a turn number judged later is reported first: it was met first
                self._judge_numbers(None, exc.span.line if exc.span else self.last_row)
            raise exc
        self.errors.insert(len(self.errors) if slot is None else slot, exc)

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
                return self._fail(NotationError(
                    "a turn number is followed by the player and a colon, "
                    f"like '{line.number}. red:'", names.where.span(first)))
            self._start_turn(line)
        else:
            self.flush()
            if self.turn_player is None:
                return self._fail(NotationError(
                    "the moves start with a turn header: the player and a "
                    "colon, like '1. red: harvest B6'", names.where.span(first),
                    hint=self._first_header(line)))
        speaker = self.turn_player
        self.lost = self.lost or line.damaged
        for n, item in enumerate(items):
            try:
                if item.prefix is not None:
                    speaker = self.turn_player if header and n == 0 else names.player(
                        item.prefix)
                if item.step is not None:
                    step = names.step(item.step, None if item.step.kind == "draw" else speaker)
                    steps = self.steps
                    if isinstance(step, EndTurn) and not (
                            len(steps) > self.turn_start and isinstance(steps[-1], EndTurn)
                            and steps[-1].player == step.player):
                        self.ends += 1  # (an 'end' again ends no turn: the engine says so)
                    steps.append(step)
            except NotationError as exc:  # an unknown name: the next item is read all the same
                self._fail(exc)
                self.lost = True
        return None

    def _first_header(self, line: Line) -> str | None:
        """Help for moves that start without a turn header (the first turn's header line
        deleted, say): the header of turn 1, the start player's, on a line of its own before
        the first line (whatever that line starts with: a step, or another player's answer);
        None when the setup names no start player, or for the lines after the first."""
        start = self.names.start
        if start is None or self.headless:
            return None
        self.headless = True
        return f"write the line '1. {start}:' before line {self.names.where.span(line.first).line}"

    def _start_turn(self, line: Line) -> None:
        names = self.names
        head = line.items[0].prefix
        assert head is not None
        try:
            player = names.player(head)
        except NotationError as exc:
            self._fail(exc)  # collecting: the turn goes on under the name as written
            player = head.value.lower()
        empty = len(self.steps) == self.turn_start and not self.lost  # 'N. red:' alone
        if self.turn_player is not None and (empty or not (
                self.steps and isinstance(self.steps[-1], EndTurn))):
            # the header implies the end of the turn before it; errors point at the header
            header = names.where.span(line.first, line.items[0].colon or head)
            self.steps.append(EndTurn(self.turn_player, span=header))
            self.ends += 1
        elif self.lost and len(self.steps) == self.turn_start:
            self.ends += 1  # the items left out of the turn before were all its steps
        self.lost = False
        self.turn_start = len(self.steps)
        self.flush()
        row = names.where.span(line.first).line  # in the file
        last, self.header = self.header, (row, _written(line))
        if last is not None and last == (row - 1, self.header[1]):
            # the line before says the same: the line written twice (a copy and paste)
            self._judge_numbers(None, row)
            self.ends -= 1  # (the copy is no turn: the turns after it count from the first)
            self._fail(NotationError(
                f"line {row} repeats line {row - 1}: the same turn written twice",
                names.where.span(line.first), hint=f"delete line {row}"))
        elif line.number is None:
            self._judge_numbers(None, row)
        else:
            digits = line.number.value
            n = None if too_long(digits) else int(digits)
            if not self._judge_numbers(n, row) and n != self.ends + 1:
                due = self.ends + 1
                error = NotationError(f"turn {shown_number(digits)} is out of sequence: "
                                      f"this is turn {due}", names.where.span(line.number),
                                      hint=f"write '{due}.' or leave the number out")
                if n is None:
                    self._fail(error)
                else:  # judged at the next header: a typo, a swap, or numbers running on
                    self.held_number = (n, due, row, error, len(self.errors or ()))
        self.turn_player = player

    def _judge_numbers(self, n: int | None, row: int) -> bool:
        """Judge the turn number held (``held_number``: out of sequence) by the next
        header's number ``n`` at ``row`` (None: no number, or the end of the movetext):
        the held turn's due number, after a turn written one too high, means that the two
        turns look swapped (one diagnostic, none for either line; True: ``n`` is judged);
        a number that runs on from the held one means the numbers follow it (the held one
        is reported, and from there on the numbers are judged from it); else the held
        number alone is wrong (and the count goes on, so the next lines are judged right).
        A swap found before is reported here, now that the second turn's lines are known
        (up to ``row``)."""
        if self.swapped is not None:
            second, second_row, first_row, span, slot = self.swapped
            self.swapped = None
            lines = (f"line {second_row}" if row - 1 <= second_row
                     else f"lines {second_row}-{row - 1}")
            self._fail(NotationError(
                f"turns {second} and {second + 1} look swapped: turn {second + 1} is written "
                f"first (line {first_row}), turn {second} after it (line {second_row})", span,
                hint=f"move {lines} before line {first_row}"), slot)
        held = self.held_number
        if held is None:
            return False
        self.held_number = None
        written, due, first_row, error, slot = held
        if written == due + 1 and n == due and self.ends + 1 == due + 1:
            assert error.span is not None
            self.swapped = (due, row, first_row, error.span, slot)
            return True
        if n is not None and n == written + 1:  # the numbers run on from it: follow them
            self.ends = n - 1
            # (a turn line left out, most often: records.py looks for the turn it held)
            error.missing = first_row  # type: ignore[attr-defined]
        self._fail(error, slot)
        return False


def _written(line: Line) -> tuple[str, ...]:
    """What a line says, word by word (its number, speakers and steps as written)."""
    out = [line.number.value] if line.number is not None else []
    for item in line.items:
        if item.prefix is not None:
            out.append(item.prefix.value)
        if item.step is not None:
            out.append(item.step.kind)
            todo: list[Any] = list(item.step.args)
            while todo:
                a = todo.pop(0)
                if isinstance(a, list):
                    todo[:0] = a
                elif a is not None:
                    out.append(str(getattr(a, "value", a)))
    return tuple(out)


def _last_row(line: Line) -> int:
    """The row a line ends on (lark types a token's positions as int | None: they are set)."""
    if not line.items:
        return line.first.end_line  # type: ignore[return-value]
    last = line.items[-1]
    if last.step is not None:
        return last.step.last.end_line  # type: ignore[return-value]
    return last.first.end_line  # type: ignore[return-value]
