"""Comparing games: where two records part, and how two positions differ.

``diff_positions(a, b)`` lists every difference between two tables, part by part (each
player's board, harvested tiles, workers, supply, screen and store; the stock, registry,
event track, fallow, bag, whose turn it is, what the game waits for, the frame stack) as
``Difference`` values with a key path such as ``red.tiles`` or ``stock.wheat``: the paths
are those of the position format (docs/notation.md §4).

``compare_records(a, b)`` finds the first step where two records part (steps are equal
when their notation is: where they were written does not matter), replays both, and
compares the positions just after that step and at the end of each record. Two records
are *the same game* when their setups, boards and steps are equal; metadata and comments
are reported but do not make games different.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import IllegalStep
from ..formats.positions import position_data
from ..formats.records import Record, front_matter, replay
from ..model.state import State
from ..model.steps import Step

MISSING: Any = type("Missing", (), {"__repr__": lambda self: "MISSING"})()
#: The front-matter keys that make a game (the others are metadata).
GAME_KEYS = ("players", "start", "board", "max_turns", "registry", "removed", "tiles", "crops")


@dataclass(frozen=True)
class Difference:
    """One part that differs: its key path and its value on each side (``MISSING`` where
    a side has no such part)."""

    path: str
    a: Any
    b: Any

    def describe(self, a_name: str = "a", b_name: str = "b") -> str:
        """One line in words: what only each side holds for lists, else both values."""
        if isinstance(self.a, list) and isinstance(self.b, list) and all(
                isinstance(v, (str, int)) for v in [*self.a, *self.b]):
            ca, cb = Counter(map(str, self.a)), Counter(map(str, self.b))
            only_a, only_b = list((ca - cb).elements()), list((cb - ca).elements())
            if not only_a and not only_b:
                return (f"{self.path}: the same items in another order: {a_name} "
                        f"{_show(self.a)}, {b_name} {_show(self.b)}")
            parts = []
            if only_a:
                parts.append(f"only in {a_name}: {' '.join(only_a)}")
            if only_b:
                parts.append(f"only in {b_name}: {' '.join(only_b)}")
            return f"{self.path}: " + "; ".join(parts)
        return f"{self.path}: {a_name} {_show(self.a)}, {b_name} {_show(self.b)}"

    def to_dict(self) -> dict[str, Any]:
        return {"path": self.path, "a": None if self.a is MISSING else self.a,
                "b": None if self.b is MISSING else self.b}


def _show(value: Any) -> str:
    if value is MISSING:
        return "(none)"
    if value == "":
        return '""'
    if isinstance(value, list):
        if all(isinstance(v, str) for v in value):
            return "[" + " ".join(value) + "]" if value else "[]"
        return repr(value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_show(v)}" for k, v in value.items()) + "}"
    return str(value)


def diff_data(a: Any, b: Any, path: str = "") -> list[Difference]:
    """The differences of two trees of plain data: tables compared key by key (in the
    order of ``a``, then the keys only ``b`` has), lists of tables item by item, anything
    else as a whole."""
    if isinstance(a, dict) and isinstance(b, dict):
        out: list[Difference] = []
        for key in [*a, *(k for k in b if k not in a)]:
            sub = f"{path}.{key}" if path else str(key)
            out.extend(diff_data(a.get(key, MISSING), b.get(key, MISSING), sub))
        return out
    if isinstance(a, list) and isinstance(b, list) and any(
            isinstance(v, dict) for v in [*a, *b]):  # stores, frame stacks: item by item
        out = []
        for i in range(max(len(a), len(b))):
            out.extend(diff_data(a[i] if i < len(a) else MISSING,
                                 b[i] if i < len(b) else MISSING, f"{path}[{i}]"))
        return out
    if a == b and type(a) is type(b):
        return []
    return [Difference(path, a, b)]


def diff_positions(a: State, b: State) -> list[Difference]:
    """Every difference between the tables ``a`` and ``b`` (empty when they are equal)."""
    return diff_data(position_data(a), position_data(b))


def first_divergence(a: Sequence[Step], b: Sequence[Step]) -> int | None:
    """The index of the first step where ``a`` and ``b`` differ (the length of the shorter
    one when it is a beginning of the other), or None when they are equal."""
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return i
    return None if len(a) == len(b) else min(len(a), len(b))


@dataclass
class Side:
    """One record's part of a comparison: the state just after the step where the records
    part (``at_split``: after its step there, or at its end), at its end (``final``), and
    the illegal step that stopped its replay, if one did."""

    record: Record
    step: Step | None  # its step at the split (None: the record has ended there)
    at_split: State | None
    final: State
    error: IllegalStep | None = None
    turn: int | None = None  # the turn the step at the split was played in
    applied: int = 0  # record steps that replay


@dataclass
class Comparison:
    """Two records compared (see the module's docstring)."""

    a: Side
    b: Side
    setup: list[Difference] = field(default_factory=list)  # front matter of the game
    metadata: list[Difference] = field(default_factory=list)  # event, date, names ...
    split: int | None = None  # index of the first step that differs
    at_split: list[Difference] = field(default_factory=list)
    at_end: list[Difference] = field(default_factory=list)
    comments_differ: bool = False

    @property
    def same_game(self) -> bool:
        return not self.setup and self.split is None


def _front(record: Record) -> tuple[dict[str, Any], dict[str, Any]]:
    data = front_matter(record)
    game = {k: v for k, v in data.items() if k in GAME_KEYS}
    meta = {k: v for k, v in data.items() if k not in GAME_KEYS}
    return game, meta


def compare_records(a: Record, b: Record) -> Comparison:
    """Compare two records (see the module's docstring). Raises ``PositionError`` /
    ``BoardError`` for a setup that cannot start a game; an illegal step is not raised but
    kept in ``Side.error`` (the comparison goes as far as each record replays)."""
    game_a, meta_a = _front(a)
    game_b, meta_b = _front(b)
    split = first_divergence(a.steps, b.steps)
    sides = []
    for rec in (a, b):
        done = replay(rec, each=True)
        states = done.states or [done.state]
        turn = None
        if split is None:
            step, at_split = None, None
        else:
            step = rec.steps[split] if split < len(rec.steps) else None
            turn = states[min(split, len(states) - 1)].turn.number
            # the state after its step at the split, as far as the record replays
            at_split = states[min(split + 1, len(states) - 1)]
        sides.append(Side(rec, step, at_split, done.state, done.error, turn, done.applied))
    out = Comparison(sides[0], sides[1], diff_data(game_a, game_b), diff_data(meta_a, meta_b),
                     split, comments_differ=a.comments != b.comments)
    if split is not None and sides[0].at_split is not None and sides[1].at_split is not None:
        out.at_split = diff_positions(sides[0].at_split, sides[1].at_split)
    out.at_end = diff_positions(sides[0].final, sides[1].final)
    return out


__all__ = [
    "MISSING",
    "Comparison",
    "Difference",
    "Side",
    "compare_records",
    "diff_data",
    "diff_positions",
    "first_divergence",
]
