"""Events that move workers (RULES.md E.3): X Relocation, Y Day Off.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import filterfalse

from ...errors import IllegalStep
from ...model.catalogue import WORKERS
from ...model.state import PlayerState, State
from ...model.steps import (
    Move,
    Remove,
    Step,
    maker,
)
from ..placement import (
    around_tiles,
    placement_error,
    put_worker,
    send_back,
)
from . import register
from .base import OneAnswerFrame

# The steps the listings build, made by ``steps.maker`` (a third of a constructor's cost)
_make_move = maker(Move)
_make_remove = maker(Remove)
NUMBER = {letter: w.number for letter, w in WORKERS.items()}  # a worker's number, by letter


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
        """Each worker, in space order, with each new space ``legal_spaces`` gives it when
        it moves from its own: judged here for every worker from one look-up of the spaces
        next to the tiles (``around_tiles``), not ``legal_spaces`` per worker (each looked
        the tiles up again and built its lists: a Relocation cost some 130,000
        instructions).. Only the move drawn is built."""
        fields, order = around_tiles(state.board, tuple(p.tiles))
        neighbours = state.board.neighbours
        workers = sorted(p.workers.items())
        moves: list[tuple[str, list[str]]] = []
        n = 0
        for old, letter in workers:
            number = NUMBER[letter]
            # the spaces next to enough field tiles, not next to another worker, not one
            # holding a worker as high, and not its own (D.1, E.3): ``legal_spaces``
            taken = {old}
            for space, worker in workers:
                if space != old:
                    taken.update(neighbours[space])
                    if NUMBER[worker] >= number:
                        taken.add(space)
            if number > 1:
                spaces = [s for s in order if fields[s] >= number and s not in taken]
            else:
                spaces = list(filterfalse(taken.__contains__, order))
            if spaces:
                moves.append((letter, spaces))
                n += len(spaces)
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
