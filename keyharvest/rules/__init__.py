"""The rules engine: legality and effects of steps (RULES.md C–F).

Public entry points: ``push`` (check and apply in place), ``push_steps`` (push many, the
replay loop), ``apply`` (check and return a new state), ``legal_steps``, ``legal_view`` (the
same, built lazily), ``is_legal``. The engine imports neither ``lark``, ``typer`` nor
``tomllib``: it knows states and steps, not text.
"""

from . import abilities, event_effects  # noqa: F401  (they register their frames)
from .engine import apply, is_legal, legal_steps, legal_view, push, push_steps

__all__ = ["apply", "is_legal", "legal_steps", "legal_view", "push", "push_steps"]
