"""A collection of games, read one record at a time: what ``keyharvest filter``,
``standings`` and ``stats`` know of each game.

``games_of(unit)`` reads the records of one unit of work (``batch.units``: one record and
its exact bytes) and replays each one as ``validate`` does (``records.replay``, the
invariants of RULES.md J checked on the final table). A record that replays gives a
``Game``: its front matter, how it stands (finished, unfinished at its turn limit, or in
progress), each seat's points, field tiles and crops (``rules.scoring.score``), the win
shares (a shared win split evenly, RULES.md G; none for a game not ended, I.55), each
seat's place, the turns and steps played and its first step, and, when asked, every step
with its turn and who took it (what ``has`` of a query reads). Anything else (a record
that does not read or breaks a rule, an input that cannot be read, a position) is
``validate``'s own ``batch.Report`` on it, made by ``batch.check_unit``, so that a
collection's bad records are the ones ``validate`` names, with the same diagnostics.

**Places and wins.** The seats of a game are ordered as RULES.md G orders the winners:
by points, then field tiles on the country board (tie-break 1), then crops behind the
screen (tie-break 2); a seat's ``place`` is one more than the number of seats strictly
ahead of it, so seats still tied after both tie-breaks share a place. A finished game's
win goes to its winner; players still tied for first after both tie-breaks draw (G
tie-break 3: nobody wins the game), and each gets an equal share of the win, ``1/k``
among ``k`` (as ``rules.game.outcome`` counts it for the arena). A game that has not
ended has no winner and no shares (I.55).

``collect(fn, paths, jobs=, client=)`` runs ``fn`` over every unit of ``paths`` in one
process, in ``jobs`` processes (``batch.map_units``) or on a Dask cluster
(``cluster.map_units``), and yields the results in input order: the same, whatever runs
them. This module is not the commands' text or pictures (``play.query``,
``play.standings``, ``play.stats`` and ``render.report`` are).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import IO, Any, NamedTuple, TypeVar

from .batch import Report, Unit, UnitKind, check_unit

R = TypeVar("R")


class Move(NamedTuple):
    """A step of a game as ``has`` reads it: the turn it was taken in (1, 2, ...), who
    took it (None for a draw from the bag) and its text in canonical notation without
    the speaker (``buy B7 from green``)."""

    turn: int
    player: str | None
    text: str


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat of a game, as it ended (or stands, for a game not ended): its points,
    field tiles and crops, its place and its share of the win (see the module's text)."""

    colour: str
    name: str | None
    points: int
    field_tiles: int
    crops: int
    place: int
    share: float

    def as_dict(self) -> dict[str, Any]:
        return {"player": self.colour, "name": self.name, "points": self.points,
                "field_tiles": self.field_tiles, "crops": self.crops, "place": self.place,
                "win": self.share}


@dataclass(frozen=True)
class Game:
    """What a collection's tools know of one game that replays (see the module's text)."""

    source: str
    index: int  # its number in its file, from 1
    line: int  # the line of its opening '+++'
    metadata: Mapping[str, Any]
    players: tuple[str, ...]
    start: str
    board: str
    max_turns: int | None
    status: str  # "finished", "unfinished" (its turn limit, I.10) or "in progress"
    seats: tuple[Seat, ...]
    turns: int
    steps: int
    first: str | None  # the first step, without its speaker
    moves: tuple[Move, ...] = ()  # every step, when asked for (``games_of``)

    @property
    def finished(self) -> bool:
        return self.status == "finished"

    @property
    def winners(self) -> tuple[str, ...]:
        """The winner of a finished game, or the players who drew (still tied after both
        tie-breaks, G); nobody before the end (I.55)."""
        return tuple(s.colour for s in self.seats if s.share)

    @property
    def winner(self) -> str | None:
        """The one winner; None after a draw or before the end."""
        won = self.winners
        return won[0] if len(won) == 1 else None

    @property
    def margin(self) -> int:
        """The points of the first seat less those of the next best (0 when they tie)."""
        points = sorted((s.points for s in self.seats), reverse=True)
        return points[0] - points[1] if len(points) > 1 else points[0]

    def seat(self, colour: str) -> Seat | None:
        return next((s for s in self.seats if s.colour == colour), None)

    def names(self) -> dict[str, str]:
        """The ``[names]`` of the front matter: the person who played each colour."""
        names = self.metadata.get("names")
        if not isinstance(names, Mapping):
            return {}
        return {str(k): str(v) for k, v in names.items()}

    def date(self) -> str | None:
        """The front matter's ``date`` as ISO text (a TOML date, or the text written)."""
        value = self.metadata.get("date")
        return None if value is None else plain(value)

    def as_dict(self) -> dict[str, Any]:
        """The game as JSON (a line of ``filter --format json``)."""
        return {"type": "game", "source": self.source, "game": self.index, "line": self.line,
                "players": list(self.players), "start": self.start, "status": self.status,
                "winner": self.winner, "winners": list(self.winners), "turns": self.turns,
                "steps": self.steps,
                "margin": self.margin, "seats": [s.as_dict() for s in self.seats],
                "metadata": plain(dict(self.metadata))}


def plain(value: Any) -> Any:
    """``value`` (TOML data) in JSON's types: a date or time as ISO text."""
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


def places(keys: Iterable[tuple[int, int, int]]) -> list[int]:
    """The place of each of ``keys`` (points, field tiles, crops): one more than the number
    of keys strictly greater, so equal keys share a place (RULES.md G's order)."""
    keys = list(keys)
    return [1 + sum(other > key for other in keys) for key in keys]


def game_of(record: Any, state: Any, index: int, moves: bool = False) -> Game:
    """The ``Game`` of ``record`` (a ``records.Record``) whose replay ended at ``state``;
    ``moves``: keep every step with its turn and speaker."""
    from ..model.steps import EndTurn
    from ..rules.scoring import score

    result = score(state)
    names = record.metadata.get("names")
    names = names if isinstance(names, Mapping) else {}
    keys = [(ps.total, ps.field_tiles, ps.crops) for ps in result.players]
    won = set(result.winners) if result.finished else set()
    seats = tuple(Seat(ps.player, None if names.get(ps.player) is None
                       else str(names[ps.player]), ps.total, ps.field_tiles, ps.crops, place,
                       1 / len(won) if ps.player in won else 0.0)
                  for ps, place in zip(result.players, places(keys)))
    steps = record.steps
    kept: tuple[Move, ...] = ()
    if moves:
        turn = 1
        out = []
        for step in steps:
            text = str(step)
            player = step.player
            out.append(Move(turn, player, text.split(": ", 1)[1] if player else text))
            if isinstance(step, EndTurn):
                turn += 1
        kept = tuple(out)
    first = None
    if steps:
        text = str(steps[0])
        first = text.split(": ", 1)[1] if steps[0].player else text
    setup = record.setup
    return Game(record.source, index, record.line, record.metadata, setup.players,
                setup.start, record.board, setup.max_turns,
                str(state.result) if state.result is not None else "in progress", seats,
                state.turn.number, len(steps), first, kept)


def games_of(unit: Unit, moves: bool = False) -> list[Game | Report]:
    """The games of ``unit`` (usually one), or ``validate``'s reports on it when it is not
    a record that replays (see the module's text). Raises nothing for bad input."""
    if unit.kind != UnitKind.RECORD or unit.error is not None:
        return list(check_unit(unit))
    from ..errors import KeyHarvestError
    from ..formats.records import decode_source, iter_records, replay

    out: list[Game | Report] = []
    try:
        text = decode_source(unit.data, unit.source, unit.line)
        for record in iter_records(text, unit.source, line=unit.line, last=unit.last,
                                   spans=False, runs_on=unit.runs_on):
            done = replay(record, invariants="end", causes=False)
            if done.error is not None:
                return list(check_unit(unit))
            out.append(game_of(record, done.state, unit.index + len(out), moves))
    except KeyHarvestError:
        return list(check_unit(unit))
    return out


def collect(fn: Callable[[Unit], R], paths: Iterable[str], *, jobs: int = 1,
            client: Any = None, stdin: IO[bytes] | None = None,
            limit: int | None = None) -> Iterator[R]:
    """``fn(unit)`` for every unit of ``paths`` in input order: in this process
    (``jobs=1``), in ``jobs`` processes, or on the Dask cluster of ``client``; the results
    are the same whichever does it. ``fn`` must pickle for more than one process."""
    if client is not None:
        from .cluster import map_units

        return map_units(fn, paths, client, stdin=stdin, limit=limit)
    from .batch import map_units as local

    return local(fn, paths, jobs=jobs, stdin=stdin, limit=limit)


def games(paths: Iterable[str], *, jobs: int = 1, client: Any = None,
          stdin: IO[bytes] | None = None, limit: int | None = None) -> Iterator[Game | Report]:
    """The games of ``paths`` (without their steps) and the reports on what is not a game,
    in input order (``collect`` of ``games_of``): what ``stats`` and ``standings`` add up."""
    for found in collect(games_of, paths, jobs=jobs, client=client, stdin=stdin, limit=limit):
        yield from found


__all__ = ["Game", "Move", "Seat", "collect", "game_of", "games", "games_of", "places", "plain"]
