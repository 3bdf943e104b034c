"""Workers on the board (RULES.md D.1, D.2, I.8, I.11, I.26, I.30, I.34, I.49, I.50):
placement, displacement by a field tile, re-placement and re-activation, and chains of them.

The abilities one by one are in test_workers_farmhands.py (A–F) and
test_workers_townsfolk.py (G–L). The helpers here are shared by those modules.
"""

from __future__ import annotations

from builders import rejected, table

from keyharvest.model.board import sorted_refs
from keyharvest.model.catalogue import CROP_INDEX, CROPS, WORKERS
from keyharvest.model.state import State
from keyharvest.model.steps import Buy, EndTurn, Fallow, Gain, Pass, Play, Replace, Step
from keyharvest.rules import advance, apply, representative_steps
from keyharvest.rules.crops import names
from keyharvest.rules.invariants import check
from keyharvest.rules.placement import ABILITIES

#: Six registry tiles far from the spaces the tests use.
REG = "G1 G2 G3 G4 G5 G6"
#: The six neighbours of C4: a worker of any number fits on C4 when red holds them.
RING = "B4 B5 C3 C5 D4 D5"


# -- helpers shared by the worker tests -----------------------------------------------------
def run(s: State, *steps: Step) -> State:
    """Push ``steps`` in order, checking the invariants of J after each."""
    for step in steps:
        advance(s, step)
        assert check(s) == [], f"after {step}: {check(s)}"
    return s


def listed_steps_apply(s: State) -> list[Step]:
    """Every step ``legal_steps`` lists applies (on a copy); returns the list."""
    steps = representative_steps(s)
    for step in steps:
        apply(s, step)
    return steps


def view(s: State, colour: str) -> dict:
    """A player's part of the table in the builder's words, for exact comparisons."""
    p = s.player(colour)
    return dict(
        tiles=" ".join(sorted_refs(p.tiles)),
        harvested=" ".join(sorted_refs(r for r, h in p.tiles.items() if h)),
        workers=dict(sorted(p.workers.items())),
        crops=" ".join(names(p.screen)),
        store={it.tile: " ".join(names(it.bid)) for it in p.store},
    )


def stock_after(before: list[int], **delta: int) -> list[int]:
    """``before`` changed by ``delta`` (crop name -> change)."""
    out = list(before)
    for crop, k in delta.items():
        out[CROP_INDEX[crop]] += k
    return out


def stock_with(s: State, **counts: int) -> list[int]:
    """The stock a test expects: 12 of each crop unless given (for builder tables)."""
    return [counts.get(c, 12) for c in CROPS]


# -- the registry -------------------------------------------------------------------------
def test_D3_D4_every_worker_has_an_ability_frame():
    assert sorted(ABILITIES) == sorted(WORKERS)


def test_D3_placing_a_worker_asks_for_its_ability():
    s = table({"red": dict(tiles=RING), "green": dict(tiles="G8")}, registry=REG)
    run(s, Play("red", "C", "C4"))
    assert (s.pending.kind, s.pending.player, s.pending.worker, s.pending.rule) == \
        ("ability", "red", "C", "D.3")
    run(s, Pass("red"))
    s2 = table({"red": dict(tiles=RING), "green": dict(tiles="G8")}, registry=REG)
    run(s2, Play("red", "H", "C4"))
    assert (s2.pending.kind, s2.pending.worker, s2.pending.rule) == ("ability", "H", "D.4")


# -- D.1 placement -----------------------------------------------------------------------
def test_D1_a_worker_never_goes_on_a_field_tile():
    s = table({"red": dict(tiles=RING + " C4"), "green": dict(tiles="G8")}, registry=REG)
    rejected(s, Play("red", "A", "C4"), "D.1")


def test_D1_2_a_worker_needs_as_many_adjacent_field_tiles_as_its_number():
    s = table({"red": dict(tiles="B4 B5 C3 C5"), "green": dict(tiles="G8")}, registry=REG)
    err = rejected(s, Play("red", "J", "C4"), "D.1")
    assert "next to 4 field tile(s); J needs 5" in err.message
    run(s, Play("red", "I", "C4"))  # 4 is enough for the Judge


def test_D1_3_a_worker_is_never_adjacent_to_another_worker():
    s = table({"red": dict(tiles=RING, workers={"C2": "A"}), "green": dict(tiles="G8")},
              registry=REG)
    assert "C3" in s.board.neighbours["C2"] and "B3" in s.board.neighbours["C2"]
    rejected(s, Play("red", "B", "B3"), "D.1")  # B3 is next to C2


def test_D1_5_placing_onto_a_lower_worker_sends_it_back_without_replacement():
    s = table({"red": dict(tiles=RING, workers={"C4": "A"}), "green": dict(tiles="G8")},
              registry=REG)
    run(s, Play("red", "E", "C4"))
    assert view(s, "red")["workers"] == {"C4": "E"}
    assert "A" in s.player("red").supply
    assert (s.pending.kind, s.pending.worker) == ("ability", "E")  # no re-placement of A


def test_I26_only_a_strictly_lower_worker_may_be_replaced():
    s = table({"red": dict(tiles=RING, workers={"C4": "E"}), "green": dict(tiles="G8")},
              registry=REG)
    err = rejected(s, Play("red", "F", "C4"), "D.1")
    assert "not lower than F" in err.message
    run(s, Play("red", "G", "C4"))  # a 4 replaces the 3
    assert "E" in s.player("red").supply


def test_I30_a_townsfolk_on_another_board_cannot_be_played():
    s = table({"red": dict(tiles=RING), "green": dict(tiles="G8", workers={"F8": "J"})},
              registry=REG)
    err = rejected(s, Play("red", "J", "C4"), "C.3")
    assert "green's board" in err.message and "I.30" in err.message


def test_D1_7_a_worker_placed_without_using_its_ability_stays_for_its_points():
    s = table({"red": dict(tiles=RING, crops="wheat"), "green": dict(tiles="G8")},
              registry=REG)
    before = list(s.stock)
    run(s, Play("red", "C", "C4"), Pass("red"))
    assert view(s, "red") == dict(tiles="B4 B5 C3 C5 D4 D5", harvested="",
                                  workers={"C4": "C"}, crops="wheat", store={})
    assert s.stock == before
    assert s.pending.kind == "turn" and s.turn.used == "b"


def test_D1_4_a_worker_stays_when_its_field_tiles_leave():
    # The Steward may send away a tile it needed to be placed (D.3); it stays (D.1.4).
    s = table({"red": dict(tiles="B4 B5 C3"), "green": dict(tiles="G8")}, registry=REG)
    run(s, Play("red", "F", "C4"), Fallow("red", "B4"))
    assert view(s, "red")["workers"] == {"C4": "F"}
    assert view(s, "red")["tiles"] == "B5 C3"
    assert s.fallow == ["B4"]


def test_D1_4_a_field_tile_placed_next_to_a_worker_does_not_reactivate_it():
    s = table({"red": dict(tiles="B4 B5", workers={"C4": "C"}, store={"C3": "wheat"}),
               "green": dict(tiles="G8")}, registry=REG)
    run(s, Buy("red", "C3", "red"))  # C3 is next to the Day Labourer on C4
    assert s.pending.kind == "turn"
    assert view(s, "red")["crops"] == ""


# -- D.2 displacement and re-activation ------------------------------------------------------
def displaced_day_labourer() -> State:
    """Red's Day Labourer stands on E4, and red's own store holds E4 (bid wheat)."""
    return table({"red": dict(tiles=RING, workers={"E4": "C"}, store={"E4": "wheat"}),
                  "green": dict(tiles="G8")}, registry=REG)


def test_D2_a_displaced_worker_is_replaced_and_used_again():
    s = displaced_day_labourer()
    run(s, Buy("red", "E4", "red"))
    assert (s.pending.kind, s.pending.player, s.pending.worker) == ("replace", "red", "C")
    steps = listed_steps_apply(s)
    assert Pass("red") in steps and Replace("red", "C", "C4") in steps
    run(s, Replace("red", "C", "C4"))
    assert (s.pending.kind, s.pending.worker) == ("ability", "C")
    run(s, Gain("red", ("wine", "wine")))
    assert view(s, "red") == dict(tiles="B4 B5 C3 C5 D4 D5 E4", harvested="",
                                  workers={"C4": "C"}, crops="wine wine", store={})
    assert s.stock == stock_with(s, wine=10)
    assert s.pending.kind == "turn" and s.turn.used == "c"


def test_D2_a_displaced_farmhand_not_replaced_goes_to_the_supply():
    s = displaced_day_labourer()
    run(s, Buy("red", "E4", "red"), Pass("red"))
    assert view(s, "red")["workers"] == {}
    assert "C" in s.player("red").supply
    assert s.pending.kind == "turn"


def test_D2_a_displaced_townsfolk_not_replaced_goes_to_the_town_board():
    s = table({"red": dict(tiles=RING, workers={"C4": "G"}, crops="wheat",
                           store={"C4": "wheat"}),
               "green": dict(tiles="G8")}, registry=REG)
    assert "G" not in s.town
    run(s, Buy("red", "C4", "red"), Pass("red"))
    assert "G" in s.town and view(s, "red")["workers"] == {}


def test_D2_replacement_follows_the_placement_rules():
    s = displaced_day_labourer()
    run(s, Buy("red", "E4", "red"))
    rejected(s, Replace("red", "C", "G7"), "D.1")  # no adjacent field tile
    rejected(s, Replace("red", "C", "B4"), "D.1")  # a field tile
    rejected(s, Replace("red", "A", "C4"), "D.2")  # not the displaced worker


def test_I8_a_replaced_worker_may_go_onto_a_lower_worker_which_goes_back():
    s = table({"red": dict(tiles=RING + " E3", workers={"C4": "A", "E4": "E"},
                           crops="wheat", store={"E4": "wheat"}),
               "green": dict(tiles="G8")}, registry=REG)
    run(s, Buy("red", "E4", "red"))
    assert s.pending.worker == "E"
    run(s, Replace("red", "E", "C4"))
    assert view(s, "red")["workers"] == {"C4": "E"}
    assert "A" in s.player("red").supply
    assert (s.pending.kind, s.pending.worker) == ("ability", "E")  # A is not re-placed
    run(s, Pass("red"))
    assert s.pending.kind == "turn"


def test_I34_C4_crops_from_a_replaced_day_labourer_pay_for_the_second_tile():
    # Red can pay only for the first tile; the Day Labourer it displaces, re-placed,
    # gains the two hops that the second tile costs (C.4.3).
    s = table({"red": dict(tiles=RING, workers={"E4": "C"}, crops="wheat"),
               "green": dict(tiles="G8", store={"E4": "wheat", "A1": "hops hops"})},
              registry=REG)
    rejected(s, Buy("red", "A1", "green"), "C.4")  # cannot pay hops hops yet
    run(s, Buy("red", "E4", "green"))
    assert s.pending.kind == "replace"  # at once, before anything else (I.34)
    run(s, Replace("red", "C", "C4"), Gain("red", ("hops", "hops")),
        Buy("red", "A1", "green"))
    assert view(s, "red") == dict(tiles="A1 B4 B5 C3 C5 D4 D5 E4", harvested="",
                                  workers={"C4": "C"}, crops="", store={})
    assert view(s, "green")["crops"] == "hops hops hops hops wheat wheat"
    assert view(s, "green")["store"] == {}
    assert s.stock == stock_with(s, hops=8, wheat=10)
    assert (s.turn.used, s.turn.count) == ("c", 2)


def test_D2_displacement_chain_of_depth_two():
    # Action c lands on the Experienced Worker; re-placed, it buys a tile that lands on the
    # Day Labourer; re-placed, that one gains crops, which then pay for the second tile.
    s = table({"red": dict(tiles=RING + " D3 E3", workers={"E4": "E", "C2": "C"},
                           crops="hops hops", store={"E4": "wheat"}),
               "green": dict(tiles="G8", store={"C2": "hops", "A1": "wine wine"})},
              registry=REG)
    run(s, Buy("red", "E4", "red"))
    assert (s.pending.kind, s.pending.worker) == ("replace", "E")
    run(s, Replace("red", "E", "C4"))
    listed_steps_apply(s)
    run(s, Buy("red", "C2", "green", ("hops", "hops")))
    assert (s.pending.kind, s.pending.worker) == ("replace", "C")
    depth = [type(f).__name__ for f in s.stack]
    assert depth == ["TurnFrame", "DisplacedFrame", "OpponentBuyFrame", "DisplacedFrame"]
    run(s, Replace("red", "C", "E2"), Gain("red", ("wine", "wine")))
    assert s.pending.kind == "turn" and len(s.stack) == 1
    run(s, Buy("red", "A1", "green"))
    assert view(s, "red") == dict(tiles="A1 B4 B5 C2 C3 C5 D3 D4 D5 E3 E4", harvested="",
                                  workers={"C4": "E", "E2": "C"}, crops="", store={})
    assert view(s, "green") == dict(tiles="G8", harvested="", workers={},
                                    crops="hops hops hops wine wine wine wine", store={})
    assert s.stock == stock_with(s, hops=9, wine=8, wheat=12)
    assert (s.turn.used, s.turn.count) == ("c", 2)


def test_I49_experienced_worker_displaces_itself_and_is_replaced():
    s = table({"red": dict(tiles=RING + " C6 C7 D6", crops="wheat wheat wheat"),
               "green": dict(tiles="G8", store={"C4": "hops"})}, registry=REG)
    run(s, Play("red", "E", "C4"), Buy("red", "C4", "green", ("wheat", "wheat")))
    assert (s.pending.kind, s.pending.worker) == ("replace", "E")
    assert "C4" in s.player("red").tiles
    run(s, Replace("red", "E", "D7"))
    assert (s.pending.kind, s.pending.worker) == ("ability", "E")
    run(s, Pass("red"))
    assert view(s, "red")["workers"] == {"D7": "E"}


def test_I50_a_displaced_steward_may_stay_off_but_once_replaced_must_act():
    def position() -> State:
        return table({"red": dict(tiles=RING + " E3", workers={"E4": "F"}, crops="wheat",
                                  store={"E4": "wheat"}),
                      "green": dict(tiles="G8")}, registry=REG)
    s = position()
    run(s, Buy("red", "E4", "red"), Pass("red"))  # re-placing is optional
    assert "F" in s.player("red").supply
    s = position()
    run(s, Buy("red", "E4", "red"), Replace("red", "F", "C4"))
    assert (s.pending.kind, s.pending.worker) == ("ability", "F")
    rejected(s, Pass("red"), "D.3")
    assert Pass("red") not in listed_steps_apply(s)
    run(s, Fallow("red", "E4"))
    assert s.fallow == ["E4"] and s.pending.kind == "turn"


def test_C1_abilities_are_not_actions():
    s = table({"red": dict(tiles=RING, crops="wheat"), "green": dict(tiles="G8")},
              registry=REG)
    run(s, Play("red", "C", "C4"), Gain("red", ("wine", "wheat")))
    assert s.turn.used == "b"
    assert EndTurn("red") in representative_steps(s)
