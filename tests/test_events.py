"""Events M–Z (RULES.md E.1, E.3 and the rulings of part I): each event's effect on the
position, and the answers it rejects (with the rule id, leaving the state unchanged).

An event is triggered the way it comes in play: the current player offers a registry tile
(action d) and the refill draws the event (F.1, F.2).
"""

from builders import rejected, table

from keyharvest.model.steps import (
    Draw,
    Fallow,
    Flip,
    Gain,
    Give,
    Grant,
    Harvest,
    Move,
    Offer,
    Pass,
    Pay,
    Pick,
    Place,
    Remove,
    Replace,
    Swap,
)
from keyharvest.rules import advance, engine, is_legal, representative_steps
from keyharvest.rules.invariants import check

REGISTRY = "C2 C3 C4 C5 C6 C7"


def trigger(s, letter, bid=("hops",)):
    """The current player offers the first registry tile; the refill draws ``letter``."""
    advance(s, Offer(s.current.colour, s.registry[0], bid))
    advance(s, Draw(letter))
    assert s.track[-1] == letter
    return s


def listing_is_legal(s):
    """Every step ``legal_steps`` lists applies (docs/engine.md)."""
    steps = representative_steps(s)
    assert steps
    for step in steps:
        assert is_legal(s, step), step
    return steps


def waits_for(s, player, event=None):
    assert s.pending.kind == "event", s.pending
    assert s.pending.player == player
    if event:
        assert s.pending.event == event


def two(red=None, green=None, bag="", registry=REGISTRY, **kw):
    red = dict(crops="hops") | (red or {})
    return table({"red": red, "green": green or {}}, registry=registry, bag=bag, **kw)


def three(red=None, green=None, yellow=None, bag="", registry=REGISTRY, **kw):
    red = dict(crops="hops") | (red or {})
    return table({"red": red, "green": green or {}, "yellow": yellow or {}},
                 registry=registry, bag=bag, **kw)


# -- E.1: order and the event frame ------------------------------------------------------
def test_E1_drawer_answers_first_then_clockwise():
    s = trigger(three(bag="Y F9", turn="green", green=dict(crops="hops")), "Y")
    assert engine.resolving_event(s)
    for who in ("green", "yellow", "red"):
        waits_for(s, who, "Y")
        assert s.pending.rule == "E.3"
        advance(s, Pass(who))
    assert s.pending.kind == "chance"  # the refill goes on (F.1)
    advance(s, Draw("F9"))
    assert not engine.resolving_event(s)
    assert s.registry == ["C3", "C4", "C5", "C6", "C7", "F9"]


def test_E1_answer_out_of_turn_order_is_rejected():
    s = trigger(three(bag="Y F9", yellow=dict(workers={"B3": "A"}, tiles="B4")), "Y")
    rejected(s, Remove("yellow", "A"), "E.1")  # event order (I.54)
    rejected(s, Pass("green"), "E.1")  # event order (I.54)


# -- M: Blind Swap -------------------------------------------------------------------------
def test_E3_M_blind_swap_fallows_a_tile_and_places_the_drawn_one():
    s = trigger(two(red=dict(tiles="A1 A2", harvested="A2"), green=dict(tiles="G1"),
                    bag="M F3 F4"), "M")
    waits_for(s, "red", "M")
    listing_is_legal(s)
    advance(s, Fallow("red", "A2"))
    assert s.pending.kind == "chance"
    advance(s, Draw("F3"))
    assert s.player("red").tiles == {"A1": False, "F3": False}
    assert s.fallow == ["A2"] and s.in_hand == []
    waits_for(s, "green", "M")
    advance(s, Pass("green"))
    advance(s, Draw("F4"))  # the refill that drew M goes on
    assert s.player("green").tiles == {"G1": False}
    assert s.pending.kind == "turn" and check(s, complete=False) == []


def test_E3_M_rejects_a_tile_not_on_the_board_and_a_foreign_step():
    s = trigger(two(red=dict(tiles="A1"), green=dict(tiles="G1"), bag="M F3 F4"), "M")
    rejected(s, Fallow("red", "G1"), "E.3")
    rejected(s, Flip("red", ("A1",)), "E.3")
    rejected(s, Fallow("green", "G1"), "E.1")  # not green's answer yet (I.54)


def test_I42_M_set_aside_events_return_before_the_next_player_answers():
    s = trigger(two(red=dict(tiles="A1"), green=dict(tiles="G1"), bag="M Q X F3 F4"), "M")
    advance(s, Fallow("red", "A1"))
    advance(s, Draw("Q"))
    advance(s, Draw("X"))
    assert s.set_aside == ["Q", "X"]
    advance(s, Draw("F3"))
    assert s.set_aside == [] and {"Q", "X"} <= s.bag
    assert s.track == ["M"]
    waits_for(s, "green", "M")


def test_D2_M_drawn_tile_displaces_a_worker_before_the_next_answer():
    s = trigger(two(red=dict(tiles="A1 E3", workers={"F3": "A"}), green=dict(tiles="G1"),
                    bag="M F3 F4"), "M")
    advance(s, Fallow("red", "A1"))
    advance(s, Draw("F3"))
    assert s.pending.kind == "replace" and s.pending.player == "red"
    advance(s, Pass("red"))
    assert "A" in s.player("red").supply and s.player("red").workers == {}
    waits_for(s, "green", "M")


def test_I21_M_with_no_field_tile_in_the_bag_gives_nothing_and_places_set_aside_events():
    s = trigger(two(red=dict(tiles="A1 A2"), green=dict(tiles="G1"), bag="M Y"), "M")
    advance(s, Fallow("red", "A1"))
    advance(s, Draw("Y"))  # set aside; the bag is empty now
    assert s.fallow == ["A1"] and s.player("red").tiles == {"A2": False}
    assert s.track == ["M", "Y"] and s.set_aside == []  # placed and resolved (I.18)
    waits_for(s, "red", "Y")
    advance(s, Pass("red"))
    advance(s, Pass("green"))
    waits_for(s, "green", "M")  # then M goes on
    advance(s, Pass("green"))
    assert s.pending.kind == "turn"
    assert s.registry == ["C3", "C4", "C5", "C6", "C7"]  # the bag is empty (F.1)


# -- N: Swap -------------------------------------------------------------------------------
def test_E3_N_swap_takes_a_lonely_tile_for_any_board_tile():
    s = trigger(three(red=dict(tiles="A1 A2"), green=dict(tiles="G1 G2 D5", harvested="D5"),
                      bag="N F9"), "N")
    listing_is_legal(s)
    advance(s, Swap("red", "A1", "D5", "green"))
    assert s.player("red").tiles == {"A2": False, "D5": False}
    assert s.player("green").tiles == {"G1": False, "G2": False, "A1": False}
    # I.46: judged on the boards as earlier answers left them
    waits_for(s, "green", "N")
    advance(s, Swap("green", "G2", "D5", "red"))
    assert s.player("green").tiles == {"G1": False, "A1": False, "D5": False}
    assert s.player("red").tiles == {"A2": False, "G2": False}


def test_E3_N_rejects_a_tile_that_is_not_lonely():
    s = trigger(three(red=dict(tiles="A1"), green=dict(tiles="G1 G2 D5"), bag="N F9"), "N")
    rejected(s, Swap("red", "A1", "G1", "green"), "E.3")
    rejected(s, Swap("red", "A1", "D5"), "E.3")  # no owner named
    rejected(s, Swap("red", "B2", "D5", "green"), "E.3")  # not red's tile


def test_I11_N_displaces_workers_on_both_boards_answering_player_first():
    s = trigger(two(red=dict(tiles="A1 C4", workers={"D5": "A"}),
                    green=dict(tiles="A2 D5", workers={"A1": "B"}), bag="N F9"), "N")
    advance(s, Swap("red", "A1", "D5", "green"))
    assert s.pending.kind == "replace" and s.pending.player == "red"
    advance(s, Pass("red"))
    assert s.pending.kind == "replace" and s.pending.player == "green"
    advance(s, Pass("green"))
    waits_for(s, "green", "N")


# -- O: Gift -------------------------------------------------------------------------------
def test_E3_O_gift_runs_left_and_back_to_the_drawer():
    s = trigger(three(red=dict(tiles="A1 A8"), green=dict(tiles="G1 G8"),
                      yellow=dict(tiles="D5"), bag="O F9"), "O")
    waits_for(s, "red", "O")
    listing_is_legal(s)
    advance(s, Give("red", "A1"))
    assert s.in_hand == ["A1"]
    waits_for(s, "green", "O")
    listing_is_legal(s)
    advance(s, Give("green", "G1"))  # gives from the board, so keeps A1 (I.40)
    waits_for(s, "green", "O")
    assert set(representative_steps(s)) == {Place("green", "A1"), Fallow("green", "A1")}
    advance(s, Place("green", "A1"))
    waits_for(s, "yellow", "O")
    advance(s, Give("yellow", "G1"))  # passes the received tile on
    waits_for(s, "red", "O")
    assert set(representative_steps(s)) == {Place("red", "G1"), Fallow("red", "G1")}
    advance(s, Fallow("red", "G1"))
    assert s.player("red").tiles == {"A8": False}
    assert s.player("green").tiles == {"G8": False, "A1": False}
    assert s.player("yellow").tiles == {"D5": False}
    assert s.fallow == ["G1"] and s.in_hand == []
    assert s.pending.kind == "chance"


def test_I37_O_cannot_be_declined_and_store_tiles_cannot_be_given():
    s = trigger(two(red=dict(tiles="A1", crops="hops wheat", store={"B9": "wheat"}),
                    green=dict(tiles="G1"), bag="O F9"), "O")
    rejected(s, Pass("red"), "I.37")
    rejected(s, Give("red", "B9"), "E.3")
    rejected(s, Give("red", "G1"), "E.3")


def test_I12_O_a_player_with_nothing_gives_nothing_and_the_next_gives_from_the_board():
    s = trigger(three(green=dict(tiles="G1"), yellow=dict(tiles="D5"), bag="O F9"), "O")
    assert representative_steps(s) == [Pass("red")]
    advance(s, Pass("red"))
    rejected(s, Pass("green"), "I.37")
    advance(s, Give("green", "G1"))
    advance(s, Give("yellow", "G1"))
    advance(s, Place("red", "G1"))
    assert s.player("red").tiles == {"G1": False}
    assert s.player("yellow").tiles == {"D5": False}
    assert s.player("green").tiles == {}


def test_I40_O_a_player_who_kept_a_tile_places_or_fallows_that_tile():
    s = trigger(three(red=dict(tiles="A1"), green=dict(tiles="A2 C4", workers={"D5": "A"}),
                      yellow=dict(tiles="G1"), bag="O F9 D5"), "O")
    advance(s, Give("red", "A1"))
    advance(s, Give("green", "A2"))
    rejected(s, Place("green", "A2"), "I.40")
    rejected(s, Give("green", "C4"), "I.40")  # the give is done: place or fallow now
    advance(s, Place("green", "A1"))
    waits_for(s, "yellow", "O")
    assert s.player("green").tiles == {"A1": False, "C4": False}


def test_I40_O_displacement_when_a_received_tile_lands_on_a_worker():
    s = trigger(two(red=dict(tiles="A1"), green=dict(tiles="A2 G1", workers={"A1": "A"}),
                    bag="O F9"), "O")
    advance(s, Give("red", "A1"))
    advance(s, Give("green", "G1"))
    advance(s, Place("green", "A1"))
    assert s.pending.kind == "replace" and s.pending.player == "green"
    advance(s, Replace("green", "A", "A3"))
    if s.pending.kind == "ability":  # the Apprentice's harvest, declined (D.2)
        advance(s, Pass("green"))
    waits_for(s, "red", "O")  # the drawer receives G1 last
    advance(s, Place("red", "G1"))
    assert s.player("green").workers == {"A3": "A"}
    assert s.player("red").tiles == {"G1": False}


# -- P: Bumper Harvest ---------------------------------------------------------------------
def test_E3_P_gives_one_crop_of_the_most_common_unharvested_type():
    s = trigger(two(red=dict(tiles="A1 A3 A4 A6", harvested="A6", crops="hops"),
                    green=dict(tiles="B2"), bag="P F9"), "P")
    assert representative_steps(s) == [Pass("red"), Gain("red", ("wheat",))]
    before = s.stock[4]
    advance(s, Gain("red", ("wheat",)))
    assert s.player("red").screen == [0, 0, 0, 0, 1]
    assert s.stock[4] == before - 1
    assert s.player("red").tiles["A3"] is False  # nothing is flipped
    advance(s, Gain("green", ("wine",)))
    assert s.player("green").screen == [0, 0, 0, 1, 0]


def test_E3_P_rejects_another_type_two_crops_and_a_player_without_unharvested_tiles():
    s = trigger(two(red=dict(tiles="A1 A3 A4"), green=dict(tiles="B2", harvested="B2"),
                    bag="P F9"), "P")
    rejected(s, Gain("red", ("apples",)), "E.3")
    rejected(s, Gain("red", ("wheat", "wheat")), "E.3")
    advance(s, Pass("red"))
    assert representative_steps(s) == [Pass("green")]
    rejected(s, Gain("green", ("wine",)), "E.3")


def test_I45_P_tie_and_shortage():
    # red ties apples (A1) and vegetables (A2); green holds all 12 apples
    s = trigger(two(red=dict(tiles="A1 A2"), green=dict(tiles="A8", crops="apples " * 12),
                    bag="P F9"), "P")
    assert s.stock[2] == 0
    assert representative_steps(s) == [Pass("red"), Gain("red", ("vegetables",))]
    rejected(s, Gain("red", ("apples",)), "I.5")  # the stock lacks it (I.54)
    rejected(s, Gain("red", ("hops",)), "I.45")  # not the most common type the stock holds
    advance(s, Gain("red", ("vegetables",)))


def test_I45_P_any_type_when_every_most_common_type_is_out():
    s = trigger(two(red=dict(tiles="A1"), green=dict(tiles="A8", crops="apples " * 12),
                    bag="P F9"), "P")
    gains = [x for x in representative_steps(s) if isinstance(x, Gain)]
    assert {x.crops for x in gains} == {("hops",), ("vegetables",), ("wine",), ("wheat",)}
    advance(s, Gain("red", ("wine",)))


# -- Q: Lucky Dip --------------------------------------------------------------------------
def test_E3_Q_pays_two_crops_draws_and_places_the_tile():
    s = trigger(two(red=dict(tiles="A1", crops="hops wine wheat"), green=dict(tiles="G1"),
                    bag="Q F3 F4"), "Q")
    listing_is_legal(s)
    stock = list(s.stock)
    advance(s, Pay("red", ("wine", "wheat")))
    assert s.stock[3] == stock[3] + 1 and s.stock[4] == stock[4] + 1
    assert s.player("red").screen == [0, 0, 0, 0, 0]
    advance(s, Draw("F3"))
    assert s.player("red").tiles == {"A1": False, "F3": False}
    waits_for(s, "green", "Q")
    advance(s, Pass("green"))
    advance(s, Draw("F4"))
    assert s.pending.kind == "turn"


def test_E3_Q_rejects_paying_crops_not_held_and_a_wrong_count():
    s = trigger(two(red=dict(tiles="A1", crops="hops wheat"), green=dict(tiles="G1"),
                    bag="Q F3 F4"), "Q")
    rejected(s, Pay("red", ("wheat", "wheat")), "E.3")  # holds one wheat
    rejected(s, Pay("red", ("wheat",)), "E.3")
    rejected(s, Pick("red", "C3"), "E.3")  # the bag holds field tiles: pay or pass


def test_I35_Q_with_no_field_tile_in_the_bag_takes_a_registry_tile_then_places_events():
    s = trigger(two(red=dict(tiles="A1", crops="hops wine wheat"),
                    green=dict(tiles="G1", crops="hops hops"), bag="Q P"), "Q")
    advance(s, Pay("red", ("wine", "wheat")))
    advance(s, Draw("P"))  # set aside; the bag is empty now
    assert s.set_aside == ["P"]
    waits_for(s, "red", "Q")
    assert set(representative_steps(s)) == {Pick("red", r) for r in s.registry}
    rejected(s, Pick("red", "A8"), "I.35")
    rejected(s, Pick("red", "C3", ("hops",)), "I.35")
    advance(s, Pick("red", "C3"))
    assert s.player("red").tiles == {"A1": False, "C3": False}
    assert s.registry == ["C4", "C5", "C6", "C7"]  # no refill (I.16)
    assert s.track == ["Q", "P"] and s.set_aside == []
    waits_for(s, "red", "P")  # P placed and resolved before green answers Q
    advance(s, Pass("red"))
    advance(s, Pass("green"))
    waits_for(s, "green", "Q")
    advance(s, Pay("green", ("hops", "hops")))
    advance(s, Pick("green", "C7"))  # the bag is empty: straight to the registry
    assert s.player("green").tiles == {"G1": False, "C7": False}
    assert s.pending.kind == "turn" and s.registry == ["C4", "C5", "C6"]


def test_I48_Q_cannot_pay_when_no_field_tile_can_be_had():
    s = trigger(two(red=dict(tiles="A1", crops="hops wine wheat"), green=dict(tiles="G1"),
                    registry="C2", bag="Q"), "Q")
    assert representative_steps(s) == [Pass("red")]
    rejected(s, Pay("red", ("wine", "wheat")), "I.48")


# -- R: New Growth -------------------------------------------------------------------------
def test_E3_R_flips_up_to_two_harvested_tiles_back():
    s = trigger(two(red=dict(tiles="A1 A2 A3", harvested="A1 A2 A3"), green=dict(tiles="G1"),
                    bag="R F9"), "R")
    listing_is_legal(s)
    advance(s, Flip("red", ("A1", "A3")))
    assert s.player("red").tiles == {"A1": False, "A2": True, "A3": False}
    assert representative_steps(s) == [Pass("green")]


def test_E3_R_rejects_three_tiles_and_unharvested_ones():
    s = trigger(two(red=dict(tiles="A1 A2 A3", harvested="A1 A2 A3 "),
                    green=dict(tiles="G1"), bag="R F9"), "R")
    rejected(s, Flip("red", ("A1", "A2", "A3")), "E.3")
    advance(s, Pass("red"))
    rejected(s, Flip("green", ("G1",)), "E.3")


# -- S: New Supply -------------------------------------------------------------------------
def test_I17_S_in_a_refill_renews_the_registry_then_the_outer_refill_goes_on():
    s = trigger(two(red=dict(tiles="A1"), green=dict(tiles="G1"), bag="S Y F3 F4"), "S")
    assert s.registry == [] and s.pending.kind == "chance"  # no answer is asked
    assert {"C3", "C4", "C5", "C6", "C7"} <= s.bag
    for item in ("C5", "Y", "C3", "F4", "C7", "C6"):
        advance(s, Draw(item))
    assert s.set_aside == [] and "Y" in s.bag  # E.2: back to the bag
    assert s.registry == ["C5", "C3", "F4", "C7", "C6"]
    assert s.pending.kind == "chance"  # the outer refill still fills its own gap
    advance(s, Draw("C4"))
    assert s.registry == ["C5", "C3", "F4", "C7", "C6", "C4"]
    assert s.track == ["S"] and s.pending.kind == "turn"


# -- T: Sale -------------------------------------------------------------------------------
def test_I17_T_two_takers_then_one_refill_under_the_set_aside_rule():
    s = trigger(three(red=dict(tiles="A1", crops="hops wine wine wheat"),
                      green=dict(tiles="G1", crops="apples apples apples"),
                      yellow=dict(tiles="D5", crops="hops"), bag="T F3 F4 F9 Y"), "T")
    listing_is_legal(s)
    advance(s, Pick("red", "C3", ("wine", "wine", "wheat")))
    assert s.player("red").tiles == {"A1": False, "C3": False}
    waits_for(s, "green", "T")  # no refill yet
    advance(s, Pick("green", "C5", ("apples", "apples", "apples")))
    waits_for(s, "yellow", "T")
    assert representative_steps(s) == [Pass("yellow")]  # I.48: 1 crop only
    advance(s, Pass("yellow"))
    assert s.registry == ["C4", "C6", "C7"]
    assert s.pending.kind == "chance" and "event T" in s.pending.purpose
    advance(s, Draw("Y"))
    assert s.set_aside == ["Y"]
    advance(s, Draw("F3"))
    advance(s, Draw("F4"))
    assert s.set_aside == [] and "Y" in s.bag  # set aside, then returned (E.2)
    assert s.pending.purpose == "registry refill"  # the outer refill goes on (I.17)
    advance(s, Draw("F9"))
    assert s.registry == ["C4", "C6", "C7", "F3", "F4", "F9"]
    assert s.stock[2] == 12 and s.stock[3] == 12  # 3 + 3 crops paid to the stock
    assert s.pending.kind == "turn"


def test_E3_T_rejects_a_short_payment_a_tile_not_in_the_registry_and_crops_not_held():
    s = trigger(two(red=dict(tiles="A1", crops="hops wine wheat"), green=dict(tiles="G1"),
                    bag="T F3"), "T")
    rejected(s, Pick("red", "C3", ("wine", "wheat")), "E.3")
    rejected(s, Pick("red", "A8", ("wine", "wheat", "wheat")), "I.48")
    rejected(s, Pick("red", "C3", ("wine", "wheat", "wheat")), "E.3")
    rejected(s, Pick("green", "C3"), "E.1")  # not green's answer yet (I.54)


def test_I18_T_refill_with_no_field_tile_places_the_set_aside_events_in_order():
    s = trigger(two(red=dict(tiles="A1", crops="hops wine wine wheat"), green=dict(tiles="G1"),
                    bag="T P Y"), "T")
    advance(s, Pick("red", "C3", ("wine", "wine", "wheat")))
    advance(s, Pass("green"))
    advance(s, Draw("Y"))
    advance(s, Draw("P"))
    assert s.track == ["T", "Y"] and s.set_aside == ["P"]  # Y first, resolved first
    waits_for(s, "red", "Y")
    advance(s, Pass("red"))
    advance(s, Pass("green"))
    assert s.track == ["T", "Y", "P"] and s.set_aside == []
    waits_for(s, "red", "P")
    advance(s, Pass("red"))
    advance(s, Pass("green"))
    assert s.pending.kind == "turn" and s.registry == ["C4", "C5", "C6", "C7"]


# -- U: Registry Swap ----------------------------------------------------------------------
def test_E3_U_swaps_with_the_registry_and_a_later_player_may_take_the_tile_given():
    s = trigger(two(red=dict(tiles="A1 A2", harvested="A1"), green=dict(tiles="G1"),
                    bag="U F9"), "U")
    listing_is_legal(s)
    advance(s, Swap("red", "A1", "C4"))
    assert s.registry == ["C3", "A1", "C5", "C6", "C7"]
    assert s.player("red").tiles == {"A2": False, "C4": False}
    advance(s, Swap("green", "G1", "A1"))
    assert s.player("green").tiles == {"A1": False}  # large icon up (A.3)
    assert s.registry == ["C3", "G1", "C5", "C6", "C7"]


def test_E3_U_rejects_an_owner_and_tiles_that_are_not_there():
    s = trigger(two(red=dict(tiles="A1"), green=dict(tiles="G1"), bag="U F9"), "U")
    rejected(s, Swap("red", "A1", "C4", "green"), "E.3")
    rejected(s, Swap("red", "G1", "C4"), "E.3")
    rejected(s, Swap("red", "A1", "C2"), "E.3")  # C2 went to red's store


def test_I48_U_only_pass_with_an_empty_registry():
    s = trigger(two(red=dict(tiles="A1"), green=dict(tiles="G1"), registry="C2", bag="U"), "U")
    assert representative_steps(s) == [Pass("red")]


# -- V: Remote Harvest ---------------------------------------------------------------------
def test_E3_V_harvests_lonely_tiles_and_flips_them():
    s = trigger(two(red=dict(tiles="A1 A8 B6 B7 D5", harvested="D5"), green=dict(tiles="G1"),
                    bag="V F9"), "V")
    listing_is_legal(s)
    advance(s, Harvest("red", ("A1", "A8")))
    red = s.player("red")
    assert red.tiles == {"A1": True, "A8": True, "B6": False, "B7": False, "D5": True}
    assert red.screen == [0, 0, 1, 1, 0]


def test_I36_V_rejects_tiles_that_are_not_lonely_or_already_harvested():
    s = trigger(two(red=dict(tiles="A1 B6 B7 D5", harvested="D5"), green=dict(tiles="G1"),
                    bag="V F9"), "V")
    rejected(s, Harvest("red", ("B6",)), "I.36")
    rejected(s, Harvest("red", ("D5",)), "I.36")
    rejected(s, Harvest("red", ("G1",)), "I.36")
    rejected(s, Harvest("red", ("A1",), ("wine",)), "I.33")


# -- W: Replacement ------------------------------------------------------------------------
def test_E3_W_each_player_draws_then_fallows_it_or_replaces_a_board_tile():
    s = trigger(two(red=dict(tiles="A1"), green=dict(tiles="G1 G8"), bag="W F3 F4 F9"), "W")
    assert s.pending.kind == "chance"  # mandatory: the draw comes first
    advance(s, Draw("F3"))
    waits_for(s, "red", "W")
    assert set(representative_steps(s)) == {Fallow("red", "F3"), Fallow("red", "A1")}
    advance(s, Fallow("red", "F3"))
    assert s.fallow == ["F3"] and s.player("red").tiles == {"A1": False}
    advance(s, Draw("F4"))
    advance(s, Fallow("green", "G8"))
    assert s.fallow == ["F3", "G8"]
    assert s.player("green").tiles == {"G1": False, "F4": False}
    assert s.in_hand == []
    advance(s, Draw("F9"))
    assert s.pending.kind == "turn"


def test_I37_W_cannot_be_declined_and_I44_the_tile_must_be_the_drawn_or_a_board_tile():
    s = trigger(two(red=dict(tiles="A1"), green=dict(tiles="G1"), bag="W F3 F4 F9"), "W")
    advance(s, Draw("F3"))
    rejected(s, Pass("red"), "I.37")
    rejected(s, Fallow("red", "G1"), "I.44")


def test_I21_W_with_no_other_tile_the_drawn_tile_goes_to_the_fallow():
    s = trigger(two(green=dict(tiles="G1"), bag="W F3 F4 F9"), "W")
    advance(s, Draw("F3"))
    assert representative_steps(s) == [Fallow("red", "F3")]


def test_I21_W_with_an_empty_bag_nothing_is_drawn():
    s = trigger(two(red=dict(tiles="A1"), green=dict(tiles="G1"), bag="W"), "W")
    waits_for(s, "red", "W")
    assert representative_steps(s) == [Pass("red")]
    rejected(s, Fallow("red", "A1"), "I.21")
    advance(s, Pass("red"))
    advance(s, Pass("green"))
    assert s.pending.kind == "turn"


def test_I21_W_with_only_events_in_the_bag_the_player_draws_them_and_they_are_resolved():
    s = trigger(two(red=dict(tiles="A1"), green=dict(tiles="G1"), bag="W Y R"), "W")
    # the draw is compulsory: red draws the bag empty, setting each event aside (E.2)
    assert s.pending.kind == "chance" and representative_steps(s) == [Draw("R"), Draw("Y")]
    advance(s, Draw("Y"))
    assert s.set_aside == ["Y"] and s.pending.kind == "chance"
    advance(s, Draw("R"))
    # no field tile came: red fallows and discards nothing; its events are placed in the
    # order drawn and resolved, red their drawer, before green answers W (I.21, I.51)
    assert s.fallow == [] and s.player("red").tiles == {"A1": False} and s.in_hand == []
    assert s.track == ["W", "Y"] and s.set_aside == ["R"]
    waits_for(s, "red", "Y")
    advance(s, Pass("red"))
    advance(s, Pass("green"))
    assert s.track == ["W", "Y", "R"] and s.set_aside == []
    waits_for(s, "red", "R")
    advance(s, Pass("red"))
    advance(s, Pass("green"))
    # then green answers W: the bag is empty now, so green passes (I.21, I.37)
    waits_for(s, "green", "W")
    assert representative_steps(s) == [Pass("green")]
    advance(s, Pass("green"))
    assert s.pending.kind == "turn" and s.bag == set()
    assert check(s, complete=False) == []


def test_I21_W_the_player_whose_draw_finds_no_field_tile_is_the_drawer_of_its_events():
    s = trigger(two(red=dict(tiles="A1"), green=dict(tiles="G1"), bag="W F3 Y"), "W")
    advance(s, Draw("F3"))  # red draws the last field tile
    advance(s, Fallow("red", "F3"))
    assert s.pending.kind == "chance"  # green must draw too: the bag holds Y
    advance(s, Draw("Y"))
    # green's draw found no field tile: green fallows nothing; Y is placed and resolved
    # with green as its drawer, so green answers first (I.21, E.1)
    assert s.fallow == ["F3"] and s.player("green").tiles == {"G1": False}
    assert s.track == ["W", "Y"] and s.set_aside == []
    waits_for(s, "green", "Y")
    advance(s, Pass("green"))
    advance(s, Pass("red"))
    assert s.pending.kind == "turn" and s.bag == set()


def test_I44_W_the_displaced_worker_is_re_placed_last():
    s = trigger(two(red=dict(tiles="A1 E3", workers={"F3": "A"}), green=dict(tiles="G1"),
                    bag="W F3 F4 F9"), "W")
    advance(s, Draw("F3"))
    advance(s, Fallow("red", "A1"))
    assert s.fallow == ["A1"]
    assert s.pending.kind == "replace" and s.pending.player == "red"


# -- X: Relocation -------------------------------------------------------------------------
def test_E3_X_moves_a_worker_without_its_ability():
    s = trigger(two(red=dict(tiles="A1 A3 C4", workers={"A2": "C", "D5": "A"}, crops="hops"),
                    green=dict(tiles="G1"), bag="X F9"), "X")
    listing_is_legal(s)
    rejected(s, Move("red", "C", "B3"), "D.1")  # A3 is its only field neighbour: C needs 2
    advance(s, Move("red", "A", "B4"))
    assert s.player("red").workers == {"A2": "C", "B4": "A"}
    waits_for(s, "green", "X")  # no ability is offered


def test_D1_X_rejects_a_space_next_to_another_worker_and_an_absent_worker():
    s = trigger(two(red=dict(tiles="A1 A3 C4", workers={"A2": "A", "D5": "B"}),
                    green=dict(tiles="G1"), bag="X F9"), "X")
    rejected(s, Move("red", "B", "B3"), "D.1")  # next to A at A2
    rejected(s, Move("red", "E", "B4"), "E.3")
    rejected(s, Move("red", "B", "D5"), "E.3")
    advance(s, Move("red", "B", "B4"))
    assert s.player("red").workers == {"A2": "A", "B4": "B"}


def test_E3_X_onto_a_lower_worker_sends_it_back():
    s = trigger(two(red=dict(tiles="A1 A3 B4 C2 C3", workers={"B3": "A", "D5": "C"}),
                    green=dict(tiles="G1"), bag="X F9"), "X")
    advance(s, Move("red", "C", "B3"))
    red = s.player("red")
    assert red.workers == {"B3": "C"} and "A" in red.supply


# -- Y: Day Off ----------------------------------------------------------------------------
def test_E3_Y_removes_a_worker_farmhand_to_supply_townsfolk_to_town():
    s = trigger(two(red=dict(tiles="A1", workers={"B2": "A"}),
                    green=dict(tiles="G1 G2 F2 F3", workers={"F4": "G"}), bag="Y F9"), "Y")
    assert "G" not in s.town
    listing_is_legal(s)
    advance(s, Remove("red", "A"))
    rejected(s, Remove("green", "A"), "E.3")
    advance(s, Remove("green", "G"))
    assert s.player("red").workers == {} and "A" in s.player("red").supply
    assert s.player("green").workers == {} and "G" in s.town


# -- Z: Windfall ---------------------------------------------------------------------------
def test_E3_Z_the_drawer_gives_every_player_one_crop():
    s = trigger(three(bag="Z F9", turn="green", green=dict(crops="hops")), "Z")
    waits_for(s, "green", "Z")
    listing_is_legal(s)
    advance(s, Grant("green", (("green", "wine"), ("yellow", "wine"), ("red", "apples"))))
    assert s.player("green").screen == [0, 0, 0, 1, 0]
    assert s.player("yellow").screen == [0, 0, 0, 1, 0]
    assert s.player("red").screen == [1, 0, 1, 0, 0]
    assert s.pending.kind == "chance"  # only the drawer answers


def test_I47_Z_rejects_a_wrong_order_a_missing_player_and_a_pass():
    s = trigger(two(bag="Z F9"), "Z")
    rejected(s, Grant("red", (("green", "wine"), ("red", "wine"))), "I.47")
    rejected(s, Grant("red", (("red", "wine"),)), "I.47")
    rejected(s, Grant("red", (("red", "wine"), ("green", "bread"))), "E.3")
    rejected(s, Pass("red"), "I.37")
    # the drawer acts (I.54)
    rejected(s, Grant("green", (("red", "wine"), ("green", "wine"))), "E.1")


def test_I47_Z_when_the_stock_runs_short_later_players_get_nothing():
    # all 60 counters but one wheat are behind screens
    full = "hops " * 12 + "vegetables " * 12 + "apples " * 12 + "wine " * 12 + "wheat " * 11
    s = trigger(two(red=dict(crops=full), bag="Z F9"), "Z")
    assert s.stock == [0, 0, 0, 0, 1]
    rejected(s, Grant("red", (("red", "wheat"), ("green", "wheat"))), "I.47")
    rejected(s, Grant("red", (("red", "wine"),)), "I.22")
    assert representative_steps(s) == [Grant("red", (("red", "wheat"),))]
    advance(s, Grant("red", (("red", "wheat"),)))
    assert s.stock == [0, 0, 0, 0, 0] and s.player("green").screen == [0] * 5


# -- every listed answer applies, in random games ------------------------------------------
def test_E3_every_listed_event_answer_is_legal_in_random_games():
    import random

    import keyharvest as kh

    asked = set()
    for n in (2, 3, 4):
        rng = random.Random(100 + n)
        s = kh.random_game(n, rng, max_turns=300)
        while not s.is_over:
            if s.pending.kind == "chance":
                step = Draw(rng.choice(sorted(i for i in s.bag if s.can_draw(i))))
            else:
                steps = representative_steps(s)
                if s.pending.kind == "event":
                    asked.add(s.pending.event)
                    listing_is_legal(s)
                step = rng.choice(steps)
            advance(s, step)
            assert check(s) == []
    assert len(asked) >= 10  # most events came up and were answered
