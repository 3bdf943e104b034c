"""Frames saved by contract (issue 12, item 4): each frame class declares the fields it
saves and how each is checked, so that a position whose ``[[stack]]`` names an unknown
field, leaves one out, gives one the wrong type or names an unknown frame type is a
``PositionError`` at ``stack[N].field`` (exit 1), and every frame self-play puts on the
stack is written and read back to the same state."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from cli_util import kh

from keyharvest.errors import PositionError
from keyharvest.formats.boardfile import standard_board
from keyharvest.formats.positions import dump_position, load_position
from keyharvest.model.setup import deal
from keyharvest.model.state import State
from keyharvest.play.bots import GreedyBot, RandomBot, random_draw
from keyharvest.rules import advance, representative_steps
from keyharvest.rules.actions import new_game
from keyharvest.rules.engine import FRAME_TYPES

BOARD = standard_board()
#: The classes only others derive from: never on a stack themselves.
BASES = {"AbilityFrame", "EventFrame", "OneAnswerFrame", "DrawingFrame"}


def self_play(seed: int):
    """Every state of a game of 2 to 4 players, random and greedy bots, from ``seed``."""
    n = 2 + seed % 3
    rng = random.Random(seed)
    s = new_game(deal(("red", "green", "yellow", "brown")[:n], rng, BOARD, 200), BOARD)
    bots = [(RandomBot if (seed + i) % 2 else GreedyBot)(random.Random(seed * 7 + i))
            for i in range(n)]
    while not s.is_over:
        yield s
        step = random_draw(s, rng) if s.pending.kind == "chance" else bots[
            s.index(s.pending.player)].choose(s)
        advance(s, step)


def first_with(name: str, seeds: range = range(60)) -> State:
    """The first self-play state with a frame of class ``name`` above the turn."""
    for seed in seeds:
        for s in self_play(seed):
            if any(type(f).__name__ == name for f in s.stack[1:]):
                return s.copy()
    raise AssertionError(f"no self-play game put a {name} on the stack")


@pytest.mark.pure_only  # vars() of a frame: a compiled (native) frame has no __dict__
def test_every_frame_class_self_play_reaches_round_trips() -> None:
    seen: set[str] = set()
    for seed in range(40):
        for s in self_play(seed):
            names = {type(f).__name__ for f in s.stack}
            if names <= seen:
                continue
            seen |= names
            text = dump_position(s)
            loaded = load_position(text).state
            assert dump_position(loaded) == text
            assert [(type(f), vars(f)) for f in loaded.stack] == [
                (type(f), vars(f)) for f in s.stack]
            assert loaded.pending == s.pending
            assert representative_steps(loaded) == representative_steps(s)
            for f in s.stack:  # what a frame holds is exactly what it declares, in order
                assert list(vars(f)) == list(type(f).schema)
    assert seen == {name for name, cls in FRAME_TYPES.items()
                    if cls.__module__.startswith("keyharvest.")} - BASES


def stack_table(text: str, index: int) -> tuple[int, int]:
    """The (start, end) offsets of the ``index``-th ``[[stack]]`` table in ``text``."""
    starts = [m.start() for m in re.finditer(r"^\[\[stack\]\]$", text, re.MULTILINE)]
    end = starts[index + 1] if index + 1 < len(starts) else len(text)
    return starts[index], end


def edit_field(text: str, index: int, old: str, new: str) -> str:
    start, end = stack_table(text, index)
    table = text[start:end]
    assert re.search(rf"^{old}$", table, re.MULTILINE), table
    table = re.sub(rf"^{old}$", new, table, count=1, flags=re.MULTILINE)
    return text[:start] + table + text[end:]


def refill_position() -> tuple[str, int]:
    """A position mid-refill (from self-play) and the stack index of its RefillFrame."""
    s = first_with("RefillFrame")
    index = next(i for i, f in enumerate(s.stack) if type(f).__name__ == "RefillFrame")
    return dump_position(s), index


@pytest.mark.parametrize(("edit", "field", "message"), [
    (("gap = (\\d+)", "gapp = \\1"), "gapp", "RefillFrame has no field 'gapp'"),
    (("gap = (\\d+)", ""), "gap", "RefillFrame needs its field 'gap'"),
    (("gap = (\\d+)", 'gap = "1"'), "gap", "expected a whole number of at least 0, not '1'"),
    (("gap = (\\d+)", "gap = -1"), "gap", "expected a whole number of at least 0, not -1"),
    (("set_aside = (true|false)", "set_aside = 1"), "set_aside", "expected true or false"),
    (("drawer = (.*)", 'drawer = "purple"'), "drawer", "the colour of a player in the game"),
    (("mine = (.*)", 'mine = ["Z9"]'), "mine", "expected a list of events set aside on the table"),
    (("type = (.*)", 'type = "RefilFrame"'), "type", "unknown frame type 'RefilFrame'"),
])
def test_a_bad_frame_field_is_a_position_error_at_its_key(
        edit: tuple[str, str], field: str, message: str) -> None:
    text, index = refill_position()
    bad = edit_field(text, index, *edit)
    with pytest.raises(PositionError) as err:
        load_position(bad, "pos.toml")
    assert err.value.path == f"stack[{index}].{field}"
    assert message in err.value.message


def test_a_misspelt_field_suggests_the_right_one() -> None:
    text, index = refill_position()
    with pytest.raises(PositionError) as err:
        load_position(edit_field(text, index, "gap = (\\d+)", "gapp = \\1"))
    assert err.value.hint == "did you mean 'gap'?"
    bad = edit_field(text, index, "gap = (\\d+)", "gapp = \\1")
    assert bad.split("\n")[err.value.span.line - 1].startswith("gapp = ")


@pytest.mark.parametrize(("name", "edit", "field"), [
    ("RefillFrame", ("gap = (\\d+)", "gapp = \\1"), "gapp"),  # misspelt
    ("RefillFrame", ("gap = (\\d+)", ""), "gap"),  # missing
    ("DisplacedFrame", ("worker = (.*)", "worker = 3"), "worker"),  # an int for a string
    ("MerchantFrame", ("phase = (.*)", 'phase = "shop"'), "phase"),  # not one of its phases
    ("GiftFrame", ("i = (\\d+)", "i = true"), "i"),  # a bool for a number
    ("ReplacementFrame", ("order = (.*)", 'order = "red"'), "order"),  # a string for a list
    ("RefillFrame", ('type = "RefillFrame"', 'type = "RefillFram"'), "type"),  # unknown type
])
def test_validate_exits_1_naming_the_frame_field(tmp_path: Path, name: str,
                                                 edit: tuple[str, str], field: str) -> None:
    s = first_with(name)
    index = next(i for i, f in enumerate(s.stack) if type(f).__name__ == name)
    bad = edit_field(dump_position(s), index, *edit)
    pos = tmp_path / "pos.toml"
    pos.write_text(bad)
    r = kh("validate", pos)
    assert r.code == 1, r.err
    assert f"stack[{index}].{field}" in r.err
    pos.write_text(dump_position(s))
    assert kh("validate", pos).code == 0
