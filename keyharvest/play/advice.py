"""Advice from the search bot (issue 31): the best next steps at a point (``hint``), and
a finished or unfinished game gone over decision by decision (``analyse_record``), as a
chess engine marks a game's mistakes.

Both search as ``bots.mcts`` does (``search.analyse``: greedy playouts, the points
prior), from what the player to move may know there (``view.observe``): advice never
uses another player's hidden crops. A decision's search is seeded from the run's seed
and the decision's place in the record alone, so the same seed and budget give the same
advice on any machine, in any order.

An ``analyse_record`` decision is each step of the record made by a player (not a draw)
with a choice (more than one legal step). The search there looks at the step played
whatever its prior (``include``), so the step played and the search's best are weighed
in the same simulations; the **loss** is how much the best's mean value (the win share,
or the standing on points where a playout stopped before the end: ``search._value``)
exceeds the played step's, never below 0. A loss of at least ``MISTAKE`` is marked
``?``, of at least ``BLUNDER`` ``??``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from ..formats.records import Record, replay
from ..model.state import CHANCE, TERMINAL, State
from ..model.steps import Step
from ..rules import push as rules_push
from .bots import GreedyBot, points
from .bounds import check_search
from .search import HORIZON, Searched, analyse, only_step
from .view import observe

__all__ = ["BLUNDER", "MISTAKE", "Decision", "analyse_record", "decisions", "hint", "search_at",
           "weigh"]

#: The losses (in mean value, 0..1) marked ``?`` and ``??``.
MISTAKE = 0.1
BLUNDER = 0.2


def search_at(state: State, rng: random.Random, budget: int | None = None,
              seconds: float | None = None, include: Step | None = None,
              horizon: int = HORIZON) -> list[Searched]:
    """``search.analyse`` as ``bots.mcts`` searches, for the player to move in ``state``
    from their observation. Raises ``ValueError`` where no player is to move (a draw
    from the bag is due, or the game is over), and for a budget or time out of bounds
    (``play.bounds``)."""
    check_search(budget, seconds)
    seat = state.current_player()
    if seat == TERMINAL:
        raise ValueError(f"no legal step: the game is over ({state.result})")
    if seat == CHANCE:
        raise ValueError(f"no player is to move: waiting for {state.pending.describe()}")
    policy = GreedyBot(random.Random(rng.getrandbits(64)), explore=0.0)
    return analyse(observe(state, seat), rng, policy, points, budget, seconds, horizon,
                   include)


def hint(state: State, *, budget: int | None = None, seconds: float | None = None,
         seed: int = 0, top: int = 3) -> list[Searched]:
    """The search's ``top`` best next steps for the player to move in ``state`` (fewer if
    it tried fewer), best first, each with its visit share and expected result."""
    rng = random.Random(f"keyharvest-hint:{seed}")
    return search_at(state, rng, budget, seconds)[:top]


@dataclass(frozen=True)
class Decision:
    """One decision of a record (see the module's text): the record's step ``index``
    (0-based: the state after ``index`` steps is where it was made), in ``turn``, by
    ``player``; the step played and the search's best, as the search saw them; the
    ``loss`` in mean value and in mean points margin (``margin_loss``) and its mark."""

    index: int
    turn: int
    player: str
    played: Searched
    best: Searched
    loss: float
    margin_loss: float
    mark: str
    simulations: int


def _mark(loss: float) -> str:
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
                rules_push(before, passed)
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
    simulations = sum(s.visits for s in found)
    return Decision(index, state.turn.number, state.colours[state.current_player()], played,
                    best, loss, max(0.0, best.margin - played.margin), _mark(loss),
                    simulations)


def analyse_record(record: Record, *, player: str | None = None, budget: int | None = None,
                   seconds: float | None = None, seed: int = 0) -> Iterator[Decision]:
    """Each decision of ``record`` (of ``player`` alone, if given), in order, searched."""
    for index, state, step in decisions(record, player):
        yield weigh(index, state, step, budget=budget, seconds=seconds, seed=seed)
