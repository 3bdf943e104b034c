"""keyharvest: rules engine, notation and tools for records of the board game Key Harvest.

The public API, loaded lazily so that ``import keyharvest`` stays cheap::

    import keyharvest as kh
    game = kh.Game(kh.random_game(3, seed=7))  # a dealt 3-player game (RULES.md B)
    game.legal_steps()                       # every legal step
    game.push(step)                          # checked, in place; raises kh.IllegalStep
    game.pop()                               # and undone
    game.legal_actions()                     # or by integer actions, as OpenSpiel's
    kh.score(game.state)                     # itemised score (G)

``kh.Game`` is the one object for programs that search or learn (docs/api.md): who
decides (a seat, ``kh.CHANCE`` or ``kh.TERMINAL``), steps and integer actions, undo,
copies, exact chance, returns, a player's view, serialization as the history.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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
    "Game": "rules.game", "CHANCE": "rules.game", "TERMINAL": "rules.game",
    "NUM_ACTIONS": "rules.game", "Observation": "rules.view",
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
}


if TYPE_CHECKING:  # the real types of the lazy names, for mypy and editors
    from .errors import BoardError, IllegalStep, KeyHarvestError, NotationError, PositionError, Span
    from .formats.boardfile import load_board, standard_board
    from .formats.diagnostics import Diagnostic, diagnose
    from .formats.positions import dump_position, load_position
    from .formats.records import Record, format_record, format_records, load_records, replay
    from .model.board import Board
    from .model.setup import Setup, deal
    from .model.state import Pending, State
    from .model.steps import Draw, Step
    from .notation import format_step, parse_step
    from .play.selfplay import random_game
    from .rules.actions import new_game
    from .rules.game import CHANCE, NUM_ACTIONS, TERMINAL, Game
    from .rules.invariants import Violation, check
    from .rules.scoring import Score, score
    from .rules.view import Observation


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
    "Game",
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
    "check",
    "deal",
    "diagnose",
    "dump_position",
    "format_record",
    "format_records",
    "format_step",
    "load_board",
    "load_position",
    "load_records",
    "new_game",
    "parse_step",
    "random_game",
    "replay",
    "score",
    "standard_board",
]
