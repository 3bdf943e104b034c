"""The golden files of the tests (tests/golden/): a text compared with its file, which
``KEYHARVEST_REGEN_GOLDEN=1`` writes again (review the diff before committing it)."""

from __future__ import annotations

import os
from pathlib import Path

GOLDEN = Path(__file__).parent / "golden"
REGEN = os.environ.get("KEYHARVEST_REGEN_GOLDEN") == "1"


def assert_golden(got: str, path: Path) -> None:
    """``got`` is the text of the golden file ``path`` (written, under ``REGEN``)."""
    if REGEN:
        path.parent.mkdir(exist_ok=True)
        path.write_text(got, encoding="utf-8")
    assert path.exists(), f"no golden file {path.name}: run with KEYHARVEST_REGEN_GOLDEN=1"
    assert got == path.read_text(encoding="utf-8"), (
        f"{path.name} differs; if the change is deliberate, regenerate with "
        "KEYHARVEST_REGEN_GOLDEN=1 and review the diff")
