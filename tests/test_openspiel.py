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
from keyharvest.formats.positions import observation_json
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


def _answer(method: Any, *args: Any) -> Any:
    """What ``method(*args)`` returns, or the type and text of the error it raises."""
    try:
        return method(*args)
    except Exception as error:  # noqa: BLE001  (compared, not swallowed)
        return type(error), str(error)


@pytest.mark.parametrize("players, deal", [(2, 4), (3, 9), (4, 2)])
def test_the_adapter_and_the_native_api_agree_at_every_state(pyspiel: Any, players: int,
                                                              deal: int) -> None:
    game = pyspiel.load_game("python_key_harvest", {"players": players, "max_turns": 400})
    state = game.new_initial_state()
    base = pyspiel.State  # its own methods, answering through the adapter's callbacks
    for who in (None, kh.CHANCE, *range(players)):  # before the deal
        args = () if who is None else (who,)
        assert _answer(state.legal_actions, *args) == \
            _answer(base.legal_actions, state, *args), who
    assert state.is_chance_node() and base.is_chance_node(state)
    state.apply_action(deal)
    native = kh.Game(kh.random_game(players, seed=deal, max_turns=400))
    rng = random.Random(deal)
    n = 0
    while True:
        assert state.current_player() == native.current_player()
        # the adapter's legal_actions and is_chance_node answer as pyspiel's own do
        assert state.is_chance_node() == base.is_chance_node(state)
        for who in (None, kh.CHANCE, *range(players)):
            args = () if who is None else (who,)
            assert _answer(state.legal_actions, *args) == \
                _answer(base.legal_actions, state, *args), who
        if native.current_player() == kh.TERMINAL:
            break
        if native.current_player() == kh.CHANCE:
            exact = native.chance_outcomes()
            got = state.chance_outcomes()
            assert [a for a, _ in got] == native.legal_actions()  # sorted, as OpenSpiel's
            assert sorted(p for _, p in got) == sorted(float(p) for _, p in exact)
            assert abs(sum(p for _, p in got) - 1) < 1e-9
            action = rng.choices([a for a, _ in got], [p for _, p in got])[0]
        else:
            assert state.legal_actions() == native.legal_actions()
            action = rng.choice(native.legal_actions())
            assert state.action_to_string(action) == native.action_to_string(action)
        if n % 40 == 0:  # a player's view, as the native API gives it
            for p in range(players):
                view = native.observation(p)
                assert state.observation_string(p) == observation_json(view)
                assert state.observation_tensor(p) == pytest.approx(view.tensor())
        state.apply_action(action)
        native.apply_action(action)
        n += 1
    assert state.returns() == native.returns() and state.is_terminal()
    assert [s.text() for s in state.steps] == [s.text() for s in native.step_stack()]
    assert state.serialize() == "\n".join(map(str, [deal, *native.history()]))


def test_serialization_round_trips_and_clones_are_independent(pyspiel: Any) -> None:
    game = pyspiel.load_game("python_key_harvest", {"players": 3})
    state = game.new_initial_state()
    _play_randomly(state, random.Random(5), limit=301)
    text = state.serialize()
    assert text == "\n".join(map(str, state.history()))  # the history, nothing else
    again = game.deserialize_state(text)
    assert again.history() == state.history() and str(again) == str(state)
    assert again.legal_actions() == state.legal_actions()
    assert [again.information_state_string(p) for p in range(3)] == [
        state.information_state_string(p) for p in range(3)]
    clone = state.clone()
    before = (state.history(), str(state), state.observation_string(0))
    _play_randomly(clone, random.Random(6), limit=50)
    assert (state.history(), str(state), state.observation_string(0)) == before
    assert len(clone.history()) == len(state.history()) + 50


def _evil_pickle() -> str:
    import base64
    import os
    import pickle

    class Evil:
        def __reduce__(self) -> Any:
            return (os.system, ("echo ran > ran.txt",))

    return base64.b64encode(pickle.dumps(Evil())).decode()


def test_a_crafted_state_string_is_refused_and_nothing_runs(
        pyspiel: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``game.deserialize_state`` reads a history of actions and applies each, checked: a
    pickle (OpenSpiel's ``__dict__=`` part for Python states, crafted to run a command),
    a word, an action out of range or an illegal one is a clear error, and nothing runs."""
    monkeypatch.chdir(tmp_path)
    game = pyspiel.load_game("python_key_harvest", {"players": 3})
    state = game.new_initial_state()
    _play_randomly(state, random.Random(5), limit=20)
    good = state.serialize()
    evil = _evil_pickle()
    crafted = [
        (f"{good}\n__dict__={evil}", "line 21 is '__dict__="),
        (evil, "line 1 is"),
        (pyspiel.serialize_game_and_state(game, state), "line 1 is '# Automatically"),
        ("3\n116", "line 2 is '116'"),
        ("1000", "line 1 is '1000'"),
        ("3\n-5", "line 2 is '-5'"),
    ]
    for text, message in crafted:
        with pytest.raises(ValueError, match=message):
            game.deserialize_state(text)
    with pytest.raises(kh.IllegalStep):
        game.deserialize_state("3\n0")  # "done" begins no step of green's turn
    assert not (tmp_path / "ran.txt").exists()


def test_resample_works_for_any_player_mid_step(pyspiel: Any) -> None:
    """In the middle of a step chosen by picks, a world for any player (the mover or not)
    keeps the picks legal and the information state (the issue's ``IllegalStep`` came from
    replaying the mover's picks onto a world where they were not legal)."""
    game = pyspiel.load_game("python_key_harvest", {"players": 3})
    sampler = pyspiel.UniformProbabilitySampler(0., 1.)
    rng = random.Random(3)
    checked = 0
    for deal in range(3):
        state = game.new_initial_state()
        state.apply_action(deal)
        while not state.is_terminal() and checked < 60 * (deal + 1):
            if state.game.picks():  # in the middle of a step
                for p in range(3):
                    world = state.resample_from_infostate(p, sampler)
                    assert world.information_state_string(p) == \
                        state.information_state_string(p)
                    assert world.game.picks() == state.game.picks()
                    checked += 1
            _play_randomly(state, rng, limit=1)
    assert checked >= 60


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
        others_screens.add(tuple(tuple(world.game.state.players[p].screen)
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
    assert state.is_terminal() and state.game.state.result is not None
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
            per_turn[state.game.state.turn.number] += 1
            _play_randomly(state, rng, limit=1)
        assert len(state.history()) <= game.max_game_length()
        worst = max(worst, max(per_turn.values()))
    assert worst * 2 < kos.ACTIONS_PER_TURN, worst
