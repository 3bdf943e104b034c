"""The random bot: legal, uniform over what the rules list, deterministic from its seed."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from keyharvest.formats.boardfile import standard_board
from keyharvest.formats.records import replay
from keyharvest.model.setup import deal
from keyharvest.model.state import State
from keyharvest.model.steps import Draw, EndTurn, Step
from keyharvest.play.bots import RandomBot, random_draw
from keyharvest.play.selfplay import play_game
from keyharvest.rules import is_legal, representative_steps
from keyharvest.rules.actions import new_game

BOARD = standard_board()


def test_the_bot_chooses_legal_steps_and_draws() -> None:
    rng = random.Random(3)
    s = new_game(deal(("red", "green"), rng, BOARD, 50), BOARD)
    bot = RandomBot(random.Random(4))
    from keyharvest.rules import advance

    for _ in range(300):
        if s.is_over:
            break
        step = bot.choose(s)
        if s.pending.kind == "chance":
            assert isinstance(step, Draw) and s.can_draw(step.item)
        else:
            assert step in representative_steps(s)
        assert is_legal(s, step)
        advance(s, step)


def test_draws_are_uniform_over_the_bag() -> None:
    rng = random.Random(1)
    s = new_game(deal(("red", "green"), rng, BOARD), BOARD)
    s.stack[-1]  # a turn is pending; draws are still defined on the bag
    got = Counter(random_draw(s, rng).item for _ in range(6000))
    assert set(got) == {i for i in s.bag if s.can_draw(i)}
    assert max(got.values()) < 3 * min(got.values())


def test_the_end_bias_ends_turns_early() -> None:
    rng = random.Random(2)
    s = new_game(deal(("red", "green"), rng, BOARD), BOARD)
    always = RandomBot(random.Random(0), end_bias=1.0)
    assert isinstance(always.choose(s), EndTurn)


def test_play_game_writes_a_record_that_replays_to_the_end() -> None:
    rng = random.Random(9)
    setup = deal(("red", "green", "yellow", "brown"), rng, BOARD, max_turns=150)
    record = play_game(setup, BOARD, {c: RandomBot(random.Random(i))
                                      for i, c in enumerate(setup.players)}, rng, {"round": 1})
    done = replay(record)
    assert done.ok and done.state.is_over
    assert record.metadata == {"round": 1}


# -- the greedy bot ---------------------------------------------------------------------------
def test_the_bots_are_registered_for_selfplay() -> None:
    from keyharvest.play.bots import BOTS, GreedyBot

    assert BOTS["greedy"] is GreedyBot and BOTS["random"] is RandomBot


def test_points_is_the_total_of_the_itemised_score() -> None:
    from keyharvest.play.bots import points
    from keyharvest.rules import advance
    from keyharvest.rules.scoring import score

    rng = random.Random(12)
    s = new_game(deal(("red", "green", "yellow"), rng, BOARD, 80), BOARD)
    bot = RandomBot(random.Random(13))
    while not s.is_over:
        advance(s, bot.choose(s))
        if s.steps % 7 == 0:
            sc = score(s)
            assert [points(s, c) for c in s.colours] == [ps.total for ps in sc.players]


def test_the_greedy_bot_plays_legal_steps_and_takes_the_best() -> None:
    from keyharvest.play.bots import GreedyBot, points
    from keyharvest.rules import advance, apply

    rng = random.Random(21)
    s = new_game(deal(("red", "green"), rng, BOARD, 60), BOARD)
    bot = GreedyBot(random.Random(22), explore=0.0)
    for _ in range(400):
        if s.is_over:
            break
        step = bot.choose(s)
        if s.pending.kind != "chance":
            options = representative_steps(s)
            assert step in options
            me = s.pending.player
            best = max(points(apply(s, o), me) for o in options)
            assert points(apply(s, step), me) == best
        advance(s, step)


def test_selfplay_with_the_same_seed_writes_the_same_bytes() -> None:
    from keyharvest.formats.records import format_record
    from keyharvest.play.selfplay import selfplay_game

    for bot in ("random", "greedy"):
        a = format_record(selfplay_game(3, 99, 4, bot=bot))
        b = format_record(selfplay_game(3, 99, 4, bot=bot))
        assert a == b
        assert a != format_record(selfplay_game(3, 99, 5, bot=bot))


def test_greedy_games_finish_and_the_greedy_bot_beats_the_random_one() -> None:
    from keyharvest.play.bots import GreedyBot
    from keyharvest.rules.scoring import score

    wins = 0
    for seed in range(6):
        rng = random.Random(seed)
        setup = deal(("red", "green"), rng, BOARD, max_turns=200)
        bots = {"red": GreedyBot(random.Random(seed + 100)),
                "green": RandomBot(random.Random(seed + 200))}
        record = play_game(setup, BOARD, bots, rng)
        done = replay(record)
        assert done.ok and done.finished
        wins += score(done.state).winner == "red"
    assert wins >= 5


def test_the_bots_may_pass_the_merchants_registry_choice_and_play_on() -> None:
    """I.35: after a Merchant's draw finds no field tile, taking none (pass) is listed with
    the registry tiles; both bots choose among them and the game plays on to its end."""
    from pathlib import Path

    from keyharvest.formats.positions import read_position
    from keyharvest.model.steps import Accept, Pass, Pick, Play
    from keyharvest.play.bots import GreedyBot
    from keyharvest.rules import advance

    start = Path(__file__).resolve().parent.parent / "scenarios" / "rules" / \
        "I.35-merchant-takes-no-registry-tile.start.toml"
    chosen = set()
    for seed in range(12):
        s = read_position(start).state
        advance(s, Play("red", "K", "C5"))
        advance(s, Accept("red"))
        for letter in "YXRVTQ":
            advance(s, Draw(letter))
        legal = representative_steps(s)
        assert legal[0] == Pass("red") and {type(x) for x in legal[1:]} == {Pick}
        rng = random.Random(seed)
        bot = RandomBot(rng) if seed % 2 else GreedyBot(rng, explore=0.5)
        chosen.add(type(bot.choose(s.copy())))
        s.max_turns = s.turn.number + 12
        while not s.is_over:
            advance(s, bot.choose(s))
        assert s.result in ("finished", "unfinished")
    assert chosen == {Pass, Pick}  # both choices are taken by some bot


def _decisions(players: int, seed: int, turns: int = 60):
    """The states of a self-play game, before each step, and the step taken."""
    from keyharvest.play.selfplay import selfplay_game
    from keyharvest.rules import advance

    record = selfplay_game(players, seed, 0, max_turns=turns)
    state = new_game(record.setup, BOARD)
    for step in record.steps:
        yield state, step
        advance(state, step)


def test_the_random_step_is_the_choice_over_the_listing_with_the_same_draws() -> None:
    """``random_step`` counts the steps by sections and builds only the one chosen: the
    same step as ``rng.choice(representative_steps(state))``, from the same draws of ``rng``."""
    from keyharvest.play.bots import random_step
    from keyharvest.rules import legal_view

    kinds = Counter()
    for players, seed in ((2, 1), (3, 2), (4, 3), (4, 4)):
        for k, (state, _) in enumerate(_decisions(players, seed)):
            if state.pending.kind == "chance":
                continue
            listed = representative_steps(state)
            assert list(legal_view(state)) == listed and len(legal_view(state)) == len(listed)
            ours, theirs = random.Random(k), random.Random(k)
            step = random_step(state, ours)
            assert step == theirs.choice(listed)
            assert ours.getstate() == theirs.getstate()
            kinds[type(step).__name__] += 1
    assert {"Harvest", "Play", "Remove", "Buy", "Offer", "EndTurn", "Pass"} <= set(kinds)


def test_the_turn_picks_the_step_its_listing_holds_at_the_index_drawn() -> None:
    """``TurnFrame.pick`` counts the turn's listing as ``sections`` does and builds the
    step at the index drawn: at every turn decision and for every index, the step
    ``legal_steps`` lists there; ``random_step`` draws it as ``rng.choice`` would, also
    for a generator of another class (drawn by its own ``choice``)."""
    from keyharvest.play.bots import random_step
    from keyharvest.rules.actions import TurnFrame

    class Other(random.Random):
        pass

    turns = 0
    for players, seed in ((2, 11), (3, 12), (4, 13)):
        for k, (state, _) in enumerate(_decisions(players, seed)):
            frame = state.stack[-1]
            if type(frame) is not TurnFrame:
                continue
            listed = representative_steps(state)
            at = [frame.pick(state, lambda rng, n: rng, i) for i in range(len(listed))]
            assert at == listed
            sizes: list[int] = []  # the generator stands for the sizes drawn over
            assert frame.pick(state, lambda rng, n: rng.append(n) or n - 1, sizes) == listed[-1]
            assert sizes == [len(listed)]
            ours, theirs = Other(k), Other(k)
            assert random_step(state, ours) == theirs.choice(listed)
            assert ours.getstate() == theirs.getstate()
            turns += 1
    assert turns > 100


def test_a_draw_is_the_choice_over_the_sorted_bag_with_the_same_draws() -> None:
    """``random_draw`` keeps the last sorted bag; it draws as ``rng.choice(sorted(bag))``
    whether the bag lost the item drawn, got items back or belongs to another game."""
    ours, theirs = random.Random(5), random.Random(5)
    others = [state.copy() for i, (state, _) in enumerate(_decisions(4, 7)) if i % 50 == 0]
    draws = 0
    for i, (state, _) in enumerate(_decisions(3, 8)):
        if state.pending.kind != "chance":
            continue
        s = state
        if i % 3 == 0:  # items back in the bag (as events set aside go back, E.2)
            s = state.copy()
            s.bag.update(list(others[i % len(others)].bag)[:2])
        if i % 5 == 0:  # a draw from another game in between
            other = others[i % len(others)]
            assert random_draw(other, ours) == Draw(theirs.choice(sorted(other.bag)))
        assert random_draw(s, ours) == Draw(theirs.choice(sorted(s.bag)))
        assert ours.getstate() == theirs.getstate()
        draws += 1
    assert draws > 20


def test_the_listing_bots_loop_plays_the_game_push_plays() -> None:
    """``play_game`` applies the steps of the bots that pick from the listing without
    ``push``'s checks of whose step it is; a bot it does not know (a subclass) goes through
    ``push``. Both give the same record, byte for byte, for random and greedy seats."""
    from keyharvest.formats.records import format_record
    from keyharvest.play.bots import GreedyBot

    class Checked(RandomBot):
        pass

    class CheckedGreedy(GreedyBot):
        pass

    for players, seed in ((2, 31), (3, 32), (4, 33)):
        setup = deal(("red", "green", "orange", "brown")[:players], random.Random(seed),
                     BOARD, 60)
        fast = [RandomBot(random.Random(seed + i)) for i in range(players - 1)]
        slow = [Checked(random.Random(seed + i)) for i in range(players - 1)]
        fast.append(GreedyBot(random.Random(seed), explore=0.3))
        slow.append(CheckedGreedy(random.Random(seed), explore=0.3))
        a = format_record(play_game(setup, BOARD, fast, random.Random(seed)))
        b = format_record(play_game(setup, BOARD, slow, random.Random(seed)))
        assert a == b and a.count("\n") > 20


def test_the_listing_bots_records_hold_their_steps_without_spans_as_record_from_game_does() -> None:
    """``play_game`` hands the listing bots' steps to the record as they are, not through
    ``record_from_game`` (which drops spans and copies the list): the steps a listing gives
    carry no span, so the record is the one ``record_from_game`` makes of them."""
    from keyharvest.formats.records import record_from_game
    from keyharvest.play.bots import GreedyBot
    from keyharvest.play.selfplay import selfplay_game

    games = [selfplay_game(players, 7, i) for players in (2, 3, 4) for i in range(4)]
    setup = deal(("red", "green", "orange"), random.Random(5), BOARD, 40)
    bots = [RandomBot(random.Random(1)), GreedyBot(random.Random(2)), RandomBot(random.Random(3))]
    games.append(play_game(setup, BOARD, bots, random.Random(4), {"event": "e"}))
    for rec in games:
        assert rec.steps and all(step.span is None for step in rec.steps)
        again = record_from_game(rec.setup, rec.steps, rec.metadata, board=rec.board)
        assert again == rec and type(again.steps) is type(rec.steps) is list
        assert rec.comments == [] and rec.metadata is not again.metadata


def test_the_turn_listing_builds_the_steps_its_constructors_build() -> None:
    """The turn's listing shares its steps (``rules.memo``) and builds offers by
    ``steps.maker``: each is equal to the step its class builds from its fields, with the
    same hash and repr, and no span; a shared step is the same object the next time."""
    import dataclasses

    from keyharvest.model.steps import Buy, Harvest, Offer, Play, Remove
    from keyharvest.rules import memo

    seen: Counter[str] = Counter()
    for players, seed in ((2, 5), (4, 6)):
        for state, _ in _decisions(players, seed):
            if state.pending.kind != "turn":
                continue
            for step in representative_steps(state):
                kind = type(step)
                if kind not in (Buy, Harvest, Offer, Play, Remove):
                    continue
                fields = {f.name: getattr(step, f.name) for f in dataclasses.fields(step)
                          if f.name != "span"}
                built = kind(**fields)
                assert step == built and hash(step) == hash(built)
                assert repr(step) == repr(built) and str(step) == str(built)
                assert step.span is None
                seen[kind.__name__] += 1
            memo.clear()  # no table starts again between the two listings
            first, again = representative_steps(state), representative_steps(state)
            assert all(a is b for a, b in zip(first, again)
                       if type(a) in (Harvest, Play, Remove, Buy))
    assert set(seen) == {"Buy", "Harvest", "Offer", "Play", "Remove"}


def test_below_draws_as_choice_does_for_every_size_and_for_other_generators() -> None:
    """``bots.below`` takes the index ``rng.choice`` takes and leaves the generator as
    ``choice`` does; a generator of another class (one that overrides ``random``) draws by
    its own ``choice``."""
    from keyharvest.play import bots

    assert not hasattr(bots, "BITS_AS_CHOICE")  # no copy of Random.choice's draw
    ours, theirs = random.Random(8), random.Random(8)
    for n in [*range(1, 300), 2**31 - 1, 2**31, 2**31 + 1, 10**12 + 39]:
        assert bots.below(ours, n) == theirs.choice(range(n))
        assert ours.getstate() == theirs.getstate()

    class Other(random.Random):
        def random(self) -> float:
            return 0.5

    assert [bots.below(Other(1), n) for n in (1, 2, 10, 1000)] == [
        Other(1).choice(range(n)) for n in (1, 2, 10, 1000)]


def test_a_draw_from_an_empty_bag_is_an_error_not_an_endless_loop() -> None:
    """Drawing by bits draws again until the number is below the count: with nothing to
    choose from that would never end. ``random_draw`` on an empty bag and ``below(rng, 0)``
    raise instead (``rng.choice`` raises there too); an alarm turns a hang into a failure."""
    import signal

    from keyharvest.play import bots

    def hung(signum, frame):  # pragma: no cover - only when the guard is missing
        raise AssertionError("the draw did not end")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(5)
    try:
        state = new_game(deal(("red", "green"), random.Random(3), BOARD), BOARD)
        state.bag.clear()
        with pytest.raises(ValueError, match="the bag is empty"):
            random_draw(state, random.Random(1))
        for n in (0, -1):
            with pytest.raises(ValueError):  # as rng.randrange of an empty range
                bots.below(random.Random(1), n)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def _answers_as_listed_before(state, frame) -> list:
    """The answers of the decision frames that count theirs (New Growth, Day Off, Sale,
    Bumper Harvest, Remote Harvest, the Steward; Windfall's whole listing) as their
    generators listed them, every step built, before they counted them."""
    from itertools import combinations

    from keyharvest.model.catalogue import CROP_INDEX, CROPS
    from keyharvest.model.steps import Fallow, Flip, Gain, Grant, Harvest, Pass, Pick, Remove
    from keyharvest.rules.abilities import StewardFrame
    from keyharvest.rules.events.base import payment_choices
    from keyharvest.rules.events.draws import SaleFrame
    from keyharvest.rules.events.harvests import (
        BumperHarvestFrame,
        NewGrowthFrame,
        RemoteHarvestFrame,
        WindfallFrame,
        bumper_crops,
    )
    from keyharvest.rules.events.workers import DayOffFrame
    from keyharvest.rules.fields import default_instead, is_lonely

    if isinstance(frame, StewardFrame):
        p = state.player(frame.player)
        return [Fallow(p.colour, r) for r in state.board.references if r in p.tiles]
    p = frame.who(state)
    if isinstance(frame, NewGrowthFrame):
        done = sorted(r for r, harvested in p.tiles.items() if harvested)
        return ([Flip(p.colour, (r,)) for r in done]
                + [Flip(p.colour, pair) for pair in combinations(done, 2)])
    if isinstance(frame, DayOffFrame):
        return [Remove(p.colour, w) for w in sorted(p.workers.values())]
    if isinstance(frame, SaleFrame):
        pays = payment_choices(p, 3, limit=2)
        return [Pick(p.colour, ref, pay) for ref in state.registry for pay in pays]
    if isinstance(frame, BumperHarvestFrame):
        return [Gain(p.colour, (crop,)) for crop in bumper_crops(state, p)]
    if isinstance(frame, WindfallFrame):
        if not any(state.stock):
            return [Pass(p.colour)]
        out: list = []
        for first in CROPS:
            avail = list(state.stock)
            gifts = []
            for colour in frame.order:
                if not any(avail):
                    break
                i = CROP_INDEX[first] if avail[CROP_INDEX[first]] else \
                    next(j for j, k in enumerate(avail) if k)
                avail[i] -= 1
                gifts.append((colour, CROPS[i]))
            if Grant(p.colour, tuple(gifts)) not in out:
                out.append(Grant(p.colour, tuple(gifts)))
        return out
    assert isinstance(frame, RemoteHarvestFrame)
    fresh = sorted(r for r, h in p.tiles.items() if not h and is_lonely(state, p, r))
    if not fresh:
        return []
    choices = [tuple(fresh)] + ([(r,) for r in fresh] if len(fresh) > 1 else [])
    return [Harvest(p.colour, tiles, default_instead(state, tiles)) for tiles in choices]


def test_the_decision_frames_that_count_their_answers_list_them_as_before() -> None:
    """New Growth, Day Off, Sale, Bumper Harvest, Remote Harvest, the Steward and Windfall
    count their answers and build only the one asked for: the listing is the one they
    built in full before (pass first where passing is allowed), and ``random_step`` takes
    the step ``rng.choice(representative_steps(state))`` takes, from the same draws."""
    from keyharvest.model.steps import Pass
    from keyharvest.play.bots import random_step
    from keyharvest.rules import legal_view
    from keyharvest.rules.abilities import StewardFrame
    from keyharvest.rules.events.draws import SaleFrame
    from keyharvest.rules.events.harvests import (
        BumperHarvestFrame,
        NewGrowthFrame,
        RemoteHarvestFrame,
        WindfallFrame,
    )
    from keyharvest.rules.events.workers import DayOffFrame

    frames = (StewardFrame, NewGrowthFrame, DayOffFrame, SaleFrame, BumperHarvestFrame,
              RemoteHarvestFrame, WindfallFrame)
    met: Counter[str] = Counter()
    answered: Counter[str] = Counter()
    for players, seed in ((2, 1), (3, 2), (4, 3), (4, 4), (4, 5), (3, 6), (2, 7), (4, 8)):
        for k, (state, _) in enumerate(_decisions(players, seed, turns=120)):
            frame = state.stack[-1] if state.result is None else None
            if not isinstance(frame, frames):
                continue
            listed = representative_steps(state)
            before = _answers_as_listed_before(state, frame)
            mandatory = isinstance(frame, WindfallFrame) or (
                isinstance(frame, StewardFrame) and frame.mandatory)
            passes = [] if mandatory else [Pass(state.pending.player)]
            assert listed == passes + before
            assert [repr(s) for s in listed] == [repr(s) for s in passes + before]
            assert list(legal_view(state)) == listed
            ours, theirs = random.Random(k), random.Random(k)
            assert random_step(state, ours) == theirs.choice(listed)
            assert ours.getstate() == theirs.getstate()
            met[type(frame).__name__] += 1
            answered[type(frame).__name__] += bool(before)
    assert set(answered) == {f.__name__ for f in frames}, met
    assert all(answered.values()), answered


def test_points_after_each_step_is_the_points_after_copying_and_pushing_it() -> None:
    """``bots.points_after`` (the greedy bot's values, and so the search's playouts)
    pushes a step only where it must (offers, plays, removals, purchases, harvests and
    ends on a turn, and the uses and passes of workers A to D, are counted), on the state
    itself and undone. Over every decision of three random games (2, 3 and 4 players),
    each value equals ``points`` of a copy with the step pushed, and the state is left as
    it was (its position, and the same stack: a caller may hold it)."""
    from keyharvest.formats.positions import position_data
    from keyharvest.model.state import PendingKind
    from keyharvest.play.bots import points, points_after
    from keyharvest.play.selfplay import random_game
    from keyharvest.rules import advance

    checked = {"Offer": 0, "EndTurn": 0, "Play": 0, "Harvest": 0, "Remove": 0, "Buy": 0,
               "SpecialHarvestFrame Harvest": 0, "SpecialHarvestFrame Pass": 0,
               "GainFrame Gain": 0, "GainFrame Pass": 0, "FlipFrame Flip": 0,
               "FlipFrame Pass": 0}
    for players, seed in ((2, 11), (3, 13), (4, 12)):
        state = random_game(players, seed=seed)
        bot = RandomBot(random.Random(seed))
        for _ in range(400):
            if state.result is not None:
                break
            if state.pending.kind is not PendingKind.CHANCE:
                mover = state.pending.player
                steps = representative_steps(state)
                plain = []
                for step in steps:
                    after = state.copy()
                    advance(after, step)
                    plain.append(points(after, mover))
                    name = type(step).__name__
                    frame = type(state.stack[-1]).__name__
                    if frame in ("SpecialHarvestFrame", "GainFrame", "FlipFrame"):
                        name = f"{frame} {name}"
                    if name in checked:
                        checked[name] += 1
                before, stack = position_data(state), state.stack
                assert points_after(state, steps, mover) == plain
                assert position_data(state) == before and state.stack is stack
            advance(state, bot.choose(state))
    assert min(checked.values()) > 10, checked


def test_the_greedy_bot_chooses_as_from_the_whole_listing_with_the_same_draws() -> None:
    """``GreedyBot`` builds a turn's offers of one tile only (an offer's points are its
    bid's on any tile) and picks among the best by counting them: the step, and the draws
    taken from its ``rng``, are those of ``rng.choice`` among the best of the whole
    listing (``representative_steps``), with and without exploration, over every decision
    of a 2- and a 4-player game."""
    from keyharvest.model.state import PendingKind
    from keyharvest.model.steps import Offer, Pass
    from keyharvest.play.bots import GreedyBot, points_after
    from keyharvest.play.selfplay import random_game
    from keyharvest.rules import advance

    def plain(state: State, rng: random.Random, explore: float) -> Step:
        legal = representative_steps(state)
        if len(legal) == 1:
            return legal[0]
        if rng.random() < explore:
            return rng.choice(legal)
        keyed = [(got, not isinstance(step, (EndTurn, Pass)))
                 for step, got in zip(legal, points_after(state, legal, state.pending.player))]
        return rng.choice([step for step, key in zip(legal, keyed) if key == max(keyed)])

    offers = 0
    for players, seed in ((2, 5), (4, 6)):
        state = random_game(players, seed=seed)
        walk = RandomBot(random.Random(seed))
        for n in range(150):
            if state.result is not None:
                break
            if state.pending.kind is not PendingKind.CHANCE:
                for explore in (0.0, 0.3):
                    bot, rng = GreedyBot(random.Random(n), explore), random.Random(n)
                    step = bot.choose(state)
                    assert step == plain(state, rng, explore)
                    assert bot.rng.getstate() == rng.getstate()
                    offers += isinstance(step, Offer)
            advance(state, walk.choose(state))
    assert offers > 5
