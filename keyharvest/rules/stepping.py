"""Steps checked and applied: ``advance`` (a step in place, or ``IllegalStep`` and no change),
``settle`` (the work that needs no decision), ``advance_steps`` (the replay loop),
``is_legal`` and ``apply`` (a new state).

They run the frames of ``rules.engine`` (the step machine: its module text says what a
frame does), and live apart from it to be compiled with the rules (``hatch_build.py``):
``rules/engine.py``, the frames' base class, stays pure Python.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..errors import IllegalStep, Span
from ..model.state import PendingKind, Result, State
from ..model.steps import Draw, Step
from .engine import CONTINUE, OVER, resolving_event

__all__ = ["advance", "advance_steps", "apply", "blame", "is_legal", "out_of_turn", "settle",
           "step_span"]


def settle(state: State) -> None:
    """Run automatic work until a frame waits for a step; set ``state.pending``."""
    stack = state.stack
    while True:
        if not stack:
            state.pending = OVER
            return
        result = state.top().settle(state)
        if result is None:
            stack.pop()
        elif result is CONTINUE:
            continue
        else:
            state.pending = result
            return


def advance(state: State, step: Step) -> None:
    """Check ``step`` and apply it to ``state`` in place.

    Raises ``IllegalStep`` (with the RULES.md id) and leaves ``state`` unchanged when the
    step is not legal here.
    """
    # the hot path of replay and self-play: the checks are ordered for the common cases
    pending = state.pending
    if state.result is not None:
        if state.result == Result.UNFINISHED:  # stopped by the technical turn limit
            limit = f" (max_turns = {state.max_turns})" if state.max_turns else ""
            raise IllegalStep("I.10", f"the game stopped unfinished at the turn limit{limit}: "
                              "no step is legal", step=step, span=step_span(step))
        raise IllegalStep("F.4", f"the game is {state.result}: no step is legal",
                          step=step, span=step_span(step))
    player = step.player
    if (type(step) is Draw) != (pending.kind == PendingKind.CHANCE) or (
            player != pending.player and pending.kind != PendingKind.CHANCE):
        raise out_of_turn(state, step)
    try:
        waits = state.top().apply(state, step)
    except IllegalStep as exc:
        blame(exc, step)
        raise
    state.steps += 1
    if waits is None:
        settle(state)
    else:  # the frame knows what comes next (see Frame.apply)
        state.pending = waits


def out_of_turn(state: State, step: Step) -> IllegalStep:
    """The refusal of a step the game does not wait for: a step by a player whose decision
    it is not, a draw where no draw is due, or another step where a draw is due. It cites
    the section that says whose decision or which draw comes next, not the rule of what the
    game waits for (I.54)."""
    pending = state.pending
    waiting = pending.describe()
    if pending.kind == PendingKind.CHANCE:  # a step other than a draw
        got = state.stack[-1].refusal(state)
        rule, why = got if got is not None else (pending.rule, "")
        message = f"a draw from the bag is due ({pending.purpose}), not {step.text()!r}{why}"
    elif type(step) is Draw:
        event = next((getattr(f, "letter", "") for f in reversed(state.stack) if f.is_event),
                     None)
        if state.filled_at == state.steps:
            rule, message = "F.1", (f"no draw is due: the registry gap is filled already "
                                    f"(waiting for {waiting})")
        elif event is not None:
            rule, message = "F.2", (f"no draw is due: the event {event} placed on the track "
                                    f"is resolved first (waiting for {waiting})")
        else:
            rule = "C.1" if pending.kind == PendingKind.TURN else pending.rule
            message = f"no draw is due: waiting for {waiting}"
    else:  # another player's decision
        in_event = resolving_event(state)
        rule = "E.1" if in_event else "C.1"
        order = ": events are answered in event order, the drawer first, then clockwise" \
            if in_event else ""
        message = (f"it is {pending.player}'s decision, not {step.player}'s (waiting for "
                   f"{waiting}){order}")
    return IllegalStep(rule, message, step=step, player=step.player, span=step_span(step))


def blame(exc: IllegalStep, step: Step) -> IllegalStep:
    """``exc``, raised by a frame, with the step it refused and where it was written."""
    if exc.step is None:
        exc.step = step
        exc.player = step.player
    if exc.span is None:
        exc.span = step_span(step)
    return exc


def advance_steps(state: State, steps: Iterable[Step],
               fill: Callable[[State, Step], None] | None = None) -> None:
    """``advance`` each of ``steps`` in turn, stopping at the first illegal one (it raises
    ``IllegalStep``; ``state.steps`` counts the steps applied).

    Before a step by a player other than the one the game waits for, ``fill(state, step)``
    may apply steps of its own (the passes a record leaves out, I.37).

    This is the replay loop with ``advance`` inlined for the steps that pass its first checks
    (a call per step was 5% of a replay); any other step goes through ``advance`` itself,
    which raises the same error it always does. When the frame's ``apply`` returns what
    the game waits for next (the turn frame does), there is nothing to settle.
    """
    stack = state.stack
    for step in steps:
        pending = state.pending
        player = step.player
        if player != pending.player:
            if fill is not None and pending.player is not None:
                fill(state, step)
                pending = state.pending
            if player != pending.player:
                advance(state, step)  # not the common case: advance says what is wrong
                continue
        # a decision by the player asked (a draw has no player, so it is never one), or a
        # draw when a draw is due
        if state.result is not None or (
                player is None and (type(step) is not Draw or pending.kind != PendingKind.CHANCE)):
            advance(state, step)
            continue
        try:
            waits = stack[-1].apply(state, step)
        except IllegalStep as exc:
            blame(exc, step)
            raise
        state.steps += 1
        if waits is not None:  # the frame knows what comes next: no settle
            state.pending = waits
            continue
        while stack:  # settle(state), inlined
            result = stack[-1].settle(state)
            if result is None:
                stack.pop()
            elif result is not CONTINUE:
                state.pending = result
                break
        else:
            state.pending = OVER


def apply(state: State, step: Step) -> State:
    """A new state: ``state`` after ``step``. ``state`` itself is not changed."""
    new = state.copy()
    advance(new, step)
    return new


def is_legal(state: State, step: Step) -> bool:
    """Whether ``step`` may come next: applied in place and taken back (``State.begin``,
    ``State.undo``: what the step changed, not a copy of the table); ``state`` is as it was
    after, a step being kept by the caller's own undo included."""
    outer = state.undoing
    undo = state.begin()
    try:
        advance(state, step)
    except IllegalStep:
        return False
    finally:
        state.undoing = outer
        state.undo(undo)
    return True


def step_span(step: Step) -> Span | None:
    return getattr(step, "span", None)
