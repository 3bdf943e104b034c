"""A position drawn as SVG: each player's hex board, the stores with their bids, the
registry, the event track with its "?" space, the stock, each screen's count, and the score.

The picture is a fixed layout (``keyharvest.render.layout``) whose slots are filled with
**parts**: small SVG fragments, each drawn in its slot's own coordinates. ``render_svg`` fills
every slot; the HTML replay viewer reuses the same layout and parts and swaps the parts of the
slots that change from step to step, so both show the same picture.

Reading a picture from a program: every filled slot is a group ``<g data-slot="KEY">``
(keys as in ``layout``), whose part's root element carries the data:

==========================  ======================================================
``g.board[data-player]``     ``data-tiles="A2 B6h"`` (board order; ``h``: harvested),
                             ``data-workers="A@B2 G@C3"`` (letter order)
``g.tile``                   ``data-ref``, ``data-crop``, ``data-harvested`` (1 or 0)
``g.worker``                 ``data-ref``, ``data-worker``
``registry:N``               ``g.chip[data-ref]``
``stock:CROP``               ``[data-count]``
``store:PLAYER:N``           ``g.item[data-tile][data-bid="wheat,wheat"]``
``screen:PLAYER``            ``[data-count]`` (how many crops; the crops stay hidden)
``supply:PLAYER``            ``[data-supply="CEF"]``
``total:PLAYER``             ``[data-total]``; ``score:PLAYER`` ``[data-total][data-winner]``
                             ``[data-leading]`` (before the end: the best total leads, I.55)
``scores:note``              ``[data-finished]``: "final" or "not finished: standings after
                             step N"
``track``                    ``[data-track="N Q M"]``
``bag`` ``town`` ``fallow``  ``[data-count]``, ``[data-town]``, ``[data-fallow]``
``extra``                    ``[data-set-aside][data-in-hand]``
``status``                   ``[data-turn][data-result]`` (finished, unfinished or empty;
                             ``data-turn`` empty when a partial position does not give it)
(unknown)                    what a partial position leaves out is drawn "unknown":
                             ``bag[data-count]``, ``track[data-track]``, ``registry:0``
``waiting``                  ``[data-pending="turn red"]`` (the pending kind and player)
``stepno``                   ``[data-steps]`` (left out of the HTML viewer, which shows it)
==========================  ======================================================

Output is deterministic (sets are sorted, numbers have one decimal at most) and
self-contained (no external fonts, images or stylesheets). This module draws a ``State``; it
does not replay records.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from ..model.board import Board
from ..model.catalogue import CROPS, EVENTS, FARMHANDS, QUESTION_SPACE, TRACK_SIZE, WORKERS
from ..model.state import PendingKind, PlayerState, Result, State
from ..rules.scoring import Score, score

if TYPE_CHECKING:
    from ..rules.view import Observation
from .ink import (
    CROP_FILL,
    CROP_INK,
    EMPTY_TINT,
    FONT,
    FONT_SIZE,
    GOLD,
    HARVESTED_TINT,
    INK,
    LINE,
    MUTED,
    PANEL,
    PAPER,
    PLAYER_FILL,
    SHORT_CROP,
    dark,
    el,
    g,
    hex_points,
    label,
    mix,
    num,
    plural,
    text,
    title,
)
from .layout import (
    CHIP_R,
    HEADER_H,
    MARGIN,
    SCORE_COLS,
    SCORE_ROW,
    STOCK_STEP,
    TABLE_LINES,
    TRACK_CELL,
    TRACK_STEP,
    Layout,
    R,
    RenderError,
    Slot,
    layout_of,
)
from .standing import UNKNOWN, standings_note

__all__ = ["RenderError", "board_summary", "document", "parts_of", "render_svg"]


# -- pieces -----------------------------------------------------------------------------------

def _check(x: float, y: float, scale: float = 1.0) -> str:
    """The tick that marks a harvested tile."""
    return el("path", d=f"M{num(x - 4 * scale)},{num(y)}l{num(3 * scale)},{num(3 * scale)}"
              f"l{num(5.5 * scale)},{num(-6 * scale)}", fill="none", stroke=INK,
              stroke_width=num(1.8 * max(scale, 0.7)), stroke_linecap="round",
              stroke_linejoin="round")


def _space(ref: str, crop: str) -> str:
    """An empty board space, tinted by its crop."""
    fill = CROP_FILL[crop]
    return (el("polygon", points=hex_points(R - 0.8), fill=mix(fill, EMPTY_TINT),
               stroke=mix(fill, 0.5))
            + text(0, 3.5, ref, 8.5, mix(dark(fill, 0.35), 0.2), "middle"))


@lru_cache(maxsize=4096)
def _tile(ref: str, crop: str, harvested: bool) -> str:
    fill = CROP_FILL[crop]
    if harvested:
        body = (el("polygon", points=hex_points(R - 0.8), fill=mix(fill, HARVESTED_TINT),
                   stroke=dark(fill), stroke_width="1.6")
                + el("polygon", points=hex_points(R - 0.8), fill="url(#kh-hatch)")
                + _check(0, -7) + text(0, 10, ref, 9, INK, "middle", "bold"))
    else:
        body = (el("polygon", points=hex_points(R - 0.8), fill=fill, stroke=dark(fill),
                   stroke_width="1.6")
                + text(0, 3.5, ref, 9.5, CROP_INK[crop], "middle", "bold"))
    tip = f"{ref}: {crop}{', harvested' if harvested else ''}"
    return el("g", title(tip) + body, class_="tile", data_ref=ref, data_crop=crop,
              data_harvested="1" if harvested else "0")


@lru_cache(maxsize=4096)
def _token(letter: str, scale: float = 1.0) -> str:
    """A worker: a white disc (farmhand) or a gold square (townsfolk), letter and number."""
    w = WORKERS[letter]
    r = 12.5 * scale
    if w.townsfolk:
        shape = el("rect", x=num(-r), y=num(-r), width=num(2 * r), height=num(2 * r),
                   rx=num(4 * scale), fill="#f6e7b8", stroke="#8c6d1f", stroke_width="1.5")
    else:
        shape = el("circle", r=num(r), fill="#ffffff", stroke=INK, stroke_width="1.5")
    return (shape + text(-2.5 * scale, 4.5 * scale, letter, 13 * scale, INK, "middle", "bold")
            + text(6 * scale, 7.5 * scale, str(w.number), 8 * scale, MUTED, "middle", "bold"))


@lru_cache(maxsize=4096)
def _worker(ref: str, letter: str) -> str:
    w = WORKERS[letter]
    kind = "townsfolk" if w.townsfolk else "farmhand"
    return el("g", title(f"{ref}: worker {letter} {w.name} ({w.number}), {kind}")
              + _token(letter), class_="worker", data_ref=ref, data_worker=letter)


@lru_cache(maxsize=4096)
def _chip(ref: str, crop: str, r: float = CHIP_R) -> str:
    """A field tile off the board (registry, store), as a small hex."""
    fill = CROP_FILL[crop]
    return el("g", title(f"{ref}: {crop}")
              + el("polygon", points=hex_points(r), fill=fill, stroke=dark(fill),
                   stroke_width="1.2")
              + text(0, 3.2, ref, 8.5, CROP_INK[crop], "middle", "bold"),
              class_="chip", data_ref=ref)


def _counter(crop: str, r: float = 6.0) -> str:
    fill = CROP_FILL[crop]
    return el("circle", r=num(r), fill=fill, stroke=dark(fill))


def crops_list(counts: Sequence[int]) -> list[str]:
    """Counts per crop as a list of crop names, in crop order."""
    return [crop for crop, k in zip(CROPS, counts) for _ in range(k)]


def _counts_words(counts: Sequence[int]) -> str:
    return ", ".join(f"{k} {SHORT_CROP[c]}" for c, k in zip(CROPS, counts) if k) or "nothing"


def _empty(words: str) -> str:
    return text(0, 4, words, 10.5, MUTED, font_style="italic")


# -- the fixed drawing ------------------------------------------------------------------------

def _defs() -> str:
    return ('<defs><pattern id="kh-hatch" patternUnits="userSpaceOnUse" width="5" height="5" '
            'patternTransform="rotate(45)"><rect width="1.6" height="5" fill="#000" '
            'fill-opacity="0.22"/></pattern></defs>')


def _boxes(layout: Layout) -> list[str]:
    out = []
    for b in layout.boxes.values():
        out.append(el("rect", x=num(b.x), y=num(b.y), width=num(b.w), height=num(b.h), rx="6",
                      fill=PANEL, stroke=LINE))
        out.append(label(b.x + 10, b.y + 16, b.title))
    b = layout.boxes["track"]
    for i in range(TRACK_SIZE):
        x = b.x + 10 + i * TRACK_STEP + TRACK_CELL / 2
        question = i + 1 == QUESTION_SPACE
        below = "?" if question else ("end" if i + 1 == TRACK_SIZE else str(i + 1))
        out.append(text(x, b.y + 26 + TRACK_CELL + 12, below, 8.5, GOLD if question else MUTED,
                        "middle", "bold" if question else None))
    b = layout.boxes["stock"]
    for i, crop in enumerate(CROPS):
        x = b.x + 22 + i * STOCK_STEP
        out.append(g(title(crop) + _counter(crop, 9), x, b.y + 38))
        out.append(text(x, b.y + 62, SHORT_CROP[crop], 9, MUTED, "middle"))
    b = layout.boxes["scores"]
    for name, x in SCORE_COLS:
        out.append(text(b.x + x, b.y + 34, name, 9.5, MUTED, None if name == "player" else "end"))
    for i, colour in enumerate(layout.colours):
        y = b.y + 34 + SCORE_ROW * (i + 1)
        out.append(el("circle", cx=num(b.x + 15), cy=num(y - 4), r="4.5",
                      fill=PLAYER_FILL.get(colour, MUTED)))
        out.append(text(b.x + 24, y, colour))
    b = layout.boxes["table"]
    for _, words, y in TABLE_LINES:
        if words:
            out.append(text(b.x + 10, b.y + y, words, 10.5, MUTED))
    return out


def _panel(layout: Layout, colour: str) -> list[str]:
    px, py = layout.panels[colour]
    fill = PLAYER_FILL.get(colour, MUTED)
    w = layout.panel_w
    out = [el("rect", x=num(px), y=num(py), width=num(w), height=num(layout.panel_h), rx="8",
              fill=PANEL, stroke=fill, stroke_width="2"),
           el("path", d=f"M{num(px + 1)},{num(py + HEADER_H)}v{num(8 - HEADER_H)}a7,7 0 0 1 7,-7"
              f"h{num(w - 16)}a7,7 0 0 1 7,7v{num(HEADER_H - 8)}z", fill=mix(fill, 0.75)),
           el("circle", cx=num(px + 17), cy=num(py + 14), r="7", fill=fill, stroke=dark(fill)),
           text(px + 30, py + 19, colour, 13.5, weight="bold")]
    sx, sy = layout.side_origin(colour)
    out.append(label(sx, sy + 8, "store"))
    tx, ty = layout.screen_origin(colour)
    out.append(label(tx, ty + 8, "screen"))
    out.append(el("rect", x=num(tx), y=num(ty + 14), width="22", height="16", rx="2",
                  fill="#e9e1cc", stroke="#a99f86"))
    out.append(label(tx, ty + 50, "supply"))
    return out


def _legend(layout: Layout) -> str:
    y = layout.height - MARGIN - 8
    sample = CROP_FILL["vegetables"]
    hexagon = hex_points(8)
    keys = [
        (el("polygon", points=hexagon, fill=sample, stroke=dark(sample)), "field tile", 84),
        (el("polygon", points=hexagon, fill=mix(sample, HARVESTED_TINT), stroke=dark(sample))
         + el("polygon", points=hexagon, fill="url(#kh-hatch)") + _check(0, -1, 0.6),
         "harvested", 88),
        (el("polygon", points=hexagon, fill=mix(sample, EMPTY_TINT), stroke=mix(sample, 0.5)),
         "empty space", 100),
        (_token("A", 0.62), "farmhand", 86),
        (_token("G", 0.62), "townsfolk", 90),
    ]
    out = []
    x = MARGIN + 4
    for icon, words, w in keys:
        out.append(g(icon, x + 8, y - 4) + text(x + 21, y, words, 10, MUTED))
        x += w
    return el("g", "".join(out), class_="legend")


# -- the parts --------------------------------------------------------------------------------

def _status(state: State, sc: Score, unknown: Collection[str] = ()) -> tuple[str, str]:
    """The two status lines: whose turn (or the result), and what the game waits for.
    Only an ended game has a winner (I.55); a turn the position does not give is not
    counted."""
    pend = state.pending
    turns = None if "turn" in unknown else plural(state.turn.number, "turn")
    if state.result == Result.FINISHED and not sc.finished:  # a player's view (I.27)
        head, more = "Game over", "the winner is behind the screens (G.4)"
        if turns:
            more = f"after {turns}; {more}"
    elif state.result == Result.FINISHED:
        head = f"Game over: {sc.winner} wins" if sc.winner else "Game over: a draw"
        more = (f"decided by {sc.decided_by}" if sc.winner
                else f"between {' and '.join(sc.winners)}")
        if turns:
            more = f"after {turns}; {more}" if sc.winner else f"after {turns}, {more}"
    elif state.is_over:
        head = "Game stopped unfinished"
        more = (f"after {turns}; " if turns else "") + standings_note(state, sc, unknown)
    elif turns is None:
        head, more = f"Turn {UNKNOWN}", standings_note(state, sc, unknown)
    else:
        head = f"Turn {state.turn.number}: {state.current.colour} to play"
        more = f"waiting for {pend.describe()}"
    return (text(4, 15, head, 14, weight="bold", class_="status",
                 data_turn="" if turns is None else str(state.turn.number),
                 data_result=state.result or ""),
            text(4, 0, more, 11, MUTED, class_="waiting",
                 data_pending=" ".join(x for x in (pend.kind, pend.player or "") if x)))


@lru_cache(maxsize=4096)
def _track(track: Sequence[str]) -> str:
    return el("g", "".join(_track_cells(track)), class_="track", data_track=" ".join(track))


def _track_cells(track: Sequence[str]) -> list[str]:
    out = []
    for i in range(TRACK_SIZE):
        x, y = 10 + i * TRACK_STEP, 26
        question = i + 1 == QUESTION_SPACE
        event = track[i] if i < len(track) else None
        fill = "#3d3a33" if event else ("#fff6d8" if question else "#ffffff")
        out.append(el("rect", x=num(x), y=num(y), width=num(TRACK_CELL), height=num(TRACK_CELL),
                      rx="4", fill=fill, stroke=GOLD if question else "#a99f86",
                      stroke_width="2" if question else None,
                      stroke_dasharray="3 2" if question and not event else None))
        if event:
            ev = EVENTS.get(event)
            out.append(el("g", title(f"space {i + 1}: event {event} {ev.name if ev else ''}")
                          + text(x + TRACK_CELL / 2, y + 18.5, event, 14, "#ffffff", "middle",
                                 "bold"), class_="event", data_event=event))
        elif question:
            out.append(text(x + TRACK_CELL / 2, y + 19, "?", 15, GOLD, "middle", "bold"))
    return out


@lru_cache(maxsize=1)
def _unknown_track() -> str:
    """The track of a position that does not give it: empty spaces, marked unknown."""
    middle = 10 + TRACK_SIZE * TRACK_STEP / 2
    backdrop = el("rect", x=num(middle - 42), y="31", width="84", height="18", rx="4",
                  fill="#fbfaf6", stroke="#a99f86")
    return el("g", "".join(_track_cells(())) + backdrop
              + text(middle, 44, UNKNOWN, 12, MUTED, "middle", "bold"),
              class_="track", data_track=UNKNOWN)


@lru_cache(maxsize=4096)
def _store_item(tile: str, crop: str, bid: Sequence[int]) -> str:
    out = [g(_chip(tile, crop, 14), 15, 14), text(34, 18, "for", 10, MUTED)]
    x = 58
    for c in crops_list(bid):
        out.append(g(_counter(c), x, 14))
        x += 15
    out.append(text(x + 2, 18, _counts_words(bid), 9.5, MUTED))
    return el("g", "".join(out), class_="item", data_tile=tile,
              data_bid=",".join(crops_list(bid)))


def _flag(state: State, p: PlayerState, sc: Score, unknown: Collection[str] = ()) -> str | None:
    flag = ""
    if state.result == Result.FINISHED:
        if p.colour in sc.winners:
            flag = "winner" if len(sc.winners) == 1 else "shares the win"
    elif not state.is_over and "turn" not in unknown:
        if state.current.colour == p.colour:
            flag = "to play"
        if state.pending.player == p.colour and state.pending.kind != PendingKind.TURN:
            flag = "to answer" if not flag else "to play, to answer"
    if not flag:
        return None
    w = 8 + 6.3 * len(flag)
    return el("g", el("rect", x=num(-w), y="-13", width=num(w), height="17", rx="8.5", fill=INK)
              + text(-w / 2, 0, flag, 10, "#ffffff", "middle", "bold"),
              class_="flag", data_flag=flag)


@lru_cache(maxsize=4096)
def _supply(supply: Sequence[str]) -> str:
    out = [g(_token(letter, 0.8), 11 + i * 24, 0) for i, letter in enumerate(supply)]
    return el("g", "".join(out) or _empty("none left"), class_="supply",
              data_supply="".join(supply))


@lru_cache(maxsize=4096)
def _score_row(ps_total: int, values: Sequence[int], win: bool, lead: bool = False) -> str:
    out = []
    for (name, x), v in zip(SCORE_COLS[1:], values):
        out.append(text(x, 0, str(v), FONT_SIZE, INK, "end", "bold" if name == "total" else None))
    if win:
        out.append(text(SCORE_COLS[-1][1] - 24, 0, "\u2605", 12, GOLD, "end", "bold"))
    if lead:  # before the end the best total leads; nobody wins yet (I.55)
        out.append(text(66, 0, "leading", 8.5, GOLD, weight="bold", class_="leading"))
    return el("g", "".join(out), class_="score", data_total=str(ps_total),
              data_winner="1" if win else "0", data_leading="1" if lead else "0")


@lru_cache(maxsize=4096)
def _fallow(fallow: Sequence[str]) -> str:
    per_line = 11
    lines = [" ".join(fallow[i:i + per_line]) for i in range(0, len(fallow), per_line)]
    if len(lines) > 2:
        lines = [lines[0], lines[1] + " ..."]
    body = [text(72, 15 * i, f"({len(fallow)}) {words}" if i == 0 else words, 10.5)
            for i, words in enumerate(lines)] or [text(72, 0, "none", 10.5, MUTED)]
    return el("g", "".join(body), class_="fallow", data_fallow=" ".join(fallow))


@lru_cache(maxsize=4096)
def _extra(set_aside: Sequence[str], in_hand: Sequence[str]) -> str:
    lines = [(name, " ".join(items)) for name, items in (("set aside", set_aside),
                                                         ("in hand", in_hand)) if items]
    body = "".join(text(0, 15 * i, name, 10.5, MUTED) + text(72, 15 * i, words, 10.5)
                   for i, (name, words) in enumerate(lines))
    return el("g", body, class_="extra", data_set_aside=" ".join(set_aside),
              data_in_hand=" ".join(in_hand))


def _score_values(sc: Score, colour: str) -> tuple[int, tuple[int, ...]]:
    ps = sc.of(colour)
    by_item = {"workers": 0, "largest group": 0, "second group": 0}
    majority = 0
    for line in ps.lines:
        if line.item.startswith("majority"):
            majority += line.points
        else:
            by_item[line.item] = by_item.get(line.item, 0) + line.points
    return ps.total, (by_item["workers"], by_item["largest group"], by_item["second group"],
                      majority, ps.total)


def parts_of(state: State, layout: Layout, unknown: Collection[str] = (),
             view: Observation | None = None) -> dict[str, str]:
    """The filled slots of ``layout`` for ``state``: slot key -> SVG fragment. ``unknown``
    names what a partial position leaves unknown (``Position.unknown``): drawn as
    unknown, not as empty or zero. With ``view`` (``rules.view.observe``), what that player
    may know instead of ``state`` (I.27): the screens as known, the points on the boards."""
    if view is not None:
        state = view.public_state()
    sc = score(state) if view is None else view.public_score()
    board = state.board
    status, waiting = _status(state, sc, unknown)
    out = {
        "status": status,
        "waiting": waiting,
        "stepno": text(0, 15, f"step {UNKNOWN if 'steps' in unknown else state.steps}", 11,
                       MUTED, "end", class_="stepno",
                       data_steps=UNKNOWN if "steps" in unknown else str(state.steps)),
        "track": _unknown_track() if "track" in unknown else _track(tuple(state.track)),
        "scores:note": text(0, 0, standings_note(state, sc, unknown) if view is None
                            else sc.notes[0], 9, MUTED,
                            class_="standing", data_finished="1" if sc.finished else "0"),
        "bag": text(72, 0, UNKNOWN, 10.5, MUTED, data_count=UNKNOWN) if "bag" in unknown
        else text(72, 0, f"{plural(state.bag_count, 'tile')}"
                  + (f" + {state.hidden_removed} events removed unseen"
                     if state.hidden_removed else ""), 10.5,
                  data_count=str(state.bag_count)),
        "town": text(72, 0, " ".join(sorted(state.town)) or "empty", 10.5,
                     data_town="".join(sorted(state.town))),
        "fallow": _fallow(tuple(state.fallow)),
        "extra": _extra(tuple(state.set_aside), tuple(state.in_hand)),
    }
    for i, ref in enumerate(state.registry):
        out[f"registry:{i}"] = _chip(ref, board.crops[ref])
    if not state.registry:
        out["registry:0"] = _empty(UNKNOWN if "registry" in unknown else "empty")
    for crop, k in zip(CROPS, state.stock):
        out[f"stock:{crop}"] = text(0, 0, str(k), 12, weight="bold", data_count=str(k))
    for p in state.players:
        total, values = _score_values(sc, p.colour)
        win = sc.finished and p.colour in sc.winners
        lead = not sc.finished and p.colour in sc.ahead
        out[f"score:{p.colour}"] = _score_row(total, values, win, lead)
    for colour in layout.shown:
        p = state.player(colour)
        flag = _flag(state, p, sc, unknown)
        if flag:
            out[f"flag:{colour}"] = flag
        out[f"total:{colour}"] = text(0, 0, f"{sc.of(colour).total} pts", 12.5, INK, "end",
                                      "bold", data_total=str(sc.of(colour).total))
        for i, it in enumerate(p.store):
            out[f"store:{colour}:{i}"] = _store_item(it.tile, board.crops[it.tile], tuple(it.bid))
        if not p.store:
            out[f"store:{colour}:0"] = g(_empty("empty"), 0, 14)
        if view is None:
            n = p.crop_total
            out[f"screen:{colour}"] = el("g", text(11, 12, str(n), 10.5, INK, "middle", "bold")
                                         + text(28, 12, "crop" + ("" if n == 1 else "s")
                                                + " behind the screen", 10.5),
                                         class_="screen", data_count=str(n))
        else:
            seen = view.screen(colour)
            out[f"screen:{colour}"] = el("g", text(0, 12, seen.describe(), 10.5, INK),
                                         class_="screen", data_count=str(seen.total),
                                         data_unknown=str(seen.unknown))
        out[f"supply:{colour}"] = _supply(tuple(w for w in FARMHANDS if w in p.supply))
        out[f"count:{colour}"] = text(0, 0, f"{plural(len(p.tiles), 'field tile')}, "
                                      f"{plural(len(p.workers), 'worker')} on the board",
                                      10, MUTED)
        for ref, harvested in p.tiles.items():
            out[f"cell:{colour}:{ref}"] = _tile(ref, board.crops[ref], harvested)
        for ref, letter in p.workers.items():
            out[f"cell:{colour}:{ref}"] = _worker(ref, letter)
    return out


def board_summary(board: Board, p: PlayerState) -> dict[str, str]:
    """The ``data-tiles`` and ``data-workers`` attributes of a player's board."""
    tiles = " ".join(ref + ("h" if p.tiles[ref] else "") for ref in board.references
                     if ref in p.tiles)
    workers = " ".join(sorted(f"{w}@{s}" for s, w in p.workers.items()))
    return {"data-tiles": tiles, "data-workers": workers}


def document(layout: Layout, fill: Callable[[int, Slot], str | None],
             board_attrs: Mapping[str, Mapping[str, str]] | None = None,
             slot_id: Callable[[int], str] | None = None) -> str:
    """The SVG of ``layout`` with each slot's content given by ``fill(index, slot)``.

    A slot whose content is None is left out. ``slot_id(index)``, if given, names every slot's
    group (the HTML viewer finds its slots by these ids).
    """
    w, h = num(layout.width), num(layout.height)
    root = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}" font-family="{FONT}" font-size="{FONT_SIZE}" fill="{INK}">')
    out = [root, _defs(), el("rect", width=w, height=h, fill=PAPER), *_boxes(layout)]
    for colour in layout.shown:
        out += _panel(layout, colour)
    out.append(_legend(layout))
    cells: dict[str, list[str]] = {c: [] for c in layout.shown}
    rest: list[str] = []
    for i, slot in enumerate(layout.slots):
        body = fill(i, slot)
        if body is None:
            continue
        name = f' id="{slot_id(i)}"' if slot_id else ""
        group = (f'<g{name} data-slot="{slot.key}" '
                 f'transform="translate({num(slot.x)},{num(slot.y)})">{body}</g>')
        (cells[slot.board] if slot.board else rest).append(group)
    for colour in layout.shown:
        bx, by = layout.board_origin(colour)
        spaces = "".join(g(_space(ref, layout.board.crops[ref]), *layout.geometry.centres[ref])
                         for ref in layout.board.references)
        extra = dict((board_attrs or {}).get(colour, {}))
        out.append(g(spaces + "\n" + "".join(cells[colour]), bx, by, class_="board",
                     data_player=colour, **extra))
    out += rest
    out.append("</svg>")
    return "\n".join(out) + "\n"


def render_svg(state: State, player: str | None = None,
               unknown: Collection[str] = (), view: Observation | None = None) -> str:
    """The position as a standalone SVG document: every player's panel, or only ``player``'s;
    ``unknown`` and ``view`` as in ``parts_of``.

    Deterministic (the same state gives the same bytes) and self-contained. Raises
    ``RenderError`` if ``player`` is not playing.
    """
    layout = layout_of(state, player)
    parts = parts_of(state, layout, unknown, view)
    boards = {c: board_summary(state.board, state.player(c)) for c in layout.shown}
    return document(layout, lambda i, slot: parts.get(slot.key), boards)
