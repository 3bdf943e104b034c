"""A player's view (issue 30, item 4; RULES.md I.27): ``observe`` holds what is public plus
the player's own screen, ``sample_state`` and ``Game.resample`` draw full states consistent with
it, over the unknowns with the exact weights (checked against brute-force counts of the
physical deals)."""

from __future__ import annotations

import itertools
import math
import random
import re
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from cli_util import FOUR
from cli_util import kh as run

import keyharvest as kh
from keyharvest.formats.positions import observation_data, observation_json
from keyharvest.formats.records import Record, load_records, read_source
from keyharvest.model.catalogue import COUNTERS_PER_CROP, CROPS, PLAYER_COLOURS
from keyharvest.model.setup import deal
from keyharvest.play.bots import RandomBot
from keyharvest.play.selfplay import play_game
from keyharvest.rules.invariants import check
from keyharvest.rules.view import (
    Observation,
    Recall,
    Screen,
    observe,
    observe_recalled,
    recalled,
    sample_start,
    sample_state,
    splits,
    tensor_layout,
)

BOARD = kh.standard_board()


def game(n: int, seed: int, max_turns: int = 80) -> Record:
    rng = random.Random(seed)
    setup = deal(PLAYER_COLOURS[:n], rng, BOARD, max_turns)
    bots = [RandomBot(random.Random(seed * 10 + i)) for i in range(n)]
    return play_game(setup, BOARD, bots, rng)


def prefix(record: Record, upto: int) -> Record:
    return replace(record, steps=record.steps[:upto], text="")


def states_of(record: Record) -> list[kh.State]:
    rep = kh.replay(record, each=True)
    assert rep.ok and rep.states is not None
    states: list[kh.State] = rep.states
    return states


def recall(record: Record, player: str | int) -> Observation:
    """What ``player`` may know at the end of ``record``, with perfect recall."""
    return recalled(states_of(record), player)[-1]


def game_of(record: Record) -> kh.Game:
    game = kh.Game(kh.new_game(record.setup, BOARD))
    for step in record.steps:
        game.push(step)
    return game


GAMES = {n: [game(n, 100 * n + k) for k in range(3)] for n in (2, 3, 4)}


def chi_square_bound(df: int) -> float:
    """The chi-square value a fair sample exceeds with probability about 0.001
    (Wilson-Hilferty)."""
    z = 3.09
    return float(df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3)


def chi_square(observed: Counter[Any], expected: dict[Any, float], draws: int
               ) -> tuple[float, int]:
    """The chi-square statistic and its degrees of freedom, the values expected fewer than
    5 times pooled into one cell (so that the statistic follows its law)."""
    assert set(observed) <= set(expected), "a sample fell outside the possible values"
    cells = [(observed[k], draws * p) for k, p in expected.items() if draws * p >= 5]
    small = [(observed[k], draws * p) for k, p in expected.items() if draws * p < 5]
    if small:
        cells.append((sum(o for o, _ in small), sum(e for _, e in small)))
    return sum((o - e) ** 2 / e for o, e in cells), max(1, len(cells) - 1)


def fits(observed: Counter[Any], expected: dict[Any, float], draws: int) -> bool:
    stat, df = chi_square(observed, expected, draws)
    return stat < chi_square_bound(df)


# -- the round trip ---------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_sampled_state_shows_the_same_observation(n: int) -> None:
    """observe(sample_state(o, rng), p) == o at every 7th position of three seeded games,
    for every player, and the sampled state is sound (RULES.md J) and agrees with the truth
    wherever the observation is sure."""
    rng = random.Random(n)
    checked = 0
    for record in GAMES[n]:
        for state in states_of(record)[::7]:
            for seat, colour in enumerate(state.colours):
                o = observe(state, colour)
                s = sample_state(o, rng)
                assert observe(s, colour) == o
                assert observe(s, seat) == o
                assert check(s) == []
                for screen, p in zip(o.screens, state.players):
                    assert all(t >= k for t, k in zip(p.screen, screen.known))
                    if screen.exact:
                        assert list(screen.known) == p.screen
                assert set(o.bag_tiles) | set(o.bag_events) <= state.bag
                assert set(state.removed) <= set(o.unseen_events)
                assert s.bag_count == state.bag_count
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_sampled_record_shows_the_same_observation(n: int) -> None:
    """With perfect recall (an observation of a record): the sampled setup replays the same
    public steps legally, and ``Game.resample`` gives a game of the same information
    state; ``sample_state`` gives the record's end table drawn the same way."""
    rng = random.Random(10 + n)
    for record in GAMES[n]:
        for upto in range(0, len(record.steps) + 1, max(1, len(record.steps) // 6)):
            part = prefix(record, upto)
            for colour in part.players:
                o = recall(part, colour)
                assert o.recall and o == game_of(part).information_state(colour)
                sampled = game_of(part).resample(colour, rng)
                assert sampled.information_state(colour) == o
                assert sampled.step_stack() == list(part.steps)
                s = sample_state(o, rng)
                assert check(s) == []
                truth = kh.replay(part).state
                for screen, p, q in zip(o.screens, truth.players, s.players):
                    assert all(t >= k for t, k in zip(p.screen, screen.known))
                    assert all(t >= k for t, k in zip(q.screen, screen.known))
                    assert sum(q.screen) == sum(p.screen)


def test_two_players_see_each_others_screen_exactly() -> None:
    """With 2 players the stock makes the other screen exact (I.27), at every position."""
    for record in GAMES[2]:
        for state in states_of(record)[::5]:
            for colour in state.colours:
                o = observe(state, colour)
                for screen, p in zip(o.screens, state.players):
                    assert screen.exact and list(screen.known) == p.screen
                assert o.unseen_events == () or o.removed_count == 0


def test_recall_knows_more_than_the_table() -> None:
    """A record's history reveals starting crops and returned events that the table alone
    does not: somewhere in the 3- and 4-player games, a recalled observation knows a crop
    (or an event in the bag) that the state's observation does not."""
    more_crops = more_events = 0
    for n in (3, 4):
        for record in GAMES[n]:
            o = recall(record, record.players[0])
            t = observe(kh.replay(record).state, record.players[0])
            assert observation_data(o)["table"] == observation_data(t)["table"]
            assert all(a >= b for s, u in zip(o.screens, t.screens)
                       for a, b in zip(s.known, u.known))
            more_crops += sum(sum(s.known) - sum(u.known) for s, u in zip(o.screens, t.screens))
            more_events += len(o.bag_events) - len(t.bag_events)
    assert more_crops > 0 and more_events > 0


def test_a_kept_recall_is_the_histories_lowest_screens_and_events_seen() -> None:
    """``Recall`` kept along a record (``start``, then ``after`` each state) holds each
    screen's lowest count of each crop and the events the table has shown, counted here by
    hand; ``after`` gives the same object back where a state shows nothing new (most
    steps); ``observe_recalled`` with it is ``recalled``'s observation of the prefix."""
    record = GAMES[4][0]
    states = states_of(record)
    kept = Recall.start(states[0])
    same = changed = 0
    for at, state in enumerate(states):
        if at:
            after = kept.after(state)
            same += after is kept
            changed += after is not kept
            kept = after
        if at % 20 and at != len(states) - 1:
            continue
        lowest = tuple(tuple(min(s.players[i].screen[c] for s in states[:at + 1])
                             for c in range(len(CROPS))) for i in range(len(state.players)))
        shown = {e for s in states[:at + 1] for e in (*s.track, *s.set_aside, *s.spent)}
        assert kept.lowest == lowest and kept.known == shown
        assert kept.starts == tuple(tuple(p.screen) for p in states[0].players)
        if at % 60 == 0 or at == len(states) - 1:
            for colour in record.players:
                assert observe_recalled(state, colour, kept, at) == recalled(
                    states[:at + 1], colour)[-1]
    assert same > changed > 0
    assert any(lo != st for lo, st in zip(kept.lowest, kept.starts))  # a screen dropped


def test_the_observation_hides_what_i27_keeps_private() -> None:
    """Two states that differ only in what I.27 makes private (the others' starting crops,
    the events removed unseen) give the same observation to the player; the player's own
    crops change it."""
    record = GAMES[4][0]
    setup = record.setup
    a, b, c = setup.players[:3]
    swapped = dict(setup.crops)
    swapped[b], swapped[c] = swapped[c], swapped[b]
    removed = tuple(sorted(e for e in "MNOPQRSTUVWXYZ" if e not in (setup.removed or ()))[:2])
    other = replace(setup, crops=swapped, removed=removed)
    s1, s2 = kh.new_game(setup, BOARD), kh.new_game(other, BOARD)
    assert observe(s1, a) == observe(s2, a)
    assert observation_json(observe(s1, a)) == observation_json(observe(s2, a))
    if swapped[b] != setup.crops[b]:
        assert observe(s1, b) != observe(s2, b)
    for word in ("removed", "hidden_removed", "crops"):
        assert f'"{word}"' not in observation_json(observe(s1, a))


def test_removed_events_nobody_knows_give_the_same_view() -> None:
    """A record that leaves the removed events unknown (B.8; the engine keeps them in the
    bag, ``hidden_removed``) gives the same observation as the one that names them."""
    record = GAMES[3][0]
    unknown = replace(record, setup=replace(record.setup, removed=None), text="")
    state = kh.replay(unknown).state
    assert state.hidden_removed == 2
    o = observe(state, 1)
    assert o == observe(kh.replay(record).state, 1)
    assert observe(sample_state(o, random.Random(0)), 1) == o
    assert recall(unknown, 1) == recall(record, 1)


# -- the draws' weights against brute force -----------------------------------------------------
def brute_force_parts(o: Observation) -> dict[tuple[tuple[int, ...], ...], float]:
    """The probability of each split of the unseen counters, counted over every deal of
    the physical counters (each counter distinct) that the observation allows."""
    mine = o.players.index(o.player)
    n = len(o.players)
    seats = [o.screens[(mine + k) % n] for k in range(1, n)]
    counters = [c for c, k in enumerate(o.unseen_crops) for _ in range(k)]
    # the starting hands hold revealed + part; count the deals of the physical counters:
    # the revealed counters are part of the deal too, so deal revealed + unseen at random
    revealed = [c for s in seats for c, k in enumerate(s.revealed) for _ in range(k)]
    physical = list(range(len(counters) + len(revealed)))
    crop_of = counters + revealed
    sizes = [sum(s.revealed) + s.free for s in seats]
    counts: Counter[tuple[tuple[int, ...], ...]] = Counter()

    def deal(rest: list[int], k: int, hands: tuple[tuple[int, ...], ...]) -> None:
        if k == len(seats):
            parts = []
            for s, hand in zip(seats, hands):
                have = [0] * len(CROPS)
                for x in hand:
                    have[crop_of[x]] += 1
                part = [h - r for h, r in zip(have, s.revealed)]
                if min(part) < 0:
                    return
                parts.append(tuple(part))
            counts[tuple(parts)] += 1
            return
        for hand in itertools.combinations(rest, sizes[k]):
            left = [x for x in rest if x not in hand]
            deal(left, k + 1, (*hands, hand))

    deal(physical, 0, ())
    total = sum(counts.values())
    return {k: v / total for k, v in counts.items()}


def observations_to_test() -> list[Observation]:
    """Small cases with something to draw: the table at the start of 3- and 4-player games
    (nothing revealed), and recalled records in which a player revealed part of a start."""
    out = [observe(kh.new_game(GAMES[n][0].setup, BOARD), 0) for n in (3, 4)]
    for n in (3, 4):
        for record in GAMES[n]:
            for upto in range(1, len(record.steps), 3):
                o = recall(prefix(record, upto), 0)
                seats = [s for s in o.screens[1:] if s.free]
                if len(seats) >= 2 and any(any(s.revealed) for s in seats):
                    out.append(o)
                    break
    assert len(out) >= 4
    return out


@pytest.mark.parametrize("case", range(4))
def test_the_unseen_crops_are_drawn_with_the_deals_weights(case: int) -> None:
    """The exact weights of ``splits`` are the brute-force counts of the physical deals, and
    samples of ``sample_state`` match them (chi-square, seeded)."""
    o = observations_to_test()[case]
    exact = brute_force_parts(o)
    weights = dict(splits(o))
    total = sum(weights.values())
    assert {k: w / total for k, w in weights.items()} == pytest.approx(exact)
    rng = random.Random(case)
    draws = 3000
    mine = o.players.index(o.player)
    n = len(o.players)
    seen: Counter[tuple[tuple[int, ...], ...]] = Counter()
    for _ in range(draws):
        s = sample_state(o, rng)
        parts = []
        for k in range(1, n):
            seat = (mine + k) % n
            parts.append(tuple(a - h for a, h in zip(s.players[seat].screen,
                                                     o.screens[seat].held)))
        seen[tuple(parts)] += 1
    assert fits(seen, exact, draws)
    # and the test has the power to tell: every split equally likely does not fit
    assert not fits(seen, {k: 1 / len(exact) for k in exact}, draws)


def test_the_removed_events_are_any_unseen_pair_equally_likely() -> None:
    """At the start of a 4-player game, all 14 events are unseen: every pair of them is
    removed equally often (chi-square over the 91 pairs), and the bag holds the rest."""
    o = observe(kh.new_game(GAMES[4][0].setup, BOARD), 0)
    assert len(o.unseen_events) == 14 and o.removed_count == 2
    pairs = list(itertools.combinations(o.unseen_events, 2))
    rng = random.Random(5)
    draws = 9100
    seen: Counter[tuple[str, ...]] = Counter()
    for _ in range(draws):
        s = sample_state(o, rng)
        seen[tuple(s.removed)] += 1
        assert not set(s.removed) & s.bag
    expected = {p: 1 / len(pairs) for p in pairs}
    assert fits(seen, expected, draws)


def test_a_stock_short_of_nothing_hides_the_screens() -> None:
    """At the start of a 3-player game a player knows their own 3 crops, the others' count
    (3 each) and the pool of the 6 unseen counters (the stock is public, B.6)."""
    state = kh.new_game(GAMES[3][0].setup, BOARD)
    me = state.colours[0]
    o = observe(state, me)
    assert o.screens[0].exact and list(o.screens[0].known) == state.players[0].screen
    pool = [COUNTERS_PER_CROP - k for k in state.stock]
    assert list(o.unseen_crops) == [a - b for a, b in zip(pool, state.players[0].screen)]
    assert [s.total for s in o.screens[1:]] == [3, 3]
    assert o.screens[1].describe().startswith("3 crops: ")
    assert o.bag_count == state.bag_count


# -- output -----------------------------------------------------------------------------------
def test_describe_writes_known_and_unknown() -> None:

    s = Screen("red", 3, (1, 0, 0, 0, 0), False, (1, 0, 0, 0, 0), (0,) * 5, 2)
    assert s.describe() == "3 crops: 1 hops known, 2 unknown"
    assert Screen("red", 2, (1, 0, 0, 0, 1), True, (1, 0, 0, 0, 1), (0,) * 5, 0
                  ).describe() == "2 crops: 1 hops, 1 wheat"
    assert Screen("red", 2, (0,) * 5, False, (0,) * 5, (0,) * 5, 2
                  ).describe() == "2 crops: 2 unknown"


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_tensor_has_the_layouts_length_and_follows_the_table(n: int) -> None:
    size = sum(length for _, length in tensor_layout(n, BOARD))
    offsets: dict[str, int] = {}
    at = 0
    for name, length in tensor_layout(n, BOARD):
        offsets[name] = at
        at += length
    for state in states_of(GAMES[n][0])[::9]:
        o = observe(state, 1)
        t = o.tensor()
        assert len(t) == size
        assert t[offsets["stock"]:offsets["stock"] + 5] == [float(k) for k in state.stock]
        assert t[offsets["bag.count"]] == state.bag_count
        me = state.players[1]
        known = t[offsets["seat0.screen.known"]:offsets["seat0.screen.known"] + 5]
        assert known == [float(k) for k in me.screen]
        assert observe(sample_state(o, random.Random(0)), 1).tensor() == t


def test_to_json_is_stable_and_round_trips_through_json() -> None:
    import json

    o = recall(GAMES[3][1], 2)
    data = json.loads(observation_json(o))
    assert data["player"] == GAMES[3][1].players[2] and data["recall"] is True
    assert sorted(data["screens"][0]["known"]) == sorted(CROPS)
    assert observation_json(o) == observation_json(recall(GAMES[3][1], 2))


def test_observe_refuses_what_it_cannot_read() -> None:
    state = kh.new_game(GAMES[2][0].setup, BOARD)
    for player in ("purple", 2, -1, 1.0, None, ("red",)):
        with pytest.raises(KeyError):
            observe(state, player)
    with pytest.raises(TypeError, match="observe needs a State, not str"):
        observe("a state", 0)
    with pytest.raises(ValueError):
        sample_start(observe(state, 0), state, random.Random(0))


# -- the command line -------------------------------------------------------------------------
def test_replay_view_shows_what_the_player_may_know() -> None:
    """``replay --view P``: P's own crops, the others' as known ("3 crops: 3 unknown" at the
    start of a 4-player game), no crop-majority score; JSON holds the observation."""
    text = run("replay", "--view", "brown", "--to", "0", FOUR)
    assert text.code == 0, text
    record = load_records(read_source(FOUR), str(FOUR))[0]
    mine = observe(kh.new_game(record.setup, BOARD), "brown").screen("brown").describe()
    assert f"screen: {mine}" in text.out
    assert text.out.count("screen: 3 crops: 3 unknown") == 3
    assert "behind the screens" in text.out
    full = run("replay", "--to", "0", FOUR)
    assert "screen: 3 crops: 3 unknown" not in full.out
    js = run("replay", "--view", "green", "-f", "json", FOUR)
    assert js.code == 0, js
    view = js.result()["view"]
    assert view == observation_data(recall(record, "green"))
    each = run("replay", "--each", "--view", "green", "--to", "5", FOUR).objects()
    assert [x["view"]["table"]["steps"] for x in each[:-1]] == list(range(6))


def test_render_view_draws_the_screens_as_known(tmp_path: Any) -> None:
    svg = tmp_path / "v.svg"
    done = run("render", "--view", "brown", "--to", "0", "-o", svg, FOUR)
    assert done.code == 0, done
    assert svg.read_text().count("3 crops: 3 unknown") == 3
    html = tmp_path / "v.html"
    assert run("render", "--view", "brown", "--to", "8", "-o", html, FOUR).code == 0
    assert "3 crops: 3 unknown" in html.read_text()


@pytest.mark.parametrize("args", [["replay", "--view", "pink"],
                                  ["replay", "--view", "brown", "-f", "toml"],
                                  ["render", "--view", "pink", "-o", "x.svg"]])
def test_a_bad_view_is_a_usage_error(args: list[str], tmp_path: Any,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    done = run(*args, FOUR)
    assert done.code == 2
    assert "--view" in done.err or "--format" in done.err


# -- the documentation --------------------------------------------------------------------------
DOCS = Path(__file__).resolve().parent.parent / "docs" / "api.md"
VIEW_DOCS = DOCS.read_text().split("## A player's view", 1)[1].split("\n## ", 1)[0]


def test_the_tensor_layout_in_the_docs_is_the_codes() -> None:
    """Every part the docs' table names is a part of ``tensor_layout``, and the lengths
    it gives are the tensor's."""
    names = {name.replace("seat0", "seatK") for name, _ in tensor_layout(2, BOARD)}
    for n, length in ((2, 2322), (3, 3243), (4, 4164)):
        assert sum(k for _, k in tensor_layout(n, BOARD)) == length
        assert f"{length:,}" in VIEW_DOCS
    for part in re.findall(r"^\| `([a-z_.0-9K]+)`", VIEW_DOCS, flags=re.MULTILINE):
        assert part in names, part
