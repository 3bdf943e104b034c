"""The random bot: legal, uniform over what the rules list, deterministic from its seed."""

from __future__ import annotations

import random
from collections import Counter

from keyharvest.boardfile import standard_board
from keyharvest.bots import RandomBot, play_game, random_draw
from keyharvest.records import replay
from keyharvest.rules import is_legal, legal_steps
from keyharvest.setup import deal, new_game
from keyharvest.steps import Draw, EndTurn

BOARD = standard_board()


def test_the_bot_chooses_legal_steps_and_draws() -> None:
    rng = random.Random(3)
    s = new_game(deal(("red", "green"), rng, BOARD, 50), BOARD)
    bot = RandomBot(random.Random(4))
    from keyharvest.rules import push

    for _ in range(300):
        if s.is_over:
            break
        step = bot.choose(s)
        if s.pending.kind == "chance":
            assert isinstance(step, Draw) and s.can_draw(step.item)
        else:
            assert step in legal_steps(s)
        assert is_legal(s, step)
        push(s, step)


def test_draws_are_uniform_over_the_bag() -> None:
    rng = random.Random(1)
    s = new_game(deal(("red", "green"), rng, BOARD), BOARD)
    s.stack[-1]  # a turn is pending; draws are still defined on the bag
    got = Counter(random_draw(s, rng).item for _ in range(6000))
    assert set(got) == {i for i in s.bag if s.can_draw(i)}
    assert max(got.values()) < 3 * min(got.values())


def test_the_end_bias_ends_turns_early() -> None:
    rng = random.Random(2)
    s = new_game(deal(("red", "green"), rng, BOARD), BOARD)
    always = RandomBot(random.Random(0), end_bias=1.0)
    assert isinstance(always.choose(s), EndTurn)


def test_play_game_writes_a_record_that_replays_to_the_end() -> None:
    rng = random.Random(9)
    setup = deal(("red", "green", "yellow", "brown"), rng, BOARD, max_turns=150)
    record = play_game(setup, BOARD, {c: RandomBot(random.Random(i))
                                      for i, c in enumerate(setup.players)}, rng, {"round": 1})
    done = replay(record)
    assert done.ok and done.state.is_over
    assert record.metadata == {"round": 1}
