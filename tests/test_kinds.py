"""Kinds as enums (issue 12, item 6): what the game waits for, how it ended, the points of
``--to``, the units of a batch and the phases of events and of the Merchant are
``StrEnum``s whose values are the words positions, JSON and output always wrote."""

from __future__ import annotations

import json

from test_frame_data import first_with

from keyharvest.formats.positions import dump_position, load_position
from keyharvest.model.state import PendingKind, Result
from keyharvest.play.batch import UnitKind
from keyharvest.play.replay import PointKind, parse_point
from keyharvest.rules.abilities import MerchantPhase
from keyharvest.rules.events.base import EventFrame, Phase


def test_the_values_are_the_words_written_before() -> None:
    assert [k.value for k in PendingKind] == [
        "turn", "chance", "replace", "ability", "event", "choice", "over"]
    assert [r.value for r in Result] == ["finished", "unfinished"]
    assert [k.value for k in PointKind] == ["step", "turn", "end"]
    assert [k.value for k in UnitKind] == ["record", "position", "file", "skipped"]
    assert [p.value for p in Phase] == ["", "drawn", "pick", "events", "refill", "keep", "done"]
    assert [p.value for p in MerchantPhase] == ["offer", "draw", "registry", "hand", "events"]
    # as text they are their value: in f-strings, JSON and comparisons with plain strings
    assert f"{PendingKind.CHANCE}" == "chance" and PendingKind.TURN == "turn"
    assert json.dumps({"kind": UnitKind.RECORD}) == '{"kind": "record"}'


def test_points_are_read_as_members() -> None:
    assert parse_point("start").kind is PointKind.STEP
    assert parse_point("turn 3 red").kind is PointKind.TURN
    assert parse_point("end").kind is PointKind.END


def test_a_position_is_read_back_into_members() -> None:
    s = first_with("GiftFrame")
    loaded = load_position(dump_position(s)).state
    assert type(loaded.pending.kind) is PendingKind and loaded.pending.kind == s.pending.kind
    phases = [f.phase for f in loaded.stack if isinstance(f, EventFrame)]
    assert phases and all(type(p) is Phase for p in phases)
    s = first_with("MerchantFrame")
    merchant = next(f for f in load_position(dump_position(s)).state.stack
                    if type(f).__name__ == "MerchantFrame")
    assert type(merchant.phase) is MerchantPhase
    done = load_position('result = "finished"\n[red]\n[green]\n').state
    assert done.result is Result.FINISHED
