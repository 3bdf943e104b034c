"""What crops, stored tiles and unharvested tiles are worth at the end (issue 46, item 2:
"an evaluation that values what a store, a bid and the crops will be worth, measured").

Greedy self-play games (``--games`` of each of 2, 3 and 4 players, seed ``--seed``) are
replayed, and at every ``--every``-th position each player's points still to come (the
final total less ``bots.points`` now) are fitted by least squares to what that player
holds, each times the part of the event track still empty (``1 - len(track) / 10``: the
worth of a holding shrinks as the end nears):

    final - points_now ~ r * (crop * crops + store * stored + field * unharvested + base)

(``crops``: the counters behind the screen; ``stored``: the tiles in the store;
``unharvested``: the field tiles on the board large icon up); ``base`` is the same for
every seat and leaves the margins alone. A line of JSON: the worths, the positions fitted
and how much of the variance they explain. docs/search.md says what came of a search
that valued a playout's end so (it was not kept).

    python benchmarks/worth.py --games 100 --seed 46
"""

from __future__ import annotations

import argparse
import json
import sys

from keyharvest.formats.records import replay
from keyharvest.model.catalogue import TRACK_SIZE
from keyharvest.model.state import PlayerState, State
from keyharvest.play.bots import points
from keyharvest.play.selfplay import selfplay_game
from keyharvest.rules.game import outcome


def holdings(p: PlayerState) -> tuple[int, int, int]:
    """The crops behind ``p``'s screen, the tiles in its store and its unharvested field
    tiles."""
    return sum(p.screen), len(p.store), sum(1 for done in p.tiles.values() if not done)


def rows(state: State, final: list[int]) -> list[tuple[list[float], float]]:
    """Each player's features (times the track still empty) and points still to come."""
    left = 1.0 - min(len(state.track), TRACK_SIZE) / TRACK_SIZE
    out = []
    for p, total in zip(state.players, final):
        crops, stored, field = holdings(p)
        out.append(([left * crops, left * stored, left * field, left],
                    float(total - points(state, p.colour))))
    return out


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (``a`` square)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(games: int, seed: int, every: int) -> dict[str, object]:
    data: list[tuple[list[float], float]] = []
    for players in (2, 3, 4):
        for index in range(games):
            record = selfplay_game(players, seed, index, bot="greedy")
            states = replay(record, each=True).states
            assert states is not None
            _, _, final = outcome(states[-1])
            for state in states[::every]:
                if state.result is None:
                    data.extend(rows(state, final))
    k = len(data[0][0])
    ata = [[sum(x[i] * x[j] for x, _ in data) for j in range(k)] for i in range(k)]
    aty = [sum(x[i] * y for x, y in data) for i in range(k)]
    w = solve(ata, aty)
    mean = sum(y for _, y in data) / len(data)
    total = sum((y - mean) ** 2 for _, y in data)
    residual = sum((y - sum(a * b for a, b in zip(w, x))) ** 2 for x, y in data)
    return {"games_each": games, "seed": seed, "positions": len(data),
            "crop": round(w[0], 3), "store": round(w[1], 3), "field": round(w[2], 3),
            "base": round(w[3], 3), "r2": round(1 - residual / total, 3)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=46)
    parser.add_argument("--every", type=int, default=10)
    args = parser.parse_args(argv)
    print(json.dumps(fit(args.games, args.seed, args.every)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
