"""Statistics of a collection of games (``keyharvest stats``): seats, lengths, points and
first steps, for each number of players.

``Stats.add(game)`` takes the ``collection.Game`` s one at a time and keeps counts only, so
memory stays flat however many games there are: a game's turns and points are small
whole numbers, kept as a histogram (``Distribution``) from which the mean and the
quartiles are exact; first steps are counted by their text (a game has finitely many).
For each number of players (and for all games together):

- **seats**: the win share of each seat counted from the start player (seat 1 starts,
  seat 2 sits on their left, ...), with a 95% Wilson interval (``intervals.wilson``: a drawn
  game's win is shared, RULES.md G, so a share may be a fraction);
- **turns** of a game and **points** of every seat, of the winner, and the **margin**
  (the first seat's points less the next best's): mean, quartiles, least and most;
- **first steps**: the start player's first step (its text without the speaker, and its
  kind, the first word), how often each was played and the win share of whoever played
  it, the most frequent first.

Only finished games count (RULES.md F.4: an unfinished game has no winner, I.55); the
games stopped at their turn limit or still in progress, the bad records and the positions
are counted apart and reported, never dropped silently. This module computes; the text,
JSON and pictures are the command's and ``render.report``'s.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Self

from .batch import Report, UnitKind
from .collection import Game
from .intervals import wilson

#: How many of the most frequent first steps are shown.
TOP_FIRST = 10


@dataclass
class Distribution:
    """Whole numbers seen, as counts of each value: exact mean and quartiles in memory
    that grows with the values' range, not their number."""

    counts: Counter[int] = field(default_factory=Counter)

    def add(self, value: int) -> None:
        self.counts[value] += 1

    @property
    def n(self) -> int:
        return sum(self.counts.values())

    def mean(self) -> float | None:
        n = self.n
        return sum(v * k for v, k in self.counts.items()) / n if n else None

    def quantile(self, p: float) -> float | None:
        """The ``p`` quantile (0 .. 1) by linear interpolation between the values in order,
        the first at 0 and the last at 1: ``statistics.quantiles(method='inclusive')``'s
        (and numpy's default) definition."""
        n = self.n
        if not n:
            return None
        at = (n - 1) * p
        low, frac = math.floor(at), at - math.floor(at)
        a = self._nth(low)
        b = self._nth(min(low + 1, n - 1))
        return a + (b - a) * frac

    def _nth(self, i: int) -> int:
        seen = 0
        for value in sorted(self.counts):
            seen += self.counts[value]
            if i < seen:
                return value
        raise IndexError(i)

    def summary(self) -> dict[str, Any]:
        """n, mean, the quartiles (q1, median, q3), least and most."""
        if not self.n:
            return {"n": 0}
        mean = self.mean()
        return {"n": self.n, "mean": round(mean, 2) if mean is not None else None,
                "q1": self.quantile(0.25), "median": self.quantile(0.5),
                "q3": self.quantile(0.75), "min": min(self.counts), "max": max(self.counts)}


@dataclass
class Share:
    """A win share over a number of tries, with its 95% Wilson interval."""

    wins: float = 0.0
    n: int = 0

    def add(self, share: float) -> None:
        self.wins += share
        self.n += 1

    def as_dict(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.n)
        return {"games": self.n, "wins": round(self.wins, 4),
                "win_share": round(self.wins / self.n, 4) if self.n else None,
                "low": round(low, 4), "high": round(high, 4)}


@dataclass
class Group:
    """The statistics of the finished games of one number of players (0: all of them)."""

    players: int
    games: int = 0
    seats: list[Share] = field(default_factory=list)
    turns: Distribution = field(default_factory=Distribution)
    points: Distribution = field(default_factory=Distribution)
    winner_points: Distribution = field(default_factory=Distribution)
    margin: Distribution = field(default_factory=Distribution)
    first: dict[str, Share] = field(default_factory=dict)
    first_kind: dict[str, Share] = field(default_factory=dict)
    draws: int = 0

    def add(self, game: Game) -> None:
        self.games += 1
        n = len(game.players)
        at = game.players.index(game.start)
        while len(self.seats) < n:
            self.seats.append(Share())
        for k in range(n):
            seat = game.seat(game.players[(at + k) % n])
            assert seat is not None
            self.seats[k].add(seat.share)
            self.points.add(seat.points)
        self.turns.add(game.turns)
        self.margin.add(game.margin)
        best = max(game.seats, key=lambda s: (s.share, -s.place))
        if game.winner is not None:
            self.winner_points.add(best.points)
        else:
            self.draws += 1
        if game.first is not None:
            starter = game.seat(game.start)
            share = starter.share if starter is not None else 0.0
            self.first.setdefault(game.first, Share()).add(share)
            self.first_kind.setdefault(game.first.split()[0], Share()).add(share)

    def as_dict(self, top: int = TOP_FIRST) -> dict[str, Any]:
        def ranked(table: dict[str, Share], limit: int | None,
                   key: str) -> list[dict[str, Any]]:
            order = sorted(table.items(), key=lambda kv: (-kv[1].n, kv[0]))
            return [{key: k, **v.as_dict()} for k, v in order[:limit]]

        return {"type": "group", "player_count": self.players or "all", "games": self.games,
                "draws": self.draws,
                "seats": [{"seat": i + 1, **s.as_dict()} for i, s in enumerate(self.seats)],
                "turns": self.turns.summary(), "points": self.points.summary(),
                "winner_points": self.winner_points.summary(), "margin": self.margin.summary(),
                "first_kinds": ranked(self.first_kind, None, "kind"),
                "first_steps": ranked(self.first, top, "move"),
                "distinct_first_steps": len(self.first)}


@dataclass
class Apart:
    """What a collection held besides finished games: counted, never dropped silently."""

    unfinished: int = 0  # stopped at the turn limit (I.10)
    in_progress: int = 0
    bad: int = 0  # records that do not read or break a rule (validate says why)
    unreadable: int = 0  # inputs that cannot be read
    positions: int = 0  # positions (.toml), which are no games
    skipped: int = 0  # links out of a folder, not read (``batch.LinkOut``)
    sources: set[str] = field(default_factory=set)

    def add_game(self, game: Game) -> bool:
        """Count ``game`` if it is not finished; whether it was."""
        self.sources.add(game.source)
        if game.status == "unfinished":
            self.unfinished += 1
        elif game.status != "finished":
            self.in_progress += 1
        return game.status == "finished"

    def add_report(self, report: Report) -> None:
        self.sources.add(report.source)
        if report.kind == UnitKind.POSITION:
            self.positions += 1
        elif report.kind == UnitKind.SKIPPED:
            self.skipped += 1
        elif report.kind == UnitKind.FILE:
            self.unreadable += 1
        else:
            self.bad += 1

    @property
    def ok(self) -> bool:
        return not (self.bad or self.unreadable)

    def as_dict(self) -> dict[str, Any]:
        return {"unfinished": self.unfinished, "in_progress": self.in_progress,
                "bad": self.bad, "unreadable": self.unreadable, "positions": self.positions,
                "skipped": self.skipped, "files": len(self.sources)}

    def describe(self) -> str:
        parts = [f"{n} {what}" for n, what in (
            (self.unfinished, "unfinished (turn limit)"), (self.in_progress, "in progress"),
            (self.bad, "bad (keyharvest validate says why)"),
            (self.unreadable, "unreadable"), (self.positions, "positions (not games)"),
            (self.skipped, "skipped (links out of a folder)")) if n]
        return "; ".join(parts)


@dataclass
class Tally:
    """What a tally of a collection (``Stats``, ``standings.Standings``) does with what it
    is fed, one game (or report) at a time: a report, or a game not finished, is counted
    apart (``apart``); a finished game is counted (``count``, each tally's own)."""

    apart: Apart = field(default_factory=Apart)

    def add(self, entry: Game | Report) -> None:
        if isinstance(entry, Report):
            self.apart.add_report(entry)
        elif self.apart.add_game(entry):
            self.count(entry)

    def count(self, game: Game) -> None:
        """Count a finished game."""
        raise NotImplementedError

    def add_all(self, entries: Iterable[Game | Report]) -> Self:
        for entry in entries:
            self.add(entry)
        return self


@dataclass
class Stats(Tally):
    """The statistics of a collection, fed one game (or report) at a time."""

    groups: dict[int, Group] = field(default_factory=dict)
    total: Group = field(default_factory=lambda: Group(0))

    def count(self, game: Game) -> None:
        n = len(game.players)
        self.groups.setdefault(n, Group(n)).add(game)
        self.total.add(game)

    def lines(self, top: int = TOP_FIRST) -> list[dict[str, Any]]:
        """The JSON Lines: a group per number of players (fewest first), all games
        together when there are several, then the summary."""
        out = [self.groups[n].as_dict(top) for n in sorted(self.groups)]
        if len(self.groups) > 1:
            out.append(self.total.as_dict(top))
        out.append({"type": "summary", "ok": self.apart.ok, "finished": self.total.games,
                    **self.apart.as_dict()})
        return out


__all__ = ["TOP_FIRST", "Apart", "Distribution", "Group", "Share", "Stats", "Tally"]
