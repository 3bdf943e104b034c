"""Game records (``.kh`` files): TOML front matter between ``+++`` lines, then the movetext.

A record holds everything needed to replay a game with no random generator: the setup
(seating, start player, starting tiles and crops, the first registry, the events removed
or ``"unknown"``, an optional turn limit) in its front matter, and every step in its
movetext: every decision, every draw from the bag, every answer to an event (docs/design.md,
docs/notation.md). A file may hold several records, each with its own front matter::

    +++
    event = "Club night"
    date = 2024-05-01
    players = ["red", "green", "yellow"]
    start = "green"
    registry = ["A1", "B3", "C4", "D5", "E2", "F7"]
    removed = ["M", "P"]

    [tiles]  # each player's starting pair: the tile drawn, then its partner
    red = ["B6", "G1"]
    ...
    +++
    1. green: offer C7 for wheat; draw B3; harvest A2
    2. yellow: ...

``load_records`` reads (raising a positioned ``NotationError``), ``format_records`` writes
the canonical form, ``replay`` runs a record through the engine. This module knows the
text of records; legality is the engine's (``replay`` reports the first ``IllegalStep``).

How a record is read, end to end (``keyharvest validate`` does this for every record, once):

1. ``iter_records`` cuts the text at its ``+++`` lines into front matter and movetext
   with ``formats.cutter.cut`` (the one cutter: ``validate`` cuts a big input's bytes
   with it too; lines end at ``\\n``, ``\\r\\n`` or a lone ``\\r``), keeping each part's
   first line number in the file;
2. the front matter is TOML (``tomltext.loads``: ``tomllib``'s data and errors, the plain
   lines a written record has read without it) and goes through the one checker,
   ``_read_front``: a front matter as records are written is read at once
   (``_FrontMatter.as_written``) when its setup can start on its board
   (``model.setup.setup_problems``); anything else, a problem above all, through
   ``_FrontMatter.setup``, which checks every key and value (with
   ``tomltext.ValueChecker``, the checker a position's values go through too; messages
   quote the record and name the key path). It gives a ``Setup`` and the board
   (``boardfile.load_board``);
3. the movetext is read by ``notation.movetext.read_movetext`` with ``notation.Names``
   (the players and the board resolve names), the one reader: item by item through the
   memo of ``notation.itemcache``, or, on anything unusual, by the Lark grammar
   (``notation.grammar``, ``notation.syntax``), which reports the problems; both build
   turns with ``notation.turns.TurnReader``. Each step keeps its ``Span`` in the file,
   unless the record is read with ``spans=False`` (``validate``, ``play.batch``: steps
   without spans, shared, where nothing is to be reported; the problems raised keep
   their spans, and ``placed`` gives a record read so its spans when a rule error must
   be placed);
4. ``replay`` starts the game (``rules.actions.new_game``) and runs the steps through
   ``rules.advance_steps``, which stops at the first ``IllegalStep`` (its rule id and span);
5. every error becomes a ``formats.diagnostics.Diagnostic`` (file:line:column, rule id,
   the line with a caret); ``play.batch`` does all this for files, folders and stdin.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from pathlib import Path
from typing import Any, ClassVar, TypeVar, cast

from ..errors import (
    BoardError,
    IllegalStep,
    KeyHarvestError,
    NotationError,
    Span,
    every_error,
    noted,
    quoted,
    raise_first,
)
from ..model.board import Board
from ..model.catalogue import EVENT_LETTERS, PLAYER_COLOURS
from ..model.setup import REMOVED_EVENTS, Setup, setup_problems
from ..model.state import Result, State
from ..model.steps import EndTurn, Step, norm_crops
from ..notation import Comment, Names, Where, format_movetext
from ..notation.movetext import MAX_ERRORS, read_movetext
from ..notation.names import CROP_WORDS
from ..rules import advance_steps
from ..rules.actions import new_game
from . import tomltext
from .boardfile import NAMED_ONLY, STANDARD, BoardAccess
from .cutter import DELIMITER, Piece, breaks_in, cut, joined, split_lines
from .limits import MAX_RECORD_BYTES, read_bounded
from .meant import fill_passes as _fill_passes
from .tomltext import (
    ValueChecker,
    decode_error,
    deepest_value,
    dumps,
    key_hint,
    loads,
    locate_span,
)
from .tomlwrite import entry, flat_dumps

T = TypeVar("T")

#: Front-matter keys that describe the setup (RULES.md B) and the board.
SETUP_KEYS = ("players", "start", "board", "max_turns", "registry", "removed", "tiles", "crops")
#: Front-matter keys for metadata, in the order they are written. Anything else goes
#: under ``[meta]``.
META_KEYS = ("event", "site", "date", "round", "table", "annotator", "names", "notes", "meta")
KNOWN_KEYS = SETUP_KEYS + META_KEYS
UNKNOWN = "unknown"


@dataclass(eq=False)
class Record:
    """One game: its setup, its steps, metadata and comments, and where it was read from.

    Two records are equal when their metadata, board, setup, steps and comments are; the
    source, text and line are where a record came from, not what it says.
    """

    setup: Setup
    steps: list[Step] = field(default_factory=list)
    metadata: dict[str, Any] = field(default_factory=dict)
    board: str = STANDARD  # "standard" or the path of a board file
    comments: list[Comment] = field(default_factory=list)
    source: str = "<stdin>"
    text: str = ""  # the record as it was written, from its first '+++'
    line: int = 1  # the line of its first '+++' in the source
    movetext_line: int = 1  # the line where its movetext begins
    #: the board it was read with (None for a record made in memory: ``load_board`` reads it)
    resolved_board: Board | None = field(default=None, repr=False)

    def _key(self) -> tuple[Any, ...]:
        return (self.metadata, self.board, self.setup, self.steps, self.comments)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Record):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

    def load_board(self) -> Board:
        """The record's board: the one it was read with, else the standard one or its
        board file, opened only inside the record's folder (``boardfile.BoardAccess``).
        Raises ``BoardError``."""
        if self.resolved_board is not None:
            return self.resolved_board
        return NAMED_ONLY.board_for(self.board, self.source)


# -- reading ------------------------------------------------------------------------------------
def decode_source(data: bytes, source: str = "<stdin>", line: int = 1) -> str:
    """The text of a record or position file (or of a part of one that starts on ``line``).
    Raises ``NotationError`` (with the line and column of the first bad byte) for a file
    that is not UTF-8 text."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line, col = _line_col(data, exc.start, line)
        error = NotationError(f"not a text file: byte 0x{data[exc.start]:02x} is not UTF-8",
                              Span(line, col, line, col + 1, source))
        error.kind = "encoding"
        raise error from None
    _check_binary(text, source, line)
    return text


def read_source(path: str | Path, limit: int = MAX_RECORD_BYTES) -> str:
    """The text of the file at ``path`` (a regular file, a pipe or a device alike), at most
    ``limit`` bytes. Raises ``NotationError`` if it cannot be read, is larger (``limits.
    InputTooLarge``: memory stays flat whatever is there) or is not text."""
    p = Path(path)
    try:
        with p.open("rb") as stream:
            data = read_bounded(stream, limit, str(p))
    except OSError as exc:
        error = NotationError(f"cannot read {p}: {exc.strerror or exc}",
                              Span(1, 1, 1, 1, str(p)))
        error.kind = "io"
        raise error from None
    return decode_source(data, str(p))


def _check_binary(text: str, source: str, line: int = 1) -> None:
    i = text.find("\x00")
    if i >= 0:
        line, col = _line_col(text, i, line)
        error = NotationError("not a text file: it holds a NUL byte",
                              Span(line, col, line, col + 1, source))
        error.kind = "encoding"
        raise error


def _line_col(data: str | bytes, i: int, line: int = 1) -> tuple[int, int]:
    """The line and column of ``data[i]``, lines counted from ``line``."""
    if isinstance(data, str):
        start = max(data.rfind("\n", 0, i), data.rfind("\r", 0, i)) + 1
    else:
        start = max(data.rfind(b"\n", 0, i), data.rfind(b"\r", 0, i)) + 1
    return line + breaks_in(data, 0, start), i - start + 1


def load_records(text: str, source: str = "<stdin>", *, board: Board | None = None,
                 max_errors: int = MAX_ERRORS, access: BoardAccess = NAMED_ONLY) -> list[Record]:
    """Every record of ``text``. Raises ``NotationError`` (positioned, with a hint where one
    helps) for the first thing that is not well formed; the other problems of that record
    found with it are in its ``also`` (up to ``max_errors`` in all). ``access`` says which
    board files a record may name (``boardfile.BoardAccess``)."""
    return list(iter_records(text, source, board=board, max_errors=max_errors, access=access))


def load_record(text: str, source: str = "<stdin>", *, board: Board | None = None,
                access: BoardAccess = NAMED_ONLY) -> Record:
    """The one record of ``text``; raises ``NotationError`` if there are several."""
    records = load_records(text, source, board=board, access=access)
    if len(records) != 1:
        second = records[1]
        raise NotationError(f"expected one record, found {len(records)}",
                            Span(second.line, 1, second.line, 4, source))
    return records[0]


def iter_records(text: str, source: str = "<stdin>", *, board: Board | None = None,
                 line: int = 1, last: bool = True,
                 max_errors: int = MAX_ERRORS, access: BoardAccess = NAMED_ONLY,
                 spans: bool = True, runs_on: bool = False) -> Iterator[Record]:
    """The records of ``text`` one at a time (memory stays flat for a long file).

    ``board`` overrides the board named in the front matter; else ``access`` says which
    board files a record may name (by default only files inside its own folder). ``line``
    is the line of ``text``'s first line in its file (for a part of a file: ``validate``
    reads a big input record by record), and ``last`` says whether ``text`` runs to the end
    of it. Raises ``NotationError`` for the first problem of a record, with its other
    independent problems in ``also``: every front-matter problem, then every syntax and
    name error of its movetext (up to ``max_errors`` in all; 1 reads no further than the
    first). ``spans=False`` reads the steps of a record without their spans (for a
    verdict alone, ``keyharvest validate``: ``notation.movetext.read_movetext``'s option;
    ``placed`` gives them back to a record that must be reported); the problems raised
    keep theirs. ``runs_on``: the end of ``text`` runs into the next record in the middle
    of a line (``cutter.Piece.runs_on``; a part of a file that ``validate`` cut): the last
    record is reported with a note that says so.

    A record that runs on into the next one in the middle of a line (a ``+++`` that ends a
    line), or one that starts with its front matter where movetext was expected, is cut
    there (``formats.cutter``) and reported bad, with a note on its first problem; the
    records after it are read as they are.
    """
    _check_binary(text, source, line)
    for piece in cut([text], line=line):
        if runs_on and piece.last:
            piece.runs_on = True
        yield _read_piece(piece, source, board, not (piece.last and last), max_errors, access,
                          spans)


#: The note on the first problem of a record that runs on into the next one mid-line.
RUNS_ON = ("a record seems to start mid-line at {}: does the previous file end without a "
           "newline?")


def _read_piece(piece: Piece[str], source: str, board: Board | None, more: bool,
                max_errors: int, access: BoardAccess = NAMED_ONLY, spans: bool = True) -> Record:
    """The record of ``piece``; ``more``: another record follows it in the file."""
    if not piece.runs_on:
        return _read_cut_piece(piece, source, board, more, max_errors, access, spans)
    lines = split_lines(piece.data)
    at = Span(piece.line + len(lines) - 1, len(lines[-1]) + 1, piece.line + len(lines) - 1,
              len(lines[-1]) + 4, source)
    note = RUNS_ON.format(f"{at.line}:{at.column}")
    try:
        record = _read_cut_piece(piece, source, board, more, max_errors, access, spans)
    except KeyHarvestError as exc:
        exc.notes = (*exc.notes, note)
        raise
    cut_here = NotationError(note.replace(f" at {at.line}:{at.column}", " here"), at,
                             hint="end the line before '+++'")
    cut_here.line_text = lines[-1] + DELIMITER  # type: ignore[attr-defined]  # as written
    problems: list[KeyHarvestError] = [cut_here]
    if max_errors > 1:  # the record read: its rule error is not hidden by the cut
        record = record if spans else placed(record)
        cut_here.steps_before = tuple(record.steps)  # type: ignore[attr-defined]
        done = replay(record)
        if done.error is not None:
            done.error.notes = (*done.error.notes, note)
            problems.append(done.error)
    raise_first(problems)
    raise AssertionError("unreachable")  # pragma: no cover


def _read_cut_piece(piece: Piece[str], source: str, board: Board | None, more: bool,
                    max_errors: int, access: BoardAccess = NAMED_ONLY,
                    spans: bool = True) -> Record:
    front, movetext = _piece_parts(piece, source, more)
    rec_text = joined(piece.data[piece.opening:], more)
    return _read_record(front, movetext, source, piece.opening_line, piece.close_line,
                        rec_text, board, max_errors, access, spans)


#: A front-matter line (``key = ...``), as the cutter knows one.
_FRONT_LINE = re.compile(r"[ \t]*[A-Za-z_][A-Za-z0-9_-]*[ \t]*=")


def _piece_parts(piece: Piece[str], source: str, more: bool) -> tuple[str, str]:
    """The front matter and the movetext of ``piece``. Raises ``NotationError`` for text
    before its opening ``+++``, no ``+++``, or front matter not closed."""
    data = piece.data
    # (a piece that starts with its front matter, without its '+++', is reported as the
    # same text at the start of a file is)
    head = data[:piece.opening] if piece.opening is not None and not piece.unopened else data
    for i, s in enumerate(split_lines(head.removeprefix("\ufeff"))):
        if s.strip() and not s.strip().startswith("#"):
            n = piece.line + i
            error = NotationError("a record starts with its front matter between '+++' "
                                  "lines", Span(n, 1, n, len(s) + 1, source),
                                  hint="put a line '+++' before the setup and one after it")
            if piece.unopened or _FRONT_LINE.match(s):
                error.notes = (("this looks like front matter: a record seems to start here "
                                "without its opening line '+++' (the records after it are "
                                "read as they are)"),)
            raise error
    if piece.opening is None:
        if not data.strip():
            empty = NotationError("an empty input: no record here (a record starts with a "
                                  "line '+++')", Span(piece.line, 1, piece.line, 1, source))
            empty.kind = "io"
            raise empty
        raise NotationError("no record here: a record starts with a line '+++'",
                            Span(piece.line, 1, piece.line, 1, source))
    if piece.close is None:
        open_line = piece.opening_line
        raise NotationError("the front matter opened here is not closed by a line '+++'",
                            Span(open_line, 1, open_line, 4, source))
    return joined(data[piece.front:piece.close]), joined(data[piece.body:], more)


def _read_record(front: str, movetext: str, source: str, line: int, close: int, text: str,
                 board: Board | None, max_errors: int = MAX_ERRORS,
                 access: BoardAccess = NAMED_ONLY, spans: bool = True) -> Record:
    """One record. Raises ``NotationError``: the first problem, with the other independent
    ones in its ``also`` (every front-matter problem, then every syntax and name error of
    the movetext, then the first rule error of the steps written before the first bad
    line of the movetext, an ``IllegalStep``; up to ``max_errors`` in all)."""
    fm, setup, board_spec, metadata, board = _read_front(front, source, line, board, access)
    problems: list[KeyHarvestError] = list(fm.problems[:max_errors])
    if problems and max_errors <= 1:
        raise_first(problems)
    players = setup.players if setup is not None else fm.players
    names = Names(Where(source, close), players, board,
                  setup.start if setup is not None else None)
    try:
        mt = read_movetext(movetext, names, max_errors=max(max_errors - len(problems), 1),
                           spans=spans)
    except NotationError as exc:
        problems.extend(every_error(exc))
        before = getattr(exc, "steps_before", ())
        if (setup is not None and board is not None and not fm.problems and before
                and len(problems) < max_errors):  # a sound setup: the game can start
            # and the first rule error of the steps written before the first bad line
            done = replay(Record(setup, list(before), metadata, board_spec or STANDARD,
                                 source=source, text=text, line=line), board)
            if done.error is not None:
                problems.append(done.error)
        read = getattr(exc, "steps_read", None)
        missing = next((e for e in problems if getattr(e, "missing", None)), None)
        if (missing is not None and read and setup is not None and board is not None
                and len(problems) == 1):  # a turn line left out, alone: which turn?
            from .meant import missing_turn

            shell = Record(setup, [], metadata, board_spec or STANDARD, source=source,
                           text=text, line=line, movetext_line=close + 1)

            def reached(steps: list[Step]) -> State | None:
                shell.steps = steps
                done = replay(shell, board, causes=False, mend=False)
                return done.state if done.error is None else None

            missing_turn(missing, shell, read, reached)  # type: ignore[arg-type]
    raise_first(problems[:max_errors])
    assert setup is not None and board_spec is not None  # else a problem was raised
    return Record(setup, mt.steps, metadata, board_spec, mt.comments, source, text, line,
                  close + 1, board)


def placed(record: Record) -> Record:
    """``record``, read with ``spans=False``, with its steps' spans: its movetext read again
    (through the memo: it read once already) from its text, for the report of a rule error
    (``replay`` gives the step's span). The front matter is not checked again."""
    piece = next(cut([record.text], line=record.line))
    _, movetext = _piece_parts(piece, record.source, False)
    names = Names(Where(record.source, record.movetext_line - 1), record.players,
                  record.resolved_board, record.setup.start)
    mt = read_movetext(movetext, names)
    return Record(record.setup, mt.steps, record.metadata, record.board, mt.comments,
                  record.source, record.text, record.line, record.movetext_line,
                  record.resolved_board)


def _read_front(front: str, source: str, line: int, board: Board | None,
                access: BoardAccess) -> tuple[_FrontMatter, Setup | None, str | None,
                                              dict[str, Any], Board | None]:
    """The front matter of a record read and checked (its problems in ``fm.problems``),
    the setup, the board named, the metadata and the board (``board``, if given, else the
    one named, if it loads). Raises ``NotationError`` for front matter that is not TOML.

    The one checker of a front matter: ``_FrontMatter.as_written`` reads one as records are
    written without the checks' calls, and is taken only when the setup it gives can start
    on its board (``setup_problems``); anything else, a problem above all, goes through
    ``_FrontMatter.setup``'s checks, which report it."""
    fm = _FrontMatter(front, source, line)
    data = fm.load()
    plain = fm.as_written(data)  # (the fast case: a front matter as records are written)
    if plain is not None:
        try:
            named = board if board is not None else access.board_for(plain[1], source)
        except BoardError:
            named = None  # (the checks below report it)
        if named is not None and not setup_problems(plain[0], named):
            return fm, *plain, named
        fm.players = None
    setup, board_spec, metadata = fm.setup(data)
    if board is None and board_spec is not None:
        try:
            board = access.board_for(board_spec, source)
        except BoardError as exc:
            fm.problems.append(fm.error(f"cannot load the board: {exc.message}", "board",
                                        hint=getattr(exc, "hint", None)))
    if setup is not None and board is not None and not fm.problems:
        for problem in setup_problems(setup, board):
            path = problem.path.removeprefix("setup").lstrip(".")
            fm.problems.append(fm.error(problem.message, path or "players", rule=problem.rule))
    return fm, setup, board_spec, metadata, board


_KNOWN = frozenset(KNOWN_KEYS)
_COLOURS = frozenset(PLAYER_COLOURS)


def _words(value: Any) -> tuple[str, ...] | None:
    """The words of a list of strings upper-cased, as ``_FrontMatter`` reads the registry
    and the events removed; None for anything else (``_FrontMatter.as_written``)."""
    if type(value) is not list:
        return None
    out = []
    for w in value:
        if type(w) is not str:
            return None
        out.append(w.strip().upper())
    return tuple(out)


class _FrontMatter(ValueChecker):
    """Reading and checking one record's front matter, with errors at its lines; the values
    are checked by ``tomltext.ValueChecker``."""

    ERROR = NotationError
    EXAMPLES: ClassVar[Mapping[str, str]] = {
        "references": '["B6", "G1"]', "colours": '["red", "green"]', "crops": '["wheat", "wine"]',
        "events": '["M", "P"]'}
    UNKNOWN_LETTER = "unknown {one} {word} ({what} are {first} to {last})"
    problems: list[NotationError]  # type: ignore[assignment]

    def __init__(self, text: str, source: str, line: int) -> None:
        super().__init__(text, source)
        self.line = line  # the line of the opening '+++'
        self.players: tuple[str, ...] | None = None  # the seating, once it reads

    def error(self, message: str, path: str = "", hint: str | None = None,
              rule: str | None = None, value: bool = True, named: bool = True,
              quoting: object = None) -> NotationError:
        """An error at ``path`` (at its value, or at the key with ``value=False``); the
        message starts with the path unless ``named`` is False. ``quoting`` is the input
        the message quotes, for a note on look-alike characters."""
        at = locate_span(self.text, path, value) if path else None
        if at is None:
            span = Span(self.line, 1, self.line, 4, self.source)
        else:
            span = Span(self.line + at[0], at[1], self.line + at[0], at[2], self.source)
        err = NotationError(f"{path}: {message}" if path and named else message, span,
                            hint=hint)
        err.rule = rule
        err.kind = "rule" if rule else "schema"
        err.path = path  # type: ignore[attr-defined]
        return noted(err, quoting)

    def load(self) -> dict[str, Any]:
        try:
            data = loads(self.text)
        except tomltext.TOMLDecodeError as exc:
            msg, row, col = decode_error(exc, self.text)
            raise NotationError(f"bad TOML in the front matter: {msg[:1].lower()}{msg[1:]}",
                                Span(self.line + row, col, self.line + row, col + 1,
                                     self.source)) from None
        except RecursionError:  # tomllib recurses once per level of nesting
            row, col = deepest_value(self.text)
            raise NotationError("bad TOML in the front matter: values nested too deeply",
                                Span(self.line + row, col, self.line + row, col + 1,
                                     self.source)) from None
        for key in data:
            if key not in KNOWN_KEYS:
                hint = key_hint(key, KNOWN_KEYS)
                self.problems.append(self.error(
                    f"unknown key {quoted(key)}", key, value=False, named=False,
                    hint=(hint + " " if hint else "") + "(other metadata goes in a [meta] table)",
                    quoting=key))
        return data

    def maybe(self, check: Callable[..., T], *args: Any) -> T | None:
        """``attempt(check, *args)``: the value, or None with its error kept in
        ``problems``. (So typed: compiled by mypyc, a value is checked against its type.)"""
        return self.attempt(check, *args)

    def per_player(self, data: dict[str, Any], key: str,
                   players: Sequence[str] | None) -> dict[str, Any]:
        """The entries of table ``key``, one per player (of the players, when they are
        known); a bad colour or a missing entry is kept in ``problems``."""
        table = data.get(key)
        if table is None:
            self.problems.append(self.error(f"missing [{key}]: one entry per player", key,
                                            value=False))
            return {}
        table = self.maybe(self.table, table, key, None, "a table with one entry per player")
        if table is None:
            return {}
        out: dict[str, Any] = {}
        unread = False
        for colour, value in table.items():
            c = self.maybe(self.colour, colour, f"{key}.{colour}", players)
            if c is None:
                unread = True
            else:
                out[c] = value
        for p in () if unread else players or ():  # a misspelt colour is the one missing
            if p not in out:
                self.problems.append(self.error(f"missing the entry of {p}", key, value=False))
        return out

    def setup(self, data: dict[str, Any]) -> tuple[Setup | None, str | None, dict[str, Any]]:
        """The setup, the board named and the metadata; the setup is None when a problem
        was found (they are all in ``problems``)."""
        before = len(self.problems)
        players: tuple[str, ...] | None = None
        if "players" not in data:
            self.problems.append(self.error("missing 'players': the colours in seating "
                                            "order, like players = [\"red\", \"green\"]"))
        else:
            words = self.maybe(self.words, data["players"], "players", "colours")
            if words is not None:
                got = [self.maybe(self.colour, c, "players") for c in words]
                if None not in got:
                    players = self.players = tuple(cast("list[str]", got))
        start = None
        if "start" not in data:
            self.problems.append(self.error("missing 'start': the colour of the start player"))
        else:
            start = self.maybe(self.colour, data["start"], "start", players)
        board = data.get("board", STANDARD)
        if not isinstance(board, str) or not board.strip():
            self.problems.append(self.error("expected \"standard\" or the path of a board "
                                            "file", "board"))
            board = None
        tiles: dict[str, tuple[str, str]] = {}
        for c, v in self.per_player(data, "tiles", players).items():
            words = self.maybe(self.words, v, f"tiles.{c}", "references")
            if words is None:
                continue
            refs = [r.upper() for r in words]
            if len(refs) != 2:
                self.problems.append(self.error(
                    f"a starting pair is 2 tiles (the one drawn first), not {len(refs)}",
                    f"tiles.{c}", rule="B.5"))
                continue
            tiles[c] = (refs[0], refs[1])
        crops: dict[str, tuple[str, ...]] = {}
        for c, v in self.per_player(data, "crops", players).items():
            crops[c] = norm_crops(self.attempt(self.crop_words, v, f"crops.{c}", default=[]))
        registry: tuple[str, ...] = ()
        if "registry" not in data:
            self.problems.append(self.error("missing 'registry': the 6 tiles of the first "
                                            "registry"))
        else:
            registry = tuple(r.upper() for r in self.attempt(
                self.words, data["registry"], "registry", "references", default=[]))
        removed = self.removed(data, len(players) if players else 0)
        max_turns = data.get("max_turns")
        if max_turns is not None:
            self.maybe(self.integer, max_turns, "max_turns", None, "a whole number of turns")
        metadata = {k: data[k] for k in META_KEYS if k in data}
        if "names" in metadata:
            names_table = metadata["names"]
            if not isinstance(names_table, dict):
                self.problems.append(self.error("expected a table of player names, like "
                                                "red = \"Ann\"", "names"))
            else:
                for colour in names_table:
                    self.maybe(self.colour, colour, f"names.{colour}", players)
        if "meta" in metadata and not isinstance(metadata["meta"], dict):
            self.problems.append(self.error("expected a table", "meta"))
        if len(self.problems) > before or players is None or start is None or board is None:
            return None, board.strip() if board else None, metadata
        setup = Setup(players, start, tiles, crops, registry, removed, max_turns)
        return setup, board.strip(), metadata

    def as_written(self, data: dict[str, Any]) -> tuple[Setup, str, dict[str, Any]] | None:
        """``setup``'s fast case, a front matter as records are written (known keys, every
        list a list of strings already in the words the checks read them as): the same
        setup, board named and metadata as the checks below give it, with no problem and
        none of their calls; None for anything else (a problem, or a value of another
        shape: the checks decide)."""
        if not _KNOWN.issuperset(data):
            return None
        players = data.get("players")
        start = data.get("start")
        board_spec = data.get("board", STANDARD)
        tiles_table = data.get("tiles")
        crops_table = data.get("crops")
        if (type(players) is not list or type(tiles_table) is not dict
                or type(crops_table) is not dict or type(board_spec) is not str
                or not board_spec or board_spec.strip() != board_spec):
            return None
        for c in players:
            if type(c) is not str or c not in _COLOURS:
                return None
        seats = tuple(players)
        if (type(start) is not str or start not in seats or len(tiles_table) != len(seats)
                or len(crops_table) != len(seats)):
            return None
        tiles: dict[str, tuple[str, str]] = {}
        for c, pair in tiles_table.items():
            if (c not in seats or type(pair) is not list or len(pair) != 2
                    or type(pair[0]) is not str or type(pair[1]) is not str):
                return None
            tiles[c] = (pair[0].strip().upper(), pair[1].strip().upper())
        crops: dict[str, tuple[str, ...]] = {}
        for c, words in crops_table.items():
            if c not in seats or type(words) is not list:
                return None
            named = []
            for w in words:
                crop = CROP_WORDS.get(w.strip().lower()) if type(w) is str else None
                if crop is None:
                    return None
                named.append(crop)
            crops[c] = norm_crops(named)
        registry = _words(data.get("registry"))
        removed = _words(data.get("removed"))
        max_turns = data.get("max_turns")
        if (registry is None or removed is None or not all(e in EVENT_LETTERS for e in removed)
                or (max_turns is not None and type(max_turns) is not int)):
            return None
        metadata = {k: data[k] for k in META_KEYS if k in data}
        names = metadata.get("names")
        if names is not None and (type(names) is not dict or not all(n in seats for n in names)):
            return None
        if "meta" in metadata and type(metadata["meta"]) is not dict:
            return None
        self.players = seats
        return Setup(seats, start, tiles, crops, registry, removed, max_turns), board_spec, metadata


    def removed(self, data: dict[str, Any], n: int) -> tuple[str, ...] | None:
        if "removed" not in data:
            if REMOVED_EVENTS.get(n):
                self.problems.append(self.error(
                    f"missing 'removed': the {REMOVED_EVENTS.get(n, 2)} events removed at "
                    "setup, or \"unknown\""))
            return ()
        value = data["removed"]
        if isinstance(value, str) and value.strip().lower() == UNKNOWN:
            return None
        return tuple(self.attempt(self.letters, value, "removed", EVENT_LETTERS, "events", "B.8",
                                  default=[]))


# -- writing ------------------------------------------------------------------------------------
def front_matter(record: Record) -> dict[str, Any]:
    """The front matter of ``record`` as TOML data, in the order it is written."""
    s = record.setup
    meta = record.metadata
    out: dict[str, Any] = {}
    for k in ("event", "site", "date", "round", "table", "annotator"):
        if k in meta:
            out[k] = meta[k]
    out["players"] = list(s.players)
    out["start"] = s.start
    out["board"] = record.board
    if s.max_turns is not None:
        out["max_turns"] = s.max_turns
    out["registry"] = list(s.registry)
    out["removed"] = UNKNOWN if s.removed is None else list(s.removed)
    if "notes" in meta:
        out["notes"] = meta["notes"]
    out["tiles"] = {c: list(s.tiles[c]) for c in s.players}
    out["crops"] = {c: list(s.crops[c]) for c in s.players}
    if "names" in meta:
        out["names"] = meta["names"]
    if "meta" in meta:
        out["meta"] = meta["meta"]
    return out


def format_record(record: Record) -> str:
    """The canonical text of ``record``: front matter, then the movetext."""
    fm = _front_text(record)
    if fm is None:
        data = front_matter(record)
        fm = flat_dumps(data) or dumps(data)  # the same text (flat_dumps knows fewer shapes)
    moves = format_movetext(record.steps, record.comments, record.setup.players,
                            record.setup.start)
    return f"{DELIMITER}\n{fm}{DELIMITER}\n{moves}"


#: The metadata written before the setup (``front_matter``'s order), and the keys a record's
#: metadata may hold for ``_front_text``.
_HEAD = ("event", "site", "date", "round", "table", "annotator")
_PLAIN_META = frozenset((*_HEAD, "meta"))


def _front_text(record: Record) -> str | None:
    """``flat_dumps(front_matter(record))``, the same text, written from the record (no
    table of its front matter made) when its metadata holds only values of ``_HEAD`` and
    a table ``meta`` (as self-play's records do), each a string, an int or a list of
    strings (or a table of those for ``meta``); else None."""
    meta = record.metadata
    if not meta.keys() <= _PLAIN_META:
        return None
    lines = [entry(k, meta[k]) for k in _HEAD if k in meta]
    s = record.setup
    players = s.players
    lines += (entry("players", players), entry("start", s.start),
              entry("board", record.board))
    if s.max_turns is not None:
        lines.append(entry("max_turns", s.max_turns))
    lines += (entry("registry", s.registry),
              entry("removed", UNKNOWN if s.removed is None else s.removed),
              "", "[tiles]")
    tiles, crops = s.tiles, s.crops
    lines += [entry(c, tiles[c]) for c in players]
    lines += ("", "[crops]")
    lines += [entry(c, crops[c]) for c in players]
    if "meta" in meta:
        table = meta["meta"]
        if type(table) is not dict:  # written among the values above
            return None
        lines += ("", "[meta]")
        lines += [entry(k, v) for k, v in table.items()]
    if None in lines:
        return None
    return "\n".join(lines) + "\n"  # type: ignore[arg-type]  # no None


def format_records(records: Sequence[Record]) -> str:
    """The canonical text of a file of ``records``, a blank line between two."""
    return "\n".join(format_record(r) for r in records)


def record_from_game(setup: Setup, steps: Sequence[Step], metadata: Mapping[str, Any] | None = None,
                     *, board: str = STANDARD, comments: Sequence[Comment] = ()) -> Record:
    """A record of a game played from ``setup`` with ``steps`` (spans are dropped)."""
    try:  # the common case, a played game's steps: none has a span, the list is copied
        placed = any(map(_SPAN, steps))
    except AttributeError:  # a step without the field: one by one
        placed = True
    listed = [_unplaced(s) for s in steps] if placed else list(steps)
    return Record(setup, listed, dict(metadata or {}), board, list(comments))


_SPAN = attrgetter("span")


def _unplaced(step: Step) -> Step:
    if getattr(step, "span", None) is None:
        return step
    import dataclasses

    return dataclasses.replace(step, span=None)  # type: ignore[call-arg]  # every step has one


# -- replaying ----------------------------------------------------------------------------------
@dataclass
class Replay:
    """The outcome of replaying a record.

    ``state`` is the state after the last step applied (the state an illegal step met, if
    one did: ``error``). ``applied`` counts the record's steps applied; ``implied`` lists
    the passes the record left out where pass was the only legal answer (RULES.md I.37),
    as (index of the record step they came before, step). With ``each=True``, ``states``
    holds the state after the setup and after each applied record step.
    """

    record: Record
    state: State
    applied: int
    error: IllegalStep | None = None
    states: list[State] | None = None
    implied: list[tuple[int, Step]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def finished(self) -> bool:
        return self.state.result == Result.FINISHED


def start_state(record: Record, board: Board | None = None) -> State:
    """The state at the start of play of ``record``. Raises ``PositionError`` for a bad
    setup and ``BoardError`` for a board that cannot be loaded."""
    return new_game(record.setup, board or record.load_board())


def replay(record: Record, board: Board | None = None, upto: int | None = None, *,
           each: bool = False, fill_passes: bool = True,
           invariants: str | None = None, causes: bool = True, mend: bool = True) -> Replay:
    """Run ``record`` through the engine, up to ``upto`` of its steps (all by default).

    Stops at the first illegal step and reports it (``Replay.error``, an ``IllegalStep``
    carrying the step's span in the file) rather than raising. With ``fill_passes`` a pass
    the record leaves out where it is the only legal answer is supplied (I.37).
    ``invariants`` checks the invariants of RULES.md J (``rules.invariants.check``) on the
    table reached (``"end"``) or after every step (``"each"``): a broken one is reported as
    ``Replay.error`` too, an ``IllegalStep`` at the step after which it broke, citing the
    invariant's rule (``validate`` checks ``"end"``, ``validate --strict`` ``"each"``).
    With ``causes``, a refused step whose steps have their spans gets a note naming the
    earlier draw or choice without which it applies, if one is near (``formats.causes``).
    With ``mend``, a refused step that one of a person's ordinary slips explains (two turns
    swapped, a turn or a draw left out, a step on another player's line) is reported as
    that slip, with the edit that gives back the game (``formats.meant``).
    Raises ``PositionError``/``BoardError`` when the setup or the board is bad.
    """
    state = start_state(record, board)
    states = [state.copy()] if each else None
    steps = record.steps if upto is None else record.steps[:max(upto, 0)]
    implied: list[tuple[int, Step]] = []
    error: IllegalStep | None = None
    start = state.steps

    def fill(state: State, step: Step) -> None:  # the passes left out before ``step``
        _fill_passes(state, step, state.steps - start - len(implied), implied)

    hook = fill if fill_passes else None
    try:
        if states is None and invariants != "each":
            advance_steps(state, steps, hook)
        else:
            if invariants == "each":
                _check_invariants(state, None, record)
            for step in steps:
                advance_steps(state, (step,), hook)
                if invariants == "each":
                    _check_invariants(state, step, record)
                if states is not None:
                    states.append(state.copy())
        if invariants == "end":
            _check_invariants(state, steps[-1] if steps else None, record)
    except IllegalStep as exc:
        error = exc
    applied = state.steps - start - len(implied)
    if error is not None:  # what may be written there instead (formats.alternatives)
        from .alternatives import advise

        advised = state
        if fill_passes and implied and implied[-1][0] == applied:
            # passes were supplied right before the refused step (I.37): what may be
            # written there is judged before them (a step of that player gets no pass)
            advised = replay(record, board, upto=applied, causes=False).state
        after = steps[applied - 1] if 0 < applied <= len(steps) else None
        advise(error, advised, after=after, source=record.source, point=applied,
               before=_before(record, error.span),
               after_text=_as_written(record, after.span if after is not None else None))
        mended = False
        if mend and upto is None:
            from .meant import mend as mend_slip

            mended = mend_slip(record, error, state, applied)
        if (causes and not mended and error.span is not None and error.step is not None
                and not isinstance(error.step, EndTurn)):
            from .causes import cause

            note = cause(record, state.board, applied, error, replay)
            if note is not None:
                error.notes = (*error.notes, note)
    return Replay(record, state, applied, error, states, implied)


def _line_of(record: Record, span: Span) -> tuple[list[str], int] | None:
    """``record``'s text cut into lines up to ``span``'s, and the index of that line (None
    if unknown)."""
    if not record.text or span.line < record.line:
        return None
    index = span.line - record.line
    lines = record.text.split("\n", index + 1)
    return (lines, index) if index < len(lines) else None


def _before(record: Record, span: Span | None) -> str | None:
    """The text of ``span``'s line before it, in ``record``'s text (None if unknown); for
    a continuation line, after its turn header's ``colour:`` (which speaks there)."""
    found = None if span is None else _line_of(record, span)
    if span is None or found is None:
        return None
    lines, index = found
    before = lines[index][:span.column - 1]
    if before[:1].isspace() or not before:
        for row in range(index - 1, -1, -1):
            head = lines[row]
            if head.strip() == "+++":
                break
            if head[:1].strip() and not head.startswith("#"):
                colour = head.split(":", 1)[0].split(".")[-1].strip()
                return f"{colour}: ; {before}" if ":" in head else before
    return before


def _as_written(record: Record, span: Span | None) -> tuple[str, str] | None:
    """``span``'s line up to its end, and the text in it, in ``record``'s text (None if
    unknown, or over more than one line)."""
    if span is None or span.end_line != span.line:
        return None
    found = _line_of(record, span)
    if found is None:
        return None
    lines, index = found
    upto = lines[index][:span.end_column - 1]
    return upto, upto[span.column - 1:]


def _check_invariants(state: State, step: Step | None, record: Record) -> None:
    """Raise an ``IllegalStep`` at ``step`` (None: the setup, at the record's first line)
    for the first broken invariant of ``state`` (RULES.md J), if any."""
    from ..rules.invariants import check

    broken = check(state)
    if broken:
        v = broken[0]
        more = f" (and {len(broken) - 1} more)" if len(broken) > 1 else ""
        where = "after this step" if step is not None else "at the setup"
        span = getattr(step, "span", None) or Span(record.line, 1, record.line, 4, record.source)
        raise IllegalStep(v.rule, f"the table {where} breaks an invariant: {v.message}{more}",
                          step, getattr(step, "player", None), span)


__all__ = [
    "Record", "Replay", "decode_source", "format_record", "format_records", "front_matter",
    "iter_records", "load_record", "load_records", "placed", "read_source", "record_from_game",
    "replay", "start_state",
]
