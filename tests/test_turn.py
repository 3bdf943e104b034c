"""The turn (RULES.md C.1, I.1): 0, 1 or 2 different actions, never c after d, clockwise."""

from __future__ import annotations

import pytest
from builders import rejected, snapshot, table

from keyharvest.errors import IllegalStep
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
    Step,
)
from keyharvest.rules import advance
from keyharvest.rules.invariants import check

REGISTRY = "A1 A3 A4 A5 A6 A7"


def position(**kw) -> State:
    """red can take every action: harvest B6, play A at C7, buy D8 (own store), offer A1."""
    return table({"red": dict(tiles="B6 B7 C6", crops="wheat wheat wine hops",
                              store={"D8": "wine"}),
                   "green": dict(tiles="E2 E3", crops="hops"),
                   "yellow": dict(tiles="G1", crops="apples")},
                  registry=REGISTRY, **kw)


def settle_free(s: State) -> None:
    """Pass every optional ability (built by another issue) so it does not interfere."""
    while s.pending.kind == "ability":
        advance(s, Pass(s.pending.player))


ACTION_STEPS: dict[str, list[Step]] = {
    "a": [Harvest("red", ("B6",))],
    "b": [Play("red", "A", "C7")],
    "c": [Buy("red", "D8", "red")],
    "d": [Offer("red", "A1", ("wheat",)), Draw("G5")],
}


def take(s: State, action: str) -> None:
    for step in ACTION_STEPS[action]:
        advance(s, step)
        settle_free(s)


def test_C1_I1_no_action_at_all_is_a_legal_turn():
    s = position()
    advance(s, EndTurn("red"))
    assert s.current.colour == "green"
    assert s.turn.used == "" and s.turn.number == 2


@pytest.mark.parametrize("action", list("abcd"))
def test_C1_I1_a_single_action_is_a_legal_turn(action):
    s = position()
    take(s, action)
    assert s.turn.used == action
    assert s.pending.kind == "turn" and s.pending.player == "red"
    advance(s, EndTurn("red"))
    assert s.current.colour == "green"
    assert check(s) == []


LEGAL_PAIRS = ["ab", "ba", "ac", "ca", "ad", "da", "bc", "cb", "bd", "db", "cd"]


@pytest.mark.parametrize("pair", LEGAL_PAIRS)
def test_C1_every_legal_pair_of_different_actions(pair):
    s = position()
    for action in pair:
        take(s, action)
    assert s.turn.used == pair
    assert check(s) == []
    advance(s, EndTurn("red"))
    assert s.current.colour == "green" and s.turn.used == ""


@pytest.mark.parametrize("pair", LEGAL_PAIRS)
def test_C1_a_third_action_is_illegal(pair):
    s = position()
    for action in pair:
        take(s, action)
    third = next(a for a in "abcd" if a not in pair and not (a == "c" and "d" in pair))
    e = rejected(s, ACTION_STEPS[third][0], "C.1")
    assert "third action" in e.message


def test_C1_c_after_d_is_illegal():
    s = position()
    take(s, "d")
    e = rejected(s, Buy("red", "D8", "red"), "C.1")
    assert e.message == "action c may not be taken after action d"


def test_C1_c_after_d_is_illegal_even_as_the_second_action_after_a_first():
    s = position()
    take(s, "d")
    # d, then c: illegal; d, then a: legal
    rejected(s, Buy("red", "D8", "red"), "C.1")
    take(s, "a")
    assert s.turn.used == "da"


def test_C1_repeating_harvest_is_illegal():
    s = position()
    take(s, "a")
    e = rejected(s, Harvest("red", ("B7",)), "C.1")
    assert "already taken" in e.message


def test_C1_play_then_remove_is_a_repeated_action_b():
    s = position()
    take(s, "b")
    rejected(s, Remove("red", "A"), "C.1")


def test_C1_action_c_again_after_another_action_is_a_repetition():
    s = table({"red": dict(tiles="B6", crops="wheat", store={"D8": "wine", "E8": "hops"}),
               "green": dict(tiles="E2")}, registry=REGISTRY)
    advance(s, Buy("red", "D8", "red"))
    take(s, "a")
    e = rejected(s, Buy("red", "E8", "red"), "C.1")
    assert "already taken" in e.message


def test_C1_action_d_again_after_another_action_is_a_repetition():
    s = position()
    take(s, "d")
    take(s, "a")
    rejected(s, Offer("red", "A3", ("wine",)), "C.1")


def test_C1_a_step_by_the_wrong_player_is_illegal():
    s = position()
    e = rejected(s, Harvest("green", ("E2",)), "C.1")
    assert "red's decision, not green's" in e.message
    rejected(s, EndTurn("green"), "C.1")


def test_C1_a_draw_when_no_draw_is_due_is_illegal():
    s = position()
    e = rejected(s, Draw("G5"), "C.1")
    assert "no draw is due" in e.message


def test_F1_ending_the_turn_while_a_draw_is_due_is_illegal():
    s = position()
    advance(s, Offer("red", "A1", ("wheat",)))
    assert s.pending.kind == "chance"
    e = rejected(s, EndTurn("red"), "F.1")
    assert "draw from the bag is due" in e.message


def test_C1_a_non_action_step_on_a_turn_is_illegal():
    s = position()
    rejected(s, Pass("red"), "C.1")


def test_C1_the_turn_passes_clockwise_and_wraps_round():
    s = position()
    seen = []
    for _ in range(7):
        seen.append(s.current.colour)
        advance(s, EndTurn(s.current.colour))
    assert seen == ["red", "green", "yellow", "red", "green", "yellow", "red"]
    assert s.turn.number == 8


def test_C1_end_turn_resets_the_actions_taken():
    s = position()
    take(s, "a")
    take(s, "b")
    advance(s, EndTurn("red"))
    assert (s.turn.used, s.turn.count) == ("", 0)
    assert s.pending.kind == "turn" and s.pending.player == "green"


def test_C1_the_turn_may_start_with_any_player():
    s = position(turn="yellow")
    advance(s, EndTurn("yellow"))
    assert s.current.colour == "red"


def test_C1_ability_and_replacement_are_not_actions():
    """Re-placing a displaced worker is not an action: after c with a re-placement, a and b
    are still free (C.1)."""
    s = table({"red": dict(tiles="B6 B7 C6", crops="wheat", workers={"D7": "A"},
                           store={"D7": "wine"}),
               "green": dict(tiles="E2")}, registry=REGISTRY)
    advance(s, Buy("red", "D7", "red"))
    assert s.pending.kind == "replace"
    advance(s, Replace("red", "A", "A6"))
    settle_free(s)
    assert s.turn.used == "c" and s.pending.kind == "turn"
    take(s, "a")
    assert s.turn.used == "ca"


def test_C1_an_illegal_step_carries_its_rule_step_and_player():
    s = position()
    step = Harvest("red", ("B6", "E2"))
    with pytest.raises(IllegalStep) as info:
        advance(s, step)
    e = info.value
    assert (e.rule, e.step, e.player) == ("C.2", step, "red")
    assert str(e).startswith("[C.2] ")


def test_C1_apply_returns_a_new_state_and_leaves_the_old_one_alone():
    from keyharvest.rules import apply, is_legal

    s = position()
    before = snapshot(s)
    t = apply(s, Offer("red", "A1", ("wheat",)))
    assert snapshot(s) == before
    assert t.pending.kind == "chance" and s.pending.kind == "turn"
    u = apply(t, Draw("G5"))
    assert t.pending.kind == "chance" and u.pending.kind == "turn"
    assert is_legal(s, EndTurn("red")) and not is_legal(s, EndTurn("green"))
    assert snapshot(s) == before
