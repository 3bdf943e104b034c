"""The game for programs (issue 30): every legal step reachable, integer actions, exact
chance, undo, players by index and returns (RULES.md B.8, C.2, C.5, E.2, F, G)."""

from __future__ import annotations

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
from keyharvest.model.catalogue import CROPS, PLAYER_COLOURS
from keyharvest.model.setup import deal
from keyharvest.model.state import PendingKind, State
from keyharvest.model.steps import Draw, Flip, Grant, Harvest, Offer, Step
from keyharvest.play.bots import RandomBot
from keyharvest.play.choices import TOKENS, multisets, step_tokens
from keyharvest.rules import engine
from keyharvest.rules.actions import new_game


def states(n_players: int, seed: int, every: int = 3, limit: int = 400) -> list[State]:
    """Copies of the states of a seeded random game, one every ``every`` steps."""
    state = kh.random_game(n_players, seed=seed, max_turns=400)
    bot = RandomBot(random.Random(seed))
    out = []
    while not state.is_over and state.steps < limit:
        if state.steps % every == 0:
            out.append(state.copy())
        engine.push(state, bot.choose(state))
    return out


# -- 1. every legal step ----------------------------------------------------------------------
def reachable(state: State) -> set[Step]:
    """Every step the picks reach, by walking every legal action from ``state``."""
    found: set[Step] = set()

    def walk(at: State) -> None:
        for action in kh.legal_actions(at):
            nxt = at.copy()
            kh.apply_action(nxt, action)
            if nxt.steps != at.steps:
                found.add(kh.pop(nxt))
            else:
                walk(nxt)

    walk(state.copy())
    return found


def brute(state: State) -> set[Step]:
    """What ``is_legal`` accepts among the candidate bids, harvests, flips, payments, gains
    and gifts, each combinatorial field over a wider range than the rules allow."""
    player = state.pending.player
    if player is None:
        return set()
    p = state.player(player)
    listed = engine.legal_steps(state)
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
    return {s for s in out if engine.is_legal(state, s)}


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
        complete = kh.legal_steps(state, complete=True)
        assert len(set(complete)) == len(complete)
        assert set(kh.legal_steps(state)) <= set(complete)
        if n % 2 == 0:
            assert reachable(state) == set(complete), dump_position(state)
        if small(state):
            legal = brute(state)
            assert kinds_of(set(complete), legal | set(complete)) >= legal
            assert kinds_of(set(complete), legal) == legal, sorted(map(str, legal ^ kinds_of(
                set(complete), legal)))
            compared += 1
    assert compared >= 50


def test_the_complete_listing_has_three_crop_bids() -> None:
    """A search can play a bid of three crops (C.5), which the representative listing
    leaves out."""
    for state in SAMPLE:
        if state.pending.kind == PendingKind.TURN and sum(state.current.screen) >= 3:
            complete = kh.legal_steps(state, complete=True)
            if any(type(s) is Offer for s in complete):
                assert any(type(s) is Offer and len(s.bid) == 3 for s in complete)
                assert not any(type(s) is Offer and len(s.bid) == 3
                               for s in kh.legal_steps(state))
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
    assert kh.NUM_ACTIONS == len(TOKENS) == len(set(TOKENS))
    for state in SAMPLE[::50]:
        assert all(0 <= a < kh.NUM_ACTIONS for a in kh.legal_actions(state))


def test_every_legal_action_round_trips_through_its_string() -> None:
    for state in SAMPLE[::7]:
        at = state.copy()
        for _ in range(3):  # the first picks of a step, then deeper ones
            actions = kh.legal_actions(at)
            if not actions:
                break
            assert actions == sorted(set(actions))
            for action in actions:
                assert kh.string_to_action(at, kh.action_to_string(at, action)) == action
            kh.apply_action(at, actions[0])


def test_chance_node_actions_are_the_draws() -> None:
    for state in SAMPLE:
        if state.pending.kind == PendingKind.CHANCE:
            draws = [d for d, _ in kh.chance_outcomes(state)]
            assert kh.legal_actions(state) == sorted(step_tokens(d)[0] for d in draws)
            assert {kh.action_to_string(state, a) for a in kh.legal_actions(state)} == {
                str(d) for d in draws}


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    state = SAMPLE[5].copy()
    before = dump_position(state)
    bad = next(a for a in range(kh.NUM_ACTIONS) if a not in kh.legal_actions(state))
    with pytest.raises(kh.IllegalStep, match="not legal here"):
        kh.apply_action(state, bad)
    assert dump_position(state) == before


@pytest.mark.parametrize("seed", range(2))
def test_games_played_by_actions_are_records_validate_accepts(seed: int,
                                                             tmp_path: Path) -> None:
    rng = random.Random(seed)
    board = kh.standard_board()
    setup = deal(PLAYER_COLOURS[:2 + seed], rng, board, 120)
    state = new_game(setup, board)
    while not state.is_over:
        kh.apply_action(state, rng.choice(kh.legal_actions(state)))
    steps = kh.step_stack(state)
    assert len(steps) == state.steps
    path = tmp_path / "actions.kh"
    path.write_text(kh.format_record(kh.Record(setup, steps)))
    checked = run_kh("validate", path)
    assert checked.code == 0, checked.out + checked.err


# -- 3. chance ---------------------------------------------------------------------------------
def test_chance_outcomes_are_exact_and_sum_to_one() -> None:
    seen = 0
    for state in SAMPLE:
        outcomes = kh.chance_outcomes(state)
        if state.pending.kind != PendingKind.CHANCE:
            assert outcomes == []
            continue
        seen += 1
        assert sum(p for _, p in outcomes) == 1
        assert all(type(p) is Fraction and p > 0 for _, p in outcomes)
        assert [d for d, _ in outcomes] == engine.legal_steps(state)
        if not state.hidden_removed:
            assert {p for _, p in outcomes} == {Fraction(1, len(state.bag))}
    assert seen > 50


def test_events_removed_unseen_are_never_drawn_and_weigh_on_the_events() -> None:
    """With h events removed unseen (B.8), a field tile comes out with 1 / (bag - h), each
    of the E events in the bag with (E - h) / E / (bag - h)."""
    state = next(s for s in SAMPLE if s.pending.kind == PendingKind.CHANCE
                 and s.bag_events() and s.bag_tiles()).copy()
    state.hidden_removed = 2
    events, real = len(state.bag_events()), len(state.bag) - 2
    got = {d.item: p for d, p in kh.chance_outcomes(state)}
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
        outcomes = kh.chance_outcomes(state)
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


# -- 5. undo -----------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(3))
def test_push_then_pop_back_to_the_start_equals_a_fresh_state_at_every_step(seed: int) -> None:
    state = kh.random_game(2 + seed, seed=seed, max_turns=200)
    bot = RandomBot(random.Random(seed))
    fresh = kh.random_game(2 + seed, seed=seed, max_turns=200)
    positions, pendings, pushed = [], [], []
    while not state.is_over:
        positions.append(dump_position(state))
        pendings.append((state.pending, state.steps))
        step = bot.choose(state)
        pushed.append(step)
        kh.push(state, step)
    assert kh.step_stack(state) == pushed
    while pushed:
        assert kh.pop(state) == pushed.pop()
        assert dump_position(state) == positions.pop()
        assert (state.pending, state.steps) == pendings.pop()
    assert dump_position(state) == dump_position(fresh)
    with pytest.raises(IndexError):
        kh.pop(state)


def test_a_replayed_state_after_pop_plays_on_as_a_fresh_one() -> None:
    """After pushing and popping, the state plays the same game as one never popped."""
    a = kh.random_game(3, seed=4, max_turns=200)
    b = kh.random_game(3, seed=4, max_turns=200)
    bot_a, bot_b = RandomBot(random.Random(9)), RandomBot(random.Random(9))
    detour = RandomBot(random.Random(1))
    while not a.is_over:
        for _ in range(3):  # a detour of up to three steps, undone
            if not a.is_over:
                kh.push(a, detour.choose(a))
        while a.undo:
            kh.pop(a)
        kh.push(a, bot_a.choose(a))
        a.undo.clear()
        engine.push(b, bot_b.choose(b))
        assert dump_position(a) == dump_position(b)


def test_pop_undoes_apply_action_and_drops_picks() -> None:
    state = kh.random_game(2, seed=3)
    before = dump_position(state)
    while state.steps == 0:
        kh.apply_action(state, kh.legal_actions(state)[-1])
    kh.apply_action(state, kh.legal_actions(state)[0])  # a pick, maybe a whole step
    while state.undo:
        kh.pop(state)
    assert dump_position(state) == before and state.steps == 0
    assert kh.legal_actions(state) == kh.legal_actions(kh.random_game(2, seed=3))


def test_an_illegal_push_is_refused_and_leaves_nothing_to_pop() -> None:
    state = kh.random_game(2, seed=1)
    with pytest.raises(kh.IllegalStep):
        kh.push(state, Draw("A1"))
    with pytest.raises(IndexError):
        kh.pop(state)


# -- 6. players and returns --------------------------------------------------------------------
def test_current_player_is_the_seat_chance_or_terminal() -> None:
    assert (kh.CHANCE, kh.TERMINAL) == (-1, -4)
    for state in SAMPLE[::5]:
        player = state.current_player()
        if state.pending.kind == PendingKind.CHANCE:
            assert player == kh.CHANCE
        else:
            assert state.players[player].colour == state.pending.player
    state = SAMPLE[-1].copy()
    bot = RandomBot(random.Random(0))
    while not state.is_over:
        engine.push(state, bot.choose(state))
    assert state.current_player() == kh.TERMINAL
    assert kh.legal_actions(state) == []


def test_returns_are_the_win_share_or_the_points_margin() -> None:
    state = kh.random_game(3, seed=11, max_turns=600)
    assert kh.returns(state) == [0.0, 0.0, 0.0]
    bot = RandomBot(random.Random(11))
    while not state.is_over:
        engine.push(state, bot.choose(state))
    result = kh.score(state)
    win = kh.returns(state)
    assert sum(win) == pytest.approx(1.0 if state.result == "finished" else 0.0)
    assert [w > 0 for w in win] == [ps.player in result.winners for ps in result.players]
    margin = kh.returns(state, "margin")
    totals = [ps.total for ps in result.players]
    assert margin == [t - max(totals[:i] + totals[i + 1:]) for i, t in enumerate(totals)]
    with pytest.raises(ValueError, match="'win' or 'margin'"):
        kh.returns(state, "score")  # type: ignore[arg-type]
