"""The country board: spaces, their crops, adjacency and the starting pairs (RULES.md H).

A ``Board`` is pure data built from a board description (a mapping, as read from a board
file by ``keyharvest.formats.boardfile``). Adjacency is derived from the positions, so nothing in
the engine names a reference. This module does not read files.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ..errors import BoardError
from .catalogue import CROP_INDEX, CROPS

SPACES = 56
STARTING_PAIRS = 4
REFERENCE = re.compile(r"^[A-Z][0-9]{1,2}$")


@dataclass(frozen=True, eq=False)
class Board:
    """An immutable country board. ``neighbours[ref]`` lists the adjacent references."""

    name: str
    crops: Mapping[str, str]
    positions: Mapping[str, tuple[int, int]]
    starting_pairs: tuple[tuple[str, str], ...]
    neighbours: Mapping[str, tuple[str, ...]] = field(repr=False)
    order: tuple[str, ...] = field(repr=False)  # references sorted by row, then number

    @property
    def references(self) -> tuple[str, ...]:
        return self.order

    @cached_property
    def numbered(self) -> tuple[str, ...]:
        """The references in the board file's order: space number n (1-56, as ``keyharvest
        board`` shows them and the notation accepts them) is ``numbered[n - 1]``."""
        return tuple(self.crops)

    @cached_property
    def index(self) -> Mapping[str, int]:
        """The position of each reference in ``references`` (for sorting in board order)."""
        return {ref: i for i, ref in enumerate(self.order)}

    @cached_property
    def neighbour_sets(self) -> Mapping[str, frozenset[str]]:
        """``neighbours`` as sets, for counting what touches a space in one operation."""
        return {ref: frozenset(around) for ref, around in self.neighbours.items()}

    @cached_property
    def crop_indices(self) -> Mapping[str, int]:
        """The crop of each reference as its index in the canonical crop order."""
        return {ref: CROP_INDEX[crop] for ref, crop in self.crops.items()}

    def crop(self, ref: str) -> str:
        return self.crops[ref]

    def is_adjacent(self, a: str, b: str) -> bool:
        return b in self.neighbours[a]

    def __contains__(self, ref: object) -> bool:
        return ref in self.crops

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str = "<board>") -> Board:
        """Build and check a board from its description. Raises ``BoardError``."""
        return _build(data, source)


def sort_key(ref: str) -> tuple[str, int]:
    """References sort by row letter, then by number (A2 < A10 < B1)."""
    return (ref[0], int(ref[1:]))


def sorted_refs(refs: Iterable[str]) -> list[str]:
    return sorted(refs, key=sort_key)


def _fail(message: str, source: str, key: str = "", at_key: bool = False) -> BoardError:
    """A ``BoardError`` at ``key`` (a key path inside the board, or "" for the whole) of the
    board read from ``source``; ``at_key``: the key there is what is wrong (unknown, or not a
    reference), not its value."""
    return BoardError(message, path=f"{source}: {key}" if key else source, rule="H", key=key,
                      at_key=at_key)


def _build(data: Mapping[str, Any], source: str) -> Board:
    if not isinstance(data, Mapping):
        raise _fail("a board must be a table", source)
    unknown = set(data) - {"name", "spaces", "starting_pairs"}
    if unknown:
        key = min(unknown)
        raise _fail(f"unknown key {key!r} (expected name, spaces, starting_pairs)",
                    source, key, at_key=True)
    name = data.get("name", "custom")
    if not isinstance(name, str):
        raise _fail("'name' must be a string", source, "name")
    spaces = data.get("spaces")
    if not isinstance(spaces, Mapping):
        raise _fail("missing table [spaces]", source, "spaces")
    crops: dict[str, str] = {}
    positions: dict[str, tuple[int, int]] = {}
    seen: dict[tuple[str, int], str] = {}
    where: dict[tuple[int, int], str] = {}
    for ref, spec in spaces.items():
        key = f"spaces.{ref}"
        if not isinstance(ref, str) or not REFERENCE.match(ref):
            raise _fail(f"bad reference {ref!r}: a capital letter and a number, like 'B6'",
                        source, key,
                        at_key=True)
        same = sort_key(ref)  # "A01" and "A1" name the same space
        if same in seen:
            raise _fail(f"duplicate reference {ref!r} (already given as {seen[same]!r})",
                        source, key)
        seen[same] = ref
        if not isinstance(spec, Mapping):
            raise _fail("a space must be a table with crop, x and y", source, key)
        extra = set(spec) - {"crop", "x", "y"}
        if extra:
            raise _fail(f"unknown key {min(extra)!r} (expected crop, x, y)", source, key)
        crop = spec.get("crop")
        if crop not in CROP_INDEX:
            raise _fail(f"unknown crop {crop!r} (expected one of {', '.join(CROPS)})", source, key)
        x, y = spec.get("x"), spec.get("y")
        if not (isinstance(x, int) and isinstance(y, int)) or isinstance(x, bool) \
                or isinstance(y, bool):
            raise _fail("x and y must be integers", source, key)
        if (x + y) % 2:
            raise _fail(f"position ({x}, {y}) is off the hex grid: x + y must be even",
                        source, key)
        if (x, y) in where:
            raise _fail(f"overlaps {where[(x, y)]} at position ({x}, {y})", source, key)
        where[(x, y)] = ref
        crops[ref] = crop
        positions[ref] = (x, y)
    if len(crops) != SPACES:
        raise _fail(f"a board has {SPACES} spaces, this one has {len(crops)}", source, "spaces")
    pairs_raw = data.get("starting_pairs")
    if not isinstance(pairs_raw, list) or len(pairs_raw) != STARTING_PAIRS:
        raise _fail(f"'starting_pairs' must list {STARTING_PAIRS} pairs of references",
                    source, "starting_pairs")
    pairs: list[tuple[str, str]] = []
    used: set[str] = set()
    for i, pair in enumerate(pairs_raw):
        key = f"starting_pairs[{i}]"
        if not isinstance(pair, list) or len(pair) != 2:
            raise _fail("a starting pair is two references", source, key)
        for ref in pair:
            if ref not in crops:
                raise _fail(f"starting pair names unknown space {ref!r}", source, key)
            if ref in used:
                raise _fail(f"space {ref!r} is in two starting pairs", source, key)
            used.add(ref)
        pairs.append((pair[0], pair[1]))
    neighbours: dict[str, tuple[str, ...]] = {}
    for ref, (x, y) in positions.items():
        around = [(x - 2, y), (x + 2, y), (x - 1, y - 1), (x + 1, y - 1), (x - 1, y + 1),
                  (x + 1, y + 1)]
        neighbours[ref] = tuple(sorted_refs(where[p] for p in around if p in where))
    return Board(name=name, crops=crops, positions=positions, starting_pairs=tuple(pairs),
                 neighbours=neighbours, order=tuple(sorted_refs(crops)))
