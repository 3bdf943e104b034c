"""Events M–Z (RULES.md E): how a drawn event is resolved, player by player (E.1).

``EFFECTS`` maps an event letter to a factory that returns the frame resolving it; each
family module registers its frames at import (``register``), and ``rules/__init__`` imports
them all. An event with no entry is placed on the track (F.2) and has no effect.

The frames, by family (RULES.md E.3):

- ``base``: what every event frame shares (asking each player in turn, E.1);
- ``draws``: the events that draw from the bag under the set-aside rule (E.2): M Blind
  Swap, Q Lucky Dip, S New Supply, T Sale, W Replacement;
- ``harvests``: the events that give crops or harvest: P Bumper Harvest, R New Growth,
  V Remote Harvest, Z Windfall;
- ``exchanges``: the events that trade between players or with the registry: N Swap,
  O Gift, U Registry Swap;
- ``workers``: the events that move workers: X Relocation, Y Day Off.

This package does not decide when an event is drawn or where it lands on the track (that
is ``rules.bag``), and it knows nothing of notation.
"""

from __future__ import annotations

from collections.abc import Callable

from ...model.state import State
from ..engine import Frame

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


def register(*frames: type[Frame]) -> None:
    """Make each event frame class (with its ``letter``) the resolver of its event."""
    for frame in frames:
        EFFECTS[frame.letter] = frame.start  # type: ignore[attr-defined]
