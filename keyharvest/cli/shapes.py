"""Text and JSON shapes of the command line's results (the data ``keyharvest`` prints).

Presentation only: each function takes what the library computed (a score, a comparison,
a report, a position) and returns text or JSON-ready data. Nothing here reads files or
decides an exit code.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..model.state import State
    from ..play.batch import Report
    from ..play.compare import Comparison, Difference, Side
    from ..play.replay import Located
    from ..rules.scoring import Score


# -- where ---------------------------------------------------------------------------------------
def located_title(at: Located) -> str:
    """``file (game 2 of 3), after step 57 (turn 19): finished``."""
    where = at.source
    if at.kind == "record":
        if at.games > 1:
            where += f" (game {at.game})"
        where += f", after step {at.step}" if at.step else ", at the setup"
        if at.state.result is None:
            where += f" (turn {at.state.turn.number})"
    else:
        complete = at.position is not None and at.position.complete
        where += f" (position, {'complete' if complete else 'partial'})"
    return f"{where}: {at.result}"


def origin_dict(at: Located) -> dict[str, Any]:
    """What each result line about ``at`` says of where it is from: its file (``source``)
    and, for a record, which game of the file (docs/json.md)."""
    return {"source": at.source, **({"game": at.game} if at.kind == "record" else {})}


def located_dict(at: Located) -> dict[str, Any]:
    out: dict[str, Any] = {"source": at.source, "kind": at.kind}
    if at.kind == "record":
        out.update(game=at.game, step=at.step)
    else:
        out["complete"] = at.position.complete if at.position is not None else True
    out.update(turn=at.state.turn.number, status=at.result)
    return out


def pending_dict(state: State) -> dict[str, Any]:
    p = state.pending
    return {"kind": p.kind, "player": p.player, "rule": p.rule, "purpose": p.purpose,
            "worker": p.worker, "event": p.event, "description": p.describe()}


# -- score -----------------------------------------------------------------------------------------
SCORE_HEADER = ("player", "rule", "item", "points", "detail")


def score_rows(sc: Score) -> list[tuple[str, str, str, str, str]]:
    rows = []
    for ps in sc.players:
        for line in ps.lines:
            rows.append((ps.player, line.rule, line.item, str(line.points), line.detail))
        rows.append((ps.player, "", "total", str(ps.total),
                     f"tie-breaks: {ps.field_tiles} field tiles, {ps.crops} crops"))
    return rows


def score_table(sc: Score) -> str:
    """The itemised score as an aligned table, then the winner and how it was decided; for
    a game not finished, headed as the standings so far and ending with who leads (I.55).
    A last line says what the lines mean (``SCORE_KEY``)."""
    rows = score_rows(sc)
    widths = [max(len(r[i]) for r in [SCORE_HEADER, *rows]) for i in range(4)]
    lines = [] if sc.finished else ["not finished: the standings so far, no winner (I.55)"]
    for i, row in enumerate([SCORE_HEADER, *rows]):
        if i > 1 and row[0] != rows[i - 2][0]:
            lines.append("")
        cells = [row[0].ljust(widths[0]), row[1].ljust(widths[1]), row[2].ljust(widths[2]),
                 row[3].rjust(widths[3]), row[4]]
        lines.append("  ".join(cells).rstrip())
    lines.append("")
    lines.append(winner_line(sc))
    lines.append(SCORE_KEY)
    return "\n".join(lines)


#: The footer of the score table: what its lines mean (RULES.md G), in one line.
SCORE_KEY = ("G.1 workers: their numbers; G.2 largest group x1, G.3 second group x2 per "
             "tile; G.4 1 per crop held most; ties: field tiles, then crops")


def winner_line(sc: Score) -> str:
    if not sc.finished:  # no winner before the end (I.55)
        top = sc.of(sc.leaders[0]).total
        each = " each" if len(sc.leaders) > 1 else ""
        return f"leading: {', '.join(sc.leaders)} ({top} points{each})"
    if sc.winner is not None:
        return f"winner: {sc.winner} (decided by {sc.decided_by})"
    return f"draw between {', '.join(sc.winners)} (tie-break 3: no tie-break separates them)"


def score_dict(sc: Score) -> dict[str, Any]:
    return {
        "finished": sc.finished, "winner": sc.winner, "winners": list(sc.winners),
        "decided_by": sc.decided_by or None, "leading": list(sc.leaders),
        "notes": list(sc.notes),
        "players": [{
            "player": ps.player, "points": ps.total, "field_tiles": ps.field_tiles,
            "crops": ps.crops,
            "lines": [{"rule": li.rule, "item": li.item, "points": li.points,
                       "detail": li.detail, "tiles": list(li.tiles)} for li in ps.lines],
        } for ps in sc.players],
    }


# -- validate --------------------------------------------------------------------------------------
def report_place(r: Report) -> str:
    """What a report is about, for the count of its errors: ``game 2 of FILE``."""
    if r.kind == "record":
        return f"game {r.index} of {r.source}"
    if r.kind == "position":
        return f"position {r.source}"
    return r.source


def report_line(r: Report) -> str:
    """One line per report, for ``validate --verbose``; a bad record's with its first
    error (``Diagnostic.brief``: where, its kind and rule)."""
    verdict = "ok" if r.ok else "bad"
    if r.kind == "record":
        if r.ok:
            return f"{r.source}:{r.line}: game {r.index}: ok ({r.status}, {r.steps} steps)"
        first = f" ({r.diagnostics[0].brief()})" if r.diagnostics else ""
        return f"{r.source}:{r.line}: game {r.index}: bad{first}"
    if r.kind == "position":
        return f"{r.source}: position ({r.status or 'unreadable'}): {verdict}"
    if r.kind == "skipped":
        return f"{r.source}: skipped (a link out of the folder)"
    return f"{r.source}: unreadable"


# -- diff ------------------------------------------------------------------------------------------
def _line_of(text: str, line: int | None) -> str:
    if line is None:
        return ""
    lines = text.split("\n")
    return lines[line - 1].rstrip("\r") if 0 < line <= len(lines) else ""


def side_line(side: Side, text: str, source: str) -> dict[str, Any]:
    """Where a side's step at the split was written: file, line, the line's text."""
    step = side.step
    if step is None:
        return {"source": source, "line": None, "text": None, "move": None}
    span = getattr(step, "span", None)
    line = span.line if span is not None else None
    return {"source": source, "line": line, "text": _line_of(text, line), "move": str(step)}


def differences(diffs: Sequence[Difference], a: str, b: str, indent: str = "  ") -> list[str]:
    return [indent + d.describe(a, b) for d in diffs] or [indent + "(no difference)"]


def comparison_text(c: Comparison, a: tuple[str, str], b: tuple[str, str]) -> str:
    """``a`` and ``b`` are (source, text) of each record. Differences name them A and B."""
    (sa, ta), (sb, tb) = a, b
    out: list[str] = []
    if c.same_game:
        out.append(f"{sa} and {sb}: the same game ({c.a.applied} steps)")
    else:
        out.append(f"A = {sa}")
        out.append(f"B = {sb}")
    if c.setup:
        out.append("the setups differ:")
        out.extend(differences(c.setup, "A", "B"))
    if c.split is not None:
        turn = c.a.turn if c.a.turn is not None else c.b.turn
        out.append(f"the records part at step {c.split + 1}"
                   + (f" (turn {turn})" if turn is not None else "") + ":")
        for name, side, source, text in (("A", c.a, sa, ta), ("B", c.b, sb, tb)):
            where = side_line(side, text, source)
            if where["move"] is None:
                out.append(f"  {name} {source}: no step {c.split + 1}: the record ends after "
                           f"step {len(side.record.steps)}")
            else:
                loc = f"{source}:{where['line']}" if where["line"] else source
                out.append(f"  {name} {loc}: {where['text'].strip()}")
                out.append(f"      step {c.split + 1}: {where['move']}")
        out.append(f"the positions after step {c.split + 1}:")
        out.extend(differences(c.at_split, "A", "B"))
    if not c.same_game:
        out.append(f"the positions at the end (A: step {c.a.applied}, "
                   f"{c.a.final.result or 'in progress'}; B: step {c.b.applied}, "
                   f"{c.b.final.result or 'in progress'}):")
        out.extend(differences(c.at_end, "A", "B"))
    if c.metadata:
        out.append("the metadata differs (the game does not):" if c.same_game
                   else "the metadata differs:")
        out.extend(differences(c.metadata, "A" if not c.same_game else sa,
                               "B" if not c.same_game else sb))
    if c.comments_differ:
        out.append("the comments differ")
    return "\n".join(out)


def comparison_dict(c: Comparison, a: tuple[str, str], b: tuple[str, str]) -> dict[str, Any]:
    (sa, ta), (sb, tb) = a, b
    split = None
    if c.split is not None:
        split = {"step": c.split + 1, "turn": c.a.turn if c.a.turn is not None else c.b.turn,
                 "a": side_line(c.a, ta, sa), "b": side_line(c.b, tb, sb)}
    return {
        "same": c.same_game,
        "a": {"source": sa, "steps": c.a.applied, "status": c.a.final.result or "in progress"},
        "b": {"source": sb, "steps": c.b.applied, "status": c.b.final.result or "in progress"},
        "setup": [d.to_dict() for d in c.setup],
        "metadata": [d.to_dict() for d in c.metadata],
        "comments_differ": c.comments_differ,
        "split": split,
        "at_split": [d.to_dict() for d in c.at_split],
        "at_end": [d.to_dict() for d in c.at_end],
    }
