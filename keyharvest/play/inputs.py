"""Whole inputs, game by game: what ``score``, ``fmt`` and ``diff`` do to a file's text.

- ``score_games(text, source, point)`` scores every game of a text (a position, or each
  record of a file of records, a bad record not stopping the others), yielding ``Scored``;
- ``format_text(text, source)`` gives a file of records in canonical form and whether it
  is in it already (``Formatted``); ``format_paths(paths)`` the files ``fmt`` formats;
- ``diff_side(text, source)`` reads one side of a comparison and ``diff_games(a, b)``
  compares two (records step by step, else the tables: ``Diffed``).

Nothing here prints or exits: a problem with the input is a ``Diagnostic`` in the result
(or, for ``diff_side``, a ``KeyHarvestError`` raised), and the command line shows it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import KeyHarvestError
from ..formats.boardfile import NAMED_ONLY, BoardAccess
from ..formats.diagnostics import Diagnostic, diagnose, diagnose_all, diagnose_violations
from ..notation.movetext import MAX_ERRORS
from .replay import POSITION, RECORD, Located, Point, at_point, choose_record, locate, sniff

if TYPE_CHECKING:
    from ..rules.scoring import Score
    from .compare import Comparison, Difference


# -- score ---------------------------------------------------------------------------------------
@dataclass
class Scored:
    """One game scored: the table (``at``) and its ``score``, or the ``diagnostics`` that
    say why it could not be. ``kind`` is what the input is (``"record"`` or
    ``"position"``)."""

    kind: str
    at: Located | None = None
    score: Score | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.diagnostics


def score_games(text: str, source: str, point: Point | None = None, *,
                max_errors: int = MAX_ERRORS,
                access: BoardAccess = NAMED_ONLY) -> Iterator[Scored]:
    """Every game of ``text`` scored at ``point`` (the end by default): a position's one
    table (its broken invariants are diagnostics), or each record in turn. A record that
    does not replay is reported and the next one scored; one that does not read stops the
    file (nothing after it can be read). Input that does not read gets up to
    ``max_errors`` diagnostics (every problem found with the first). ``access`` says
    which board files the input may name (``boardfile.BoardAccess``)."""
    from ..rules.scoring import score

    if sniff(text) == POSITION:
        try:
            at = locate(text, source, point, access=access)
        except KeyHarvestError as exc:
            yield Scored(POSITION, diagnostics=diagnose_all(exc, text, source, max_errors))
            return
        assert at.position is not None
        problems = diagnose_violations(at.position.problems, source, text)
        if problems:
            yield Scored(POSITION, diagnostics=problems)
        else:
            yield Scored(POSITION, at, score(at.state))
        return
    from ..formats.records import iter_records

    records = iter_records(text, source, access=access)
    n = 0
    while True:
        try:
            record = next(records, None)
        except KeyHarvestError as exc:  # the file cannot be read past this point
            yield Scored(RECORD, diagnostics=diagnose_all(exc, text, source, max_errors))
            return
        if record is None:
            return
        n += 1
        try:
            at = at_point(record, point)
        except KeyHarvestError as exc:  # this record does not replay; the next one may
            yield Scored(RECORD, diagnostics=diagnose_all(exc, text, source, max_errors))
            continue
        at.text, at.game, at.games = text, n, n
        yield Scored(RECORD, at, score(at.state))


# -- fmt -----------------------------------------------------------------------------------------
@dataclass
class Formatted:
    """A file of records in canonical form (``canonical``), and whether it was so already
    (``same``: byte for byte, for a file); or the ``diagnostics`` of why it is not
    formatted."""

    source: str
    canonical: str | None = None
    same: bool = False
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.diagnostics


def format_paths(paths: Iterable[str]) -> Iterator[str]:
    """The inputs ``fmt`` formats: those ``paths`` name (see ``batch.expand``: a link out
    of a folder is a ``batch.LinkOut``, to be skipped, never read nor written), but not the
    positions (``.toml``) found in a folder."""
    from .batch import STDIN, expand

    paths = list(paths)
    for path in expand(paths):
        if path != STDIN and Path(path).suffix.lower() == ".toml" and path not in paths:
            continue
        yield path


def format_text(text: str, source: str, path: str | None = None, *,
                max_errors: int = MAX_ERRORS, access: BoardAccess = NAMED_ONLY) -> Formatted:
    """``text`` (the records of ``source``) in canonical form. With ``path``, ``same``
    compares with the bytes of that file (a byte order mark, say, is not canonical);
    without, with ``text``. Records that do not read get up to ``max_errors``
    diagnostics."""
    from ..formats.records import format_records, load_records

    if sniff(text) == POSITION:
        return Formatted(source, diagnostics=[Diagnostic(
            "not a record: fmt formats records (.kh), which start with a line '+++'", source,
            line=1, column=1)])
    try:
        canonical = format_records(load_records(text, source, access=access))
    except KeyHarvestError as exc:
        return Formatted(source, diagnostics=diagnose_all(exc, text, source, max_errors))
    same = canonical == text and (path is None or Path(path).read_bytes()
                                  == canonical.encode("utf-8"))
    return Formatted(source, canonical, same)


# -- diff ----------------------------------------------------------------------------------------
@dataclass
class Diffed:
    """Two inputs compared: two records step by step (``comparison``, with a warning for
    each side whose replay stops at an illegal step), else two tables (``positions``: how
    they differ)."""

    a: Located
    b: Located
    comparison: Comparison | None = None
    warnings: list[Diagnostic] = field(default_factory=list)
    positions: list[Difference] = field(default_factory=list)

    @property
    def same(self) -> bool:
        if self.comparison is not None:
            return self.comparison.same_game
        return not self.positions


def diff_side(text: str, source: str, access: BoardAccess = NAMED_ONLY) -> Located:
    """One side of a comparison: a position's table, or the first record of a file (not
    replayed: ``diff_games`` replays it; ``notes`` says when the file holds more). Raises
    ``KeyHarvestError`` for input that does not read."""
    if sniff(text) == POSITION:
        return locate(text, source, access=access)
    from ..formats.records import start_state

    record, game, games = choose_record(text, source, access=access)
    at = Located(source, text, RECORD, start_state(record), record=record, game=game,
                 games=games)
    if games > 1:
        at.notes.append(f"{source} holds more than one record: comparing game 1")
    return at


def diff_games(a: Located, b: Located) -> Diffed:
    """Compare two sides (``diff_side``): two records step by step, anything else as
    tables. Raises ``KeyHarvestError`` for a record whose setup cannot start a game."""
    from .compare import compare_records, diff_positions

    if a.kind == RECORD and b.kind == RECORD:
        assert a.record is not None and b.record is not None
        c = compare_records(a.record, b.record)
        warnings = []
        for side, at in ((c.a, a), (c.b, b)):
            if side.error is not None:
                d = diagnose(side.error, at.text, at.source)
                warnings.append(dataclasses.replace(d, severity="warning"))
        return Diffed(a, b, c, warnings)
    return Diffed(a, b, positions=diff_positions(a.state, b.state))


__all__ = ["Diffed", "Formatted", "Scored", "diff_games", "diff_side", "format_paths",
           "format_text", "score_games"]
