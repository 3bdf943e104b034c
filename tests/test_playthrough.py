"""The playthrough golden: sixty self-play games fingerprinted (tests/golden/playthrough.txt).

Every refactoring and speed change keeps this file byte-identical; a rules change that
alters play regenerates it (``python tests/golden/make_playthrough.py``) in its own commit.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from scripts import load_script

GOLDEN = Path(__file__).parent / "golden"


def _maker() -> ModuleType:
    return load_script(GOLDEN / "make_playthrough.py", "make_playthrough")


def test_playthrough_is_unchanged():
    expected = (GOLDEN / "playthrough.txt").read_text(encoding="utf-8").splitlines()
    got = _maker().lines()
    assert len(got) == len(expected) == 60
    for want, have in zip(expected, got):
        assert have == want
