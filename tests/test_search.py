"""The search bot (``keyharvest.play.search``, the bot ``mcts``), its advice
(``keyharvest.play.advice``, ``keyharvest hint`` and ``analyse``) and the arena
(``keyharvest.play.arena``), issue 31: determinism by seed and budget, every step it
offers legal, no peeking at hidden state, and the arena's seating and intervals."""

from __future__ import annotations

import math
import random

import pytest

import keyharvest as kh
from keyharvest.formats.records import load_records, replay
from keyharvest.model.state import PendingKind
from keyharvest.model.steps import EndTurn
from keyharvest.play import arena
from keyharvest.play.arena import BUDGETED
from keyharvest.play.bots import BOTS, GreedyBot, RandomBot, mcts, points_after
from keyharvest.play.intervals import wilson
from keyharvest.play.search import MCTSBot, Searched, analyse
from keyharvest.rules import advance, is_legal, representative_steps
from keyharvest.rules.choices import every_step
from keyharvest.rules.view import observe, sample_state

BUDGET = 24


def _mid_game(players: int, seed: int, steps: int) -> kh.State:
    """A dealt game after ``steps`` random steps, stopped where a player (not a draw) is
    to move."""
    state = kh.random_game(players, seed=seed)
    bot = RandomBot(random.Random(seed))
    done = 0
    while done < steps or state.current_player() in (kh.CHANCE, kh.TERMINAL):
        assert state.result is None
        advance(state, bot.choose(state))
        done += 1
    return state


def _mcts(seed: int) -> MCTSBot:
    return mcts(random.Random(seed), budget=BUDGET)


def _greedy(seed: int) -> GreedyBot:
    return GreedyBot(random.Random(seed), explore=0.0)


@pytest.mark.parametrize(("players", "steps"), [(2, 0), (3, 40), (4, 90)])
def test_every_step_the_search_offers_is_legal_and_the_shares_add_up(players: int,
                                                                    steps: int) -> None:
    state = _mid_game(players, seed=players, steps=steps)
    seat = state.current_player()
    found = analyse(observe(state, seat), random.Random(1), _greedy(2), points_after,
                    budget=BUDGET)
    assert found
    assert all(is_legal(state, s.step) for s in found)
    assert all(s.step.player == state.colours[seat] for s in found)  # type: ignore[attr-defined]
    assert sum(s.visits for s in found) == BUDGET
    assert math.isclose(sum(s.share for s in found), 1.0)
    assert all(0.0 <= s.win <= 1.0 for s in found)
    # the bot plays the first of what its own search offers
    bot = _mcts(5)
    probe = random.Random(5)
    mine = BOTS["mcts"](probe, budget=BUDGET)
    assert bot.choose(state) == mine.choose(state)
    assert is_legal(state, bot.choose(state))


def test_the_same_seed_and_budget_give_the_same_step() -> None:
    state = _mid_game(3, seed=7, steps=30)
    seat = state.current_player()
    runs = [analyse(observe(state, seat), random.Random(11), _greedy(12), points_after,
                    budget=BUDGET) for _ in range(2)]
    assert runs[0] == runs[1]
    assert _mcts(3).choose(state) == _mcts(3).choose(state.copy())


def test_the_search_reads_only_what_the_player_may_know() -> None:
    """Two tables that the player to move cannot tell apart (the same observation), with
    different hidden parts (the others' screens, the events removed unseen): the same
    choice, the same statistics."""
    state = _mid_game(4, seed=3, steps=12)
    seat = state.current_player()
    view = observe(state, seat)
    other = None
    for k in range(50):
        other = sample_state(view, random.Random(k))
        if [p.screen for p in other.players] != [p.screen for p in state.players]:
            break
    assert other is not None and observe(other, seat) == view
    assert [p.screen for p in other.players] != [p.screen for p in state.players]
    assert _mcts(9).choose(state) == _mcts(9).choose(other)
    assert (analyse(observe(state, seat), random.Random(4), _greedy(4), points_after,
                    budget=BUDGET)
            == analyse(observe(other, seat), random.Random(4), _greedy(4), points_after,
                       budget=BUDGET))


def test_the_search_is_refused_where_the_observer_is_not_to_move() -> None:
    state = _mid_game(2, seed=1, steps=4)
    seat = state.current_player()
    with pytest.raises(ValueError, match="is not to move"):
        analyse(observe(state, 1 - seat), random.Random(1), _greedy(1), points_after, budget=2)
    with pytest.raises(ValueError, match="budget"):
        MCTSBot(random.Random(1), _greedy(1), points_after, budget=0)
    assert "mcts" in BUDGETED and "greedy" not in BUDGETED
    assert "mcts" in BOTS  # selfplay and the arena offer it


def test_a_seconds_budget_runs_at_least_one_simulation() -> None:
    state = kh.random_game(2, seed=2)
    found = analyse(observe(state, state.current_player()), random.Random(1),
                    _greedy(1), points_after, seconds=1e-9)
    assert sum(s.visits for s in found) >= 1


# -- the arena ------------------------------------------------------------------------------
def test_seats_rotate_so_each_bot_plays_each_seat_equally() -> None:
    seen = [arena.lineup(["mcts", "greedy"], 4, i) for i in range(4)]
    assert seen[0] == ["mcts", "greedy", "mcts", "greedy"]
    assert seen[1] == ["greedy", "mcts", "greedy", "mcts"]
    seen = [arena.lineup(["a", "b", "c"], 3, i) for i in range(3)]
    for seat in range(3):
        assert sorted(line[seat] for line in seen) == ["a", "b", "c"]
    assert arena.lineup(["a", "b", "b", "b"], 4, 2) == ["b", "b", "a", "b"]


def test_wilson_interval_matches_the_formula_by_hand() -> None:
    low, high = wilson(8, 10)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)
    low, high = wilson(0, 20)
    assert low == 0.0 and round(high, 4) == 0.1611
    assert wilson(0, 0) == (0.0, 1.0)


def test_standings_of_a_rigged_bot() -> None:
    """A bot that wins every game: its share is 1 with Wilson's interval for n of n, the
    other's 0; shares of a tie count half."""
    games = [{"seats": [{"bot": "rigged", "win": 1.0, "points": 30},
                        {"bot": "fair", "win": 0.0, "points": 10}]} for _ in range(19)]
    games.append({"seats": [{"bot": "rigged", "win": 0.5, "points": 20},
                            {"bot": "fair", "win": 0.5, "points": 20}]})
    by = {s.bot: s for s in arena.standings(games, players=2)}
    rigged, fair = by["rigged"], by["fair"]
    assert (rigged.seats, rigged.wins, rigged.win_share) == (20, 19.5, 0.975)
    assert (rigged.low, rigged.high) == wilson(19.5, 20)
    assert round(rigged.low, 4) == 0.7995 and round(fair.high, 4) == 0.2005  # by hand
    assert rigged.mean_points == 29.5 and fair.mean_points == 10.5
    assert math.isclose(rigged.elo, -fair.elo) and rigged.elo > 0
    assert math.isclose(rigged.elo, 400 * math.log10(0.975 / 0.025))


def test_an_arena_game_is_dealt_from_the_seed_and_its_record_replays() -> None:
    task = (("greedy", "random"), 2, 5, 1, None)
    one, again = arena.arena_game(task), arena.arena_game(task)
    assert one == again
    assert [s["bot"] for s in one["seats"]] == ["random", "greedy"]  # game 2: turned
    record = load_records(one["record"])[0]
    assert record.metadata["meta"]["seats"] == "random greedy"
    end = replay(record)
    assert end.error is None and (end.state.result or "in progress") == one["status"]
    assert sum(s["win"] for s in one["seats"]) in (0.0, 1.0)


# -- keyharvest arena -----------------------------------------------------------------------
def test_the_arena_command_prints_the_table_and_the_same_games_whatever_jobs() -> None:
    from cli_util import kh as run_kh

    text = run_kh("arena", "greedy", "random", "-n", "4", "-s", "3")
    assert text.code == 0 and text.err == "", text
    lines = text.out.splitlines()
    assert lines[0] == "4 games of 2 players, seed 3, seats rotated"
    assert lines[1].split() == ["bot", "seats", "win", "share", "95%", "interval", "mean",
                                "points", "elo"]
    assert [ln.split()[:2] for ln in lines[2:]] == [["greedy", "4"], ["random", "4"]]
    one = run_kh("arena", "greedy", "random", "-n", "4", "-s", "3", "-f", "json")
    two = run_kh("arena", "greedy", "random", "-n", "4", "-s", "3", "-f", "json", "-j", "2")
    assert one.code == two.code == 0 and one.out == two.out
    games, end = one.objects()[:-1], one.summary()
    assert [g["game"] for g in games] == [1, 2, 3, 4]
    assert [g["seats"][0]["bot"] for g in games] == ["greedy", "random"] * 2
    by = {b["bot"]: b for b in end["bots"]}
    assert by["greedy"]["seats"] == 4 and end["seed"] == 3 and end["player_count"] == 2
    wins = sum(s["win"] for g in games for s in g["seats"] if s["bot"] == "greedy")
    assert by["greedy"]["wins"] == wins
    low, high = wilson(wins, 4)
    assert (by["greedy"]["low"], by["greedy"]["high"]) == (round(low, 4), round(high, 4))


def test_the_arena_keeps_every_game_as_a_record_that_validates(tmp_path) -> None:
    from cli_util import kh as run_kh

    done = run_kh("arena", "mcts", "random", "-n", "2", "-s", "1", "--budget", "3", "-o",
                  str(tmp_path), "-f", "json")
    assert done.code == 0, done
    files = sorted(tmp_path.iterdir())
    assert [f.name for f in files] == ["arena-1-0001.kh", "arena-1-0002.kh"]
    assert [g["output"] for g in done.objects()[:-1]] == [str(f) for f in files]
    checked = run_kh("validate", *map(str, files), "-f", "json")
    assert checked.code == 0 and checked.summary()["records"]["ok"] == 2
    assert 'seats = "mcts random"' in files[0].read_text()
    assert 'seats = "random mcts"' in files[1].read_text()
    again = run_kh("arena", "mcts", "random", "-n", "2", "-s", "1", "--budget", "3", "-o",
                   str(tmp_path))
    assert again.code == 1 and "--force" in again.err  # nothing replaced without --force
    assert sorted(tmp_path.iterdir()) == files


def test_a_search_bot_of_the_arena_plays_at_its_own_budget_where_named_so(tmp_path) -> None:
    """``NAME@N`` seats a search bot at N simulations a step whatever ``--budget`` is:
    the game of ``mcts@3`` is the game of ``mcts`` at ``--budget 3``, and the tables name
    the seats as given. ``--budget`` beside it plays the plain ``mcts`` seat at it."""
    from cli_util import kh as run_kh

    own = run_kh("arena", "mcts@3", "random", "-n", "1", "-s", "4", "-o",
                 str(tmp_path / "own"), "-f", "json")
    run = run_kh("arena", "mcts", "random", "-n", "1", "-s", "4", "--budget", "3",
                 "-o", str(tmp_path / "run"), "-f", "json")
    both = run_kh("arena", "mcts@3", "mcts", "-n", "1", "-s", "4", "--budget", "3",
                  "-o", str(tmp_path / "both"), "-f", "json")
    assert own.code == run.code == both.code == 0, (own, both)
    mine = (tmp_path / "own" / "arena-4-0001.kh").read_text()
    theirs = (tmp_path / "run" / "arena-4-0001.kh").read_text()
    assert 'seats = "mcts@3 random"' in mine and "budget = 3\n" in theirs
    assert mine.replace("mcts@3", "mcts") == theirs.replace("budget = 3\n", "")
    assert [s["bot"] for s in own.objects()[-1]["bots"]] == ["mcts@3", "random"]


@pytest.mark.parametrize(("args", "words"), [
    (["foo", "greedy"], "unknown bot 'foo' (the bots are greedy, mcts, mcts-v1, random)"),
    (["greedy"], "name at least two bots"),
    (["greedy", "random", "mcts"], "3 bots named for 2 seats"),
    (["greedy", "random", "-o", "-"], "the games go to a folder"),
    (["greedy@3", "mcts"], "greedy takes no budget: only mcts and mcts-v1 do"),
    (["mcts@0", "greedy"], "the budget of 'mcts@0' is not a whole number"),
    (["mcts@x", "greedy"], "the budget of 'mcts@x' is not a whole number"),
    (["mcts@10000001", "greedy"], "the budget of 'mcts@10000001' is more than"),
    (["mcts2@3", "greedy"], "unknown bot 'mcts2'"),
    (["greedy", "random", "--budget", "5"],
     "no bot here plays at it (greedy, random): only mcts and mcts-v1 search"),
    (["mcts@3", "greedy", "--budget", "5"], "(NAME@N plays at its own N)"),
])
def test_the_arena_refuses_what_it_cannot_play(args: list[str], words: str) -> None:
    from cli_util import kh as run_kh

    done = run_kh("arena", *args)
    assert done.code == 2 and done.out == "" and words in " ".join(done.err.split()), done


def test_the_search_looks_at_more_steps_as_its_budget_grows() -> None:
    """Progressive widening: ``WIDTH`` steps and ending the turn at first, more as the
    root is visited (``WIDTH + sqrt(visits) / WIDEN``), the best by the prior first."""
    from keyharvest.play import search

    state = kh.random_game(2, seed=6)
    seat = state.current_player()
    listed = representative_steps(state)
    assert len(listed) > search.WIDTH + 4

    def tried(budget: int) -> list[kh.Step]:
        return [s.step for s in analyse(observe(state, seat), random.Random(3),
                                        _greedy(3), points_after, budget=budget, horizon=1)]

    few, many = tried(search.WIDTH + 1), tried(400)
    ranked = search.rank(state, listed, points_after)
    ends = [s for s in listed if type(s).__name__ == "EndTurn"]
    assert set(few) == set(ranked[:search.WIDTH]) | set(ends)
    width = search.WIDTH + int(math.sqrt(399) / search.WIDEN)
    assert len(many) == width + (0 if set(ends) <= set(ranked[:width]) else 1)
    assert set(many) == set(ranked[:width]) | set(ends)


def test_the_root_widens_into_every_legal_step_past_the_representatives() -> None:
    """Where the engine lists representative payments (a purchase in any crops, C.5), the
    root goes on, once those are looked at, into the complete listing: the bot can choose a
    step the engine's listing leaves out, and every such step is legal."""

    state = kh.random_game(2, seed=3)
    bot = RandomBot(random.Random(3))
    for _ in range(234):
        advance(state, bot.choose(state))
    seat = state.current_player()
    listed = representative_steps(state)
    every = every_step(state)
    assert len(listed) == 3 and len(every) == 9  # pass, and two of the eight payments
    found = analyse(observe(state, seat), random.Random(3), _greedy(3), points_after,
                    budget=BUDGET, horizon=1)
    beyond = [s.step for s in found if s.step not in listed]
    assert beyond and all(s in every and is_legal(state, s) for s in beyond)
    many = analyse(observe(state, seat), random.Random(3), _greedy(3), points_after,
                   budget=2000, horizon=1)
    assert {s.step for s in many} == set(every)


def test_selfplay_plays_the_search_bot_at_the_budget_given() -> None:
    """``selfplay_game(..., budget=N)`` seats the search bot at N simulations a step (its
    records say so) and deals the same game for the same seed; other bots take no budget."""
    from keyharvest.play.selfplay import selfplay_game

    one = selfplay_game(2, 5, 0, "mcts", max_turns=3, budget=2)
    assert one == selfplay_game(2, 5, 0, "mcts", max_turns=3, budget=2)
    assert one.metadata["meta"]["budget"] == 2
    assert replay(one).error is None
    greedy = selfplay_game(2, 5, 0, "greedy", max_turns=3, budget=2)
    assert "budget" not in greedy.metadata["meta"]
    assert greedy == selfplay_game(2, 5, 0, "greedy", max_turns=3)


def test_a_nodes_listing_is_told_apart_as_the_whole_listing_is() -> None:
    """The search compares a node's listing from world to world without building every
    offer of a turn (``search.listing_key``): two states' short listings are equal exactly
    where their whole listings (``representative_steps``) are, over the decisions of a
    2- and a 4-player game, each against a world the other seats sample for it and
    against the decision before."""
    from keyharvest.play.search import listing_key

    same = differ = 0
    for players, seed in ((2, 8), (4, 9)):
        state = kh.random_game(players, seed=seed)
        bot, rng = RandomBot(random.Random(seed)), random.Random(seed)
        before = state.copy()
        for _ in range(160):
            if state.result is not None:
                break
            seat = state.current_player()
            if seat != kh.CHANCE:
                other = sample_state(observe(state, (seat + 1) % players), rng)
                for them in (other, before):
                    equal = representative_steps(state) == representative_steps(them)
                    assert (listing_key(state) == listing_key(them)) is equal
                    same += equal
                    differ += not equal
                before = state.copy()
            advance(state, bot.choose(state))
    assert same > 20 and differ > 20, (same, differ)


def test_the_roots_listing_is_the_same_in_every_world_the_player_cannot_tell_apart(
        ) -> None:
    """The search ranks its root's steps once (``_Search.candidates``): the player to
    move has the same listing in every world drawn from their observation, over the
    decisions of a 2- and a 4-player game (the complete listing, ``every_step``, too)."""
    looked = 0
    for players, seed in ((2, 5), (4, 6)):
        state = kh.random_game(players, seed=seed)
        bot, rng = RandomBot(random.Random(seed)), random.Random(seed)
        for k in range(200):
            if state.result is not None:
                break
            seat = state.current_player()
            if seat != kh.CHANCE and k % 4 == 0:
                view = observe(state, seat)
                worlds = [sample_state(view, rng) for _ in range(3)]
                assert all(representative_steps(w) == representative_steps(state)
                           for w in worlds)
                assert every_step(worlds[0]) == every_step(state)
                looked += 1
            advance(state, bot.choose(state))
    assert looked > 30, looked


def test_a_playout_stops_where_the_roots_player_starts_a_turn_whole_rounds_later() -> None:
    """Every seat has as many turns in a playout whichever step the walk tried (issue 46:
    a playout of a fixed number of steps gave the seat that moved first in it one turn
    more, and two search bots facing each other ended every turn)."""
    from keyharvest.play.search import _playout

    for players in (2, 4):
        state = _mid_game(players, seed=players, steps=30)
        until = state.turn.number + 2 * players
        _playout(state, _greedy(1), None, until)
        assert state.result is not None or (
            state.turn.number == until and state.turn.used == ""
            and state.pending.kind is PendingKind.TURN)
        short = _mid_game(players, seed=players, steps=30)
        before = short.steps
        _playout(short, _greedy(1), 3, until)  # the steps' limit comes first
        assert short.steps - before == 3


def test_a_playout_lasts_the_whole_rounds_given_with_any_number_of_players() -> None:
    """``rounds`` (``search.ROUNDS``, two, by default): each playout not ended by the game
    stops at the start of the root's player's turn that many rounds on, or whole rounds
    later where the walk went past it; with 4 players as with 2 and 3 (a 4-player playout
    was one round before: the player to move took no turn of their own in it). Fewer than
    one round is refused."""
    from keyharvest.play.search import ROUNDS

    assert ROUNDS == 2
    for players in (2, 3, 4):
        state = _mid_game(players, seed=players, steps=30)
        seat, root = state.current_player(), state.turn.number
        for rounds in (None, 1, 3):
            ends: list[int] = []

            def flat(world: kh.State, ends: list[int] = ends, root: int = root
                     ) -> tuple[list[float], list[float]]:
                if world.result is None:
                    ends.append(world.turn.number - root)
                return [0.5] * len(world.players), [0.0] * len(world.players)

            given = {} if rounds is None else {"rounds": rounds}
            analyse(observe(state, seat), random.Random(1), _greedy(2), points_after,
                    budget=8, value=flat, **given)
            span = (ROUNDS if rounds is None else rounds) * players
            assert len(ends) == 8 and min(ends) == span
            assert all(t >= span and t % players == 0 for t in ends)
        with pytest.raises(ValueError, match="rounds is at least 1"):
            analyse(observe(state, seat), random.Random(1), _greedy(2), points_after,
                    budget=8, rounds=0)
    with pytest.raises(ValueError, match="rounds is at least 1"):
        MCTSBot(random.Random(1), _greedy(1), points_after, rounds=0)


def test_the_bot_does_not_end_its_turn_where_another_step_is_about_as_good(
        monkeypatch) -> None:
    """``moves_on``: ending the turn (most visited) gives way to the most visited step
    within the search's noise of it, not to one clearly worse; ``mcts-v1`` keeps the most
    visited (issue 46: two search bots that waited for each other stalled)."""
    from keyharvest.play import search
    from keyharvest.play.search import Searched

    state = _mid_game(2, seed=2, steps=0)
    colour = state.colours[state.current_player()]
    end = EndTurn(colour)
    listed = [s for s in representative_steps(state) if not isinstance(s, EndTurn)]
    close, far = listed[0], listed[1]
    for other, win, spread, taken in ((close, 0.49, 0.05, close), (far, 0.1, 0.0, end)):
        found = [Searched(end, 100, 0.5, 0.5, 0.0, 0.05),
                 Searched(other, 90, 0.45, win, 0.0, spread)]
        monkeypatch.setattr(search, "analyse", lambda *args, found=found, **kw: found)
        assert mcts(random.Random(1)).choose(state) == taken
        assert BOTS["mcts-v1"](random.Random(1)).choose(state) == end
    assert "mcts-v1" in BUDGETED


def test_a_playout_is_valued_by_the_value_given() -> None:
    """``analyse(value=...)``: each simulation's playout is valued once by the function
    given, and what it says is what the root's steps average (the default is
    ``search.standing``)."""
    from keyharvest.play.search import standing

    state = _mid_game(2, seed=2, steps=0)
    seat = state.current_player()
    called = []

    def flat(world: kh.State) -> tuple[list[float], list[float]]:
        called.append(world.turn.number)
        return [0.25] * len(world.players), [-3.0] * len(world.players)

    found = analyse(observe(state, seat), random.Random(1), _greedy(2), points_after,
                    budget=6, value=flat)
    assert len(called) == 6 and sum(s.visits for s in found) == 6
    assert all(s.win == 0.25 and s.margin == -3.0 for s in found)
    given = analyse(observe(state, seat), random.Random(1), _greedy(2), points_after,
                    budget=6, value=standing)
    assert given == analyse(observe(state, seat), random.Random(1), _greedy(2), points_after,
                            budget=6)


def test_a_smaller_exploration_constant_puts_more_visits_on_the_most_visited_step() -> None:
    """UCB1's constant (``exploration=``, ``EXPLORATION`` unless given): a smaller one puts
    more of the visits on the most visited step (the same seed, budget and position); the
    bots and the advice search with ``EXPLORATION``."""
    from keyharvest.play.bots import mcts_v1
    from keyharvest.play.search import EXPLORATION

    assert mcts(random.Random(1)).exploration == EXPLORATION
    assert mcts_v1(random.Random(1)).exploration == EXPLORATION
    state = _mid_game(2, seed=5, steps=30)
    seat = state.current_player()

    def top_share(exploration: float) -> float:
        return analyse(observe(state, seat), random.Random(3), _greedy(3), points_after,
                       budget=120, exploration=exploration)[0].share

    assert top_share(0.05) > top_share(0.35) > top_share(3.0)
    assert analyse(observe(state, seat), random.Random(3), _greedy(3), points_after,
                   budget=40) == analyse(observe(state, seat), random.Random(3), _greedy(3),
                                         points_after, budget=40, exploration=EXPLORATION)


class _Noting(GreedyBot):
    """Greedy playouts that note the state of their ``rng`` at the first step of each
    playout where the search has given them a new one."""

    def __init__(self) -> None:
        super().__init__(random.Random(0), explore=0.0)
        self.seen: list[object] = []
        self.last: random.Random | None = None

    def choose(self, state: kh.State) -> kh.Step:
        if self.rng is not self.last:
            self.last = self.rng
            self.seen.append(self.rng.getstate())
        return super().choose(state)


def test_paired_simulations_try_each_of_the_roots_steps_in_the_same_worlds() -> None:
    """``paired`` (by default with 2 and 4 players, ``search.PAIRED``: ``mcts`` and the
    advice): the k-th simulation of every step of the root gets the k-th seed (its world,
    draws and playout choices), so a seed is used by as many simulations as there are
    steps visited more than k times; ``mcts-v1``'s search (``paired=False``), and by
    default a search with 3 players, leave the policy's ``rng`` alone; ``paired=True``
    pairs with 3."""
    from collections import Counter

    from keyharvest.play.bots import mcts_v1
    from keyharvest.play.search import PAIRED

    def pairs(found: list[Searched], noting: _Noting) -> bool:
        most = max(s.visits for s in found)
        assert sum(s.visits for s in found) == len(noting.seen) and len(found) > 2
        return sorted(Counter(map(repr, noting.seen)).values()) == sorted(
            sum(1 for s in found if s.visits > k) for k in range(most))

    assert {2, 4} == PAIRED
    three = _mid_game(3, seed=4, steps=40)
    for state in (_mid_game(2, seed=4, steps=20), _mid_game(4, seed=4, steps=60)):
        noting = _Noting()
        found = analyse(observe(state, state.current_player()), random.Random(1), noting,
                        points_after, budget=60)
        assert pairs(found, noting) and max(s.visits for s in found) < 60
        alone = _Noting()
        analyse(observe(state, state.current_player()), random.Random(1), alone,
                points_after, budget=60, paired=False)
        assert len(alone.seen) == 1 and alone.rng is alone.last
    alone = _Noting()
    analyse(observe(three, three.current_player()), random.Random(1), alone, points_after,
            budget=60)
    assert len(alone.seen) == 1 and alone.rng is alone.last
    noting = _Noting()
    found = analyse(observe(three, three.current_player()), random.Random(1), noting,
                    points_after, budget=60, paired=True)
    assert pairs(found, noting)
    assert mcts(random.Random(1)).paired is None and mcts_v1(random.Random(1)).paired is False
