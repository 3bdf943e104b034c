"""Pictures of positions: SVG boards and a self-contained HTML replay viewer.

- ``render_svg(state, player=None)``: one position as an SVG document;
- ``render_html(frames, title, player=None)``: a whole game as one HTML file that replays it;
- ``replay_frames(state, steps)``: the frames of a replay, for ``render_html``;
- ``render_file(path, what, player=None, title=None)``: one of the two, chosen by the file's
  suffix (``.svg`` or ``.html``), written to ``path``; this is what ``keyharvest render``
  calls.

The pictures are built from the board file's positions (any board draws), deterministic and
self-contained. The render layer reads states; it changes none and knows no text notation.
"""

from __future__ import annotations

import os
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..formats.safewrite import write_file
from ..model.state import State
from .html import Frame, render_html, replay_frames
from .layout import RenderError
from .svg import render_svg

if TYPE_CHECKING:
    from ..rules.view import Observation

__all__ = [
    "SUFFIXES",
    "Frame",
    "RenderError",
    "render_file",
    "render_html",
    "render_svg",
    "replay_frames",
]

SUFFIXES = (".svg", ".html")


def render_file(path: str | os.PathLike[str], what: State | Sequence[Frame], *,
                player: str | None = None, title: str | None = None,
                unknown: Collection[str] = (), force: bool = False,
                views: Sequence[Observation] | None = None,
                record: str | None = None) -> Path:
    """Write a picture to ``path``, chosen by its suffix, and return the path written.

    ``what`` is a state or a list of frames (``replay_frames``). ``.svg`` draws the state, or
    the last frame's; ``.html`` replays the frames (a lone state is a one-frame replay) under
    ``title`` (by default the file's name). ``player`` shows only that player's board. The file
    is written by ``formats.safewrite.write_file``: atomically, through a symbolic link,
    refusing a read-only or hard-linked file unless ``force``. ``unknown`` names what a
    partial position leaves unknown (``Position.unknown``), drawn as unknown. ``views``
    (one per frame; the last for ``.svg``) draws what a player may know instead (I.27,
    ``play.view``). ``record`` (the game's record) gives an ``.html`` viewer a button that
    saves it, as the file's name with ``.kh``. Raises
    ``RenderError`` for another suffix, no frames or an unknown player, and ``OSError``
    (naming the file) if the file cannot be written.
    """
    out = Path(path)
    suffix = out.suffix.lower()
    if suffix not in SUFFIXES:
        raise RenderError(f"cannot render to {str(out)!r}: the file name must end in .svg "
                          "(one position) or .html (a replay)")
    frames: Sequence[Frame] = [("start", what)] if isinstance(what, State) else what
    if not frames:
        raise RenderError("nothing to render: no frames")
    if suffix == ".svg":
        content = render_svg(frames[-1][1], player, unknown, views[-1] if views else None)
    else:
        content = render_html(frames, title if title is not None else out.stem, player, unknown,
                              views, None if record is None else (f"{out.stem}.kh", record))
    write_file(out, content, force=force)
    return out
