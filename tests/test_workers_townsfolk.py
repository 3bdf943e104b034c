"""The townsfolk's abilities G–L (RULES.md D.4) and the rulings they touch (E.2, F.1, I.13–I.16,
I.19, I.34, I.35, I.49): for each, a use that succeeds, with the exact resulting position,
and uses that are refused without changing anything."""

from __future__ import annotations

from collections.abc import Iterator

from builders import table
from test_workers import REG, RING, listed_steps_apply, rejected, run, stock_with, view

from keyharvest.errors import IllegalStep
from keyharvest.model.board import sorted_refs
from keyharvest.model.catalogue import EVENT_LETTERS
from keyharvest.model.state import Pending, PendingKind, State
from keyharvest.model.steps import (
    Accept,
    Buy,
    Claim,
    Copy,
    Draw,
    Fallow,
    Flip,
    Gain,
    Harvest,
    Offer,
    Pass,
    Pick,
    Place,
    Play,
    Replace,
    Step,
)
from keyharvest.rules import engine, stepping
from keyharvest.rules.abilities import BenefactorFrame, ShopkeeperFrame


class EventUnderway(engine.Frame):
    """Stands for an event being resolved below an ability (I.19); the events themselves
    are tested elsewhere."""

    is_event = True

    def __init__(self, player: str) -> None:
        self.player = player

    def settle(self, state: State) -> Pending:
        return Pending(PendingKind.EVENT, self.player, rule="E.1", event="Y")

    def apply(self, state: State, step: Step) -> None:
        raise IllegalStep("E.1", "the stand-in event takes no step")

    def legal(self, state: State) -> Iterator[Step]:
        return iter(())


def inside_an_event(s: State, frame: engine.Frame) -> State:
    s.stack.append(EventUnderway("red"))
    s.stack.append(frame)
    stepping.settle(s)
    return s


# -- G: Trader ----------------------------------------------------------------------------
def trader() -> State:
    s = table({"red": dict(tiles=RING, crops="hops wine wine", store={"A3": "hops"}),
               "green": dict(tiles="G8", store={"A1": "wheat wheat"})}, registry=REG)
    run(s, Play("red", "G", "C4"))
    return s


def test_D4_I13_trader_buys_from_an_opponent_for_exactly_the_price():
    s = trader()
    listed_steps_apply(s)
    run(s, Buy("red", "A1", "green", ("wine", "wine")))
    assert view(s, "red") == dict(tiles="A1 B4 B5 C3 C5 D4 D5", harvested="",
                                  workers={"C4": "G"}, crops="hops", store={"A3": "hops"})
    assert view(s, "green") == dict(tiles="G8", harvested="", workers={},
                                    crops="wine wine wheat wheat", store={})
    assert s.stock == stock_with(s, hops=10, wine=10, wheat=10)


def test_D4_trader_pays_exactly_the_price_to_an_opponent():
    s = trader()
    rejected(s, Buy("red", "A1", "green", ("hops", "wine", "wine")), "D.4")
    rejected(s, Buy("red", "A1", "green", ("wine",)), "D.4")
    rejected(s, Buy("red", "A3", "red", ("wine",)), "I.13")


# -- H: Shopkeeper -----------------------------------------------------------------------------
def test_D4_C1_shopkeeper_offers_a_tile_that_action_c_then_buys_in_the_same_turn():
    s = table({"red": dict(tiles=RING, crops="hops wheat"), "green": dict(tiles="G8")},
              registry=REG)
    run(s, Play("red", "H", "C4"))
    assert Offer("red", "G1", ("wheat",)) in listed_steps_apply(s)
    run(s, Offer("red", "G1", ("wheat",)))
    assert s.pending.kind == "chance"  # the registry refill (F.1)
    run(s, Draw("A1"))
    assert s.registry == ["G2", "G3", "G4", "G5", "G6", "A1"]
    assert view(s, "red")["store"] == {"G1": "wheat"}
    assert s.pending.kind == "turn" and s.turn.used == "b"
    run(s, Buy("red", "G1", "red"))  # action c after the Shopkeeper (C.1)
    assert view(s, "red") == dict(tiles="B4 B5 C3 C5 D4 D5 G1", harvested="",
                                  workers={"C4": "H"}, crops="hops", store={})
    assert s.stock == stock_with(s, hops=11)  # the 1-crop bid went to the stock
    assert s.turn.used == "bc"


def test_D4_shopkeeper_needs_room_in_the_store_and_a_crop():
    s = table({"red": dict(tiles=RING, crops="wheat", store={"A1": "hops", "A2": "hops"}),
               "green": dict(tiles="G8")}, registry=REG)
    run(s, Play("red", "H", "C4"))
    assert listed_steps_apply(s) == [Pass("red")]
    err = rejected(s, Offer("red", "G1", ("wheat",)), "D.4")
    assert "store already holds 2" in err.message
    s = table({"red": dict(tiles=RING), "green": dict(tiles="G8")}, registry=REG)
    run(s, Play("red", "H", "C4"))
    assert listed_steps_apply(s) == [Pass("red")]
    err = rejected(s, Offer("red", "G1", ("wheat",)), "D.4")
    assert "no crop" in err.message


def test_D4_shopkeeper_offer_refusals():
    s = table({"red": dict(tiles=RING, crops="wheat"), "green": dict(tiles="G8")},
              registry=REG)
    run(s, Play("red", "H", "C4"))
    rejected(s, Offer("red", "A1", ("wheat",)), "D.4")  # not in the registry
    rejected(s, Offer("red", "G1", ()), "D.4")  # a bid is at least 1 crop
    rejected(s, Offer("red", "G1", ("wine",)), "D.4")  # not held


def test_F1_shopkeeper_refill_resolves_events_normally():
    s = table({"red": dict(tiles=RING, crops="wheat"), "green": dict(tiles="G8")},
              registry=REG)
    run(s, Play("red", "H", "C4"), Offer("red", "G1", ("wheat",)), Draw("Y"))
    assert s.track == ["Y"] and s.set_aside == []


def test_I19_shopkeeper_inside_an_event_sets_drawn_events_aside():
    s = table({"red": dict(tiles=RING, crops="wheat", workers={"C4": "H"}),
               "green": dict(tiles="G8")}, registry=REG)
    inside_an_event(s, ShopkeeperFrame("red", "H", "C4"))
    run(s, Offer("red", "G1", ("wheat",)), Draw("Q"))
    assert s.set_aside == ["Q"] and s.track == [] and "Q" not in s.bag
    run(s, Draw("A1"))
    assert s.set_aside == [] and "Q" in s.bag and s.track == []
    assert s.registry[-1] == "A1"
    assert (s.pending.kind, s.pending.event) == ("event", "Y")


# -- I: Judge ----------------------------------------------------------------------------------
def judge(red_crops: str = "hops wine wheat wheat") -> State:
    s = table({"red": dict(tiles=RING, crops=red_crops),
               "green": dict(tiles="A1 A2 G8")}, registry=REG)
    run(s, Play("red", "I", "C4"))
    return s


def test_D4_I14_judge_takes_a_lonely_tile_and_pays_three_crops():
    s = judge()
    steps = listed_steps_apply(s)
    assert {(x.tile, x.victim) for x in steps if isinstance(x, Claim)} == {("G8", "green")}
    run(s, Claim("red", "G8", "green", ("hops", "wine", "wheat")))
    assert view(s, "red") == dict(tiles="B4 B5 C3 C5 D4 D5 G8", harvested="",
                                  workers={"C4": "I"}, crops="wheat", store={})
    assert view(s, "green") == dict(tiles="A1 A2", harvested="", workers={},
                                    crops="hops wine wheat", store={})
    assert s.stock == stock_with(s, hops=11, wine=11, wheat=10)


def test_D5_judge_takes_only_a_lonely_tile_of_another_player():
    s = judge()
    rejected(s, Claim("red", "A1", "green", ("hops", "wine", "wheat")), "D.5")
    rejected(s, Claim("red", "B4", "red", ("hops", "wine", "wheat")), "D.4")
    rejected(s, Claim("red", "G7", "green", ("hops", "wine", "wheat")), "D.4")


def test_I14_judge_pays_exactly_three_crops_it_holds():
    s = judge()
    rejected(s, Claim("red", "G8", "green", ("hops", "wine")), "I.14")
    rejected(s, Claim("red", "G8", "green", ("hops", "wine", "wheat", "wheat")), "I.14")
    rejected(s, Claim("red", "G8", "green", ("apples", "wine", "wheat")), "I.14")


def test_I14_judge_with_fewer_than_three_crops_cannot_be_used():
    s = judge(red_crops="hops wine")
    assert listed_steps_apply(s) == [Pass("red")]
    err = rejected(s, Claim("red", "G8", "green", ("hops", "wine")), "I.14")
    assert "holds 2 crop(s)" in err.message
    run(s, Pass("red"))
    assert view(s, "red")["workers"] == {"C4": "I"}


def test_D4_I49_judge_displaces_itself_and_is_replaced_again_and_again():
    s = table({"red": dict(tiles=RING + " B7 B8 C8 D7", crops="hops hops hops wine wine wine"),
               "green": dict(tiles="C4 C7 G8")}, registry=REG)
    run(s, Play("red", "I", "C4"), Claim("red", "C4", "green", ("hops", "hops", "hops")))
    assert (s.pending.kind, s.pending.worker) == ("replace", "I")
    assert "C4" in s.player("red").tiles and view(s, "red")["workers"] == {}
    assert Replace("red", "I", "C7") in listed_steps_apply(s)
    run(s, Replace("red", "I", "C7"))
    assert (s.pending.kind, s.pending.worker) == ("ability", "I")  # used again
    run(s, Claim("red", "C7", "green", ("wine", "wine", "wine")))
    assert (s.pending.kind, s.pending.worker) == ("replace", "I")  # and again
    run(s, Pass("red"))
    assert view(s, "red") == dict(tiles="B4 B5 B7 B8 C3 C4 C5 C7 C8 D4 D5 D7", harvested="",
                                  workers={}, crops="", store={})
    assert view(s, "green")["tiles"] == "G8"
    assert view(s, "green")["crops"] == "hops hops hops wine wine wine"
    assert "I" in s.town and s.pending.kind == "turn" and s.turn.used == "b"


# -- J: Notary ---------------------------------------------------------------------------------
def notary(workers: dict, tiles: str = RING + " E3", **red) -> State:
    s = table({"red": dict(tiles=tiles, workers=workers, **red),
               "green": dict(tiles="G8", store={"A1": "wheat wheat"})}, registry=REG)
    run(s, Play("red", "J", "C4"))
    return s


def test_D4_I15_notary_copies_the_experienced_worker():
    s = notary({"E4": "E"}, crops="hops hops wine")
    assert listed_steps_apply(s) == [Pass("red"), Copy("red", "E")]
    run(s, Copy("red", "E"))
    assert (s.pending.kind, s.pending.worker, s.pending.rule) == ("ability", "E", "D.3")
    assert "Notary" in s.pending.purpose
    listed_steps_apply(s)
    rejected(s, Buy("red", "A1", "green", ("hops", "wine")), "D.3")  # E pays price + 1
    run(s, Buy("red", "A1", "green", ("hops", "hops", "wine")))
    assert view(s, "red") == dict(tiles="A1 B4 B5 C3 C5 D4 D5 E3", harvested="",
                                  workers={"C4": "J", "E4": "E"}, crops="", store={})
    assert view(s, "green")["crops"] == "hops hops wine wheat wheat"
    assert s.pending.kind == "turn"


def test_I15_notary_copying_the_steward_must_send_a_tile_to_the_fallow():
    s = notary({"E4": "F"})
    run(s, Copy("red", "F"))
    rejected(s, Pass("red"), "D.3")
    assert Pass("red") not in listed_steps_apply(s)
    run(s, Fallow("red", "E3"))
    assert view(s, "red") == dict(tiles="B4 B5 C3 C5 D4 D5", harvested="",
                                  workers={"C4": "J", "E4": "F"}, crops="", store={})
    assert s.fallow == ["E3"]


def test_I15_notary_copy_is_measured_from_the_copied_worker():
    s = notary({"G2": "A"}, tiles=RING + " F3", harvested="")
    run(s, Copy("red", "A"))
    assert {x.tiles for x in listed_steps_apply(s) if isinstance(x, Harvest)} == {("F3",)}
    rejected(s, Harvest("red", ("B4",)), "I.36")  # next to the Notary, not to A
    run(s, Harvest("red", ("F3",)))
    assert view(s, "red")["crops"] == "vegetables"


def test_I15_notary_copies_another_worker_of_its_own_board_only():
    s = table({"red": dict(tiles=RING + " E3", workers={"E4": "D"}),
               "green": dict(tiles="G8 F8", workers={"G7": "B"})}, registry=REG)
    run(s, Play("red", "J", "C4"))
    rejected(s, Copy("red", "J"), "I.15")  # itself
    rejected(s, Copy("red", "B"), "I.15")  # green's worker
    rejected(s, Copy("red", "C"), "I.15")  # in the supply
    rejected(s, Flip("red", ("B4",)), "D.4")  # not a copy


def test_I15_notary_alone_on_the_board_can_only_pass():
    s = notary({})
    assert listed_steps_apply(s) == [Pass("red")]


def test_I15_a_replaced_notary_may_copy_again():
    s = table({"red": dict(tiles=RING + " B6 B7 C7 D6", workers={"C4": "J", "E4": "C"},
                           store={"C4": "wheat"}),
               "green": dict(tiles="G8")}, registry=REG)
    run(s, Buy("red", "C4", "red"), Replace("red", "J", "C6"))
    assert (s.pending.kind, s.pending.worker) == ("ability", "J")
    run(s, Copy("red", "C"), Gain("red", ("wheat", "wine")))
    assert view(s, "red")["workers"] == {"C6": "J", "E4": "C"}
    assert view(s, "red")["crops"] == "wine wheat"


def test_I49_a_copying_notary_displaced_by_the_tile_it_buys():
    s = table({"red": dict(tiles=RING + " E3", workers={"E4": "E"}, crops="hops hops wine"),
               "green": dict(tiles="G8", store={"C4": "wheat wheat"})}, registry=REG)
    run(s, Play("red", "J", "C4"), Copy("red", "E"),
        Buy("red", "C4", "green", ("hops", "hops", "wine")))
    assert (s.pending.kind, s.pending.worker) == ("replace", "J")
    run(s, Pass("red"))
    assert view(s, "red")["workers"] == {"E4": "E"} and "J" in s.town


# -- K: Merchant -------------------------------------------------------------------------------
def merchant(**kw) -> State:
    s = table({"red": dict(tiles=RING + " F8", workers={"E7": "A"}),
               "green": dict(tiles="G8")}, registry=REG, **kw)
    run(s, Play("red", "K", "C4"))
    return s


def test_D4_merchant_draws_a_field_tile_and_places_it():
    s = merchant()
    assert listed_steps_apply(s) == [Pass("red"), Accept("red")]
    run(s, Accept("red"))
    assert s.pending.kind == "chance"
    run(s, Draw("A1"))
    assert s.in_hand == ["A1"]
    assert (s.pending.kind, s.pending.player) == ("choice", "red")
    assert listed_steps_apply(s) == [Place("red", "A1"), Fallow("red", "A1")]
    rejected(s, Place("red", "A2"), "D.4")
    rejected(s, Pass("red"), "D.4")
    run(s, Place("red", "A1"))
    assert view(s, "red") == dict(tiles="A1 B4 B5 C3 C5 D4 D5 F8", harvested="",
                                  workers={"C4": "K", "E7": "A"}, crops="", store={})
    assert s.in_hand == [] and s.registry == REG.split()
    assert s.pending.kind == "turn"


def test_E2_merchant_sets_drawn_events_aside_and_returns_them():
    s = merchant()
    run(s, Accept("red"), Draw("M"))
    assert s.set_aside == ["M"] and "M" not in s.bag and s.pending.kind == "chance"
    run(s, Draw("A1"))
    assert s.set_aside == [] and "M" in s.bag and s.track == []
    run(s, Fallow("red", "A1"))
    assert s.fallow == ["A1"] and s.in_hand == [] and "A1" not in s.player("red").tiles


def test_D2_merchant_tile_displaces_a_worker():
    s = merchant()
    run(s, Accept("red"), Draw("E7"), Place("red", "E7"))
    assert (s.pending.kind, s.pending.worker) == ("replace", "A")


def test_I49_merchant_tile_displaces_the_merchant_itself():
    s = merchant()
    run(s, Accept("red"), Draw("C4"), Place("red", "C4"))
    assert (s.pending.kind, s.pending.worker) == ("replace", "K")
    assert "C4" in s.player("red").tiles and s.in_hand == []


def test_I35_merchant_takes_no_registry_tile_while_the_bag_holds_a_field_tile():
    s = merchant()
    err = rejected(s, Pick("red", "G1"), "I.35")
    assert "bag" in err.message


def bagged_out(registry: str = REG) -> State:
    """The bag holds events X and Y only; every other field tile is on the fallow."""
    used = set((RING + " F8 G8 " + registry).split())
    fallow = " ".join(r for r in sorted_refs(table({"red": {}}).board.references)
                      if r not in used)
    removed = " ".join(e for e in EVENT_LETTERS if e not in "XY")
    return merchant(fallow=fallow, bag="X Y", removed=removed) if registry else \
        table({"red": dict(tiles=RING + " F8", workers={"E7": "A"}),
               "green": dict(tiles="G8")}, registry="", fallow=fallow, bag="X Y",
              removed=removed)


def test_I16_I35_merchant_takes_a_registry_tile_when_the_bag_has_no_field_tile():
    s = bagged_out()
    run(s, Accept("red"), Draw("Y"), Draw("X"))
    assert s.set_aside == ["Y", "X"] and s.bag == set()
    assert (s.pending.kind, s.pending.rule) == ("choice", "I.35")
    # "may take": one registry tile, or none (I.35)
    assert listed_steps_apply(s) == [Pass("red")] + [Pick("red", r) for r in REG.split()]
    rejected(s, Place("red", "G1"), "I.35")
    rejected(s, Pick("red", "A1"), "I.35")
    run(s, Pick("red", "G1"))
    assert s.in_hand == ["G1"] and s.registry == REG.split()[1:]  # no refill (I.16)
    assert s.track == []  # the set-aside events wait until the tile is placed
    run(s, Place("red", "G1"))
    assert "G1" in s.player("red").tiles and s.in_hand == []
    assert s.registry == REG.split()[1:]
    assert s.track[:1] == ["Y"]  # then placed on the track in the order drawn (I.51)
    assert set(s.track) | set(s.set_aside) == {"X", "Y"}


def test_I35_merchant_may_take_no_registry_tile_and_the_events_are_placed_all_the_same():
    s = bagged_out()
    run(s, Accept("red"), Draw("Y"), Draw("X"))
    run(s, Pass("red"))
    assert s.registry == REG.split() and s.in_hand == []  # nothing taken, no refill
    assert "G1" not in s.player("red").tiles
    assert s.track[:1] == ["Y"]  # the set-aside events are placed in the order drawn (I.51)
    assert (s.pending.kind, s.pending.event, s.pending.player) == ("event", "Y", "red")
    assert set(s.track) | set(s.set_aside) == {"X", "Y"}


def test_I35_merchant_with_no_field_tile_anywhere_draws_the_events():
    s = bagged_out(registry="")
    run(s, Play("red", "K", "C4"))
    assert listed_steps_apply(s) == [Pass("red"), Accept("red")]
    run(s, Accept("red"), Draw("Y"), Draw("X"))
    # nothing to take: no question; the events are placed and resolved, red their drawer
    assert s.set_aside == ["X"] and s.track == ["Y"]
    assert (s.pending.kind, s.pending.event, s.pending.player) == ("event", "Y", "red")


def test_I35_merchant_with_an_empty_bag_and_an_empty_registry_cannot_be_used():
    s = bagged_out(registry="")
    s.spent.extend(sorted(s.bag))  # the bag is empty: nothing to draw, nothing to take
    s.bag.clear()
    run(s, Play("red", "K", "C4"))
    assert listed_steps_apply(s) == [Pass("red")]
    rejected(s, Accept("red"), "I.35")


# -- L: Benefactor -----------------------------------------------------------------------------
def test_D4_benefactor_takes_a_registry_tile_for_free_then_refills():
    s = table({"red": dict(tiles=RING, crops="wheat"), "green": dict(tiles="G8")},
              registry=REG)
    run(s, Play("red", "L", "C4"))
    assert {x for x in listed_steps_apply(s) if isinstance(x, Pick)} == {
        Pick("red", r) for r in REG.split()}
    rejected(s, Pick("red", "A1"), "D.4")  # not in the registry
    rejected(s, Pick("red", "G1", ("wheat",)), "D.4")  # free: no payment
    run(s, Pick("red", "G1"))
    assert s.pending.kind == "chance"
    run(s, Draw("A1"))
    assert view(s, "red") == dict(tiles="B4 B5 C3 C5 D4 D5 G1", harvested="",
                                  workers={"C4": "L"}, crops="wheat", store={})
    assert s.registry == ["G2", "G3", "G4", "G5", "G6", "A1"]
    assert s.stock == stock_with(s, wheat=11)
    assert s.pending.kind == "turn"


def test_I11_I34_a_worker_displaced_by_the_benefactor_is_replaced_before_the_refill():
    s = table({"red": dict(tiles=RING + " F3", workers={"G2": "A"}),
               "green": dict(tiles="G8")}, registry=REG)
    run(s, Play("red", "L", "C4"), Pick("red", "G2"))
    assert (s.pending.kind, s.pending.worker) == ("replace", "A")
    assert len(s.registry) == 5  # the refill waits
    run(s, Replace("red", "A", "G1"), Harvest("red", ("G2",)))
    assert s.pending.kind == "chance"
    run(s, Draw("A1"))
    assert view(s, "red") == dict(tiles="B4 B5 C3 C5 D4 D5 F3 G2", harvested="",
                                  workers={"C4": "L", "G1": "A"}, crops="hops", store={})
    assert s.registry == ["G1", "G3", "G4", "G5", "G6", "A1"]


def test_I49_benefactor_displaces_itself_and_is_used_again():
    s = table({"red": dict(tiles=RING + " B6 B7 C7 D6"), "green": dict(tiles="G8")},
              registry="C4 G2 G3 G4 G5 G6")
    run(s, Play("red", "L", "C4"), Pick("red", "C4"))
    assert (s.pending.kind, s.pending.worker) == ("replace", "L")
    run(s, Replace("red", "L", "C6"), Pick("red", "G2"))
    assert s.registry == ["G3", "G4", "G5", "G6"]
    run(s, Draw("A1"))
    assert s.pending.kind == "chance"  # the first refill is still due
    run(s, Draw("A2"))
    assert s.registry == ["G3", "G4", "G5", "G6", "A1", "A2"]
    assert view(s, "red")["workers"] == {"C6": "L"}
    assert view(s, "red")["tiles"] == "B4 B5 B6 B7 C3 C4 C5 C7 D4 D5 D6 G2"
    assert s.pending.kind == "turn"


def test_F1_benefactor_refill_resolves_events_normally():
    s = table({"red": dict(tiles=RING), "green": dict(tiles="G8")}, registry=REG)
    run(s, Play("red", "L", "C4"), Pick("red", "G1"), Draw("Y"))
    assert s.track == ["Y"] and s.set_aside == []


def test_I19_benefactor_inside_an_event_sets_drawn_events_aside():
    s = table({"red": dict(tiles=RING, workers={"C4": "L"}), "green": dict(tiles="G8")},
              registry=REG)
    inside_an_event(s, BenefactorFrame("red", "L", "C4"))
    run(s, Pick("red", "G1"), Draw("Q"), Draw("Z"))
    assert s.set_aside == ["Q", "Z"] and s.track == []
    run(s, Draw("A1"))
    assert s.set_aside == [] and {"Q", "Z"} <= s.bag
    assert (s.pending.kind, s.pending.event) == ("event", "Y")
