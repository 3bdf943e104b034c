"""Game records (.kh): front matter + movetext, read, written, replayed; robust input."""

from __future__ import annotations

import datetime
import random
import shutil
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from step_strategies import comments_for, steps_of

from keyharvest.errors import NotationError, PositionError
from keyharvest.formats.boardfile import standard_board
from keyharvest.formats.records import (
    Record,
    decode_source,
    format_record,
    format_records,
    iter_records,
    load_record,
    load_records,
    read_source,
    record_from_game,
    replay,
)
from keyharvest.model import steps as S
from keyharvest.model.setup import deal
from keyharvest.play.bots import RandomBot
from keyharvest.play.selfplay import play_game
from keyharvest.rules import advance, representative_steps
from keyharvest.rules.actions import new_game

BOARD = standard_board()
DATA = Path(__file__).parent.parent / "keyharvest" / "data" / "board.toml"

HEAD = """+++
event = "Club night"
players = ["red", "green"]
start = "red"
registry = ["A1", "A3", "A4", "A5", "A6", "A7"]

[tiles]
red = ["B6", "G1"]
green = ["A2", "E6"]

[crops]
red = ["wheat", "wine", "hops"]
green = ["wheat", "apples", "vegetables"]
+++
"""
MOVES = "1. red: harvest B6; offer A1 for wheat; draw B3\n2. green: harvest A2\n"


def game(n: int, seed: int, max_turns: int = 200) -> Record:
    rng = random.Random(seed)
    setup = deal(("red", "green", "yellow", "brown")[:n], rng, BOARD, max_turns)
    bots = [RandomBot(random.Random(seed * 10 + i)) for i in range(n)]
    return play_game(setup, BOARD, bots, rng, {"event": "test", "round": seed})


# -- reading and writing -------------------------------------------------------------------
def test_a_record_reads_its_setup_and_steps() -> None:
    r = load_record(HEAD + MOVES, "club.kh")
    assert r.setup.players == ("red", "green")
    assert r.setup.start == "red"
    assert r.setup.tiles == {"red": ("B6", "G1"), "green": ("A2", "E6")}
    assert r.setup.crops["red"] == ("hops", "wine", "wheat")  # canonical order
    assert r.setup.removed == ()
    assert r.metadata == {"event": "Club night"}
    assert r.board == "standard"
    assert r.steps == [S.Harvest("red", ("B6",)), S.Offer("red", "A1", ("wheat",)),
                       S.Draw("B3"), S.EndTurn("red"), S.Harvest("green", ("A2",))]
    assert (r.line, r.movetext_line) == (1, 15)
    assert r.steps[0].span.line == 15 and r.steps[0].span.source == "club.kh"


def test_liberal_front_matter_is_written_canonically() -> None:
    text = HEAD.replace('red = ["B6", "G1"]', 'RED = "b6 g1"').replace(
        'red = ["wheat", "wine", "hops"]', 'red = "yellow, red, brown"').replace(
        '["red", "green"]', '"Red Green"')
    r = load_record(text + MOVES)
    assert r == load_record(HEAD + MOVES)
    assert format_record(r) == format_record(load_record(HEAD + MOVES))


def test_format_of_a_record() -> None:
    r = load_record(HEAD + MOVES)
    assert format_record(r) == (
        "+++\n"
        'event = "Club night"\n'
        'players = ["red", "green"]\n'
        'start = "red"\n'
        'board = "standard"\n'
        'registry = ["A1", "A3", "A4", "A5", "A6", "A7"]\n'
        "removed = []\n"
        "\n[tiles]\n"
        'red = ["B6", "G1"]\n'
        'green = ["A2", "E6"]\n'
        "\n[crops]\n"
        'red = ["hops", "wine", "wheat"]\n'
        'green = ["vegetables", "apples", "wheat"]\n'
        "+++\n"
        "1. red: harvest B6; offer A1 for wheat; draw B3\n"
        "2. green: harvest A2\n")


@pytest.mark.parametrize("n, seed", [(2, 1), (3, 2), (4, 3), (4, 4)])
def test_played_games_round_trip(n: int, seed: int) -> None:
    r = game(n, seed)
    text = format_record(r)
    back = load_record(text, "g.kh")
    assert back == r
    assert format_record(back) == text
    done = replay(back)
    assert done.error is None and done.finished


@st.composite
def records(draw):
    n = draw(st.integers(2, 4))
    seed = draw(st.integers(0, 10_000))
    setup = deal(("red", "green", "yellow", "brown")[:n], random.Random(seed), BOARD,
                 draw(st.none() | st.integers(1, 500)))
    if n > 2 and draw(st.booleans()):
        import dataclasses

        setup = dataclasses.replace(setup, removed=None)
    steps = draw(st.lists(steps_of(setup.players), max_size=25))
    comments = draw(comments_for(len(steps), steps))
    meta = draw(st.fixed_dictionaries({}, optional={
        "event": st.text(max_size=10), "date": st.dates(), "round": st.integers(0, 99),
        "names": st.fixed_dictionaries({setup.players[0]: st.text(max_size=5)}),
        "meta": st.dictionaries(st.text(min_size=1, max_size=5), st.integers(), max_size=2),
        "notes": st.text(max_size=20)}))
    return record_from_game(setup, steps, meta, comments=comments)


@given(records())
@settings(max_examples=150, deadline=None)
def test_any_record_round_trips(r: Record) -> None:
    text = format_record(r)
    back = load_record(text)
    assert back == r
    assert format_record(back) == text


def test_several_records_in_a_file() -> None:
    rs = [game(2, 5), game(3, 6)]
    text = format_records(rs)
    got = load_records(text, "t.kh")
    assert got == rs
    assert got[1].line == text.splitlines().index("+++", 1 + text.splitlines().index(
        "+++", 1)) + 1
    assert got[1].text.startswith("+++\n")
    assert next(iter_records(text)) == rs[0]
    assert format_records(got) == text


def test_record_from_game_drops_spans() -> None:
    r = load_record(HEAD + MOVES)
    again = record_from_game(r.setup, r.steps, r.metadata)
    assert again == r
    assert all(s.span is None for s in again.steps)


def test_a_board_file_relative_to_the_record(tmp_path: Path) -> None:
    shutil.copy(DATA, tmp_path / "mine.toml")
    text = (HEAD + MOVES).replace('start = "red"', 'start = "red"\nboard = "mine.toml"')
    path = tmp_path / "game.kh"
    path.write_text(text)
    r = load_record(read_source(path), str(path))
    assert r.board == "mine.toml"
    assert replay(r).error is None
    assert 'board = "mine.toml"' in format_record(r)


# -- replay -------------------------------------------------------------------------------------
def test_replay_stops_at_the_first_illegal_step_with_its_rule_and_span() -> None:
    text = HEAD + MOVES + "3. red: buy A1 from green\n"
    done = replay(load_record(text, "club.kh"))
    assert done.applied == 6 and not done.ok  # the header implied green's end
    err = done.error
    assert err.rule == "C.4"
    assert err.message == "red cannot buy A1 from green: it is in red's store"
    assert (err.span.line, err.span.column, err.span.end_column) == (17, 9, 26)


def test_replay_upto_and_each() -> None:
    r = game(2, 7)
    done = replay(r, upto=10, each=True)
    assert done.applied == 10 and len(done.states) == 11
    s = new_game(r.setup, BOARD)
    for step in r.steps[:10]:
        advance(s, step)
    assert done.state.steps == s.steps == 10


def _forced_pass_indexes(r: Record) -> list[int]:
    s = new_game(r.setup, BOARD)
    out = []
    for i, step in enumerate(r.steps):
        if isinstance(step, S.Pass) and representative_steps(s) == [step]:
            out.append(i)
        advance(s, step)
    return out


def test_replay_supplies_a_pass_left_out_where_it_is_the_only_answer() -> None:
    for seed in range(20):
        r = game(3, seed)
        forced = _forced_pass_indexes(r)
        # only a pass followed by another player's step (or a draw) can be left out
        forced = [i for i in forced if i + 1 < len(r.steps) and (
            isinstance(r.steps[i + 1], S.Draw)
            or r.steps[i + 1].player != r.steps[i].player)]
        if forced:
            break
    else:  # pragma: no cover
        pytest.skip("no forced pass in these games")
    short = [s for i, s in enumerate(r.steps) if i not in forced]
    cut = record_from_game(r.setup, short, r.metadata)
    done = replay(cut)
    assert done.ok and done.finished
    assert [i for i, _ in done.implied] == [f - k for k, f in enumerate(forced)]
    full = replay(r)
    assert done.state.steps == full.state.steps
    assert not replay(cut, fill_passes=False).ok


def test_bots_are_deterministic() -> None:
    assert game(3, 11) == game(3, 11)
    assert format_record(game(3, 11)) != format_record(game(3, 12))


# -- robust input ------------------------------------------------------------------------------
def _err(text: str) -> NotationError:
    with pytest.raises(NotationError) as err:
        load_records(text, "bad.kh")
    assert err.value.span is not None
    return err.value


@pytest.mark.parametrize("text, line, column, message", [
    ("", 1, 1, "no record here"),
    ("\n\n   \n", 1, 1, "no record here"),
    ("hello\n" + HEAD, 1, 1, "a record starts with its front matter"),
    ("+++\nplayers = []\n", 1, 1, "the front matter opened here is not closed"),
    (HEAD.replace('start = "red"', 'start = "red'), 4, 13, "bad TOML in the front matter"),
    (HEAD.replace("registry =", "regsitry ="), 5, 1, "unknown key 'regsitry'"),
    (HEAD.replace('start = "red"\n', ""), 1, 1, "missing 'start'"),
    (HEAD.replace('start = "red"', 'start = "yellow"'), 4, 9, "yellow is not playing"),
    (HEAD.replace('start = "red"', 'start = 3'), 4, 9, "expected a player's colour"),
    (HEAD.replace('red = ["B6", "G1"]', 'red = ["B6", "G2"]'), 8, 7,
     "is not a starting pair of the board"),
    (HEAD.replace('red = ["B6", "G1"]', 'red = ["B6"]'), 8, 7, "a starting pair is 2 tiles"),
    (HEAD.replace('"hops"]', '"hopz"]'), 12, 7, "unknown crop 'hopz'"),
    (HEAD.replace('"A7"]', '"A7", "A8"]'), 5, 12, "the first registry holds 6 tiles"),
    (HEAD.replace('"A7"]', '"B6"]'), 5, 12, "B6 is a player's starting tile"),
    (HEAD.replace('["red", "green"]', '["red", "green", "yellow"]'), 7, 1,
     "missing the entry of yellow"),
    (HEAD.replace('start = "red"', 'start = "red"\nmax_turns = "ten"'), 5, 13,
     "expected a whole number of turns"),
    (HEAD.replace('start = "red"', 'start = "red"\nremoved = ["M"]'), 5, 11,
     "with 2 players 0 events are removed, not 1"),
    (HEAD.replace('start = "red"', 'start = "red"\nboard = "nowhere.toml"'), 5, 9,
     "cannot load the board"),
    (HEAD + "1. red: harvest B6 @\n", 15, 20, "unexpected character '@'"),
    (HEAD + "1. red: harvest B6\n\x00", 16, 1, "not a text file"),
])
def test_malformed_records_give_positioned_errors(text: str, line: int, column: int,
                                                  message: str) -> None:
    err = _err(text)
    assert message in err.message
    assert (err.span.line, err.span.column) == (line, column)
    assert err.span.source == "bad.kh"


def test_setup_errors_carry_the_rule_and_key_path() -> None:
    err = _err(HEAD.replace('red = ["B6", "G1"]', 'red = ["B6", "G2"]'))
    assert err.rule == "B.5" and err.path == "tiles.red"


def test_removed_events_may_be_unknown() -> None:
    text = HEAD.replace('["red", "green"]', '["red", "green", "yellow"]').replace(
        'green = ["A2", "E6"]', 'green = ["A2", "E6"]\nyellow = ["D9", "F4"]').replace(
        'green = ["wheat", "apples", "vegetables"]',
        'green = ["wheat", "apples", "vegetables"]\nyellow = ["hops", "wine", "apples"]')
    with pytest.raises(NotationError, match="missing 'removed'"):
        load_record(text)
    text = text.replace('start = "red"', 'start = "red"\nremoved = "unknown"')
    r = load_record(text + MOVES)
    assert r.setup.removed is None
    assert 'removed = "unknown"' in format_record(r)
    assert replay(r).ok


def test_binary_and_undecodable_files() -> None:
    with pytest.raises(NotationError, match="not UTF-8") as err:
        decode_source(b"+++\nplayers = [\"red\"]\n\xff\xfe", "b.kh")
    assert (err.value.span.line, err.value.span.column) == (3, 1)
    assert decode_source("\ufeff+++".encode()) == "+++"
    with pytest.raises(NotationError, match="cannot read"):
        read_source("/nonexistent/file.kh")


def test_a_huge_file_is_read_or_rejected_with_a_position() -> None:
    rs = [game(2, 1)] * 30
    assert len(load_records(format_records(rs))) == 30
    err = _err(HEAD + "1. red: " + "harvest B6; " * 20000 + "harvest ???\n")
    assert err.span.line == 15
    err = _err(HEAD + "x" * 1_000_000)
    assert err.span.line == 15


def test_dates_and_metadata_survive() -> None:
    text = HEAD.replace('event = "Club night"',
                        'event = "Club night"\ndate = 2024-05-01\nround = 3')
    text = text[:-4] + '\n[names]\nred = "Ann"\n\n[meta]\nx = "y"\n+++\n'
    r = load_record(text)
    assert r.metadata == {"event": "Club night", "date": datetime.date(2024, 5, 1),
                          "round": 3, "names": {"red": "Ann"}, "meta": {"x": "y"}}
    assert load_record(format_record(r)) == r


def test_names_must_be_players() -> None:
    text = HEAD[:-4] + '\n[names]\nrde = "Ann"\n+++\n'
    err = _err(text)
    assert err.message == "names.rde: unknown player 'rde'"
    assert err.hint == "did you mean 'red'?"


def test_deeply_nested_metadata_is_written_without_recursion() -> None:
    # found by benchmarks/fuzz.py: the formatter recursed once per level of nesting
    deep = "[" * 400 + "1" + "]" * 400
    text = HEAD.replace("+++\n", f"+++\nmeta = {{ x = {deep} }}\n", 1) + MOVES
    (record,) = load_records(text)
    again = format_record(record)
    assert load_records(again)[0] == record
    head, close, _ = HEAD.rpartition("+++\n")
    tables = head + "[meta" + ".a" * 500 + "]\nv = 1\n" + close
    (record,) = load_records(tables + MOVES)
    assert load_records(format_record(record))[0] == record


#: Lines of a four-player front matter, each with the variants a writer might put there
#: (the first as ``format_record`` writes it): ``_FrontMatter.as_written`` must read only
#: what the full check reads without a problem, to the same setup.
_FRONT_LINES: list[list[str]] = [
    [
        'event = "self-play"',
        'event = 1',
        '',
    ],
    [
        'players = ["brown", "green", "orange", "red"]',
        'players = ["Brown", "green", "orange", "red"]',
        'players = "brown green orange red"',
        'players = ["brown", "brown", "orange", "red"]',
        'players = ["brown", "green", "orange", "red", "yellow"]',
        'players = ["brown", 1, "orange", "red"]',
        'players = ["brown", "green", "orange", "blue"]',
        'players = [" brown", "green", "orange", "red"]',
        '',
    ],
    [
        'start = "orange"',
        'start = "Orange"',
        'start = "yellow"',
        'start = 3',
        '',
    ],
    [
        'board = "standard"',
        'board = " standard"',
        'board = ""',
        'board = 1',
        'board = "nowhere.toml"',
        '',
    ],
    [
        'max_turns = 400',
        'max_turns = "400"',
        'max_turns = true',
        'max_turns = 0',
        '',
    ],
    [
        'registry = ["F8", "F6", "B9", "C7", "D7", "G4"]',
        'registry = ["f8", "F6", "B9", "C7", "D7", "G4"]',
        'registry = ["F8", "F6", "B9", "C7", "D7"]',
        'registry = ["F8", "F6", "B9", "C7", "D7", "D9"]',
        'registry = "F8 F6 B9 C7 D7 G4"',
        'registry = ["F8", "F6", "B9", "C7", "D7", 4]',
        '',
    ],
    [
        'removed = ["M", "V"]',
        'removed = ["m", "V"]',
        'removed = "unknown"',
        'removed = ["M"]',
        'removed = ["M", "1"]',
        'removed = "M V"',
        'removed = ["M", "M"]',
        '',
    ],
    [
        'notes = "a game"',
        'colour = "red"',
        '',
    ],
    [
        '[tiles]',
        '[tile]',
    ],
    [
        'brown = ["D9", "F4"]',
        'Brown = ["D9", "F4"]',
        'brown = ["d9", "F4"]',
        'brown = ["D9"]',
        'brown = "D9 F4"',
        'brown = ["D9", "F4", "A1"]',
        'brown = [" D9", "F4"]',
        '',
    ],
    [
        'green = ["A8", "G8"]',
        'yellow = ["A8", "G8"]',
        'green = ["A8", "A8"]',
    ],
    [
        'orange = ["E6", "A2"]',
    ],
    [
        'red = ["B6", "G1"]',
        'red = ["B6", 1]',
    ],
    [
        '[crops]',
    ],
    [
        'brown = ["hops", "apples", "wine"]',
        'brown = ["Hops", "apples", "wine"]',
        'brown = ["hops", "apples", "beer"]',
        'brown = "hops apples wine"',
        'brown = ["hops", "apples"]',
        '',
    ],
    [
        'green = ["hops", "hops", "wheat"]',
        'green = ["wheat", "hops", "hops"]',
        'yellow = ["hops"]',
    ],
    [
        'orange = ["vegetables", "apples", "wine"]',
        'orange = ["vegetables", "apples", 2]',
    ],
    [
        'red = ["vegetables", "wine", "wheat"]',
    ],
    [
        '[names]',
        '[meta]',
        '[other]',
    ],
    [
        'red = "Ann"',
        'Red = "Ann"',
        'blue = "Ann"',
        'bot = "random"',
        '',
    ],
]


@settings(max_examples=500, deadline=None)
@given(st.tuples(*[st.sampled_from([0, 0, 0, *range(len(v))]) for v in _FRONT_LINES]))
@example((0,) * len(_FRONT_LINES))
def test_a_plain_front_matter_reads_as_the_full_check_reads_it(choice: tuple[int, ...]) -> None:
    """The one front-matter checker reads a front matter as written at once
    (``_FrontMatter.as_written``) only when its checks (``_FrontMatter.setup``) find no
    problem in it, to the same setup, board named and metadata; ``_read_front`` takes that
    only for a setup that can start on its board (``setup_problems``), else its checks
    report the problems; any variant it does not read is left to the checks."""
    from keyharvest.errors import BoardError
    from keyharvest.formats.boardfile import NAMED_ONLY
    from keyharvest.formats.records import _FrontMatter, _read_front
    from keyharvest.model.setup import setup_problems

    front = "".join(v[i] + "\n" for v, i in zip(_FRONT_LINES, choice, strict=True))
    fast = _FrontMatter(front, "x.kh", 1)
    quick = fast.as_written(fast.load())
    if quick is None:
        assert any(choice), "the front matter as written is read at once"
        return
    checks = _FrontMatter(front, "x.kh", 1)
    setup, spec, metadata = checks.setup(checks.load())
    assert not checks.problems and quick == (setup, spec, metadata)
    assert fast.players == checks.players
    fm, *read = _read_front(front, "x.kh", 1, None, NAMED_ONLY)
    try:
        board = NAMED_ONLY.board_for(quick[1], "x.kh")
    except BoardError:  # a board that does not load: the checks report it
        assert fm.problems and read[3] is None
        return
    assert read == [setup, spec, metadata, board]
    if setup_problems(quick[0], board):  # a setup that cannot start: the checks report it
        with pytest.raises(PositionError):
            new_game(quick[0], board)
        assert fm.problems
    else:
        assert not fm.problems
    assert list(quick[0].tiles) == list(setup.tiles) and list(quick[0].crops) == list(setup.crops)
