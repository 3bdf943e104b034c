"""Where a refused step's trouble began: an earlier draw or choice without which it applies.

A record whose draw was mistyped (``draw D8`` for ``draw D3``) replays past that draw (D8
is in the bag too) and stops later, at the step that needed the tile (``offer D3``: not
in the registry). ``cause(record, applied, error)`` looks back from the refused step over
the draws and choices written shortly before it (``WINDOW`` steps) that name another
tile than one the refused step names; for each, the same kind of step with that tile
instead (a draw from the bag, a choice the game offered there) is tried, and the record
replayed up to the refused step: when it then applies, that earlier step is the cause,
and the diagnostic says so in a note::

    note: the state comes from 'draw D8' at 75:64 (with 'draw D3' there, 'offer D3 for
    vegetables wheat' applies)

This module asks the engine; it decides nothing itself. It runs on the error path only,
on a record whose steps have their spans (``records.placed``).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import IllegalStep, KeyHarvestError
from ..model.steps import Draw, EndTurn, Pass, Step
from ..notation import format_step, step_text

if TYPE_CHECKING:
    from ..model.board import Board

#: How far back (record steps) an earlier cause is looked for.
WINDOW = 40
#: At most this many replays are tried for one error.
TRIALS = 24
_REF = re.compile(r"\b[A-Z][0-9]{1,2}\b")


def _tiles(step: Step) -> set[str]:
    return set(_REF.findall(step_text(step)))


def cause(record: Any, board: Board, applied: int, error: IllegalStep,
          replay: Callable[..., Any]) -> str | None:
    """The note naming the earlier draw or choice of ``record`` (within ``WINDOW`` steps
    before its step ``applied``, the one ``error`` refused) without which the refused step
    applies, or None. ``record`` is a ``records.Record`` and ``replay`` is
    ``records.replay`` (passed in: records calls this module, which does not import it)."""
    from ..rules import representative_steps

    refused = error.step
    if refused is None or isinstance(refused, EndTurn | Pass):
        return None
    wanted = _tiles(refused)
    steps = record.steps
    if not wanted or applied > len(steps) or not any(
            s.span is not None for s in steps[max(applied - WINDOW, 0):applied]):
        return None
    first = max(applied - WINDOW, 0)
    done = replay(dataclasses.replace(record, steps=steps[:applied]), board, each=True,
                  causes=False)
    if done.error is not None or done.states is None:
        return None
    trials = 0
    for i in range(applied - 1, first - 1, -1):
        earlier = steps[i]
        named = _tiles(earlier)
        if earlier.span is None or not named or wanted <= named or isinstance(earlier, EndTurn):
            continue
        state = done.states[i]  # before step i (states[0] is the setup's)
        try:
            options = [s for s in representative_steps(state) if type(s) is type(earlier)
                       and s != earlier and _tiles(s) & wanted]
        except KeyHarvestError:  # (a state the engine cannot list: no cause from here)
            continue
        for option in options[:4]:
            trials += 1
            if trials > TRIALS:
                return None
            tried = [*steps[:i], option, *steps[i + 1:applied], refused]
            again = replay(dataclasses.replace(record, steps=tried), board, causes=False)
            if again.error is None:
                span = earlier.span
                return (f"the state comes from {_said(earlier)!r} at {span.line}:{span.column} "
                        f"(with {_said(option)!r} there, {_said(refused)!r} applies)")
    return None


def _said(step: Step) -> str:
    return step_text(step) if isinstance(step, Draw) else format_step(step)


__all__ = ["TRIALS", "WINDOW", "cause"]
