"""Where things go in a picture: the board geometry, the boxes, the panels and the slots.

A layout depends only on the board and on the players (all of them, and which are shown),
never on the position, so every frame of a game shares one layout: the HTML viewer draws
the fixed parts once and swaps only the contents of the **slots** (one per board space of
each shown player, store place, count, score row, ...). Hex positions come from the board
(``Board.positions``: pointy-top hexes, ``x`` a doubled-width column, ``y`` a row), so any
board file lays out.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from ..errors import KeyHarvestError
from ..model.board import Board
from ..model.catalogue import CROPS, REGISTRY_SIZE, STORE_SIZE, TRACK_SIZE
from ..model.state import State


class RenderError(KeyHarvestError):
    """A picture that cannot be drawn or written: an unknown player, no frames, a file
    name that is neither ``.svg`` nor ``.html``."""


R = 18.0  # circumradius of a board space
HEX_W = math.sqrt(3) * R  # width of a pointy-top hex

MARGIN = 12.0
GAP = 12.0
STATUS_H = 42.0
HEADER_H = 28.0
SIDE_W = 196.0
LEGEND_H = 26.0
STORE_ROW = 36.0
SIDE_H = 202.0  # the side column: store, screen, supply, counts
CHIP_R = 15.0
CHIP_STEP = 34.0
TRACK_CELL = 27.0
TRACK_STEP = 31.0
STOCK_STEP = 46.0
SCORE_ROW = 17.0
#: Score table columns: heading and the x of the column's right edge (left edge for names).
SCORE_COLS: tuple[tuple[str, float], ...] = (
    ("player", 10), ("workers", 136), ("largest", 196), ("2nd x2", 256), ("majority", 316),
    ("total", 366))
#: The lines of the "bag, town and fallow" box: slot, label, y of the first line.
TABLE_LINES: tuple[tuple[str, str, float], ...] = (
    ("bag", "bag", 36), ("town", "town", 51), ("fallow", "fallow", 66), ("extra", "", 96))

# The common boxes in drawing order: key, title, natural width.
_BOXES: tuple[tuple[str, str, float], ...] = (
    ("track", "Event track", 20 + TRACK_SIZE * TRACK_STEP),
    ("registry", "Registry", 24 + REGISTRY_SIZE * CHIP_STEP),
    ("stock", "Stock", 20 + len(CROPS) * STOCK_STEP),
    ("scores", "Score", 378),
    ("table", "Bag, town and fallow", 300),
)


@dataclass(frozen=True)
class BoardGeometry:
    """Where each space of a board is drawn, in the board's own coordinates."""

    centres: Mapping[str, tuple[float, float]]
    width: float
    height: float

    @classmethod
    def of(cls, board: Board) -> BoardGeometry:
        xs = [x for x, _ in board.positions.values()]
        ys = [y for _, y in board.positions.values()]
        x0, y0 = min(xs), min(ys)
        centres = {ref: ((x - x0) * HEX_W / 2 + HEX_W / 2, (y - y0) * 1.5 * R + R)
                   for ref, (x, y) in board.positions.items()}
        return cls(centres, (max(xs) - x0) * HEX_W / 2 + HEX_W, (max(ys) - y0) * 1.5 * R + 2 * R)


@dataclass(frozen=True)
class Slot:
    """A place one part fills. ``key`` names it (``cell:red:B6``, ``store:red:0``, ``bag``);
    (x, y) is its origin, relative to its player's board for a board space's slot."""

    key: str
    x: float
    y: float
    board: str | None = None


@dataclass(frozen=True)
class Box:
    key: str
    title: str
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Layout:
    """Where everything goes for one board and one set of shown players."""

    board: Board
    geometry: BoardGeometry
    colours: tuple[str, ...]  # every player of the game, in seating order
    shown: tuple[str, ...]  # the players whose panels are drawn
    width: float
    height: float
    panel_w: float
    panel_h: float
    panels: Mapping[str, tuple[float, float]]
    boxes: Mapping[str, Box]
    slots: tuple[Slot, ...]

    def board_origin(self, colour: str) -> tuple[float, float]:
        px, py = self.panels[colour]
        return px + 10, py + HEADER_H + 8

    def side_origin(self, colour: str) -> tuple[float, float]:
        """The top left of the side column (store, screen, supply) of a panel."""
        px, py = self.panels[colour]
        return px + 10 + self.geometry.width + 16, py + HEADER_H + 8

    def screen_origin(self, colour: str) -> tuple[float, float]:
        sx, sy = self.side_origin(colour)
        return sx, sy + 18 + STORE_SIZE * STORE_ROW + 12


def _flow(inner: float, heights: Mapping[str, float]) -> tuple[dict[str, Box], float]:
    """Common boxes in rows no wider than ``inner``, each row stretched to fill it."""
    rows: list[list[tuple[str, str, float]]] = [[]]
    used = 0.0
    for spec in _BOXES:
        if rows[-1] and used + GAP + spec[2] > inner:
            rows.append([])
            used = 0.0
        used += (GAP if rows[-1] else 0) + spec[2]
        rows[-1].append(spec)
    boxes: dict[str, Box] = {}
    y = MARGIN + STATUS_H
    for row in rows:
        extra = (inner - sum(w for _, _, w in row) - GAP * (len(row) - 1)) / len(row)
        h = max(heights[key] for key, _, _ in row)
        x = MARGIN
        for key, name, w in row:
            boxes[key] = Box(key, name, x, y, w + extra, h)
            x += w + extra + GAP
        y += h + GAP
    return boxes, y


@lru_cache(maxsize=32)
def layout_for(board: Board, colours: tuple[str, ...], shown: tuple[str, ...],
               columns: int = 2) -> Layout:
    """The layout of a table with ``colours`` playing that draws the panels of ``shown``,
    in ``columns`` columns of panels (1: the boards stacked, for a narrow screen)."""
    geo = BoardGeometry.of(board)
    panel_w = 10 + geo.width + 16 + SIDE_W + 10
    panel_h = HEADER_H + 8 + max(geo.height, SIDE_H) + 10
    cols = max(1, min(columns, len(shown)))
    width = 2 * MARGIN + cols * panel_w + (cols - 1) * GAP
    heights = {"track": 74.0, "registry": 74.0, "stock": 74.0,
               "scores": 44.0 + SCORE_ROW * len(colours), "table": 124.0}
    boxes, top = _flow(width - 2 * MARGIN, heights)
    panels = {colour: (MARGIN + (i % cols) * (panel_w + GAP), top + (i // cols) * (panel_h + GAP))
              for i, colour in enumerate(shown)}
    rows = (len(shown) + cols - 1) // cols
    height = top + rows * (panel_h + GAP) - GAP + LEGEND_H + MARGIN

    slots = [Slot("status", MARGIN, MARGIN), Slot("waiting", MARGIN, MARGIN + 31),
             Slot("stepno", width - MARGIN - 4, MARGIN)]
    b = boxes["track"]
    slots.append(Slot("track", b.x, b.y))
    b = boxes["registry"]
    slots += [Slot(f"registry:{i}", b.x + 12 + CHIP_R + i * CHIP_STEP, b.y + 44)
              for i in range(REGISTRY_SIZE)]
    b = boxes["stock"]
    slots += [Slot(f"stock:{crop}", b.x + 22 + i * STOCK_STEP + 13, b.y + 42)
              for i, crop in enumerate(CROPS)]
    b = boxes["scores"]
    slots.append(Slot("scores:note", b.x + 62, b.y + 16))
    slots += [Slot(f"score:{c}", b.x, b.y + 34 + SCORE_ROW * (i + 1))
              for i, c in enumerate(colours)]
    b = boxes["table"]
    slots += [Slot(key, b.x + 10, b.y + y) for key, _, y in TABLE_LINES]
    for colour in shown:
        px, py = panels[colour]
        slots.append(Slot(f"flag:{colour}", px + panel_w - 70, py + 19))
        slots.append(Slot(f"total:{colour}", px + panel_w - 12, py + 19))
        sx, sy = px + 10 + geo.width + 16, py + HEADER_H + 8
        slots += [Slot(f"store:{colour}:{i}", sx, sy + 18 + i * STORE_ROW)
                  for i in range(STORE_SIZE)]
        ty = sy + 18 + STORE_SIZE * STORE_ROW + 12
        slots.append(Slot(f"screen:{colour}", sx, ty + 16))
        slots.append(Slot(f"supply:{colour}", sx, ty + 68))
        slots.append(Slot(f"count:{colour}", sx, ty + 96))
        for ref in board.references:
            cx, cy = geo.centres[ref]
            slots.append(Slot(f"cell:{colour}:{ref}", cx, cy, colour))
    return Layout(board, geo, colours, shown, width, height, panel_w, panel_h, panels, boxes,
                  tuple(slots))


def layout_of(state: State, player: str | None = None, columns: int = 2) -> Layout:
    """The layout for ``state``, showing every player or only ``player``, the panels in
    ``columns`` columns.

    Raises ``RenderError`` if ``player`` is not playing.
    """
    colours = state.colours
    if player is not None and player not in colours:
        raise RenderError(f"cannot draw the board of {player!r}: the players are "
                          f"{', '.join(colours)}")
    return layout_for(state.board, colours, (player,) if player else colours, columns)
