"""Events and the track: the set-aside rule (E.2), the "?" space (F.3, I.6, I.52, I.53), the
10th space and the end of the game (F.4, I.9, I.38, I.43)."""

import pytest
from test_events import trigger, two, waits_for

from keyharvest.model.steps import Draw, EndTurn, Fallow, Pass, Pay, Pick
from keyharvest.rules import advance
from keyharvest.rules.bag import place_event
from keyharvest.rules.invariants import Violation, check, question_check
from keyharvest.rules.placement import DisplacedFrame

SEVEN = {"red": "A1 A2 A3 A4 A5 A6 A7", "green": "G1 G2 G3 G4 G5 G6 G7"}


def test_E2_set_aside_events_return_to_the_bag():
    s = trigger(two(red=dict(tiles="A1", crops="hops wine wheat"), green=dict(tiles="G1"),
                    bag="Q X Z F3 F9"), "Q")
    advance(s, Pay("red", ("wine", "wheat")))
    advance(s, Draw("Z"))
    advance(s, Draw("X"))
    assert s.set_aside == ["Z", "X"] and s.track == ["Q"]  # announced, not resolved
    advance(s, Draw("F3"))
    assert s.set_aside == [] and {"X", "Z"} <= s.bag
    assert s.track == ["Q"] and s.player("red").tiles == {"A1": False, "F3": False}
    waits_for(s, "green", "Q")


def test_F3_question_space_sends_two_events_back_to_the_bag():
    s = trigger(two(red=dict(tiles="A1"), green=dict(tiles=SEVEN["green"]),
                    track="M N O P Q R", bag="Y F9"), "Y")
    assert s.track == ["O", "P", "Q", "R", "Y"]
    assert {"M", "N"} <= s.bag
    waits_for(s, "red", "Y")  # I.6: the event is still resolved, from its new space
    advance(s, Pass("red"))
    advance(s, Pass("green"))
    advance(s, Draw("M"))  # I.6: a returned event may come out again in the same refill
    assert s.track == ["O", "P", "Q", "R", "Y", "M"]
    waits_for(s, "red", "M")


def test_F3_no_return_when_every_player_has_seven_tiles_and_workers():
    s = trigger(two(red=dict(tiles="A1 A2 A3 A4 A5 A6", workers={"C4": "A"}),
                    green=dict(tiles=SEVEN["green"]), track="M N O P Q R", bag="Y F9"), "Y")
    assert s.track == ["M", "N", "O", "P", "Q", "R", "Y"]


def test_I52_at_the_question_check_no_tile_is_in_hand_and_no_displaced_worker_waits():
    s = two(red=dict(tiles="A1"), green=dict(tiles="G1"), track="M N O P Q R", bag="Y F9")
    assert question_check(s) == []
    s.in_hand.append("F9")
    assert question_check(s) == [Violation("I.52", 'the "?" check is made with F9 in hand')]
    s.in_hand.clear()
    s.stack.append(DisplacedFrame("red", "A"))
    (v,) = question_check(s)
    assert v.rule == "I.52" and "red's displaced worker A" in v.message
    s.stack[-1].done = True  # re-placed: no longer waiting
    assert question_check(s) == []


def test_I52_the_question_check_asserts_it():
    s = two(red=dict(tiles="A1"), green=dict(tiles="G1"), track="M N O P Q R", bag="Y F9")
    s.in_hand.append("F9")  # a state the rules never reach (I.52)
    with pytest.raises(AssertionError, match="I.52"):
        place_event(s, "Y", "red")
    # no check, so no assertion, when the 7th space fills with no field tile in the bag
    s = two(red=dict(tiles="A1"), green=dict(tiles="G1"), track="M N O P Q R", bag="Z")
    s.in_hand.append("F9")
    place_event(s, "Y", "red")
    assert s.track[-1] == "Y"


def test_I51_set_aside_event_placed_on_the_question_space_with_no_field_tile_in_the_bag():
    s = trigger(two(red=dict(tiles="A1", crops="hops wine wheat"),
                    green=dict(tiles="G1"), track="M N O P R", bag="Q Y"), "Q")
    advance(s, Pay("red", ("wine", "wheat")))
    advance(s, Draw("Y"))  # set aside; the bag is empty: pick from the registry, then place Y
    advance(s, Pick("red", "C3"))
    assert s.track == ["M", "N", "O", "P", "R", "Q", "Y"]  # I.53: no field tile, no check
    waits_for(s, "red", "Y")


def test_I53_no_question_check_once_the_bag_holds_no_field_tile():
    s = trigger(two(red=dict(tiles="A1"), green=dict(tiles="G1"), track="M N O P Q R",
                    bag="Y"), "Y")
    assert s.track == ["M", "N", "O", "P", "Q", "R", "Y"]


def test_F4_the_tenth_event_ends_the_game_after_two_more_rounds():
    s = trigger(two(red=dict(tiles="A1"), green=dict(tiles="G1"), track="M N O P Q R S T U",
                    bag="Y F9"), "Y")
    assert len(s.track) == 10 and s.end_trigger == "red"
    waits_for(s, "red", "Y")  # the 10th event is still resolved
    advance(s, Pass("red"))
    advance(s, Pass("green"))
    advance(s, Draw("F9"))
    for who in ("red", "green", "red", "green"):  # the trigger turn, then round 1, round 2 …
        advance(s, EndTurn(who))
        assert s.result is None
    advance(s, EndTurn("red"))  # … ending with the drawer's second extra turn
    assert s.result == "finished"


def test_I38_tenth_event_placed_by_another_player_counts_from_the_turn_player():
    s = trigger(two(red=dict(tiles="A1"), green=dict(tiles="G1", crops="hops hops"),
                    track="M N O P R S T U", bag="Q Y"), "Q")
    advance(s, Pass("red"))
    advance(s, Pay("green", ("hops", "hops")))
    advance(s, Draw("Y"))  # set aside: the bag holds no field tile
    advance(s, Pick("green", "C3"))
    assert len(s.track) == 10 and s.track[-1] == "Y"
    assert s.end_trigger == "red" and s.end_countdown == 4
    waits_for(s, "green", "Y")  # the player who drew Y answers first
    advance(s, Pass("green"))
    advance(s, Pass("red"))
    assert s.pending.kind == "turn" and s.pending.player == "red"
    for who in ("red", "green", "red", "green"):
        advance(s, EndTurn(who))
    advance(s, EndTurn("red"))
    assert s.result == "finished"


def test_I43_events_drawn_after_the_tenth_space_is_filled_are_out_of_play():
    s = trigger(two(red=dict(tiles="A1 A2"), green=dict(tiles="G1"),
                    track="N O P Q R S T U V", bag="M X Y F3 F9"), "M")
    assert len(s.track) == 10
    advance(s, Fallow("red", "A1"))
    advance(s, Draw("Y"))  # set-aside draw after the 10th: out of play
    assert s.spent == ["Y"] and s.set_aside == []
    advance(s, Draw("F3"))
    assert "Y" not in s.bag
    advance(s, Pass("green"))
    advance(s, Draw("X"))  # the refill's own draw after the 10th: out of play too (I.9)
    advance(s, Draw("F9"))
    assert s.spent == ["Y", "X"] and s.track[-1] == "M"
    assert s.registry == ["C3", "C4", "C5", "C6", "C7", "F9"]
    assert check(s, complete=False) == []
