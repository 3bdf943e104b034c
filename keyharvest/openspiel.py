"""Key Harvest as an OpenSpiel game (the extra ``keyharvest[openspiel]``).

Importing this module registers ``python_key_harvest`` with ``pyspiel.register_game``, so
that ``pyspiel.load_game("python_key_harvest", {"players": 3})`` gives it to every
OpenSpiel algorithm. The core never imports it (nor pyspiel). It is a thin adapter: every
rule is the engine's, through the one object for programs, ``keyharvest.Game``
(docs/api.md):

- **parameters**: ``players`` (2-4, default 2), ``max_turns`` (the technical turn limit
  of RULES.md I.10, default 400: random play can stall a game, and an OpenSpiel game must
  be finite) and ``deals`` (default 1,000: see the deal).
- **the deal** is the first chance node: ``deals`` outcomes, equally likely; outcome ``i``
  deals the game ``keyharvest.random_game(players, seed=i)`` deals (B.1-B.8). So the game
  has ``deals`` different starts, each one a real deal; the players see of it what I.27
  lets them see.
- **actions** are the ``Game``'s integer actions (``NUM_ACTIONS`` = 116, the same for
  every player count): a step is a sequence of picks (``Game.legal_actions``,
  ``Game.apply_action``), named in our notation by ``Game.action_to_string``. At a draw
  from the bag the chance outcomes are the draws' actions with the ``Game``'s exact
  probabilities (``Game.chance_actions``: ``Game.chance_outcomes`` as floats), in the order
  of the actions.
- **utility**: the **win share** (``Game.returns()``), given at the end only:
  each winner after the tie-breaks of G gets 1/number of winners, the others 0. A game
  stopped at ``max_turns`` has no winner (I.55): every player gets 0. So the returns lie in
  0..1 and sum to 1 or to 0: ``GENERAL_SUM``.
- **observations** (OpenSpiel's observer API, ``make_py_observer``): the observation is
  ``Game.observation(player)``: its string is the observation's JSON
  (``formats.positions.observation_json``), its tensor ``Observation.tensor()``
  (``keyharvest.rules.view.tensor_layout`` names its parts; the
  observer's ``dict`` holds them by name). The information state (perfect recall) is the
  player's view of the deal and every action since: each step and each draw is public
  (I.27), so that is exactly what the player knows. There is no information-state tensor.
- **serialization** is the history of actions, one per line (the deal first), and
  ``deserialize_state`` reads it back by applying each action, checked: a string that is
  not that (a pickle, anything else) is refused with a ``ValueError`` saying where, and
  nothing in it is run.
- ``max_game_length`` is ``max_turns * 600`` actions: a bound by measure (the most actions
  of one turn in 60 random games was 132, draws included), not by proof; the tests check
  it over random games.

``KeyHarvestState.record()`` is the game so far as a ``keyharvest`` record (``.kh``
text by ``formats.records.format_record``), so a game an OpenSpiel bot played can be
checked with ``keyharvest validate``.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import numpy as np
import pyspiel

from .formats.boardfile import standard_board
from .formats.positions import observation_json
from .formats.records import Record, record_from_game
from .model.catalogue import CROPS, PLAYER_COLOURS
from .model.setup import Setup, deal
from .model.state import CHANCE
from .model.steps import Step
from .rules.actions import new_game
from .rules.game import NUM_ACTIONS, Game
from .rules.view import observe, tensor_layout

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

    def deserialize_state(self, text: str) -> KeyHarvestState:
        """The state ``KeyHarvestState.serialize`` wrote: the deal, then each action
        applied, checked (``Game.apply_action``). Raises ``ValueError`` for a string that
        is not a history of actions (saying which line), and the ``IllegalStep`` of an
        action not legal where it comes; nothing in ``text`` is run."""
        if not isinstance(text, str) or len(text) > 8 * self.max_turns * ACTIONS_PER_TURN:
            raise ValueError("a serialized Key Harvest state is a history of actions, one per "
                             "line, and not this long")
        state = self.new_initial_state()
        for n, line in enumerate(text.splitlines(), start=1):
            word = line.strip()
            if not word:
                continue
            bound = self.deals if n == 1 else NUM_ACTIONS
            if not (word.isascii() and word.isdigit()) or int(word) >= bound:
                raise ValueError(f"a serialized Key Harvest state is a history of actions, "
                                 f"one per line (the deal, 0 to {self.deals - 1}, then "
                                 f"actions 0 to {NUM_ACTIONS - 1}): line {n} is "
                                 f"{word[:40]!r}")
            state.apply_action(int(word))
        return state


class _Played:
    """What a state holds of the game: the setup, the ``Game`` (None before the deal),
    each player's view of the deal. OpenSpiel's ``clone`` deep-copies a Python state; this
    copies the game by ``Game.clone`` and shares what never changes."""

    def __init__(self) -> None:
        self.deal: int | None = None
        self.setup: Setup | None = None
        self.game: Game | None = None
        #: each player's view of the deal as the information state writes it: made when
        #: first asked (``views``), shared by the clones
        self.dealt_views: tuple[str, ...] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Played:
        other = _Played()
        other.deal, other.setup, other.dealt_views = self.deal, self.setup, self.dealt_views
        other.game = None if self.game is None else self.game.clone()
        return other

    def views(self) -> tuple[str, ...]:
        """Each player's view of the deal (the game's start), as JSON."""
        if self.dealt_views is None:
            assert self.game is not None
            start = self.game.root().state
            self.dealt_views = tuple(observation_json(observe(start, p))
                                     for p in range(len(start.players)))
        return self.dealt_views


class KeyHarvestState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: before the deal (a chance node over the deals), then the
    ``Game`` (``game``)."""

    def __init__(self, game: KeyHarvestGame) -> None:
        super().__init__(game)
        self.players = game.players
        self.max_turns = game.max_turns
        self.deals = game.deals
        self.played = _Played()

    @property
    def game(self) -> Game | None:
        """The ``keyharvest.Game`` (None before the deal)."""
        return self.played.game

    @property
    def steps(self) -> list[Step]:
        """The steps since the deal."""
        return [] if self.played.game is None else self.played.game.step_stack()

    # -- OpenSpiel's State ---------------------------------------------------------------
    def current_player(self) -> int:
        game = self.played.game
        if game is None:
            return int(pyspiel.PlayerId.CHANCE)
        return game.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        assert self.played.game is not None and player >= 0
        return self.played.game.legal_actions()

    # pyspiel's own ``legal_actions`` and ``is_chance_node`` answer by calling back the
    # methods above, four and one times (each a call from C++ into Python): answered here
    # directly, the same answers (OpenSpiel's C++ algorithms still go through the above)
    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of the player to move, or of ``player`` (empty when another
        player is to move); at a chance node, the outcomes' in order; none once the game is
        over (as pyspiel's ``State.legal_actions``)."""
        if player is not None and not (type(player) is int and player >= 0):
            return super().legal_actions(player)  # type: ignore[no-any-return]  # refused
        game = self.played.game
        if game is None:
            return list(range(self.deals))
        current = game.current_player()
        if current == CHANCE:  # whoever is asked, as pyspiel's own
            return [action for action, _ in game.chance_actions()]
        if player is not None and player != current:
            return []
        return game.legal_actions()

    def is_chance_node(self) -> bool:
        game = self.played.game
        return game is None or game.is_chance_node()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        game = self.played.game
        if game is None:
            return [(i, 1.0 / self.deals) for i in range(self.deals)]
        return game.chance_actions()

    def _apply_action(self, action: int) -> None:
        played = self.played
        if played.game is None:
            played.deal = action
            played.setup = dealt(self.players, action, self.max_turns)
            start = new_game(played.setup, standard_board())
            played.game = Game(start)
            return
        played.game.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        game = self.played.game
        if game is None:
            return f"deal {action}"
        return game.action_to_string(action)

    def is_terminal(self) -> bool:
        game = self.played.game
        return game is not None and game.is_terminal()

    def returns(self) -> list[float]:
        game = self.played.game
        if game is None:
            return [0.0] * self.players
        return game.returns()

    def serialize(self) -> str:
        """The history: the deal, then every action, one per line."""
        game = self.played.game
        if game is None:
            return ""
        return "\n".join(map(str, [self.played.deal, *game.history()]))

    def __str__(self) -> str:
        game = self.played.game
        if game is None:
            return f"Key Harvest, {self.players} players: before the deal"
        steps = game.step_stack()
        last = f"; last step {steps[-1].text()}" if steps else ""
        return (f"Key Harvest, deal {self.played.deal}, {len(steps)} steps{last}; "
                f"{game.state.pending.describe()}")

    def resample_from_infostate(self, player_id: int, probability_sampler: Any
                                ) -> KeyHarvestState:
        """A state ``player_id`` cannot tell from this one (the same information state),
        by ``Game.resample``: the others' hidden crops and the removed events drawn, with
        a ``random.Random`` seeded from ``probability_sampler`` (OpenSpiel's sampler, a
        callable giving a number in [0, 1)), at any point, in the middle of a step too.
        What information-set MCTS asks (``open_spiel.python.algorithms.ismcts``). The world
        drawn need not be one of the ``deals``: its history (and so its serialization) is
        this state's, its deal another."""
        game = self.played.game
        if game is None:
            return self.clone()  # type: ignore[no-any-return]
        rng = random.Random(int(probability_sampler() * 2**53))
        world = game.resample(player_id, rng)
        other: KeyHarvestState = self.clone()
        played = other.played
        played.game = world
        start = world.root().state
        assert played.setup is not None
        played.setup = replace(played.setup, crops={
            p.colour: tuple(c for c, k in zip(CROPS, p.screen) for _ in range(k))
            for p in start.players}, removed=tuple(start.removed))
        played.dealt_views = None
        return other

    # -- what OpenSpiel does not ask --------------------------------------------------------
    def information_state(self, player: int) -> str:
        """``player``'s view of the deal and every action since (see the module's text)."""
        played = self.played
        if played.game is None:
            return f"p{player} before the deal"
        return f"p{player} {played.views()[player]} {played.game.serialize()}"

    def record(self) -> Record:
        """The game so far as a ``keyharvest`` record (``format_record`` writes it)."""
        if self.played.setup is None:
            raise ValueError("no record before the deal")
        return record_from_game(self.played.setup, self.steps, {"meta": {
            "event": f"OpenSpiel {SHORT_NAME}", "seed": self.played.deal}})


class KeyHarvestObserver:
    """OpenSpiel's observer of Key Harvest: ``Game.observation`` (see the module's
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
        game = state.game
        if game is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = game.observation(player).tensor()

    def string_from(self, state: KeyHarvestState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state(player)
        game = state.game
        if game is None:
            return f"p{player} before the deal"
        return observation_json(game.observation(player))


assert int(pyspiel.PlayerId.CHANCE) == CHANCE
pyspiel.register_game(GAME_TYPE, KeyHarvestGame)
