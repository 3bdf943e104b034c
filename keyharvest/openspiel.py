"""Key Harvest as an OpenSpiel game (the extra ``keyharvest[openspiel]``).

Importing this module registers ``python_key_harvest`` with ``pyspiel.register_game``, so
that ``pyspiel.load_game("python_key_harvest", {"players": 3})`` gives it to every
OpenSpiel algorithm. The core never imports it (nor pyspiel). It is a thin adapter: every
rule is the engine's, through the game-for-programs API (docs/api.md):

- **parameters**: ``players`` (2-4, default 2), ``max_turns`` (the technical turn limit
  of RULES.md I.10, default 400: random play can stall a game, and an OpenSpiel game must
  be finite) and ``deals`` (default 1,000: see the deal).
- **the deal** is the first chance node: ``deals`` outcomes, equally likely; outcome ``i``
  deals the game ``keyharvest.random_game(players, seed=i)`` deals (B.1-B.8). So the game
  has ``deals`` different starts, each one a real deal; the players see of it what I.27
  lets them see.
- **actions** are the engine's integer actions (``NUM_ACTIONS`` = 116, the same for every
  player count): a step is a sequence of picks (``legal_actions``, ``apply_action``), named
  in our notation by ``action_to_string``. At a draw from the bag the chance outcomes are
  the draws' actions with the engine's exact probabilities (``chance_outcomes``, as
  floats), in the order of the actions.
- **utility**: the **win share** (``returns(state, kind="win")``), given at the end only:
  each winner after the tie-breaks of G gets 1/number of winners, the others 0. A game
  stopped at ``max_turns`` has no winner (I.55): every player gets 0. So the returns lie in
  0..1 and sum to 1 or to 0: ``GENERAL_SUM``.
- **observations** (OpenSpiel's observer API, ``make_py_observer``): the observation is
  ``keyharvest.observe(table, player)``: its string is the observation's JSON, its tensor
  ``Observation.tensor()`` (``keyharvest.play.view.tensor_layout`` names its parts; the
  observer's ``dict`` holds them by name). The information state (perfect recall) is the
  player's view of the deal and every action since: each step and each draw is public
  (I.27), so that is exactly what the player knows. There is no information-state tensor.
- **serialization** is OpenSpiel's own: the history of actions, replayed (every state is
  a function of its history).
- ``max_game_length`` is ``max_turns * 600`` actions: a bound by measure (the most actions
  of one turn in 60 random games was 132, draws included), not by proof; the tests check
  it over random games.

``KeyHarvestState.record()`` is the game so far as a ``keyharvest`` record (``.kh``
text by ``formats.records.format_record``), so a game an OpenSpiel bot played can be
checked with ``keyharvest validate``.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from .formats.boardfile import standard_board
from .formats.records import Record, record_from_game
from .model.catalogue import PLAYER_COLOURS
from .model.setup import Setup, deal
from .model.state import CHANCE, State
from .model.steps import Step
from .play.choices import NUM_ACTIONS, action_to_string, apply_action, legal_actions, step_tokens
from .play.view import observe, sample_record, tensor_layout
from .rules.actions import new_game
from .rules.game import chance_outcomes, returns, step_stack

__all__ = ["GAME_TYPE", "SHORT_NAME", "KeyHarvestGame", "KeyHarvestState"]

SHORT_NAME = "python_key_harvest"
DEFAULTS = {"players": 2, "max_turns": 400, "deals": 1000}
#: Actions of one turn, at most, that ``max_game_length`` allows (see the module's text).
ACTIONS_PER_TURN = 600

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Key Harvest (keyharvest)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=dict(DEFAULTS),
)


def dealt(players: int, index: int, max_turns: int) -> Setup:
    """The setup of deal ``index``: what ``keyharvest.random_game(players, seed=index)``
    deals, with the turn limit ``max_turns``."""
    return deal(PLAYER_COLOURS[:players], random.Random(index), standard_board(), max_turns)


class KeyHarvestGame(pyspiel.Game):  # type: ignore[misc]
    """Key Harvest for OpenSpiel (see the module's text)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {**DEFAULTS, **(params or {})}
        self.players = int(given["players"])
        self.max_turns = int(given["max_turns"])
        self.deals = int(given["deals"])
        if not 2 <= self.players <= 4:
            raise ValueError(f"players is 2, 3 or 4, not {self.players} (RULES.md B.1)")
        if self.max_turns < 1 or self.deals < 1:
            raise ValueError("max_turns and deals are at least 1")
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=max(NUM_ACTIONS, self.deals),
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=self.max_turns * ACTIONS_PER_TURN)
        super().__init__(GAME_TYPE, info, given)

    def new_initial_state(self) -> KeyHarvestState:
        return KeyHarvestState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None
                         ) -> KeyHarvestObserver:
        return KeyHarvestObserver(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params,
            self.players)


class _Played:
    """What a state holds of the game: the setup, the engine's table, the steps and the
    actions since the deal, each player's view of the deal. OpenSpiel's ``clone`` deep-copies
    a Python state; this copies the table by ``State.copy`` (a copy's undo log starts empty:
    the adapter only counts what it adds) and shares what never changes."""

    def __init__(self) -> None:
        self.setup: Setup | None = None
        self.table: State | None = None
        self.steps: list[Step] = []
        self.actions: list[int] = []
        self.dealt_views: tuple[str, ...] = ()
        #: the picks made of the step being chosen (none once a step completes)
        self.picks: list[int] = []

    def __deepcopy__(self, memo: dict[int, Any]) -> _Played:
        other = _Played()
        other.setup, other.dealt_views = self.setup, self.dealt_views
        other.table = None if self.table is None else self.table.copy()
        other.steps, other.actions = list(self.steps), list(self.actions)
        other.picks = list(self.picks)
        return other


class KeyHarvestState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: before the deal (a chance node over the deals), then the
    engine's ``State`` (``table``) and the steps so far."""

    def __init__(self, game: KeyHarvestGame) -> None:
        super().__init__(game)
        self.players = game.players
        self.max_turns = game.max_turns
        self.deals = game.deals
        self.played = _Played()

    @property
    def table(self) -> State | None:
        """The engine's state (None before the deal)."""
        return self.played.table

    @property
    def steps(self) -> list[Step]:
        """The steps since the deal."""
        return self.played.steps

    # -- OpenSpiel's State ---------------------------------------------------------------
    def current_player(self) -> int:
        if self.table is None:
            return int(pyspiel.PlayerId.CHANCE)
        return self.table.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        assert self.table is not None and player >= 0
        return legal_actions(self.table)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.table is None:
            return [(i, 1.0 / self.deals) for i in range(self.deals)]
        return sorted((step_tokens(draw)[0], float(p)) for draw, p in chance_outcomes(self.table))

    def _apply_action(self, action: int) -> None:
        played = self.played
        if played.table is None:
            played.setup = dealt(self.players, action, self.max_turns)
            played.table = new_game(played.setup, standard_board())
            played.dealt_views = tuple(observe(played.table, p).to_json()
                                       for p in range(self.players))
            return
        before = len(played.table.undo)
        apply_action(played.table, action)
        played.actions.append(action)
        if len(played.table.undo) > before:  # the pick completed a step
            played.steps.append(step_stack(played.table)[-1])
            played.picks = []
        else:
            played.picks.append(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if self.table is None:
            return f"deal {action}"
        return action_to_string(self.table, action)

    def is_terminal(self) -> bool:
        return self.table is not None and self.table.result is not None

    def returns(self) -> list[float]:
        if self.table is None:
            return [0.0] * self.players
        return returns(self.table, kind="win")

    def __str__(self) -> str:
        if self.table is None:
            return f"Key Harvest, {self.players} players: before the deal"
        last = f"; last step {self.steps[-1].text()}" if self.steps else ""
        return (f"Key Harvest, deal {self.history()[0]}, {len(self.steps)} steps{last}; "
                f"{self.table.pending.describe()}")

    def resample_from_infostate(self, player_id: int, probability_sampler: Any
                                ) -> KeyHarvestState:
        """A state ``player_id`` cannot tell from this one (the same information state),
        the others' hidden crops and the removed events drawn as ``keyharvest.sample_record``
        draws them, with a ``random.Random`` seeded from ``probability_sampler`` (OpenSpiel's
        sampler, a callable giving a number in [0, 1)). What information-set MCTS asks
        (``open_spiel.python.algorithms.ismcts``). The world drawn need not be one of the
        ``deals``: its history (and so its serialization) is this state's, its deal
        another."""
        from .formats.records import replay

        if self.table is None:
            return self.clone()  # type: ignore[no-any-return]
        rng = random.Random(int(probability_sampler() * 2**53))
        world = sample_record(observe(self.record(), player_id), rng)
        other: KeyHarvestState = self.clone()
        played = other.played
        played.setup = world.setup
        played.table = replay(world).state
        for action in played.picks:
            apply_action(played.table, action)
        start = new_game(world.setup, standard_board())
        played.dealt_views = tuple(observe(start, p).to_json() for p in range(self.players))
        return other

    # -- what OpenSpiel does not ask --------------------------------------------------------
    def information_state(self, player: int) -> str:
        """``player``'s view of the deal and every action since (see the module's text)."""
        played = self.played
        if played.table is None:
            return f"p{player} before the deal"
        return f"p{player} {played.dealt_views[player]} {' '.join(map(str, played.actions))}"

    def record(self) -> Record:
        """The game so far as a ``keyharvest`` record (``format_record`` writes it)."""
        if self.played.setup is None:
            raise ValueError("no record before the deal")
        return record_from_game(self.played.setup, self.steps, {"meta": {
            "event": f"OpenSpiel {SHORT_NAME}", "seed": self.history()[0]}})


class KeyHarvestObserver:
    """OpenSpiel's observer of Key Harvest: ``keyharvest.observe`` (see the module's
    text). Only a player's own view is offered: private information of that player and
    the public information (OpenSpiel's default), with or without perfect recall."""

    def __init__(self, iig_obs_type: Any, params: Any, players: int) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if (iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
                or not iig_obs_type.public_info):
            raise ValueError("only a player's own view is offered (private information of "
                             "one player, and the public information)")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        layout = [] if self.perfect_recall else tensor_layout(players, standard_board())
        self.tensor = np.zeros(sum(n for _, n in layout), np.float32)
        self.dict: dict[str, np.ndarray] = {}
        at = 0
        for name, n in layout:
            self.dict[name] = self.tensor[at:at + n]
            at += n

    def set_from(self, state: KeyHarvestState, player: int) -> None:
        if self.perfect_recall:
            return
        if state.table is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = observe(state.table, player).tensor()

    def string_from(self, state: KeyHarvestState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state(player)
        if state.table is None:
            return f"p{player} before the deal"
        return observe(state.table, player).to_json()


assert int(pyspiel.PlayerId.CHANCE) == CHANCE
pyspiel.register_game(GAME_TYPE, KeyHarvestGame)
