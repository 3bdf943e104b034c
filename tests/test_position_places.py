"""Every rejection of a position is at a place (issue 34, item 5): positions of
``scenarios/`` and positions of self-played games (``dump_position`` at a random step),
mutated line by line (a value swapped for another line's, an item of a list duplicated,
dropped or moved to another list, a number moved by one, a line dropped or doubled), are
checked as ``validate`` checks them, and no diagnostic of a rejected one lacks its
file:line:col (schema errors, and the broken invariants of RULES.md J alike).

The test runs a bounded number of inputs; ``python tests/test_position_places.py N`` runs N
(the issue's run: 100,000) and prints the counts.
"""

from __future__ import annotations

import random
import re
import sys
from collections import Counter
from pathlib import Path

from keyharvest.formats.positions import dump_position
from keyharvest.play.batch import Unit, UnitKind, check_unit
from keyharvest.play.replay import Point, PointKind, at_point
from keyharvest.play.selfplay import selfplay_game

ROOT = Path(__file__).resolve().parents[1]
#: Inputs of the bounded test (a few seconds).
COUNT = 600

_ASSIGN = re.compile(r"^(\s*[A-Za-z_][\w.]*\s*=\s*)(.*)$")
_ITEM = re.compile(r'"[^"]*"|\d+')


def bases(rng: random.Random, games: int = 6) -> list[str]:
    """The positions mutated: every position of ``scenarios/`` (those that load) and a
    self-played game's table at a random step, for ``games`` games."""
    out = []
    for path in sorted(ROOT.glob("scenarios/**/*.toml")):
        text = path.read_text(encoding="utf-8")
        if "[error]" not in text and "rule =" not in text.split("\n", 1)[0]:
            out.append(text)
    for i in range(games):
        record = selfplay_game(2 + i % 3, 2024, i)
        step = rng.randrange(len(record.steps) + 1)
        out.append(dump_position(at_point(record, Point(PointKind.STEP, step)).state))
    return out


def mutate(text: str, rng: random.Random) -> str:
    """``text`` with one to three lines changed."""
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        assigns = [i for i, line in enumerate(lines) if _ASSIGN.match(line)]
        if not assigns:
            break
        i = rng.choice(assigns)
        m = _ASSIGN.match(lines[i])
        assert m is not None
        key, value = m.groups()
        items = _ITEM.findall(value)
        other = _ASSIGN.match(lines[rng.choice(assigns)])
        assert other is not None
        others = _ITEM.findall(other.group(2))
        kind = rng.randrange(7)
        if kind == 0:  # another line's value
            lines[i] = key + other.group(2)
        elif kind == 1 and items:  # an item twice
            item = rng.choice(items)
            lines[i] = key + value.replace(item, f"{item}, {item}", 1) if value.startswith(
                "[") else key + value
        elif kind == 2 and items:  # an item dropped
            item = rng.choice(items)
            lines[i] = key + re.sub(re.escape(item) + r",?\s*", "", value, count=1)
        elif kind == 3 and others and value.startswith("["):  # another list's item too
            lines[i] = key + "[" + rng.choice(others) + (", " if value[1:2] != "]" else "") \
                + value[1:]
        elif kind == 4:  # a number moved by one
            lines[i] = key + re.sub(r"\d+", lambda n: str(max(0, int(n[0]) + rng.choice(
                (-1, 1)))), value, count=1)
        elif kind == 5:  # the line dropped
            lines[i] = ""
        else:  # the line twice, in another table
            j = rng.randrange(len(lines))
            lines.insert(j, lines[i])
    return "\n".join(lines)


def run(n: int, seed: int = 34) -> Counter[str]:
    """Check ``n`` mutated positions; the counts of what they came to (``unplaced``: the
    rejections with a diagnostic that has no line, which must be none)."""
    rng = random.Random(seed)
    sources = bases(rng)
    counts: Counter[str] = Counter()
    for k in range(n):
        text = mutate(rng.choice(sources), rng)
        [report] = check_unit(Unit("fuzz.toml", UnitKind.POSITION, text.encode("utf-8")))
        if report.ok:
            counts["accepted"] += 1
            continue
        counts["rejected"] += 1
        bad = [d for d in report.diagnostics if d.line is None or d.column is None]
        if bad:
            counts["unplaced"] += 1
            if counts["unplaced"] <= 5:
                print(f"input {k}: {bad[0].message!r}", file=sys.stderr)
        rules = {d.rule for d in report.diagnostics}
        if rules - {None}:
            counts["broken invariants or rules"] += 1
    return counts


def test_no_rejected_position_lacks_a_place() -> None:
    counts = run(COUNT)
    assert counts["rejected"] > COUNT // 4, counts  # the mutations do reject
    assert counts["broken invariants or rules"] > 20, counts  # not only schema errors
    assert counts["unplaced"] == 0, counts


def test_the_bases_are_sound_positions() -> None:
    """The unmutated positions are accepted: what the mutations break is theirs."""
    for text in bases(random.Random(1), games=3):
        [report] = check_unit(Unit("base.toml", UnitKind.POSITION, text.encode("utf-8")))
        assert report.ok, report.diagnostics


if __name__ == "__main__":
    print(dict(run(int(sys.argv[1]) if len(sys.argv) > 1 else COUNT)))
