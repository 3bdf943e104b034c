"""The HTML pages of ``keyharvest stats --html`` and ``keyharvest standings --html``.

Each page is one self-contained file: its style and its charts are inline (SVG drawn here,
no script, no font or library fetched), so it opens the same with or without a network.

- ``stats_page(lines)``: for each number of players, a chart of the seats' win shares
  with their 95% intervals (``<svg data-chart="seats-N">``, a bar
  ``<rect data-seat="K" data-share="S">`` per seat, its interval a line
  ``data-low``/``data-high``), a chart of the quartiles of turns, points, the winner's
  points and the margin (``data-chart="spread-N"``, a box ``<g data-measure="turns"
  data-q1 data-median data-q3 data-min data-max>`` each), and the most frequent first steps
  with their win shares (``data-chart="first-N"``), each next to its table;
- ``standings_page(rows, ...)``: the table (``<table id="standings">``, a
  ``<tr data-person="...">`` per person) and each person's rating over the games
  (``data-chart="ratings"``, a ``<polyline data-person="...">`` for each of the first
  ``MAX_SERIES`` persons, whose ``data-mu`` lists the mu after each of their games; a
  person of more than ``play.standings.Trace.CAP`` games is drawn through one game in
  every 2, 4, 8, ... of theirs and the last, as the note ``#thinned`` says).

The input is what the commands print as JSON Lines (``play.stats.Stats.lines``,
``play.standings.Row``): the page shows what the text shows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from ..play.standings import Trace
from .ink import INK, MUTED, PANEL, PAPER, PLAYER_FILL

#: The colours of the lines of the persons' ratings, in turn.
SERIES = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2",
          "#17becf", "#7f7f7f", "#bcbd22")
#: The most persons drawn in the chart of ratings (the table lists them all).
MAX_SERIES = 10

STYLE = f"""
body {{ font: 15px/1.4 system-ui, sans-serif; color: {INK}; background: {PAPER};
       margin: 0 auto; padding: 1em; max-width: 1100px; }}
h1 {{ font-size: 1.4em; }} h2 {{ font-size: 1.15em; margin-top: 1.6em; }}
section {{ background: {PANEL}; border: 1px solid #ddd6c6; border-radius: 6px;
          padding: 0.6em 1em; margin: 1em 0; overflow-x: auto; }}
.row {{ display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; }}
table {{ border-collapse: collapse; font-variant-numeric: tabular-nums; }}
th, td {{ padding: 0.15em 0.6em; text-align: right; border-bottom: 1px solid #e6dfcf; }}
td.text {{ text-align: left; }}
svg {{ max-width: 100%; height: auto; }}
svg text {{ font: 12px system-ui, sans-serif; fill: {INK}; }}
svg .muted {{ fill: {MUTED}; }}
.note {{ color: {MUTED}; }}
"""


def _num(value: Any, digits: int = 2) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


def _page(title: str, body: str) -> str:
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
            f'<h1>{escape(title)}</h1>\n{body}</body>\n</html>\n')


def _table(head: Sequence[str], rows: Sequence[Sequence[Any]], attrs: Sequence[str] = (),
           id_: str | None = None) -> str:
    ident = f' id="{id_}"' if id_ else ""
    out = [f"<table{ident}><thead><tr>" + "".join(f"<th>{escape(h)}</th>" for h in head)
           + "</tr></thead><tbody>"]
    for i, row in enumerate(rows):
        attr = f" {attrs[i]}" if i < len(attrs) else ""
        out.append(f"<tr{attr}>" + "".join(
            f'<td class="text">{escape(c)}</td>' if isinstance(c, str)
            else f"<td>{escape(_num(c))}</td>" for c in row) + "</tr>")
    out.append("</tbody></table>")
    return "".join(out)


# -- charts ------------------------------------------------------------------------------------
def _svg(name: str, width: int, height: int) -> str:
    return (f'<svg data-chart="{escape(name)}" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}" role="img">')


def _share_bars(name: str, bars: Sequence[tuple[str, float, float, float, str]],
                chance: float | None = None, label_width: int = 60) -> str:
    """Horizontal bars of shares 0..1 with their intervals: (label, share, low, high,
    data attributes). ``chance``: a dashed line at that share."""
    width, row = 460, 26
    plot = width - label_width - 50
    height = row * len(bars) + 30
    out = [_svg(name, width, height)]
    for i, (label, share, low, high, attrs) in enumerate(bars):
        y = 8 + i * row
        w = plot * share
        out.append(f'<text x="{label_width - 6}" y="{y + 14}" text-anchor="end">'
                   f"{escape(label)}</text>")
        out.append(f'<rect x="{label_width}" y="{y + 2}" width="{w:.1f}" height="{row - 8}" '
                   f'fill="#8fb3d9" {attrs} data-share="{share:.4f}"/>')
        x1, x2 = label_width + plot * low, label_width + plot * high
        mid = y + row / 2 - 2
        out.append(f'<line x1="{x1:.1f}" x2="{x2:.1f}" y1="{mid}" y2="{mid}" stroke="{INK}" '
                   f'stroke-width="1.5" data-low="{low:.4f}" data-high="{high:.4f}"/>')
        for x in (x1, x2):
            out.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{mid - 5}" y2="{mid + 5}" '
                       f'stroke="{INK}"/>')
        out.append(f'<text x="{label_width + plot + 6}" y="{y + 14}">{share:.0%}</text>')
    axis = 8 + row * len(bars)
    for tick in (0, 0.25, 0.5, 0.75, 1):
        x = label_width + plot * tick
        out.append(f'<text class="muted" x="{x:.1f}" y="{axis + 14}" text-anchor="middle">'
                   f"{tick:.0%}</text>")
    if chance is not None:
        x = label_width + plot * chance
        out.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="4" y2="{axis}" stroke="{MUTED}" '
                   f'stroke-dasharray="4 3" data-chance="{chance:.4f}"/>')
    out.append("</svg>")
    return "".join(out)


def _boxes(name: str, boxes: Sequence[tuple[str, Mapping[str, Any]]]) -> str:
    """A box (quartiles) and whiskers (least, most) per measure, on one scale."""
    shown = [(label, s) for label, s in boxes if s.get("n")]
    width, row, left = 460, 34, 110
    plot = width - left - 20
    height = row * max(len(shown), 1) + 30
    top = max((float(s["max"]) for _, s in shown), default=1.0) or 1.0
    scale = plot / top
    out = [_svg(name, width, height)]
    for i, (label, s) in enumerate(shown):
        y = 8 + i * row
        mid = y + row / 2 - 4
        x = {k: left + scale * float(s[k]) for k in ("min", "q1", "median", "q3", "max")}
        out.append(f'<g data-measure="{escape(label)}" data-min="{s["min"]}" '
                   f'data-q1="{s["q1"]}" data-median="{s["median"]}" data-q3="{s["q3"]}" '
                   f'data-max="{s["max"]}" data-mean="{s["mean"]}">')
        out.append(f'<text x="{left - 6}" y="{mid + 4}" text-anchor="end">{escape(label)}'
                   "</text>")
        out.append(f'<line x1="{x["min"]:.1f}" x2="{x["max"]:.1f}" y1="{mid}" y2="{mid}" '
                   f'stroke="{MUTED}"/>')
        out.append(f'<rect x="{x["q1"]:.1f}" y="{mid - 9}" '
                   f'width="{max(x["q3"] - x["q1"], 1):.1f}" height="18" fill="#cfe0c3" '
                   f'stroke="{INK}"/>')
        out.append(f'<line x1="{x["median"]:.1f}" x2="{x["median"]:.1f}" y1="{mid - 9}" '
                   f'y2="{mid + 9}" stroke="{INK}" stroke-width="2"/>')
        out.append("</g>")
    axis = 8 + row * max(len(shown), 1)
    for k in range(5):
        value = top * k / 4
        out.append(f'<text class="muted" x="{left + scale * value:.1f}" y="{axis + 12}" '
                   f'text-anchor="middle">{value:.0f}</text>')
    out.append("</svg>")
    return "".join(out)


def _lines(name: str, series: Sequence[tuple[str, str, Sequence[tuple[int, float]]]],
           last: int) -> str:
    """Lines over game numbers 1..``last``: (label, colour, [(x, y)]) each."""
    width, height, left, bottom, right = 640, 300, 44, 28, 150
    plot_w, plot_h = width - left - right, height - bottom - 12
    ys = [y for _, _, pts in series for _, y in pts]
    low, high = (min(ys), max(ys)) if ys else (0.0, 1.0)
    if high - low < 1e-9:
        low, high = low - 1, high + 1

    def at(x: float, y: float) -> tuple[float, float]:
        return (left + plot_w * (x - 1) / max(last - 1, 1),
                12 + plot_h * (1 - (y - low) / (high - low)))

    out = [_svg(name, width, height)]
    for k in range(5):
        value = low + (high - low) * k / 4
        _, y = at(1, value)
        out.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y:.1f}" y2="{y:.1f}" '
                   f'stroke="#e6dfcf"/><text class="muted" x="{left - 4}" y="{y + 4:.1f}" '
                   f'text-anchor="end">{value:.1f}</text>')
    out.append(f'<text class="muted" x="{left + plot_w / 2}" y="{height - 6}" '
               f'text-anchor="middle">games, in date order (1 to {last})</text>')
    for i, (label, colour, pts) in enumerate(series):
        coords = " ".join(f"{a:.1f},{b:.1f}" for a, b in (at(x, y) for x, y in pts))
        mus = " ".join(f"{y:.3f}" for _, y in pts)
        out.append(f'<polyline points="{coords}" fill="none" stroke="{colour}" '
                   f'stroke-width="2" data-person="{escape(label)}" data-mu="{mus}"/>')
        if pts:
            x, y = at(*pts[-1])
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"/>')
        out.append(f'<rect x="{left + plot_w + 12}" y="{14 + 18 * i}" width="10" height="10" '
                   f'fill="{colour}"/><text x="{left + plot_w + 26}" y="{23 + 18 * i}">'
                   f"{escape(label)}</text>")
    out.append("</svg>")
    return "".join(out)


# -- stats -------------------------------------------------------------------------------------
def _interval(d: Mapping[str, Any]) -> str:
    return f"{d['low']:.0%}–{d['high']:.0%}"


def stats_page(lines: Sequence[Mapping[str, Any]], title: str = "Key Harvest: statistics"
               ) -> str:
    """The page of ``stats --html`` from ``Stats.lines()`` (see the module's text)."""
    body = []
    summary = lines[-1]
    apart = ", ".join(f"{summary[k]} {k.replace('_', ' ')}" for k in
                      ("unfinished", "in_progress", "bad", "unreadable", "positions", "skipped")
                      if summary.get(k))
    body.append(f'<p class="note" id="summary">{summary["finished"]} finished games from '
                f'{summary["files"]} file(s)' + (f"; counted apart: {apart}" if apart else "")
                + ".</p>\n")
    for group in lines[:-1]:
        n = group["player_count"]
        key = str(n)
        heading = "All games" if n == "all" else f"{n} players"
        seats = group["seats"]
        bars = [(f"seat {s['seat']}", s["win_share"] or 0.0, s["low"], s["high"],
                 f'data-seat="{s["seat"]}"') for s in seats]
        chance = 1 / len(seats) if n != "all" and seats else None
        seat_table = _table(["seat", "games", "wins", "share", "95% interval"],
                            [[f"seat {s['seat']}", s["games"], s["wins"], s["win_share"],
                              _interval(s)] for s in seats])
        measures = [("turns", group["turns"]), ("points", group["points"]),
                    ("winner's points", group["winner_points"]), ("margin", group["margin"])]
        spread_table = _table(["", "games", "mean", "q1", "median", "q3", "min", "max"],
                              [[label, s.get("n"), s.get("mean"), s.get("q1"),
                                s.get("median"), s.get("q3"), s.get("min"), s.get("max")]
                               for label, s in measures])
        firsts = group["first_steps"]
        first_bars = [(f["move"], f["win_share"] or 0.0, f["low"], f["high"],
                       f'data-step="{escape(f["move"])}" data-games="{f["games"]}"')
                      for f in firsts]
        first_table = _table(["first step", "games", "win share", "95% interval"],
                             [[f["move"], f["games"], f["win_share"], _interval(f)]
                              for f in firsts])
        kinds = _table(["first step's kind", "games", "win share", "95% interval"],
                       [[f["kind"], f["games"], f["win_share"], _interval(f)]
                        for f in group["first_kinds"]])
        body.append(
            f'<section data-players="{escape(key)}">\n<h2>{heading}: {group["games"]} games'
            + (f", {group['draws']} drawn" if group["draws"] else "") + "</h2>\n"
            "<h3>Win share by seat (seat 1 starts), with 95% Wilson intervals</h3>\n"
            f'<div class="row">{_share_bars("seats-" + key, bars, chance)}{seat_table}</div>\n'
            "<h3>Game length and points</h3>\n"
            f'<div class="row">{_boxes("spread-" + key, measures)}{spread_table}</div>\n'
            f"<h3>The start player's first step ({group['distinct_first_steps']} different)"
            "</h3>\n"
            f'<div class="row">{_share_bars("first-" + key, first_bars, None, 200)}'
            f"{first_table}</div>\n<div>{kinds}</div>\n</section>\n")
    return _page(title, "".join(body))


# -- standings ---------------------------------------------------------------------------------
def standings_page(rows: Sequence[Any], summary: Mapping[str, Any],
                   title: str = "Key Harvest: standings") -> str:
    """The page of ``standings --html``: the table and the ratings over the games (see
    the module's text). ``rows`` are ``play.standings.Row`` s in order."""
    rated = bool(summary.get("rated"))
    head = ["#", "person", "games", "wins", "win share", "points", "mean points",
            "mean place", "field tiles", "crops"] + (["rating", "mu", "sigma"] if rated else [])
    table_rows = []
    attrs = []
    for r in rows:
        d = r.as_dict()
        table_rows.append([r.rank, r.who, r.games, d["wins"], d["win_share"], r.points,
                           d["mean_points"], d["mean_place"], r.field_tiles, r.crops]
                          + ([r.rating, r.mu, r.sigma] if rated else []))
        attrs.append(f'data-person="{escape(r.who)}" data-rank="{r.rank}"')
    apart = ", ".join(f"{summary[k]} {k.replace('_', ' ')}" for k in
                      ("unfinished", "in_progress", "bad", "unreadable", "positions", "skipped")
                      if summary.get(k))
    body = [f'<p class="note" id="summary">{summary["games"]} finished games, '
            f'{summary["persons"]} {"colours" if summary.get("by") == "colour" else "persons"}'
            + (f"; counted apart: {apart}" if apart else "") + ".</p>\n",
            f"<section>{_table(head, table_rows, attrs, 'standings')}</section>\n"]
    if rated:
        chosen = list(rows)[:MAX_SERIES]
        series = [(r.who, PLAYER_FILL.get(r.who, SERIES[i % len(SERIES)]), r.history)
                  for i, r in enumerate(chosen)]
        more = len(rows) - len(chosen)
        thinned = "; ".join(f"{escape(r.who)} through one game in {r.every} of theirs and "
                            "the last" for r in chosen if r.every > 1)
        body.append("<section><h2>Rating (OpenSkill mu) after each game</h2>\n"
                    + _lines("ratings", series, summary["games"])
                    + (f'<p class="note">The first {MAX_SERIES} of the table are drawn; '
                       f"{more} more are in it.</p>" if more > 0 else "")
                    + (f'<p class="note" id="thinned">A line of more than {Trace.CAP:,} '
                       f"games is drawn through some of them: {thinned}.</p>"
                       if thinned else "") + "</section>\n")
    else:
        body.append('<p class="note">No ratings: openskill is not installed '
                    "(pip install 'keyharvest[standings]').</p>\n")
    return _page(title, "".join(body))


__all__ = ["standings_page", "stats_page"]
