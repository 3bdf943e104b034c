"""Positions (TOML): exact round trips at every moment of random games (mid-effect
included), loaded states that play on identically, hand-written final tables that score,
positioned errors for malformed positions, and every broken invariant listed."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest
import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from keyharvest.errors import PositionError
from keyharvest.formats.boardfile import standard_board
from keyharvest.formats.positions import dump_position, load_position, read_position
from keyharvest.formats.tomltext import literal
from keyharvest.model import steps as S
from keyharvest.model.setup import deal
from keyharvest.model.state import State
from keyharvest.play.bots import RandomBot, random_draw
from keyharvest.rules import advance, representative_steps
from keyharvest.rules.actions import new_game
from keyharvest.rules.scoring import score

BOARD = standard_board()
FINAL = Path(__file__).parent.parent / "scenarios" / "positions" / "final-table.toml"


def states_of_a_game(n: int, seed: int):
    rng = random.Random(seed)
    s = new_game(deal(("red", "green", "yellow", "brown")[:n], rng, BOARD, 200), BOARD)
    bots = [RandomBot(random.Random(seed * 7 + i)) for i in range(n)]
    yield s
    while not s.is_over:
        if s.pending.kind == "chance":
            step = random_draw(s, rng)
        else:
            step = bots[s.index(s.pending.player)].choose(s)
        advance(s, step)
        yield s


def test_round_trip_at_every_moment_of_random_games() -> None:
    depths: set[int] = set()
    kinds: set[str] = set()
    frames: set[str] = set()
    # one game of each size: 1,031 moments, 24 frame classes in all, stacks 5 deep; two
    # more games (4 players seed 4, 3 players seed 5) added 703 moments but no frame class,
    # no kind of decision and no depth these three do not reach
    for n, seed in [(2, 1), (3, 2), (4, 3)]:
        for s in states_of_a_game(n, seed):
            text = dump_position(s)
            pos = load_position(text)
            assert pos.complete and pos.problems == []
            assert dump_position(pos.state) == text
            depths.add(len(s.stack))
            kinds.add(s.pending.kind)
            frames.update(type(f).__name__ for f in s.stack)
    assert max(depths) >= 3  # a non-trivial stack: effects inside effects
    assert {"turn", "chance", "over"} <= kinds and len(kinds) >= 5
    assert len(frames) >= 8


def play_on(s: State, seed: int, limit: int = 400) -> str:
    rng = random.Random(seed)
    bots = {p.colour: RandomBot(random.Random(seed + i)) for i, p in enumerate(s.players)}
    for _ in range(limit):
        if s.is_over:
            break
        step = random_draw(s, rng) if s.pending.kind == "chance" else bots[
            s.pending.player].choose(s)
        advance(s, step)
    return dump_position(s)


def test_a_loaded_state_plays_on_identically() -> None:
    checked = 0
    for n, seed in [(2, 11), (3, 12), (4, 13)]:
        for i, s in enumerate(states_of_a_game(n, seed)):
            if i % 23 and len(s.stack) < 3:
                continue
            loaded = load_position(dump_position(s)).state
            assert representative_steps(loaded) == representative_steps(s)
            assert loaded.pending == s.pending
            assert play_on(loaded, i) == play_on(s.copy(), i)
            checked += 1
    assert checked > 20


def test_a_hand_written_final_table_is_partial_and_scores() -> None:
    pos = read_position(FINAL)
    assert not pos.complete
    assert pos.problems == []
    s = pos.state
    assert s.result == "finished" and s.is_over
    assert s.stock == [10, 10, 11, 11, 11]  # what no screen holds
    assert s.player("red").tiles["A7"] is True and s.player("red").tiles["A6"] is False
    sc = score(s)
    red, green = sc.of("red"), sc.of("green")
    assert [(line.rule, line.points) for line in red.lines] == [
        ("G.1", 4), ("G.2", 5), ("G.3", 6), ("G.4", 1), ("G.4", 1), ("G.4", 1)]
    assert [(line.rule, line.points) for line in green.lines] == [
        ("G.1", 3), ("G.2", 6), ("G.3", 4), ("G.4", 1), ("G.4", 1)]
    assert (red.total, green.total) == (18, 15)
    assert sc.winner == "red" and sc.finished


def test_a_partial_position_round_trips_as_a_complete_dump() -> None:
    pos = read_position(FINAL)
    again = load_position(dump_position(pos.state))
    assert again.complete  # everything is written, even what was derived
    assert dump_position(again.state) == dump_position(pos.state)


def test_broken_invariants_are_all_listed() -> None:
    text = FINAL.read_text().replace('tiles = "A2', 'tiles = "G1 A2').replace(
        'E7 = "D"', 'E7 = "D", D7 = "B"').replace('crops = "vegetables', 'crops = "'
                                                  + "wheat " * 12 + 'vegetables')
    pos = load_position(text, "t.toml")
    messages = [str(v) for v in pos.problems]
    assert "[J] field tile G1 is in 2 places at once" in messages
    assert any("adjacent" in m and m.startswith("[D.1]") for m in messages)
    assert "[J] stock holds a negative number of counters" in messages
    assert not pos.ok


@pytest.mark.parametrize("text, path, line, column, message", [
    ("[red]\ntiles = [\n", "", 3, 1, "bad TOML"),
    ("resut = 'finished'\n[red]\n[green]\n", "resut", 1, 1, "unknown key 'resut'"),
    ("[red]\ntils = 'A1'\n[green]\n", "red.tils", 2, 1, "unknown key 'tils'"),
    ("[red]\ntiles = 'A1 B1'\n[green]\n", "red.tiles", 2, 9, "no space B1 on the board"),
    ("[red]\ntiles = 3\n[green]\n", "red.tiles", 2, 9, "expected a list of board references"),
    ("[red]\ncrops = 'wheet'\n[green]\n", "red.crops", 2, 9, "unknown crop 'wheet'"),
    ("[red]\nworkers = { B6 = 'M' }\n[green]\n", "red.workers.B6", 2, 1, "'M' is not"),
    ("[red]\n[green]\n[blue]\n", "blue", 3, 1, "unknown key 'blue'"),
    ("[red]\n", "", 1, 1, "2 to 4 players"),
    ("result = 'done'\n[red]\n[green]\n", "result", 1, 10, "unknown value 'done'"),
    ("players = ['red', 'green']\n[red]\n[green]\n[[stack]]\ntype = 'TurnFrme'\n",
     "stack[0].type", 5, 8, "unknown frame type 'TurnFrme'"),
    ("players = ['red', 'green']\n[red]\n[green]\n[[stack]]\ntype = 'TurnFrame'\nx = {a = 1}\n",
     "stack[0].x", 6, 5, "a frame field's table"),
    ("pending = { kind = 'turn' }\n[red]\n[green]\n", "pending", 1, 11,
     "needs the frame stack"),
    ("turn = { player = 'red', used = 'ax' }\n[red]\n[green]\n", "turn.used", 1, 1,
     "actions are letters a to d"),
    ("", "", 1, 1, "empty position"),
    ("[red]\n\x00", "", 2, 1, "not a text file"),
])
def test_malformed_positions_give_key_paths_and_lines(text: str, path: str, line: int,
                                                      column: int, message: str) -> None:
    with pytest.raises(PositionError) as err:
        load_position(text, "p.toml")
    e = err.value
    assert message in e.message
    assert e.path == path
    assert (e.span.line, e.span.column) == (line, column)
    assert e.span.source == "p.toml"


def test_did_you_mean_for_position_keys_and_names() -> None:
    with pytest.raises(PositionError) as err:
        load_position("[red]\nharvestd = 'A1'\n[green]\n")
    assert err.value.hint == "did you mean 'harvested'?"
    with pytest.raises(PositionError) as err:
        load_position("[red]\ntiles = 'H1'\n[green]\n")
    assert err.value.hint == "the rows are A to G"


def test_frame_fields_keep_their_python_types() -> None:
    from keyharvest.rules.engine import COLOUR, FieldKind, Frame, saved

    anything = FieldKind("plain data", lambda value, state: True)

    class Probe(Frame):  # registered in FRAME_TYPES by subclassing
        fields = saved(who=COLOUR, a=anything, b=anything, c=anything, d=anything,
                       e=anything)

        def settle(self, state):
            from keyharvest.model.state import Pending, PendingKind

            return Pending(PendingKind.CHOICE, self.who, purpose="probe")

        def legal(self, state):  # a frame the engine can play on: it lists its steps
            yield S.Pass(self.who)

        def apply(self, state, step):  # and plays them (a position is played down on reading)
            state.stack.pop()

    try:
        s = new_game(deal(("red", "green"), random.Random(1), BOARD), BOARD)
        probe = Probe()
        probe.__dict__.update(who="red", a=None, b=("x", 1), c={"y", "z"}, d={"k": [1, (2,)]},
                              e=[None, True])
        s.stack.append(probe)
        from keyharvest.rules import stepping

        stepping.settle(s)
        text = dump_position(s)
        got = load_position(text).state.stack[-1]
        assert vars(got) == vars(probe)
        assert dump_position(load_position(text).state) == text
    finally:
        from keyharvest.rules.engine import FRAME_TYPES

        FRAME_TYPES.pop("Probe", None)


def test_turn_and_pending_are_read_back() -> None:
    text = ("players = ['red', 'green']\nturn = { player = 'green', number = 7, used = 'a', "
            "count = 1 }\n[red]\ntiles = 'B6'\ncrops = 'wheat'\n[green]\ntiles = 'A2'\n")
    s = load_position(text).state
    assert (s.current.colour, s.turn.number, s.turn.used) == ("green", 7, "a")
    assert s.pending.kind == "turn" and s.pending.player == "green"
    assert S.EndTurn("green") in representative_steps(s)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(), st.integers(min_value=-2**63, max_value=2**63 - 1),
                 st.booleans(), st.dates()))
def test_every_value_is_written_as_tomli_w_writes_it(value: object) -> None:
    """tomltext lays a position out itself (docs/notation.md says why not tomli-w), but
    each value it writes is the text tomli-w writes for it, and reads back."""
    text = literal(value)
    assert tomllib.loads(f"v = {text}")["v"] == value
    by_tomli_w = tomli_w.dumps({"v": value}).removeprefix("v = ").removesuffix("\n")
    assert text == by_tomli_w.replace("\t", "\\t")  # tomli-w leaves a tab as it is


def test_tomli_w_cannot_write_the_layout_of_a_position() -> None:
    """The measure behind writing positions with tomltext: tomli-w writes the same data
    in four times the lines (and other bytes), though both read back the same."""
    from keyharvest.play.replay import locate

    game = FINAL.parent.parent / "games" / "two-players.kh"
    text = dump_position(locate(game.read_text(), str(game), None).state)
    data = tomllib.loads(text)
    other = tomli_w.dumps(data)
    assert tomllib.loads(other) == data
    assert other.count("\n") > 4 * text.count("\n")  # 230 lines against 53 when measured


# -- a position is valid only if the engine can play it (issue 50) ---------------------------------
def _mid_game_text() -> str:
    from keyharvest.formats.records import load_records, read_source, replay

    path = Path(__file__).parent.parent / "scenarios/games/four-players.kh"
    record = load_records(read_source(path))[0]
    return dump_position(replay(record, upto=30).state)


def test_a_stack_without_its_turn_frame_is_refused_where_it_is_written() -> None:
    text = _mid_game_text()
    head = text.split("\n[[stack]]\n")[0]
    broken = head.replace("\n", "\nstack = []\n", 1)
    with pytest.raises(PositionError) as got:
        load_position(broken, "p.toml")
    assert "turn" in got.value.message and got.value.path == "stack"
    assert got.value.span.line == 2  # the line of `stack = []`


def test_a_pending_the_stack_does_not_wait_for_is_refused() -> None:
    text = _mid_game_text()
    pending = next(x for x in text.split("\n") if x.startswith("pending ="))
    player = pending.split('player = "')[1].split('"')[0]
    other = next(c for c in ("red", "green", "brown", "orange") if c != player and
                 f"[{c}]" in text)
    with pytest.raises(PositionError) as got:
        load_position(text.replace(pending, pending.replace(player, other)))
    assert "does not agree with the frame stack" in got.value.message
    assert f"{player} to take an action" in got.value.message
    assert got.value.path == "pending"
    with pytest.raises(PositionError, match="exactly when the game has a result|not agree"):
        load_position(text.replace(pending, 'pending = { kind = "over", rule = "F.4", '
                                            'purpose = "" }'))


def test_every_position_of_a_game_reads_back_and_plays_on() -> None:
    from keyharvest.formats.records import replay
    from keyharvest.play.selfplay import selfplay_game

    record = selfplay_game(3, 50, 1, bot="random", max_turns=30)
    state = replay(record, upto=0).state
    for step in record.steps:
        again = load_position(dump_position(state)).state
        assert dump_position(again) == dump_position(state)
        advance(again, step)  # the step played from the copy read back, as from the original
        advance(state, step)


def test_a_frame_twice_on_the_stack_is_refused_or_plays_on() -> None:
    """issue 50: fuzzing found stacks whose frames each read well and whose top waits for a
    legal step, but which the engine cannot come back down (the top frame written twice:
    event O's gift given twice was a ValueError in the engine, an internal error of
    ``moves`` after a step). Each such position is refused where its stack is written, or
    it plays on as any valid one."""
    refused = played = 0
    for n, seed in [(3, 21), (4, 22), (2, 23)]:
        for i, s in enumerate(states_of_a_game(n, seed)):
            if len(s.stack) < 2:
                continue
            head, *frames = dump_position(s).split("\n[[stack]]\n")
            twice = "\n[[stack]]\n".join([head, *frames, frames[-1]])
            try:
                loaded = load_position(twice, "p.toml")
            except PositionError as exc:
                assert exc.path.split("[")[0] in ("stack", "pending"), exc
                assert exc.span is not None, exc
                refused += "cannot be played down" in exc.message
                continue
            play_on(loaded.state, i, limit=60)
            played += 1
    assert refused >= 3, (refused, played)


#: benchmarks/fuzz.py's finding (seed 1020 of ``--positions 1 --inputs 25000``): a draw
#: into brown's hand for event Q put over the registry's refill. The play-down by a fixed
#: seed passed it; a tile drawn and then an event drawn by the refill broke I.52 in the
#: engine (an AssertionError, an internal error of ``moves`` a step or two on).
HAND_DRAW_OVER_A_REFILL = '''\
board = "standard"
players = ["brown", "green", "orange"]
max_turns = 60
steps = 225
stock = { hops = 9, vegetables = 10, apples = 8, wine = 10, wheat = 9 }
registry = ["B9", "B5", "E5", "F2", "F7"]
track = ["O", "Z", "X", "U", "R", "Q"]
fallow = ["D9", "E7"]
bag = [
    "A1", "A6", "A7", "C2", "C3", "C4", "C8", "D5", "D6", "F3", "F6", "F8", "F9", "G5", "G6", "G7",
    "M", "N", "S", "V", "W", "Y",
]
removed = ["P", "T"]
hidden_removed = 0
set_aside = []
spent = []
in_hand = []
town = ["G", "H", "I", "J", "K", "L"]
turn = { player = "green", number = 57, used = "bd", count = 1 }
pending = { kind = "chance", rule = "E.2", purpose = "brown draws for event Q" }

[brown]
tiles = ["A8", "G8", "A5", "A3", "D7", "D2", "F5", "C5", "E2", "B3"]
harvested = ["A8", "G8", "A5", "A3"]
workers = { A6 = "C", E1 = "B", E7 = "A" }
supply = ["D", "E", "F"]
crops = []
store = [{ tile = "G2", bid = ["wheat"] }, { tile = "B8", bid = ["wine", "wheat"] }]

[green]
tiles = ["F4", "G4", "D4", "A4", "D8", "G1", "E1", "C6"]
harvested = ["A4", "G1", "E1"]
workers = { G3 = "C", C8 = "B", F5 = "D", F2 = "A" }
supply = ["E", "F"]
crops = ["hops", "hops", "hops"]
store = [{ tile = "C1", bid = ["vegetables"] }, { tile = "D3", bid = ["apples", "wheat"] }]

[orange]
tiles = ["A2", "E6", "E4", "B2", "E3", "E8", "B6", "C7", "B4"]
harvested = ["B2", "E3", "E8"]
workers = { F4 = "C", A1 = "B", D7 = "A" }
supply = ["D", "E", "F"]
crops = ["apples", "apples", "wine"]
store = [{ tile = "G3", bid = ["vegetables"] }, { tile = "B7", bid = ["apples"] }]

[[stack]]
type = "TurnFrame"

[[stack]]
type = "LuckyDipFrame"
drawer = "green"
order = ["green", "orange", "brown"]
i = 2
phase = "drawn"
hand = 0
aside = 0

[[stack]]
type = "RefillFrame"
drawer = "green"
gap = 1
set_aside = false
purpose = "registry refill"
mine = []

[[stack]]
type = "HandDrawFrame"
player = "brown"
purpose = "brown draws for event Q"
mine = []
done = false
'''


def test_a_draw_into_the_hand_sits_on_the_frame_that_takes_the_tile() -> None:
    """issue 50: a HandDrawFrame is refused over any frame but an event's DrawingFrame or
    the Merchant's frame waiting for the draw; one of a game, over its own, reads."""
    with pytest.raises(PositionError) as caught:
        load_position(HAND_DRAW_OVER_A_REFILL, "p.toml")
    assert caught.value.path == "stack[3]" and "over a RefillFrame" in caught.value.message
    read = 0
    for seed in (5, 6, 7, 8):
        for s in states_of_a_game(3, seed):
            if type(s.stack[-1]).__name__ == "HandDrawFrame":
                load_position(dump_position(s), "p.toml")
                read += 1
    assert read, "no draw into the hand in these games"
