"""SVG pictures of positions (keyharvest.render.svg): golden files, valid XML, determinism,
self-containment, and that what is drawn is the position (read back from the data attributes).

Golden files live in tests/golden/. After a deliberate change to the picture, regenerate them
with ``KEYHARVEST_REGEN_GOLDEN=1 pytest tests/test_render_svg.py`` and look at the diff.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from builders import random_step, table
from golden_files import GOLDEN, assert_golden

import keyharvest as kh
from keyharvest.formats import positions as kh_positions
from keyharvest.model.board import Board
from keyharvest.model.catalogue import CROPS
from keyharvest.model.state import Pending, PendingKind, Result
from keyharvest.render import RenderError, render_svg
from keyharvest.rules import advance
from keyharvest.rules.invariants import check

ROOT = Path(__file__).resolve().parent.parent
SVG = "{http://www.w3.org/2000/svg}"


# -- positions --------------------------------------------------------------------------------

def midgame(board: Board | None = None) -> kh.State:
    """Four players, harvested tiles, farmhands and a townsfolk, stores, 7 events (the "?"
    space filled), fallow tiles; green to play."""
    s = table({
        "red": dict(tiles="B6 B7 C6 C7", harvested="B7 C7", workers={"D5": "A", "G3": "G"},
                    crops="wheat wheat hops", store={"C3": "hops hops"}),
        "green": dict(tiles="A2 A3 E6", harvested="A3", workers={"F3": "C"}, crops="wine",
                      store={"D4": "apples", "G2": "wheat wine"}),
        "yellow": dict(tiles="A8 G8 F8", workers={"B2": "E", "E2": "F"},
                       crops="vegetables apples apples"),
        "brown": dict(tiles="D9 F4", harvested="D9 F4"),
    }, registry="A1 A4 A5 A6 A7 B3", track="N Q M R V T W", fallow="D2 D3", turn="green",
        used="a", board=board)
    assert check(s) == []
    return s


def final_two() -> kh.State:
    """A finished two-player game: ten events, an empty registry, a winner."""
    s = table({
        "orange": dict(tiles="A2 A3 A4 B3 B4 E6 E7", harvested="A3 B4", workers={"G1": "L"},
                       crops="apples apples wine", supply="BD"),
        "red": dict(tiles="A8 G8 G7 C1", workers={"E3": "E", "C5": "F"}, crops="hops",
                    supply=""),
    }, registry="", track="N O P Q R S T U V W", fallow="D2 D3 D4")
    s.result = Result.FINISHED
    s.pending = Pending(PendingKind.OVER)
    return s


def random_states(n: int, seed: int, limit: int = 10_000) -> list[kh.State]:
    """Every state of a random game (random legal steps and draws), start included."""
    rng = random.Random(seed)
    s = kh.random_game(n, rng, max_turns=300)
    out = [s.copy()]
    while not s.is_over and len(out) <= limit:
        step = random_step(s, rng)
        advance(s, step)
        out.append(s.copy())
    return out


# -- reading a picture back -------------------------------------------------------------------

def expected_summary(state: kh.State, shown: tuple[str, ...] | None = None) -> dict:
    """What a picture of ``state`` must show, computed from the state alone."""
    shown = shown or state.colours
    board = state.board
    sc = kh.score(state)

    def tiles(p):
        return " ".join(r + ("h" if p.tiles[r] else "") for r in board.references if r in p.tiles)

    def bid(counts):
        return ",".join(c for c, k in zip(CROPS, counts) for _ in range(k))

    players = {c: state.player(c) for c in shown}
    return {
        "boards": {c: [tiles(p), " ".join(sorted(f"{w}@{s}" for s, w in p.workers.items()))]
                   for c, p in players.items()},
        "stores": {c: [f"{it.tile}:{bid(it.bid)}" for it in p.store] for c, p in players.items()},
        "screens": {c: sum(p.screen) for c, p in players.items()},
        "supply": {c: "".join(sorted(p.supply)) for c, p in players.items()},
        "totals": {c: sc.of(c).total for c in shown},
        "scores": {ps.player: ps.total for ps in sc.players},
        "registry": list(state.registry),
        "stock": list(state.stock),
        "track": " ".join(state.track),
        "bag": state.bag_count,
        "fallow": " ".join(state.fallow),
        "town": "".join(sorted(state.town)),
        "turn": state.turn.number,
    }


def svg_summary(svg: str) -> dict:
    """What an SVG picture shows, read from its data attributes and drawn elements."""
    root = ET.fromstring(svg)
    slots = {g.get("data-slot"): g[0] for g in root.iter(SVG + "g") if g.get("data-slot")}
    out: dict = {"boards": {}, "stores": {}, "screens": {}, "supply": {}, "totals": {},
                 "scores": {}}
    for board in root.iter(SVG + "g"):
        if board.get("class") != "board":
            continue
        colour = board.get("data-player")
        drawn_tiles = " ".join(t.get("data-ref") + ("h" if t.get("data-harvested") == "1" else "")
                               for t in board.iter(SVG + "g") if t.get("class") == "tile")
        drawn_workers = " ".join(sorted(f"{w.get('data-worker')}@{w.get('data-ref')}"
                                        for w in board.iter(SVG + "g")
                                        if w.get("class") == "worker"))
        assert board.get("data-tiles") == drawn_tiles
        assert board.get("data-workers") == drawn_workers
        out["boards"][colour] = [drawn_tiles, drawn_workers]
        out["stores"][colour] = [f"{el.get('data-tile')}:{el.get('data-bid')}"
                                 for key, el in sorted(slots.items())
                                 if key.startswith(f"store:{colour}:")
                                 and el.get("class") == "item"]
        out["screens"][colour] = int(slots[f"screen:{colour}"].get("data-count"))
        out["supply"][colour] = slots[f"supply:{colour}"].get("data-supply")
        out["totals"][colour] = int(slots[f"total:{colour}"].get("data-total"))
    for key, el in slots.items():
        if key.startswith("score:"):
            out["scores"][key[6:]] = int(el.get("data-total"))
    out["registry"] = [slots[k].get("data-ref") for k in sorted(slots)
                       if k.startswith("registry:") and slots[k].get("class") == "chip"]
    out["stock"] = [int(slots[f"stock:{c}"].get("data-count")) for c in CROPS]
    out["track"] = slots["track"].get("data-track")
    out["bag"] = int(slots["bag"].get("data-count"))
    out["fallow"] = slots["fallow"].get("data-fallow")
    out["town"] = slots["town"].get("data-town")
    out["turn"] = int(slots["status"].get("data-turn"))
    return out


# -- golden files -----------------------------------------------------------------------------

def partial_table() -> kh_positions.Position:
    """The hand-written final table of scenarios/positions, without its result: a partial
    position of a game not known to have ended (no bag, registry, track, turn or steps)."""
    text = (ROOT / "scenarios" / "positions" / "final-table.toml").read_text(encoding="utf-8")
    return kh_positions.load_position(text.replace('result = "finished"\n', ""), "table.toml")


GOLDEN_CASES = {
    "partial2": lambda: render_svg(partial_table().state, unknown=partial_table().unknown),
    "midgame4": lambda: render_svg(midgame()),
    "midgame4_red": lambda: render_svg(midgame(), player="red"),
    "final2": lambda: render_svg(final_two()),
}


@pytest.mark.parametrize("name", sorted(GOLDEN_CASES))
def test_svg_matches_golden_file(name: str) -> None:
    got = GOLDEN_CASES[name]()
    assert_golden(got, GOLDEN / f"render_{name}.svg")


# -- properties -------------------------------------------------------------------------------

def test_picture_shows_the_position() -> None:
    s = midgame()
    assert svg_summary(render_svg(s)) == expected_summary(s)
    got = svg_summary(render_svg(s, player="yellow"))
    assert got == expected_summary(s, ("yellow",))
    assert list(got["boards"]) == ["yellow"]


@pytest.mark.parametrize("n,seed", [(2, 11), (3, 12), (4, 13)])
def test_every_position_of_a_random_game_is_drawn_as_it_is(n: int, seed: int) -> None:
    states = random_states(n, seed)
    assert len(states) > 50
    for s in states[::3] + [states[-1]]:
        svg = render_svg(s)
        assert svg_summary(svg) == expected_summary(s), f"after step {s.steps}"


def test_harvested_tiles_are_drawn_differently() -> None:
    root = ET.fromstring(render_svg(midgame(), player="red"))
    tiles = {t.get("data-ref"): t for t in root.iter(SVG + "g") if t.get("class") == "tile"}
    fresh, harvested = tiles["B6"], tiles["B7"]

    def fills(el):
        return {p.get("fill") for p in el.iter(SVG + "polygon")}

    assert "url(#kh-hatch)" in fills(harvested) and "url(#kh-hatch)" not in fills(fresh)
    assert any(True for _ in harvested.iter(SVG + "path"))  # the tick mark
    assert not any(True for _ in fresh.iter(SVG + "path"))
    assert "harvested" in harvested.find(SVG + "title").text


def test_event_track_marks_the_question_space() -> None:
    s = midgame()
    s.track = s.track[:3]
    root = ET.fromstring(render_svg(s))
    track = next(g for g in root.iter(SVG + "g") if g.get("data-slot") == "track")[0]
    assert track.get("data-track") == "N Q M"
    marks = [t.text for t in track.iter(SVG + "text")]
    assert marks == ["N", "Q", "M", "?"]  # the 7th space, still empty, shows its "?"


def test_output_is_valid_xml_and_self_contained() -> None:
    for s in (midgame(), final_two(), *random_states(4, 3)[::40]):
        svg = render_svg(s)
        root = ET.fromstring(svg)
        assert root.tag == SVG + "svg"
        assert "http" not in svg.replace('xmlns="http://www.w3.org/2000/svg"', "")
        assert "href" not in svg and "<image" not in svg and "<script" not in svg
        assert "url(" not in svg.replace("url(#kh-hatch)", "")


def test_same_state_gives_identical_bytes() -> None:
    s = midgame()
    assert render_svg(s) == render_svg(s.copy()) == render_svg(midgame())


def test_output_does_not_depend_on_hash_seeds() -> None:
    # sets (supply, town, bag) must be drawn in a fixed order whatever the hash seed
    code = ("import sys; sys.path.insert(0, 'tests'); from test_render_svg import midgame;"
            "from keyharvest.render import render_svg; sys.stdout.write(render_svg(midgame()))")
    root = Path(__file__).parent.parent
    outs = set()
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run([sys.executable, "-c", code], cwd=root, env=env,
                              capture_output=True, text=True, check=True)
        outs.add(done.stdout)
    assert len(outs) == 1
    assert outs.pop() == render_svg(midgame())


def test_only_a_player_of_the_game_can_be_shown() -> None:
    with pytest.raises(RenderError, match="'purple'.*red, green, yellow, brown"):
        render_svg(midgame(), player="purple")
    assert issubclass(RenderError, kh.KeyHarvestError) and issubclass(RenderError, ValueError)


def _slot_positions(svg: str, colour: str) -> dict[str, tuple[float, float]]:
    root = ET.fromstring(svg)
    out = {}
    for g in root.iter(SVG + "g"):
        key = g.get("data-slot") or ""
        if key.startswith(f"cell:{colour}:"):
            x, y = g.get("transform")[len("translate("):-1].split(",")
            out[key.rsplit(":", 1)[1]] = (float(x), float(y))
    return out


def test_spaces_are_placed_from_the_board_file() -> None:
    # a board of another shape: 4 rows of 14, references A1..D14, no reference of the standard
    spaces = {f"{'ABCD'[y]}{i + 1}": {"crop": CROPS[(i + y) % 5], "x": 2 * i + y, "y": y}
              for y in range(4) for i in range(14)}
    board = Board.from_mapping({"name": "long", "spaces": spaces,
                                "starting_pairs": [["A1", "D14"], ["A14", "D1"], ["B3", "C9"],
                                                   ["B10", "C4"]]})
    s = table({"red": dict(tiles="A1 A2 B2 C12 D14", harvested="B2", workers={"C5": "B"}),
               "green": dict(tiles="A14 D1")},
              registry="A5 A6 A7 A8 A9 A10", board=board)
    svg = render_svg(s)
    assert svg_summary(svg) == expected_summary(s)
    pos = _slot_positions(svg, "red")
    assert set(pos) == {"A1", "A2", "B2", "C12", "D14", "C5"}
    w = pos["A2"][0] - pos["A1"][0]  # one hex across
    for ref, (x, y) in pos.items():
        bx, by = board.positions[ref]
        assert x == pytest.approx(pos["A1"][0] + bx * w / 2, abs=0.6)
        assert y == pytest.approx(pos["A1"][1] + by * (pos["B2"][1] - pos["A1"][1]), abs=0.6)
    labels = {t.text for t in ET.fromstring(svg).iter(SVG + "text")}
    assert {"A1", "D14", "C9"} <= labels and "G8" not in labels
    # a wider, flatter board gives a wider, flatter picture than the standard one
    root, std = ET.fromstring(svg), ET.fromstring(render_svg(midgame()))
    assert float(root.get("width")) > float(std.get("width"))
