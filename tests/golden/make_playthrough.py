"""Regenerate the playthrough golden: ``python tests/golden/make_playthrough.py``.

Sixty self-play games (2, 3 and 4 players; random and greedy bots; ten seeds each) are
played through the library, and for every game one line is written: who played, the
SHA-256 of its canonical record text, of the TOML position it ends in, of the position
half-way and the legal steps listed there, and its score (totals, winner, deciding
rule). Any change of behaviour of the engine, the bots, the record writer or the
position writer changes a line, so the file guards every refactoring and speed change
against a silent change of play (OpenSpiel's "playthroughs").
``tests/test_playthrough.py`` compares it; change it only with a rules change, in its
own commit that says why.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
GOLDEN = HERE / "playthrough.txt"

#: (players, bot, games): 10 games each; greedy games are shorter (a lower turn limit)
#: because the greedy bot looks one step ahead and is slow.
PLAN = [(n, bot, 10) for n in (2, 3, 4) for bot in ("random", "greedy")]
SEED = 20261201
GREEDY_MAX_TURNS = 60


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def lines() -> list[str]:
    import keyharvest as kh
    from keyharvest.play.selfplay import selfplay_game
    from keyharvest.rules import representative_steps

    out = []
    for n, bot, games in PLAN:
        for index in range(games):
            kwargs = {"max_turns": GREEDY_MAX_TURNS} if bot == "greedy" else {}
            record = selfplay_game(n, SEED + n, index, bot, **kwargs)
            text = kh.format_record(record)
            replayed = kh.replay(record)
            assert replayed.error is None, replayed.error
            state = replayed.state
            position = kh.dump_position(state)
            middle = kh.replay(record, upto=len(record.steps) // 2).state
            legal = "\n".join(kh.format_step(s) for s in representative_steps(middle))
            legal += "\n" + kh.dump_position(middle)
            result = kh.score(state)
            totals = ",".join(f"{p.player}={p.total}" for p in result.players)
            out.append(
                f"{n}p {bot:6} #{index:<2} steps={len(record.steps):<4} "
                f"record={_sha(text)} position={_sha(position)} legal={_sha(legal)} "
                f"{state.result} {totals} winner={result.winner} by={result.decided_by}"
            )
    return out


def main() -> None:
    GOLDEN.write_text("\n".join(lines()) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN.relative_to(ROOT)}")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
