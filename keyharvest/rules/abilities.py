"""The abilities of workers A–L (RULES.md D.3–D.4), as frames registered in
``workers.ABILITIES``. Being built by the workers issue."""

from __future__ import annotations
