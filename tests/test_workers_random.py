"""Random play that reaches every worker's ability (RULES.md D.3–D.4): from crowded boards,
a bot that prefers playing townsfolk and using abilities. After every step the invariants
of J hold, and at every decision the steps ``legal_steps`` lists apply."""

from __future__ import annotations

import random
from collections import Counter

from builders import table

from keyharvest.model.catalogue import TOWNSFOLK, WORKERS
from keyharvest.model.state import State
from keyharvest.model.steps import Buy, Draw, EndTurn, Offer, Pass, Play, Remove, Step
from keyharvest.rules import advance, apply, representative_steps
from keyharvest.rules.invariants import check


def crowded(max_turns: int) -> State:
    """Big holdings for red and green (room for 4s and 5s), lonely tiles for blue."""
    return table({"red": dict(tiles="A1 A2 A3 A4 A5 A6 B2 B3 B4 B5 B6 C2 C3 C4 C5",
                              harvested="A2 A5 B3 C4", crops="hops wine wheat apples"),
                  "green": dict(tiles="G1 G2 G3 G4 G5 G6 F2 F3 F4 F5 F6 E2 E3 E4 A8 C8",
                                harvested="G2 F5 E3", crops="wheat wheat vegetables"),
                  "blue": dict(tiles="D9 B9 E8 G8", crops="hops")},
                 registry="D2 D3 D4 D5 D6 D7", max_turns=max_turns)


def choose(s: State, options: list[Step], rng: random.Random) -> Step:
    if s.pending.kind == "turn":
        plays = [o for o in options if isinstance(o, Play)]
        townsfolk = [o for o in plays if o.worker in TOWNSFOLK]
        if townsfolk:
            return rng.choice(townsfolk)
        if plays and rng.random() < 0.3:
            return rng.choice(plays)
        grow = [o for o in options if isinstance(o, (Buy, Offer))]
        if grow and rng.random() < 0.8:
            return rng.choice(grow)
        others = [o for o in options if not isinstance(o, (EndTurn, Remove))]
        if others and rng.random() < 0.7:
            return rng.choice(others)
        return rng.choice(options)
    uses = [o for o in options if not isinstance(o, Pass)]
    return rng.choice(uses) if uses and rng.random() < 0.9 else rng.choice(options)


def play(seed: int) -> Counter[str]:
    """One game from the crowded table; the workers whose ability (or choice) was used."""
    rng = random.Random(seed)
    s = crowded(max_turns=60)
    used: Counter[str] = Counter()
    while not s.is_over:
        if s.pending.kind == "chance":
            step: Step = Draw(rng.choice(sorted(i for i in s.bag if s.can_draw(i))))
        else:
            options = representative_steps(s)
            assert options, f"no legal step while waiting for {s.pending}"
            for option in rng.sample(options, min(8, len(options))):
                apply(s, option)  # raises if a listed step is not legal
            step = choose(s, options, rng)
            if s.pending.kind in ("ability", "choice") and not isinstance(step, Pass):
                used[s.pending.worker or ""] += 1
        advance(s, step)
        broken = check(s)
        assert broken == [], f"after {step}: {broken}"
    return used


def test_D3_D4_random_play_uses_every_ability_and_keeps_the_invariants():
    used: Counter[str] = Counter()
    for seed in range(14):
        used.update(play(seed))
    assert set(WORKERS) <= set(used), f"never used: {sorted(set(WORKERS) - set(used))}"
