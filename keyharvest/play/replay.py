"""Points in a game record, and the table at one of them: what ``--to`` means.

A *point* names one moment of a record (``parse_point``):

- ``N`` (a whole number): the position after the record's first ``N`` steps. ``0`` (or
  ``start``) is the position after the setup, before any step. Steps are counted as they
  are written in the record, draws and answers to events included; a forced pass that the
  record leaves out (RULES.md I.37) is supplied but not counted.
- ``turn T``: the position at the start of turn ``T``, before its first step: just after
  the step that ended turn ``T - 1`` (its ``end``, written or implied by the header of turn
  ``T``). Turns are numbered as the movetext numbers them (``T. colour: ...``), counting
  every player's turns; ``turn 1`` is the position after the setup.
- ``turn T colour``: the same position, and turn ``T`` must be that colour's.
- ``end`` (the default): after the record's last step.

``locate(text, source, point)`` reads a record or a position (``sniff`` tells them apart)
and returns the table at the point (``Located``). This module is what the command line's
``replay``, ``score``, ``moves``, ``render`` and ``diff`` share; it knows records and
states, not the command line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum

from ..errors import KeyHarvestError, whole
from ..formats.boardfile import NAMED_ONLY, BoardAccess
from ..formats.cutter import is_blank_or_comment, is_delimiter, split_lines
from ..formats.positions import Position, load_position
from ..formats.records import Record, iter_records, replay
from ..model.state import State
from ..rules.view import Observation, observe, recalled

RECORD = "record"
POSITION = "position"


class PointKind(StrEnum):
    """The sorts of moment ``--to`` names (``Point.kind``)."""

    STEP = "step"  # ``number`` steps applied
    TURN = "turn"  # the start of turn ``number``, optionally ``player``'s
    END = "end"  # after the last step


@dataclass(frozen=True)
class Point:
    """A moment of a record: ``kind`` is ``STEP`` (``number`` steps applied), ``TURN``
    (the start of turn ``number``, optionally ``player``'s) or ``END``."""

    kind: PointKind = PointKind.END
    number: int = 0
    player: str | None = None

    def __str__(self) -> str:
        if self.kind == PointKind.STEP:
            return f"step {self.number}"
        if self.kind == PointKind.TURN:
            return f"turn {self.number}" + (f" {self.player}" if self.player else "")
        return "end"


END = Point()
_TURN = re.compile(r"turn\s*(\d+)(?:\s*[,:]?\s*([a-z]+))?", re.IGNORECASE)


def parse_point(text: str) -> Point:
    """The point written as ``text``: ``N``, ``start``, ``end``, ``turn T`` or ``turn T
    colour``. Raises ``ValueError`` (with a message for the user) otherwise."""
    s = text.strip().lower()
    if s == "end":
        return END
    if s == "start":
        return Point(PointKind.STEP, 0)
    if s.isdigit():
        return Point(PointKind.STEP, whole(s, "step"))
    m = _TURN.fullmatch(s)
    if m:
        number = whole(m.group(1), "turn")
        if number < 1:
            raise ValueError("turns are numbered from 1")
        player = m.group(2)
        if player is not None:
            from ..model.catalogue import PLAYER_COLOURS

            if player not in PLAYER_COLOURS:
                raise ValueError(f"unknown player {m.group(2)!r} (players are colours: "
                                 f"{', '.join(PLAYER_COLOURS)})")
        return Point(PointKind.TURN, number, player)
    raise ValueError(f"{text!r} is not a point of a record: write a step number (0 is the "
                     "setup), 'turn T', 'turn T colour', 'start' or 'end'")


def sniff(text: str) -> str:
    """``"record"`` if the first line that is neither blank nor a ``#`` comment is ``+++``
    (or there is none), else ``"position"``."""
    for line in split_lines(text):
        if not is_blank_or_comment(line):
            return RECORD if is_delimiter(line) else POSITION
    return RECORD


@dataclass
class Located:
    """The table at a point of one input.

    ``kind`` is ``"record"`` or ``"position"``. For a record, ``record`` is the game chosen
    (``game``, 1-based, of ``games`` in the file) and ``step`` the number of its steps
    applied to reach ``state``; ``states`` (with ``each=True``) holds the state after the
    setup and after each of those steps, and ``labels`` each step's text (``None`` for the
    setup). For a position, ``position`` is what was read.
    """

    source: str
    text: str
    kind: str
    state: State
    record: Record | None = None
    position: Position | None = None
    step: int | None = None
    game: int = 1
    games: int = 1
    states: list[State] | None = None
    labels: list[str | None] | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def unknown(self) -> frozenset[str]:
        """What the input leaves unknown (a partial position's ``Position.unknown``)."""
        return self.position.unknown if self.position is not None else frozenset()

    @property
    def result(self) -> str:
        """``"finished"``, ``"unfinished"`` (stopped at the turn limit) or ``"in progress"``."""
        return self.state.result or "in progress"

    def frames(self) -> list[tuple[str, State]]:
        """The replay up to the point as (label, state) pairs, for an HTML viewer."""
        if self.states is None or self.labels is None:
            return [("start" if self.kind == RECORD else self.source, self.state)]
        return [(label or "start", s) for label, s in zip(self.labels, self.states)]


def located_views(at: Located, player: str) -> list[Observation]:
    """What ``player`` may know at a located point: for a record, after the setup and each
    step up to the point when ``at.states`` holds them (else at the point only), with
    perfect recall of the public history (``rules.view.recalled``); for a position, of its
    table. Raises ``KeyError`` for a player not seated."""
    if player not in at.state.colours:
        raise KeyError(player)
    if at.record is None:
        return [observe(at.state, player)]
    states = at.states
    if states is None:
        done = replay(at.record, upto=at.step, each=True)
        if done.error is not None:
            raise done.error
        assert done.states is not None
        return recalled(done.states, player)
    return recalled(states, player, every=True)


def choose_record(text: str, source: str, game: int | None = None, *,
                  access: BoardAccess = NAMED_ONLY) -> tuple[Record, int, int]:
    """The ``game``-th record of ``text`` (1-based; the first by default), its number, and
    how many records the file holds as far as is known (the count is exact when ``game`` is
    given and the file holds fewer, or when it is None: one record past the one chosen is
    read to tell). Raises ``NotationError`` for a record that does not read and
    ``KeyHarvestError`` for a game the file does not hold."""
    want = 1 if game is None else game
    if want < 1:
        raise KeyHarvestError("games are numbered from 1")
    chosen: Record | None = None
    count = 0
    for record in iter_records(text, source, access=access):
        count += 1
        if count == want:
            chosen = record
        elif count > want:
            break
    if chosen is None:
        raise KeyHarvestError(f"{source} holds {count} record{'s' * (count != 1)}, "
                              f"not a game {want}")
    return chosen, want, count


def locate(text: str, source: str = "<stdin>", point: Point | None = None, *,
           game: int | None = None, each: bool = False,
           access: BoardAccess = NAMED_ONLY) -> Located:
    """The table of ``text`` (a record or a position, see ``sniff``) at ``point``.

    ``access`` says which board files the input may name (``boardfile.BoardAccess``).
    Raises ``NotationError`` / ``PositionError`` for input that does not read, the
    ``IllegalStep`` of the record that stops its replay before the point, and
    ``KeyHarvestError`` for a point the record does not reach or a point given for a
    position (a position is one moment).
    """
    point = point or END
    if sniff(text) == POSITION:
        if point != END:
            raise KeyHarvestError(f"{source} is a position, one moment of a game: it has no "
                                  f"{point} (--to needs a record)")
        if game not in (None, 1):
            raise KeyHarvestError(f"{source} is a position, not a file of games")
        pos = load_position(text, source, access=access)
        return Located(source, text, POSITION, pos.state, position=pos)
    record, number, count = choose_record(text, source, game, access=access)
    located = at_point(record, point, each=each)
    located.source, located.text, located.game, located.games = source, text, number, count
    if game is None and count > 1:
        located.notes.append(f"{source} holds more than one record: this is game 1 "
                             "(choose another with --game N)")
    return located


def at_point(record: Record, point: Point | None = None, *, each: bool = False) -> Located:
    """The table of ``record`` at ``point`` (the end by default): see ``locate``."""
    point = point or END
    n = len(record.steps)
    if point.kind == PointKind.STEP:
        if point.number > n:
            raise KeyHarvestError(f"there is no step {point.number}: the record has {n} "
                                  f"step{'s' * (n != 1)}")
        upto = point.number
    elif point.kind == PointKind.TURN:
        upto = _turn_start(record, point)
    else:
        upto = n
    done = replay(record, upto=upto, each=each)
    if done.error is not None:
        raise done.error
    labels: list[str | None] | None = None
    if each:
        labels = [None, *(str(s) for s in record.steps[:upto])]
    return Located(record.source, record.text, RECORD, done.state, record=record, step=upto,
                   states=done.states, labels=labels)


def _turn_start(record: Record, point: Point) -> int:
    """The number of record steps after which turn ``point.number`` starts."""
    done = replay(record, each=True)
    assert done.states is not None
    last_turn = 0
    for i, state in enumerate(done.states):
        if state.result is not None:
            break
        last_turn = state.turn.number
        if state.turn.number == point.number:
            whose = state.current.colour
            if point.player is not None and point.player != whose:
                raise KeyHarvestError(f"turn {point.number} is {whose}'s, not {point.player}'s")
            return i
    if done.error is not None and last_turn < point.number:
        raise done.error
    if done.state.result is not None:
        raise KeyHarvestError(f"there is no turn {point.number}: the game ended "
                              f"({done.state.result}) in turn {last_turn}")
    raise KeyHarvestError(f"there is no turn {point.number}: the record stops in turn "
                          f"{last_turn}")


__all__ = ["END", "Located", "Point", "at_point", "choose_record", "locate", "parse_point",
           "sniff"]
