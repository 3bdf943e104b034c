"""Robustness: whatever the text, reading a record or a position either succeeds or raises
a positioned keyharvest error that diagnose() can show; never another exception."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from keyharvest.errors import KeyHarvestError, NotationError, PositionError
from keyharvest.formats.boardfile import standard_board
from keyharvest.formats.diagnostics import diagnose
from keyharvest.formats.positions import dump_position, load_position
from keyharvest.formats.records import format_record, load_records, replay
from keyharvest.model.setup import deal
from keyharvest.play.bots import RandomBot
from keyharvest.play.selfplay import play_game

_BOARD = standard_board()
_RNG = random.Random(5)
_RECORD = play_game(deal(("red", "green", "yellow"), _RNG, _BOARD, 60), _BOARD,
                    [RandomBot(random.Random(i)) for i in range(3)], _RNG)
RECORD_TEXT = format_record(_RECORD)
POSITION_TEXT = dump_position(replay(_RECORD, upto=40).state)

edits = st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 3),
                           st.sampled_from(list("+=[]{}\"'#:;,.\n 0123ABCrgdwheat\x00é"))),
                 min_size=1, max_size=6)


def mutate(text: str, ops: list[tuple[int, int, str]]) -> str:
    for pos, kind, ch in ops:
        i = pos % (len(text) + 1)
        if kind == 0:
            text = text[:i] + ch + text[i:]
        elif kind == 1:
            text = text[:i] + text[i + 1:]
        elif kind == 2:
            text = text[:i] + ch + text[i + 1:]
        else:
            text = text[:i] + text[i:i + 20] + text[i:]  # duplicate a piece
    return text


@given(edits)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_mangled_record_never_crashes(ops: list[tuple[int, int, str]]) -> None:
    text = mutate(RECORD_TEXT, ops)
    try:
        for record in load_records(text, "f.kh"):
            done = replay(record)
            if done.error is not None:
                assert diagnose(done.error, text, "f.kh").format()
    except NotationError as exc:
        assert exc.span is not None
        assert diagnose(exc, text, "f.kh").format().startswith("f.kh:")
    except KeyHarvestError as exc:  # a setup the board cannot take
        assert diagnose(exc, text, "f.kh").format()


@given(edits)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_mangled_position_never_crashes(ops: list[tuple[int, int, str]]) -> None:
    text = mutate(POSITION_TEXT, ops)
    try:
        pos = load_position(text, "p.toml")
    except PositionError as exc:
        assert exc.span is not None
        assert diagnose(exc, text, "p.toml").format().startswith("p.toml:")
    else:
        assert isinstance(pos.problems, list)


@given(st.binary(max_size=200))
def test_random_bytes_never_crash(data: bytes) -> None:
    from keyharvest.formats.records import decode_source

    try:
        load_records(decode_source(data, "b.kh"), "b.kh")
    except NotationError as exc:
        assert exc.span is not None
    try:
        load_position(data.decode("utf-8", "replace"), "b.toml")
    except PositionError as exc:
        assert exc.span is not None
