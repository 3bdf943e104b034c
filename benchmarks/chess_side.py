"""python-chess measured the way ``bench.py`` measures keyharvest, for its side-by-side rows.

    python benchmarks/chess_side.py [--games 200] [--playouts 100] [--seed 1] [--pgn FILE]

Run by ``bench.py`` with a Python that has python-chess (its own venv, or a temporary one
it makes: python-chess is not a dependency of keyharvest). Prints one JSON object:

- ``read_plies_per_s``: ``chess.pgn.read_game`` over PGN text of random games (plies/s);
- ``checked_plies_per_s``: ``board.is_legal(move)`` then ``board.push(move)`` over the
  moves of those games (plies/s), the counterpart of the engine's checked ``push``;
- ``playouts_per_s``: random playouts to the game's end (a uniformly random legal move
  until ``board.is_game_over()``), games/s; ``plies_per_playout`` their mean length;
  ``playout_plies_per_s`` the same in plies/s (``legal_moves`` + ``push``);
- ``pushpop_plies_per_s``: ``board.push(move)`` over the moves of the games, then
  ``board.pop()`` back to the start (plies/s: one push and one pop a ply), the
  counterpart of keyharvest's ``push`` + ``pop``.

``--pgn FILE`` keeps the random games' PGN text in FILE (written if it does not exist, read
back if it does), so that ``bench.py`` can measure several rounds, interleaved with its own
runs, over the same games without playing them again.

Times are CPU time of this process (``time.process_time``), as ``bench.py`` times the
whole keyharvest processes: steadier than the wall clock on a shared machine. Randomness
comes only from a seeded ``random.Random``.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import time
from pathlib import Path


def playout(rng: random.Random):
    import chess

    board = chess.Board()
    while not board.is_game_over():
        board.push(rng.choice(list(board.legal_moves)))
    return board


def main() -> int:
    import chess
    import chess.pgn

    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200, help="random games read back as PGN")
    ap.add_argument("--playouts", type=int, default=100, help="random playouts timed")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pgn", type=Path, help="keep the games' PGN here (made once, then read)")
    args = ap.parse_args()

    if args.pgn is not None and args.pgn.exists():
        pgn = args.pgn.read_text(encoding="utf-8")
    else:
        rng = random.Random(args.seed)
        boards = [playout(rng) for _ in range(args.games)]
        pgn = "\n\n".join(str(chess.pgn.Game.from_board(b)) for b in boards) + "\n"
        if args.pgn is not None:
            args.pgn.write_text(pgn, encoding="utf-8")
        del boards

    t = time.process_time()
    stream = io.StringIO(pgn)
    games = []
    plies = 0
    while (game := chess.pgn.read_game(stream)) is not None:
        plies += sum(1 for _ in game.mainline_moves())
        games.append(game)
    read_time = time.process_time() - t

    moves = [list(game.mainline_moves()) for game in games]
    del games
    assert sum(map(len, moves)) == plies, plies
    t = time.process_time()
    for line in moves:
        board = chess.Board()
        for move in line:
            if not board.is_legal(move):
                raise AssertionError(move)
            board.push(move)
    checked_time = time.process_time() - t

    t = time.process_time()
    for line in moves:
        board = chess.Board()
        for move in line:
            board.push(move)
        while board.move_stack:
            board.pop()
    pushpop_time = time.process_time() - t

    rng = random.Random(args.seed + 1)
    t = time.process_time()
    played = sum(len(playout(rng).move_stack) for _ in range(args.playouts))
    playout_time = time.process_time() - t

    print(json.dumps({
        "version": chess.__version__, "games": len(moves), "plies": plies,
        "read_plies_per_s": plies / read_time, "checked_plies_per_s": plies / checked_time,
        "playouts_per_s": args.playouts / playout_time,
        "playout_plies_per_s": played / playout_time,
        "pushpop_plies_per_s": plies / pushpop_time,
        "plies_per_playout": played / args.playouts}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
