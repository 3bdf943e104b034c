"""The HTML replay viewer in a real browser: Debian's chromium, headless, driven by Playwright.

A random game is written as HTML, opened from a file, and stepped through with the buttons,
the slider (set and clicked), the arrow keys, Home/End, the list of steps and the address's
``#N``; after each move the position shown (read from the page's data attributes) must be
the engine's state after that many steps. Screenshots go to pytest's tmp dir.

Needs ``chromium`` (Debian package) and ``playwright`` (PyPI) in the venv; without them the
tests are skipped with the reason, unless ``KEYHARVEST_REQUIRE_BROWSER=1`` (set it in CI), which
makes a missing browser an error. CI installs both with ``.ci/browser-setup.sh VENV``;
``KEYHARVEST_CHROMIUM`` names another chromium binary.
Playwright's own browser download is never used: it drives the system chromium.
"""

from __future__ import annotations

import itertools
import os
import random
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_render_html import Frames, game_frames
from test_render_svg import expected_summary

from keyharvest.model.catalogue import CROPS
from keyharvest.render import render_file

try:
    from playwright.sync_api import Browser, Page, sync_playwright
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
if MISSING:
    reason = f"{' and '.join(MISSING)} not installed: {SETUP}"
    if os.environ.get("KEYHARVEST_REQUIRE_BROWSER") == "1":  # CI: never skip silently
        pytest.fail(f"KEYHARVEST_REQUIRE_BROWSER=1 but {reason}", pytrace=False)
    pytestmark = pytest.mark.skip(reason=reason)

# Reads what the page shows, in the shape of test_render_svg.expected_summary.
READ_POSITION = """(crops) => {
  const first = (key) => document.querySelector(`[data-slot="${key}"]`).firstElementChild;
  const all = (sel) => Array.from(document.querySelectorAll(sel));
  const out = {boards: {}, stores: {}, screens: {}, supply: {}, totals: {}, scores: {}};
  for (const b of all("#stage g.board")) {
    const c = b.dataset.player;
    out.boards[c] = [b.dataset.tiles, b.dataset.workers];
    out.stores[c] = all(`[data-slot^="store:${c}:"] > g.item`)
      .map((e) => e.dataset.tile + ":" + e.dataset.bid);
    out.screens[c] = Number(first(`screen:${c}`).dataset.count);
    out.supply[c] = first(`supply:${c}`).dataset.supply;
    out.totals[c] = Number(first(`total:${c}`).dataset.total);
  }
  for (const s of all('[data-slot^="score:"]')) {
    out.scores[s.dataset.slot.slice(6)] = Number(s.firstElementChild.dataset.total);
  }
  out.registry = all('[data-slot^="registry:"] > g.chip').map((e) => e.dataset.ref);
  out.stock = crops.map((c) => Number(first("stock:" + c).dataset.count));
  out.track = first("track").dataset.track;
  out.bag = Number(first("bag").dataset.count);
  out.fallow = first("fallow").dataset.fallow;
  out.town = first("town").dataset.town;
  out.turn = Number(first("status").dataset.turn);
  return out;
}"""

READ_CONTROLS = """() => ({
  step: Number(document.getElementById("viewer").dataset.step),
  slider: Number(document.getElementById("slider").value),
  stepno: document.getElementById("stepno").textContent,
  notation: document.getElementById("notation").textContent,
  current: Array.from(document.querySelectorAll("#steps li.current")).map((li) => li.dataset.step),
  drawnTiles: Array.from(document.querySelectorAll("#stage g.board")).map(
    (b) => b.querySelectorAll("g.tile").length),
})"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def game() -> Frames:
    return game_frames(4, 21)


@pytest.fixture(scope="module")
def replay(game: Frames, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return render_file(tmp_path_factory.mktemp("replay") / "game.html", game,
                       title="random game, seed 21")


class Viewer:
    """A page showing a replay, with the checks every test makes."""

    def __init__(self, browser: Browser, path: Path, frames: Frames, hash_: str = "",
                 viewport: tuple[int, int] = (1400, 900)) -> None:
        self.frames = frames
        self.page: Page = browser.new_page(viewport={"width": viewport[0],
                                                     "height": viewport[1]})
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.goto(path.as_uri() + hash_)
        self.page.wait_for_selector('#viewer[data-ready="1"]', state="attached", timeout=30_000)

    def check(self, n: int) -> None:
        """The page shows frame ``n``: the controls say so and the boards are that state."""
        controls = self.page.evaluate(READ_CONTROLS)
        assert controls["step"] == n
        assert controls["slider"] == n and controls["stepno"] == str(n)
        assert controls["current"] == [str(n)]
        words, state = self.frames[n]
        assert controls["notation"] == words
        shown = self.page.evaluate(READ_POSITION, list(CROPS))
        assert shown == expected_summary(state), f"frame {n} ({words}) is not drawn as it is"
        assert controls["drawnTiles"] == [len(p.tiles) for p in state.players]

    def wait(self, n: int) -> None:
        """Wait until the viewer shows frame ``n`` (after a change of the address), then
        check it."""
        self.page.wait_for_function(f"document.getElementById('viewer').dataset.step === '{n}'",
                                    timeout=10_000)
        self.check(n)
        assert self.page.evaluate("location.hash") == f"#{n}"

    def click(self, button: str, expect: int) -> None:
        self.page.click(f"#{button}")
        self.check(expect)

    def key(self, key: str, expect: int) -> None:
        self.page.keyboard.press(key)
        self.check(expect)

    def close(self) -> None:
        assert self.errors == []
        assert all(url.startswith("file://") for url in self.requests), self.requests
        self.page.close()


def test_replay_with_buttons_slider_keys_and_list(browser: Browser, game: Frames, replay: Path,
                                                  tmp_path: Path) -> None:
    last = len(game) - 1
    assert last > 100
    v = Viewer(browser, replay, game)
    v.check(0)
    assert v.page.is_disabled("#prev") and v.page.is_disabled("#first")
    for n in range(1, 41):  # the next button, step by step through the first turns
        v.click("next", n)
    for n in range(39, 34, -1):
        v.click("prev", n)
    # the arrow keys (focus is on a button, not on the slider)
    for n in range(36, 46):
        v.key("ArrowRight", n)
    for n in range(44, 41, -1):
        v.key("ArrowLeft", n)
    v.key("End", last)
    assert v.page.is_disabled("#next") and v.page.is_disabled("#last")
    v.key("ArrowRight", last)  # stays at the end
    v.key("Home", 0)
    v.key("ArrowLeft", 0)
    v.click("last", last)
    v.click("first", 0)
    # the slider, set as a user's drag reports it
    rng = random.Random(5)
    for n in sorted(rng.sample(range(last + 1), 25)):
        v.page.eval_on_selector("#slider", "(el, n) => { el.value = n; "
                                "el.dispatchEvent(new Event('input', {bubbles: true})); }", n)
        v.check(n)
    # the slider, clicked with the mouse in its middle, then moved with its own arrow keys
    box = v.page.locator("#slider").bounding_box()
    v.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    mid = int(v.page.eval_on_selector("#slider", "el => el.value"))
    assert abs(mid - last / 2) <= last * 0.05
    v.check(mid)
    v.page.keyboard.press("ArrowRight")  # the focused slider moves by one, not by two
    v.check(mid + 1)
    # the list of steps
    for n in (7, last - 3, 1):
        v.page.click(f'#steps li[data-step="{n}"]')
        v.check(n)
    v.page.click("#next")
    v.check(2)
    shot = tmp_path / "replay-step-2.png"
    v.page.screenshot(path=str(shot))
    v.page.click(f'#steps li[data-step="{last // 2}"]')
    v.check(last // 2)
    shot_mid = tmp_path / "replay-mid.png"
    v.page.screenshot(path=str(shot_mid), full_page=True)
    for path in (shot, shot_mid):
        data = path.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000
    v.close()


def test_address_opens_a_step(browser: Browser, game: Frames, replay: Path) -> None:
    v = Viewer(browser, replay, game, hash_="#57")
    v.check(57)
    v.click("next", 58)
    v.close()


def test_a_long_game_loads_and_jumps(browser: Browser, tmp_path: Path) -> None:
    frames = game_frames(4, 1, steps=1500, calm=True)
    path = render_file(tmp_path / "long.html", frames)
    started = time.monotonic()
    v = Viewer(browser, path, frames)
    loaded = time.monotonic() - started
    assert loaded < 20, f"a 1500-step replay took {loaded:.1f}s to load"
    v.check(0)
    v.key("End", 1500)
    v.page.eval_on_selector("#slider", "el => { el.value = 750; "
                            "el.dispatchEvent(new Event('input', {bubbles: true})); }")
    v.check(750)
    v.key("ArrowLeft", 749)
    v.page.click('#steps li[data-step="1499"]')
    v.check(1499)
    v.close()


def test_one_player_view(browser: Browser, game: Frames, tmp_path: Path) -> None:
    path = render_file(tmp_path / "red.html", game, player="red")
    v = Viewer(browser, path, game)
    v.page.keyboard.press("End")
    shown = v.page.evaluate(READ_POSITION, list(CROPS))
    assert shown == expected_summary(game[-1][1], ("red",))
    v.close()


PHONE = (390, 844)  # CSS pixels of a phone held upright


@pytest.mark.parametrize("viewport", [(1400, 900), PHONE], ids=["desktop", "phone"])
def test_the_viewer_follows_the_address_and_back_and_forward(
        browser: Browser, game: Frames, replay: Path, viewport: tuple[int, int]) -> None:
    v = Viewer(browser, replay, game, viewport=viewport)
    v.check(0)
    v.page.evaluate("location.hash = '#12'")  # an address typed in: hashchange
    v.wait(12)
    if viewport == PHONE:
        v.page.click("#steps-toggle")  # the list is folded on a phone
    v.page.click('#steps li[data-step="57"]')  # a jump: a new entry of the history
    v.wait(57)
    v.click("next", 58)  # a step: no new entry
    v.page.click('#steps li[data-step="80"]')
    v.wait(80)
    v.page.go_back()
    v.wait(58)
    v.page.go_back()
    v.wait(12)
    v.page.go_forward()
    v.wait(58)
    v.key("End", len(game) - 1)
    v.page.go_back()
    v.wait(58)
    v.page.evaluate("location.hash = '#99999'")  # past the end: the last frame
    v.wait(len(game) - 1)
    v.close()


def test_a_phone_shows_the_boards_stacked_and_folds_the_steps(
        browser: Browser, game: Frames, replay: Path, tmp_path: Path) -> None:
    v = Viewer(browser, replay, game, hash_="#40", viewport=PHONE)
    v.check(40)
    page = v.page
    layout = page.evaluate("""() => ({
      scroll: document.documentElement.scrollWidth,
      stacked: document.querySelector("#stage svg").dataset.stacked,
      boards: Array.from(document.querySelectorAll("#stage g.board")).map((b) => {
        const r = b.getBoundingClientRect();
        return [r.left, r.top, r.right, r.bottom];
      }),
      list: getComputedStyle(document.getElementById("step-list")).display,
      button: document.getElementById("steps-toggle").getBoundingClientRect().width,
      notation: document.getElementById("notation").getBoundingClientRect().right,
    })""")
    width = PHONE[0]
    assert layout["scroll"] <= width  # nothing sticks out sideways
    assert layout["stacked"] == "1"
    boards = layout["boards"]
    assert len(boards) == 4
    for left, _, right, _ in boards:  # every board whole on the screen, and not tiny
        assert left >= 0 and right <= width and right - left >= 0.45 * width
    for above, below in itertools.pairwise(boards):  # one above the other
        assert below[1] >= above[3] and abs(below[0] - above[0]) < 1
    assert layout["notation"] <= width
    # the list of steps is folded under its button; it opens, works, and folds again
    assert layout["list"] == "none" and layout["button"] > 0.9 * width
    assert page.get_attribute("#steps-toggle", "aria-expanded") == "false"
    page.click("#steps-toggle")
    assert page.is_visible('#steps li[data-step="40"]')
    assert page.get_attribute("#steps-toggle", "aria-expanded") == "true"
    page.click('#steps li[data-step="41"]')
    v.check(41)
    v.click("next", 42)
    page.screenshot(path=str(tmp_path / "phone.png"), full_page=True)
    page.click("#steps-toggle")
    assert not page.is_visible('#steps li[data-step="42"]')
    # turned to a wide window, the boards go two by two again, still at the same step
    page.set_viewport_size({"width": 1400, "height": 900})
    page.wait_for_function("document.querySelector('#stage svg').dataset.stacked === '0'")
    v.check(42)
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    page.wait_for_function("document.querySelector('#stage svg').dataset.stacked === '1'")
    v.check(42)

# -- standings and unknowns (issue 14) ----------------------------------------------------------
READ_STANDING = """() => {
  const first = (key) => document.querySelector(`[data-slot="${key}"]`).firstElementChild;
  const rows = Array.from(document.querySelectorAll('[data-slot^="score:"] > g.score'));
  return {
    note: first("scores:note").textContent,
    leading: rows.filter((r) => r.dataset.leading === "1")
      .map((r) => r.parentElement.dataset.slot.slice(6)).sort(),
    winners: rows.filter((r) => r.dataset.winner === "1")
      .map((r) => r.parentElement.dataset.slot.slice(6)).sort(),
    status: first("status").textContent,
    bag: first("bag").textContent,
    registry: document.querySelector('[data-slot="registry:0"]').textContent,
    track: first("track").dataset.track,
    stage: document.getElementById("stage").textContent,
  };
}"""


def test_the_viewer_shows_who_leads_at_each_step(browser: Browser, game: Frames,
                                                 replay: Path) -> None:
    from keyharvest.rules.scoring import score

    v = Viewer(browser, replay, game)
    last = len(game) - 1
    for n in [0, 1, 5, 30, 57, last // 2, last - 1, last]:
        v.page.eval_on_selector("#slider", f"el => {{ el.value = {n}; "
                                "el.dispatchEvent(new Event('input', {bubbles: true})); }")
        v.check(n)
        shown = v.page.evaluate(READ_STANDING)
        state = game[n][1]
        sc = score(state)
        if sc.finished:
            assert shown["note"] == "final" and shown["winners"] == sorted(sc.winners)
            assert shown["leading"] == []
        else:
            assert shown["note"] == f"not finished: standings after step {state.steps}"
            assert shown["leading"] == sorted(sc.leaders) and shown["winners"] == []
            assert "winner" not in shown["stage"] and "Game over" not in shown["stage"]
    v.close()


def test_a_partial_position_in_the_viewer_shows_its_unknowns(browser: Browser,
                                                            tmp_path: Path) -> None:
    from test_render_svg import partial_table

    pos = partial_table()
    path = render_file(tmp_path / "table.html", pos.state, unknown=pos.unknown)
    v = Viewer(browser, path, [("start", pos.state)])
    shown = v.page.evaluate(READ_STANDING)
    assert shown["bag"] == "unknown" and shown["registry"] == "unknown"
    assert shown["track"] == "unknown" and shown["status"] == "Turn unknown"
    assert shown["note"] == "not finished: standings of this position"
    assert shown["leading"] == ["red"] and shown["winners"] == []
    assert "Game over" not in shown["stage"] and "winner" not in shown["stage"]
    assert "0 tiles" not in shown["stage"]
    v.page.screenshot(path=str(tmp_path / "partial.png"))
    v.close()
