"""The effects of events M–Z (RULES.md E.3), as frames registered in ``events.EFFECTS``.
Being built by the events issue."""

from __future__ import annotations
