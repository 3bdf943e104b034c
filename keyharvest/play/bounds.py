"""The bounds of every count and time a run of the program takes: how many games, how many
simulations or seconds a search decision, how many processes, how many steps or errors to
show. A run never grows without bound: a value past its bound is refused before any work
starts (the command line declares each bound as its option's maximum, so that past it is
a usage error, exit 2, and its help shows the range; the library raises ``ValueError``
with ``check``).

The bounds are far above any use (a million games of the arena take days on one core; a
search of a million simulations a step, hours a step) and far below what would exhaust
the machine or never end: ``--games 10**23`` or ``--time inf`` is a typo, not a plan.
What a run holds at once does not grow with the counts (the arena plays its games as it
goes and keeps a running tally); the memory a run needs grows with ``--jobs`` (a process
each), the search's budget or time (its tree) and ``--max-bytes`` (one input held at a
time): ``MEMORY_OPTIONS``, which an out-of-memory message names.

This module is not about the size of input (``formats.limits``) nor about the rules'
own limits (the turn limit of a record, I.10).
"""

from __future__ import annotations

import math

#: Games of one ``selfplay`` or ``arena`` run.
MAX_GAMES = 1_000_000
#: Simulations of the search a decision (``--budget``; the default is 250).
MAX_BUDGET = 1_000_000
#: Seconds of the search a decision (``--time``), and the least.
MAX_SECONDS = 3600.0
MIN_SECONDS = 0.001
#: Processes of a run (``--jobs``; each holds some 12 MB): a typo of a large number is not
#: a fork bomb.
MAX_JOBS = 64
#: Steps ``hint`` shows (``--top``).
MAX_TOP = 1000
#: Diagnostics shown for one bad record or position (``--max-errors``).
MAX_SHOWN_ERRORS = 10_000
#: Seconds to wait for a cluster (``--cluster-timeout``).
MAX_WAIT_SECONDS = 3600
#: The options whose values the memory of a run grows with, by the name of the parameter
#: of the command that takes them: what to lower when memory runs out.
MEMORY_OPTIONS = {"jobs": "--jobs", "budget": "--budget", "seconds": "--time",
                  "max_bytes": "--max-bytes"}


def check(what: str, value: float, high: float, low: float = 1) -> None:
    """Raise ``ValueError`` unless ``low <= value <= high`` (a NaN is never in range)."""
    if not low <= value <= high:  # False for NaN as well
        raise ValueError(f"{what} is {_shown(low)} to {_shown(high)}, not {_shown(value)}")


def check_search(budget: int | None, seconds: float | None) -> None:
    """Raise ``ValueError`` for a search budget or time out of bounds."""
    if budget is not None:
        check("the budget (simulations a decision)", budget, MAX_BUDGET)
    if seconds is not None:
        check("the time (seconds a decision)", seconds, MAX_SECONDS, MIN_SECONDS)


def _shown(value: float) -> str:
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, int) and len(str(value)) > 18:
        return f"a number of {len(str(value))} digits"
    return f"{value:,}" if isinstance(value, int) else f"{value:g}"


def lower_to_save_memory(options: dict[str, object]) -> list[str]:
    """The options of ``MEMORY_OPTIONS`` among a command's parameters ``options``."""
    return [flag for name, flag in MEMORY_OPTIONS.items() if name in options]


__all__ = ["MAX_BUDGET", "MAX_GAMES", "MAX_JOBS", "MAX_SECONDS", "MAX_SHOWN_ERRORS",
           "MAX_TOP", "MAX_WAIT_SECONDS", "MEMORY_OPTIONS", "MIN_SECONDS", "check",
           "check_search", "lower_to_save_memory"]
