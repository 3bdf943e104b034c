"""A search bot: information-set Monte Carlo tree search (issue 31), under work: it beats
``random`` but not yet ``greedy`` (docs/api.md, "A search bot"), so ``selfplay`` does not
offer it; the arena seats it as ``mcts``.

``MCTSBot(rng, policy, budget=N)`` (``mcts(rng, budget=N)`` with random playouts)
chooses a step for the player to move from what that player may
know and nothing else: ``choose(state)`` takes ``observe(state, player)`` (RULES.md I.27)
and searches from it alone, so two states with the same observation give the same choice.

The search (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012):

- each **simulation** draws a world the player cannot tell from the real one
  (``sample_state``: the others' unseen crops by the deal's odds, the events removed
  unseen), then walks the tree from its root in that world;
- the tree's edges are the **factored picks** of the game for programs
  (``legal_actions``/``apply_action``), so the search reaches every legal step, a bid of
  any crops included, and shares what it learns between steps that begin alike; a node
  holds the statistics of the player who made the pick into it;
- at a **decision** it takes an untried legal pick if there is one (then the walk ends),
  else the pick of best UCB1 among those legal in this world (counting, for each, how
  often it was available: the "availability" form of ISMCTS, since the others' legal
  picks differ from world to world);
- at a **draw from the bag** it draws by ``chance_outcomes``' exact probabilities, and
  each draw has its own child (a draw is public);
- from the node reached, a **playout** by the ``policy`` bot (``bots.RandomBot`` for
  ``mcts``: random steps, ``rules.push``) of ``horizon`` steps (``HORIZON``), or to the
  end if the game ends first; its value for each seat (``_value``: the win share of a
  finished game, else the standing on points) is added to every node of the walk for
  the player who picked into it.

Each simulation plays one step for the player to move (its picks from the tree, those
past a new node at random); the answer is the step of the most visited first pick, then
of the most visited second pick among those, and so on.
``budget`` counts simulations: the same seed, budget and observation give the same step
on any machine. ``seconds`` instead stops at a time (then the choice depends on the
machine's speed).

``analyse(observation, rng, policy, budget)`` is the search's view of the root: every step
it played there, with its visit share, its mean value and mean points margin.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Protocol

from ..model.state import CHANCE, TERMINAL, Result, State
from ..model.steps import Step
from ..rules import push as rules_push
from ..rules.game import chance_outcomes, outcome, step_stack
from .choices import apply_action, legal_actions, pending_pick, step_tokens
from .view import Observation, observe, sample_state

__all__ = ["DEFAULT_BUDGET", "MCTSBot", "Searched", "analyse", "mcts"]

#: Simulations per decision by default: some 0.1-0.2 s a step on this machine (pure
#: Python, 1,300-2,800 simulations/s: benchmarks/bench.py).
DEFAULT_BUDGET = 200
#: UCB1's exploration constant, for results in 0..1.
EXPLORATION = 0.7
#: The steps of a playout by default: then the standing on points stands for the result
#: (see ``_value``). Playouts to the end of the game did no better (docs/api.md, "A
#: search bot").
HORIZON = 8
#: The points margin worth odds of e (see ``_value``).
MARGIN_SCALE = 4.0


class _Node:
    """A node of the tree: what is known after a sequence of picks and draws."""

    __slots__ = ("available", "children", "margin", "visits", "wins")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.available = 0
        self.wins = 0.0  # the summed win share of the player who picked into this node
        self.margin = 0.0  # and that player's summed points margin


@dataclass(frozen=True)
class Searched:
    """A step the search looked at from the root: how often (``visits``, ``share`` of all
    simulations) and how it went for the player to move (``win``, the mean win share;
    ``margin``, the mean points margin over the best other seat)."""

    step: Step
    visits: int
    share: float
    win: float
    margin: float


def _value(state: State) -> tuple[list[float], list[float]]:
    """Each seat's value and points margin (over the best other seat) where a playout
    stops: at the end of a finished game the win share (``returns``); else, before the end
    or at a game stopped by the turn limit, ``1 / (1 + exp(-margin / MARGIN_SCALE))``, the
    standing on points as a number in 0..1 (0.5 for a tie at the top)."""
    win, margins, _ = outcome(state)
    if state.result == Result.FINISHED and any(win):
        return win, margins
    return [1.0 / (1.0 + math.exp(-m / MARGIN_SCALE)) for m in margins], margins


class Policy(Protocol):
    """What plays the playouts: a bot (``bots.RandomBot``, ``bots.GreedyBot``)."""

    def choose(self, state: State) -> Step: ...


def _playout(world: State, policy: Policy, steps: int) -> None:
    """``policy``'s play from ``world`` (``rules.push``: no undo log) for ``steps`` steps,
    or to the end."""
    for _ in range(steps):
        if world.result is not None:
            return
        rules_push(world, policy.choose(world))


def _draw(world: State, rng: random.Random) -> int:
    """A draw by ``chance_outcomes``' exact probabilities, made; its action."""
    outcomes = chance_outcomes(world)
    x = rng.random() * float(sum(p for _, p in outcomes))
    chosen = outcomes[-1][0]
    for draw, p in outcomes:
        x -= float(p)
        if x < 0:
            chosen = draw
            break
    action = step_tokens(chosen)[0]
    apply_action(world, action)
    return action


class _Search:
    """One search from an observation: the tree, and for each step the player to move
    made at the root in some simulation, its count and summed results."""

    def __init__(self, observation: Observation, rng: random.Random, policy: Policy,
                 horizon: int) -> None:
        self.observation = observation
        self.rng = rng
        self.policy = policy
        self.horizon = horizon
        self.root = _Node()
        self.seat = observation.players.index(observation.player)
        #: step -> [simulations that played it, summed win share, summed margin]
        self.played: dict[Step, list[float]] = {}

    def simulate(self) -> None:
        rng = self.rng
        world = sample_state(self.observation, rng)
        node, path, seats = self.root, [], []
        expanded = False
        while world.result is None and not (expanded and not pending_pick(world)):
            seat = world.current_player()
            if seat == CHANCE:
                action = _draw(world, rng)
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = _Node()
                node = child
                continue
            legal = legal_actions(world)
            if expanded:  # the step begun at the new node, finished at random
                apply_action(world, rng.choice(legal))
                continue
            children = node.children
            untried = [a for a in legal if a not in children]
            if untried:
                pick = rng.choice(untried)
                children[pick] = _Node()
                expanded = True
            for a in legal:
                if a in children:
                    children[a].available += 1
            if not expanded:
                best, pick = -1.0, legal[0]
                for a in legal:
                    child = children[a]
                    ucb = child.wins / child.visits + EXPLORATION * math.sqrt(
                        math.log(child.available) / child.visits)
                    if ucb > best:
                        best, pick = ucb, a
            node = children[pick]
            apply_action(world, pick)
            path.append(node)
            seats.append(seat)
        first = step_stack(world)[0]  # the first step of the world: the root player's
        _playout(world, self.policy, self.horizon)
        wins, margins = _value(world)
        self.root.visits += 1
        for child, seat in zip(path, seats):
            child.visits += 1
            child.wins += wins[seat]
            child.margin += margins[seat]
        got = self.played.get(first)
        if got is None:
            got = self.played[first] = [0, 0.0, 0.0]
        got[0] += 1
        got[1] += wins[self.seat]
        got[2] += margins[self.seat]

    def _rank(self, step: Step) -> tuple[int, ...]:
        """The order of the answers: by the visits of the step's first pick, then of its
        second, and so on (the tree's most visited picks, one after another: a step of
        several picks is not outnumbered by a one-pick step such as ``end`` only because
        its visits are shared among its variants); ties in the order first played (the
        same on every machine)."""
        node: _Node | None = self.root
        key = []
        for token in step_tokens(step):
            node = node.children.get(token) if node is not None else None
            key.append(-node.visits if node is not None else 0)
        return tuple(key)

    def run(self, budget: int | None, seconds: float | None) -> list[Searched]:
        if budget is None and seconds is None:
            budget = DEFAULT_BUDGET
        deadline = None if seconds is None else time.monotonic() + seconds
        done = 0
        while (budget is None or done < budget) and (
                deadline is None or time.monotonic() < deadline or not done):
            self.simulate()
            done += 1
        ranked = sorted(self.played.items(), key=lambda kv: self._rank(kv[0]))
        return [Searched(step, int(n), n / done, w / n, m / n) for step, (n, w, m) in ranked]


def analyse(observation: Observation, rng: random.Random, policy: Policy,
            budget: int | None = None, seconds: float | None = None,
            horizon: int = HORIZON) -> list[Searched]:
    """The steps the search from ``observation`` played at its root, most played first,
    each with its visit share and mean results (see the module's text). The observing
    player must be the one to move. ``budget`` simulations (default ``DEFAULT_BUDGET``),
    or as many as ``seconds`` allow (at least one)."""
    table = sample_state(observation, random.Random(0))
    seat = table.current_player()
    if seat == TERMINAL:
        raise ValueError(f"no legal step: the game is over ({table.result})")
    if seat != observation.players.index(observation.player):
        who = "a draw from the bag" if seat == CHANCE else observation.players[seat]
        raise ValueError(f"the observing player, {observation.player}, is not to move: "
                         f"waiting for {who}")
    return _Search(observation, rng, policy, horizon).run(budget, seconds)


def mcts(rng: random.Random, budget: int | None = None, seconds: float | None = None,
         horizon: int = HORIZON) -> MCTSBot:
    """The search bot with random playouts (``bots.RandomBot``), as the arena seats it:
    ``budget`` simulations a step (default ``DEFAULT_BUDGET``) or ``seconds``."""
    from .bots import RandomBot

    return MCTSBot(rng, RandomBot(random.Random(rng.getrandbits(64))), budget, seconds,
                   horizon)


class MCTSBot:
    """Information-set MCTS (see the module's text): ``budget`` simulations a step (the
    default ``DEFAULT_BUDGET``), or as many as ``seconds`` allow. At a draw from the bag
    it draws by the exact probabilities, with its ``rng``."""

    def __init__(self, rng: random.Random, policy: Policy, budget: int | None = None,
                 seconds: float | None = None, horizon: int = HORIZON) -> None:
        if budget is not None and budget < 1:
            raise ValueError(f"budget is at least 1 simulation, not {budget}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds is more than 0, not {seconds}")
        self.rng = rng
        self.policy = policy
        self.horizon = horizon
        self.budget = budget
        self.seconds = seconds

    def choose(self, state: State) -> Step:
        seat = state.current_player()
        if seat == CHANCE:
            probe = state.copy()
            _draw(probe, self.rng)
            return step_stack(probe)[-1]
        if seat == TERMINAL:
            raise ValueError(f"no legal step: the game is over ({state.result})")
        return self.choose_for(observe(state, seat))

    def choose_for(self, observation: Observation) -> Step:
        """The step for the observing player (who must be to move), from the observation
        alone: the one the search played most."""
        return analyse(observation, self.rng, self.policy, self.budget, self.seconds,
                       self.horizon)[0].step
