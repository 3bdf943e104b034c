"""Property tests (Hypothesis): random 2–4 player games keep every invariant of RULES.md J
after every step, every step ``legal_steps`` lists applies, and an illegal step never
changes the state."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import keyharvest as kh
from keyharvest.errors import IllegalStep
from keyharvest.invariants import check
from keyharvest.rules import apply, legal_steps, push
from keyharvest.steps import Draw, EndTurn

from builders import snapshot

SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def chance(state: kh.State, rng: random.Random) -> Draw:
    return Draw(rng.choice(sorted(i for i in state.bag if state.can_draw(i))))


@SETTINGS
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1))
def test_J_random_games_keep_every_invariant(players: int, seed: int) -> None:
    rng = random.Random(seed)
    s = kh.random_game(players, rng, max_turns=120)
    assert check(s) == []
    while not s.is_over:
        if s.pending.kind == "chance":
            step = chance(s, rng)
        else:
            options = legal_steps(s)
            assert options, f"no legal step while waiting for {s.pending}"
            others = [x for x in options if not isinstance(x, EndTurn)]
            step = rng.choice(others) if others and rng.random() < 0.85 else rng.choice(options)
        push(s, step)
        broken = check(s)
        assert broken == [], f"after {step}: {broken}"


@SETTINGS
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1))
def test_every_listed_step_applies_and_illegal_steps_change_nothing(players: int,
                                                                   seed: int) -> None:
    rng = random.Random(seed)
    s = kh.random_game(players, rng, max_turns=40)
    while not s.is_over:
        if s.pending.kind == "chance":
            step = chance(s, rng)
        else:
            options = legal_steps(s)
            for option in rng.sample(options, min(6, len(options))):
                apply(s, option)  # raises if a listed step is not legal
            step = rng.choice(options)
            # a step by somebody who is not asked is refused and changes nothing
            if s.pending.player is not None and hasattr(step, "player"):
                other = next(c for c in s.colours if c != s.pending.player)
                wrong = type(step)(**{**{f: getattr(step, f) for f in step.__dataclass_fields__
                                         if f != "span"}, "player": other})
                before = snapshot(s)
                try:
                    push(s, wrong)
                except IllegalStep:
                    pass
                else:  # pragma: no cover - would be a bug
                    raise AssertionError(f"{wrong} accepted while waiting for {s.pending}")
                assert snapshot(s) == before
        push(s, step)
