"""Setting up a game (RULES.md B, I.2, I.4, I.41)."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from keyharvest.errors import PositionError
from keyharvest.formats.boardfile import standard_board
from keyharvest.model.catalogue import CROPS, EVENT_LETTERS, FARMHANDS, PLAYER_COLOURS, TOWNSFOLK
from keyharvest.model.setup import Setup, check_setup, deal, setup_problems
from keyharvest.play.selfplay import random_game
from keyharvest.rules.actions import new_game
from keyharvest.rules.invariants import check

BOARD = standard_board()
COLOURS = {2: ("red", "green"), 3: ("red", "green", "yellow"),
           4: ("red", "green", "yellow", "brown")}
#: B, bag contents when play starts: field tiles, events, total
BAG = {2: (46, 14, 60), 3: (44, 12, 56), 4: (42, 12, 54)}
STOCK = {2: 54, 3: 51, 4: 48}
CROP_SHAPE = {2: [2, 1, 1, 1, 1], 3: [2, 2, 2, 2, 1], 4: [3, 3, 2, 2, 2]}


def dealt(n: int, seed: int) -> Setup:
    return deal(COLOURS[n], random.Random(seed), BOARD)


# -- deal ------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_B_deal_is_deterministic_per_seed(n):
    assert dealt(n, 11) == dealt(n, 11)
    assert len({repr(dealt(n, seed)) for seed in range(8)}) > 1


@pytest.mark.parametrize("n", [2, 3, 4])
def test_B_deal_passes_check_setup_for_many_seeds(n):
    for seed in range(40):
        check_setup(dealt(n, seed), BOARD)


@given(st.integers(2, 4).flatmap(lambda n: st.permutations(PLAYER_COLOURS).map(
    lambda colours: tuple(colours[:n]))), st.integers(0, 2**64),
    st.one_of(st.none(), st.integers(1, 10**6)))
@settings(max_examples=300, deadline=None)
def test_B_every_setup_dealt_on_the_standard_board_is_sound(players, seed, max_turns):
    """Any seating of two to four colours, any seed, any turn limit: what ``deal`` deals on
    the standard board has no problem (self-play's games start with ``new_game(...,
    checked=True)`` on that ground)."""
    assert setup_problems(deal(players, random.Random(seed), BOARD, max_turns), BOARD) == []


def test_B_self_play_checks_a_setup_it_does_not_know_sound():
    """Self-play skips the check only for a setup dealt on the standard board with a turn
    limit: another board, or a turn limit of 0, is checked (and the limit refused)."""
    from unittest import mock

    from keyharvest.play.selfplay import selfplay_game
    from keyharvest.rules import actions

    with pytest.raises(PositionError, match="max_turns"):
        selfplay_game(2, 1, 0, max_turns=0)
    with mock.patch.object(actions, "check_setup", wraps=check_setup) as checking:
        selfplay_game(2, 1, 0, max_turns=3)
        assert checking.call_count == 0
        selfplay_game(2, 1, 0, board=BOARD, max_turns=3)
        assert checking.call_count == 1


@pytest.mark.parametrize("n", [2, 3, 4])
def test_B5_each_player_gets_a_whole_distinct_starting_pair(n):
    pairs = {frozenset(p) for p in BOARD.starting_pairs}
    for seed in range(20):
        setup = dealt(n, seed)
        assert set(setup.tiles) == set(COLOURS[n])
        got = [frozenset(t) for t in setup.tiles.values()]
        assert all(g in pairs for g in got)
        assert len(set(got)) == n


@pytest.mark.parametrize("n", [2, 3, 4])
def test_B6_starting_crops_have_the_shape_of_B(n):
    for seed in range(40):
        setup = dealt(n, seed)
        assert all(len(c) == 3 for c in setup.crops.values())
        total = Counter(c for cs in setup.crops.values() for c in cs)
        assert sorted((total[c] for c in CROPS), reverse=True) == CROP_SHAPE[n]


def test_I2_two_players_each_take_one_counter_of_the_fifth_colour():
    fifths = set()
    for seed in range(60):
        setup = dealt(2, seed)
        total = Counter(c for cs in setup.crops.values() for c in cs)
        fifth = next(c for c in CROPS if total[c] == 2)
        fifths.add(fifth)
        for cs in setup.crops.values():
            assert cs.count(fifth) == 1
            assert len(set(cs)) == 3  # the two singles differ from each other and the fifth
    assert fifths == set(CROPS)  # I.2: the fifth colour is chosen at random


@pytest.mark.parametrize("n", [2, 3, 4])
def test_B7_B8_bag_registry_and_stock_when_play_starts(n):
    for seed in range(10):
        setup = dealt(n, seed)
        s = new_game(setup, BOARD)
        tiles, events, total = BAG[n]
        assert len(s.bag_tiles()) == tiles
        assert len(s.bag_events()) == events
        assert s.bag_count == total == len(s.bag)
        assert sum(s.stock) == STOCK[n]
        assert len(s.registry) == 6
        assert all(r in BOARD for r in s.registry)  # the first 6 draws are field tiles (B.7)
        assert len(s.removed) == (0 if n == 2 else 2)
        assert not set(s.removed) & s.bag
        assert set(s.removed) | set(s.bag_events()) == set(EVENT_LETTERS)
        assert s.track == [] and s.fallow == [] and s.set_aside == []
        assert s.town == set(TOWNSFOLK)
        for p in s.players:
            assert p.supply == set(FARMHANDS) and p.workers == {} and p.store == []
            assert p.tiles == {t: False for t in setup.tiles[p.colour]}  # large icon up
            assert sum(p.screen) == 3
        assert s.pending.kind == "turn" and s.pending.player == setup.start
        assert check(s) == []


@pytest.mark.parametrize("n", [2, 3])
def test_I4_I41_unused_starting_pairs_go_into_the_bag(n):
    for seed in range(10):
        setup = dealt(n, seed)
        s = new_game(setup, BOARD)
        used = {frozenset(t) for t in setup.tiles.values()}
        unused = [p for p in BOARD.starting_pairs if frozenset(p) not in used]
        assert len(unused) == 4 - n
        for pair in unused:
            for ref in pair:
                assert ref in s.bag or ref in s.registry


def test_B3_the_start_player_is_chosen_at_random():
    starts = {dealt(4, seed).start for seed in range(40)}
    assert starts == set(COLOURS[4])


def test_B8_removed_events_unknown_keeps_them_in_the_bag_but_never_drawable():
    setup = dataclasses.replace(dealt(3, 5), removed=None)
    s = new_game(setup, BOARD)
    assert s.removed == [] and s.hidden_removed == 2
    assert len(s.bag_events()) == 14
    assert s.bag_count == 56  # 44 field tiles + 12 events really in the bag
    assert check(s) == []
    for letter in s.bag_events()[:12]:  # once 12 events are out, no event can come out
        assert s.can_draw(letter)
        s.bag.discard(letter)
    assert [e for e in EVENT_LETTERS if s.can_draw(e)] == []
    assert s.bag_count == 44


def test_B_random_game_uses_the_standard_board_and_the_turn_limit():
    s = random_game(3, 9, max_turns=50)
    assert s.board is BOARD and s.max_turns == 50
    assert s.colours == ("brown", "green", "orange")


# -- check_setup -----------------------------------------------------------------------------
def good() -> Setup:
    return Setup(players=("red", "green", "yellow"), start="green",
                 tiles={"red": ("A2", "E6"), "green": ("G8", "A8"), "yellow": ("B6", "G1")},
                 crops={"red": ("hops", "wine", "wheat"), "green": ("hops", "apples", "wine"),
                        "yellow": ("vegetables", "vegetables", "apples")},
                 registry=("A1", "A3", "A4", "A5", "A6", "A7"), removed=("M", "Z"))


def setup_error(setup: Setup) -> PositionError:
    with pytest.raises(PositionError) as info:
        check_setup(setup, BOARD)
    with pytest.raises(PositionError):
        new_game(setup, BOARD)
    return info.value


def test_B_a_correct_explicit_setup_is_accepted():
    check_setup(good(), BOARD)
    s = new_game(good(), BOARD)
    assert s.current.colour == "green"
    assert check(s) == []


BAD_SETUPS = [
    ("B", "players", dict(players=("red",), tiles={"red": ("A2", "E6")}), "2 to 4 players"),
    ("A.2", "players", dict(players=("red", "green", "pink")), "unknown player colour 'pink'"),
    ("B.2", "players", dict(players=("red", "green", "red")), "colour 'red' is taken twice"),
    ("B.3", "start", dict(start="brown"), "start player 'brown' is not playing"),
    ("B.5", "tiles.red", dict(tiles={"red": ("A2", "G8"), "green": ("E6", "A8"),
                                     "yellow": ("B6", "G1")}), "not a starting pair"),
    ("B.5", "tiles.green", dict(tiles={"red": ("A2", "E6"), "green": ("E6", "A2"),
                                       "yellow": ("B6", "G1")}), "dealt twice"),
    ("B.5", "tiles.yellow", dict(tiles={"red": ("A2", "E6"), "green": ("G8", "A8")}),
     "no starting tiles for yellow"),
    ("B.5", "tiles", dict(tiles={"red": ("A2", "E6"), "green": ("G8", "A8"),
                                 "yellow": ("B6", "G1"), "brown": ("D9", "F4")}),
     "who is not playing"),
    ("B.6", "crops.red", dict(crops={"red": ("hops", "wine"), "green": ("hops", "apples", "wine"),
                                     "yellow": ("vegetables", "vegetables", "apples")}),
     "each player starts with 3 crops"),
    ("B.6", "crops.red", dict(crops={"red": ("hops", "wine", "corn"),
                                     "green": ("hops", "apples", "wine"),
                                     "yellow": ("vegetables", "vegetables", "apples")}),
     "unknown crop 'corn'"),
    ("B.6", "crops", dict(crops={"red": ("hops", "hops", "hops"),
                                 "green": ("hops", "apples", "wine"),
                                 "yellow": ("vegetables", "vegetables", "apples")}),
     "2/2/2/2/1"),
    ("B.6", "crops.yellow", dict(crops={"red": ("hops", "wine", "wheat"),
                                        "green": ("hops", "apples", "wine")}),
     "no starting crops for yellow"),
    ("B.7", "registry", dict(registry=("A1", "A3", "A4", "A5", "A6")), "holds 6 tiles, not 5"),
    ("B.7", "registry", dict(registry=("A1", "A3", "A4", "A5", "A6", "Q9")), "unknown tile 'Q9'"),
    ("B.7", "registry", dict(registry=("A1", "A3", "A4", "A5", "A6", "A2")),
     "A2 is a player's starting tile"),
    ("B.7", "registry", dict(registry=("A1", "A3", "A4", "A5", "A6", "A1")), "twice"),
    ("B.8", "removed", dict(removed=("M",)), "2 events are removed, not 1"),
    ("B.8", "removed", dict(removed=("M", "A")), "unknown event 'A'"),
    ("B.8", "removed", dict(removed=("M", "M")), "removed twice"),
    ("I.10", "max_turns", dict(max_turns=0), "at least 1"),
]


@pytest.mark.parametrize("rule,path,change,words", BAD_SETUPS,
                         ids=[f"{r}-{w[:20]}" for r, _, _, w in BAD_SETUPS])
def test_B_check_setup_names_the_rule_and_the_key_path(rule, path, change, words):
    e = setup_error(dataclasses.replace(good(), **change))
    assert e.rule == rule
    assert e.path == f"setup.{path}"
    assert words in e.message


def test_B6_crops_for_a_colour_not_playing_is_an_error():
    crops = dict(good().crops, brown=("wine", "wine", "wine"))
    e = setup_error(dataclasses.replace(good(), crops=crops))
    assert e.rule == "B.6" and e.path == "setup.crops"
    assert "brown" in e.message


def test_I2_two_players_without_one_fifth_colour_each_is_an_error():
    setup = Setup(players=("red", "green"), start="red",
                  tiles={"red": ("A2", "E6"), "green": ("G8", "A8")},
                  crops={"red": ("wheat", "wheat", "hops"), "green": ("wine", "apples",
                                                                      "vegetables")},
                  registry=("A1", "A3", "A4", "A5", "A6", "A7"), removed=())
    e = setup_error(setup)
    assert e.rule == "B.6" and e.path == "setup.crops.green"
    assert "one wheat" in e.message


def test_B8_two_players_remove_no_event():
    setup = Setup(players=("red", "green"), start="red",
                  tiles={"red": ("A2", "E6"), "green": ("G8", "A8")},
                  crops={"red": ("wheat", "wine", "hops"), "green": ("wheat", "apples",
                                                                     "vegetables")},
                  registry=("A1", "A3", "A4", "A5", "A6", "A7"), removed=("M", "N"))
    e = setup_error(setup)
    assert e.rule == "B.8" and "0 events are removed, not 2" in e.message
