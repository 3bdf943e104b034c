"""The words the pictures share for how a game stands, and for what a position leaves
unknown.

Only a game that has ended has a winner (RULES.md I.55): before the end the score is the
standings so far and its leaders are *leading*, never winning. A partial position (a
hand-written final table: ``formats.positions.Position.unknown``) does not know its bag,
registry, track, turn or steps: those are drawn as unknown, not as empty or zero.
"""

from __future__ import annotations

from collections.abc import Collection

from ..model.state import State
from ..rules.scoring import Score

UNKNOWN = "unknown"


def standings_note(state: State, sc: Score, unknown: Collection[str] = ()) -> str:
    """``final``, or ``not finished: standings after step N`` (of this position, when the
    steps played are unknown)."""
    if sc.finished:
        return "final"
    if "steps" in unknown:
        return "not finished: standings of this position"
    return f"not finished: standings after step {state.steps}"


def standings_line(state: State, sc: Score, unknown: Collection[str] = ()) -> str:
    """One line: ``final score: red 18 (winner), green 15; decided by points``, or
    ``not finished: standings after step 40: red 18 (leading), green 15``."""
    marks = set(sc.winners if sc.finished else sc.leaders)
    word = "winner" if sc.finished and len(sc.winners) == 1 else (
        "shares the win" if sc.finished else "leading")
    players = ", ".join(f"{ps.player} {ps.total}" + (f" ({word})" if ps.player in marks
                                                     else "") for ps in sc.players)
    if not sc.finished:
        return f"{standings_note(state, sc, unknown)}: {players}"
    how = "a draw" if sc.decided_by == "draw" else f"decided by {sc.decided_by}"
    return f"final score: {players}; {how}"


__all__ = ["UNKNOWN", "standings_line", "standings_note"]
