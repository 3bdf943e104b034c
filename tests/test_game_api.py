"""The game for programs, ``kh.Game``: every legal step reachable, integer actions, exact
chance, undo, copies, players by index and returns, serialization as the history
(RULES.md B.8, C.2, C.5, E.2, F, G)."""

from __future__ import annotations

import pickle
import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from itertools import combinations, product
from pathlib import Path

import pytest
from cli_util import kh as run_kh

import keyharvest as kh
from keyharvest.formats.positions import dump_position
from keyharvest.model.catalogue import CROPS, PLAYER_COLOURS, is_event
from keyharvest.model.setup import deal
from keyharvest.model.state import PendingKind, State
from keyharvest.model.steps import Draw, Flip, Grant, Harvest, Offer, Step
from keyharvest.play.bots import RandomBot
from keyharvest.rules import choices, engine, stepping
from keyharvest.rules.actions import new_game
from keyharvest.rules.choices import WORDS, Tokens, multisets


def states(n_players: int, seed: int, every: int = 3, limit: int = 400) -> list[State]:
    """Copies of the states of a seeded random game, one every ``every`` steps."""
    state = kh.random_game(n_players, seed=seed, max_turns=400)
    bot = RandomBot(random.Random(seed))
    out = []
    while not state.is_over and state.steps < limit:
        if state.steps % every == 0:
            out.append(state.copy())
        stepping.advance(state, bot.choose(state))
    return out


# -- 1. every legal step ----------------------------------------------------------------------
def reachable(state: State | kh.Game, most: int | None = None) -> set[Step]:
    """Every step the picks reach, by walking every legal action from ``state`` (or from
    a game, with the picks it has made); with ``most``, no more candidates than that at
    any pick."""
    found: set[Step] = set()

    def walk(at: kh.Game) -> None:
        assert most is None or len(at._candidates()) <= most
        for action in at.legal_actions():
            nxt = at.child(action)
            if nxt.state.steps != at.state.steps:
                found.add(nxt.pop())
            else:
                walk(nxt)

    walk(kh.Game(state) if isinstance(state, State) else state)
    return found


def brute(state: State) -> set[Step]:
    """What ``is_legal`` accepts among the candidate bids, harvests, flips, payments, gains
    and gifts, each combinatorial field over a wider range than the rules allow."""
    player = state.pending.player
    if player is None:
        return set()
    p = state.player(player)
    listed = engine.representative_steps(state)
    out: list[Step] = []
    mine = sorted(p.tiles, key=state.board.index.__getitem__)
    loose = [k + 1 for k in p.screen]
    for tile in state.registry:
        out += [Offer(player, tile, bid) for bid in multisets(loose, range(1, sum(loose) + 1))]
    subsets = [t for k in range(len(mine) + 1) for t in combinations(mine, k)]
    stock = [min(k, 2) for k in state.stock]
    for tiles in subsets:
        out += [Harvest(player, tiles, i) for i in multisets(stock, range(3))]
        out.append(Flip(player, tiles))
    for step in listed:
        for name in ("pay", "crops"):
            value = getattr(step, name, None)
            if value is not None:
                bound = [max(a, b) + 1 for a, b in zip(p.screen, state.stock)]
                sizes = range(max(len(value) - 1, 0), len(value) + 2)
                out += [replace(step, **{name: c}) for c in multisets(bound, sizes)]
        if type(step) is Grant:
            for crops in product(CROPS, repeat=len(step.gifts)):
                out.append(Grant(player, tuple((w, c) for (w, _), c in zip(step.gifts, crops))))
    return {s for s in out if stepping.is_legal(state, s)}


def kinds_of(steps: set[Step], like: set[Step]) -> set[Step]:
    """The steps of ``steps`` whose kind and skeleton some step of ``like`` has."""
    def key(s: Step) -> tuple[object, ...]:
        if type(s) in (Offer, Harvest, Flip, Grant):
            return (type(s),)
        return (type(s), *(getattr(s, f) for f in ("tile", "seller", "victim", "worker")
                           if hasattr(s, f)))
    keys = {key(s) for s in like}
    return {s for s in steps if key(s) in keys}


def small(state: State) -> bool:
    player = state.pending.player
    if player is None:
        return False
    p = state.player(player)
    return sum(p.screen) <= 5 and len(p.tiles) <= 6


SAMPLE = [s for seed in range(8) for s in states(2 + seed % 3, seed, every=2, limit=300)]


def test_the_sample_is_thousands_of_states() -> None:
    assert len(SAMPLE) >= 1000


@pytest.mark.parametrize("chunk", range(4))
def test_complete_listing_is_what_is_legal_and_what_the_picks_reach(chunk: int) -> None:
    """On every sampled state: the complete listing holds every representative, each step
    once, every one legal; the picks reach exactly it (on every other state, 587 of them:
    the walk copies the state at every pick); on small screens and groups, ``is_legal``
    over the candidate multisets and subsets accepts exactly its bids, harvests, flips,
    payments, gains and gifts (C.2, C.5, I.3, I.5)."""
    compared = 0
    for n, state in enumerate(SAMPLE[chunk::4]):
        game = kh.Game(state)
        complete = game.legal_steps()
        assert len(set(complete)) == len(complete)
        assert set(game.representative_steps()) <= set(complete)
        if n % 2 == 0:
            assert reachable(state) == set(complete), dump_position(state)
        if small(state):
            legal = brute(state)
            assert kinds_of(set(complete), legal | set(complete)) >= legal
            assert kinds_of(set(complete), legal) == legal, sorted(map(str, legal ^ kinds_of(
                set(complete), legal)))
            compared += 1
    assert compared >= 50


def unchecked_cases(grants: int, harvests: int) -> list[tuple[State, Step]]:
    """States of random games where ``choices.widen`` takes variants unchecked, with the
    listed step widened: a windfall's grant (I.22; ``grants`` of them) and a harvest of
    action a of two tiles or more (C.2; ``harvests``)."""
    out: list[tuple[State, Step]] = []
    want = {Grant: grants, Harvest: harvests}
    for seed in range(400):
        state = kh.random_game(2 + seed % 3, seed=seed, max_turns=300)
        bot = RandomBot(random.Random(seed))
        while not state.is_over and any(want.values()):
            for step in engine.representative_steps(state):
                kind = type(step)
                if want.get(kind) and (kind is Grant or (
                        state.stack[-1].is_turn and len(step.tiles) > 1)):
                    out.append((state.copy(), step))
                    if kind is Grant:  # and the stock run short: some crops out, some rare
                        short = state.copy()
                        short.stock[:] = [min(k, c) for k, c in zip(short.stock, (0, 1, 2, 1, 0))]
                        out += [(short, s) for s in engine.representative_steps(short)
                                if type(s) is Grant][:1]
                    want[kind] -= 1
                    break
            stepping.advance(state, bot.choose(state))
        if not any(want.values()):
            return out
    raise AssertionError(f"not found in 400 games: {want}")


def test_the_variants_widened_unchecked_are_what_is_legal() -> None:
    """A turn's harvest (any tiles of its group, substitutes only for crops the stock lacks:
    C.2, I.5, I.33) and a windfall's grant (a crop each in event order while the stock
    lasts: I.22, I.47): ``widen`` gives every variant ``is_legal`` accepts among all the
    tiles' subsets with up to two substitutes, and all crops for each gift, and no other."""
    for state, step in unchecked_cases(8, 40):
        widened = set(choices.widen(state, step))
        if type(step) is Grant:
            wide = [Grant(step.player, tuple((w, c) for (w, _), c in zip(step.gifts, crops)))
                    for crops in product(CROPS, repeat=len(step.gifts))]
        else:
            stock = [min(k, 2) for k in state.stock]
            wide = [Harvest(step.player, tiles, instead)
                    for k in range(1, len(step.tiles) + 1)
                    for tiles in combinations(step.tiles, k)
                    for instead in multisets(stock, range(3))]
        assert widened == {s for s in wide if stepping.is_legal(state, s)}, dump_position(state)


def test_the_complete_listing_has_three_crop_bids() -> None:
    """A search can play a bid of three crops (C.5), which the representative listing
    leaves out."""
    for state in SAMPLE:
        if state.pending.kind == PendingKind.TURN and sum(state.current.screen) >= 3:
            game = kh.Game(state)
            complete = game.legal_steps()
            if any(type(s) is Offer for s in complete):
                assert any(type(s) is Offer and len(s.bid) == 3 for s in complete)
                assert not any(type(s) is Offer and len(s.bid) == 3
                               for s in game.representative_steps())
                return
    pytest.fail("no state with an offer and three crops")


def test_moves_all_lists_every_legal_step(tmp_path: Path) -> None:
    record = tmp_path / "g.kh"
    record.write_text(run_kh("selfplay", "-p", "2", "-n", "1", "-s", "3").out)
    default = run_kh("moves", record, "--to", "turn 2")
    every = run_kh("moves", record, "--to", "turn 2", "--all")
    assert default.code == every.code == 0
    assert set(default.out.split("\n")) < set(every.out.split("\n"))


# -- 2. integer actions ------------------------------------------------------------------------
def test_num_actions_is_fixed_and_tokens_are_distinct() -> None:
    tokens = Tokens.of(kh.standard_board()).tokens
    assert kh.NUM_ACTIONS == 116 == len(tokens) == len(set(tokens))
    assert tokens[len(WORDS):] == kh.standard_board().references  # the board's own
    for state in SAMPLE[::50]:
        assert all(0 <= a < kh.NUM_ACTIONS for a in kh.Game(state).legal_actions())


def test_every_legal_action_round_trips_through_its_string() -> None:
    for state in SAMPLE[::7]:
        at = kh.Game(state)
        for _ in range(3):  # the first picks of a step, then deeper ones
            actions = at.legal_actions()
            if not actions:
                break
            assert actions == sorted(set(actions))
            for action in actions:
                assert at.string_to_action(at.action_to_string(action)) == action
            at.apply_action(actions[0])


def test_chance_node_actions_are_the_draws() -> None:
    for state in SAMPLE:
        if state.pending.kind == PendingKind.CHANCE:
            game = kh.Game(state)
            draws = [d for d, _ in game.chance_outcomes()]
            assert game.legal_actions() == sorted(game.spell(d)[0] for d in draws)
            assert {game.action_to_string(a) for a in game.legal_actions()} == {
                str(d) for d in draws}


def test_at_a_chance_node_apply_action_takes_exactly_the_legal_draws() -> None:
    """A draw by action is pushed as it is: of every action, those taken are the listed
    draws, and any other is refused as illegal, leaving the game as it was."""
    nodes = [s for s in SAMPLE if s.pending.kind == PendingKind.CHANCE][::20]
    assert len(nodes) >= 10
    for state in nodes:
        game = kh.Game(state)
        before = dump_position(state)
        taken = set()
        for action in range(kh.NUM_ACTIONS):
            try:
                game.apply_action(action)
            except kh.IllegalStep:
                assert not game.step_stack() and dump_position(game.state) == before
                continue
            taken.add(action)
            game.pop()
        assert taken == set(game.legal_actions())


def test_chance_actions_are_the_exact_outcomes_as_floats_by_action() -> None:
    """``chance_actions`` (what the OpenSpiel adapter gives) is ``chance_outcomes`` with
    each draw spelt as its action and its ``Fraction`` as a float, sorted by action: in a
    3-player game whose removed events are unknown (the odds differ once an event was seen
    and returned), at every draw of 300 steps."""
    game = kh.Game(unknown_removed(3, 1))
    bot = RandomBot(random.Random(1))
    draws = unequal = 0
    for _ in range(300):
        got = game.chance_actions()
        assert got == sorted((game.spell(d)[0], float(p)) for d, p in game.chance_outcomes())
        if got:
            draws += 1
            unequal += len({p for _, p in got}) > 1
        else:
            assert not game.is_chance_node()
        game.push(bot.choose(game.state))
    assert draws > 20 and unequal > 5


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    game = kh.Game(SAMPLE[5])
    before = dump_position(game.state)
    bad = next(a for a in range(kh.NUM_ACTIONS) if a not in game.legal_actions())
    with pytest.raises(kh.IllegalStep, match="not legal here"):
        game.apply_action(bad)
    for wrong in (-1, kh.NUM_ACTIONS, 10**30):
        with pytest.raises(kh.IllegalStep, match="not legal here"):
            game.apply_action(wrong)
    assert dump_position(game.state) == before and game.history() == []


@pytest.mark.parametrize("wrong", [3.0, True, False, "3", None, Fraction(3)])
def test_apply_action_takes_ints_only(wrong: object) -> None:
    """A float, a bool (an int to Python, not an action), a string: a ``TypeError`` that
    says so, and nothing changed (the issue's case: ``3.0`` was once stored)."""
    game = kh.Game(kh.random_game(3, seed=7))
    assert 3 in game.legal_actions()
    with pytest.raises(TypeError, match="an action is an int"):
        game.apply_action(wrong)  # type: ignore[arg-type]
    assert game.history() == [] and repr(game)


@pytest.mark.parametrize("seed", range(2))
def test_games_played_by_actions_are_records_validate_accepts(seed: int,
                                                             tmp_path: Path) -> None:
    rng = random.Random(seed)
    board = kh.standard_board()
    setup = deal(PLAYER_COLOURS[:2 + seed], rng, board, 120)
    game = kh.Game(new_game(setup, board))
    while not game.is_terminal():
        game.apply_action(rng.choice(game.legal_actions()))
    steps = game.step_stack()
    assert len(steps) == game.state.steps
    path = tmp_path / "actions.kh"
    path.write_text(kh.format_record(kh.Record(setup, steps)))
    checked = run_kh("validate", path)
    assert checked.code == 0, checked.out + checked.err


# -- 3. chance ---------------------------------------------------------------------------------
def test_chance_outcomes_are_exact_and_sum_to_one() -> None:
    seen = 0
    for state in SAMPLE:
        outcomes = kh.Game(state).chance_outcomes()
        if state.pending.kind != PendingKind.CHANCE:
            assert outcomes == []
            continue
        seen += 1
        assert sum(p for _, p in outcomes) == 1
        assert all(type(p) is Fraction and p > 0 for _, p in outcomes)
        assert [d for d, _ in outcomes] == engine.representative_steps(state)
        if not state.hidden_removed:
            assert {p for _, p in outcomes} == {Fraction(1, len(state.bag))}
    assert seen > 50


def test_events_removed_unseen_are_never_drawn_and_weigh_on_the_events() -> None:
    """With h events removed unseen (B.8) and no event seen, a field tile comes out with
    1 / (bag - h), each of the E events in the bag with (E - h) / E / (bag - h)."""
    state = next(s for s in SAMPLE if s.pending.kind == PendingKind.CHANCE
                 and s.bag_events() and s.bag_tiles()).copy()
    state.hidden_removed = 2
    events, real = len(state.bag_events()), len(state.bag) - 2
    got = {d.item: p for d, p in kh.Game(state).chance_outcomes()}
    assert sum(got.values()) == 1
    assert {got[t] for t in state.bag_tiles()} == {Fraction(1, real)}
    assert {got[e] for e in state.bag_events()} == {Fraction(events - 2, events * real)}


def test_the_bots_draws_follow_the_chance_outcomes() -> None:
    """A chi-square test (seeded, so deterministic) of RandomBot's draws at chance nodes
    with no event removed unseen, pooled by the probability's rank, against
    ``chance_outcomes``."""
    from keyharvest.play.bots import random_draw

    rng = random.Random(2026)
    nodes = [s for s in SAMPLE if s.pending.kind == PendingKind.CHANCE
             and not s.hidden_removed][:40]
    assert len(nodes) >= 20
    statistic, cells = 0.0, 0
    for state in nodes:
        outcomes = kh.Game(state).chance_outcomes()
        draws = 600
        seen = Counter(random_draw(state, rng).item for _ in range(draws))
        for draw, p in outcomes:
            expected = float(p) * draws
            statistic += (seen[draw.item] - expected) ** 2 / expected
            cells += 1
        cells -= 1
    # the chi-square's mean is its degrees of freedom, its sd sqrt(2 df): 5 sd above
    assert statistic < cells + 5 * (2 * cells) ** 0.5, (statistic, cells)
    assert statistic > cells - 5 * (2 * cells) ** 0.5, (statistic, cells)


def unknown_removed(n_players: int, seed: int) -> State:
    """A dealt game whose removed events are unknown (B.8), as a record that does not name
    them: they are in the bag, ``hidden_removed`` of them never drawn."""
    state = kh.random_game(n_players, seed=seed)
    state.bag |= set(state.removed)
    state.hidden_removed, state.removed = len(state.removed), []
    return state


def test_an_event_seen_and_returned_is_surely_in_the_bag() -> None:
    """The game remembers the events seen, so a returned one is not among those removed
    unseen. Counted by hand at the draw after 140 steps of a 3-player game (seed 1,
    ``RandomBot(random.Random(1))``): 35 items in the bag, 2 of them removed unseen, so 33
    really there; 27 field tiles and the events N, U, V, Y (each drawn before and sent
    back: surely there) come out with 1/33 each; the 4 never-seen events R, T, W, Z hold
    the 2 removed ones, so each comes out with 2/4 * 1/33 = 1/66 (27 + 4 + 4/2 = 33).
    Without that memory (the bare state's) every event had (8 - 2)/8/33 = 1/44."""
    game = kh.Game(unknown_removed(3, 1))
    bot = RandomBot(random.Random(1))
    while game.state.steps < 140:
        game.push(bot.choose(game.state))
    assert game.is_chance_node() and len(game.state.bag) == 35
    got = {d.item: p for d, p in game.chance_outcomes()}
    events = {item: p for item, p in got.items() if is_event(item)}
    assert events == {"N": Fraction(1, 33), "U": Fraction(1, 33), "V": Fraction(1, 33),
                      "Y": Fraction(1, 33), "R": Fraction(1, 66), "T": Fraction(1, 66),
                      "W": Fraction(1, 66), "Z": Fraction(1, 66)}
    assert {p for item, p in got.items() if not is_event(item)} == {Fraction(1, 33)}
    assert len(got) - len(events) == 27 and sum(got.values()) == 1
    # the player's information state agrees: V is surely in the bag, R may be removed
    view = game.information_state(0)
    assert set(view.bag_events) >= {"N", "U", "V", "Y"}
    assert set(view.unseen_events) & set(events) == {"R", "T", "W", "Z"}
    # and no world drawn from it removes a returned event
    rng = random.Random(5)
    for _ in range(20):
        world = game.resample(0, rng)
        assert not {"N", "U", "V", "Y"} & set(world.root().state.removed)
        assert world.state.bag >= {"N", "U", "V", "Y"}


def test_a_copy_of_a_state_has_every_field_and_shares_nothing_that_changes() -> None:
    """``State.copy`` names every field (a field added to ``State`` and not to ``copy``
    fails here), and shares only immutable values and the store items (never changed)."""
    from dataclasses import fields

    state = max(SAMPLE, key=lambda s: len(s.stack) + s.steps)
    copy = state.copy()
    immutable = (int, str, tuple, type(None), kh.Board, kh.Pending)
    for f in fields(kh.State):
        mine, theirs = getattr(state, f.name), getattr(copy, f.name)
        assert mine == theirs or f.name == "stack", f.name
        assert isinstance(mine, immutable) or mine is not theirs, f.name
    assert [repr(a) for a in state.stack] == [repr(b) for b in copy.stack]
    for p, q in zip(state.players, copy.players):
        for f in fields(p):
            value = getattr(p, f.name)
            assert value == getattr(q, f.name)
            assert isinstance(value, str) or value is not getattr(q, f.name), f.name


# -- 5. undo, copies, serialization ---------------------------------------------------------------
@pytest.mark.parametrize("seed", range(3))
def test_push_then_pop_back_to_the_start_equals_a_fresh_state_at_every_step(seed: int) -> None:
    game = kh.Game(kh.random_game(2 + seed, seed=seed, max_turns=200))
    bot = RandomBot(random.Random(seed))
    fresh = kh.random_game(2 + seed, seed=seed, max_turns=200)
    positions, pendings, pushed = [], [], []
    while not game.is_terminal():
        positions.append(dump_position(game.state))
        pendings.append((game.state.pending, game.state.steps))
        step = bot.choose(game.state)
        pushed.append(step)
        game.push(step)
    assert game.step_stack() == pushed
    while pushed:
        assert game.pop() == pushed.pop()
        assert dump_position(game.state) == positions.pop()
        assert (game.state.pending, game.state.steps) == pendings.pop()
    assert dump_position(game.state) == dump_position(fresh)
    with pytest.raises(IndexError):
        game.pop()


def test_a_game_after_pop_plays_on_as_a_fresh_one() -> None:
    """After pushing and popping, the game plays the same game as a state never popped;
    a clone pops past the point it was made at as well."""
    a = kh.Game(kh.random_game(3, seed=4, max_turns=200))
    b = kh.random_game(3, seed=4, max_turns=200)
    bot_a, bot_b = RandomBot(random.Random(9)), RandomBot(random.Random(9))
    detour = RandomBot(random.Random(1))
    while not a.is_terminal():
        base = len(a.step_stack())
        for _ in range(3):  # a detour of up to three steps, undone
            if not a.is_terminal():
                a.push(detour.choose(a.state))
        while len(a.step_stack()) > base:
            a.pop()
        a.push(bot_a.choose(a.state))
        stepping.advance(b, bot_b.choose(b))
        assert dump_position(a.state) == dump_position(b)
    copy = a.clone()
    for _ in range(5):
        copy.pop()
        a.pop()
        assert dump_position(copy.state) == dump_position(a.state)


def test_undo_action_takes_back_one_pick_and_child_changes_nothing() -> None:
    game = kh.Game(kh.random_game(2, seed=3))
    before = dump_position(game.state)
    played: list[int] = []
    while game.state.steps < 6:
        action = game.legal_actions()[-1]
        assert game.child(action).history() == [*played, action]
        assert game.history() == played  # the child is a copy
        game.apply_action(action)
        played.append(action)
    assert game.history() == played
    while played:
        assert game.undo_action() == played.pop()
        assert game.history() == played
    assert dump_position(game.state) == before
    with pytest.raises(IndexError):
        game.undo_action()


def test_pop_undoes_apply_action_and_drops_picks() -> None:
    game = kh.Game(kh.random_game(2, seed=3))
    before = dump_position(game.state)
    while game.state.steps == 0:
        game.apply_action(game.legal_actions()[-1])
    game.apply_action(game.legal_actions()[0])  # a pick, maybe a whole step
    while game.step_stack():
        game.pop()
    assert dump_position(game.state) == before and game.state.steps == 0
    assert game.picks() == "" and game.legal_actions() == kh.Game(
        kh.random_game(2, seed=3)).legal_actions()


def test_a_state_s_repr_shows_the_position_not_the_undo_being_kept() -> None:
    """``State.undoing`` is the push's bookkeeping, not part of a position: its repr (a
    whole journal of containers, mid-step) stays out of the state's."""
    game = kh.Game(kh.random_game(2, seed=3))
    game.push(game.legal_steps()[0])
    state = game.state
    undo = state.begin()
    try:
        assert "undoing" not in repr(state) and "Undo" not in repr(state)
    finally:
        state.end()
    assert undo is not None and repr(state) == repr(state.copy())


def test_an_illegal_push_is_refused_and_leaves_nothing_to_pop() -> None:
    game = kh.Game(kh.random_game(2, seed=1))
    with pytest.raises(kh.IllegalStep):
        game.push(Draw("A1"))
    with pytest.raises(IndexError):
        game.pop()


def test_a_game_serializes_as_its_history_and_loads_by_replaying_it() -> None:
    rng = random.Random(8)
    start = kh.random_game(3, seed=8)
    game = kh.Game(start)
    for _ in range(300):
        game.apply_action(rng.choice(game.legal_actions()))
    text = game.serialize()
    assert text == " ".join(map(str, game.history()))
    again = kh.Game.deserialize(start, text)
    assert again.history() == game.history() and again.picks() == game.picks()
    assert dump_position(again.state) == dump_position(game.state)
    assert again.step_stack() == game.step_stack()
    # pickled (a worker pool, OpenSpiel's clone by pickle): the start and that history,
    # replayed on loading; the copy pops back as the original does
    loaded = pickle.loads(pickle.dumps(game))
    assert loaded.history() == game.history() and loaded.picks() == game.picks()
    assert dump_position(loaded.state) == dump_position(game.state)
    loaded.pop()
    game.pop()
    assert dump_position(loaded.state) == dump_position(game.state)


@pytest.mark.parametrize("text, error", [
    ("3 61 x", "word 3 is 'x'"),
    ("3 61 116", "word 3 is '116'"),
    ("3 -1", "word 2 is '-1'"),
    ("３", "word 1 is '３'"),  # a digit, but not an ASCII one
    ("0 3", "action 1: action 0 .done. begins no step"),
    ("gASVIAAAAAAAAACMAm9zlIwGc3lzdGVtlJOUjAdlY2hvIGhplIWUUpQu", "word 1"),  # a pickle
    ("__dict__=gASV", "word 1"),
])
def test_a_crafted_serialization_is_refused_and_nothing_runs(text: str, error: str) -> None:
    """Loading is reading numbers and pushing checked steps: anything else is a
    ``ValueError`` saying which word, or the ``IllegalStep`` of a step not legal there."""
    with pytest.raises(ValueError, match=error):
        kh.Game.deserialize(kh.random_game(3, seed=7), text)


def test_a_serialized_illegal_step_is_an_illegal_step() -> None:
    game = kh.Game(kh.random_game(3, seed=7))
    draw = game.spell(Draw("A1"))  # a draw where green's turn is due
    with pytest.raises(kh.IllegalStep, match="C.1"):
        kh.Game.deserialize(kh.random_game(3, seed=7), " ".join(map(str, draw)))


# -- 6. players and returns --------------------------------------------------------------------
def test_current_player_is_the_seat_chance_or_terminal() -> None:
    assert (kh.CHANCE, kh.TERMINAL) == (-1, -4)
    for state in SAMPLE[::5]:
        player = state.current_player()
        if state.pending.kind == PendingKind.CHANCE:
            assert player == kh.CHANCE
        else:
            assert state.players[player].colour == state.pending.player
    game = kh.Game(SAMPLE[-1])
    bot = RandomBot(random.Random(0))
    while not game.is_terminal():
        game.push(bot.choose(game.state))
    assert game.current_player() == kh.TERMINAL
    assert game.legal_actions() == [] and game.legal_steps() == []


def test_returns_are_the_win_share_or_the_points_margin() -> None:
    game = kh.Game(kh.random_game(3, seed=11, max_turns=600))
    assert game.returns() == [0.0, 0.0, 0.0]
    bot = RandomBot(random.Random(11))
    while not game.is_terminal():
        game.push(bot.choose(game.state))
    state = game.state
    result = kh.score(state)
    win = game.returns()
    assert sum(win) == pytest.approx(1.0 if state.result == "finished" else 0.0)
    assert [w > 0 for w in win] == [ps.player in result.winners for ps in result.players]
    margin = game.returns("margin")
    totals = [ps.total for ps in result.players]
    assert margin == [t - max(totals[:i] + totals[i + 1:]) for i, t in enumerate(totals)]
    with pytest.raises(ValueError, match="'win' or 'margin'"):
        game.returns("score")  # type: ignore[arg-type]


def test_the_observations_of_a_position_share_its_table_and_follow_push_and_pop() -> None:
    """``Game.observation`` makes the table every player sees once a position (it is
    shared by the observations there): each is ``observe``'s, its own screen shown in
    ``public_state`` and kept by ``sample_state``, the others' emptied; after a push, a pop
    and a pick, the observations are of the position the game is at."""
    from keyharvest.rules.view import observe, sample_state

    game = kh.Game(kh.random_game(3, seed=5))
    bot = RandomBot(random.Random(5))
    rng = random.Random(5)
    for n in range(80):
        seen = {s.item for s in game.step_stack() if type(s) is Draw and is_event(s.item)}
        views = [game.observation(p) for p in range(3)]
        assert views[0]._table_state is views[2]._table_state
        for p, view in enumerate(views):
            assert view == observe(game.state, p, seen)
            table = view.public_state()
            for q, player in enumerate(table.players):
                assert player.screen == (game.state.players[q].screen if q == p
                                         else [0] * len(CROPS))
            assert sample_state(view, rng).players[p].screen == game.state.players[p].screen
        if n % 10 == 9:  # a step pushed and popped, then a pick: the same position
            game.push(bot.choose(game.state))
            assert game.observation(0) != views[0]
            game.pop()
            assert game.observation(0) == views[0]
        if game.is_terminal():
            break
        if game.is_chance_node():
            outcomes, weights = zip(*game.chance_actions())
            game.apply_action(rng.choices(outcomes, weights)[0])
        else:
            game.apply_action(rng.choice(game.legal_actions()))


def test_a_windfalls_picks_reach_exactly_its_gifts_a_gift_at_a_time() -> None:
    """At a windfall (I.22, I.47: the stock as dealt, and cut short), the picks reach
    exactly every legal grant (``choices.widen``'s variants, each held to ``is_legal`` by
    the test above), though each pick builds only the grants of the next player's crops
    (``choices.branches``): never more candidates than crops, however many players."""
    for state, step in unchecked_cases(grants=4, harvests=0):
        grants = {s for s in kh.Game(state).legal_steps() if type(s) is Grant}
        assert grants == set(choices.widen(state, step))
        assert {s for s in reachable(state) if type(s) is Grant} == grants
        game = kh.Game(state)
        game.apply_action(game.spell(step)[0])
        picked = 1
        while game.state.steps == state.steps:  # until the grant is made
            assert len(game._candidates()) <= len(CROPS)
            game.apply_action(game.legal_actions()[-1])
            picked += 1
        assert picked == len(game.spell(step)) and type(game.step_stack()[-1]) is Grant


def test_an_offers_picks_build_its_bids_a_crop_at_a_time() -> None:
    """After an offer's tile, each pick of its bid builds the bid so far and one bid per
    crop that may come next (``choices.branches``), never every bid of the screen; the
    bids the picks reach are every bid the complete listing has (C.5.2)."""
    checked = 0
    for state in SAMPLE:
        if checked == 30:
            break
        offers = [s for s in kh.Game(state).legal_steps() if type(s) is Offer]
        if not offers or sum(state.player(offers[0].player).screen) < 4:
            continue
        tile = offers[0].tile
        game = kh.Game(state)
        game.apply_action(game.spell(offers[0])[0])
        game.apply_action(game.spell(offers[0])[1])
        assert reachable(game, len(CROPS) + 1) == {s for s in offers if s.tile == tile}
        checked += 1
    assert checked == 30
