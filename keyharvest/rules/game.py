"""The game for programs: who moves, returns, exact chance, undo (issue 30).

What a search or a learning library asks of a game, over the engine's states and steps:

- ``current_player(state)`` is ``State.current_player()``: a seat, ``CHANCE`` or
  ``TERMINAL`` (OpenSpiel's ids);
- ``returns(state)``: a list by seat, the win share (or, asked, the points margin);
- ``chance_outcomes(state)``: every draw the bag may yield now, with its exact probability;
- ``push(state, step)`` / ``pop(state)``: python-chess's pair, a checked step in place and
  its undo.

The complete listing of steps and the integer actions over a factored decision live in
``rules.choices``. This module is not compiled (hatch_build.py): the engine's hot path
(``rules.push``) does not go through it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from ..model.state import CHANCE, TERMINAL, PendingKind, Result, State
from ..model.steps import Draw, Step
from . import engine
from .scoring import score

__all__ = ["CHANCE", "TERMINAL", "chance_outcomes", "pop", "push", "returns"]


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
    result = score(state)
    if kind == "margin":
        totals = [ps.total for ps in result.players]
        return [float(t - max(totals[:i] + totals[i + 1:], default=0))
                for i, t in enumerate(totals)]
    if state.result != Result.FINISHED or not result.winners:
        return [0.0] * len(state.players)
    share = 1.0 / len(result.winners)
    return [share if ps.player in result.winners else 0.0 for ps in result.players]


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

    The undo log holds, per step, the state's containers as they were, taken by
    ``State.copy`` before the step: the engine changes a state in many places (screens,
    stores, the bag, the frames), so the log keeps the whole table, not a list of changed
    fields. ``pop`` moves them back (some 30 attribute assignments): a pop costs less than a
    push; a ``push`` costs a copy more than ``rules.push`` (docs/api.md gives the figures).
    Picks of a step chosen by actions (``rules.choices``) not yet complete are dropped.
    """
    saved = state.copy()
    saved.picking = None
    engine.push(state, step)
    state.undo.append((saved, step))
    state.picking = None


def pop(state: State) -> Step:
    """Undo the last step applied by ``push`` or completed by ``choices.apply_action``, and
    return it: the state is again what it was before that step (with no picks pending).
    Raises ``IndexError`` when no step is left to undo (a copy starts with an empty log)."""
    if not state.undo:
        raise IndexError("pop: no step to undo (push or apply_action keep the undo log)")
    saved, step = state.undo.pop()
    log = state.undo
    for name in _RESTORED:
        setattr(state, name, getattr(saved, name))
    state.undo = log
    state.picking = None
    return step  # type: ignore[no-any-return]


#: Every field of a state, which ``pop`` moves back from the copy taken before the step.
_RESTORED: tuple[str, ...] = tuple(
    name for name in State.__slots__ if name not in ("undo", "picking"))
