"""Undo by journal (``State.begin``/``touch``/``undo``, what ``Game.push``/``pop`` use): every
change a step makes to the table is taken back, at every step of every golden scenario, of
the shipped games and of random games of 2, 3 and 4 players. A change the rules made
without ``state.touch`` first would show here as a table that ``pop`` does not restore."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest
from builders import snapshot

import keyharvest as kh
from keyharvest.errors import IllegalStep, KeyHarvestError
from keyharvest.formats.positions import read_position
from keyharvest.formats.records import load_records, read_source, replay
from keyharvest.model.state import State
from keyharvest.model.steps import EndTurn, Step
from keyharvest.notation import Names, Where
from keyharvest.notation.movetext import read_movetext
from keyharvest.play.bots import RandomBot

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def table(state: State) -> tuple:
    """Everything a step may change, the counters a refusal reads included (a deep copy: a
    frame's data holds its live lists)."""
    return (copy.deepcopy(snapshot(state)), state.steps, state.filled_at, state.drawn,
            state.hidden_removed)


def check_each_step_undone(start: State, steps: list[Step]) -> int:
    """Push each step, pop it and check the table is as before, push it again; at the end
    pop every step back to the start, checking each table on the way. The steps pushed."""
    game = kh.Game(start)
    tables = []
    for step in steps:
        before = table(game.state)
        try:
            game.push(step)
        except IllegalStep:
            assert table(game.state) == before  # refused: nothing changed, nothing kept
            break
        game.pop()
        assert table(game.state) == before, f"step {len(tables) + 1}: {step}"
        game.push(step)
        tables.append(before)
    pushed = len(tables)
    while tables:
        game.pop()
        assert table(game.state) == tables.pop()
    return pushed


def scenario_steps(path: Path) -> tuple[State, list[Step]]:
    """A golden scenario's start and steps (its implied passes included)."""
    text = read_source(path)
    if path.suffix == ".steps":
        start = read_position(path.with_suffix(".start.toml")).state
        moves = read_movetext(text, Names(Where(path.name, 0), start.colours, start.board))
        return start, list(moves.steps)
    (record,) = load_records(text, path.name)
    done = replay(record, upto=0)
    steps = list(record.steps)
    for at, step in reversed(replay(record).implied):
        steps.insert(at, step)
    return done.state, steps


FILES = sorted([*(SCENARIOS / "rules").glob("*.kh"), *(SCENARIOS / "rules").glob("*.steps")])


def test_every_step_of_every_golden_scenario_is_undone() -> None:
    pushed = 0
    for path in FILES:
        try:
            start, steps = scenario_steps(path)
        except KeyHarvestError:  # a scenario of a notation error: no step to push
            continue
        pushed += check_each_step_undone(start, steps)
    assert pushed > 1200, pushed  # the scenarios reach every event and ability


def test_every_step_of_the_shipped_games_is_undone() -> None:
    pushed = 0
    for path in sorted((SCENARIOS / "games").glob("*.kh")):
        for record in load_records(read_source(path), path.name):
            start = replay(record, upto=0).state
            steps = list(record.steps)
            for at, step in reversed(replay(record).implied):
                steps.insert(at, step)
            pushed += check_each_step_undone(start, steps)
    assert pushed > 1000, pushed


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_step_of_random_games_is_undone(players: int) -> None:
    for seed in range(4):
        state = kh.random_game(players, seed=seed, max_turns=400)
        bot = RandomBot(random.Random(seed))
        probe = state.copy()
        steps = []
        while probe.result is None:
            step = bot.choose(probe)
            kh.rules.advance(probe, step)
            steps.append(step)
        assert check_each_step_undone(state, steps) == len(steps)


def test_a_state_without_an_undo_kept_keeps_nothing() -> None:
    state = kh.random_game(2, seed=1)
    assert state.undoing is None
    undo = state.begin()
    kh.rules.advance(state, kh.rules.representative_steps(state)[0])
    state.end()
    assert state.undoing is None
    assert undo.journal  # the step's changes (container, contents), each container once
    parts = undo.journal[::2]
    assert len({id(part) for part in parts}) == len(parts) == len(undo.journal) // 2
    assert all(type(kept) is type(part) and kept is not part
               for part, kept in zip(parts, undo.journal[1::2]))


def test_is_legal_takes_its_trial_back_even_inside_a_kept_undo() -> None:
    """``is_legal`` applies the step in place and undoes it: the table is as before, for
    legal and illegal steps, and a caller's own undo being kept is left as it was."""
    state = kh.random_game(3, seed=2, max_turns=400)
    bot = RandomBot(random.Random(2))
    game = kh.Game(state)
    checked = 0
    while not game.is_terminal() and checked < 3000:
        before = table(game.state)
        for step in game.legal_steps()[:12]:
            assert kh.rules.is_legal(game.state, step)
            checked += 1
        assert not kh.rules.is_legal(game.state, EndTurn("nobody"))
        assert table(game.state) == before
        outer = game.state.begin()
        assert kh.rules.is_legal(game.state, game.representative_steps()[0])
        assert game.state.undoing is outer
        game.state.end()
        game.push(bot.choose(game.state))
    assert checked >= 2000
