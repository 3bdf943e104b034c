"""The bag, the registry refill, the event track and the end of the game (RULES.md F.1–F.4,
I.6, I.7, I.9, I.10, I.38, I.43, I.53).

The effects of events are built by another issue; these tests replace them with a recorder
(``started``), so they check only where events go and when they are started."""

from __future__ import annotations

import pytest
from builders import rejected, table

import keyharvest as kh
from keyharvest.model.state import State
from keyharvest.model.steps import Draw, EndTurn, Harvest, Offer
from keyharvest.rules import advance, placement, representative_steps, stepping
from keyharvest.rules.bag import RefillFrame
from keyharvest.rules.invariants import check

REGISTRY = "A1 A3 A4 A5 A6 A7"


@pytest.fixture
def started(monkeypatch) -> list[tuple[str, str, tuple[str, ...]]]:
    """Replace every event effect by a recorder: (letter, drawer, track when started)."""
    log: list[tuple[str, str, tuple[str, ...]]] = []

    def record(state: State, letter: str, drawer: str):
        log.append((letter, drawer, tuple(state.track)))

    monkeypatch.setattr(placement, "EFFECTS", {e: record for e in "MNOPQRSTUVWXYZ"})
    return log


def players(red_tiles: str = "B6 B7", **extra) -> dict:
    out = {"red": dict(tiles=red_tiles, crops="wheat wheat wheat wine"),
           "green": dict(tiles="G1 G2 G3 G4 G5 G6 G7"),
           "yellow": dict(tiles="E1 E2 E3 E4 E5 E6 E7")}
    for colour, spec in extra.items():
        out[colour].update(spec)
    return out


def offer(s: State, tile: str = "A1") -> None:
    advance(s, Offer(s.current.colour, tile, ("wheat",)))
    assert s.pending.kind == "chance"


# -- F.1, F.2 the refill -----------------------------------------------------------------------
def test_F1_F2_an_event_drawn_in_a_refill_is_placed_then_the_refill_draws_again(started):
    s = table(players(), registry=REGISTRY, track="M O")
    offer(s)
    advance(s, Draw("P"))
    assert s.track == ["M", "O", "P"] and "P" not in s.bag
    assert started == [("P", "red", ("M", "O", "P"))]
    assert s.pending.kind == "chance"  # the gap is still open
    assert check(s) == []
    advance(s, Draw("F8"))
    assert s.registry[-1] == "F8" and len(s.registry) == 6
    assert s.pending.kind == "turn" and s.pending.player == "red"
    assert check(s) == []


def test_F1_a_draw_of_something_not_in_the_bag_is_illegal(started):
    s = table(players(), registry=REGISTRY, track="M O")
    offer(s)
    e = rejected(s, Draw("B6"), "F.1")  # on red's board
    assert e.message == "B6 is not in the bag"
    rejected(s, Draw("M"), "F.1")  # on the track
    rejected(s, Harvest("red", ("B6",)), "F.1")  # a draw is due, not a decision


def test_F1_refill_with_an_empty_bag_leaves_a_gap(started):
    board = kh.standard_board()
    red, green = "B6 B7", "G1 G2"
    used = set((red + " " + green + " " + REGISTRY).split())
    fallow = " ".join(r for r in board.references if r not in used)
    s = table({"red": dict(tiles=red, crops="wheat wheat"), "green": dict(tiles=green)},
              registry=REGISTRY, fallow=fallow, bag="", track="M N O P Q R S T U V",
              removed="W X Y Z")
    assert check(s) == []
    advance(s, Offer("red", "A1", ("wheat",)))
    assert s.pending.kind == "turn"  # nothing to draw
    assert s.registry == ["A3", "A4", "A5", "A6", "A7"]
    assert check(s) == []  # fewer than 6 is fine once the bag is empty (F.1)
    advance(s, Offer("red", "A3", ("wheat",)))
    assert len(s.registry) == 4 and s.pending.kind == "turn"


# -- F.3 the "?" space -----------------------------------------------------------------------
def test_F3_question_space_returns_spaces_1_and_2_when_someone_has_fewer_than_7(started):
    s = table(players(), registry=REGISTRY, track="N P R U V X")
    offer(s)
    advance(s, Draw("Y"))
    assert s.track == ["R", "U", "V", "X", "Y"]
    assert {"N", "P"} <= s.bag
    # I.6: the check comes first, the event is resolved from its new place
    assert started == [("Y", "red", ("R", "U", "V", "X", "Y"))]
    assert check(s) == []


@pytest.mark.parametrize("red,shift", [
    (dict(tiles="B2 B3 B4 B5 B6 B7 B8"), False),  # 7 field tiles
    (dict(tiles="B2 B3 B4 B5 B6", workers={"D2": "A", "D5": "B"}), False),  # 5 + 2 workers
    (dict(tiles="B2 B3 B4 B5 B6 B7"), True),  # 6
    (dict(tiles="B2 B3 B4 B5 B6 B7", store={"C4": "wine"}), True),  # store tiles do not count
])
def test_F3_the_count_is_field_tiles_plus_workers_on_the_board(started, red, shift):
    s = table(players(red=red), registry=REGISTRY, track="N P R U V X")
    offer(s)
    advance(s, Draw("Y"))
    assert len(s.track) == (5 if shift else 7)


def test_F3_no_return_when_every_player_has_7_or_more(started):
    s = table(players("B2 B3 B4 B5 B6 B7 B8"), registry=REGISTRY, track="N P R U V X")
    offer(s)
    advance(s, Draw("Y"))
    assert s.track == ["N", "P", "R", "U", "V", "X", "Y"]
    assert started[-1][2] == tuple("NPRUVXY")
    assert check(s) == []


def test_F3_I6_I7_the_check_repeats_and_returned_events_may_come_back_in_the_same_refill(
        started):
    s = table(players(), registry=REGISTRY, track="N P R U V X")
    offer(s)
    advance(s, Draw("Y"))  # 7th: N P go back
    advance(s, Draw("N"))  # drawn again at once (I.6)
    assert s.track == ["R", "U", "V", "X", "Y", "N"]
    advance(s, Draw("P"))  # 7th again: R U go back
    assert s.track == ["V", "X", "Y", "N", "P"]
    advance(s, Draw("R"))
    # ten events drawn in all, but the 10th space is not filled: no end (I.7)
    assert s.track == ["V", "X", "Y", "N", "P", "R"]
    assert s.end_countdown is None
    advance(s, Draw("F8"))
    assert s.pending.kind == "turn"
    assert check(s) == []


# -- F.4 the end -----------------------------------------------------------------------------
@pytest.mark.parametrize("drawer,order", [
    ("red", ["green", "yellow", "red", "green", "yellow", "red"]),
    ("green", ["yellow", "red", "green", "yellow", "red", "green"]),
])
def test_F4_the_10th_space_ends_the_game_two_rounds_after_the_drawers_turn(started, drawer,
                                                                             order):
    spec = players("B2 B3 B4 B5 B6 B7 B8")
    spec[drawer]["crops"] = "wheat wheat"
    s = table(spec, registry=REGISTRY, track="M N O P Q R S T U", turn=drawer)
    offer(s)
    advance(s, Draw("V"))
    assert len(s.track) == 10
    assert s.end_countdown == 6 and s.end_trigger == drawer
    assert started[-1][0] == "V"  # the 10th event is still resolved
    advance(s, Draw("F8"))
    advance(s, Harvest(drawer, (next(iter(s.current.tiles)),)))  # the drawer's turn goes on
    advance(s, EndTurn(drawer))
    seen = []
    while s.result is None:
        seen.append(s.current.colour)
        assert s.pending.kind == "turn"
        advance(s, EndTurn(s.current.colour))
    assert seen == order
    assert s.result == "finished"
    assert s.pending.kind == "over"
    assert representative_steps(s) == []
    e = rejected(s, EndTurn(s.current.colour), "F.4")
    assert "finished" in e.message
    assert kh.score(s).finished
    assert check(s) == []


def test_F4_I9_I43_events_after_the_10th_space_are_out_of_play(started):
    s = table(players(), registry=REGISTRY, track="M N O P Q R S T U")
    offer(s)
    advance(s, Draw("V"))  # 10th
    advance(s, Draw("X"))
    advance(s, Draw("Y"))
    assert s.track[-1] == "V" and len(s.track) == 10
    assert s.spent == ["X", "Y"]
    assert not {"X", "Y"} & s.bag
    assert [e for e, _, _ in started] == ["V"]  # neither placed nor resolved
    assert s.pending.kind == "chance"  # the refill still wants its field tile (I.9)
    advance(s, Draw("F8"))
    assert "F8" in s.registry and s.pending.kind == "turn"
    assert s.end_countdown == 6  # set once, by the 10th space
    assert check(s) == []


def test_I38_the_end_counts_from_the_player_whose_turn_it_is(started):
    """A 10th event drawn for another player (as in M, Q, W) still starts the countdown from
    the player whose turn it is."""
    s = table(players(), registry="A1 A3 A4 A5 A6", track="M N O P Q R S T U", turn="red")
    s.stack.append(RefillFrame("green", 1))  # a refill drawn by green during red's turn
    stepping.settle(s)
    advance(s, Draw("V"))
    assert started[-1][:2] == ("V", "green")
    assert s.end_trigger == "red" and s.end_countdown == 6


def test_I53_without_field_tiles_in_the_bag_there_is_no_question_check(started):
    board = kh.standard_board()
    spec = players()
    used = {t for p in spec.values() for t in p["tiles"].split()} | set(REGISTRY.split())
    fallow = " ".join(r for r in board.references if r not in used)
    s = table(spec, registry=REGISTRY, track="M O Q S T W", fallow=fallow,
              bag="N P R U V X", removed="Y Z")
    assert check(s) == []
    offer(s)
    advance(s, Draw("P"))  # 7th space, red has 2 tiles, but no "?" check (I.53)
    assert s.track == ["M", "O", "Q", "S", "T", "W", "P"]
    for e in "RVX":
        advance(s, Draw(e))
    assert len(s.track) == 10 and s.end_countdown == 6
    advance(s, Draw("N"))
    advance(s, Draw("U"))
    assert s.spent == ["N", "U"]
    assert s.pending.kind == "turn"  # the bag is empty: the refill ends with a gap
    assert len(s.registry) == 5
    assert check(s) == []


# -- I.10 the turn limit ---------------------------------------------------------------------
def test_I10_the_turn_limit_stops_the_game_as_unfinished():
    s = table(players(), registry=REGISTRY, max_turns=4)
    for colour in ["red", "green", "yellow"]:
        advance(s, EndTurn(colour))
    assert s.result is None and s.turn.number == 4
    advance(s, EndTurn("red"))
    assert s.result == "unfinished"
    assert s.pending.kind == "over"
    e = rejected(s, EndTurn("red"), "I.10")
    assert "unfinished" in e.message and "max_turns = 4" in e.message
    sc = kh.score(s)
    assert not sc.finished and sc.notes


def test_I10_random_game_with_a_turn_limit_stops():
    s = kh.random_game(2, 3, max_turns=2)
    advance(s, EndTurn(s.current.colour))
    advance(s, EndTurn(s.current.colour))
    assert s.result == "unfinished"
