"""What the player meant: the edit that gives back the game, for the slips a help about the
one step refused cannot mend.

A person who writes a record makes ordinary slips: two turns written in the wrong order
(their numbers kept in order, or none written), a turn line or a draw left out, a step
written on the other player's line, two steps of a line in the wrong order. The engine
refuses a step well after the slip, or one that is not wrong in itself, and a help about
that step alone leads away from the game that was played. ``mend`` (which
``records.replay`` calls at a rule error) and ``missing_turn`` (at a turn number that runs
on from a wrong one, a turn line left out) try the edits such a slip calls for, each on
the record's steps from the state the refused step met, and keep the one after which the
record replays to its end (or, with another problem later, furthest and well past the
edit). They then rewrite the error: its message names the cause, its span is where the
edit goes, and its help names the edit in words a person (and ``benchmarks/helpcheck.py``)
follows literally:

- ``turns 4 and 5 look swapped: ...`` -- ``move line 26 before line 25`` (``and swap the
  numbers 4 and 5`` when the turns are numbered);
- ``a turn seems to be missing before line 55: ...`` -- ``write the line '28. red: end'
  before line 55``;
- ``a draw seems to be missing after 'offer C1 for wine' ...`` -- ``write 'draw A7' after
  'offer C1 for wine'``;
- ``'buy F7 from red' is red's step: it belongs on line 47 ...`` -- ``move 'buy F7 from
  red' to line 47, after '22. red:'`` (written after the ``end`` of the turn before too);
- ``'X' seems to come before 'Y'`` -- ``write 'X; Y' instead of 'Y; X'``;
- ``'harvest F4' seems to be written twice: ...`` (the copy taken, a later step refused)
  -- ``delete this 'harvest F4'``;
- ``lines 22 and 23 look swapped: ...`` (any two lines: the movetext is read again with
  them put back) -- ``move line 23 before line 22``;
- ``'play B at D8' seems to be written instead of 'end': ...`` (a turn's ``end`` retyped)
  -- ``write 'end' instead of 'play B at D8'``.

When several edits give a record that replays (a tile drawn that nothing later names, a
turn whose steps nothing later shows), the record does not tell which was played: the
help says so in a player's words and names those edits, the first to copy (``write 'draw
Q' or 'draw Y' after 'offer F2 for wheat', the tile drawn: the record does not say which
...``); when none does (a turn of several steps left out), it names what the record
tells (the turn's header line) and what it does not. This module decides nothing
about legality: every trial is the engine's replay.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from ..errors import IllegalStep, KeyHarvestError, NotationError, Span
from ..model.setup import Setup
from ..model.state import PendingKind, State
from ..model.steps import Draw, EndTurn, Pass, Step
from ..notation import Names, Where, parse_step
from ..notation.movetext import read_movetext
from ..rules import advance, advance_steps, representative_steps
from ..rules.actions import new_game


class Record(Protocol):
    """What this module reads of a record (``records.Record``): its steps and its text."""

    setup: Setup
    steps: list[Step]
    text: str
    line: int
    movetext_line: int
    source: str

#: At most this many candidate edits are tried for one problem (legal steps of a turn, the
#: tiles of the bag), so that a diagnosis stays a bounded piece of work.
MAX_TRIALS = 160
#: An edit that does not make the record replay to its end must carry it at least this many
#: steps past the edit to be kept (another problem later in the record).
FURTHER = 12
#: A turn header: its number (if written) and its ``colour:``.
_HEADER = re.compile(r"^(\d+)?\s*\.?\s*([A-Za-z]+)\s*:")
_NUMBERED = re.compile(r"^\s*(\d+)\s*\.")
#: A ``colour:`` right before a step (its own prefix), after the line's start or a ``;``.
_PREFIX = re.compile(r"(?:^|;)\s*(?:\d+\s*\.\s*)?(([A-Za-z]+)\s*:\s*)$")


def _reach(state: State, rest: Sequence[Step]) -> float:
    """How many of ``rest`` apply from ``state`` (a copy is played; passes a record may
    leave out are supplied, I.37); ``inf`` when all of them do."""
    trial = state.copy()
    implied: list[tuple[int, Step]] = []
    start = trial.steps
    try:
        advance_steps(trial, rest, lambda s, step: fill_passes(s, step, 0, implied))
    except IllegalStep:
        return trial.steps - start - len(implied)
    return math.inf


def fill_passes(state: State, step: Step, index: int, implied: list[tuple[int, Step]]) -> None:
    """Apply the passes a record may leave out before ``step`` (I.37): while the game waits
    for a decision of a player other than the step's, and pass is its only legal answer."""
    for _ in range(64):
        pending = state.pending
        if state.result is not None or pending.kind in (PendingKind.CHANCE, PendingKind.OVER,
                                                        PendingKind.TURN):
            return
        if not isinstance(step, Draw) and getattr(step, "player", None) == pending.player:
            return
        legal = representative_steps(state)
        only = Pass(pending.player)  # type: ignore[arg-type]
        if legal != [only]:
            return
        advance(state, only)
        implied.append((index, only))


C = TypeVar("C")


def _winners(trials: Sequence[tuple[C, Sequence[Step], int]], state: State
             ) -> tuple[list[C], bool]:
    """The candidates whose edited steps carry the record furthest, and whether that is
    far enough to believe (the end, or ``FURTHER`` steps past the edit): each trial is
    (candidate, the steps from the state on, the length of the edit)."""
    best: float = -1
    found: list[C] = []
    enough = False
    for candidate, rest, size in trials[:MAX_TRIALS]:
        got = _reach(state, rest)
        if got > best:
            best, found = got, [candidate]
            enough = got == math.inf or got >= size + FURTHER
        elif got == best:
            found.append(candidate)
    return found, enough


class _Text:
    """The lines of a record's text, by their line number in the file."""

    def __init__(self, record: Record) -> None:
        self.lines = record.text.split("\n")
        self.first = record.line
        self.movetext = record.movetext_line
        if self.movetext <= self.first:  # (not set: a record of the steps before a bad line)
            plus = [i for i, x in enumerate(self.lines) if x.strip() == "+++"]
            self.movetext = self.first + plus[1] + 1 if len(plus) > 1 else self.movetext

    def __getitem__(self, row: int) -> str:
        i = row - self.first
        return self.lines[i] if 0 <= i < len(self.lines) else ""

    def last_row(self) -> int:
        return self.first + len(self.lines) - 1

    def is_header(self, row: int) -> bool:
        line = self[row]
        return (row >= self.movetext and bool(line[:1].strip()) and not line.startswith("#")
                and _HEADER.match(line) is not None)

    def header_of(self, row: int) -> int:
        """The header row of the turn whose lines hold ``row``."""
        while row > self.movetext and not self.is_header(row):
            row -= 1
        return row

    def group_end(self, header: int) -> int:
        """The last row of the turn whose header is on ``header`` (before the next header;
        blank lines after it left out)."""
        row = header + 1
        last = self.last_row()
        while row <= last and not self.is_header(row):
            row += 1
        row -= 1
        while row > header and not self[row].strip():
            row -= 1
        return row

    def header_text(self, row: int) -> str:
        m = _HEADER.match(self[row])
        return m.group(0) if m else ""

    def number(self, row: int) -> int | None:
        m = _NUMBERED.match(self[row])
        return int(m.group(1)) if m and len(m.group(1)) < 6 else None

    def text_of(self, span: Span | None) -> str | None:
        if span is None or span.end_line != span.line:
            return None
        return self[span.line][span.column - 1:span.end_column - 1] or None


def _lines(first: int, last: int) -> str:
    return f"line {first}" if first == last else f"lines {first}-{last}"


def _rewrite(error: IllegalStep | NotationError, message: str, hint: str,
             span: Span | None = None) -> bool:
    """``error`` saying ``message`` at ``span``, with ``hint`` as its help."""
    error.message = message
    error.args = (f"[{error.rule}] {message}" if isinstance(error, IllegalStep) else message,)
    error.hint = hint  # type: ignore[union-attr]  # (an IllegalStep's is set by advise)
    error.mended = True  # type: ignore[union-attr]  # (diagnostics: no note on the step)
    if span is not None:
        error.span = span
    return True


# -- at a rule error ------------------------------------------------------------------------
def mend(record: Record, error: IllegalStep, state: State, applied: int) -> bool:
    """Name the slip behind ``error`` (the step ``record.steps[applied]`` refused in
    ``state``) and the edit that gives back the game, when one of the slips this module
    knows explains it; True when ``error`` was rewritten."""
    steps = record.steps
    refused = error.step
    if (refused is None or error.span is None or not record.text or applied >= len(steps)
            or steps[applied] is not refused and steps[applied] != refused):
        return False
    text = _Text(record)
    pending = state.pending
    if _repeated_step(record, text, error, state, applied):
        return True
    if pending.kind == PendingKind.CHANCE:
        if isinstance(refused, Draw):
            return (_swapped_lines(record, text, error, state, applied)
                    or _draw_retyped(record, text, error, state, applied))
        return (_swapped_steps(record, text, error, state, applied)
                or _swapped_lines(record, text, error, state, applied)
                or _missing_draw(record, text, error, state, applied))
    player = getattr(refused, "player", None)
    first_of_turn = applied == 0 or isinstance(steps[applied - 1], EndTurn)
    if (pending.kind == PendingKind.TURN and player is not None and player != pending.player
            and first_of_turn):
        return (_swapped_turns(record, text, error, state, applied)
                or _swapped_lines(record, text, error, state, applied)
                or _other_line(record, text, error, state, applied)
                or _after_end(record, text, error, state, applied)
                or _missing_turn_here(record, text, error, state, applied))
    if isinstance(refused, EndTurn):
        return (_end_retyped(record, text, error, state, applied)
                or _swapped_lines(record, text, error, state, applied))
    return (_swapped_steps(record, text, error, state, applied)
            or (not isinstance(refused, Draw)
                and _other_line(record, text, error, state, applied))
            or _repeated_line(record, text, error, state, applied)
            or _swapped_lines(record, text, error, state, applied)
            or _one_step(record, text, error, state, applied))


def _state_at(record: Record, state: State, applied: int, at: int, *,
              passes: bool = True) -> State | None:
    """The state before ``record.steps[at]`` (``state``: the one before
    ``record.steps[applied]``; an earlier one is replayed from the start), None if the
    steps before it do not replay. Without ``passes``, before the passes a record may
    leave out that were supplied right before that step (``state`` may hold them)."""
    if at == applied and passes:
        return state
    implied: list[tuple[int, Step]] = []
    try:
        trial = new_game(record.setup, state.board)
        advance_steps(trial, record.steps[:at], lambda s, step: fill_passes(s, step, 0, implied))
    except KeyHarvestError:
        return None
    return trial


def _own_text(text: _Text, span: Span) -> str | None:
    """A step as written, with its own ``colour:`` (not a turn header's) when it has one."""
    written = text.text_of(span)
    if written is None:
        return None
    line = text[span.line]
    prefix = _PREFIX.search(line[:span.column - 1])
    if prefix is None or prefix.start() == 0 and not line[:1].isspace():
        return written
    return line[prefix.start(1):span.end_column - 1]


#: How many steps before the refused one a step written twice is looked for.
LOOK_BACK = 8


def _repeated_step(record: Record, text: _Text, error: IllegalStep, state: State,
                   applied: int) -> bool:
    """A step written twice in a row on one line (the copy accepted, a later step
    refused): the copy goes."""
    steps = record.steps
    for at in range(applied, max(applied - LOOK_BACK, 0), -1):
        one, two = steps[at - 1].span, steps[at].span
        if one is None or two is None or one.line != two.line:
            continue
        first, second = _own_text(text, one), _own_text(text, two)
        if first is None or first != second:
            continue
        own = len(second) - len(text.text_of(two) or "")  # (its own 'colour: ', if any)
        between = text[one.line][one.end_column - 1:two.column - 1 - own]
        if between.strip() != ";":
            continue
        # (before the passes supplied for the copy: the step after it may be that pass)
        before = _state_at(record, state, applied, at, passes=False)
        if before is None or not _winners([(True, steps[at + 1:], 0)], before)[1]:
            continue
        later = "" if at == applied else "the copy is taken, and a later step refused: "
        return _rewrite(error, f"{second!r} seems to be written twice: {later}{error.message}",
                        f"delete this {second!r}", two)
    return False


def _draw_retyped(record: Record, text: _Text, error: IllegalStep, state: State,
                  applied: int) -> bool:
    """A draw of a tile the bag cannot give (another tile retyped there): the one tile of
    the bag after which the record replays to its end, when only one does; when several
    do (or the tile was drawn before: that draw may be the one retyped), those tiles, as
    what the record does not tell."""
    steps = record.steps
    typed = text.text_of(steps[applied].span)
    if typed is None:
        return False
    draws = [s for s in representative_steps(state) if isinstance(s, Draw)]
    found, enough = _winners([(d, [d, *steps[applied + 1:]], 1) for d in draws], state)
    if not found or not enough:
        return False
    if len(found) == 1 and steps[applied] not in steps[:applied]:
        return _rewrite(error, error.message,
                        f"write 'draw {found[0].item}' instead of {typed!r}")
    return _rewrite(error, error.message, _tiles_help(found, f"instead of {typed!r}",
                                                      record, applied))


def _tiles_help(found: Sequence[Draw], where: str, record: Record, applied: int) -> str:
    """The help for a draw the record does not tell, when several tiles of the bag fit
    the rest of it: write one of them ``where`` (the first followed literally gives a
    record that replays as far as the tile drawn does)."""
    from .alternatives import LIMIT, said

    tiles = sorted({d.item for d in found})
    shown = said([f"'draw {t}'" for t in tiles[:LIMIT]])
    more = len(tiles) - LIMIT
    if more <= 0:
        return (f"write {shown} {where}, the tile drawn: the record does not say which "
                f"(these {len(tiles)} fit the rest of it)")
    source = record.source if record.source and not record.source.startswith("<") \
        else "FILE"
    return (f"write {shown} {where}, or the tile drawn if another: the record does not say "
            f"which ({len(tiles)} fit the rest of it; keyharvest moves {source} --to "
            f"{applied} lists what the bag could give)")


def _missing_draw(record: Record, text: _Text, error: IllegalStep, state: State,
                  applied: int) -> bool:
    steps = record.steps
    before = steps[applied - 1] if applied else None
    anchor = text.text_of(getattr(before, "span", None)) if before is not None else None
    if before is None or isinstance(before, EndTurn) or anchor is None:
        return False
    draws = [s for s in representative_steps(state) if isinstance(s, Draw)]
    rest = steps[applied:]
    trials: list[tuple[tuple[bool, Draw], Sequence[Step], int]] = [
        ((False, d), [d, *rest], 1) for d in draws]
    refused = steps[applied]
    span = refused.span
    typed = text.text_of(span)
    if typed is not None and span is not None and (not isinstance(refused, EndTurn)
                                                   or typed.lower() == "end"):  # (written)
        line = text[span.line]  # (the step written where the draw was: retyped)
        prefix = _PREFIX.search(line[:span.column - 1])
        if prefix is None or prefix.start() > 0 or line[:1].isspace():
            if prefix is not None:
                typed = line[prefix.start(1):span.end_column - 1]
            trials += [((True, d), [d, *rest[1:]], 1) for d in draws]
    found, enough = _winners(trials, state)
    purpose = state.pending.purpose
    why = f" ({purpose})" if purpose else ""
    message = f"a draw seems to be missing after {anchor!r}{why}"
    after = [d for retyped, d in found if not retyped]  # (a draw left out, not retyped)
    if found and enough and not after:
        hint = (f"write 'draw {found[0][1].item}' instead of {typed!r}" if len(found) == 1
                else _tiles_help([d for _, d in found], f"instead of {typed!r}", record,
                                 applied))
        return _rewrite(error, f"a draw is due here{why}: {error.message}", hint)
    if len(found) == 1 and enough:
        hint = f"write 'draw {after[0].item}' after {anchor!r}"
    elif found and enough:  # several tiles fit: the record does not tell which
        hint = _tiles_help(after, f"after {anchor!r}", record, applied)
    else:
        where = record.source if record.source and not record.source.startswith("<") \
            else "FILE"
        hint = (f"a tile was drawn after {anchor!r} and the record does not say which: "
                f"write 'draw' and that tile there (keyharvest moves {where} --to "
                f"{applied} lists what the bag could give)")
    return _rewrite(error, message, hint, before.span)


def _turn_of(steps: Sequence[Step], start: int) -> int | None:
    """The index just past the ``EndTurn`` of the turn that starts at ``start``."""
    for i in range(start, len(steps)):
        if isinstance(steps[i], EndTurn):
            return i + 1
    return None


def _swapped_turns(record: Record, text: _Text, error: IllegalStep, state: State,
                   applied: int) -> bool:
    steps = record.steps
    a_end = _turn_of(steps, applied)
    b_end = _turn_of(steps, a_end) if a_end is not None else None
    if a_end is None or b_end is None or a_end >= b_end:
        return False
    first, second = steps[applied:a_end], steps[a_end:b_end]
    _, enough = _winners([(True, [*second, *first, *steps[b_end:]], len(first)
                               + len(second))], state)
    if not enough:
        return False
    a_row = text.header_of(error.span.line)  # type: ignore[union-attr]
    b_span = next((s.span for s in second if getattr(s, "span", None) is not None), None)
    if b_span is None or not text.is_header(a_row):
        return False
    b_row = text.header_of(b_span.line)
    if b_row <= a_row:
        return False
    b_last = text.group_end(b_row)
    n = state.turn.number
    first_player = getattr(error.step, "player", "")
    second_player = state.pending.player
    numbers = (text.number(a_row), text.number(b_row))
    low, high = sorted(n or 0 for n in numbers)
    renumber = f" and swap the numbers {low} and {high}" if low and low != high else ""
    message = (f"turns {n} and {n + 1} look swapped: {second_player}'s turn {n} is written "
               f"after {first_player}'s turn {n + 1} (line {a_row})")
    hint = f"move {_lines(b_row, b_last)} before line {a_row}{renumber}"
    header = text.header_text(a_row)
    return _rewrite(error, message, hint, Span(a_row, 1, a_row, len(header) + 1,
                                               error.span.source))  # type: ignore[union-attr]


def _bodies(state: State, player: str) -> list[tuple[list[Step], list[Step]]]:
    """The turns ``player`` may have played from ``state`` that a search can tell apart:
    an empty one, and one step then the end (each: the steps, and the steps written)."""
    out: list[tuple[list[Step], list[Step]]] = [([EndTurn(player)], [EndTurn(player)])]
    for step in representative_steps(state):
        if isinstance(step, (EndTurn, Pass, Draw)):
            continue
        trial = state.copy()
        try:
            advance(trial, step)
            advance(trial, EndTurn(player))
        except KeyHarvestError:
            continue
        out.append(([step, EndTurn(player)], [step]))
    return out


def _turn_line(state: State, player: str, written: list[Step], numbered: bool) -> str:
    from .alternatives import written as in_words

    body = "; ".join(in_words(s, player) for s in written
                     if not isinstance(s, EndTurn)) or "end"
    number = f"{state.turn.number}. " if numbered else ""
    return f"{number}{player}: {body}"


def _find_missing_turn(state: State, rest: Sequence[Step], numbered: bool
                       ) -> tuple[list[str], str]:
    """The turns of one step or none that fit where one is left out before ``rest`` (the
    lines to write: one when the record tells the turn, several when it does not, none
    when no such turn fits) and the player whose turn it is."""
    player = state.pending.player or ""
    bodies = _bodies(state, player)
    found, enough = _winners([((steps, written), [*steps, *rest], len(steps))
                              for steps, written in bodies], state)
    if not enough:
        return [], player
    return [_turn_line(state, player, written, numbered) for _, written in found], player


def _missing_turn_help(state: State, lines: Sequence[str], player: str, row: int,
                       numbered: bool, header_alone: bool = True) -> tuple[str, str]:
    """The message and help for ``player``'s turn left out before line ``row``: the
    ``lines`` that fit (one: the turn; several: the record does not tell which), or when
    none does, its header line (``header_alone``: written alone, it lets the record read
    on) and what the record does not tell."""
    from .alternatives import LIMIT, said

    n = state.turn.number
    message = f"a turn seems to be missing before line {row}: {player}'s turn {n} is not written"
    if len(lines) == 1:
        return message, f"write the line {lines[0]!r} before line {row}"
    untold = f"the record does not say what {player} did in turn {n}"
    if lines:  # several turns fit the rest of the record
        shown = said([repr(x) for x in lines[:LIMIT]])
        more = len(lines) - LIMIT
        fit = (f"these {len(lines)} fit the rest of it" if more <= 0 else
               f"{len(lines)} turns of one step or none fit the rest of it")
        return message, (f"write the line {shown} before line {row}, or the turn {player} "
                         f"played if another: {untold} ({fit})")
    header = f"{n}. {player}:" if numbered else f"{player}:"
    if not header_alone:
        return message, (f"{untold}: write that turn on a line of its own, starting "
                         f"{header!r}, before line {row}")
    return message, (f"{untold}: write the line {header!r} before line {row}, and {player}'s "
                     f"steps of that turn after {header!r}")


def _missing_turn_here(record: Record, text: _Text, error: IllegalStep, state: State,
                       applied: int) -> bool:
    row = text.header_of(error.span.line)  # type: ignore[union-attr]
    if not text.is_header(row):
        return False
    numbered = text.number(row) is not None
    steps = record.steps
    # the turn before ended on an earlier line than the refused step's continuation line:
    # the turn left out goes before that line (its steps are then that turn's)
    below = (row != error.span.line and applied > 0  # type: ignore[union-attr]
             and (_line(steps[applied - 1]) or 0) < error.span.line)  # type: ignore[union-attr]
    written = getattr(error.step, "player", None)
    end = _turn_of(steps, applied)
    if end is not None:  # the header's colour mistyped: the turn is the one due
        retyped = [dataclasses.replace(s, player=state.pending.player)  # type: ignore[call-arg]
                   if getattr(s, "player", None) == written else s for s in steps[applied:end]]
        if _winners([(True, [*retyped, *steps[end:]], len(retyped))], state)[1]:
            return False
    lines, player = _find_missing_turn(state, steps[applied:], numbered)
    seats = state.colours
    skipped = seats[(seats.index(player) + 1) % len(seats)] == written
    if not lines and not skipped:  # not a turn left out that a player can see
        return False
    if below:
        if lines:  # (a turn that fits was read with that line's steps another player's)
            return False
        row = error.span.line  # type: ignore[union-attr]
    # the header alone (an empty turn) before the line: the record reads on when the turn
    # and a step after it apply (not before a continuation line: its steps become that
    # turn's, refused as they were)
    alone = not below and _reach(state, [EndTurn(player), *steps[applied:]]) >= 2
    message, hint = _missing_turn_help(state, lines, player, row, numbered, alone)
    header = text.header_text(row)
    return _rewrite(error, message, hint, Span(row, 1, row, len(header) + 1,
                                               error.span.source))  # type: ignore[union-attr]


def _swapped_steps(record: Record, text: _Text, error: IllegalStep, state: State,
                   applied: int) -> bool:
    """Two steps of a line in the wrong order: the refused one and the next, or the one
    before it (taken where the refused one was due) and the refused one."""
    steps = record.steps
    for at in (applied, applied - 1):
        if at < 0 or at + 1 >= len(steps) or at < applied and len(steps) - at - 2 < FURTHER:
            continue  # (the pair before: only with enough of the record after it to tell)
        refused, after = steps[at], steps[at + 1]
        one, two = getattr(refused, "span", None), getattr(after, "span", None)
        if (isinstance(after, EndTurn) or isinstance(refused, EndTurn) or one is None
                or two is None or one.line != two.line or two.end_line != two.line):
            continue
        line = text[one.line]
        written = line[one.column - 1:two.end_column - 1]
        first = text.text_of(one)
        own = _PREFIX.search(line[:one.column - 1])
        if first is None or ";" not in written or own is not None and (
                own.start() > 0 or line[:1].isspace()):  # (the first step's own 'colour:')
            continue
        before = _state_at(record, state, applied, at)
        if before is None or not _winners([(True, [after, refused, *steps[at + 2:]], 2)],
                                          before)[1]:
            continue
        second = written.split(";", 1)[1].strip()
        if ":" in second and getattr(refused, "player", None):  # it speaks for its own player
            first = f"{refused.player}: {first}"
        message = f"{second!r} seems to come before {first!r}: {error.message}"
        return _rewrite(error, message, f"write '{second}; {first}' instead of {written!r}",
                        None if at == applied else Span(one.line, one.column, two.end_line,
                                                        two.end_column, one.source))
    return False


def _row_steps(steps: Sequence[Step], row: int, at: int) -> tuple[int, int]:
    """The index range of the steps written on line ``row`` around index ``at``."""
    lo = at
    while lo > 0 and _line(steps[lo - 1]) == row:
        lo -= 1
    hi = at
    while hi < len(steps) and _line(steps[hi]) == row:
        hi += 1
    return lo, hi


def _line(step: Step) -> int | None:
    """The line ``step`` was written on (None: not known)."""
    return None if step.span is None else step.span.line


def _repeated_line(record: Record, text: _Text, error: IllegalStep, state: State,
                   applied: int) -> bool:
    """A line written twice (a continuation line copied): its second copy goes."""
    steps = record.steps
    row = error.span.line  # type: ignore[union-attr]
    if text.is_header(row) or row <= text.movetext or text[row] != text[row - 1]:
        return False
    lo, hi = _row_steps(steps, row, applied)
    if lo != applied:
        return False
    if not _winners([(True, steps[hi:], 0)], state)[1]:
        return False
    return _rewrite(error, f"line {row} repeats line {row - 1}: the same line written twice",
                    f"delete line {row}")


def _movetext(text: _Text) -> list[str]:
    """The lines of the record's movetext."""
    return text.lines[text.movetext - text.first:]


def _replays_edited(record: Record, text: _Text, state: State, applied: int,
                    lines: list[str], size: int) -> bool:
    """Whether the movetext ``lines`` (``record``'s, edited) reads and its steps replay to
    the end, or ``FURTHER`` steps past the edit (of ``size`` steps), from where they part
    from the record's (at or before the refused step, ``applied``)."""
    names = Names(Where(record.source, text.movetext - 1), state.colours, state.board,
                  record.setup.start)
    try:
        again = read_movetext("\n".join(lines), names, max_errors=1, spans=False).steps
    except KeyHarvestError:
        return False
    steps = record.steps
    at = next((i for i, (x, y) in enumerate(zip(steps, again)) if x != y),
              min(len(steps), len(again)))
    if at > applied or at == len(again):
        return False
    before = _state_at(record, state, applied, at)
    return before is not None and _winners([(True, again[at:], size)], before)[1]


def _swapped_lines(record: Record, text: _Text, error: IllegalStep, state: State,
                   applied: int) -> bool:
    """Two lines next to each other in the wrong order, the refused step's line one of them
    or the line after them: the movetext read again with the two lines put back, and
    replayed from where its steps part from the record's."""
    row = error.span.line  # type: ignore[union-attr]
    first = text.movetext
    lines = _movetext(text)
    steps = record.steps
    for a in (row, row - 1, row - 2):
        b = a + 1
        if a < first or b - first >= len(lines) or not (lines[a - first].strip()
                                                       and lines[b - first].strip()):
            continue
        if (lines[a - first].startswith("#") or lines[b - first].startswith("#")
                or text.number(a) is not None and text.number(b) is not None):
            continue  # (two numbered turns swapped: the turn reader names them)
        moved = lines[:]
        moved[a - first], moved[b - first] = moved[b - first], moved[a - first]
        size = sum(1 for s in steps if s.span is not None and a <= s.span.line <= b)
        if _replays_edited(record, text, state, applied, moved, size):
            return _rewrite(error, f"lines {a} and {b} look swapped: {error.message}",
                            f"move line {b} before line {a}")
    return False


def _after_end(record: Record, text: _Text, error: IllegalStep, state: State,
               applied: int) -> bool:
    """A turn's first step written at the end of the line before, after that turn's
    'end' ('12. red: end; harvest B6'): it belongs after the next header, the player's
    whose turn it is (the movetext is read again with it moved there)."""
    steps = record.steps
    refused = steps[applied]
    span = refused.span
    speaker = getattr(refused, "player", None)
    written = text.text_of(span)
    player = state.pending.player
    if (span is None or written is None or ":" in written or applied == 0 or player is None
            or steps[applied - 1] != EndTurn(speaker)  # type: ignore[arg-type]
            or _line(steps[applied - 1]) != span.line
            or text[span.line][span.end_column - 1:].split("#", 1)[0].strip()):
        return False
    row = span.line + 1
    while row <= text.last_row() and not text.is_header(row):
        row += 1
    header = text.header_text(row)
    m = _HEADER.match(header)
    if m is None or m.group(2).lower() != player:
        return False
    first = text.movetext
    lines = _movetext(text)
    line = lines[span.line - first]
    cut = line[:span.column - 1].rstrip()
    lines[span.line - first] = cut[:-1].rstrip() if cut.endswith(";") else cut
    target = lines[row - first]
    tail = target[len(header):]
    lines[row - first] = f"{header} {written}" + (f";{tail}" if tail.strip() else "")
    if not _replays_edited(record, text, state, applied, lines, 1):
        return False
    message = (f"{written!r} is {player}'s step: it belongs on line {row}, {player}'s turn "
               f"{state.turn.number}")
    return _rewrite(error, message, f"move {written!r} to line {row}, after {header!r}")


def _one_step(record: Record, text: _Text, error: IllegalStep, state: State,
              applied: int) -> bool:
    """One step too many, left out before the refused one, or written instead of it: the
    one edit of the three after which the record replays to its end, when only one
    does."""
    steps = record.steps
    refused = steps[applied]
    span = getattr(refused, "span", None)
    written = text.text_of(span)
    if span is None or written is None or ":" in written:
        return False
    from .alternatives import written as in_words

    line = text[span.line]
    prefix = _PREFIX.search(line[:span.column - 1])
    header = prefix is not None and prefix.start() == 0 and not line[:1].isspace()
    own = written if prefix is None or header else line[prefix.start(1):span.end_column - 1]

    speaker = getattr(refused, "player", None)
    if speaker is None:  # a draw: the step written instead is the line's speaker's
        from .alternatives import speakers

        before = text[span.line][:span.column - 1]
        if not before or before[:1].isspace():  # a continuation line: its header speaks
            head = _HEADER.match(text[text.header_of(span.line)])
            before = f"{head.group(2)}: ; {before}" if head else before
        speaker = speakers(state, before)[0]
    rest = steps[applied + 1:]
    trials: list[tuple[tuple[str, Step | None], Sequence[Step], int]] = []
    # another player's step is written with its colour, which then speaks to the end of
    # the line: only where nothing after it on the line is spoken
    last = not line[span.end_column - 1:].split("#", 1)[0].strip()
    # a header's only step left out is an empty turn: 'end' written in its place
    alone_on_header = header and last and bool(rest) and isinstance(rest[0], EndTurn)
    if not header or alone_on_header:
        trials.append((("delete", None), rest, 0))  # (not a header's own step)
    legal = [s for s in representative_steps(state) if not isinstance(s, EndTurn) and (
        getattr(s, "player", None) in (None, speaker) or last)]
    legal.sort(key=lambda s: type(s) is not type(refused))  # the same kind first
    trials += [(("instead", s), [s, *rest], 1) for s in legal]
    alone = last and isinstance(refused, Draw)  # ('red: pass; draw C5': the draw is nobody's)
    coloured = own != written  # (its own colour: another's step may go before it)
    trials += [(("before", s), [s, refused, *rest], 2) for s in legal
               if getattr(s, "player", None) in (None, speaker) or alone or coloured]
    from .alternatives import LIMIT, said

    found: list[tuple[str, Step | None]] = []
    for candidate, steps_after, _ in trials[:4 * MAX_TRIALS]:
        if _reach(state, steps_after) == math.inf:
            found.append(candidate)
            if len(found) > LIMIT:
                break
    twice = applied > 0 and steps[applied - 1] == refused
    if twice and ("delete", None) in found:  # a step written twice: the copy goes first
        found = [("delete", None)]
    hows = {how for how, _ in found}
    if len(found) > 1 and len(hows) == 1 and hows <= {"before", "instead"} and all(
            getattr(s, "player", None) in (None, speaker) for _, s in found):
        # several steps fit there: the record does not say which was played
        (how,) = hows
        # nearest to what was written first (alternatives' order: the same kind, the
        # words shared, the fewest edits)
        from .alternatives import alternatives

        near = alternatives(state, refused, 4 * MAX_TRIALS, speaker=speaker)
        texts = sorted((in_words(s, speaker) for _, s in found),  # type: ignore[arg-type]
                       key=lambda t: near.index(t) if t in near else len(near))
        shown = said([repr(t) for t in texts[:LIMIT]])
        fit = (f"these {len(found)} fit the rest of it" if len(found) <= LIMIT
               else f"more than {LIMIT} fit the rest of it")
        where = "before" if how == "before" else "instead of"
        hint = (f"write {shown} {where} {written!r}, the step played: the record does not say "
                f"which ({fit})")
        if how == "before":
            return _rewrite(error, f"a step seems to be missing before {written!r}: "
                            f"{error.message}", hint)
        return _rewrite(error, error.message, hint)
    if len(found) != 1:
        return False
    how, chosen = found[0]
    if (how == "delete" or chosen is None) and alone_on_header:
        return _rewrite(error, f"{own!r} seems to be written instead of 'end': "
                        f"{error.message}", f"write 'end' instead of {own!r}")
    if how == "delete" or chosen is None:
        why = "written twice" if twice else "one step too many"
        return _rewrite(error, f"{own!r} seems to be {why}: {error.message}",
                        f"delete this {own!r}")
    new = in_words(chosen, speaker)
    if getattr(chosen, "player", None) not in (None, speaker):
        written = own  # (another player's step replaces the refused one's colour too)
    if how == "before":
        return _rewrite(error, f"a step seems to be missing before {written!r}: "
                        f"{error.message}", f"write {new!r} before {written!r}")
    return _rewrite(error, error.message, f"write {new!r} instead of {written!r}")


def _end_retyped(record: Record, text: _Text, error: IllegalStep, state: State,
                 applied: int) -> bool:
    """A turn written as one step on its header line where the player ended the turn
    ('12. red: end' retyped): the step is taken and the end of the turn refused. Named
    when 'end' there, and no other one-step turn, makes the record replay to its end."""
    steps = record.steps
    at = applied - 1
    if at < 0 or isinstance(steps[at], EndTurn) or at > 0 and not isinstance(
            steps[at - 1], EndTurn):
        return False
    span = steps[at].span
    written = text.text_of(span)
    if span is None or written is None or ":" in written or not text.is_header(span.line):
        return False
    line = text[span.line]
    prefix = _PREFIX.search(line[:span.column - 1])
    if (prefix is None or prefix.start() > 0
            or line[span.end_column - 1:].split("#", 1)[0].strip()):
        return False  # (not the header's only step)
    before = _state_at(record, state, applied, at)
    player = getattr(error.step, "player", None)
    if before is None or player is None:
        return False
    rest = steps[applied + 1:]
    trials: list[tuple[Step | None, Sequence[Step]]] = [(None, [EndTurn(player), *rest])]
    trials += [(s, [s, EndTurn(player), *rest]) for s in representative_steps(before)
               if not isinstance(s, (EndTurn, Pass)) and getattr(s, "player", player) == player]
    found = 0
    for candidate, trial in trials[:MAX_TRIALS]:
        if _reach(before, trial) == math.inf:
            if candidate is not None:
                return False  # (another one-step turn fits as well: not told)
            found += 1
    if not found:
        return False
    return _rewrite(error, f"{written!r} seems to be written instead of 'end': "
                    f"{error.message}", f"write 'end' instead of {written!r}", span)


def _turn_starts(steps: Sequence[Step], start: int) -> list[int]:
    """The indices from ``start`` on where a turn begins (just after an ``EndTurn``)."""
    return [i + 1 for i in range(start, len(steps) - 1) if isinstance(steps[i], EndTurn)]


def _other_line(record: Record, text: _Text, error: IllegalStep, state: State,
                applied: int) -> bool:
    steps = record.steps
    refused = steps[applied]
    span = getattr(refused, "span", None)
    written = text.text_of(span)
    speaker = getattr(refused, "player", None)
    if span is None or written is None or speaker is None or ":" in written:
        return False
    starts = _turn_starts(steps, applied)
    after_end = applied > 0 and steps[applied - 1] == EndTurn(speaker)
    trials: list[tuple[tuple[str, int, int], Sequence[Step], int]] = []
    for player in state.colours:  # (the speaker's own next turn too: written a line early)
        try:
            moved = parse_step(written, player, players=state.colours, board=state.board)
        except KeyHarvestError:
            continue
        at = next((i for i in starts if _owner(steps, i) == player), None)
        if at is None or _line(steps[at]) is None:
            continue
        trials.append(((player, at, 0), [*steps[applied + 1:at], moved, *steps[at:]],
                       at - applied))
        if after_end and at - 1 > applied and isinstance(steps[at - 1], EndTurn):
            # written after 'end': the end of the turn the next header implies goes too
            trials.append(((player, at, 1), [*steps[applied + 1:at - 1], moved, *steps[at:]],
                           at - applied))
    found, enough = _winners(trials, state)
    if len(found) != 1 or not enough:
        return False
    player, at, dropped = found[0]
    row = text.header_of(_line(steps[at]) or 0)
    header = text.header_text(row)
    if not text.is_header(row) or not header:
        return False
    n = state.turn.number - dropped + sum(1 for i in range(applied, at)
                                          if isinstance(steps[i], EndTurn))
    message = f"{written!r} is {player}'s step: it belongs on line {row}, {player}'s turn {n}"
    return _rewrite(error, message, f"move {written!r} to line {row}, after {header!r}")


def _owner(steps: Sequence[Step], start: int) -> str | None:
    end = _turn_of(steps, start)
    if end is None:
        return next((s.player for s in steps[start:] if s.player), None)
    return steps[end - 1].player


# -- at a turn number that runs on -----------------------------------------------------------
def missing_turn(error: NotationError, record: Record, read: Sequence[Step],
                 replayed: Callable[[list[Step]], State | None]) -> bool:
    """Name a turn left out where ``error`` (the turn reader's: a turn number written one
    too high, and the numbers after it run on from it, ``error.missing``) is, with the
    line to write when the record tells it; ``read`` holds the steps as the reader read
    them, ``replayed(steps)`` the state they reach (None if they do not replay). True
    when ``error`` was rewritten."""
    row = getattr(error, "missing", None)
    if row is None or error.span is None:
        return False
    at = next((i for i, s in enumerate(read) if s.span is not None and s.span.line >= row
               and not (isinstance(s, EndTurn) and s.span.line == row
                        and s.span.column == 1)), None)
    if at is None:
        return False
    state = replayed(list(read[:at]))
    if state is None or state.pending.kind != PendingKind.TURN:
        return False
    rest = read[at:]
    if _reach(state, rest) == math.inf:
        return False  # the turns as written replay: only the numbers are wrong
    lines, player = _find_missing_turn(state, rest, True)
    message, hint = _missing_turn_help(state, lines, player, row, True)
    text = _Text(record)
    header = text.header_text(row)
    return _rewrite(error, message, hint, Span(row, 1, row, max(len(header), 1) + 1,
                                               error.span.source))


__all__ = ["mend", "missing_turn"]
