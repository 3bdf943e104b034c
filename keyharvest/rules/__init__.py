"""The rules engine: legality and effects of steps (RULES.md C–J).

Public entry points: ``Game`` (``rules.game``: the one object programs play through, with
undo, integer actions, chance and views), and the engine's functions over a bare ``State``:
``advance`` (check a step and apply it in place, no undo), ``advance_steps`` (advance many,
the replay loop), ``apply`` (check and return a new state), ``representative_steps`` (the
engine's listing: complete but for free multisets of crops and subsets of tiles, where it
lists representatives), ``legal_view`` (the same, built lazily), ``is_legal``. The engine
imports neither ``lark``, ``typer`` nor ``tomllib``: it knows states and steps, not text.

Where each part of RULES.md lives:

- ``engine``: the frame stack, ``advance``/``apply``/``representative_steps`` (the step machine);
  ``game``: the ``Game``; ``choices``: every legal step and the integer actions; ``view``: a
  player's view and states drawn from it;
- ``actions``: the turn and actions a–d (C), starting a game (B);
- ``crops``, ``fields``: crop counts and payments, groups and harvests (C.2, C.4–C.5, G.2);
- ``placement``: placing workers and tiles, displaced workers (D.1–D.2), the abilities'
  registry; ``abilities``: the twelve workers' abilities (D.3–D.4);
- ``bag``: draws, the registry refill, the track and the "?" space (F);
- ``events/``: the fourteen events (E), by family;
- ``scoring`` (G), ``invariants`` (J), ``memo`` (the memo tables).
"""

from . import abilities  # noqa: F401  (registers the abilities' frames)
from .engine import legal_view, representative_steps
from .events import draws, exchanges, harvests, workers  # noqa: F401  (register the events)
from .stepping import advance, advance_steps, apply, is_legal

__all__ = ["advance", "advance_steps", "apply", "is_legal", "legal_view", "representative_steps"]
