"""Workers on the board: re-placing a displaced worker (D.2) and starting abilities (D.3–D.4).

``ABILITIES`` maps a worker letter to a factory that returns the frame asking for the
ability's choices. A worker with no entry has no ability: it is placed for its points only.
The frames of abilities A–L live in ``abilities.py``, which fills ``ABILITIES`` at import.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..catalogue import WORKERS
from ..errors import IllegalStep
from ..state import Pending, State, pending
from ..steps import Pass, Replace, Step
from .common import legal_spaces, placement_error, put_worker, send_back
from .engine import Frame, expect

#: letter -> factory(state, player colour, letter, space) -> Frame | None
ABILITIES: dict[str, Callable[[State, str, str, str], Frame | None]] = {}


def start_ability(state: State, colour: str, letter: str, space: str) -> None:
    """``letter`` was just placed on ``space`` of ``colour``'s board: offer its ability."""
    factory = ABILITIES.get(letter)
    if factory is None:
        return
    frame = factory(state, colour, letter, space)
    if frame is not None:
        state.stack.append(frame)


class DisplacedFrame(Frame):
    """A worker displaced by a field tile: its owner re-places it (D.1) or passes (D.2)."""

    rule = "D.2"

    def __init__(self, player: str, worker: str) -> None:
        self.player = player
        self.worker = worker
        self.done = False

    def settle(self, state: State) -> Pending | None:
        if self.done:
            return None
        return pending("replace", self.player, self.rule, "", self.worker)

    def apply(self, state: State, step: Step) -> None:
        if not isinstance(step, (Replace, Pass)):
            expect(step, (Replace, Pass), self.rule, f"re-placing worker {self.worker} or pass")
        p = state.player(self.player)
        if isinstance(step, Pass):
            send_back(state, p, self.worker)
            self.done = True
            return
        assert isinstance(step, Replace)
        if step.worker != self.worker:
            raise IllegalStep(self.rule, f"the displaced worker is {self.worker}, "
                              f"not {step.worker}")
        why = placement_error(state, p, self.worker, step.space)
        if why:
            raise IllegalStep("D.1", f"cannot re-place {self.worker} at {step.space}: {why}")
        put_worker(state, p, self.worker, step.space)
        self.done = True
        start_ability(state, self.player, self.worker, step.space)

    def legal(self, state: State) -> Iterator[Step]:
        yield Pass(self.player)
        p = state.player(self.player)
        for space in legal_spaces(state, p, self.worker):
            yield Replace(self.player, self.worker, space)

    def holds_worker(self) -> tuple[str, str] | None:
        """The (owner, letter) of a worker in limbo, for the invariants of J."""
        return None if self.done else (self.player, self.worker)


def worker_number(letter: str) -> int:
    return WORKERS[letter].number
