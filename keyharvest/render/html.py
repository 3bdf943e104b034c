"""A whole game as one self-contained HTML file: the replay viewer of ``keyharvest render``.

The file loads nothing from the network: its stylesheet, script and data are inline. It
shows the boards (the same picture as ``render_svg``), the list of steps in notation (click
one to go there), first/previous/next/last buttons and a slider, and answers the arrow keys
(and Home/End). It opens at the last frame, or at the one the address names:
``#step=N`` (a link to a step, to share) or ``#N`` opens frame N, and the viewer follows
the address: a new ``#N`` typed in, and the browser's back and forward (a jump, by the list,
first/last or Home/End, is a new entry of the history; a step by step move is not).

**The step just applied** is marked on the boards: every board space whose tile or worker
it changed (a tile placed, bought or harvested, a worker placed, moved or sent back) gets a
blue outline, and its slot ``data-changed="1"``. A jump (the list, the slider, ``#N``)
marks the changes of the step that leads to the frame shown; the start marks nothing.

**Narrow screens.** Below 700 CSS pixels (a phone is some 390) the boards are stacked one
above the other (a second skeleton, in a ``<template>``, swapped in by the script), the
controls wrap, and the list of steps folds under its "steps" button. The bar of controls
is sticky: it stays at the top of the window while the boards scroll under it. On a touch
screen a swipe over the boards steps: to the left is the next step, to the right the one
before (a page turned); a swipe on a zoomed-in page pans it, as the browser does.

**The title** (``<title>`` and the heading) is the caller's; ``keyharvest render`` names the
game by its front matter (``game_title``: who played, the event, the date).

**Size.** A picture is a fixed layout of slots (``keyharvest.render.layout``). The file holds
each distinct part (the SVG fragment of a slot) once, and for each frame only the slots that
changed, as ``[slot, part, slot, part, ...]``. A step changes a handful of slots and a board
space holds one of a few contents over a game, so a 1500-step game stays well under a
megabyte (the tests measure it).

**Reading it from a program.** ``<main id="viewer" data-step="N" data-frames="K">`` says which
frame is shown (0 is the start) and ``data-ready="1"`` appears once the first frame is drawn.
Every board ``<g class="board" data-player="red">`` gets ``data-tiles`` and ``data-workers``
computed from what is drawn on it, and the slots carry the attributes documented in
``keyharvest.render.svg``. Each step of the list is ``<li data-step="N">``.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Mapping, Sequence
from functools import lru_cache
from html import escape
from importlib import resources
from typing import TYPE_CHECKING

from ..model.state import State
from ..model.steps import Step
from ..rules import advance
from .ink import PLAYER_FILL, hex_points
from .layout import R, RenderError, layout_of
from .svg import document, parts_of

if TYPE_CHECKING:
    from ..rules.view import Observation

Frame = tuple[str, State]

#: Slots the viewer draws elsewhere (the step number is in the controls).
_LEFT_OUT = frozenset({"stepno"})


def game_title(players: Sequence[str], metadata: Mapping[str, object]) -> str:
    """A game named by its record's front matter: who played, the event, the date, joined
    by " · ", e.g. ``"Ann (red), Bob (green) · Club night 7, round 2 · 2024-05-01"``.

    Each player is their name with the colour when ``names`` gives one, else the colour;
    ``round`` follows the event; what the record does not say is left out.
    """
    names = metadata.get("names")
    named = names if isinstance(names, Mapping) else {}
    who = ", ".join(f"{named[c]} ({c})" if named.get(c) else c for c in players)
    event = ", ".join(x for x in (str(metadata.get("event") or ""),
                                  f"round {metadata['round']}" if "round" in metadata else "")
                      if x)
    date = str(metadata.get("date") or "")
    return " · ".join(x for x in (who, event, date) if x) or "Key Harvest"


def replay_frames(state: State, steps: Iterable[Step]) -> list[Frame]:
    """The frames of a replay: ``("start", state)``, then ``(str(step), state after it)``.

    ``state`` is not changed. Raises ``IllegalStep`` at the first step the rules forbid.
    """
    current = state.copy()
    frames: list[Frame] = [("start", current.copy())]
    for step in steps:
        advance(current, step)
        frames.append((str(step), current.copy()))
    return frames


@lru_cache(maxsize=2)
def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text("utf-8")


def _script_json(data: object) -> str:
    """JSON that is safe inside a ``<script>`` element."""
    out = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return out.replace("</", "<\\/").replace("<!--", "\\u003c!--")


def _encode(frames: Sequence[Frame], player: str | None, unknown: Collection[str] = (),
            views: Sequence[Observation] | None = None
            ) -> tuple[str, str, int, list[str], list[list[int]]]:
    """The SVG skeletons (boards two by two, and stacked for a narrow screen), their number
    of slots, the distinct parts (0 is the empty part) and each frame's changes. Both
    skeletons have the same slots in the same order (only where they sit differs), so one
    list of parts and changes fills either."""
    first = frames[0][1]
    layout = layout_of(first, player)
    narrow = layout_of(first, player, columns=1)
    assert [s.key for s in narrow.slots] == [s.key for s in layout.slots]
    index = {slot.key: i for i, slot in enumerate(layout.slots)}
    parts: list[str] = [""]
    part_no: dict[str, int] = {"": 0}
    shown = [0] * len(layout.slots)
    diffs: list[list[int]] = []
    for n, (_, state) in enumerate(frames):
        if state.board is not first.board or state.colours != first.colours:
            raise RenderError(f"frame {n} is not of the same game as frame 0 (another board "
                              "or other players)")
        want = [0] * len(layout.slots)
        view = views[n] if views is not None else None
        for key, body in parts_of(state, layout, unknown, view).items():
            if key in _LEFT_OUT:
                continue
            k = part_no.get(body)
            if k is None:
                k = part_no[body] = len(parts)
                parts.append(body)
            want[index[key]] = k
        diff: list[int] = []
        for i, (old, new) in enumerate(zip(shown, want)):
            if old != new:
                diff += (i, new)
        diffs.append(diff)
        shown = want
    skeleton = document(layout, lambda i, slot: "", slot_id=lambda i: f"kh-s{i}")
    stacked = document(narrow, lambda i, slot: "", slot_id=lambda i: f"kh-s{i}")
    skeleton = skeleton.replace("<svg ", '<svg data-stacked="0" ', 1)
    stacked = stacked.replace("<svg ", '<svg data-stacked="1" ', 1)
    return skeleton, stacked, len(layout.slots), parts, diffs


def _step_list(frames: Sequence[Frame]) -> str:
    items = []
    last_turn = None
    for n, (words, _) in enumerate(frames):
        turn = frames[max(n - 1, 0)][1].turn.number  # the turn the step was taken in
        if turn != last_turn:
            items.append(f'<li class="turn" aria-hidden="true">turn {turn}</li>')
            last_turn = turn
        who = words.split(":", 1)[0] if ":" in words else ""
        dot = f'<i class="p-{who}"></i>' if who in PLAYER_FILL else "<i></i>"
        items.append(f'<li data-step="{n}">{dot}{escape(words)}</li>')
    return "\n".join(items)


def _button(name: str, tip: str, icon: str) -> str:
    """A control button with an inline icon (no font has to hold the glyph)."""
    what = tip.split(" (")[0]
    return (f'<button type="button" id="{name}" title="{tip}" aria-label="{what} step">'
            f'<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">'
            f'<path d="{icon}" fill="currentColor"/></svg></button>')


def _player_css() -> str:
    return "".join(f"#steps i.p-{colour}{{background:{fill};border-color:{fill}}}\n"
                   for colour, fill in PLAYER_FILL.items())


def _download(record: tuple[str, str] | None) -> str:
    """The button that saves the game's record (``(file name, text)``), as a data link:
    the viewer loads nothing, so the record travels inside it."""
    if record is None:
        return ""
    from urllib.parse import quote

    name, text = record
    return (f'<a id="download" role="button" download="{escape(name)}" title="save the '
            f'record ({escape(name)})" href="data:text/plain;charset=utf-8,{quote(text)}">'
            'record</a>')


def render_html(frames: Sequence[Frame], title: str, player: str | None = None,
                unknown: Collection[str] = (), views: Sequence[Observation] | None = None,
                record: tuple[str, str] | None = None) -> str:
    """A self-contained HTML replay of ``frames``.

    ``frames[0]`` is ``("start", initial state)``, then one ``(str(step), state after it)``
    per step (``replay_frames`` makes them). ``player`` shows only that player's board;
    ``unknown`` names what a partial position leaves unknown (``render.svg.parts_of``);
    ``views``, one per frame, what a player may know at each (``rules.view.recalled``).
    Each frame's score shows the final result once the game has ended, and before that
    the standings after that step with who is leading (I.55). ``record``, a file name and
    the game's record, adds a button that saves it (leave it out where the viewer must
    not show more than ``views`` do: the record holds every screen).
    Deterministic. Raises ``RenderError`` for no frames, frames of different games or a
    player who is not playing.
    """
    if not frames:
        raise RenderError("nothing to replay: no frames")
    if views is not None and len(views) != len(frames):
        raise RenderError(f"{len(views)} views for {len(frames)} frames")
    skeleton, stacked, slots, parts, diffs = _encode(frames, player, unknown, views)
    data = {"parts": parts, "frames": diffs, "slots": slots, "mark": hex_points(R - 1.2)}
    last = len(frames) - 1
    t = escape(title)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="keyharvest">
<title>{t}</title>
<style>
{_asset("viewer.css")}{_player_css()}</style>
</head>
<body>
<main id="viewer" data-step="0" data-frames="{len(frames)}">
<header>
<h1 title="{t}">{t}</h1>
<div id="controls" role="toolbar" aria-label="replay controls">
{_button("first", "first (Home)", "M3 2h2v12H3zM14 2v12L6 8z")}
{_button("prev", "previous (&#x2190;)", "M12 2v12L4 8z")}
<input type="range" id="slider" min="0" max="{last}" value="0" step="1" aria-label="step">
{_button("next", "next (&#x2192;)", "M4 2v12l8-6z")}
{_button("last", "last (End)", "M2 2v12l8-6zM11 2h2v12h-2z")}
<span id="where">step <b id="stepno">0</b> / {last}</span>
<code id="notation">{escape(frames[0][0])}</code>
{_download(record)}
</div>
</header>
<div id="stage">
{skeleton}</div>
<template id="kh-stacked">
{stacked}</template>
<nav id="steps" aria-label="steps">
<button type="button" id="steps-toggle" aria-controls="step-list"
 aria-expanded="true">steps</button>
<ol id="step-list">
{_step_list(frames)}
</ol>
</nav>
</main>
<noscript><p>The replay needs JavaScript; the list of steps is above.</p></noscript>
<script type="application/json" id="kh-data">{_script_json(data)}</script>
<script>
{_asset("viewer.js")}</script>
</body>
</html>
"""
