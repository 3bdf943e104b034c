"""The arena: bots (``bots.BOTS``: the search bot among them) play each other, seats
rotated, and the results are measured (issue 31).

``lineup(bots, players, index)`` seats game ``index``: the bots named, repeated to fill
``players`` seats when fewer are named (``mcts greedy`` for 4 players is ``mcts greedy
mcts greedy``; name four for ``mcts greedy greedy greedy``), turned by one seat each game,
so over a multiple of ``players`` games every bot named plays every seat equally. A search
bot named ``NAME@N`` (``mcts-v1@150``) plays at its own budget of ``N`` simulations a step
rather than the run's (``bots.own_budget``: two search bots at equal time where their
simulations cost differently), and the tables name it so.

``arena_game(task)`` plays one game: dealt as ``selfplay`` deals its games, from the run's
seed and the game's index alone (``random.Random(f"keyharvest-arena:{seed}:{index}")``),
so a game is the same whichever process plays it, and ``--jobs`` does not change the
table. ``play`` makes each game's task as it goes (nothing is held per game but the games
in flight) and a ``Tally`` sums the results as they come, so a run's memory does not grow
with its number of games. ``standings(games)`` sums them up by bot name: the seats played
(a bot named twice plays two seats a game), the mean win share (RULES.md G; 0 for everyone
at a game stopped by the turn limit, I.55) with a 95% Wilson interval, the mean points, and
an Elo-style rating: ``400 * log10`` of the bot's win odds against one average other seat,
``s * (n - 1) / (1 - s)`` for a win share ``s`` in ``n``-player games (0 is the chance
share 1/n; a share of 0 or 1 is taken as half a game from it).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..formats.boardfile import standard_board
from ..formats.records import format_record, replay
from ..model.catalogue import PLAYER_COLOURS
from ..model.setup import deal
from ..rules.game import outcome
from .bots import BUDGETED, own_budget, seated
from .bounds import MAX_GAMES, check, check_search
from .intervals import wilson
from .selfplay import SELFPLAY_MAX_TURNS, play_game

__all__ = ["BUDGETED", "Standing", "Tally", "arena_game", "lineup", "play", "standings",
           "tasks"]

def lineup(bots: Sequence[str], players: int, index: int) -> list[str]:
    """The bot of each seat of game ``index`` (see the module's text)."""
    filled = [bots[i % len(bots)] for i in range(max(players, len(bots)))][:players]
    turn = index % players
    return filled[-turn:] + filled[:-turn] if turn else filled


def arena_game(task: tuple[Sequence[str], int, int, int, int | None]) -> dict[str, Any]:
    """Game ``index`` of the run: ``task`` is ``(bots, players, seed, index, budget)``.
    The record's text, and for each seat its bot, colour, win share and points."""
    bots, players, seed, index, budget = task
    seats = lineup(bots, players, index)
    board = standard_board()
    rng = random.Random(f"keyharvest-arena:{seed}:{index}")
    setup = deal(PLAYER_COLOURS[:players], rng, board, max_turns=SELFPLAY_MAX_TURNS)
    playing = []
    for name in seats:  # a search bot at the run's budget, or its own (``NAME@N``)
        playing.append(seated(name, random.Random(rng.getrandbits(64)), budget))
    meta = {"event": "arena", "round": index + 1,
            "meta": {"seats": " ".join(seats), "seed": seed, "game": index + 1,
                     **({"budget": budget} if budget else {})}}
    record = play_game(setup, board, playing, rng, meta, checked=True)
    state = replay(record).state
    shares, _, totals = outcome(state)
    return {"game": index + 1, "record": format_record(record),
            "status": state.result or "in progress",
            "seats": [{"bot": name, "player": colour, "win": share, "points": points}
                      for name, colour, share, points
                      in zip(seats, setup.players, shares, totals)]}


@dataclass(frozen=True)
class Standing:
    """How one bot did over the run (see the module's text)."""

    bot: str
    seats: int  # the seats it played: games, times the seats it had in each
    wins: float
    win_share: float
    low: float
    high: float
    mean_points: float
    elo: float

    def as_dict(self) -> dict[str, Any]:
        return {"bot": self.bot, "seats": self.seats, "wins": round(self.wins, 4),
                "win_share": round(self.win_share, 4), "low": round(self.low, 4),
                "high": round(self.high, 4), "mean_points": round(self.mean_points, 2),
                "elo": round(self.elo, 1)}


class Tally:
    """The results of ``arena_game`` summed as they come, by bot name: the seats played,
    the win shares and the points (not the games themselves)."""

    def __init__(self) -> None:
        self.by_bot: dict[str, list[float]] = {}

    def add(self, game: dict[str, Any]) -> None:
        for seat in game["seats"]:
            got = self.by_bot.setdefault(seat["bot"], [0, 0.0, 0.0])
            got[0] += 1
            got[1] += seat["win"]
            got[2] += seat["points"]

    def standings(self, players: int) -> list[Standing]:
        """Each bot's ``Standing``, in the order first seated."""
        return _standings(self.by_bot, players)


def standings(games: Iterable[dict[str, Any]], players: int) -> list[Standing]:
    """The results of ``arena_game``, by bot name, in the order first seated."""
    tally = Tally()
    for game in games:
        tally.add(game)
    return tally.standings(players)


def _standings(tally: dict[str, list[float]], players: int) -> list[Standing]:
    out = []
    for bot, (n, wins, points) in tally.items():
        count = int(n)
        share = wins / count
        low, high = wilson(wins, count)
        s = min(max(share, 0.5 / count), 1 - 0.5 / count)
        elo = 400 * math.log10(s * (players - 1) / (1 - s))
        out.append(Standing(bot, count, wins, share, low, high, points / count, elo))
    return out


Task = tuple[Sequence[str], int, int, int, int | None]


def tasks(bots: Sequence[str], players: int, games: int, seed: int,
          budget: int | None) -> Iterator[Task]:
    """The task of each game of a run (``arena_game`` plays one), made as they are asked
    for. A bot named ``NAME@N`` plays at its own budget (``bots.own_budget``). Raises
    ``ValueError`` for a number of games or a budget out of bounds (``play.bounds``), or
    a bot ``bots.own_budget`` refuses."""
    check("the number of games", games, MAX_GAMES)
    check_search(budget, None)
    for seat in bots:
        check_search(own_budget(seat)[1], None)
    named = tuple(bots)
    return ((named, players, seed, i, budget) for i in range(games))


def play(bots: Sequence[str], players: int, games: int, seed: int, budget: int | None,
         jobs: int = 1) -> Iterator[dict[str, Any]]:
    """The games of a run, in order (``arena_game`` of each index), over ``jobs``
    processes (1: this one; 0: one per core): the same games whatever ``jobs`` is. Each
    game's task is made when a process is free for it, and each game comes back as it is
    played: hold on to them only as long as needed. Raises ``ValueError`` as ``tasks``."""
    todo = tasks(bots, players, games, seed, budget)
    if jobs == 1:
        return map(arena_game, todo)
    from .pool import ordered_map

    return ordered_map(arena_game, todo, jobs)
