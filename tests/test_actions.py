"""Actions a–d and workers on the board (RULES.md C.2–C.5, D.1, D.2, I.3, I.5, I.8, I.26,
I.30, I.33, I.39).

Board geometry used below (standard board, rows offset half a hex)::

    A1  A2  A3  A4  A5  A6  A7  A8
      B2  B3  B4  B5  B6  B7  B8  B9
    C1  C2  C3  C4  C5  C6  C7  C8
      D2  D3  D4  D5  D6  D7  D8  D9
    E1  E2  E3  E4  E5  E6  E7  E8

Crops: B6 hops, B7 wheat, C6 hops, D6 vegetables, C7 apples, E2 wine, C5 wine.
"""

from __future__ import annotations

from builders import rejected, table

from keyharvest.model.catalogue import CROP_INDEX
from keyharvest.model.state import State
from keyharvest.model.steps import (
    Buy,
    Draw,
    EndTurn,
    Harvest,
    Offer,
    Pass,
    Play,
    Remove,
    Replace,
)
from keyharvest.rules import advance
from keyharvest.rules.invariants import check

REGISTRY = "A1 A3 A4 A5 A6 A7"


def settle_free(s: State) -> None:
    """Pass every optional ability (built by another issue) so it does not interfere."""
    while s.pending.kind == "ability":
        advance(s, Pass(s.pending.player))


def crops(s: State, colour: str) -> dict[str, int]:
    p = s.player(colour)
    return {c: p.screen[i] for c, i in CROP_INDEX.items() if p.screen[i]}


def stock(s: State, crop: str) -> int:
    return s.stock[CROP_INDEX[crop]]


# == C.2 harvest ===========================================================================
def harvest_table(**red) -> State:
    spec = dict(tiles="B6 B7 C6 E2")
    spec.update(red)
    return table({"red": spec, "green": dict(tiles="G1", crops="apples")}, registry=REGISTRY)


def test_C2_harvest_a_whole_group_flips_the_tiles_and_takes_their_crops():
    s = harvest_table()
    advance(s, Harvest("red", ("B6", "B7", "C6")))
    p = s.player("red")
    assert p.tiles == {"B6": True, "B7": True, "C6": True, "E2": False}
    assert crops(s, "red") == {"hops": 2, "wheat": 1}
    assert stock(s, "hops") == 10 and stock(s, "wheat") == 11
    assert check(s) == []


def test_C2_I3_harvest_any_subset_of_one_group():
    s = harvest_table()
    advance(s, Harvest("red", ("B7", "C6")))
    assert s.player("red").tiles["B6"] is False
    assert crops(s, "red") == {"hops": 1, "wheat": 1}


def test_C2_a_single_lonely_tile_is_a_group():
    s = harvest_table()
    advance(s, Harvest("red", ("E2",)))
    assert crops(s, "red") == {"wine": 1}


def test_C2_connection_runs_through_harvested_tiles():
    # B6 and D6 touch only through C6, which is already harvested
    s = harvest_table(tiles="B6 C6 D6", harvested="C6")
    advance(s, Harvest("red", ("B6", "D6")))
    assert crops(s, "red") == {"hops": 1, "vegetables": 1}


def test_C2_workers_do_not_connect_tiles():
    # the same shape, with a worker on C6 instead of a tile
    s = harvest_table(tiles="B6 D6", workers={"C6": "A"})
    e = rejected(s, Harvest("red", ("B6", "D6")), "C.2")
    assert "not in one connected group" in e.message


def test_C2_harvesting_across_two_disconnected_groups_is_illegal():
    s = harvest_table()
    e = rejected(s, Harvest("red", ("B6", "E2")), "C.2")
    assert e.message == "B6 and E2 are not in one connected group (workers do not connect)"


def test_C2_an_already_harvested_tile_is_illegal():
    s = harvest_table(harvested="B7")
    e = rejected(s, Harvest("red", ("B6", "B7")), "C.2")
    assert e.message == "B7 is already harvested"


def test_C2_a_tile_not_on_the_board_is_illegal():
    s = harvest_table()
    e = rejected(s, Harvest("red", ("G1",)), "C.2")
    assert "not a field tile on red's board" in e.message


def test_C2_naming_a_tile_twice_or_no_tile_is_illegal():
    s = harvest_table()
    rejected(s, Harvest("red", ("B6", "B6")), "C.2")
    rejected(s, Harvest("red", ()), "C.2")


def test_C2_I5_stock_shortage_allows_a_substitute():
    # green holds every hops counter: the stock has none
    s = table({"red": dict(tiles="B6 B7 C6"), "green": dict(tiles="G1", crops="hops " * 12)},
              registry=REGISTRY)
    advance(s, Harvest("red", ("B6", "B7"), instead=("wine",)))
    assert crops(s, "red") == {"wine": 1, "wheat": 1}
    assert check(s) == []


def test_I33_a_substitute_is_optional():
    s = table({"red": dict(tiles="B6 B7 C6"), "green": dict(tiles="G1", crops="hops " * 12)},
              registry=REGISTRY)
    advance(s, Harvest("red", ("B6", "B7")))
    assert crops(s, "red") == {"wheat": 1}
    assert s.player("red").tiles["B6"] is True  # flipped even though it gave nothing


def test_I33_with_several_tiles_only_the_short_ones_get_a_substitute():
    # the stock holds one hops: B6 gives hops, C6 may take a substitute
    s = table({"red": dict(tiles="B6 C6"), "green": dict(tiles="G1", crops="hops " * 11)},
              registry=REGISTRY)
    advance(s, Harvest("red", ("B6", "C6"), instead=("wheat",)))
    assert crops(s, "red") == {"hops": 1, "wheat": 1}


def test_I33_too_many_substitutes_are_illegal():
    s = table({"red": dict(tiles="B6 C6"), "green": dict(tiles="G1", crops="hops " * 11)},
              registry=REGISTRY)
    e = rejected(s, Harvest("red", ("B6", "C6"), instead=("wheat", "wine")), "I.33")
    assert "only 1 tile(s) lack their crop" in e.message


def test_I33_a_substitute_while_the_crop_is_in_the_stock_is_illegal():
    s = harvest_table()
    e = rejected(s, Harvest("red", ("B6",), instead=("wine",)), "I.33")
    assert "no substitute is allowed" in e.message


def test_I5_a_substitute_the_stock_lacks_too_is_illegal():
    s = table({"red": dict(tiles="B6"), "green": dict(tiles="G1", crops="hops " * 12),
               "yellow": dict(tiles="G8", crops="wine " * 12)}, registry=REGISTRY)
    e = rejected(s, Harvest("red", ("B6",), instead=("wine",)), "I.5")
    assert "no wine left" in e.message


# == C.3, D.1 workers ======================================================================
def worker_table(red: dict | None = None, green: dict | None = None) -> State:
    r = dict(tiles="B6 B7 B8 C6 C8", crops="wheat")
    r.update(red or {})
    g = dict(tiles="G1 G2", crops="apples")
    g.update(green or {})
    return table({"red": r, "green": g}, registry=REGISTRY)


def play(s: State, letter: str, space: str) -> None:
    advance(s, Play("red", letter, space))
    settle_free(s)


def test_C3_D1_play_a_farmhand_from_the_supply():
    s = worker_table()
    play(s, "B", "A6")
    p = s.player("red")
    assert p.workers == {"A6": "B"}
    assert "B" not in p.supply
    assert s.turn.used == "b"
    assert check(s) == []


def test_C3_I30_play_a_townsfolk_from_the_town_board():
    s = worker_table()  # C7 touches B7 B8 C6 C8: four field tiles
    play(s, "G", "C7")
    assert s.player("red").workers == {"C7": "G"}
    assert "G" not in s.town
    assert check(s) == []


def test_I30_a_townsfolk_on_another_board_cannot_be_played():
    s = worker_table(green=dict(workers={"F2": "G"}))
    e = rejected(s, Play("red", "G", "C7"), "C.3")
    assert "on green's board" in e.message


def test_C3_a_farmhand_not_in_the_supply_cannot_be_played():
    s = worker_table(red=dict(workers={"A6": "B"}))
    e = rejected(s, Play("red", "B", "D9"), "C.3")
    assert "not in red's supply" in e.message


def test_C3_an_unknown_worker_cannot_be_played():
    s = worker_table()
    rejected(s, Play("red", "Q", "A6"), "C.3")


def test_D1_a_worker_may_not_go_on_a_field_tile():
    s = worker_table()
    e = rejected(s, Play("red", "A", "B6"), "D.1")
    assert "holds a field tile" in e.message


def test_D1_a_space_off_the_board_is_illegal():
    s = worker_table()
    rejected(s, Play("red", "A", "H1"), "D.1")


def test_D1_the_space_needs_as_many_adjacent_field_tiles_as_the_worker_number():
    s = worker_table()  # A5 touches B6 only (A4, A6, B5 are empty)
    e = rejected(s, Play("red", "C", "A5"), "D.1")
    assert e.message.endswith("A5 is next to 1 field tile(s); C needs 2")
    play(s, "A", "A5")  # a 1 fits
    assert s.player("red").workers == {"A5": "A"}


def test_D1_harvested_tiles_count_for_adjacency():
    s = worker_table(red=dict(harvested="B6 B7"))
    play(s, "C", "A6")  # A6 touches B6 and B7, both harvested
    assert s.player("red").workers == {"A6": "C"}


def test_D1_a_worker_may_never_be_adjacent_to_another_worker():
    s = worker_table(red=dict(workers={"A6": "A"}))
    e = rejected(s, Play("red", "B", "A7"), "D.1")
    assert "next to worker A at A6" in e.message


def test_D1_another_players_workers_do_not_matter():
    s = worker_table(green=dict(workers={"A6": "A"}))
    play(s, "B", "A7")
    assert s.player("red").workers == {"A7": "B"}


def test_D1_5_a_worker_may_replace_a_strictly_lower_own_worker_which_goes_back():
    s = worker_table(red=dict(workers={"C7": "A"}))
    play(s, "C", "C7")
    p = s.player("red")
    assert p.workers == {"C7": "C"}
    assert "A" in p.supply and "C" not in p.supply
    assert s.pending.kind == "turn"  # the replaced worker is not re-placed (D.1.5)
    assert check(s) == []


def test_D1_5_a_townsfolk_replaced_by_a_higher_worker_goes_back_to_town():
    s = worker_table(red=dict(workers={"C7": "G"}, tiles="B6 B7 B8 C6 C8 D7"))
    play(s, "J", "C7")  # a 5 needs five field tiles around C7
    assert s.player("red").workers == {"C7": "J"}
    assert "G" in s.town and "J" not in s.town
    assert check(s) == []


def test_I26_a_worker_may_not_replace_an_equal_number():
    s = worker_table(red=dict(workers={"C7": "E"}))
    e = rejected(s, Play("red", "F", "C7"), "D.1")
    assert "not lower than F (3)" in e.message


def test_D1_a_worker_may_not_replace_a_higher_number():
    s = worker_table(red=dict(workers={"C7": "C"}))
    rejected(s, Play("red", "A", "C7"), "D.1")


def test_C3_remove_sends_a_farmhand_to_the_supply():
    s = worker_table(red=dict(workers={"A6": "B"}))
    advance(s, Remove("red", "B"))
    p = s.player("red")
    assert p.workers == {} and "B" in p.supply
    assert s.turn.used == "b"
    assert check(s) == []


def test_C3_I28_remove_sends_a_townsfolk_to_the_town_board():
    s = worker_table(red=dict(workers={"C7": "K"}))
    advance(s, Remove("red", "K"))
    assert s.player("red").workers == {} and "K" in s.town
    assert "K" not in s.player("red").supply
    assert check(s) == []


def test_C3_removing_a_worker_not_on_the_board_is_illegal():
    s = worker_table(green=dict(workers={"F2": "A"}))
    e = rejected(s, Remove("red", "A"), "C.3")
    assert "not on red's board" in e.message


# == C.4 buy ===============================================================================
def buy_table(red: dict | None = None, green: dict | None = None,
              yellow: dict | None = None) -> State:
    r = dict(tiles="B6 B7", crops="wheat wheat wine")
    r.update(red or {})
    g = dict(tiles="G1", crops="apples")
    g.update(green or {})
    y = dict(tiles="G8", crops="hops")
    y.update(yellow or {})
    return table({"red": r, "green": g, "yellow": y}, registry=REGISTRY)


def test_C4_buy_from_own_store_pays_the_bid_into_the_stock():
    s = buy_table(red=dict(store={"C6": "hops wine"}))
    advance(s, Buy("red", "C6", "red"))
    p = s.player("red")
    assert p.tiles["C6"] is False and p.store == []
    assert crops(s, "red") == {"wheat": 2, "wine": 1}  # nothing paid from the screen
    assert stock(s, "hops") == 11 and stock(s, "wine") == 11  # the bid went to the stock
    assert s.turn.used == "c"
    assert check(s) == []


def test_C4_buy_from_another_store_pays_the_owner_bid_back_plus_payment():
    s = buy_table(green=dict(store={"C6": "wheat wine"}))
    before_stock = list(s.stock)
    advance(s, Buy("red", "C6", "green"))
    assert s.player("red").tiles["C6"] is False
    assert crops(s, "red") == {"wheat": 1}
    assert crops(s, "green") == {"apples": 1, "wheat": 2, "wine": 2}
    assert s.player("green").store == []
    assert s.stock == before_stock
    assert check(s) == []


def test_C4_a_tile_harvested_before_lands_large_icon_up():
    s = buy_table(red=dict(store={"C6": "wheat"}))
    advance(s, Buy("red", "C6", "red"))
    assert s.player("red").tiles["C6"] is False


def test_C4_buying_a_tile_in_no_store_is_illegal():
    s = buy_table()
    e = rejected(s, Buy("red", "C6", "green"), "C.4")
    assert e.message == "red cannot buy C6 from green: no store holds it"


def test_C4_buying_from_the_wrong_store_is_illegal():
    s = buy_table(yellow=dict(store={"C6": "hops"}))
    e = rejected(s, Buy("red", "C6", "green"), "C.4")
    assert "it is in yellow's store" in e.message


def test_C4_buying_from_a_player_not_playing_is_illegal():
    s = buy_table()
    e = rejected(s, Buy("red", "C6", "brown"), "C.4")
    assert "brown is not playing" in e.message


def test_C4_a_bid_the_buyer_cannot_match_exactly_is_illegal():
    # red holds three crops, but not the two hops of the bid
    s = buy_table(green=dict(store={"C6": "hops hops"}))
    e = rejected(s, Buy("red", "C6", "green"), "C.4")
    assert "cannot pay hops hops" in e.message


def test_C4_action_c_names_no_payment():
    s = buy_table(green=dict(store={"C6": "wheat"}))
    rejected(s, Buy("red", "C6", "green", ("wheat",)), "C.4")


def test_C4_I39_two_tiles_from_the_same_store_in_one_action():
    s = buy_table(green=dict(store={"C6": "wheat", "D6": "wine"}))
    advance(s, Buy("red", "C6", "green"))
    advance(s, Buy("red", "D6", "green"))
    assert {"C6", "D6"} <= set(s.player("red").tiles)
    assert s.turn.used == "c" and s.turn.count == 2
    assert crops(s, "green") == {"apples": 1, "wheat": 2, "wine": 2}
    assert check(s) == []


def test_C4_two_tiles_from_two_stores_in_one_action():
    s = buy_table(red=dict(store={"D6": "wheat"}), green=dict(store={"C6": "wine"}))
    advance(s, Buy("red", "C6", "green"))
    advance(s, Buy("red", "D6", "red"))
    assert {"C6", "D6"} <= set(s.player("red").tiles)
    assert s.turn.used == "c"
    assert check(s) == []


def test_C4_a_third_tile_in_one_action_is_illegal():
    s = buy_table(red=dict(store={"D6": "wheat"}), green=dict(store={"C6": "wine",
                                                                    "C5": "apples"}))
    advance(s, Buy("red", "C6", "green"))
    advance(s, Buy("red", "D6", "red"))
    e = rejected(s, Buy("red", "C5", "green"), "C.4")
    assert "at most 2 tiles" in e.message


def test_C4_each_tile_is_paid_in_turn_from_what_is_left():
    s = buy_table(red=dict(crops="wheat wine"), green=dict(store={"C6": "wheat",
                                                                  "D6": "wine"}))
    advance(s, Buy("red", "C6", "green"))
    advance(s, Buy("red", "D6", "green"))
    assert crops(s, "red") == {}


def test_C4_D2_displaced_worker_may_be_re_placed():
    s = buy_table(red=dict(workers={"C6": "A"}, store={"C6": "wheat"}))
    advance(s, Buy("red", "C6", "red"))
    assert s.pending.kind == "replace" and s.pending.worker == "A"
    assert s.player("red").workers == {}
    assert check(s) == []  # the worker in limbo is accounted for
    advance(s, Replace("red", "A", "A6"))
    settle_free(s)
    assert s.player("red").workers == {"A6": "A"}
    assert s.pending.kind == "turn" and s.turn.used == "c"
    assert check(s) == []


def test_D2_a_displaced_worker_not_re_placed_goes_back():
    s = buy_table(red=dict(workers={"C6": "A", "C2": "G"}, store={"C6": "wheat"},
                           tiles="B6 B7 B2 B3 D2 D3"))
    advance(s, Buy("red", "C6", "red"))
    advance(s, Pass("red"))
    assert "A" in s.player("red").supply
    assert s.player("red").workers == {"C2": "G"}
    assert check(s) == []


def test_D2_a_displaced_townsfolk_not_re_placed_goes_to_town():
    s = buy_table(red=dict(workers={"C7": "G"}, store={"C7": "wheat"},
                           tiles="B6 B7 B8 C6 C8"))
    advance(s, Buy("red", "C7", "red"))
    assert s.pending.worker == "G"
    advance(s, Pass("red"))
    assert "G" in s.town
    assert check(s) == []


def test_D2_a_displaced_worker_re_placed_illegally_is_refused():
    s = buy_table(red=dict(workers={"C6": "A", "A8": "B"}, store={"C6": "wheat"}))
    advance(s, Buy("red", "C6", "red"))
    e = rejected(s, Replace("red", "A", "B6"), "D.1")  # a field tile
    assert "holds a field tile" in e.message
    rejected(s, Replace("red", "A", "A7"), "D.1")  # next to B at A8
    rejected(s, Replace("red", "C", "A6"), "D.2")  # not the displaced worker
    rejected(s, Buy("red", "D6", "red"), "D.2")  # the re-placement comes first (I.34)


def test_I8_a_displaced_worker_may_be_re_placed_onto_a_lower_own_worker():
    s = buy_table(red=dict(workers={"C6": "C", "A6": "A"}, store={"C6": "wheat"}))
    advance(s, Buy("red", "C6", "red"))
    advance(s, Replace("red", "C", "A6"))
    settle_free(s)
    p = s.player("red")
    assert p.workers == {"A6": "C"}
    assert "A" in p.supply  # the replaced worker goes back, no second re-placement
    assert s.pending.kind == "turn"
    assert check(s) == []


def test_I34_the_displaced_worker_is_re_placed_before_the_second_tile():
    s = buy_table(red=dict(workers={"C6": "A"}, store={"C6": "wheat", "D6": "wine"}))
    advance(s, Buy("red", "C6", "red"))
    advance(s, Replace("red", "A", "A6"))
    settle_free(s)
    advance(s, Buy("red", "D6", "red"))  # still the same action c
    assert s.turn.used == "c" and s.turn.count == 2


# == C.5 offer =============================================================================
def offer_table(red: dict | None = None) -> State:
    r = dict(tiles="B6 B7", crops="wheat wheat wine")
    r.update(red or {})
    return table({"red": r, "green": dict(tiles="G1", crops="apples")}, registry=REGISTRY)


def test_C5_offer_puts_a_registry_tile_in_the_store_with_its_bid_and_refills():
    s = offer_table()
    advance(s, Offer("red", "A3", ("wheat", "wine")))
    p = s.player("red")
    assert [(it.tile, it.bid) for it in p.store] == [("A3", [0, 0, 0, 1, 1])]
    assert crops(s, "red") == {"wheat": 1}
    assert s.registry == ["A1", "A4", "A5", "A6", "A7"]
    assert s.pending.kind == "chance" and s.pending.rule == "F.1"
    assert check(s) == []  # a pending refill may leave a gap
    advance(s, Draw("G5"))
    assert "G5" in s.registry and len(s.registry) == 6
    assert "G5" not in s.bag
    assert s.pending.kind == "turn" and s.turn.used == "d"
    assert check(s) == []


def test_C5_a_second_tile_after_the_refill():
    s = offer_table()
    advance(s, Offer("red", "A3", ("wheat",)))
    advance(s, Draw("G5"))
    advance(s, Offer("red", "G5", ("wheat",)))
    advance(s, Draw("G6"))
    assert [it.tile for it in s.player("red").store] == ["A3", "G5"]
    assert s.turn.used == "d" and s.turn.count == 2
    assert len(s.registry) == 6
    assert check(s) == []


def test_C5_the_second_tile_waits_for_the_refill():
    s = offer_table()
    advance(s, Offer("red", "A3", ("wheat",)))
    e = rejected(s, Offer("red", "A4", ("wheat",)), "F.1")
    assert "draw from the bag is due" in e.message


def test_C5_a_bid_of_no_crops_is_illegal():
    s = offer_table()
    e = rejected(s, Offer("red", "A3", ()), "C.5")
    assert e.message == "a bid is at least 1 crop"


def test_C5_a_bid_the_player_does_not_hold_is_illegal():
    s = offer_table()
    e = rejected(s, Offer("red", "A3", ("hops",)), "C.5")
    assert "cannot pay hops" in e.message
    rejected(s, Offer("red", "A3", ("wheat", "wheat", "wheat")), "C.5")


def test_C5_a_bid_of_an_unknown_crop_is_illegal():
    s = offer_table()
    rejected(s, Offer("red", "A3", ("corn",)), "C.5")


def test_C5_a_tile_not_in_the_registry_is_illegal():
    s = offer_table()
    e = rejected(s, Offer("red", "G5", ("wheat",)), "C.5")
    assert e.message == "G5 is not in the registry"


def test_C5_a_third_tile_in_a_store_is_illegal():
    s = offer_table(red=dict(store={"C6": "hops"}))
    advance(s, Offer("red", "A3", ("wheat",)))
    advance(s, Draw("G5"))
    e = rejected(s, Offer("red", "A4", ("wheat",)), "C.5")
    assert "already holds 2 tiles" in e.message


def test_C5_a_full_store_takes_no_tile():
    s = offer_table(red=dict(store={"C6": "hops", "D6": "apples"}))
    e = rejected(s, Offer("red", "A3", ("wheat",)), "C.5")
    assert "already holds 2 tiles" in e.message


def test_C5_a_third_tile_in_one_action_d_is_illegal():
    s = offer_table(red=dict(crops="wheat wheat wine wine"))
    for tile, draw in (("A3", "G5"), ("A4", "G6")):
        advance(s, Offer("red", tile, ("wheat",)))
        advance(s, Draw(draw))
    rejected(s, Offer("red", "A5", ("wine",)), "C.5")
    advance(s, EndTurn("red"))
    advance(s, EndTurn("green"))
    # a new turn: the store is still full
    e = rejected(s, Offer("red", "A5", ("wine",)), "C.5")
    assert "already holds 2 tiles" in e.message


def test_C5_the_bid_is_fixed_and_kept_apart_from_the_screen():
    s = offer_table()
    advance(s, Offer("red", "A3", ("wheat",)))
    advance(s, Draw("G5"))
    advance(s, Offer("red", "A4", ("wheat", "wine")))
    advance(s, Draw("G6"))
    assert [it.bid for it in s.player("red").store] == [[0, 0, 0, 0, 1], [0, 0, 0, 1, 1]]
    assert crops(s, "red") == {}
    assert check(s) == []


def test_C4_3_crops_gained_by_a_re_placed_worker_pay_for_the_second_tile(monkeypatch):
    """C.4.3: a worker displaced by the first tile is re-placed and its ability yields
    crops, which pay for the second tile of the same action c. The ability is a stand-in
    (two wheat from the stock), so this checks the core's order of events only."""
    from keyharvest.rules import placement as workers

    def day_labourer(state: State, colour: str, letter: str, space: str):
        p = state.player(colour)
        i = CROP_INDEX["wheat"]
        state.stock[i] -= 2
        p.screen[i] += 2

    monkeypatch.setattr(workers, "ABILITIES", {"C": day_labourer})
    s = buy_table(red=dict(crops="wine", workers={"C6": "C"}),
                  green=dict(store={"C6": "wine", "D6": "wheat wheat"}))
    rejected(s, Buy("red", "D6", "green"), "C.4")  # red cannot pay wheat wheat yet
    advance(s, Buy("red", "C6", "green"))
    advance(s, Replace("red", "C", "A6"))
    assert crops(s, "red") == {"wheat": 2}
    advance(s, Buy("red", "D6", "green"))
    assert crops(s, "red") == {}
    assert s.turn.used == "c" and s.turn.count == 2
    assert check(s) == []


def test_can_pay_is_at_least_the_need_of_every_crop() -> None:
    """``crops.has``, the one test of "can this screen pay this bid" (C.4, C.5), unrolled:
    it agrees with a crop-by-crop comparison, a single crop short refusing."""
    from itertools import product

    from keyharvest.rules.crops import has

    for screen in product(range(2), repeat=5):
        for need in ((0, 0, 0, 0, 0), (1, 0, 0, 0, 0), (0, 0, 0, 0, 1), (1, 1, 1, 1, 1)):
            assert has(screen, need) == all(s >= n for s, n in zip(screen, need))
    assert not has([3, 3, 3, 3, 0], [1, 1, 1, 1, 1])
