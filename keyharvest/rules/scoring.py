"""Scoring (RULES.md G): one small unit per scoring rule, each giving itemised lines.

``score(state)`` returns a ``Score``: for every player the lines (rule id, points, detail,
the tiles of each group), their total, and the winner after both tie-breaks. Scoring
reads the boards and screens only, so it works on a finished game or on a hand-written
final position alike (``result = "finished"``). A game that has not ended, still in play
or stopped at the turn limit, has no winner: its score is the standings so far, marked
as not finished, with the players ahead on points as ``leaders`` (G, I.55).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..model.board import sorted_refs
from ..model.catalogue import CROPS, WORKERS
from ..model.state import PlayerState, State
from .fields import groups


@dataclass(frozen=True, slots=True)
class Line:
    player: str
    rule: str
    item: str  # "workers", "largest group", "second group", "majority <crop>"
    points: int
    detail: str
    tiles: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlayerScore:
    player: str
    lines: tuple[Line, ...]
    field_tiles: int
    crops: int

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)


@dataclass(frozen=True)
class Score:
    players: tuple[PlayerScore, ...]
    #: one winner, or the players still tied after both tie-breaks; none at all when the
    #: game has not ended (I.55)
    winners: tuple[str, ...]
    #: "points", "field tiles (tie-break 1)", "crops (tie-break 2)", "draw"; "" when the
    #: game has not ended (no winner, no tie-break: I.55)
    decided_by: str
    finished: bool = True
    notes: tuple[str, ...] = field(default=())
    #: the players with the most points, tie-breaks left aside (who leads a game not ended)
    leaders: tuple[str, ...] = ()

    @property
    def winner(self) -> str | None:
        """The single winner; None when the game is a draw (G, tie-break 3) or has not
        ended (I.55)."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def ahead(self) -> tuple[str, ...]:
        """The leaders when they are ahead of someone: none while every player has the
        same total (at the start of a game, most often), where a picture marking who
        leads would mark everyone."""
        return self.leaders if len(self.leaders) < len(self.players) else ()

    def of(self, colour: str) -> PlayerScore:
        return next(ps for ps in self.players if ps.player == colour)


def worker_lines(p: PlayerState) -> list[Line]:
    """G.1: each worker on the board scores its number."""
    ws = sorted(p.workers.items(), key=lambda kv: kv[1])
    pts = sum(WORKERS[w].number for _, w in ws)
    detail = ", ".join(f"{w}({WORKERS[w].number}) at {s}" for s, w in ws) or "no workers"
    return [Line(p.colour, "G.1", "workers", pts, detail)]


def group_lines(state: State, p: PlayerState) -> list[Line]:
    """G.2, G.3 and I.24: the largest group scores x1, the second-largest x2."""
    gs = sorted((sorted_refs(g) for g in groups(state, p)), key=lambda g: (-len(g), g))
    out = []
    for rank, (rule, item, mult) in enumerate((("G.2", "largest group", 1),
                                               ("G.3", "second group", 2))):
        if rank < len(gs):
            g = gs[rank]
            out.append(Line(p.colour, rule, item, len(g) * mult,
                            f"{len(g)} tile(s) x{mult}: {' '.join(g)}", tuple(g)))
        else:
            out.append(Line(p.colour, rule, item, 0, "no such group (I.24)"))
    return out


def majority_lines(state: State) -> dict[str, list[Line]]:
    """G.4 and I.25: strictly the most of a crop behind the screen scores 1; ties score 0."""
    out: dict[str, list[Line]] = {p.colour: [] for p in state.players}
    for i, crop in enumerate(CROPS):
        held = [(p.screen[i], p.colour) for p in state.players]
        best = max(k for k, _ in held)
        top = [c for k, c in held if k == best]
        if best > 0 and len(top) == 1:
            others = max((k for k, c in held if c != top[0]), default=0)
            out[top[0]].append(Line(top[0], "G.4", f"majority {crop}", 1,
                                    f"{best} {crop} against at most {others}"))
    return out


NOT_FINISHED = "the game is not finished: these are the standings so far, with no winner (I.55)"


def score(state: State) -> Score:
    """The itemised score of ``state`` and, once the game has ended, the winner (G, with
    both tie-breaks); before the end, the standings so far and no winner (I.55)."""
    majorities = majority_lines(state)
    players = []
    for p in state.players:
        lines = worker_lines(p) + group_lines(state, p) + majorities[p.colour]
        players.append(PlayerScore(p.colour, tuple(lines), len(p.tiles), sum(p.screen)))
    best = max(ps.total for ps in players)
    tied = [ps for ps in players if ps.total == best]
    leaders = tuple(ps.player for ps in tied)
    if state.result != "finished":
        return Score(tuple(players), (), "", False, (NOT_FINISHED,), leaders)
    decided = "points"
    if len(tied) > 1:
        decided = "field tiles (tie-break 1)"
        most = max(ps.field_tiles for ps in tied)
        tied = [ps for ps in tied if ps.field_tiles == most]
    if len(tied) > 1:
        decided = "crops (tie-break 2)"
        most = max(ps.crops for ps in tied)
        tied = [ps for ps in tied if ps.crops == most]
    if len(tied) > 1:
        decided = "draw"
    return Score(tuple(players), tuple(ps.player for ps in tied), decided, True, (), leaders)
