"""What the tests in a real browser share (tests/test_render_browser.py: the replay viewer;
tests/test_render_report_browser.py: the pages of stats and standings): Debian's chromium,
headless, driven by Playwright (its own browser download is never used), and what happens
when either is missing: the tests are skipped with the reason, unless
``KEYHARVEST_REQUIRE_BROWSER=1`` (set it in CI), which makes a missing browser an error.
CI installs both with ``.ci/browser-setup.sh VENV``; ``KEYHARVEST_CHROMIUM`` names another
chromium binary. The fixtures ``browser`` and ``artefacts`` are in conftest.py."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    sync_playwright = None

CHROMIUM = (os.environ.get("KEYHARVEST_CHROMIUM") or shutil.which("chromium")
            or shutil.which("chromium-browser"))
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
SETUP = "run .ci/browser-setup.sh .venv (installs Debian's chromium and Playwright)"

MISSING = [what for what, gone in (("Playwright for Python", sync_playwright is None),
                                    ("chromium", CHROMIUM is None)) if gone]


def required() -> list[pytest.MarkDecorator]:
    """A module's ``pytestmark``: a skip with the reason where the browser is missing (a
    failure under ``KEYHARVEST_REQUIRE_BROWSER=1``), else none."""
    if not MISSING:
        return []
    reason = f"{' and '.join(MISSING)} not installed: {SETUP}"
    if os.environ.get("KEYHARVEST_REQUIRE_BROWSER") == "1":  # CI: never skip silently
        pytest.fail(f"KEYHARVEST_REQUIRE_BROWSER=1 but {reason}", pytrace=False)
    return [pytest.mark.skip(reason=reason)]


def launched() -> Iterator[Any]:
    """The headless chromium, for the length of a module's tests."""
    assert sync_playwright is not None
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def artefacts_dir(tmp_path: Path) -> Path:
    """Where screenshots go: ``$KEYHARVEST_ARTEFACTS`` (made if missing), else ``tmp_path``."""
    named = os.environ.get("KEYHARVEST_ARTEFACTS")
    if not named:
        return tmp_path
    out = Path(named)
    out.mkdir(parents=True, exist_ok=True)
    return out
