"""Events that move workers (RULES.md E.3): X Relocation, Y Day Off.
"""

from __future__ import annotations

from collections.abc import Callable

from ...errors import IllegalStep
from ...model.catalogue import WORKERS
from ...model.state import PlayerState, State
from ...model.steps import (
    Move,
    Remove,
    Step,
    maker,
)
from ..actions import board_bits, touch_masks
from ..engine import mypyc_attr
from ..placement import (
    placement_error,
    put_worker,
    register_events,
    send_back,
)
from .base import OneAnswerFrame

# The steps the listings build, made by ``steps.maker``
_make_move = maker(Move)
_make_remove = maker(Remove)
NUMBER = {letter: w.number for letter, w in WORKERS.items()}  # a worker's number, by letter


# -- X: Relocation --------------------------------------------------------------------------
@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
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
        state.touch(p.workers)
        del p.workers[old]
        put_worker(state, p, step.worker, step.space)  # no ability (E.3)

    def counted_answers(self, state: State, p: PlayerState) -> tuple[int, Callable[[int], Step]]:
        """Each worker, in space order, with each new space ``legal_spaces`` gives it when
        it moves from its own, in board order: the spaces as bits of an int, as the turn
        counts its plays (``actions._count_plays``: the spaces next to at least n tiles,
        ``touch_masks``, less those next to another worker, holding one as high, or its
        own), counted by ``int.bit_count``; only the move drawn is built (``legal_spaces``
        per worker cost some 130,000 instructions a Relocation)."""
        board = state.board
        masks = touch_masks(board, tuple(p.tiles))[0]
        bit, near = board_bits(board)
        workers = sorted(p.workers.items())
        moves: list[tuple[str, int, int]] = []  # (a worker, its spaces' mask, how many)
        n = 0
        for old, letter in workers:
            number = NUMBER[letter]
            legal = masks[number] & ~bit[old]  # it moves to a new space
            for space, worker in workers:
                if space != old:
                    legal &= ~near[space]  # not next to another worker (D.1)
                    if NUMBER[worker] >= number:  # only a higher worker replaces one
                        legal &= ~bit[space]
            if legal:
                k = legal.bit_count()
                moves.append((letter, legal, k))
                n += k
        colour = p.colour
        order = board.order

        def move(i: int) -> Step:
            for letter, legal, k in moves:
                if i < k:
                    for _ in range(i):
                        legal &= legal - 1  # the lowest space less
                    return _make_move(colour, (letter, order[(legal & -legal).bit_length() - 1]),
                                      None)
                i -= k
            raise IndexError(i)  # pragma: no cover - i < n

        return n, move


# -- Y: Day Off -----------------------------------------------------------------------------
@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: see Frame
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
        state.touch(p.workers)
        del p.workers[space]
        send_back(state, p, step.worker)

    def counted_answers(self, state: State, p: PlayerState) -> tuple[int, Callable[[int], Step]]:
        """Each worker on the board, in letter order."""
        letters = sorted(p.workers.values())
        colour = p.colour
        return len(letters), lambda i: _make_remove(colour, (letters[i],), None)


register_events(RelocationFrame, DayOffFrame)
