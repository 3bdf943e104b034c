"""How long bots' games last, and whether they end (issue 46: "no stall").

Plays ``--games`` games of each player count between the bots named (seated as the arena
seats them: ``keyharvest.play.arena.lineup``, dealt from the seed and the game's index),
and prints per player count: the games that finished by the event track (RULES.md F.4)
rather than at the turn limit (I.10), the median turns and steps of a game, and the
seconds a game took; each game's line on stderr as it ends (a long run shows what it has
done so far). Two search bots should finish every game, in about as many turns as
two greedy bots:

    python benchmarks/lengths.py --bots mcts mcts --players 2 3 4 --games 20
    python benchmarks/lengths.py --bots greedy greedy --players 2 3 4 --games 20

Each run is bounded by ``--games``, ``--budget`` and the arena's turn limit; ``--jobs``
plays games in parallel (the same games whatever it is).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Iterable
from typing import Any, TextIO

from keyharvest.formats.records import load_records, replay
from keyharvest.play import arena
from keyharvest.play.pool import ordered_map


def lengths(bots: list[str], players: int, games: int, seed: int, budget: int | None,
            jobs: int, log: TextIO | None = None, first: int = 0) -> dict[str, object]:
    """The figures of one player count (see the module's text): the games of the arena's
    indices ``first`` to ``first + games - 1``; each game's line on ``log`` as it ends."""
    start = time.monotonic()
    turns, steps, finished = [], [], 0
    todo = list(arena.tasks(bots, players, first + games, seed, budget))[first:]
    if jobs == 1:
        played: Iterable[dict[str, Any]] = map(arena.arena_game, todo)
    else:
        played = ordered_map(arena.arena_game, todo, jobs)
    for game in played:  # as each ends
        record = load_records(game["record"])[0]
        state = replay(record).state
        turns.append(state.turn.number)
        steps.append(len(record.steps))
        finished += game["status"] == "finished"
        if log is not None:
            print(json.dumps({"players": players, "game": game["game"], "status": game["status"],
                              "turns": turns[-1], "steps": steps[-1],
                              "points": [s["points"] for s in game["seats"]]}),
                  file=log, flush=True)
    seconds = time.monotonic() - start
    return {"bots": " ".join(bots), "players": players, "games": games, "first": first,
            "seed": seed,
            "budget": budget, "finished": finished,
            "median_turns": statistics.median(turns), "median_steps": statistics.median(steps),
            "turns": turns, "seconds_a_game": round(seconds / games, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", nargs="+", default=["mcts", "mcts"])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--budget", type=int, default=None)
    parser.add_argument("--seed", type=int, default=46)
    parser.add_argument("--first", type=int, default=0,
                        help="the arena index of the first game (a run in parts)")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    for players in args.players:
        row = lengths(args.bots, players, args.games, args.seed, args.budget, args.jobs,
                      sys.stderr, args.first)
        print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
