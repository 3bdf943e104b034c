"""The turn's listing counted without listing it (``legal_view``, ``pick``) holds
the plays a check of every worker on every space finds, and an event's listing of swaps
the lonely tiles ``is_lonely`` finds: counted by hand here, not by the listing's code."""

from __future__ import annotations

from builders import table

from keyharvest.formats.boardfile import standard_board
from keyharvest.model.catalogue import CROPS
from keyharvest.model.steps import Buy, Play, Swap
from keyharvest.play.selfplay import selfplay_game
from keyharvest.rules import advance, legal_view, representative_steps
from keyharvest.rules.abilities import OpponentBuyFrame
from keyharvest.rules.actions import TurnFrame, new_game
from keyharvest.rules.events.exchanges import RegistrySwapFrame, SwapFrame
from keyharvest.rules.fields import is_lonely
from keyharvest.rules.placement import placement_error

BOARD = standard_board()


def plays_by_hand(state) -> list[Play]:
    """Every play of ``state.current`` a check of each worker on each space allows, by
    worker (the supply's, then the town's, each in letter order), then space in board order."""
    p = state.current
    return [Play(p.colour, letter, space)
            for letter in sorted(p.supply) + sorted(state.town)
            for space in BOARD.order if placement_error(state, p, letter, space) is None]


def test_a_townsfolk_that_only_a_higher_one_replaces_is_counted() -> None:
    """B2 touches five tiles and holds the Trader (4): the Notary, Merchant and Benefactor
    (5) may replace it, though no space takes a 4 (the counts per number do not fall)."""
    s = table({"red": dict(tiles="A1 A2 B3 C1 C2", workers={"B2": "G"}),
               "green": dict(tiles="E6 E7")}, registry="A5 A6 A7 A8 A9 D4")
    listed = [x for x in representative_steps(s) if isinstance(x, Play)]
    assert listed == plays_by_hand(s)
    assert {(x.worker, x.space) for x in listed if x.space == "B2"} == {
        ("J", "B2"), ("K", "B2"), ("L", "B2")}
    frame = s.stack[-1]
    assert type(frame) is TurnFrame
    every = representative_steps(s)
    assert [frame.pick(s, lambda i, n: i, i) for i in range(len(every))] == every


def test_the_plays_counted_are_those_of_a_check_of_every_space_in_played_games() -> None:
    turns = 0
    for players, seed in ((2, 21), (3, 22), (4, 23), (4, 24)):
        record = selfplay_game(players, seed, 0)
        state = new_game(record.setup, BOARD)
        for step in record.steps:
            frame = state.stack[-1]
            used = state.turn.used  # action b open (C.1): not taken, and a second action due
            if type(frame) is TurnFrame and state.result is None and "b" not in used \
                    and len(used) < 2:
                assert [x for x in representative_steps(state)
                        if isinstance(x, Play)] == plays_by_hand(state)
                turns += 1
            advance(state, step)
    assert turns > 300


def test_the_swaps_listed_take_the_lonely_tiles_of_the_others() -> None:
    met = swapped = 0
    for i in range(40):
        record = selfplay_game(4, 31, i)
        state = new_game(record.setup, BOARD)
        for step in record.steps:
            if type(state.stack[-1]) is SwapFrame:
                frame = state.stack[-1]
                p = frame.who(state)
                takes = [(r, q.colour) for q in state.players if q is not p
                         for r in sorted(q.tiles) if is_lonely(state, q, r)]
                assert [x for x in representative_steps(state) if isinstance(x, Swap)] == [
                    Swap(p.colour, give, take, owner)
                    for take, owner in takes for give in sorted(p.tiles)]
                met += bool(takes)
            if type(state.stack[-1]) is RegistrySwapFrame:
                frame = state.stack[-1]
                p = frame.who(state)
                assert [x for x in representative_steps(state) if isinstance(x, Swap)] == [
                    Swap(p.colour, give, take) for take in state.registry
                    for give in sorted(p.tiles)]
                swapped += len(p.tiles) > 1
            advance(state, step)
    assert met > 5 and swapped > 5


def plain_payments(screen: list[int], n: int) -> list[tuple[str, ...]]:
    """The representative payments of exactly ``n`` crops from ``screen`` that workers E
    and G list (D.3, D.4): taken from the first crop types, then from the last (once where
    the two are the same); none where the screen holds fewer than ``n``."""
    out: list[tuple[str, ...]] = []
    for order in (CROPS, CROPS[::-1]):
        left, pay = n, dict.fromkeys(CROPS, 0)
        for crop in order:
            pay[crop] = min(left, screen[CROPS.index(crop)])
            left -= pay[crop]
        paid = tuple(c for c in CROPS for _ in range(pay[c]))
        if left == 0 and paid not in out:
            out.append(paid)
    return out


def buys_by_hand(state, frame) -> list[Buy]:
    p = state.player(frame.player)
    return [Buy(p.colour, it.tile, q.colour, pay)
            for q in state.players if q is not p for it in q.store
            for pay in plain_payments(p.screen, sum(it.bid) + frame.extra)]


def test_an_opponent_buy_lists_and_counts_the_payments_of_every_screen() -> None:
    """The Experienced Worker (E: the price + 1) lists, for every screen of up to 2 of each
    crop, each tile of the other stores with each representative payment, and the lazy
    listing counts as many."""
    from itertools import product

    s = table({"red": dict(tiles="B4 B5 C3 C5 D4 D5"),
               "green": dict(tiles="E6 E7", store={"G8": "wheat", "G7": "hops wine"})},
              registry="A5 A6 A7 A8 A9 D2")
    advance(s, Play("red", "E", "C4"))
    frame = s.stack[-1]
    assert type(frame) is OpponentBuyFrame
    for screen in product(range(3), repeat=5):
        s.player("red").screen = list(screen)  # (crops conserved or not: the listing reads it)
        listed = representative_steps(s)
        assert [x for x in listed if isinstance(x, Buy)] == buys_by_hand(s, frame), screen
        assert len(legal_view(s)) == len(listed), screen


def test_an_opponent_buy_lists_every_opponent_tile_with_each_payment() -> None:
    """E and G list each tile of the opponents' stores with each representative payment
    for its price (+1 for E), in played games: the listing as a generator wrote it before
    it was counted."""
    met = 0
    for i in range(60):
        record = selfplay_game(4, 41, i)
        state = new_game(record.setup, BOARD)
        for step in record.steps:
            frame = state.stack[-1]
            if type(frame) is OpponentBuyFrame:
                by_hand = buys_by_hand(state, frame)
                assert [x for x in representative_steps(state) if isinstance(x, Buy)] == by_hand
                met += len(by_hand) > 1
            advance(state, step)
    assert met > 5


def test_the_first_action_of_a_turn_may_be_any_of_the_four() -> None:
    """At a turn's first action (none taken yet) the listing holds steps of all four
    actions (C.1), whatever the count of tiles the turn record holds (the listing takes
    "abcd" as open there without judging it)."""
    from keyharvest.model.steps import Buy, Harvest, Offer

    s = table({"red": dict(tiles="B6 B7", crops="wheat wine hops"),
               "green": dict(tiles="E6 E7", store={"G8": "wheat"})},
              registry="A5 A6 A7 A8 A9 D2")
    for count in range(4):
        s.turn.count = count
        kinds = {type(x) for x in representative_steps(s)}
        assert {Harvest, Play, Buy, Offer} <= kinds, count


def test_a_relocation_and_a_re_placement_list_the_spaces_a_check_of_every_space_allows(
) -> None:
    """Event X lists each worker (in space order) with each new space ``placement_error``
    allows it, moving from its own; a displaced worker, pass and then each space it
    allows. Both judge every worker from one look-up of the spaces next to the tiles, not
    by a check of each space: compared here, for every player of every state of played
    games (a frame of X made for each), and at each re-placement met."""
    from keyharvest.model.steps import Move, Pass, Replace
    from keyharvest.rules.events.workers import RelocationFrame
    from keyharvest.rules.placement import DisplacedFrame

    moved = replaced = 0
    for players, seed in ((2, 51), (3, 52), (4, 53), (4, 54)):
        record = selfplay_game(players, seed, 0)
        state = new_game(record.setup, BOARD)
        for step in record.steps:
            frame = state.stack[-1]
            if type(frame) is DisplacedFrame and state.result is None:
                p = state.player(frame.player)
                assert representative_steps(state) == [Pass(p.colour)] + [
                    Replace(p.colour, frame.worker, space) for space in BOARD.order
                    if placement_error(state, p, frame.worker, space) is None]
                replaced += 1
            for p in state.players:
                x = RelocationFrame(p.colour, [p.colour])
                n, nth = x.counted_answers(state, p)
                assert [nth(i) for i in range(n)] == [
                    Move(p.colour, letter, space) for old, letter in sorted(p.workers.items())
                    for space in BOARD.order if space != old
                    and placement_error(state, p, letter, space, moving_from=old) is None]
                moved += n > 0
            advance(state, step)
    assert moved > 300 and replaced > 3


def test_the_payments_remembered_are_those_worked_out_afresh() -> None:
    """``payment_choices`` remembers by the screen: each answer equals the one worked out
    with the memo cleared, for every screen of up to 3 of each crop. (The Day Labourer's
    gains, remembered by the stock, are held so in tests/test_workers_farmhands.py.)"""
    from itertools import product

    from keyharvest.model.state import PlayerState
    from keyharvest.rules import memo
    from keyharvest.rules.events.base import payment_choices

    warm: dict = {}
    for counts in product(range(4), repeat=5):
        p = PlayerState("red", screen=list(counts))
        warm[counts] = [payment_choices(p, k, limit) for k in (2, 3) for limit in (2, 4)]
    for counts, pays in warm.items():
        memo.clear()
        p = PlayerState("red", screen=list(counts))
        assert [payment_choices(p, k, limit) for k in (2, 3) for limit in (2, 4)] == pays


def test_a_frame_lists_by_sections_exactly_where_its_legal_is_sectioned() -> None:
    """``lists_by_sections`` (what ``legal_view`` and the random bot read instead of
    ``legal = sectioned``, which a compiled function cannot be) is set only where
    ``Frame.legal``, which lists the sections, is the class's listing, and a subclass with a
    listing of its own (the Merchant) clears it."""
    import keyharvest.rules  # noqa: F401 - every frame class registered
    from keyharvest.model.state import State
    from keyharvest.rules.engine import FRAME_TYPES, Frame

    def where(cls: type, name: str) -> type:
        return next(c for c in cls.__mro__ if name in c.__dict__)

    sectioned_ones = set()
    for name, cls in FRAME_TYPES.items():
        legal_from = where(cls, "legal")
        flag_from = where(cls, "lists_by_sections")
        if cls.lists_by_sections:
            assert legal_from is Frame, name  # Frame.legal: the sections, one by one
            sectioned_ones.add(name)
        else:  # a listing of its own (or Frame's, of a base class never pending)
            assert flag_from is Frame or flag_from is legal_from, name
    assert {"TurnFrame", "DisplacedFrame", "AbilityFrame", "OneAnswerFrame", "GiftFrame",
            "WindfallFrame", "BlindSwapFrame", "LuckyDipFrame",
            "ReplacementFrame"} <= sectioned_ones
    assert "MerchantFrame" not in sectioned_ones
    # and a sectioned frame's listing is its sections' steps, in order
    state: State = new_game(selfplay_game(4, 3, 0).setup, BOARD)
    frame = state.stack[-1]
    assert type(frame).lists_by_sections
    assert list(frame.legal(state)) == [nth(i) for n, nth in frame.sections(state)
                                       for i in range(n)]
