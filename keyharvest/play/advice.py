"""Advice from the search bot (issue 31): the best next steps at a point (``hint``), and
a finished or unfinished game gone over decision by decision (``analyse_record``), as a
chess engine marks a game's mistakes.

Both search as ``bots.mcts`` does (``search.analyse``: greedy playouts, the points
prior), from what the player to move may know there (``view.observe``): advice never
uses another player's hidden crops; by default for ``search.ADVICE_BUDGET`` simulations a
decision, four times a bot's. A decision's search is seeded from the run's seed
and the decision's place in the record alone, so the same seed and budget give the same
advice on any machine, in any order.

**Honest advice.** Each step the search tried comes with a 95% interval on its value
(``Searched.noise``). Steps whose values are within the search's noise of the most
visited one (``about_equal``: the difference of two means is under ``Z95`` times the
standard error of that difference) are **about equal**: a hint shows them together and
names no single best among them (``Hint.equal``). The more simulations, the narrower the
intervals.

**Where.** A position of a record is named by the number of steps before it, as ``--to
N`` names it (``play.replay``): a decision made by the record's step ``N + 1`` is made at
position ``N``, and ``Decision.index`` is that ``N``, so ``hint --to N`` searches the
same decision.

An ``analyse_record`` decision is each step of the record made by a player (not a draw)
with a choice (more than one legal step). The search there looks at the step played
whatever its prior (``include``), so the step played and the search's best are weighed
in the same simulations; the **loss** is how much the best's mean value (the win share,
or the standing on points where a playout stopped before the end: ``search.standing``) exceeds the
played step's, never below 0. A loss is marked only where it is more than the noise of
that difference: ``?`` from ``MISTAKE``, ``??`` from ``BLUNDER``.

**Parallel.** ``jobs`` above 1 searches a hint as that many independent searches (root
parallelism), each of its part of the budget and its own seed drawn from the hint's,
whose roots are summed (``search.merge``): the same seed and ``jobs`` give the same hint.
``analyse_record`` gives its decisions to ``jobs`` processes, each searched as with one:
the same decisions whatever ``jobs`` is.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass

from ..formats.records import Record, replay
from ..model.state import CHANCE, TERMINAL, State
from ..model.steps import Step
from ..rules import advance
from ..rules.view import observe
from .bots import GreedyBot, points_after
from .bounds import check_search
from .search import ADVICE_BUDGET, Searched, about_equal, analyse, merge, only_step

__all__ = ["BLUNDER", "MISTAKE", "Decision", "Hint", "about_equal", "analyse_record",
           "decisions", "hint", "search_at", "weigh", "weigh_all"]

#: The losses (in mean value, 0..1) marked ``?`` and ``??``.
MISTAKE = 0.1
BLUNDER = 0.2


def search_at(state: State, rng: random.Random, budget: int | None = None,
              seconds: float | None = None, include: Step | None = None,
              horizon: int | None = None, jobs: int = 1) -> list[Searched]:
    """``search.analyse`` as ``bots.mcts`` searches, for the player to move in ``state``
    from their observation, ``budget`` simulations (by default ``ADVICE_BUDGET``, more
    than a bot's) or ``seconds``; with ``jobs`` above 1, that many searches of a part of
    the budget each, in as many processes, merged (see the module's text). Raises
    ``ValueError`` where no player is to move (a draw from the bag is due, or the game is
    over), and for a budget or time out of bounds (``play.bounds``)."""
    check_search(budget, seconds)
    seat = state.current_player()
    if seat == TERMINAL:
        raise ValueError(f"no legal step: the game is over ({state.result})")
    if seat == CHANCE:
        raise ValueError(f"no player is to move: waiting for {state.pending.describe()}")
    if budget is None and seconds is None:
        budget = ADVICE_BUDGET
    if jobs > 1:
        seeds = [rng.getrandbits(64) for _ in range(jobs)]
        parts = [None if budget is None else budget // jobs + (i < budget % jobs)
                 for i in range(jobs)]
        tasks = [(state, seed, part, seconds, include, horizon)
                 for seed, part in zip(seeds, parts) if part is None or part > 0]
        from .pool import ordered_map

        return merge(list(ordered_map(_search_part, tasks, len(tasks))))
    policy = GreedyBot(random.Random(rng.getrandbits(64)), explore=0.0)
    return analyse(observe(state, seat), rng, policy, points_after, budget, seconds, horizon,
                   include)


def _search_part(task: tuple[State, int, int | None, float | None, Step | None, int | None]
                 ) -> list[Searched]:
    """One of the searches of ``search_at(jobs=N)``, in a worker process."""
    state, seed, budget, seconds, include, horizon = task
    return search_at(state, random.Random(seed), budget, seconds, include, horizon)


def _beyond_noise(best: Searched, other: Searched) -> float:
    """How far ``other`` is below ``best`` past the noise of the difference (0 if not)."""
    return max(0.0, best.win - other.win - math.hypot(best.noise, other.noise))


@dataclass(frozen=True)
class Hint:
    """The search's advice at a position: for ``player`` (to move there, in ``turn``),
    every step it tried (``found``, most visited first) in ``simulations`` simulations.
    The first ``equal`` of ``found`` are the most visited step and those about equal to it
    (``about_equal``), so ``equal`` is 1 where one step is best beyond the noise. The
    expected line and points margin are those of ``found[0]`` (``Searched.line``,
    ``Searched.margin``)."""

    player: str
    turn: int
    found: list[Searched]
    equal: int
    simulations: int

    @property
    def best(self) -> Searched | None:
        """The one best step, or None where several are about equal."""
        return self.found[0] if self.equal == 1 else None


def hint(state: State, *, budget: int | None = None, seconds: float | None = None,
         seed: int = 0, jobs: int = 1) -> Hint:
    """The search's advice for the player to move in ``state`` (see ``Hint``): the steps
    about equal to the most visited first (most visited first among them), then the
    others, most visited first."""
    rng = random.Random(f"keyharvest-hint:{seed}")
    found = search_at(state, rng, budget, seconds, jobs=jobs)
    top = found[0]
    equal = [s for s in found if s is top or about_equal(top, s)]
    rest = [s for s in found if s is not top and not about_equal(top, s)]
    return Hint(state.colours[state.current_player()], state.turn.number, equal + rest,
                len(equal), sum(s.visits for s in found))


@dataclass(frozen=True)
class Decision:
    """One decision of a record (see the module's text): made at position ``index`` (the
    state after ``index`` steps, ``--to index``; the record's step ``index + 1`` is the
    step played), in ``turn``, by ``player``; the step played and the search's best, as
    the search saw them; the ``loss`` in mean value and in mean points margin
    (``margin_loss``), the ``noise`` of that loss (under which it is no mistake) and its
    mark."""

    index: int
    turn: int
    player: str
    played: Searched
    best: Searched
    loss: float
    margin_loss: float
    mark: str
    simulations: int
    noise: float = 0.0


def _mark(loss: float, noise: float) -> str:
    """``?`` or ``??`` for a ``loss`` more than its ``noise`` (see the module's text)."""
    if loss <= noise:
        return ""
    return "??" if loss >= BLUNDER else "?" if loss >= MISTAKE else ""


def decisions(record: Record, player: str | None = None) -> list[tuple[int, State, Step]]:
    """The decisions of ``record`` (of ``player`` alone, if given): the index of each
    step that is one, the state it was made in, and the step. Raises the record's
    ``IllegalStep`` if it does not replay."""
    rep = replay(record, each=True)
    if rep.error is not None:
        raise rep.error
    assert rep.states is not None
    implied: dict[int, list[Step]] = {}
    for at, step in rep.implied:
        implied.setdefault(at, []).append(step)
    out = []
    for i, step in enumerate(record.steps[:rep.applied]):
        before = rep.states[i]
        if i in implied:  # the passes the record left out before this step
            before = before.copy()
            for passed in implied[i]:
                advance(before, passed)
        seat = before.current_player()
        if seat < 0 or (player is not None and before.colours[seat] != player):
            continue
        if only_step(before) is None:
            out.append((i, before, step))
    return out


def weigh(index: int, state: State, step: Step, *, budget: int | None = None,
          seconds: float | None = None, seed: int = 0) -> Decision:
    """The decision of step ``index`` (``step``, made in ``state``), searched."""
    rng = random.Random(f"keyharvest-analyse:{seed}:{index}")
    found = search_at(state, rng, budget, seconds, include=step)
    best = found[0]
    played = next(s for s in found if s.step == step)
    loss = max(0.0, best.win - played.win)
    noise = 0.0 if played is best else math.hypot(best.noise, played.noise)
    simulations = sum(s.visits for s in found)
    return Decision(index, state.turn.number, state.colours[state.current_player()], played,
                    best, loss, max(0.0, best.margin - played.margin), _mark(loss, noise),
                    simulations, noise)


def _weigh(task: tuple[int, State, Step, int | None, float | None, int]) -> Decision:
    index, state, step, budget, seconds, seed = task
    return weigh(index, state, step, budget=budget, seconds=seconds, seed=seed)


def weigh_all(todo: list[tuple[int, State, Step]], *, budget: int | None = None,
              seconds: float | None = None, seed: int = 0, jobs: int = 1
              ) -> Iterator[Decision]:
    """``weigh`` of each of ``todo`` (``decisions``' list), in order, over ``jobs``
    processes: the same decisions whatever ``jobs`` is."""
    tasks = [(index, state, step, budget, seconds, seed) for index, state, step in todo]
    if jobs == 1:
        yield from map(_weigh, tasks)
        return
    from .pool import ordered_map

    yield from ordered_map(_weigh, tasks, jobs)


def analyse_record(record: Record, *, player: str | None = None, budget: int | None = None,
                   seconds: float | None = None, seed: int = 0, jobs: int = 1
                   ) -> Iterator[Decision]:
    """Each decision of ``record`` (of ``player`` alone, if given), in order, searched."""
    yield from weigh_all(decisions(record, player), budget=budget, seconds=seconds,
                         seed=seed, jobs=jobs)
