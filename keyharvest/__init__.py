"""keyharvest: rules engine, notation and tools for records of the board game Key Harvest.

The public API, loaded lazily so that ``import keyharvest`` stays cheap::

    import random, keyharvest as kh
    state = kh.random_game(3, seed=7)        # a dealt 3-player game (RULES.md B)
    kh.legal_steps(state)                    # what may come next (representative choices)
    kh.legal_steps(state, complete=True)     # every legal step
    kh.push(state, step)                     # checked, in place; raises kh.IllegalStep
    kh.pop(state)                            # and undone
    state = kh.apply(state, step)            # checked, on a copy
    kh.score(state)                          # itemised score (G)

For programs that search or learn (docs/api.md): ``state.current_player()`` (a seat,
``kh.CHANCE`` or ``kh.TERMINAL``), ``kh.chance_outcomes``, ``kh.returns``, and integer
actions: ``kh.NUM_ACTIONS``, ``kh.legal_actions``, ``kh.apply_action``,
``kh.action_to_string``.
"""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"

def build_kind() -> str:
    """Which build of keyharvest runs: ``"compiled (mypyc)"`` when the engine's modules are
    C extensions made by mypyc (the wheel built with ``KEYHARVEST_COMPILE=1``), else
    ``"pure Python"``. Told by the file ``keyharvest.rules.actions`` was loaded from (one
    of the compiled modules): an extension's name ends in one of the platform's
    ``importlib.machinery.EXTENSION_SUFFIXES`` (found without running the module).
    ``keyharvest --version`` says it, and the benchmark's first row."""
    import importlib.machinery
    import importlib.util

    spec = importlib.util.find_spec(".rules.actions", __name__)
    origin = (spec.origin if spec is not None else None) or ""
    compiled = origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    return "compiled (mypyc)" if compiled else "pure Python"

_EXPORTS = {
    "Board": "model.board", "load_board": "formats.boardfile",
    "standard_board": "formats.boardfile",
    "State": "model.state", "Pending": "model.state",
    "Setup": "model.setup", "deal": "model.setup", "new_game": "rules.actions",
    "random_game": "play.selfplay",
    "apply": "rules", "is_legal": "rules",
    "push": "rules.game", "pop": "rules.game", "returns": "rules.game",
    "chance_outcomes": "rules.game", "step_stack": "rules.game",
    "CHANCE": "rules.game", "TERMINAL": "rules.game",
    "legal_steps": "play.choices", "NUM_ACTIONS": "play.choices",
    "legal_actions": "play.choices", "apply_action": "play.choices",
    "action_to_string": "play.choices", "string_to_action": "play.choices",
    "Draw": "model.steps", "Step": "model.steps",
    "check": "rules.invariants", "Violation": "rules.invariants",
    "score": "rules.scoring", "Score": "rules.scoring",
    "parse_step": "notation", "format_step": "notation",
    "Record": "formats.records", "load_records": "formats.records",
    "format_record": "formats.records", "format_records": "formats.records",
    "replay": "formats.records",
    "dump_position": "formats.positions", "load_position": "formats.positions",
    "Diagnostic": "formats.diagnostics", "diagnose": "formats.diagnostics",
    "KeyHarvestError": "errors", "IllegalStep": "errors", "NotationError": "errors",
    "PositionError": "errors", "BoardError": "errors", "Span": "errors",
    # a player's view (issue 30, item 4)
    "observe": "play.view", "sample_state": "play.view", "sample_record": "play.view",
    "Observation": "play.view",
}


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'keyharvest' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])


__all__ = [
    "CHANCE",
    "NUM_ACTIONS",
    "TERMINAL",
    "Board",
    "BoardError",
    "Diagnostic",
    "Draw",
    "IllegalStep",
    "KeyHarvestError",
    "NotationError",
    "Observation",
    "Pending",
    "PositionError",
    "Record",
    "Score",
    "Setup",
    "Span",
    "State",
    "Step",
    "Violation",
    "action_to_string",
    "apply",
    "apply_action",
    "chance_outcomes",
    "check",
    "deal",
    "diagnose",
    "dump_position",
    "format_record",
    "format_records",
    "format_step",
    "is_legal",
    "legal_actions",
    "legal_steps",
    "load_board",
    "load_position",
    "load_records",
    "new_game",
    "observe",
    "parse_step",
    "pop",
    "push",
    "random_game",
    "replay",
    "returns",
    "sample_record",
    "sample_state",
    "score",
    "standard_board",
    "step_stack",
    "string_to_action",
]
