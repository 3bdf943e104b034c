"""The pages of ``stats --html`` and ``standings --html`` (keyharvest.render.report) in a
real browser: Debian's chromium, headless, driven by Playwright, as the replay viewer's
test does (tests/browser_util.py: the same browser, the same skip or failure when it is
missing, and screenshots kept under ``KEYHARVEST_ARTEFACTS``: ``stats-laptop.png``,
``stats-phone.png``, ``standings-laptop.png``, ``standings-phone.png``).

The page is opened from a file with every network request refused: it must draw in full
without one. What is drawn is read back from the page: each bar's width against the share
the JSON gives, each interval's ends, each box's quartiles, each person's line of ratings.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_util import required
from cli_util import FOUR, THREE, TWO, kh
from test_cli_collection import named

pytestmark = required()


def _open(browser: object, page_file: Path, width: int, height: int) -> tuple[object, list[str]]:
    page = browser.new_page(viewport={"width": width, "height": height})  # type: ignore[attr-defined]
    asked: list[str] = []

    def refuse(route: object) -> None:
        url = route.request.url  # type: ignore[attr-defined]
        asked.append(url)
        if url.startswith("file:"):
            route.continue_()  # type: ignore[attr-defined]
        else:
            route.abort()  # type: ignore[attr-defined]

    page.route("**/*", refuse)
    page.goto(page_file.as_uri())
    return page, asked


READ_BARS = """(name) => Array.from(document.querySelectorAll(
    `svg[data-chart="${name}"] rect[data-share]`)).map((r) => ({
  share: Number(r.dataset.share), width: r.getBoundingClientRect().width,
  seat: r.dataset.seat || null}))"""
READ_AXIS = """(name) => {
  const svg = document.querySelector(`svg[data-chart="${name}"]`);
  const box = svg.getBoundingClientRect();
  return {width: box.width, viewbox: svg.viewBox.baseVal.width};
}"""


def test_the_stats_page_draws_what_the_json_says(browser: object, tmp_path: Path,
                                                 artefacts: Path) -> None:
    page_file = tmp_path / "stats.html"
    run = kh("stats", TWO, THREE, FOUR, TWO, "--html", page_file, "-f", "json")
    groups = run.results()
    for width, height, shot in ((1280, 800, "stats-laptop.png"), (390, 844, "stats-phone.png")):
        page, asked = _open(browser, page_file, width, height)
        assert all(url.startswith("file:") for url in asked), asked
        for group in groups:
            key = str(group["player_count"])
            bars = page.evaluate(READ_BARS, f"seats-{key}")  # type: ignore[attr-defined]
            assert [b["share"] for b in bars] == [s["win_share"] for s in group["seats"]]
            axis = page.evaluate(READ_AXIS, f"seats-{key}")  # type: ignore[attr-defined]
            scale = axis["width"] / axis["viewbox"]  # CSS pixels per unit of the picture
            plot = (460 - 60 - 50) * scale
            for bar, seat in zip(bars, group["seats"]):
                assert bar["width"] == pytest.approx(plot * seat["win_share"], abs=1.0)
            ends = page.evaluate(  # type: ignore[attr-defined]
                """(name) => Array.from(document.querySelectorAll(
                    `svg[data-chart="${name}"] line[data-low]`)).map(
                    (l) => [Number(l.dataset.low), Number(l.dataset.high)])""", f"seats-{key}")
            assert ends == [[s["low"], s["high"]] for s in group["seats"]]
            boxes = page.evaluate(  # type: ignore[attr-defined]
                """(name) => Array.from(document.querySelectorAll(
                    `svg[data-chart="${name}"] g[data-measure]`)).map((g) => [
                    g.dataset.measure, Number(g.dataset.q1), Number(g.dataset.median),
                    Number(g.dataset.q3)])""", f"spread-{key}")
            assert boxes[0] == ["turns", group["turns"]["q1"], group["turns"]["median"],
                                group["turns"]["q3"]]
        page.screenshot(path=str(artefacts / shot), full_page=True)  # type: ignore[attr-defined]
        page.close()  # type: ignore[attr-defined]


def test_the_standings_page_draws_each_persons_ratings(browser: object, tmp_path: Path,
                                                       artefacts: Path) -> None:
    page_file = tmp_path / "standings.html"
    files = named(tmp_path)
    rows = kh("standings", *files, "-f", "json", "--html", page_file).results()
    for width, height, shot in ((1280, 800, "standings-laptop.png"),
                                (390, 844, "standings-phone.png")):
        page, asked = _open(browser, page_file, width, height)
        assert all(url.startswith("file:") for url in asked), asked
        table = page.evaluate(  # type: ignore[attr-defined]
            """() => Array.from(document.querySelectorAll("#standings tbody tr")).map(
                (tr) => [tr.dataset.person, Number(tr.dataset.rank)])""")
        assert table == [[r["person"], r["rank"]] for r in rows]
        lines = page.evaluate(  # type: ignore[attr-defined]
            """() => Object.fromEntries(Array.from(document.querySelectorAll(
                'svg[data-chart="ratings"] polyline')).map((p) => [p.dataset.person,
                p.dataset.mu.split(" ").map(Number)]))""")
        for r in rows:
            assert len(lines[r["person"]]) == r["games"]
            assert lines[r["person"]][-1] == pytest.approx(r["mu"], abs=1e-3)
        page.screenshot(path=str(artefacts / shot), full_page=True)  # type: ignore[attr-defined]
        page.close()  # type: ignore[attr-defined]
