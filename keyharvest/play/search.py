"""A search bot: information-set Monte Carlo tree search (issue 31), the bot ``mcts`` of
``bots.BOTS``.

``MCTSBot(rng, policy, prior, budget=N)`` (``bots.mcts(rng, budget=N)``: greedy playouts,
``bots.points_after`` as the prior) chooses a step for the player to move from what that player
may know and nothing else: ``choose(state)`` takes ``observe(state, player)`` (RULES.md
I.27) and searches from it alone, so two states with the same observation give the same
choice.

The search (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012):

- each **simulation** draws a world the player cannot tell from the real one
  (``sample_state``: the others' unseen crops by the deal's odds, the events removed
  unseen), then walks the tree from its root in that world;
- the tree's edges are **steps**; at a **decision** the steps looked at are the engine's
  listing (``rules.representative_steps``: every legal step, with representative bids of one and
  two crops) in the order of a one-step **prior** (the mover's ``prior``, its points, after
  the step; doing something before ending, as ``bots.GreedyBot`` weighs them), the first
  ``WIDTH`` of them at first and more as the node is visited (progressive widening:
  ``WIDTH + sqrt(visits) / WIDEN``); ending the turn (or passing) is always among them;
  at the root, once every step of that listing is looked at, the widening goes on into
  the rest of the complete listing (``rules.choices.every_step``: every bid,
  payment and subset of tiles), in the prior's order, so the bot can choose any legal
  step and a large enough budget looks at every one;
- an untried step among those is tried first, in the prior's order (then the walk ends);
  else the one of best UCB1 among those legal in this world, counting for each how often
  it was available (the "availability" form of ISMCTS: the others' legal steps differ
  from world to world), with the exploration constant ``exploration`` (``EXPLORATION``
  unless given);
- at a **draw from the bag** it draws by ``chance_outcomes``' exact probabilities, and
  each draw has its own child (a draw is public);
- **paired simulations** (common random numbers, ``paired``; by default with 2 and 4
  players, ``PAIRED``): the root's step is chosen first (its listing is the same in every
  world), and the k-th simulation through each of the root's steps plays in the same
  world, with the same draws and the same ``policy`` choices among equal steps (one seed
  for each k, drawn from the search's ``rng`` as k grows; the policy's ``rng`` is set from
  it): two steps are compared in the same deals, not each in worlds of its own, so the
  difference of their means is measured with less noise (measured against ``mcts-v1``,
  which draws a world for each simulation, and against ``greedy`` with 3 and 4 players:
  docs/search.md);
- from the node reached, a **playout** by the ``policy`` bot for every seat
  (``bots.GreedyBot`` without exploration for ``mcts``: measured stronger per second than
  random playouts, docs/search.md) for ``rounds`` whole rounds (``ROUNDS``: two, with
  any number of players), to the start of the root player's turn that many rounds after
  the root's (the next such turn where the walk went past it), so that every seat has
  had as many turns whichever step was tried, or ``horizon`` steps if fewer, or to the
  end if the game ends first; its value for each seat (``standing``: the win share of a
  finished game, else the standing on points) is added to every node of the walk for the
  player who stepped into it. (A playout of a fixed number of steps, as before issue 46,
  gave the seat that moved first in it one turn more before the cut: ending the turn at
  once, so that the other seats' turns came first in the tree, then one's own in the
  playout, looked best, and two search bots facing each other stalled.)

The answer is the most visited step at the root (ties: the better mean value, then the
prior's order). The bot (``MCTSBot``) takes it, but where it ends the turn (or passes)
and another step is about equal to it (``about_equal``: within the search's noise) it
takes the most visited such step: waiting costs nothing within a playout (what is
not done now can be done next turn), while the game moves on only when someone acts.
``budget`` counts simulations: the same seed, budget and observation give the same step on
any machine. ``seconds`` instead stops at a time (then the choice depends
on the machine's speed).

``analyse(observation, rng, policy, prior, budget)`` is the search's view of the root: every
step it tried there, with its visit share, its mean value and mean points margin.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..model.state import CHANCE, TERMINAL, Result, State
from ..model.steps import Draw, EndTurn, Offer, Pass, Step
from ..rules import advance, representative_steps
from ..rules.actions import TurnFrame
from ..rules.choices import every_step
from ..rules.game import chance_weights, outcome
from ..rules.memo import draw_of
from ..rules.view import Observation, observe, sample_state
from .intervals import Z95
from .points import points

__all__ = ["ADVICE_BUDGET", "DEFAULT_BUDGET", "EXPLORATION", "HORIZON", "LINE", "PAIRED",
           "ROUNDS", "MCTSBot", "Searched", "about_equal", "analyse", "listing_key", "merge",
           "only_step", "standing"]

#: Simulations per decision of a search bot by default (``ADVICE_BUDGET`` is the
#: advice's): some 0.2 s a decision with 2 players and 0.35 s with 4 on a shared 2-core
#: machine (the compiled engine; the pure build some twice as long;
#: benchmarks/bench.py prints the simulations per second).
DEFAULT_BUDGET = 250
#: Simulations per decision of the advice (``advice.hint`` and ``advice.weigh``: the
#: commands ``hint`` and ``analyse``) by default, four times a bot's: a player waits once
#: for an answer that must hold from seed to seed, where a bot decides hundreds of times a
#: game (benchmarks/stability.py measures both budgets; docs/search.md). Some 1 s of CPU a
#: decision in the compiled build (up to 3 s late in a 4-player game), 2-3 times that in
#: the pure build.
ADVICE_BUDGET = 1000
#: UCB1's exploration constant, for results in 0..1 (``exploration=`` takes another: 0.35
#: for the bot was tried and not kept, docs/search.md "Exploration").
EXPLORATION = 0.7
#: The whole rounds of a playout (``bots.mcts``): it stops where the root's player's turn
#: starts that many rounds after the root's (every seat has had as many turns), and the
#: standing on points stands for the result (``standing``). Two: with one, the root's
#: player takes no turn of their own in a playout, and with 4 players (where a round of 4
#: turns was the playout before) the paired search lost to ``greedy`` (docs/search.md).
ROUNDS = 2
#: The steps of a playout of the search before issue 46 (the bot ``mcts-v1``): it stopped
#: after this many steps whoever was to move.
HORIZON = 12
#: The points margin worth odds of e (see ``standing``).
MARGIN_SCALE = 4.0
#: The player counts whose searches pair their simulations unless told (``paired=None``;
#: see the module's text): with 2 players the search won more against ``mcts-v1`` paired,
#: with 4 more against ``greedy``; with 3 it won as often either way, and stays unpaired
#: (docs/search.md, "Paired simulations").
PAIRED = frozenset({2, 4})
#: The steps of an expected line (``Searched.line``) at most, and the visits a node needs
#: to be in it.
LINE = 5
LINE_VISITS = 2
#: The steps looked at first at a decision (besides ending the turn), and how slowly more
#: are added as the node is visited: ``WIDTH + floor(sqrt(visits) / WIDEN)``.
WIDTH = 4
WIDEN = 4.0

#: A prior: the mover's standing after each of the steps (legal in the state; higher is
#: better), ``bots.points_after``: a batch, so that the steps need not each be pushed on a
#: copy of the state.
Prior = Callable[[State, list[Step], str], Sequence[float]]
#: A playout's value: each seat's value in 0..1 and points margin where it stops
#: (``standing``).
Value = Callable[[State], tuple[list[float], list[float]]]


class Policy(Protocol):
    """What plays the playouts: a bot (``bots.GreedyBot``, ``bots.RandomBot``), whose
    ``rng`` (its draws and its choices among equal steps) a paired search sets for each
    simulation."""

    rng: random.Random

    def choose(self, state: State) -> Step: ...


class _Node:
    """A node of the tree: what is known after a sequence of steps and draws."""

    __slots__ = ("available", "children", "completed", "ends", "listed", "margin", "ranked",
                 "squares", "visits", "wins")

    def __init__(self) -> None:
        self.children: dict[Step, _Node] = {}
        self.visits = 0
        self.available = 0
        self.wins = 0.0  # the summed value of the player who stepped into this node
        self.squares = 0.0  # and the sum of its squares (for ``Searched.noise``)
        self.margin = 0.0  # and that player's summed points margin
        self.listed: list[Step] | None = None  # what lists the steps ``ranked`` orders
        self.ranked: list[Step] = []
        self.ends: list[int] = []  # where ``ranked`` ends the turn or passes
        self.completed = False  # ``ranked`` holds the complete listing's other steps too


@dataclass(frozen=True)
class Searched:
    """A step the search tried at the root: how often (``visits``, ``share`` of all
    simulations) and how it went for the player to move (``win``, the mean value: the win
    share, or the standing on points where a playout stopped before the end; ``margin``,
    the mean points margin over the best other seat).

    ``spread`` is the values' variance over those simulations, and ``noise`` the half
    width of a 95% interval on ``win``: ``Z95 * sqrt((spread * visits + pooled) /
    visits**2)``, as if one more simulation of the spread ``pooled`` were counted, so that
    a step seen once is not taken as certain. ``pooled`` is the variance of every value
    the root's simulations gave (all its steps together; 0.25, the largest a value in
    0..1 can have, where no search gave it): the spread a step's value has before its own
    simulations say otherwise. (Counting 0.25 for every step, as before, made the
    intervals two to four times wider than the values' spread from seed to seed: the
    values of a position's steps lie close together, a spread of some 0.002.) ``line`` is the
    continuation the search expects: the step, then at each node below it the most visited
    (a step or a draw), while that node was visited at least ``LINE_VISITS`` times, at most
    ``LINE`` steps in all."""

    step: Step
    visits: int
    share: float
    win: float
    margin: float
    spread: float = 0.0
    line: tuple[Step, ...] = ()
    pooled: float = 0.25

    @property
    def noise(self) -> float:
        return Z95 * math.sqrt((self.spread * self.visits + self.pooled) / self.visits ** 2)


def about_equal(best: Searched, other: Searched) -> bool:
    """Whether ``other``'s mean value is within the search's noise of ``best``'s: their
    difference under ``Z95`` standard errors of a difference (the two intervals'
    half widths combined, ``sqrt(a**2 + b**2)``)."""
    return abs(best.win - other.win) <= math.hypot(best.noise, other.noise)


def _sigmoid(margins: list[float]) -> list[float]:
    return [1.0 / (1.0 + math.exp(-m / MARGIN_SCALE)) for m in margins]


def standing(state: State) -> tuple[list[float], list[float]]:
    """Each seat's value and points margin (over the best other seat) where a playout
    stops: at the end of a finished game the win share
    (``returns``); else, before the end or at a game stopped by the turn limit, ``1 / (1 +
    exp(-margin / MARGIN_SCALE))``, the standing on points as a number in 0..1 (0.5 for a
    tie at the top). Before the end the margins come from each seat's total alone
    (``points.points``, the total ``rules.game.outcome`` scores, without its itemised
    lines)."""
    if state.result == Result.FINISHED:
        win, margins, _ = outcome(state)
        if any(win):
            return win, margins
        return _sigmoid(margins), margins
    totals = [points(state, p.colour) for p in state.players]
    margins = [float(t - max(totals[:i] + totals[i + 1:], default=0))
               for i, t in enumerate(totals)]
    return _sigmoid(margins), margins


def _playout(world: State, policy: Policy, steps: int | None, until: int | None) -> None:
    """``policy``'s play from ``world`` (``rules.advance``: no undo log) until turn number
    ``until`` starts, or for ``steps`` steps, whichever comes first (None: no such
    limit), or to the end."""
    done = 0
    while world.result is None and (until is None or world.turn.number < until) and (
            steps is None or done < steps):
        advance(world, policy.choose(world))
        done += 1


def _draw(world: State, rng: random.Random) -> Draw:
    """A draw by ``chance_outcomes``' exact probabilities (not made): by their whole
    numbers (``chance_weights``), each ``weight / total`` the float of its ``Fraction``."""
    weights, total = chance_weights(world)
    x = rng.random()  # times their sum, which is exactly 1
    for item, w in weights:
        x -= w / total
        if x < 0:
            return draw_of(item)
    return draw_of(weights[-1][0])


def _ends(step: Step) -> bool:
    return type(step) is EndTurn or type(step) is Pass


def only_step(world: State) -> Step | None:
    """The one legal step of ``world``, if there is no other (the complete listing's
    work is done only where the engine's lists one)."""
    if len(representative_steps(world)) != 1:
        return None
    listed = every_step(world)
    return listed[0] if len(listed) == 1 else None


def rank(world: State, steps: list[Step], prior: Prior) -> list[Step]:
    """``steps`` (legal in ``world``) best first by the prior of the player to move after
    each (doing something before ending the turn or passing); ties in the given order."""
    mover = world.pending.player
    assert mover is not None
    values = prior(world, steps, mover)
    order = sorted(range(len(steps)), key=lambda i: (-values[i], _ends(steps[i]), i))
    return [steps[i] for i in order]


def listing_key(world: State) -> list[Step]:
    """What tells ``representative_steps(world)`` from another state's listing: the listing
    itself, but on a turn only the first registry tile's offers and the first offer of
    each other tile (a turn lists its offers by tile, then by bid, the same bids on every
    tile: ``rules.actions.TurnFrame.sections``), so that a node's listing is compared
    without building every offer of every world."""
    frame = world.stack[-1] if world.result is None else None
    if type(frame) is not TurnFrame:
        return representative_steps(world)
    out: list[Step] = []
    for n, nth in frame.sections(world):
        if not n:
            continue
        first = nth(0)
        if isinstance(first, Offer):
            bids = n // len(world.registry)
            out.extend([nth(i) for i in range(bids)])
            out.extend([nth(i) for i in range(bids, n, bids)])
        else:
            out.append(first)
            out.extend([nth(i) for i in range(1, n)])
    return out


def _check_rounds(rounds: int | None) -> None:
    if rounds is not None and rounds < 1:
        raise ValueError(f"rounds is at least 1 whole round of play, not {rounds}")


class _Search:
    """One search from an observation: the tree and what the simulations found."""

    def __init__(self, observation: Observation, rng: random.Random, policy: Policy,
                 prior: Prior, horizon: int | None, rounds: int | None,
                 include: Step | None = None, value: Value | None = None,
                 exploration: float = EXPLORATION, paired: bool | None = None) -> None:
        self.observation = observation
        self.exploration = exploration
        self.value = standing if value is None else value
        self.include = include
        self.rng = rng
        self.policy = policy
        self.prior = prior
        self.horizon = horizon
        seats = len(observation.players)
        #: the turns of a playout's whole rounds (``ROUNDS`` of them), or None
        self.span = None if rounds is None else rounds * seats
        self.root = _Node()
        self.seat = observation.players.index(observation.player)
        #: a world drawn once, for the root's listing (the same in every world)
        self.first = sample_state(observation, random.Random(0))
        #: the turn of the root (the same in every world drawn: the turn is public)
        self.turn = self.first.turn.number
        #: simulations paired by the root's step (see ``simulate``; ``analyse`` has made
        #: sure the observer is to move)
        self.paired = len(observation.players) in PAIRED if paired is None else paired
        #: the seed of the k-th simulation of each of the root's steps, when paired
        self.seeds: list[int] = []

    def candidates(self, node: _Node, world: State) -> list[Step]:
        """The steps looked at from ``node`` in ``world`` (see the module's text). The
        root's listing is the same in every world drawn (the player's own steps, from
        what the observation tells: every one is legal in each world), so it is ranked
        once; another node's is compared with the last world's (``listing_key``)."""
        if node is self.root and node.listed is not None:
            listed = node.listed
        else:
            listed = listing_key(world)
        if listed != node.listed:  # the ranking of another world's listing
            node.listed = listed
            node.ranked = rank(world, representative_steps(world), self.prior)
            node.ends = [i for i, s in enumerate(node.ranked) if _ends(s)]
            node.completed = False
        ranked = node.ranked
        width = WIDTH + int(math.sqrt(node.visits) / WIDEN)
        if width >= len(ranked) and node is self.root and not node.completed:
            # every representative is looked at: then the rest of the player's legal steps
            node.completed = True
            known = set(ranked)
            more = [s for s in every_step(world) if s not in known]
            start = len(ranked)
            ranked.extend(rank(world, more, self.prior))
            node.ends.extend(i for i in range(start, len(ranked)) if _ends(ranked[i]))
        chosen = ranked[:width]
        chosen.extend([ranked[i] for i in node.ends if i >= width])
        include = self.include
        if include is not None and node is self.root:  # looked at first, whatever its rank
            chosen = [include, *(s for s in chosen if s != include)]
        return chosen

    def select(self, node: _Node, world: State) -> tuple[Step, bool]:
        """The step of the walk from ``node`` in ``world`` (see the module's text), and
        whether it is tried there for the first time (its node just made). Counts each
        step looked at as available."""
        steps = self.candidates(node, world)
        children = node.children
        step = next((s for s in steps if s not in children), None)
        expanded = step is not None
        for s in steps:
            got = children.get(s)
            if got is not None:
                got.available += 1
        if step is None:
            best = -1.0
            c = self.exploration
            for s in steps:
                child = children[s]
                ucb = child.wins / child.visits + c * math.sqrt(
                    math.log(child.available) / child.visits)
                if ucb > best:
                    best, step = ucb, s
            assert step is not None
        else:
            child = children[step] = _Node()
            child.available = 1
        return step, expanded

    def simulate(self) -> None:
        node = self.root
        walked: list[tuple[_Node, int]] = [(node, -1)]  # and the seat that stepped in
        expanded = False
        if self.paired:
            # the root's step first (its listing is the same in every world), then the
            # world, the draws and the playout's choices of that step's k-th simulation
            # from the k-th seed: each of the root's steps is tried in the same worlds
            step, expanded = self.select(node, self.first)
            node = node.children[step]
            seeds = self.seeds
            while len(seeds) <= node.visits:
                seeds.append(self.rng.getrandbits(64))
            rng = random.Random(seeds[node.visits])
            self.policy.rng = random.Random(rng.getrandbits(64))
            world = sample_state(self.observation, rng)
            advance(world, step)
            walked.append((node, self.seat))
        else:
            rng = self.rng
            world = sample_state(self.observation, rng)
        while not expanded and world.result is None:
            seat = world.current_player()
            if seat == CHANCE:
                draw = _draw(world, rng)
                child = node.children.get(draw)
                if child is None:
                    child = node.children[draw] = _Node()
                node = child
                walked.append((node, -1))
                advance(world, draw)
                continue
            step, expanded = self.select(node, world)
            node = node.children[step]
            advance(world, step)
            walked.append((node, seat))
        until = None
        span = self.span
        if span is not None:  # the start of the root's seat's turn, whole rounds later
            until = self.turn + span
            while world.turn.number >= until:  # the walk went past it: the next such turn
                until += len(world.players)
        _playout(world, self.policy, self.horizon, until)
        wins, margins = self.value(world)
        for child, seat in walked:
            child.visits += 1
            if seat >= 0:
                value = wins[seat]
                child.wins += value
                child.squares += value * value
                child.margin += margins[seat]

    def run(self, budget: int | None, seconds: float | None) -> list[Searched]:
        if budget is None and seconds is None:
            budget = DEFAULT_BUDGET
        deadline = None if seconds is None else time.monotonic() + seconds
        done = 0
        while (budget is None or done < budget) and (
                deadline is None or time.monotonic() < deadline or not done):
            self.simulate()
            done += 1
        order = {s: i for i, s in enumerate(self.root.ranked)}
        tried = sorted(self.root.children.items(),
                       key=lambda kv: (-kv[1].visits, -kv[1].wins / kv[1].visits,
                                       order.get(kv[0], len(order))))
        pooled = _pooled([(n.visits, n.wins, n.squares) for _, n in tried])
        out = []
        for step, n in tried:
            mean = n.wins / n.visits
            out.append(Searched(step, n.visits, n.visits / done, mean, n.margin / n.visits,
                                max(0.0, n.squares / n.visits - mean * mean),
                                _line(step, n), pooled))
        return out


def _pooled(sums: list[tuple[float, float, float]]) -> float:
    """The variance of every value of a root (``Searched.pooled``) from each step's
    visits, summed values and summed squares."""
    n = sum(v for v, _, _ in sums)
    if n < 2:
        return 0.25
    mean = sum(w for _, w, _ in sums) / n
    return max(0.0, sum(q for _, _, q in sums) / n - mean * mean)


def _line(step: Step, node: _Node) -> tuple[Step, ...]:
    """The expected continuation from ``node``, reached by ``step`` (``Searched.line``)."""
    line = [step]
    while len(line) < LINE and node.children:
        step, node = max(node.children.items(), key=lambda kv: kv[1].visits)
        if node.visits < LINE_VISITS:
            break
        line.append(step)
    return tuple(line)


def merge(searches: list[list[Searched]]) -> list[Searched]:
    """The root of several searches of one position (root parallelism: independent trees,
    their simulations summed step by step), most visited first as ``analyse`` orders it
    (ties: the better mean value, then the order first seen). A step's expected line is
    the one of the search that visited it most."""
    total = sum(s.visits for found in searches for s in found)
    summed: dict[Step, list[float]] = {}
    lines: dict[Step, tuple[int, tuple[Step, ...]]] = {}
    for found in searches:
        for s in found:
            got = summed.setdefault(s.step, [0, 0.0, 0.0, 0.0])
            got[0] += s.visits
            got[1] += s.win * s.visits
            got[2] += (s.spread + s.win * s.win) * s.visits
            got[3] += s.margin * s.visits
            if s.step not in lines or s.visits > lines[s.step][0]:
                lines[s.step] = (s.visits, s.line)
    order = {step: i for i, step in enumerate(summed)}
    pooled = _pooled([(n, wins, squares) for n, wins, squares, _ in summed.values()])
    out = []
    for step, (n, wins, squares, margin) in summed.items():
        visits = int(n)
        mean = wins / visits
        out.append(Searched(step, visits, visits / total, mean, margin / visits,
                            max(0.0, squares / visits - mean * mean), lines[step][1],
                            pooled))
    out.sort(key=lambda s: (-s.visits, -s.win, order[s.step]))
    return out


def analyse(observation: Observation, rng: random.Random, policy: Policy, prior: Prior,
            budget: int | None = None, seconds: float | None = None,
            horizon: int | None = None, include: Step | None = None,
            rounds: int | None = ROUNDS, value: Value | None = None,
            exploration: float = EXPLORATION, paired: bool | None = None
            ) -> list[Searched]:
    """The steps the search from ``observation`` tried at its root, most visited first,
    each with its visit share and mean results (see the module's text). The observing
    player must be the one to move. ``budget`` simulations (default ``DEFAULT_BUDGET``),
    or as many as ``seconds`` allow (at least one); playouts of ``rounds`` whole rounds
    (at least one), or ``horizon`` steps if fewer (None: no such limit). ``include``, a
    legal step of the player to move, is looked at whatever the prior thinks of it (to
    weigh a step played against the search's choice). ``exploration`` is UCB1's constant
    (``EXPLORATION`` unless given); ``paired``: the root's steps tried in the same worlds
    (see the module's text; False: each simulation draws its own, as ``mcts-v1``; None:
    paired where the player count is in ``PAIRED``)."""
    _check_rounds(rounds)
    table = sample_state(observation, random.Random(0))
    seat = table.current_player()
    if seat == TERMINAL:
        raise ValueError(f"no legal step: the game is over ({table.result})")
    if seat != observation.players.index(observation.player):
        who = "a draw from the bag" if seat == CHANCE else observation.players[seat]
        raise ValueError(f"the observing player, {observation.player}, is not to move: "
                         f"waiting for {who}")
    return _Search(observation, rng, policy, prior, horizon, rounds, include,
                   value, exploration, paired).run(budget, seconds)


class MCTSBot:
    """Information-set MCTS (see the module's text): ``budget`` simulations a step (the
    default ``DEFAULT_BUDGET``), or as many as ``seconds`` allow; playouts by ``policy``
    for ``rounds`` whole rounds (at least one) or ``horizon`` steps (either None: no such
    limit), steps looked at in the order of ``prior``. With ``moves_on`` it does not end
    its turn (or pass) where another step is about equal (see the module's text). At a
    draw from the bag it draws by the exact probabilities, with its ``rng``; a step with
    no alternative it takes unsearched. ``exploration`` is UCB1's constant
    (``EXPLORATION`` unless given); ``paired`` as ``analyse`` takes it."""

    def __init__(self, rng: random.Random, policy: Policy, prior: Prior,
                 budget: int | None = None, seconds: float | None = None,
                 horizon: int | None = None, rounds: int | None = ROUNDS,
                 moves_on: bool = True, value: Value | None = None,
                 exploration: float = EXPLORATION, paired: bool | None = None) -> None:
        if budget is not None and budget < 1:
            raise ValueError(f"budget is at least 1 simulation, not {budget}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds is more than 0, not {seconds}")
        _check_rounds(rounds)
        self.rng = rng
        self.policy = policy
        self.prior = prior
        self.horizon = horizon
        self.rounds = rounds
        self.moves_on = moves_on
        self.value = value
        self.exploration = exploration
        self.paired = paired
        self.budget = budget
        self.seconds = seconds

    def choose(self, state: State) -> Step:
        seat = state.current_player()
        if seat == CHANCE:
            return _draw(state, self.rng)
        if seat == TERMINAL:
            raise ValueError(f"no legal step: the game is over ({state.result})")
        return self.choose_for(observe(state, seat))

    def choose_for(self, observation: Observation) -> Step:
        """The step for the observing player (who must be to move), from the observation
        alone: the one the search visited most (or, with ``moves_on``, the most visited
        step about equal to it where it ends the turn or passes), or the only legal
        one."""
        only = only_step(sample_state(observation, random.Random(0)))
        if only is not None:
            return only
        found = analyse(observation, self.rng, self.policy, self.prior, self.budget,
                        self.seconds, self.horizon, rounds=self.rounds, value=self.value,
                        exploration=self.exploration, paired=self.paired)
        top = found[0]
        if self.moves_on and _ends(top.step):
            for other in found[1:]:
                if not _ends(other.step) and about_equal(top, other):
                    return other.step
        return top.step
