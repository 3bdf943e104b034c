"""Events that move workers (RULES.md E.3): X Relocation, Y Day Off.
"""

from __future__ import annotations

from collections.abc import Callable

from ...errors import IllegalStep
from ...model.state import PlayerState, State
from ...model.steps import (
    Move,
    Remove,
    Step,
    maker,
)
from ..placement import (
    legal_spaces,
    placement_error,
    put_worker,
    send_back,
)
from . import register
from .base import OneAnswerFrame

# The steps the listings build, made by ``steps.maker`` (a third of a constructor's cost)
_make_move = maker(Move)
_make_remove = maker(Remove)


# -- X: Relocation --------------------------------------------------------------------------
class RelocationFrame(OneAnswerFrame):
    """X (bell): move one worker under D.1, without its ability (E.3)."""

    letter = "X"
    answer_types = (Move,)
    what = "a worker to move, or pass"

    def answer(self, state: State, p: PlayerState, step: Step) -> None:
        assert isinstance(step, Move)
        old = p.worker_space(step.worker)
        if old is None:
            raise IllegalStep(self.rule, f"worker {step.worker} is not on {p.colour}'s board")
        if step.space == old:
            raise IllegalStep(self.rule, f"{step.worker} is already at {old}: X moves it to a "
                              "new space")
        why = placement_error(state, p, step.worker, step.space, moving_from=old)
        if why:
            raise IllegalStep("D.1", f"cannot move {step.worker} to {step.space}: {why}")
        del p.workers[old]
        put_worker(state, p, step.worker, step.space)  # no ability (E.3)

    def counted_answers(self, state: State, p: PlayerState) -> tuple[int, Callable[[int], Step]]:
        moves = []
        for old, letter in sorted(p.workers.items()):
            spaces = legal_spaces(state, p, letter, moving_from=old)  # a new list
            if old in spaces:  # it moves to a new space
                spaces.remove(old)
            moves.append((letter, spaces))
        n = sum(len(spaces) for _, spaces in moves)
        colour = p.colour

        def move(i: int) -> Step:
            for letter, spaces in moves:
                if i < len(spaces):
                    return _make_move(colour, (letter, spaces[i]), None)
                i -= len(spaces)
            raise IndexError(i)  # pragma: no cover - i < n

        return n, move


# -- Y: Day Off -----------------------------------------------------------------------------
class DayOffFrame(OneAnswerFrame):
    """Y (bell): remove one worker from the board (E.3, I.28)."""

    letter = "Y"
    answer_types = (Remove,)
    what = "a worker to remove, or pass"

    def answer(self, state: State, p: PlayerState, step: Step) -> None:
        assert isinstance(step, Remove)
        space = p.worker_space(step.worker)
        if space is None:
            raise IllegalStep(self.rule, f"worker {step.worker} is not on {p.colour}'s board")
        del p.workers[space]
        send_back(state, p, step.worker)

    def counted_answers(self, state: State, p: PlayerState) -> tuple[int, Callable[[int], Step]]:
        """Each worker on the board, in letter order."""
        letters = sorted(p.workers.values())
        colour = p.colour
        return len(letters), lambda i: _make_remove(colour, (letters[i],), None)


register(RelocationFrame, DayOffFrame)
