"""Is the search's advice stable? (issue 46, item 3: "advice a player can trust").

Over a set of positions (decisions of the shipped games, and of greedy self-play games),
``hint`` is asked three times with three seeds at ``--budget`` (by default the advice's,
``search.ADVICE_BUDGET``: about a second a decision), and once at ``--scale`` times that
budget, and the answers are compared:

* **seeds agree (strict)**: the most visited step is the same for the three seeds;
* **seeds agree (honest)**: each seed's most visited step is among the steps every other
  seed calls about equal to its own (``advice.Hint.equal``): where the search says "these
  are about equal", another seed picking another of them is no disagreement;
* **10x agrees (strict / honest)**: the larger search's most visited step is the first
  seed's (strict), or among the first seed's about-equal steps (honest);
* **about equal**: the positions where the first seed's hint names no one best;
* **outside the noise**: over every step two seeds both tried, the share of those pairs
  whose mean values differ by more than the noise of that difference (the test
  ``about_equal`` makes): some 5% if the noise is the search's own (a 95% interval),
  much less if it is wider than the values' spread from seed to seed (then "about equal"
  is said too often), much more if narrower;
* **analyse agrees (strict / honest)**: the best step of ``analyse``'s row for the
  decision (``advice.weigh``, seed 1, at ``--budget``: its search also looks at the step
  the record played there) is the first seed's most visited step (strict), or among its
  about-equal steps (honest).

``python benchmarks/stability.py --positions 30 --scale 10`` is the issue's measure (a long
run: 30 x 14,000 simulations; ``--budget 250`` measures the bots' budget,
``search.DEFAULT_BUDGET``); ``--positions`` and ``--budget`` bound it.
``--jobs`` spreads the positions over processes (the same figures whatever it is). A line
of JSON per position, then the summary.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from keyharvest.formats.records import Record, load_records
from keyharvest.notation import format_step
from keyharvest.play.advice import decisions, hint, weigh
from keyharvest.play.search import ADVICE_BUDGET, about_equal
from keyharvest.play.selfplay import selfplay_game

GAMES = Path(__file__).resolve().parent.parent / "scenarios" / "games"
SEEDS = (1, 2, 3)


def positions(count: int) -> list[tuple[str, Record, int]]:
    """``count`` decisions, spread evenly over each game: half from the shipped games (2,
    3 and 4 players), half from greedy self-play (seed 46, 2 to 4 players), as (name,
    record, --to)."""
    games = [(path.name, load_records(path.read_text())[0])
             for path in sorted(GAMES.glob("*.kh"))]
    games += [(f"greedy-{n}p", selfplay_game(n, 46, n, bot="greedy")) for n in (2, 3, 4)]
    out: list[tuple[str, Record, int]] = []
    for g, (name, record) in enumerate(games):
        todo = decisions(record)
        want = count // len(games) + (g < count % len(games))
        for k in range(want):
            index = todo[(k * len(todo)) // max(1, want) + len(todo) // (2 * max(1, want))][0]
            out.append((name, record, index))
    return out


def measure(task: tuple[str, Record, int, int, int]) -> dict[str, Any]:
    """The figures of one position (see the module's text)."""
    from keyharvest.formats.records import replay

    name, record, to, budget, scale = task
    todo = {index: (before, step) for index, before, step in decisions(record)}
    rep = replay(record, each=True)
    assert rep.states is not None
    state = rep.states[to]
    start = time.process_time()
    hints = [hint(state, budget=budget, seed=seed) for seed in SEEDS]
    seconds = (time.process_time() - start) / len(SEEDS)
    large = hint(state, budget=budget * scale, seed=SEEDS[0])
    before, played = todo[to]
    weighed = weigh(to, before, played, budget=budget, seed=SEEDS[0])
    tops = [h.found[0].step for h in hints]
    groups = [{s.step for s in h.found[:h.equal]} for h in hints]
    pairs = outside = 0
    for i, a in enumerate(hints):
        seen = {s.step: s for s in a.found}
        for b in hints[i + 1:]:
            for other in b.found:
                mine = seen.get(other.step)
                if mine is not None:
                    pairs += 1
                    outside += not about_equal(mine, other)
    return {"game": name, "to": to, "player": hints[0].player,
            "tops": [format_step(t) for t in tops], "equal": [h.equal for h in hints],
            "large_top": format_step(large.found[0].step), "large_equal": large.equal,
            "seeds_strict": len(set(tops)) == 1,
            "seeds_honest": all(t in g for t in tops for g in groups),
            "large_strict": large.found[0].step == tops[0],
            "large_honest": large.found[0].step in groups[0],
            "pairs": pairs, "outside": outside,
            "analyse_best": format_step(weighed.best.step),
            "analyse_strict": weighed.best.step == tops[0],
            "analyse_honest": weighed.best.step in groups[0],
            "cpu_seconds_a_hint": round(seconds, 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--budget", type=int, default=ADVICE_BUDGET)
    parser.add_argument("--scale", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    tasks = [(name, record, to, args.budget, args.scale)
             for name, record, to in positions(args.positions)]
    if args.jobs == 1:
        rows = map(measure, tasks)
    else:
        from keyharvest.play.pool import ordered_map

        rows = ordered_map(measure, tasks, args.jobs)
    done = []
    for row in rows:
        done.append(row)
        print(json.dumps(row), flush=True)
    n = len(done)
    summary = {"type": "summary", "positions": n, "budget": args.budget,
               "scale": args.scale,
               **{key: round(sum(r[key] for r in done) / n, 3)
                  for key in ("seeds_strict", "seeds_honest", "large_strict",
                              "large_honest", "analyse_strict", "analyse_honest")},
               "about_equal": round(sum(r["equal"][0] > 1 for r in done) / n, 3),
               "outside_the_noise": round(sum(r["outside"] for r in done)
                                          / max(1, sum(r["pairs"] for r in done)), 3),
               "cpu_seconds_a_hint": round(sum(r["cpu_seconds_a_hint"] for r in done) / n,
                                           2)}
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
