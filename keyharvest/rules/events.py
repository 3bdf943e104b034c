"""Events M–Z (RULES.md E): how a drawn event is resolved, player by player (E.1).

``EFFECTS`` maps an event letter to a factory that returns the frame resolving it. An event
with no entry is placed on the track (F.2) and has no effect yet: the event effects are
built by the events issue; until then nothing claims that an event did anything.
"""

from __future__ import annotations

from collections.abc import Callable

from ..state import State
from .engine import Frame

#: letter -> factory(state, letter, drawer) -> Frame | None
EFFECTS: dict[str, Callable[[State, str, str], Frame | None]] = {}


def start_event(state: State, letter: str, drawer: str) -> None:
    """Start resolving ``letter``, drawn by ``drawer`` and just placed on the track."""
    factory = EFFECTS.get(letter)
    if factory is None:
        return
    frame = factory(state, letter, drawer)
    if frame is not None:
        state.stack.append(frame)
