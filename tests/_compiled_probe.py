"""Run by tests/test_compiled.py with the pure and with the compiled install, from a copy
of scenarios/ (the working directory): every record of games/ and rules/ stepped through
the engine one step at a time, games between the bots, and games played by integer
actions with undo (``kh.Game``), printing what the engine says at each step (and, every 25
steps, what each player may know: ``rules.view``). The two
outputs must be the same bytes. Not a test module itself."""

from __future__ import annotations

import glob
import random
import sys

import keyharvest as kh
from keyharvest.formats.positions import observation_json
from keyharvest.formats.records import load_records
from keyharvest.play.bots import GreedyBot, RandomBot
from keyharvest.rules import apply, representative_steps
from keyharvest.rules.view import observe, sample_state


def step_through(path: str, full: bool) -> None:
    """Each step of the records of ``path``: the stack, what is pending, the listing (in
    full, or its size), then ``apply`` (which copies the state, frames and all) or its
    refusal; at the end the position, the score and the invariants."""
    board = kh.standard_board()
    with open(path, encoding="utf-8") as f:
        try:
            records = load_records(f.read(), path)
        except kh.KeyHarvestError as err:  # a scenario of a refused setup
            print("unreadable", path, type(err).__name__, str(err))
            return
    for rec in records:
        state = kh.new_game(rec.setup, board)
        for i, step in enumerate(rec.steps):
            listed = representative_steps(state)
            print(i, repr(state.stack), state.pending.describe(),
                  [str(s) for s in listed] if full else len(listed))
            try:
                state = apply(state, step)
            except kh.IllegalStep as err:
                print("refused", str(step), err.rule, err.message)
                break
        print(kh.dump_position(state, "standard"))
        print(repr(kh.score(state)))
        print(repr(kh.check(state, complete=True)))


def bot_games() -> None:
    """Whole games of random and greedy bots, through the public ``apply`` (which copies)
    and through the bots' own use of the engine."""
    for players, seed, greedy in ((2, 1, True), (3, 2, False), (4, 3, True), (2, 4, False)):
        state = kh.random_game(players, seed, max_turns=40)
        bots = [(GreedyBot if greedy and i % 2 == 0 else RandomBot)(random.Random(seed * 10 + i))
                for i in range(players)]
        n = 0
        while not state.is_over:
            pending = state.pending
            who = 0 if pending.player is None else state.index(pending.player)
            step = bots[who].choose(state)
            print(n, str(step))
            if n % 25 == 0:
                views(state, n)
            state = apply(state, step)
            n += 1
        print(kh.dump_position(state, "standard"))
        print(repr(kh.score(state)))
        views(state, n)


def views(state: kh.State, n: int) -> None:
    """What each player may know of ``state`` (``rules.view``): the observation, its
    tensor, a state drawn consistently with it."""
    for seat in range(len(state.players)):
        seen = observe(state, seat)
        print(observation_json(seen))
        print(seen.tensor())
        drawn = sample_state(seen, random.Random(n * 10 + seat))
        print(kh.dump_position(drawn, "standard"), sorted(drawn.bag), drawn.removed)


def games_by_actions() -> None:
    """Games played by integer actions (``kh.Game``: the picks listed as needed, the undo
    journal): the actions legal at each pick, each step popped and pushed again (the table
    printed after the pop every tenth step), and at the end every step popped back to the
    start."""
    for players, seed in ((2, 5), (3, 6), (4, 7)):
        game = kh.Game(kh.random_game(players, seed, max_turns=40))
        rng = random.Random(seed)
        n = 0
        while not game.is_terminal():
            if game.is_chance_node():
                items, weights = zip(*game.chance_actions())
                action = rng.choices(items, weights)[0]
            else:
                legal = game.legal_actions()
                print(n, game.picks(), legal)
                action = rng.choice(legal)
            pushed = len(game.step_stack())
            game.apply_action(action)
            if len(game.step_stack()) > pushed:
                step = game.pop()
                print(str(step), game.state.steps)
                if n % 10 == 0:
                    print(kh.dump_position(game.state, "standard"))
                game.push(step)
            n += 1
        print(game.serialize())
        while game.step_stack():
            game.pop()
        print(kh.dump_position(game.state, "standard"))


def main() -> None:
    for path in sorted(glob.glob("games/*.kh")):
        step_through(path, full=False)
    for path in sorted(glob.glob("rules/*.kh")):
        step_through(path, full=True)
    bot_games()
    games_by_actions()
    sys.stdout.flush()


if __name__ == "__main__":
    main()
