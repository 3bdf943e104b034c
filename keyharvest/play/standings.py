"""A tournament's standings (``keyharvest standings``): by person, over a collection of games.

``Standings.add(entry)`` takes the ``collection.Game`` s (and ``validate``'s reports on the
records that are not games) one at a time; ``table()`` gives a ``Row`` per person:

- **who**: the person of each seat is the front matter's ``[names]`` entry for its colour
  (a seat without one is its colour in brackets, ``(red)``, so that unnamed seats are
  never taken for a person's); ``by="colour"`` counts by colour instead;
- **games, wins, points, mean place**: a win is the winner's; a drawn game's win (players
  still tied after both tie-breaks of RULES.md G) is shared evenly among them, ``1/k``
  each; a seat's place is one more than the seats strictly ahead of it by points, field
  tiles, crops (``collection``'s places);
- **order**: most wins, then RULES.md G's order applied to the totals: most points, then
  most field tiles (tie-break 1), then most crops (tie-break 2); persons equal on all four
  share a rank (G tie-break 3: no order between them), listed by name;
- **rating**: OpenSkill's Plackett-Luce model (the ``openskill`` package, the optional
  extra ``keyharvest[standings]``), which rates games of 2 to 4 players at once from
  their places (equal places are ties): the mean ``mu``, its uncertainty ``sigma``, and
  the conservative ``rating = mu - 3 sigma`` (0 for a newcomer). Games are rated in the
  order of their ``date`` (a TOML date or ISO text), games without one after the dated
  ones, and in input order among equals; ``Row.history`` holds the rating after each of
  the person's games, for the picture. Without openskill the table has no rating (and
  ``Standings.rated`` is False: the command says so).

Only finished games count (an unfinished game has no winner, I.55); the others, the bad
records and the positions are counted apart (``stats.Apart``). The table needs every
game's places before it can rate them in date order, so ``Standings`` keeps a small tuple
per game (not the records); everything else is sums.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .collection import Game
from .stats import Tally

INSTALL = "pip install 'keyharvest[standings]'"
BY = ("person", "colour")


class _Seat(NamedTuple):
    who: str
    place: int
    share: float
    points: int
    field_tiles: int
    crops: int


class _Played(NamedTuple):
    date: str | None
    order: int
    seats: tuple[_Seat, ...]


@dataclass
class Row:
    """One person's line of the table (see the module's text)."""

    who: str
    rank: int = 0
    games: int = 0
    wins: float = 0.0
    points: int = 0
    places: int = 0
    field_tiles: int = 0
    crops: int = 0
    mu: float | None = None
    sigma: float | None = None
    #: (the number of the game in rating order, from 1; mu; sigma) after each game
    history: list[tuple[int, float, float]] = field(default_factory=list)

    @property
    def mean_points(self) -> float:
        return self.points / self.games if self.games else 0.0

    @property
    def mean_place(self) -> float:
        return self.places / self.games if self.games else 0.0

    @property
    def rating(self) -> float | None:
        return None if self.mu is None or self.sigma is None else self.mu - 3 * self.sigma

    def order_key(self) -> tuple[float, int, int, int]:
        return (-self.wins, -self.points, -self.field_tiles, -self.crops)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": "person", "rank": self.rank, "person": self.who, "games": self.games,
            "wins": round(self.wins, 4),
            "win_share": round(self.wins / self.games, 4) if self.games else None,
            "points": self.points, "mean_points": round(self.mean_points, 2),
            "mean_place": round(self.mean_place, 3), "field_tiles": self.field_tiles,
            "crops": self.crops}
        if self.mu is not None and self.sigma is not None:
            out.update(rating=round(self.mu - 3 * self.sigma, 3), mu=round(self.mu, 3),
                       sigma=round(self.sigma, 3))
        return out


def rating_model() -> Any:
    """OpenSkill's Plackett-Luce model, or None when ``openskill`` is not installed."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        return None
    return PlackettLuce()


@dataclass
class Standings(Tally):
    """The standings of a collection, fed one game (or report) at a time."""

    by: str = "person"
    played: list[_Played] = field(default_factory=list)
    rated: bool = False

    def who(self, colour: str, name: str | None) -> str:
        if self.by == "colour":
            return colour
        return name if name is not None else f"({colour})"

    def count(self, game: Game) -> None:
        seats = tuple(_Seat(self.who(s.colour, s.name), s.place, s.share, s.points,
                            s.field_tiles, s.crops) for s in game.seats)
        self.played.append(_Played(game.date(), len(self.played), seats))

    def table(self, model: Any = "default") -> list[Row]:
        """The rows, in the order of the standings (see the module's text); rated with
        ``model`` (OpenSkill's; the default is ``rating_model()``, None rates nothing)."""
        if model == "default":
            model = rating_model()
        rows: dict[str, Row] = {}
        ratings: dict[str, Any] = {}
        games = sorted(self.played, key=lambda p: (p.date is None, p.date or "", p.order))
        for number, game in enumerate(games, 1):
            for seat in game.seats:
                row = rows.setdefault(seat.who, Row(seat.who))
                row.games += 1
                row.wins += seat.share
                row.points += seat.points
                row.places += seat.place
                row.field_tiles += seat.field_tiles
                row.crops += seat.crops
            if model is None:
                continue
            teams = [[ratings.get(s.who) or model.rating(name=s.who)] for s in game.seats]
            new = model.rate(teams, ranks=[s.place for s in game.seats])
            for seat, (rating,) in zip(game.seats, new):
                ratings[seat.who] = rating
                rows[seat.who].history.append((number, float(rating.mu), float(rating.sigma)))
        self.rated = model is not None
        for who, rating in ratings.items():
            rows[who].mu, rows[who].sigma = float(rating.mu), float(rating.sigma)
        out = sorted(rows.values(), key=lambda r: (r.order_key(), r.who))
        for i, row in enumerate(out):
            same = i and out[i - 1].order_key() == row.order_key()
            row.rank = out[i - 1].rank if same else i + 1
        return out

    def lines(self, rows: list[Row]) -> list[dict[str, Any]]:
        """The JSON Lines: a person per line, in order, then the summary."""
        return [*(r.as_dict() for r in rows),
                {"type": "summary", "ok": self.apart.ok, "games": len(self.played),
                 "persons": len(rows), "rated": self.rated, "by": self.by,
                 **self.apart.as_dict()}]


__all__ = ["BY", "INSTALL", "Row", "Standings", "rating_model"]
