"""Regenerate the example games in scenarios/games/ from fixed seeds.

    python scenarios/generate.py

Every example is a complete game of random bots (``keyharvest.play.bots.RandomBot``) on the
standard board, dealt and played from a fixed seed with a turn limit, written as a record
(``NAME.kh``) beside its final position (``NAME.final.toml``) and its itemised score
(``NAME.score.txt``). The first seed from ``SEED`` on whose game reaches the real end of the
game (the 10th event, then two rounds: RULES.md F.4) is used, so the output depends only on
the engine: rerun this script whenever the rules change, and commit what it writes.
tests/test_scenarios.py replays every record to the end and checks it against its files.
"""

from __future__ import annotations

import random
import sys
from itertools import count
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from keyharvest.formats.boardfile import standard_board
from keyharvest.formats.positions import dump_position
from keyharvest.formats.records import format_record, replay
from keyharvest.model.setup import deal
from keyharvest.play.bots import RandomBot
from keyharvest.play.selfplay import play_game
from keyharvest.rules.scoring import score

MAX_TURNS = 240
#: name -> (players in seating order, first seed to try)
GAMES = {
    "two-players": (("red", "green"), 2000),
    "three-players": (("yellow", "red", "green"), 3000),
    "four-players": (("brown", "green", "orange", "yellow"), 4000),
}


def score_text(state) -> str:
    """The itemised score, one line per item, then the winner (the golden file)."""
    sc = score(state)
    lines = []
    for ps in sc.players:
        for line in ps.lines:
            lines.append(f"{ps.player:<7} {line.rule:<4} {line.item:<16} {line.points:>3}  "
                         f"{line.detail}")
        lines.append(f"{ps.player:<7} total {ps.total}")
    winner = sc.winner or "draw between " + ", ".join(sc.winners)
    lines.append(f"winner: {winner} (decided by {sc.decided_by})")
    return "\n".join(lines) + "\n"


def generate(name: str, players: tuple[str, ...], first_seed: int, out: Path) -> int:
    board = standard_board()
    for seed in count(first_seed):
        rng = random.Random(seed)
        setup = deal(players, rng, board, max_turns=MAX_TURNS)
        bots = [RandomBot(random.Random(seed * 10 + i)) for i in range(len(players))]
        metadata = {
            "event": "keyharvest examples",
            "round": seed,
            "annotator": "scenarios/generate.py",
            "notes": f"random bots, seed {seed}; regenerate with python scenarios/generate.py",
        }
        record = play_game(setup, board, bots, rng, metadata)
        done = replay(record)
        if done.error is None and done.finished:
            break
    (out / f"{name}.kh").write_text(format_record(record), encoding="utf-8")
    (out / f"{name}.final.toml").write_text(dump_position(done.state), encoding="utf-8")
    (out / f"{name}.score.txt").write_text(score_text(done.state), encoding="utf-8")
    return seed


def main() -> None:
    out = HERE / "games"
    out.mkdir(exist_ok=True)
    for name, (players, seed) in GAMES.items():
        used = generate(name, players, seed, out)
        print(f"{name}: seed {used}")


if __name__ == "__main__":
    main()
