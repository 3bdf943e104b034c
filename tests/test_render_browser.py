"""The HTML replay viewer in a real browser: Debian's chromium, headless, driven by Playwright.

A random game is written as HTML, opened from a file, and stepped through with the buttons,
the slider (set and clicked), the arrow keys, Home/End, the list of steps and the address's
``#N``; after each move the position shown (read from the page's data attributes) must be
the engine's state after that many steps. On a phone (390x844, touch) and a laptop
(1280x800) the bar of controls stays in the window when the page scrolls, a swipe over the
boards steps, the spaces outlined are those the step just applied changed, and the title
names the game by its record's front matter (issue 33).

**Screenshots** are written under the folder named by ``KEYHARVEST_ARTEFACTS`` when it is set
(CI keeps it as artefacts: ``viewer-phone.png``, ``viewer-laptop.png`` and the others),
else into pytest's ``tmp_path``.

Needs ``chromium`` (Debian package) and ``playwright`` (PyPI) in the venv: tests/browser_util.py
says how, and what happens without them.
"""

from __future__ import annotations

import itertools
import random
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from browser_util import required
from cli_util import TWO, edited, kh
from test_render_html import Frames, game_frames
from test_render_svg import expected_summary

from keyharvest.model.catalogue import CROPS
from keyharvest.model.state import State
from keyharvest.render import render_file

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = required()

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
def game() -> Frames:
    return game_frames(4, 21)


@pytest.fixture(scope="module")
def replay(game: Frames, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return render_file(tmp_path_factory.mktemp("replay") / "game.html", game,
                       title="random game, seed 21")


class Viewer:
    """A page showing a replay, with the checks every test makes."""

    def __init__(self, browser: Browser, path: Path, frames: Frames, hash_: str = "#0",
                 viewport: tuple[int, int] = (1400, 900), touch: bool = False,
                 mobile: bool = False) -> None:
        self.frames = frames
        self.page: Page = browser.new_page(viewport={"width": viewport[0],
                                                     "height": viewport[1]},
                                           has_touch=touch, is_mobile=mobile,
                                           device_scale_factor=2 if mobile else 1)
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
                                                  artefacts: Path) -> None:
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
    shot = artefacts / "replay-step-2.png"
    v.page.screenshot(path=str(shot))
    v.page.click(f'#steps li[data-step="{last // 2}"]')
    v.check(last // 2)
    shot_mid = artefacts / "replay-mid.png"
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
        browser: Browser, game: Frames, replay: Path, artefacts: Path) -> None:
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
    page.screenshot(path=str(artefacts / "phone.png"), full_page=True)
    page.click("#steps-toggle")
    assert not page.is_visible('#steps li[data-step="42"]')
    # turned to a wide window, the boards go two by two again, still at the same step
    page.set_viewport_size({"width": 1400, "height": 900})
    page.wait_for_function("document.querySelector('#stage svg').dataset.stacked === '0'")
    v.check(42)
    check_marks(v, 42)  # the outlines follow to the other picture
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    page.wait_for_function("document.querySelector('#stage svg').dataset.stacked === '1'")
    v.check(42)
    check_marks(v, 42)
    v.close()

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
            assert shown["leading"] == sorted(sc.ahead) and shown["winners"] == []
            assert "winner" not in shown["stage"] and "Game over" not in shown["stage"]
    v.close()


def test_a_partial_position_in_the_viewer_shows_its_unknowns(browser: Browser, tmp_path: Path,
                                                            artefacts: Path) -> None:
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
    v.page.screenshot(path=str(artefacts / "partial.png"))
    v.close()


# -- a phone and a laptop: the sticky bar, swipes, the step marked, the title (issue 33) --------
SIZES = {"phone": (PHONE, True), "laptop": ((1280, 800), False)}  # viewport, is_mobile

READ_MARKS = """() => Array.from(document.querySelectorAll("#stage g.kh-mark")).map((m) => {
  const r = m.getBoundingClientRect();
  const ring = m.querySelector("polygon:not(.halo)");
  return {board: m.parentElement.dataset.player, at: m.getAttribute("transform"),
          width: r.width, stroke: getComputedStyle(ring).stroke,
          strokeWidth: getComputedStyle(ring).strokeWidth};
})"""

READ_CHANGED = """() => Array.from(document.querySelectorAll('#stage [data-changed="1"]')).map(
  (s) => [s.dataset.slot, s.getAttribute("transform")])"""

# Where the bar of controls is, and whether its "next" button is the element under its own
# centre (nothing covers it).
READ_BAR = """() => {
  const r = document.querySelector("header").getBoundingClientRect();
  const b = document.getElementById("next").getBoundingClientRect();
  const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
  return {top: r.top, bottom: r.bottom, height: innerHeight, scrolled: scrollY,
          stage: document.getElementById("stage").scrollTop,
          reachable: hit !== null && hit.closest("#next") !== null};
}"""


def changed_spaces(before: State, after: State) -> set[str]:
    """The board spaces (``cell:COLOUR:REF``) whose tile, harvest or worker differ."""
    out = set()
    for old, new in zip(before.players, after.players, strict=True):
        for ref in {*old.tiles, *new.tiles, *old.workers, *new.workers}:
            if (old.tiles.get(ref), old.workers.get(ref)) != (new.tiles.get(ref),
                                                              new.workers.get(ref)):
                out.add(f"cell:{new.colour}:{ref}")
    return out


class Touch:
    """Swipes as a touch screen sends them (Chromium's input events, through CDP)."""

    def __init__(self, v: Viewer) -> None:
        self.v = v
        self.cdp = v.page.context.new_cdp_session(v.page)

    def swipe(self, dx: float, dy: float = 0) -> None:
        box = self.v.page.evaluate("""() => {
          const h = document.querySelector("header").getBoundingClientRect().bottom;
          const s = document.getElementById("stage").getBoundingClientRect();
          return [s.left + s.width / 2, (Math.max(h, s.top) + Math.min(innerHeight, s.bottom)) / 2];
        }""")
        x, y = box[0] - dx / 2, box[1] - dy / 2
        send = self.cdp.send
        send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for k in range(1, 6):
            send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
                {"x": x + dx * k / 5, "y": y + dy * k / 5}]})
        send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    def step(self, dx: float, expect: int) -> None:
        """Swipe by ``dx`` and check the frame shown then (the page may take the touch's end
        a moment after the browser was given it)."""
        self.swipe(dx)
        self.v.page.wait_for_function(
            f"document.getElementById('viewer').dataset.step === '{expect}'", timeout=5_000)
        self.v.check(expect)


def check_marks(v: Viewer, n: int) -> set[str]:
    """The spaces outlined at frame ``n`` are those step ``n`` changed; each outline is drawn
    where its space is, visibly. Returns them."""
    want = changed_spaces(v.frames[n - 1][1], v.frames[n][1]) if n else set()
    changed = v.page.evaluate(READ_CHANGED)
    assert {slot for slot, _ in changed} == want, f"step {n} ({v.frames[n][0]})"
    marks = v.page.evaluate(READ_MARKS)
    assert sorted((m["board"], m["at"]) for m in marks) == sorted(
        (slot.split(":")[1], at) for slot, at in changed)
    for m in marks:
        assert m["stroke"] == "rgb(31, 95, 214)" and float(m["strokeWidth"][:-2]) >= 3
        assert m["width"] > 20  # CSS pixels: a space's outline, not a dot
    return want


@pytest.mark.parametrize("size", SIZES)
def test_the_bar_stays_in_reach_a_swipe_steps_and_the_step_is_marked(
        browser: Browser, game: Frames, replay: Path, artefacts: Path, size: str) -> None:
    viewport, mobile = SIZES[size]
    v = Viewer(browser, replay, game, hash_="#30", viewport=viewport, touch=True, mobile=mobile)
    v.check(30)
    check_marks(v, 30)
    touch = Touch(v)
    seen: set[str] = set()
    for n in range(31, 51):  # a swipe to the left: the next step
        touch.step(-160, n)
        seen |= check_marks(v, n)
    for n in range(49, 44, -1):  # to the right: the step before
        touch.step(160, n)
        check_marks(v, n)
    assert len(seen) >= 8  # the steps walked placed tiles and workers
    # too short, and mostly up or down (a scroll): no step. The page takes touches in order,
    # so once the swipe after them has stepped once, they have been taken, and did not step.
    touch.swipe(-25)
    touch.swipe(-60, 120)
    touch.step(-160, 46)
    if mobile:  # pinched to twice the size: a swipe pans the page and does not step, even
        # where it cannot pan further (at the left edge, to the right)
        touch.cdp.send("Emulation.setPageScaleFactor", {"pageScaleFactor": 2})
        v.page.wait_for_function("visualViewport.scale === 2 && visualViewport.offsetLeft === 0")
        touch.swipe(-160)
        touch.swipe(160)
        touch.swipe(160)
        touch.cdp.send("Emulation.setPageScaleFactor", {"pageScaleFactor": 1})
        v.page.wait_for_function("visualViewport.scale === 1")
        touch.step(-160, 47)
    # a jump marks the step that leads there; the start marks nothing
    v.key("Home", 0)
    assert check_marks(v, 0) == set()
    touch.swipe(160)  # before the start: stays there
    touch.step(-160, 1)
    v.key("End", len(game) - 1)
    check_marks(v, len(game) - 1)
    # the bar: in the window and not covered, wherever the page (or the boards) scrolled;
    # shown at a step that changed the lowest board (the last one drawn)
    lowest = v.page.evaluate("Array.from(document.querySelectorAll('#stage g.board')).pop()"
                             ".dataset.player")
    target = next(k for k in range(51, len(game)) if any(
        c.split(":")[1] == lowest for c in changed_spaces(game[k - 1][1], game[k][1])))
    v.page.evaluate(f"location.hash = '#{target}'")
    v.wait(target)
    check_marks(v, target)
    v.page.evaluate("""() => {  // as far down as the page and the boards go
      window.scrollTo(0, document.documentElement.scrollHeight);
      const stage = document.getElementById("stage");
      stage.scrollTop = stage.scrollHeight;
    }""")
    bar = v.page.evaluate(READ_BAR)
    if mobile:  # a phone scrolls the page, a laptop (if at all) the boards under the bar
        assert bar["scrolled"] > 300, bar
    assert bar["top"] == 0 and bar["bottom"] <= bar["height"] / 4 and bar["reachable"], bar
    v.page.evaluate("""() => {
      const marks = document.querySelectorAll("#stage g.kh-mark");
      marks[marks.length - 1].scrollIntoView({block: "center"});
    }""")
    bar = v.page.evaluate(READ_BAR)
    assert bar["top"] == 0 and bar["bottom"] <= bar["height"] / 4 and bar["reachable"], bar
    shot = artefacts / f"viewer-{size}.png"
    v.page.screenshot(path=str(shot))
    mark = v.page.evaluate("""() => Array.from(document.querySelectorAll("#stage g.kh-mark"))
                                    .pop().getBoundingClientRect().top""")
    assert bar["bottom"] < mark < viewport[1]  # the outlined space is in sight, under the bar
    v.click("next", target + 1)  # the bar works where it is
    assert v.page.evaluate(READ_BAR)["top"] == 0
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    v.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_viewer_opens_at_the_end_or_at_the_step_a_link_names(
        browser: Browser, tmp_path: Path, size: str) -> None:
    """Opened without a step named, the viewer shows the last one; ``#step=N`` (a link
    to a step) opens at N; at the start, where every player has the same points, nobody
    is marked leading."""
    viewport, mobile = SIZES[size]
    frames = game_frames(2, 3)
    path = render_file(tmp_path / "two.html", frames, record=TWO.read_text())
    for hash_, shown in (("", len(frames) - 1), ("#step=53", 53), ("#0", 0)):
        v = Viewer(browser, path, frames, hash_=hash_, viewport=viewport, touch=True,
                   mobile=mobile)
        v.check(shown)
        # the button that saves the record is in the window, and saves the record
        box = v.page.locator("#download").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport[0]
        assert box["y"] + box["height"] <= viewport[1]
        with v.page.expect_download() as saving:
            v.page.click("#download")
        assert saving.value.suggested_filename == "two.kh"
        assert Path(saving.value.path()).read_text() == TWO.read_text()
        if shown == 0:
            standing = v.page.evaluate(READ_STANDING)
            assert standing["leading"] == [] and standing["winners"] == [], standing
            assert "leading" not in standing["stage"]
        v.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_title_names_the_game(browser: Browser, tmp_path: Path, size: str) -> None:
    text = edited(TWO, 'event = "keyharvest examples"\nround = 2000\n',
                  'event = "Club night 7"\ndate = 2024-05-01\n')
    head, rest = text.split("\n+++\n", 1)
    record = tmp_path / "club.kh"
    record.write_text(f'{head}\n[names]\nred = "Ann"\ngreen = "Bob"\n+++\n{rest}', "utf-8")
    out = tmp_path / "club.html"
    run = kh("render", record, "--out", out, "--to", "10")
    assert run.code == 0, run
    viewport, mobile = SIZES[size]
    v = Viewer(browser, out, [], viewport=viewport, touch=True, mobile=mobile)  # no check()
    name = "Ann (red), Bob (green) · Club night 7 · 2024-05-01"
    assert v.page.title() == name
    heading = v.page.locator("h1")
    assert heading.text_content() == name and heading.get_attribute("title") == name
    box = heading.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport[0]
    v.close()
    # a record without a date or names: its colours, its event and round
    plain = tmp_path / "two.html"
    assert kh("render", TWO, "--out", plain).code == 0
    assert "<title>red, green · keyharvest examples, round 2000</title>" in plain.read_text("utf-8")
