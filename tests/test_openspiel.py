"""Key Harvest as an OpenSpiel game (``keyharvest.openspiel``, the extra
``keyharvest[openspiel]``): OpenSpiel's own consistency test for 2, 3 and 4 players; the
adapter and the native API agree state by state; OpenSpiel's MCTS and information-set
MCTS bots play it to the end, and the games they play validate as records. Skipped when
pyspiel is not installed, unless ``KEYHARVEST_REQUIRE_OPENSPIEL=1`` (set in CI), which
makes its absence a failure."""

from __future__ import annotations

import collections
import random
from pathlib import Path
from typing import Any

import pytest
from cli_util import extra
from cli_util import kh as run_kh

import keyharvest as kh
from keyharvest.formats.records import format_record


def _pyspiel() -> Any:
    pyspiel = extra("pyspiel", "KEYHARVEST_REQUIRE_OPENSPIEL",
                    "pip install 'keyharvest[openspiel]'")
    import keyharvest.openspiel  # noqa: F401  (registers the game)

    return pyspiel


@pytest.fixture(scope="module")
def pyspiel() -> Any:
    return _pyspiel()


def _play_randomly(state: Any, rng: random.Random, limit: int | None = None) -> None:
    """Random legal actions, chance by its probabilities, to the end (or ``limit``)."""
    done = 0
    while not state.is_terminal() and (limit is None or done < limit):
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        done += 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_openspiels_random_simulation_test(pyspiel: Any, players: int) -> None:
    game = pyspiel.load_game("python_key_harvest", {"players": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_the_game_and_its_parameters(pyspiel: Any) -> None:
    import keyharvest.openspiel as kos

    game = pyspiel.load_game("python_key_harvest(players=3,max_turns=50)")
    assert game.num_players() == 3 and game.num_distinct_actions() == kh.NUM_ACTIONS
    assert game.max_chance_outcomes() == 1000 and game.max_game_length() == 50 * 600
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    with pytest.raises(ValueError, match="B.1"):
        kos.KeyHarvestGame({"players": 5})
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 1000
    assert str(state) == "Key Harvest, 3 players: before the deal"


@pytest.mark.parametrize("players, deal", [(2, 4), (3, 9), (4, 2)])
def test_the_adapter_and_the_native_api_agree_at_every_state(pyspiel: Any, players: int,
                                                              deal: int) -> None:
    game = pyspiel.load_game("python_key_harvest", {"players": players, "max_turns": 400})
    state = game.new_initial_state()
    state.apply_action(deal)
    native = kh.random_game(players, seed=deal, max_turns=400)
    rng = random.Random(deal)
    n = 0
    while True:
        assert state.current_player() == native.current_player()
        if native.current_player() == kh.TERMINAL:
            break
        if native.current_player() == kh.CHANCE:
            exact = kh.chance_outcomes(native)
            got = state.chance_outcomes()
            assert [a for a, _ in got] == kh.legal_actions(native)  # sorted, as OpenSpiel's
            assert sorted(p for _, p in got) == sorted(float(p) for _, p in exact)
            assert abs(sum(p for _, p in got) - 1) < 1e-9
            action = rng.choices([a for a, _ in got], [p for _, p in got])[0]
        else:
            assert state.legal_actions() == kh.legal_actions(native)
            action = rng.choice(kh.legal_actions(native))
            assert state.action_to_string(action) == kh.action_to_string(native, action)
        if n % 40 == 0:  # a player's view, as the native API gives it
            for p in range(players):
                view = kh.observe(native, p)
                assert state.observation_string(p) == view.to_json()
                assert state.observation_tensor(p) == pytest.approx(view.tensor())
        state.apply_action(action)
        kh.apply_action(native, action)
        n += 1
    assert state.returns() == kh.returns(native) and state.is_terminal()
    assert [s.text() for s in state.steps] == [s.text() for s in kh.step_stack(native)]


def test_serialization_round_trips_and_clones_are_independent(pyspiel: Any) -> None:
    game = pyspiel.load_game("python_key_harvest", {"players": 3})
    state = game.new_initial_state()
    _play_randomly(state, random.Random(5), limit=301)
    text = pyspiel.serialize_game_and_state(game, state)
    again_game, again = pyspiel.deserialize_game_and_state(text)
    assert again_game.num_players() == 3
    assert again.history() == state.history() and str(again) == str(state)
    assert again.legal_actions() == state.legal_actions()
    assert [again.information_state_string(p) for p in range(3)] == [
        state.information_state_string(p) for p in range(3)]
    clone = state.clone()
    before = (state.history(), str(state), state.observation_string(0))
    _play_randomly(clone, random.Random(6), limit=50)
    assert (state.history(), str(state), state.observation_string(0)) == before
    assert len(clone.history()) == len(state.history()) + 50


def test_the_information_state_is_what_the_player_may_know(pyspiel: Any) -> None:
    game = pyspiel.load_game("python_key_harvest", {"players": 4})
    state = game.new_initial_state()
    _play_randomly(state, random.Random(8), limit=12)
    while state.is_chance_node():
        _play_randomly(state, random.Random(9), limit=1)
    me = state.current_player()
    others_screens = set()
    for _ in range(6):
        world = state.resample_from_infostate(me, pyspiel.UniformProbabilitySampler(0., 1.))
        # the player cannot tell the world from the real one
        assert world.information_state_string(me) == state.information_state_string(me)
        assert world.observation_string(me) == state.observation_string(me)
        assert world.legal_actions() == state.legal_actions()
        others_screens.add(tuple(tuple(world.table.players[p].screen)
                                 for p in range(4) if p != me))
    assert len(others_screens) > 1  # the hidden crops are drawn, not copied


def _bot_game(pyspiel: Any, players: int, make_bot: Any, seed: int, max_turns: int
              ) -> Any:
    import numpy as np

    game = pyspiel.load_game("python_key_harvest",
                             {"players": players, "max_turns": max_turns})
    rng = np.random.RandomState(seed)
    bot = make_bot(game, rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=weights)))
        elif state.current_player() == 0:
            state.apply_action(int(bot.step(state)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def _validates(state: Any, tmp_path: Path) -> None:
    path = tmp_path / "played.kh"
    path.write_text(format_record(state.record()), encoding="utf-8")
    r = run_kh("validate", path, "-f", "json")
    assert r.code == 0, r
    assert r.summary()["ok"] == 1


def test_openspiels_mcts_bot_plays_to_the_end(pyspiel: Any, tmp_path: Path) -> None:
    from open_spiel.python.algorithms import mcts

    def make(game: Any, rng: Any) -> Any:
        return mcts.MCTSBot(game, uct_c=2.0, max_simulations=4,
                            evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)

    state = _bot_game(pyspiel, 2, make, seed=1, max_turns=10)
    assert state.is_terminal() and state.table.result is not None
    _validates(state, tmp_path)


def test_openspiels_information_set_mcts_bot_plays_to_the_end(pyspiel: Any,
                                                              tmp_path: Path) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    def make(game: Any, rng: Any) -> Any:
        return ismcts.ISMCTSBot(game=game, evaluator=mcts.RandomRolloutEvaluator(1, rng),
                                uct_c=2.0, max_simulations=3, random_state=rng)

    state = _bot_game(pyspiel, 3, make, seed=2, max_turns=8)
    assert state.is_terminal()
    _validates(state, tmp_path)


def test_games_stay_far_within_the_declared_length(pyspiel: Any) -> None:
    import keyharvest.openspiel as kos

    worst = 0
    for i in range(6):
        game = pyspiel.load_game("python_key_harvest", {"players": 2 + i % 3})
        state = game.new_initial_state()
        per_turn: collections.Counter[int] = collections.Counter()
        rng = random.Random(i)
        state.apply_action(i)
        while not state.is_terminal():
            per_turn[state.table.turn.number] += 1
            _play_randomly(state, rng, limit=1)
        assert len(state.history()) <= game.max_game_length()
        worst = max(worst, max(per_turn.values()))
    assert worst * 2 < kos.ACTIONS_PER_TURN, worst
