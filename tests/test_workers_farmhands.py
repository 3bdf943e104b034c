"""The farmhands' abilities A–F (RULES.md D.3) and the rulings they touch (I.5, I.13, I.33,
I.36): for each, a use that succeeds, with the exact resulting position, and uses that are
refused without changing anything."""

from __future__ import annotations

from builders import table
from test_workers import REG, RING, listed_steps_apply, rejected, run, stock_with, view

from keyharvest.model.steps import Buy, Fallow, Flip, Gain, Harvest, Pass, Play


# -- A: Apprentice ----------------------------------------------------------------------------
def apprentice(**red) -> object:
    spec = dict(tiles=RING + " A1", harvested="B5")
    spec.update(red)
    s = table({"red": spec, "green": dict(tiles="G8")}, registry=REG)
    run(s, Play("red", "A", "C4"))
    return s


def test_D3_apprentice_harvests_one_adjacent_tile_without_flipping_it():
    s = apprentice()
    assert set(listed_steps_apply(s)) == {Pass("red")} | {
        Harvest("red", (r,)) for r in ("B4", "C3", "C5", "D4", "D5")}
    run(s, Harvest("red", ("B4",)))
    assert view(s, "red") == dict(tiles="A1 B4 B5 C3 C5 D4 D5", harvested="B5",
                                  workers={"C4": "A"}, crops="vegetables", store={})
    assert s.stock == stock_with(s, vegetables=11)
    assert s.pending.kind == "turn"


def test_I36_apprentice_names_real_targets_only():
    s = apprentice()
    rejected(s, Harvest("red", ("B5",)), "I.36")  # harvested
    rejected(s, Harvest("red", ("A1",)), "I.36")  # not adjacent to C4
    rejected(s, Harvest("red", ("G8",)), "I.36")  # green's tile
    rejected(s, Harvest("red", ("C3", "C5")), "D.3")  # one tile only
    rejected(s, Harvest("red", ()), "D.3")


def test_I36_apprentice_next_to_harvested_tiles_only_is_placed_for_nothing():
    s = apprentice(harvested=RING)
    assert listed_steps_apply(s) == [Pass("red")]
    rejected(s, Harvest("red", ("B4",)), "I.36")
    run(s, Pass("red"))
    assert view(s, "red")["workers"] == {"C4": "A"} and view(s, "red")["crops"] == ""


def test_I33_apprentice_takes_a_substitute_only_for_a_crop_the_stock_lacks():
    # B4 is vegetables; green holds all 12 vegetables.
    s = table({"red": dict(tiles=RING, harvested="B5 C3 C5 D4 D5"),
               "green": dict(tiles="G8", crops="vegetables " * 12)}, registry=REG)
    run(s, Play("red", "A", "C4"))
    rejected(s, Harvest("red", ("B4",), ("wheat", "wine")), "I.33")  # one tile, one substitute
    rejected(s, Harvest("red", ("B4",), ("vegetables",)), "I.5")  # none left
    listed_steps_apply(s)
    run(s, Harvest("red", ("B4",), ("wheat",)))
    assert view(s, "red")["crops"] == "wheat"
    assert s.stock == stock_with(s, vegetables=0, wheat=11)


def test_I33_the_substitute_is_optional():
    s = table({"red": dict(tiles=RING, harvested="B5 C3 C5 D4 D5"),
               "green": dict(tiles="G8", crops="vegetables " * 12)}, registry=REG)
    run(s, Play("red", "A", "C4"), Harvest("red", ("B4",)))
    assert view(s, "red")["crops"] == "" and s.pending.kind == "turn"


def test_I33_no_substitute_while_the_stock_holds_the_crop():
    s = apprentice()
    rejected(s, Harvest("red", ("B4",), ("wheat",)), "I.33")


# -- B: Seasonal Worker ----------------------------------------------------------------------
def test_D3_seasonal_worker_harvests_up_to_two_adjacent_tiles_without_flipping():
    s = table({"red": dict(tiles=RING)}, registry=REG)
    run(s, Play("red", "B", "C4"))
    listed_steps_apply(s)
    run(s, Harvest("red", ("B4", "B5")))  # vegetables, wine
    assert view(s, "red") == dict(tiles="B4 B5 C3 C5 D4 D5", harvested="",
                                  workers={"C4": "B"}, crops="vegetables wine", store={})
    assert s.stock == stock_with(s, vegetables=11, wine=11)


def test_D3_seasonal_worker_harvests_at_most_two():
    s = table({"red": dict(tiles=RING)}, registry=REG)
    run(s, Play("red", "B", "C4"))
    rejected(s, Harvest("red", ("B4", "B5", "C3")), "D.3")
    rejected(s, Harvest("red", ("B4", "B4")), "D.3")
    rejected(s, Harvest("red", ("B4", "A1")), "I.36")


def test_I33_seasonal_worker_substitutes_only_for_the_tile_whose_crop_ran_out():
    # B4 vegetables (none in the stock), B5 wine (in the stock).
    s = table({"red": dict(tiles=RING), "green": dict(crops="vegetables " * 12)},
              registry=REG)
    run(s, Play("red", "B", "C4"))
    rejected(s, Harvest("red", ("B4", "B5"), ("hops", "hops")), "I.33")
    run(s, Harvest("red", ("B4", "B5"), ("hops",)))
    assert view(s, "red")["crops"] == "hops wine"
    assert s.stock == stock_with(s, vegetables=0, hops=11, wine=11)


# -- C: Day Labourer -------------------------------------------------------------------------
def test_D3_day_labourer_takes_any_two_crops():
    s = table({"red": dict(tiles=RING, crops="hops")}, registry=REG)
    run(s, Play("red", "C", "C4"))
    steps = listed_steps_apply(s)
    assert Gain("red", ("wheat", "wheat")) in steps and Gain("red", ("hops", "wine")) in steps
    run(s, Gain("red", ("wheat", "wheat")))
    assert view(s, "red") == dict(tiles="B4 B5 C3 C5 D4 D5", harvested="",
                                  workers={"C4": "C"}, crops="hops wheat wheat", store={})
    assert s.stock == stock_with(s, hops=11, wheat=10)


def test_D3_I5_the_day_labourers_gains_are_every_pair_the_stock_holds_in_order():
    """The gains the Day Labourer's frame lists for a stock are the choices of two crops (or
    what is left) the stock holds, in the order of ``combinations_with_replacement``: for
    every stock of 0 to 3 of each crop, the list a check of each choice against the stock
    gives; the lazy listing counts as many (and the memo, warm or cold, changes nothing)."""
    from itertools import combinations_with_replacement, product

    from keyharvest.model.catalogue import CROPS
    from keyharvest.rules import legal_view, memo, representative_steps

    s = table({"red": dict(tiles=RING)}, registry=REG)
    run(s, Play("red", "C", "C4"))
    for cold in (False, True):
        for stock in product(range(4), repeat=len(CROPS)):
            if cold:
                memo.clear()
            s.stock = list(stock)  # (crops conserved or not: the listing reads the stock)
            due = min(2, sum(stock))
            held = [c for c, k in zip(CROPS, stock) if k]
            want = [] if due == 0 else [
                crops for crops in combinations_with_replacement(held, due)
                if all(crops.count(c) <= stock[i] for i, c in enumerate(CROPS))]
            listed = representative_steps(s)
            assert [x.crops for x in listed if isinstance(x, Gain)] == want, stock
            assert len(legal_view(s)) == len(listed), stock


def test_D3_day_labourer_takes_exactly_two():
    s = table({"red": dict(tiles=RING)}, registry=REG)
    run(s, Play("red", "C", "C4"))
    rejected(s, Gain("red", ("wheat",)), "D.3")
    rejected(s, Gain("red", ("wheat", "wheat", "wine")), "D.3")
    rejected(s, Gain("red", ("wheat", "corn")), "D.3")


def test_I5_day_labourer_takes_only_what_the_stock_holds():
    all_but_one_wine = "hops " * 12 + "vegetables " * 12 + "apples " * 12 + "wheat " * 12 \
        + "wine " * 11
    s = table({"red": dict(tiles=RING), "green": dict(crops=all_but_one_wine)}, registry=REG)
    run(s, Play("red", "C", "C4"))
    rejected(s, Gain("red", ("hops", "wine")), "I.5")
    rejected(s, Gain("red", ("wine", "wine")), "I.5")
    rejected(s, Gain("red", ()), "I.5")  # the stock holds 1: take 1 (I.54)
    assert listed_steps_apply(s) == [Pass("red"), Gain("red", ("wine",))]
    run(s, Gain("red", ("wine",)))
    assert view(s, "red")["crops"] == "wine" and sum(s.stock) == 0


def test_I5_day_labourer_with_an_empty_stock_can_only_pass():
    everything = "hops " * 12 + "vegetables " * 12 + "apples " * 12 + "wheat " * 12 \
        + "wine " * 12
    s = table({"red": dict(tiles=RING), "green": dict(crops=everything)}, registry=REG)
    run(s, Play("red", "C", "C4"))
    assert listed_steps_apply(s) == [Pass("red")]
    rejected(s, Gain("red", ("wine",)), "I.5")


# -- D: Inexperienced Worker -----------------------------------------------------------------
def test_D3_inexperienced_worker_flips_adjacent_harvested_tiles_back():
    s = table({"red": dict(tiles=RING + " A1", harvested="B4 B5 D5 A1")}, registry=REG)
    run(s, Play("red", "D", "C4"))
    steps = listed_steps_apply(s)
    assert Flip("red", ("B4", "B5", "D5")) in steps
    run(s, Flip("red", ("B4", "D5")))
    assert view(s, "red") == dict(tiles="A1 B4 B5 C3 C5 D4 D5", harvested="A1 B5",
                                  workers={"C4": "D"}, crops="", store={})
    assert s.stock == stock_with(s)


def test_D3_inexperienced_worker_flips_only_adjacent_harvested_tiles():
    s = table({"red": dict(tiles="B4 B5 C5 D4 D5 A1", harvested="B4 A1"),
               "green": dict(tiles="C3", harvested="C3")}, registry=REG)
    run(s, Play("red", "D", "C4"))
    rejected(s, Flip("red", ("B5",)), "D.3")  # not harvested
    rejected(s, Flip("red", ("A1",)), "D.3")  # not adjacent
    rejected(s, Flip("red", ("C3",)), "D.3")  # green's tile
    rejected(s, Flip("red", ()), "D.3")
    rejected(s, Flip("red", ("B4", "B4")), "D.3")


def test_D3_inexperienced_worker_with_nothing_to_flip_can_only_pass():
    s = table({"red": dict(tiles=RING)}, registry=REG)
    run(s, Play("red", "D", "C4"))
    assert listed_steps_apply(s) == [Pass("red")]


# -- E: Experienced Worker --------------------------------------------------------------------
def experienced(red_crops: str = "hops hops wine") -> object:
    s = table({"red": dict(tiles=RING, crops=red_crops, store={"A3": "hops"}),
               "green": dict(tiles="G8", crops="apples", store={"A1": "wheat wheat"})},
              registry=REG)
    run(s, Play("red", "E", "C4"))
    return s


def test_D3_I13_experienced_worker_buys_from_an_opponent_for_the_price_plus_one():
    s = experienced()
    assert Buy("red", "A1", "green", ("hops", "hops", "wine")) in listed_steps_apply(s)
    run(s, Buy("red", "A1", "green", ("hops", "hops", "wine")))
    assert view(s, "red") == dict(tiles="A1 B4 B5 C3 C5 D4 D5", harvested="",
                                  workers={"C4": "E"}, crops="", store={"A3": "hops"})
    # the payment and the bid both go behind green's screen (I.13)
    assert view(s, "green") == dict(tiles="G8", harvested="", workers={},
                                    crops="hops hops apples wine wheat wheat", store={})
    assert s.stock == stock_with(s, hops=9, apples=11, wine=11, wheat=10)
    assert s.turn.used == "b" and s.pending.kind == "turn"


def test_I13_experienced_worker_does_not_buy_from_its_own_store():
    s = experienced()
    rejected(s, Buy("red", "A3", "red", ("hops", "wine")), "I.13")


def test_D3_experienced_worker_pays_exactly_one_more_than_the_price():
    s = experienced()
    rejected(s, Buy("red", "A1", "green", ("hops", "hops")), "D.3")  # the price only
    rejected(s, Buy("red", "A1", "green"), "D.3")  # no payment written
    rejected(s, Buy("red", "A1", "green", ("wheat", "wheat", "wheat")), "D.3")  # not held
    rejected(s, Buy("red", "A2", "green", ("hops", "hops", "wine")), "D.3")  # not in store
    rejected(s, Buy("red", "A1", "blue", ("hops", "hops", "wine")), "D.3")  # no such player


def test_D3_experienced_worker_that_cannot_afford_anything_can_only_pass():
    s = experienced(red_crops="hops hops")
    assert listed_steps_apply(s) == [Pass("red")]
    run(s, Pass("red"))
    assert view(s, "red")["workers"] == {"C4": "E"}


# -- F: Steward -------------------------------------------------------------------------------
def test_D3_steward_must_send_a_field_tile_to_the_fallow():
    s = table({"red": dict(tiles=RING + " G8", harvested="G8"),
               "green": dict(tiles="A1")}, registry=REG)
    run(s, Play("red", "F", "C4"))
    assert Pass("red") not in listed_steps_apply(s)
    rejected(s, Pass("red"), "D.3")
    rejected(s, Fallow("red", "A1"), "D.3")  # green's tile
    rejected(s, Harvest("red", ("B4",)), "D.3")
    run(s, Fallow("red", "G8"))  # any tile of the board, not only a neighbour
    assert view(s, "red") == dict(tiles="B4 B5 C3 C5 D4 D5", harvested="",
                                  workers={"C4": "F"}, crops="", store={})
    assert s.fallow == ["G8"] and s.stock == stock_with(s)
    assert s.pending.kind == "turn"
