"""Standings read as standings and unknowns shown as unknown (issue 14, items 3 and 4).

Only an ended game has a winner (RULES.md I.55): the text board, the SVG and the HTML
viewer say "not finished: standings after step N" and "leading" before the end, never
"winner" or "Game over". A partial position (a hand-written final table: no bag, no
registry) is drawn with "unknown" where its parts are unknown, not 0 or "empty".
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from cli_util import FINAL_TABLE, TWO, kh
from golden_files import GOLDEN, assert_golden
from test_render_html import game_frames
from test_render_svg import partial_table

from keyharvest.formats.records import load_record, replay
from keyharvest.render import render_svg
from keyharvest.render.html import render_html
from keyharvest.render.textboard import render
from keyharvest.rules.scoring import score

NS = {"svg": "http://www.w3.org/2000/svg"}


def test_the_text_of_a_partial_position_matches_its_golden_file() -> None:
    pos = partial_table()
    got = render(pos.state, unknown=pos.unknown) + "\n"
    assert_golden(got, GOLDEN / "textboard_partial2.txt")
    head = got.split("\n\n")[0]
    assert "registry: unknown   bag: unknown" in head and "events: unknown" in head
    assert "0 tiles" not in head and "(empty)   bag" not in head and "turn 1" not in head
    assert "not finished: standings of this position: red 18 (leading), green 15" in head
    assert "winner" not in got and "Game over" not in got


def test_a_partial_position_knows_what_it_leaves_out() -> None:
    assert partial_table().unknown == {"bag", "registry", "removed", "track", "turn", "steps"}
    from keyharvest.formats.positions import dump_position, load_position

    complete = load_position(dump_position(replay(load_record(TWO.read_text())).state))
    assert complete.complete and complete.unknown == frozenset()


def slots(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    return {e.get("data-slot"): e for e in root.iter("{http://www.w3.org/2000/svg}g")
            if e.get("data-slot")}


def words(e: ET.Element) -> str:
    return " ".join(t.strip() for t in e.itertext() if t.strip())


def test_the_svg_of_a_partial_position_says_unknown() -> None:
    pos = partial_table()
    svg = render_svg(pos.state, unknown=pos.unknown)
    s = slots(svg)
    assert words(s["bag"]) == "unknown" and s["bag"][0].get("data-count") == "unknown"
    assert words(s["registry:0"]) == "unknown"
    assert s["track"][0].get("data-track") == "unknown" and "unknown" in words(s["track"])
    assert words(s["status"]) == "Turn unknown"
    assert words(s["scores:note"]) == "not finished: standings of this position"
    assert words(s["stepno"]) == "step unknown"
    assert "Game over" not in svg and "winner" not in svg.replace("data-winner", "")
    assert "to play" not in svg  # whose turn it is is unknown too
    assert s["score:red"][0].get("data-leading") == "1"
    assert s["score:green"][0].get("data-leading") == "0"


def test_a_position_that_says_it_ended_has_its_winner() -> None:
    from keyharvest.formats.positions import read_position

    pos = read_position(FINAL_TABLE)
    s = slots(render_svg(pos.state, unknown=pos.unknown))
    assert words(s["status"]) == "Game over: red wins"
    assert words(s["waiting"]) == "decided by points"  # not "after 1 turn": turns unknown
    assert words(s["scores:note"]) == "final"
    assert s["score:red"][0].get("data-winner") == "1"
    assert "unknown" in words(s["bag"])
    text = render(pos.state, unknown=pos.unknown)
    assert "final score: red 18 (winner), green 15; decided by points" in text


@pytest.mark.parametrize("upto", [0, 10, 40, 120])
def test_an_unfinished_game_shows_standings_and_who_leads(upto: int) -> None:
    record = load_record(TWO.read_text(encoding="utf-8"))
    state = replay(record, upto=upto).state
    sc = score(state)
    assert not sc.finished
    svg = render_svg(state)
    s = slots(svg)
    assert words(s["scores:note"]) == f"not finished: standings after step {upto}"
    leading = {c for c in state.colours if s[f"score:{c}"][0].get("data-leading") == "1"}
    assert leading == set(sc.ahead)  # the leaders, unless every player is one (a tie)
    assert all(s[f"score:{c}"][0].get("data-winner") == "0" for c in state.colours)
    assert "winner" not in svg.replace("data-winner", "") and "Game over" not in svg
    text = render(state)
    line = next(x for x in text.split("\n") if x.startswith("not finished"))
    assert line.startswith(f"not finished: standings after step {upto}: ")
    assert all(f"{c} " in line for c in state.colours) and "(leading)" in line
    assert "winner" not in text


def test_the_viewer_data_says_who_leads_at_each_step() -> None:
    frames = game_frames(3, 5, steps=60)
    html = render_html(frames, "game")
    for _, state in frames:  # each frame's parts are in the file; the leaders of each show
        sc = score(state)
        for c in sc.ahead:
            row = (f'data-total=\\"{sc.of(c).total}\\" data-winner=\\"0\\" '
                   'data-leading=\\"1\\"')
            assert row in html or sc.finished


def test_the_command_line_draws_partial_positions_as_partial(tmp_path: Path) -> None:
    partial = tmp_path / "table.toml"
    partial.write_text(FINAL_TABLE.read_text().replace('result = "finished"\n', ""))
    r = kh("replay", partial)
    assert r.code == 0 and "registry: unknown   bag: unknown" in r.out
    assert "not finished: standings of this position" in r.out
    for suffix in ("svg", "html"):
        out = tmp_path / f"table.{suffix}"
        assert kh("render", partial, "-o", out).code == 0
        body = out.read_text()
        assert "Turn unknown" in body and "Game over" not in body
