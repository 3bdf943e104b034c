"""Each player's points as the scoring counts them, without its itemised lines: what the
bots' choices (``bots.points_after``) and the search's valuation of a playout's end
(``search.standing``) add up, step after step, where ``rules.scoring.score`` would build
every line of the score sheet."""

from __future__ import annotations

from ..model.catalogue import WORKERS
from ..model.state import PlayerState, State
from ..rules.fields import groups

__all__ = ["majorities", "most_of_others", "points", "total_of"]


def points(state: State, colour: str) -> int:
    """``colour``'s total as ``scoring.score`` counts it (G.1–G.4), without the itemised
    lines: workers' numbers, the largest group x1 and the second x2, and one point per crop
    of which the player holds strictly the most."""
    p = state.player(colour)
    return total_of(state, p, most_of_others(state, p))


def total_of(state: State, p: PlayerState, most: list[int]) -> int:
    """``points`` of ``p`` (on ``state``'s board), where ``most`` is the most of each crop
    any other player holds (``most_of_others``)."""
    total = sum(WORKERS[w].number for w in p.workers.values())
    sizes = sorted((len(g) for g in groups(state, p)), reverse=True)
    if sizes:
        total += sizes[0] + (2 * sizes[1] if len(sizes) > 1 else 0)
    return total + majorities(p.screen, most)


def most_of_others(state: State, p: PlayerState) -> list[int]:
    """The most of each crop that a player other than ``p`` holds."""
    return [max(held) for held in zip(*[q.screen for q in state.players if q is not p])]


def majorities(screen: list[int], most: list[int]) -> int:
    """The crops of which ``screen`` holds strictly the most (G.4), where ``most`` is the
    most of each crop any other player holds (``most_of_others``)."""
    total = 0
    for mine, theirs in zip(screen, most):
        if mine > theirs:
            total += 1
    return total
