"""Colours and the few SVG-writing helpers the pictures are made of.

Every number goes through ``num`` (one decimal at most, never ``-0``) and every attribute is
written in the order given, so the same picture is always the same bytes.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from xml.sax.saxutils import escape

from ..model.catalogue import CROP_COLOURS, CROPS

#: The fill of each crop's tiles and counters (and of the player of that colour).
CROP_FILL: dict[str, str] = {
    "hops": "#8a5a2b",
    "vegetables": "#4d9a3a",
    "apples": "#f08a24",
    "wine": "#b5302e",
    "wheat": "#efc23a",
}
#: Text on a full-colour tile of each crop: dark on the light crops.
CROP_INK: dict[str, str] = {
    "hops": "#ffffff", "vegetables": "#ffffff", "apples": "#3a2205",
    "wine": "#ffffff", "wheat": "#43350a",
}
PLAYER_FILL: dict[str, str] = {colour: CROP_FILL[crop]
                               for crop, colour in zip(CROPS, CROP_COLOURS)}
SHORT_CROP = {"hops": "hops", "vegetables": "veg", "apples": "apples", "wine": "wine",
              "wheat": "wheat"}

INK = "#2b2b2b"  # the default fill of the whole picture
MUTED = "#6b665c"
PAPER = "#fbf8f0"
PANEL = "#fffdf7"
LINE = "#d8d0bd"
GOLD = "#b8860b"
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
FONT_SIZE = 11  # the default font size of the whole picture
EMPTY_TINT = 0.88  # how much white an empty space's crop tint holds
HARVESTED_TINT = 0.5  # a harvested tile is paler than a fresh one (and hatched, and ticked)


def mix(colour: str, white: float) -> str:
    """``colour`` (``#rrggbb``) mixed with ``white`` (0..1) parts of white."""
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * white):02x}" for c in rgb)


def dark(colour: str, black: float = 0.35) -> str:
    """``colour`` darkened by ``black`` (0..1)."""
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c * (1 - black)):02x}" for c in rgb)


def num(v: float) -> str:
    """A coordinate: at most one decimal, no trailing ``.0``, never ``-0``."""
    s = f"{v:.1f}"
    s = s.removesuffix(".0")
    return "0" if s == "-0" else s


def quote(value: object) -> str:
    return escape(str(value), {'"': "&quot;"})


def attrs(items: Mapping[str, object]) -> str:
    """`` k="v"`` for each item whose value is not None, in order."""
    return "".join(f' {k}="{quote(v)}"' for k, v in items.items() if v is not None)


def el(tag: str, body: str | None = None, **kw: object) -> str:
    """An element. Keyword ``class_`` is written ``class``, ``data_x`` is ``data-x``."""
    a = attrs({k.rstrip("_").replace("_", "-"): v for k, v in kw.items()})
    return f"<{tag}{a}/>" if body is None else f"<{tag}{a}>{body}</{tag}>"


def text(x: float, y: float, words: str, size: float = FONT_SIZE, fill: str = INK,
         anchor: str | None = None, weight: str | None = None, **kw: object) -> str:
    """A ``<text>``; the picture's default size and fill are left out."""
    return el("text", escape(words), x=num(x), y=num(y),
              font_size=None if size == FONT_SIZE else num(size),
              fill=None if fill == INK else fill, text_anchor=anchor, font_weight=weight, **kw)


def label(x: float, y: float, words: str) -> str:
    """A small-capitals heading (STORE, SCREEN, ...)."""
    return text(x, y, words.upper(), 9.5, MUTED, weight="bold", letter_spacing="0.6")


def title(words: str) -> str:
    """A tooltip for the enclosing element."""
    return f"<title>{escape(words)}</title>"


def g(body: str, x: float = 0, y: float = 0, **kw: object) -> str:
    move = f"translate({num(x)},{num(y)})" if (x or y) else None
    return el("g", body, transform=move, **kw)


@lru_cache(maxsize=16)
def hex_points(r: float) -> str:
    """The corners of a pointy-top hexagon of circumradius ``r`` centred on the origin."""
    pts = []
    for k in range(6):
        a = math.radians(60 * k - 90)
        pts.append(f"{num(r * math.cos(a))},{num(r * math.sin(a))}")
    return " ".join(pts)


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"
