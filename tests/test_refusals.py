"""Which id a refusal cites (RULES.md I.54): one test per row of both of its tables.

A refusal cites the most specific section that states the rule the step breaks: for crops
from the stock, the ruling that narrows the gain; for a step the game does not wait for,
the section that says whose decision or which draw comes next, never the rule of what the
game waits for.
"""

from __future__ import annotations

from builders import table
from test_events import REGISTRY, three, trigger, two, waits_for
from test_workers import REG, RING, rejected, run
from test_workers_townsfolk import inside_an_event

from keyharvest.model.steps import (
    Accept,
    Draw,
    Fallow,
    Gain,
    Grant,
    Harvest,
    Offer,
    Pass,
    Pay,
    Pick,
    Play,
)
from keyharvest.rules import advance
from keyharvest.rules.abilities import BenefactorFrame

EVERY_CROP = "hops " * 12 + "vegetables " * 12 + "apples " * 12 + "wine " * 12 + "wheat " * 12


# -- the crops from the stock ------------------------------------------------------------------
def test_I54_crops_row_1_a_gain_the_stock_cannot_give_cites_I5_and_Z_I22():
    # P with unharvested tiles and an empty stock (it cited E.3)
    s = trigger(two(red=dict(tiles="A1 A3"), green=dict(tiles="B2", crops=EVERY_CROP[5:]),
                    bag="P F9"), "P")  # red bids its one hops: every counter is taken
    assert sum(s.stock) == 0
    err = rejected(s, Gain("red", ("wheat",)), "I.5")
    assert "empty" in err.message
    # the Day Labourer naming more of a type than the stock holds
    s = table({"red": dict(tiles=RING), "green": dict(crops="wine " * 11)}, registry=REG)
    run(s, Play("red", "C", "C4"))
    rejected(s, Gain("red", ("wine", "wine")), "I.5")
    # a harvest substitute the stock lacks (A2 is vegetables, which the stock lacks)
    s = table({"red": dict(tiles="A2 B6"), "green": dict(crops="vegetables " * 12 + "hops")},
              registry=REG)
    rejected(s, Harvest("red", ("A2",), ("vegetables",)), "I.5")
    # Z: a type the stock lacks, for the drawer's choice of types
    s = trigger(two(green=dict(crops="wine " * 12), bag="Z F9"), "Z")
    rejected(s, Grant("red", (("red", "wine"), ("green", "hops"))), "I.22")


def test_I54_crops_row_2_a_substitute_while_the_crop_is_in_the_stock_cites_I33():
    s = table({"red": dict(tiles="A2 B6"), "green": dict(tiles="G1")}, registry=REG)
    rejected(s, Harvest("red", ("A2",), ("wine",)), "I.33")
    # more substitutes than tiles short: only A2's vegetables are out
    s = table({"red": dict(tiles="A2 A3 B6"), "green": dict(crops="vegetables " * 12)},
              registry=REG)
    rejected(s, Harvest("red", ("A2", "A3"), ("wine", "wine")), "I.33")


def test_I54_crops_row_3_P_with_a_short_stock_and_another_type_cites_I45():
    # red ties apples (A1) and vegetables (A2); the stock lacks apples, holds vegetables
    s = trigger(two(red=dict(tiles="A1 A2"), green=dict(tiles="A8", crops="apples " * 12),
                    bag="P F9"), "P")
    rejected(s, Gain("red", ("hops",)), "I.45")
    rejected(s, Gain("red", ("apples",)), "I.5")  # the stock lacks it: row 1
    advance(s, Gain("red", ("vegetables",)))


def test_I54_crops_row_4_P_without_unharvested_tiles_or_not_the_most_common_cites_E3():
    s = trigger(two(red=dict(tiles="A1 A3 A4"), green=dict(tiles="B2", harvested="B2"),
                    bag="P F9"), "P")
    rejected(s, Gain("red", ("apples",)), "E.3")  # the stock holds wheat: not short
    advance(s, Pass("red"))
    rejected(s, Gain("green", ("wine",)), "E.3")  # no unharvested tile
    # both reasons: no unharvested tile and an empty stock: the event's condition first
    s = trigger(two(red=dict(tiles="A1", harvested="A1"), green=dict(crops=EVERY_CROP[5:]),
                    bag="P F9"), "P")
    rejected(s, Gain("red", ("wheat",)), "E.3")


def test_I54_crops_row_5_the_day_labourer_cites_D3_or_with_a_short_stock_I5():
    s = table({"red": dict(tiles=RING)}, registry=REG)
    run(s, Play("red", "C", "C4"))
    rejected(s, Gain("red", ("wheat",)), "D.3")
    rejected(s, Gain("red", ("wheat", "wheat", "wine")), "D.3")
    # the stock holds one counter: a count other than one is I.5 (it cited D.3)
    s = table({"red": dict(tiles=RING), "green": dict(crops=EVERY_CROP[:-6])}, registry=REG)
    assert sum(s.stock) == 1
    run(s, Play("red", "C", "C4"))
    rejected(s, Gain("red", ()), "I.5")


def test_I54_crops_row_6_windfall_out_of_order_skipped_or_too_many_cites_I47():
    s = trigger(two(bag="Z F9"), "Z")
    rejected(s, Grant("red", (("green", "wine"), ("red", "wine"))), "I.47")  # out of order
    rejected(s, Grant("red", (("red", "wine"),)), "I.47")  # green skipped
    s = trigger(two(red=dict(crops=EVERY_CROP[:-6]), bag="Z F9"), "Z")  # one wheat left
    assert s.stock == [0, 0, 0, 0, 1]
    rejected(s, Grant("red", (("red", "wheat"), ("green", "wheat"))), "I.47")  # too many


# -- steps out of turn -----------------------------------------------------------------------
def test_I54_turn_row_1_another_players_action_or_worker_step_or_a_stray_draw_cites_C1():
    s = table({"red": dict(tiles=RING, crops="wheat"), "green": dict(tiles="G8")},
              registry=REG)
    rejected(s, Harvest("green", ("G8",)), "C.1")  # an action out of turn
    rejected(s, Draw("A1"), "C.1")  # a draw outside any refill or effect
    run(s, Play("red", "C", "C4"))
    err = rejected(s, Pass("green"), "C.1")  # a worker step by another player (was D.3)
    assert "red" in err.message and "green" in err.message


def test_I54_turn_row_2_an_answer_out_of_event_order_cites_E1():
    s = trigger(three(red=dict(tiles="A1 A3"), bag="P F9"), "P")
    waits_for(s, "red", "P")  # the drawer first
    err = rejected(s, Pass("green"), "E.1")  # it cited E.3
    assert "event order" in err.message
    advance(s, Pass("red"))
    rejected(s, Pass("yellow"), "E.1")  # then clockwise: green


def test_I54_turn_row_3_an_answer_to_an_event_only_set_aside_cites_E2_or_I19():
    # T's refill (set-aside rule) draws Y: it is set aside, not answered (it cited F.1)
    s = trigger(two(red=dict(crops="hops hops wine wheat"), green=dict(tiles="G1"),
                    bag="T Y F3 F4"), "T")
    advance(s, Pick("red", "C3", ("hops", "wine", "wheat")))
    advance(s, Pass("green"))
    assert s.pending.kind == "chance"
    advance(s, Draw("Y"))
    assert s.set_aside == ["Y"]
    err = rejected(s, Pass("red"), "E.2")
    assert "set aside" in err.message
    # the Merchant's draw: the rule of its draw is E.2 too
    s = table({"red": dict(tiles=RING), "green": dict(tiles="G8")}, registry=REG)
    run(s, Play("red", "K", "C4"), Accept("red"), Draw("Q"))
    rejected(s, Pass("green"), "E.2")
    # a Benefactor's refill inside an event sets aside (I.19)
    s = table({"red": dict(tiles=RING, workers={"C4": "L"}), "green": dict(tiles="G8")},
              registry=REG)
    inside_an_event(s, BenefactorFrame("red", "L", "C4"))
    run(s, Pick("red", "G1"), Draw("Q"))
    err = rejected(s, Pay("red", ("hops", "hops")), "I.19")
    assert "E.2" in err.message


def test_I54_turn_row_4_a_draw_after_the_gap_is_filled_cites_F1():
    s = two(red=dict(tiles="A1"), bag="F3 F4")
    advance(s, Offer("red", "C2", ("hops",)))
    advance(s, Draw("F3"))  # the gap is filled
    err = rejected(s, Draw("F4"), "F.1")  # it cited C.1
    assert "filled" in err.message
    advance(s, Harvest("red", ("A1",)))
    rejected(s, Draw("F4"), "C.1")  # later, a draw outside any refill: row 1


def test_I54_turn_row_5_a_draw_before_the_event_is_resolved_cites_F2():
    s = trigger(two(red=dict(tiles="A1 A3"), bag="P F9"), "P")
    waits_for(s, "red", "P")
    err = rejected(s, Draw("F9"), "F.2")  # it cited E.3
    assert "event P" in err.message


def test_I54_turn_row_6_an_answer_to_an_event_drawn_after_the_10th_space_cites_I9():
    s = two(red=dict(tiles="A1", crops="hops wine"), bag="Q F9",
            track="M N O P R S T U V W")
    advance(s, Offer("red", "C2", ("hops",)))
    advance(s, Draw("Q"))  # out of play (I.9, I.43): the refill goes on
    assert s.spent == ["Q"] and s.pending.kind == "chance"
    err = rejected(s, Pay("red", ("wine", "wine")), "I.9")  # it cited F.1
    assert "out of play" in err.message
    advance(s, Draw("F9"))
    assert s.registry == REGISTRY.split()[1:] + ["F9"]


def test_I54_the_wrong_player_inside_an_event_cites_E1_and_a_draw_there_F2():
    # W: red's draw, then green fallowing red's tile out of order
    s = trigger(two(red=dict(tiles="A1"), green=dict(tiles="G1"), bag="W F3 F4 F9"), "W")
    advance(s, Draw("F3"))
    rejected(s, Fallow("green", "G1"), "E.1")
    rejected(s, Draw("F4"), "F.2")
