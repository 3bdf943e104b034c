"""One memo module (issue 12, item 5): ``rules.memo`` owns every memo table of the engine,
``memo.clear()`` empties them all, and what the engine answers does not depend on what it
remembers: the same listings, steps and games with a cold memo as with a warm one."""

from __future__ import annotations

import importlib
import pkgutil
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import keyharvest.model
import keyharvest.rules
from keyharvest.formats.boardfile import standard_board
from keyharvest.formats.records import format_record, load_records
from keyharvest.model.catalogue import PLAYER_COLOURS
from keyharvest.model.setup import deal
from keyharvest.model.state import Pending, PendingKind
from keyharvest.notation import itemcache
from keyharvest.play import selfplay
from keyharvest.play.bots import BOTS
from keyharvest.play.selfplay import selfplay_game
from keyharvest.rules import advance, legal_view, memo, representative_steps
from keyharvest.rules.actions import new_game
from keyharvest.rules.scoring import score


def engine_modules() -> list:
    out = []
    for package in (keyharvest.model, keyharvest.rules):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            out.append(importlib.import_module(info.name))
    return out


def module_dicts() -> dict[tuple[str, str], dict]:
    return {(m.__name__, name): value for m in engine_modules()
            for name, value in vars(m).items() if type(value) is dict}


def test_every_table_the_engine_fills_while_playing_is_a_memo_table() -> None:
    before = {k: len(v) for k, v in module_dicts().items()}
    memo.clear()
    for i in range(3):
        selfplay_game(4, 5, i)
        selfplay_game(3, 5, i, bot="greedy")
    owned = {id(t) for t in memo.TABLES.values()}
    grew = [k for k, v in module_dicts().items() if len(v) != before.get(k, len(v))
            and id(v) not in owned]
    assert grew == [], f"module-level tables filled by play outside rules.memo: {grew}"


def test_clear_empties_every_table() -> None:
    selfplay_game(4, 9, 0)
    selfplay_game(2, 9, 1, bot="greedy")
    filled = [name for name, t in memo.TABLES.items() if t]
    assert len(filled) >= 10, filled  # play used nearly every table
    memo.clear()
    assert all(not t for t in memo.TABLES.values())
    assert len(memo.TABLES) >= 12


def test_a_table_holds_at_most_the_bound() -> None:
    selfplay_game(4, 13, 0)
    assert all(len(t) <= memo.MEMO_SIZE for t in memo.TABLES.values())
    t = memo.TABLES["bids"]
    for i in range(3 * memo.MEMO_SIZE):
        memo.remember(t, ("probe", i), i)
        assert len(t) <= memo.MEMO_SIZE
    memo.clear()


def test_what_the_engine_waits_for_is_interned_by_one_table() -> None:
    """``memo.PENDING`` builds each ``Pending`` once and shares it; no other table sits on
    top of it (the turn's and the refill's tables went: issue 12, item 5), and it keeps
    the bound like every table."""
    memo.clear()
    red = memo.PENDING["turn", "red", "C.1"]
    assert red == Pending(PendingKind.TURN, "red", "C.1")
    assert red is memo.PENDING["turn", "red", "C.1"]
    assert memo.PENDING["chance", None, "F.1", "registry refill"] == Pending(
        PendingKind.CHANCE, None, "F.1", "registry refill")
    assert [name for name in memo.TABLES if "pending" in name] == ["pending"]
    for i in range(3 * memo.MEMO_SIZE):
        memo.PENDING["chance", None, "F.1", f"probe {i}"]
        assert len(memo.PENDING) <= memo.MEMO_SIZE
    memo.clear()
    assert not memo.PENDING


def test_a_turn_is_interned_by_its_colour() -> None:
    """A player's turn, what the engine waits for one step in two, is keyed in ``PENDING``
    by the colour alone; it is the value the turn frame settles to and a new game waits
    for."""
    memo.clear()
    red = memo.PENDING["red"]
    assert red == Pending(PendingKind.TURN, "red") and red is memo.PENDING["red"]
    assert red.kind is PendingKind.TURN and red.rule == "C.1"
    record = selfplay_game(2, 4, 0)
    state = new_game(record.setup, standard_board())
    assert state.pending is memo.PENDING[state.current.colour]
    assert state.stack[-1].settle(state) is state.pending
    memo.clear()
    assert not memo.PENDING


def test_the_notation_memo_clears_too() -> None:
    load_records(format_record(selfplay_game(2, 3, 0)))
    assert itemcache._TABLES
    itemcache.clear()
    assert not itemcache._TABLES


def views(state) -> tuple:
    """What the engine answers about ``state``: its listing (in full and lazily), the state
    after each listed step (its pending decision and listing size), and the score."""
    listed = representative_steps(state)
    lazy = list(legal_view(state))
    after = []
    for step in listed[:40]:
        s = state.copy()
        advance(s, step)
        after.append((s.pending, len(legal_view(s)), s.result))
    return listed, lazy, after, score(state)


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000), at=st.floats(0, 1),
       bot=st.sampled_from(["random", "greedy"]))
def test_a_cleared_memo_answers_as_a_warm_one(players: int, seed: int, at: float,
                                              bot: str) -> None:
    record = selfplay_game(players, seed, 0, bot=bot, max_turns=80)
    state = new_game(record.setup, standard_board())
    for step in record.steps[:int(at * len(record.steps))]:  # a state part way through
        advance(state, step)
    warm = views(state)
    assert views(state) == warm  # warm: answered from the memo
    memo.clear()
    assert views(state) == warm  # cold: worked out again


@settings(max_examples=6, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000),
       bot=st.sampled_from(["random", "greedy"]))
def test_a_game_played_with_the_memo_cleared_at_every_step_is_the_same_game(
        players: int, seed: int, bot: str) -> None:
    warm = format_record(selfplay_game(players, seed, 2, bot=bot, max_turns=60))

    class Cold:
        """The bot, choosing from a cold memo, its step then checked (``advance``) from a
        cold memo too: not a listing bot, so ``play_game`` takes its checked loop. (A bot
        wrapped, not ``selfplay.advance`` replaced: the compiled build calls the compiled
        ``advance`` directly, past any module attribute.)"""

        def __init__(self, inner: object) -> None:
            self.inner = inner
            self.chosen = 0

        def choose(self, state):
            memo.clear()
            step = self.inner.choose(state)
            memo.clear()
            self.chosen += 1
            return step

    # the same deal, bots and generators as selfplay_game's game 2 of the run
    rng = random.Random(f"keyharvest-selfplay:{seed}:2")
    board = standard_board()
    setup = deal(PLAYER_COLOURS[:players], rng, board, max_turns=60)
    bots = [Cold(BOTS[bot](random.Random(rng.getrandbits(64)))) for _ in range(players)]
    meta = {"event": "self-play", "round": 3, "meta": {"bot": bot, "seed": seed, "game": 3}}
    cold = format_record(selfplay.play_game(setup, board, bots, rng, meta))
    assert all(b.chosen for b in bots) and cold == warm
