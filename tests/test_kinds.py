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
    assert [k.value for k in UnitKind] == ["record", "position", "file"]
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


# -- hot code reads members from module globals -------------------------------------------
HOT = {"settle", "apply", "push", "ask"}  # functions run at every step
LOOPS = {"push_steps", "play_game"}  # functions whose loops run once a step
KINDS = {"PendingKind", "Result", "Phase", "MerchantPhase"}


def enum_reads_in_hot_code(source: str, where: str) -> list[str]:
    """``Kind.MEMBER`` read in ``source`` inside a function of ``HOT`` or a loop of a function
    of ``LOOPS``: on Python 3.11 each such read goes through ``EnumType.__getattr__``'s hook
    (about 900 instructions), so hot code compares with module globals bound once
    (``CHANCE = PendingKind.CHANCE``)."""
    import ast

    found = []
    for fn in ast.walk(ast.parse(source)):
        if not isinstance(fn, ast.FunctionDef) or fn.name not in HOT | LOOPS:
            continue
        bodies = [fn] if fn.name in HOT else [
            n for n in ast.walk(fn) if isinstance(n, (ast.For, ast.While))]
        hits = {(node.lineno, node.value.id, node.attr)
                for body in bodies for node in ast.walk(body)
                if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id in KINDS}
        found += [f"{where}:{line}: {kind}.{member} in {fn.name}"
                  for line, kind, member in sorted(hits)]
    return found


def test_hot_code_reads_no_member_off_an_enum_class() -> None:
    from pathlib import Path

    import keyharvest

    root = Path(keyharvest.__file__).parent
    files = [*sorted((root / "rules").rglob("*.py")), root / "play" / "selfplay.py"]
    found = [hit for f in files
             for hit in enum_reads_in_hot_code(f.read_text(), str(f.relative_to(root)))]
    assert found == []
    planted = ("def settle(self, state):\n    return state.pending.kind == PendingKind.TURN\n"
               "def play_game(state):\n    chance = PendingKind.CHANCE  # once: allowed\n"
               "    while state.result is None:\n        if state.result == Result.FINISHED:\n"
               "            break\n")
    assert enum_reads_in_hot_code(planted, "x.py") == [
        "x.py:2: PendingKind.TURN in settle", "x.py:6: Result.FINISHED in play_game"]
