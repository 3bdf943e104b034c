"""The HTML replay viewer (keyharvest.render.html) without a browser: self-containment, the
encoding of frames (decoded here and compared with the pictures of the states), size for a
long game, determinism; and ``render_file`` / ``replay_frames``, which the CLI calls.
(tests/test_render_browser.py drives the same files in a real browser.)
"""

from __future__ import annotations

import itertools
import json
import random
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from builders import random_step
from test_render_svg import midgame

import keyharvest as kh
from keyharvest.errors import IllegalStep
from keyharvest.model.steps import Draw, Harvest, Offer
from keyharvest.render import RenderError, render_file, render_html, render_svg, replay_frames
from keyharvest.render.layout import layout_of
from keyharvest.render.svg import parts_of
from keyharvest.rules import advance, representative_steps

Frames = list[tuple[str, kh.State]]


def game_frames(n: int, seed: int, *, steps: int | None = None, calm: bool = False) -> Frames:
    """The frames of a random game. ``calm`` rarely offers (so rarely draws events): the game
    goes on for a long time; ``steps`` stops it after that many steps."""
    rng = random.Random(seed)
    s = kh.random_game(n, rng, max_turns=3000)
    frames: Frames = [("start", s.copy())]
    while not s.is_over and (steps is None or len(frames) <= steps):
        if calm and s.pending.kind != "chance":
            ls = representative_steps(s)
            quiet = [x for x in ls if not isinstance(x, Offer)]
            step = rng.choice(quiet if quiet and rng.random() > 0.03 else ls)
        else:
            step = random_step(s, rng)
        advance(s, step)
        frames.append((str(step), s.copy()))
    return frames


def embedded_data(page: str) -> dict:
    m = re.search(r'<script type="application/json" id="kh-data">(.*?)</script>', page, re.DOTALL)
    assert m
    return json.loads(m.group(1))


def decode(data: dict) -> list[list[int]]:
    """Each frame's full list of parts, from the per-frame changes (what viewer.js does)."""
    row = [0] * data["slots"]
    out = []
    for diff in data["frames"]:
        row = list(row)
        for i in range(0, len(diff), 2):
            row[diff[i]] = diff[i + 1]
        out.append(row)
    return out


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


@pytest.fixture(scope="module")
def game() -> Frames:
    return game_frames(4, 5)


@pytest.fixture(scope="module")
def page(game: Frames) -> str:
    return render_html(game, "a <random> game")


def test_html_is_self_contained(page: str) -> None:
    parser = _Tags()
    parser.feed(page)
    tags = parser.tags
    assert not [t for t, a in tags if t in ("link", "img", "iframe", "object", "embed")]
    assert not [a for t, a in tags if "src" in a or ("href" in a and t != "a")]
    assert "@import" not in page and "fetch(" not in page and "XMLHttpRequest" not in page
    outside = page.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "http://" not in outside and "https://" not in outside and "//cdn" not in outside
    assert sum(1 for t, a in tags if t == "script") == 2  # the data and the viewer, inline


def test_html_lists_every_step_and_escapes_text(game: Frames, page: str) -> None:
    parser = _Tags()
    parser.feed(page)
    steps = [a["data-step"] for t, a in parser.tags if t == "li" and "data-step" in a]
    assert steps == [str(i) for i in range(len(game))]
    assert f'data-frames="{len(game)}"' in page
    assert f'max="{len(game) - 1}"' in page
    assert "<title>a &lt;random&gt; game</title>" in page
    for words, _ in game[1:20]:
        assert f">{words}</li>" in page


def test_embedded_frames_decode_to_the_pictures_of_the_states(game: Frames, page: str) -> None:
    data = embedded_data(page)
    rows = decode(data)
    assert len(rows) == len(game)
    layout = layout_of(game[0][1])
    assert data["slots"] == len(layout.slots)
    for (_, state), row in zip(game, rows):
        want = parts_of(state, layout)
        want.pop("stepno")  # the viewer shows the step number in its controls
        got = {slot.key: data["parts"][k] for slot, k in zip(layout.slots, row) if k}
        assert got == want, f"after step {state.steps}"


def test_parts_are_stored_once(page: str) -> None:
    parts = embedded_data(page)["parts"]
    assert parts[0] == "" and len(set(parts)) == len(parts)


def test_html_is_deterministic(game: Frames) -> None:
    assert render_html(game, "t") == render_html([(w, s.copy()) for w, s in game], "t")


def test_a_1500_step_game_stays_small() -> None:
    frames = game_frames(4, 1, steps=1500, calm=True)
    assert len(frames) == 1501
    page = render_html(frames, "long game")
    size = len(page.encode())
    print(f"\n1500-step 4-player game: {size / 1024:.0f} KiB of HTML")
    assert size < 1_500_000
    # every picture is in it: the last frame decodes to the last state's picture
    data = embedded_data(page)
    layout = layout_of(frames[-1][1])
    last = {slot.key: data["parts"][k] for slot, k in zip(layout.slots, decode(data)[-1]) if k}
    want = parts_of(frames[-1][1], layout)
    want.pop("stepno")
    assert last == want


def test_one_player_view(game: Frames) -> None:
    page = render_html(game, "t", player="green")
    # one board in each skeleton (two by two, and stacked for a phone)
    assert page.count('class="board"') == 2
    assert page.count('data-player="green"') == 2 and 'data-player="red"' not in page
    with pytest.raises(RenderError, match="'purple'"):
        render_html(game, "t", player="purple")


def test_frames_must_be_of_one_game(game: Frames) -> None:
    with pytest.raises(RenderError, match="no frames"):
        render_html([], "t")
    other = kh.random_game(2, 1)
    with pytest.raises(RenderError, match="frame 1 is not of the same game"):
        render_html([game[0], ("start", other)], "t")


def test_script_data_cannot_close_its_element() -> None:
    from keyharvest.render.html import _script_json

    assert "</" not in _script_json({"x": "</script><script>alert(1)</script>"})
    assert json.loads(_script_json(["</script>", "<!--"])) == ["</script>", "<!--"]


# -- replay_frames ----------------------------------------------------------------------------

def test_replay_frames_copies_and_checks(game: Frames) -> None:
    start = game[0][1].copy()
    before = render_svg(start)
    # rebuild the same game from its steps: the same pictures
    steps = []
    s = start.copy()
    for words, _after in game[1:30]:
        step = next(x for x in _candidates(s) if str(x) == words)
        steps.append(step)
        advance(s, step)
    frames = replay_frames(start, steps)
    assert render_svg(start) == before  # the given state is not changed
    assert [w for w, _ in frames] == [w for w, _ in game[:30]]
    assert render_svg(frames[-1][1]) == render_svg(game[29][1])
    assert len({id(st) for _, st in frames}) == len(frames)
    with pytest.raises(IllegalStep):
        replay_frames(start, [Harvest("purple", ("A1",))])


def _candidates(s: kh.State) -> list:
    if s.pending.kind == "chance":
        return [Draw(i) for i in sorted(s.bag) if s.can_draw(i)]
    return representative_steps(s)


# -- render_file ------------------------------------------------------------------------------

def test_render_file_chooses_by_suffix(game: Frames, tmp_path: Path) -> None:
    svg = render_file(tmp_path / "board.svg", game)
    assert svg == tmp_path / "board.svg"
    assert svg.read_text(encoding="utf-8") == render_svg(game[-1][1])  # the last frame
    html = render_file(tmp_path / "game.HTML", game, title="club game 7")
    assert html.read_text(encoding="utf-8") == render_html(game, "club game 7")
    one = render_file(tmp_path / "one.svg", midgame(), player="red")
    assert one.read_text(encoding="utf-8") == render_svg(midgame(), "red")
    single = render_file(tmp_path / "single.html", midgame())
    assert "<title>single</title>" in single.read_text(encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "board.svg", "game.HTML", "one.svg", "single.html"]  # no temporary files left


def test_the_title_names_the_game_by_its_front_matter() -> None:
    import datetime

    from keyharvest.render.html import game_title

    meta = {"event": "Club night 7", "round": 2, "date": datetime.date(2024, 5, 1),
            "names": {"red": "Ann", "yellow": "Cy"}, "site": "Pécs"}
    assert game_title(("red", "green", "yellow"), meta) == (
        "Ann (red), green, Cy (yellow) · Club night 7, round 2 · 2024-05-01")
    assert game_title(("red", "green"), {"date": datetime.date(2024, 5, 1)}) == (
        "red, green · 2024-05-01")
    assert game_title(("brown", "orange"), {}) == "brown, orange"


@pytest.mark.parametrize("name", ["board.png", "board", "board.svg.txt", "game.htm"])
def test_render_file_refuses_other_suffixes(name: str, tmp_path: Path) -> None:
    with pytest.raises(RenderError, match=r"must end in \.svg .* or \.html") as info:
        render_file(tmp_path / name, midgame())
    assert isinstance(info.value, kh.KeyHarvestError)
    assert not (tmp_path / name).exists()


def test_render_file_errors(tmp_path: Path) -> None:
    with pytest.raises(RenderError, match="no frames"):
        render_file(tmp_path / "x.html", [])
    with pytest.raises(RenderError, match="'purple'"):
        render_file(tmp_path / "x.svg", midgame(), player="purple")
    with pytest.raises(OSError):
        render_file(tmp_path / "missing" / "x.svg", midgame())
    assert list(tmp_path.iterdir()) == []


def test_a_stacked_skeleton_for_narrow_screens(game: Frames, page: str) -> None:
    """The page holds a second skeleton, in a template, with the same slots as the first
    (so the same parts fill it) and the boards one above the other."""
    wide, stacked = layout_of(game[0][1]), layout_of(game[0][1], columns=1)
    assert [s.key for s in stacked.slots] == [s.key for s in wide.slots]
    xs = {x for x, _ in stacked.panels.values()}
    ys = sorted(y for _, y in stacked.panels.values())
    assert len(xs) == 1 and len(ys) == len(game[0][1].colours)
    assert all(b - a >= stacked.panel_h for a, b in itertools.pairwise(ys))  # stacked, apart
    assert stacked.width < 0.55 * wide.width  # half as wide: readable on a phone
    head, template = page.split('<template id="kh-stacked">', 1)
    template = template.split("</template>", 1)[0]
    assert '<svg data-stacked="0" ' in head and template.lstrip().startswith(
        '<svg data-stacked="1" ')
    assert template.count('class="board"') == len(game[0][1].colours)


def test_the_viewer_of_a_record_carries_it_for_download(tmp_path: Path) -> None:
    """``render -o FILE.html`` of a record adds a button that saves the game's record
    (canonical, as ``fmt`` writes it); with ``--view`` there is none, since the record
    holds every screen the view hides."""
    import urllib.parse

    from cli_util import TWO, kh

    out = tmp_path / "club.html"
    assert kh("render", TWO, "-o", out).code == 0
    link = re.search(r'<a id="download"[^>]* download="club.kh"[^>]* href="data:text/plain;'
                     r'charset=utf-8,([^"]*)"', out.read_text())
    assert link is not None
    assert urllib.parse.unquote(link.group(1)) == kh("fmt", TWO).out
    viewed = tmp_path / "red.html"
    assert kh("render", TWO, "-o", viewed, "--view", "red").code == 0
    assert 'id="download"' not in viewed.read_text()
