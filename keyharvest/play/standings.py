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
  ones, and in input order among equals. Without openskill the table has no rating (and
  ``Standings.rated`` is False: the command says so).

Only finished games count (an unfinished game has no winner, I.55); the others, the bad
records and the positions are counted apart (``stats.Apart``).

**Memory.** Everything but the rating is a sum per person, added as each game arrives.
The rating must take the games in date order, which the input need not follow, so
``Played`` keeps each finished game as the rating needs it and no more: its date (a
number standing for one of the distinct dates), where its seats start, and each seat's
person (a number) and place, in flat arrays: 32 bytes a four-player game, 22 a
two-player one (some 3 MB over 100,000 games). Games that arrive in date order (a
tournament's file, self-play without dates) are rated as they stand; others are put in
order by a counting sort over the distinct dates (8 bytes a game more, while rating).
The rating over the games of a person (``Row.history``, the picture of ``standings
--html``) is kept only when asked for (``table(traced=N)``: the first ``N`` rows) and
only up to ``Trace.CAP`` points a person: a longer line keeps one point in every 2, 4,
8, ... of the person's games, and the last (``Row.every`` says how many).
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .collection import Game
from .stats import Tally

INSTALL = "pip install 'keyharvest[standings]'"
BY = ("person", "colour")


class Trace:
    """A person's rating (mu) after each of their games, bounded: at most ``cap`` points
    (``CAP``). When it holds ``cap``, every other point is dropped and from then on one
    game in twice as many is kept (``every``); the last game's is always kept apart, so
    the line ends at the person's rating now."""

    CAP = 1000
    __slots__ = ("cap", "every", "last", "mus", "numbers", "seen")

    def __init__(self, cap: int | None = None) -> None:
        self.cap = self.CAP if cap is None else cap
        if self.cap < 2:
            raise ValueError("a trace keeps at least 2 points")
        self.every = 1  # one game in ``every`` of the person's is kept
        self.seen = 0  # the person's games so far
        self.numbers = array("q")  # the game's number in rating order, from 1
        self.mus = array("d")
        self.last: tuple[int, float] | None = None

    def add(self, number: int, mu: float) -> None:
        if self.seen % self.every == 0:
            if len(self.numbers) == self.cap:
                self.numbers = self.numbers[::2]
                self.mus = self.mus[::2]
                self.every *= 2
            if self.seen % self.every == 0:
                self.numbers.append(number)
                self.mus.append(mu)
        self.seen += 1
        self.last = (number, mu)

    def points(self) -> list[tuple[int, float]]:
        """(game number, mu) of the games kept, then the last game's."""
        out = list(zip(self.numbers, self.mus))
        if self.last is not None and (not out or out[-1][0] != self.last[0]):
            out.append(self.last)
        return out


class Played:
    """The finished games as the rating needs them, in input order (see the module's
    text): per game its date and where its seats start, per seat its person and place."""

    __slots__ = ("_date_ids", "_last", "_person_ids", "dates", "in_order", "persons",
                 "places", "starts", "texts", "who")

    def __init__(self) -> None:
        self.texts: list[str | None] = []  # the distinct dates, in order of appearance
        self._date_ids: dict[str | None, int] = {}
        self.persons: list[str] = []
        self._person_ids: dict[str, int] = {}
        self.dates = array("i")  # per game, its date (an index into ``texts``)
        self.starts = array("q")  # per game, its first seat in ``who`` and ``places``
        self.who = array("i")  # per seat, its person (an index into ``persons``)
        self.places = array("b")  # per seat, its place (1 to 4)
        self.in_order = True  # whether the games so far came in date order
        self._last: tuple[bool, str] | None = None

    def __len__(self) -> int:
        return len(self.dates)

    @staticmethod
    def key(date: str | None) -> tuple[bool, str]:
        """The order of the rating: by date, the undated games after the dated."""
        return (date is None, date or "")

    def add(self, date: str | None, seats: list[tuple[str, int]]) -> None:
        """A game of ``date`` whose seats are (person, place)."""
        day = self._date_ids.get(date)
        if day is None:
            day = self._date_ids[date] = len(self.texts)
            self.texts.append(date)
        key = self.key(date)
        if self._last is not None and key < self._last:
            self.in_order = False
        self._last = key
        self.dates.append(day)
        self.starts.append(len(self.who))
        for who, place in seats:
            person = self._person_ids.get(who)
            if person is None:
                person = self._person_ids[who] = len(self.persons)
                self.persons.append(who)
            self.who.append(person)
            self.places.append(place)

    def order(self) -> Iterator[int]:
        """The games' indices in date order, input order among equals (a counting sort
        over the distinct dates, stable, when they did not come in order)."""
        n = len(self.dates)
        if self.in_order:
            yield from range(n)
            return
        counts = [0] * len(self.texts)
        for day in self.dates:
            counts[day] += 1
        at = [0] * len(self.texts)
        total = 0
        for day in sorted(range(len(self.texts)), key=lambda d: self.key(self.texts[d])):
            at[day] = total
            total += counts[day]
        order = array("q", bytes(8 * n))
        for i, day in enumerate(self.dates):
            order[at[day]] = i
            at[day] += 1
        yield from order

    def in_date_order(self) -> Iterator[list[tuple[str, int]]]:
        """Each game's seats (person, place), in date order."""
        ends = len(self.who)
        for i in self.order():
            end = self.starts[i + 1] if i + 1 < len(self.starts) else ends
            yield [(self.persons[self.who[s]], self.places[s])
                   for s in range(self.starts[i], end)]


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
    #: (the number of the game in rating order, from 1; mu) after the person's games, when
    #: traced (``Standings.table``): all of them, or one in ``every`` and the last
    history: list[tuple[int, float]] = field(default_factory=list)
    every: int = 1

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
    rows: dict[str, Row] = field(default_factory=dict)
    played: Played = field(default_factory=Played)
    rated: bool = False

    def who(self, colour: str, name: str | None) -> str:
        if self.by == "colour":
            return colour
        return name if name is not None else f"({colour})"

    def count(self, game: Game) -> None:
        seats = []
        for s in game.seats:
            who = self.who(s.colour, s.name)
            row = self.rows.get(who)
            if row is None:
                row = self.rows[who] = Row(who)
            row.games += 1
            row.wins += s.share
            row.points += s.points
            row.places += s.place
            row.field_tiles += s.field_tiles
            row.crops += s.crops
            seats.append((who, s.place))
        self.played.add(game.date(), seats)

    def table(self, model: Any = "default", traced: int = 0) -> list[Row]:
        """The rows, in the order of the standings (see the module's text); rated with
        ``model`` (OpenSkill's; the default is ``rating_model()``, None rates nothing);
        the first ``traced`` rows with their ratings over the games (``Row.history``)."""
        if model == "default":
            model = rating_model()
        out = sorted(self.rows.values(), key=lambda r: (r.order_key(), r.who))
        for i, row in enumerate(out):
            same = i and out[i - 1].order_key() == row.order_key()
            row.rank = out[i - 1].rank if same else i + 1
        self.rated = model is not None
        if model is None:
            return out
        traces = {r.who: Trace() for r in out[:traced]}
        ratings: dict[str, Any] = {}
        for number, seats in enumerate(self.played.in_date_order(), 1):
            teams = [[ratings.get(who) or model.rating(name=who)] for who, _ in seats]
            new = model.rate(teams, ranks=[place for _, place in seats])
            for (who, _), (rating,) in zip(seats, new):
                ratings[who] = rating
                trace = traces.get(who)
                if trace is not None:
                    trace.add(number, float(rating.mu))
        for who, rating in ratings.items():
            row = self.rows[who]
            row.mu, row.sigma = float(rating.mu), float(rating.sigma)
            trace = traces.get(who)
            if trace is not None:
                row.history, row.every = trace.points(), trace.every
        return out

    def lines(self, rows: list[Row]) -> list[dict[str, Any]]:
        """The JSON Lines: a person per line, in order, then the summary."""
        return [*(r.as_dict() for r in rows),
                {"type": "summary", "ok": self.apart.ok, "games": len(self.played),
                 "persons": len(rows), "rated": self.rated, "by": self.by,
                 **self.apart.as_dict()}]


__all__ = ["BY", "INSTALL", "Played", "Row", "Standings", "Trace", "rating_model"]
