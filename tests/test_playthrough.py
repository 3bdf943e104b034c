"""The playthrough golden: sixty self-play games fingerprinted (tests/golden/playthrough.txt).

Every refactoring and speed change keeps this file byte-identical; a rules change that
alters play regenerates it (``python tests/golden/make_playthrough.py``) in its own commit.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

GOLDEN = Path(__file__).parent / "golden"


def _maker():
    spec = importlib.util.spec_from_file_location("make_playthrough",
                                                  GOLDEN / "make_playthrough.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_playthrough_is_unchanged():
    expected = (GOLDEN / "playthrough.txt").read_text(encoding="utf-8").splitlines()
    got = _maker().lines()
    assert len(got) == len(expected) == 60
    for want, have in zip(expected, got):
        assert have == want
