"""The game for programs: who moves, returns, exact chance, undo (issue 30).

What a search or a learning library asks of a game, over the engine's states and steps:

- ``current_player(state)`` is ``State.current_player()``: a seat, ``CHANCE`` or
  ``TERMINAL`` (OpenSpiel's ids);
- ``returns(state)``: a list by seat, the win share (or, asked, the points margin);
- ``chance_outcomes(state)``: every draw the bag may yield now, with its exact probability;
- ``push(state, step)`` / ``pop(state)``: python-chess's pair, a checked step in place and
  its undo; ``step_stack(state)``, the steps ``pop`` would undo.

The complete listing of steps and the integer actions over a factored decision live in
``rules.choices``. This module is not compiled (hatch_build.py): the engine's hot path
(``rules.push``) does not go through it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from ..model.state import (
    CHANCE,
    TERMINAL,
    PendingKind,
    PlayerState,
    Result,
    StackFrame,
    State,
    StoreItem,
    Turn,
)
from ..model.steps import Draw, Step
from . import engine
from .scoring import score

__all__ = ["CHANCE", "TERMINAL", "chance_outcomes", "outcome", "pop", "push", "returns",
           "step_stack"]


def returns(state: State, kind: Literal["win", "margin"] = "win") -> list[float]:
    """What each seat (index in ``state.players``) gets from the game, a list by seat.

    ``kind="win"`` (the default) is the **win share**: once the game is finished (F.4),
    each winner after both tie-breaks (G) gets ``1 / len(winners)`` and everyone else 0,
    so the returns sum to 1; before the end, and for a game stopped unfinished at the turn
    limit (I.10, I.55: no winner), every seat gets 0.

    ``kind="margin"`` is the **points margin**: each seat's total (G.1–G.4) less the best
    total of the others, at any moment (the standings so far before the end).

    Raises ``ValueError`` for another ``kind``.
    """
    if kind not in ("win", "margin"):
        raise ValueError(f"returns: kind is 'win' or 'margin', not {kind!r}")
    win, margin, _ = outcome(state)
    return margin if kind == "margin" else win


def outcome(state: State) -> tuple[list[float], list[float], list[int]]:
    """Both kinds of ``returns`` and each seat's total, from one scoring: ``(win share,
    points margin, totals)``, lists by seat."""
    result = score(state)
    totals = [ps.total for ps in result.players]
    margin = [float(t - max(totals[:i] + totals[i + 1:], default=0))
              for i, t in enumerate(totals)]
    if state.result != Result.FINISHED or not result.winners:
        return [0.0] * len(state.players), margin, totals
    share = 1.0 / len(result.winners)
    win = [share if ps.player in result.winners else 0.0 for ps in result.players]
    return win, margin, totals


def chance_outcomes(state: State) -> list[tuple[Draw, Fraction]]:
    """Every draw the bag may yield now, with its exact probability (RULES.md F.1, E.2,
    B.8), in the order of ``legal_steps`` (sorted items); the probabilities sum to 1. An
    empty list when no draw is due.

    The bag (``state.bag``) holds the field tiles and events that may come out; events set
    aside (E.2) are outside it until they return. Each tile really in the bag is equally
    likely. With 3 or 4 players, ``state.hidden_removed`` events were removed at setup
    unseen (B.8): they are counted in ``state.bag`` but never come out. Which ones is
    unknown; the state keeps no record of which events in the bag were seen before, so they
    are taken as any ``hidden_removed`` of the bag's events, uniformly: a field tile comes
    out with probability ``1 / bag_count``, each event with ``(E - h) / E / bag_count``
    (``E`` events in the bag, ``h`` removed unseen, ``bag_count = len(bag) - h``). With no
    event removed unseen (2 players, or every removed event known) every item in the bag
    has ``1 / len(bag)``.
    """
    if state.result is not None or state.pending.kind != PendingKind.CHANCE:
        return []
    items = sorted(item for item in state.bag if state.can_draw(item))
    events = sum(1 for item in state.bag if item.isalpha())
    hidden = state.hidden_removed
    real = len(state.bag) - hidden
    if real <= 0 or not items:
        return []
    tile = Fraction(1, real)
    event = Fraction(events - hidden, events * real) if events else Fraction(0)
    return [(Draw(item), event if item.isalpha() else tile) for item in items]


def push(state: State, step: Step) -> None:
    """Check ``step`` and apply it to ``state`` in place, keeping what ``pop`` needs to
    undo it (``rules.push`` with an undo log). Raises ``IllegalStep`` (with the RULES.md
    id) and leaves ``state`` unchanged when the step is not legal here.

    The undo log (``state.undo``) holds, per step, the state's plain values as they were
    (the turn, what the game waited for, the counters) and, of its containers (the stock,
    the registry, the bag, the track …, each player's tiles, workers, supply, store and
    screen), the copies of those the step changed: every container is copied before the
    step, and after it the copies of those left equal are dropped, so the log keeps only
    what changed (the frame stack is always kept: frames change in place). A push costs a
    copy of the containers and their comparison more than ``rules.push``; ``pop`` puts
    back what the log kept, a handful of assignments: less than a push. Picks of a step
    chosen by actions (``play.choices``) not yet complete are dropped.
    """
    # written out field by field, not by ``getattr`` over names: a push through the API is
    # a search's inner loop, and this is most of its cost
    players = state.players
    stock, registry, bag, town = state.stock[:], state.registry[:], state.bag.copy(), \
        state.town.copy()
    track, fallow, removed, set_aside = state.track[:], state.fallow[:], state.removed[:], \
        state.set_aside[:]
    spent, in_hand = state.spent[:], state.in_hand[:]
    mine = [(p.tiles.copy(), p.workers.copy(), p.supply.copy(),
             [StoreItem(it.tile, it.bid[:]) for it in p.store], p.screen[:])
            for p in players]
    plain = (state.board, state.hidden_removed, state.end_countdown, state.end_trigger,
             state.max_turns, state.result, state.pending, state.steps, state.filled_at,
             state.drawn)
    turn = state.turn
    was = Turn(turn.player, turn.number, turn.used, turn.count)
    stack = [f.copy() for f in state.stack]
    engine.push(state, step)
    changed: list[tuple[object, str, object]] = []
    for name, now, old in (("stock", state.stock, stock), ("registry", state.registry, registry),
                           ("bag", state.bag, bag), ("town", state.town, town),
                           ("track", state.track, track), ("fallow", state.fallow, fallow),
                           ("removed", state.removed, removed),
                           ("set_aside", state.set_aside, set_aside),
                           ("spent", state.spent, spent), ("in_hand", state.in_hand, in_hand)):
        if now != old:
            changed.append((state, name, old))
    for p, (tiles, workers, supply, store, screen) in zip(players, mine):
        if p.tiles != tiles:
            changed.append((p, "tiles", tiles))
        if p.workers != workers:
            changed.append((p, "workers", workers))
        if p.supply != supply:
            changed.append((p, "supply", supply))
        if p.store != store:
            changed.append((p, "store", store))
        if p.screen != screen:
            changed.append((p, "screen", screen))
    state.undo.append(_Undo(step, plain, was, stack, tuple(players), changed))
    state.picking = None


class _Undo:
    """One entry of the undo log (see ``push``)."""

    __slots__ = ("changed", "plain", "players", "stack", "step", "turn")

    def __init__(self, step: Step, plain: tuple[object, ...], turn: Turn,
                 stack: list[StackFrame], players: tuple[PlayerState, ...],
                 changed: list[tuple[object, str, object]]) -> None:
        self.step = step
        self.plain = plain
        self.turn = turn
        self.stack = stack
        self.players = players
        self.changed = changed


def pop(state: State) -> Step:
    """Undo the last step applied by ``push`` or completed by ``play.choices.apply_action``,
    and return it: the state is again what it was before that step (with no picks pending).
    Raises ``IndexError`` when no step is left to undo (a copy starts with an empty log)."""
    if not state.undo:
        raise IndexError("pop: no step to undo (push or apply_action keep the undo log)")
    entry: _Undo = state.undo.pop()
    for name, value in zip(_PLAIN, entry.plain):
        setattr(state, name, value)
    state.turn = entry.turn
    state.stack = entry.stack
    state.players = list(entry.players)
    for owner, name, value in entry.changed:
        setattr(owner, name, value)
    state.picking = None
    return entry.step


def step_stack(state: State) -> list[Step]:
    """The steps ``pop`` would undo, oldest first (python-chess's ``move_stack``): those
    pushed by ``push`` or completed by ``play.choices.apply_action`` since the state was
    made or copied, less those popped."""
    return [entry.step for entry in state.undo]


#: The state's containers (each a list or a set of immutable items), copied before a step
#: and kept in the log when the step changed them.
_CONTAINERS = ("stock", "registry", "bag", "town", "track", "fallow", "removed", "set_aside",
               "spent", "in_hand")
#: The fields of a player that a step may change (``PlayerState``; the colour never does).
_PLAYER_FIELDS = ("tiles", "workers", "supply", "store", "screen")
#: The state's plain values (immutable), kept in the log as they were.
_PLAIN = ("board", "hidden_removed", "end_countdown", "end_trigger", "max_turns", "result",
          "pending", "steps", "filled_at", "drawn")
