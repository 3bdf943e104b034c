"""A position drawn as text for the terminal: each player's hex board, store, screen count,
the registry, the event track and the stock.

Hex rows are drawn offset, as on the board: a space is two characters, an unharvested
field tile the capital of its crop's colour (``Y`` wheat, ``R`` wine, ``G`` vegetables,
``O`` apples, ``B`` hops), a harvested one in lower case, a worker its letter after
``@``, an empty space ``..``. Rows are labelled with their letters, columns with their
numbers above and below the board (``board_lines``). Positions come from the board file,
so any board draws.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from ..model.board import Board
from ..model.catalogue import CROP_COLOURS, CROPS, QUESTION_SPACE, TRACK_SIZE, WORKERS
from ..model.state import PlayerState, State
from ..rules.scoring import score
from .standing import UNKNOWN, standings_line

if TYPE_CHECKING:
    from ..rules.view import Observation

_INITIAL = {crop: colour[0].upper() for crop, colour in zip(CROPS, CROP_COLOURS)}
LEGEND = ("legend: Y wheat, R wine, G vegetables, O apples, B hops; lower case = harvested; "
          "@X = worker X; .. = empty")


def crops_text(counts: list[int]) -> str:
    parts = [f"{k} {c}" for c, k in zip(CROPS, counts) if k]
    return ", ".join(parts) or "none"


def board_lines(state: State, p: PlayerState) -> list[str]:
    """``p``'s board, a line per row, each row labelled with its letter, between two lines
    of column numbers: above, those of the rows drawn like the first (A, C, E, G on the
    standard board), below, those of the rows offset from it (B, D, F), each numbering
    the spaces straight above or below it, so that a reference (B7) is found without
    counting."""
    board = state.board
    xs = [x for x, _ in board.positions.values()]
    ys = [y for _, y in board.positions.values()]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    at = {pos: ref for ref, pos in board.positions.items()}
    lines = []
    column: dict[int, int] = {}  # x -> where its spaces start in a row's cells
    for y in range(y0, y1 + 1):
        refs = [at[(x, y)] for x in range(x0, x1 + 1) if (x, y) in at]
        row_label = refs[0][0] if refs else " "
        cells = []
        for x in range(x0, x1 + 1):
            ref = at.get((x, y))
            if ref is None:
                cells.append("  " if (x + y) % 2 == 0 else " ")
                continue
            column.setdefault(x, sum(map(len, cells)))
            if ref in p.tiles:
                ch = _INITIAL[board.crops[ref]]
                cells.append((ch.lower() if p.tiles[ref] else ch) + " ")
            elif ref in p.workers:
                cells.append("@" + p.workers[ref])
            else:
                cells.append("..")
        lines.append(f"  {row_label} " + "".join(cells).rstrip())
    first = {x for x, y in at if y == y0}
    rows = sorted({y for _, y in at})
    above = [y for y in rows if {x for x, yy in at if yy == y} <= first]
    below = [y for y in rows if y not in above]
    return [_numbers(board, column, above), *lines,
            *([_numbers(board, column, below)] if below else [])]


def _numbers(board: Board, column: dict[int, int], rows: list[int]) -> str:
    """The line of column numbers of the spaces of ``rows``, each at its column (a column
    whose spaces do not share a number is left blank), then the rows it numbers."""
    numbers: dict[int, set[str]] = {}
    letters = []
    for ref, (x, y) in board.positions.items():
        if y in rows:
            numbers.setdefault(x, set()).add(ref[1:])
    for y in rows:
        refs = sorted(ref for ref, (_, yy) in board.positions.items() if yy == y)
        letters.append(refs[0][0] if refs else "?")
    line = ""
    for x in sorted(numbers):
        if len(numbers[x]) == 1:
            line = line.ljust(column[x]) + next(iter(numbers[x]))
    return f"    {line}   ({' '.join(letters)})"


def render(state: State, *, show_screens: bool = True, unknown: Collection[str] = (),
           view: Observation | None = None) -> str:
    """The whole table as text, ending its header with the score: the final one, or the
    standings so far (``leading``, never a winner, before the end: I.55). ``unknown``
    names what the position leaves unknown (``Position.unknown``): it is written
    ``unknown``, not as empty or zero. With ``view`` (``rules.view.observe``), only what
    that player may know (I.27): the others' screens as far as known, the bag's known
    part, the points on the boards (``state`` is then ignored)."""
    if view is not None:
        state = view.public_state()
    out: list[str] = []
    pend = state.pending
    if state.result:
        out.append(f"{state.result}; waiting for {pend.describe()}")
    elif "turn" in unknown:
        out.append(f"in progress; the turn is {UNKNOWN}")
    else:
        out.append(f"turn {state.turn.number}, {state.current.colour} to play; waiting for "
                   f"{pend.describe()}")
    registry = UNKNOWN if "registry" in unknown else " ".join(state.registry) or "(empty)"
    bag = UNKNOWN if "bag" in unknown else f"{state.bag_count} tiles"
    out.append(f"registry: {registry}   bag: {bag}   fallow: {' '.join(state.fallow) or '(empty)'}")
    track = [state.track[i] if i < len(state.track) else ("?" if i + 1 == QUESTION_SPACE
                                                          else "_") for i in range(TRACK_SIZE)]
    events = UNKNOWN if "track" in unknown else " ".join(track)
    out.append(f"events: {events}   town: {' '.join(sorted(state.town)) or '(none)'}")
    out.append(f"stock: {crops_text(state.stock)}")
    if view is None:
        out.append(standings_line(state, score(state), unknown))
    else:
        sc = view.public_score()
        out.append(f"{sc.notes[0]}: "
                   + ", ".join(f"{ps.player} {ps.total}" for ps in sc.players))
        out.append(f"what {view.player} may know of the bag: field tiles "
                   f"{' '.join(view.bag_tiles) or '(none)'}; events "
                   f"{' '.join(view.bag_events) or '(none)'}; never seen "
                   f"{' '.join(view.unseen_events) or '(none)'}"
                   + (f", {view.removed_count} of them removed at setup"
                      if view.removed_count else ""))
    for p in state.players:
        store = ", ".join(f"{it.tile} for {crops_text(it.bid)}" for it in p.store) or "empty"
        workers = " ".join(f"{w}({WORKERS[w].number})@{s}" for s, w in sorted(p.workers.items()))
        screen = (view.screen(p.colour).describe() if view is not None
                  else crops_text(p.screen) if show_screens else f"{sum(p.screen)} crops")
        out.append("")
        out.append(f"{p.colour}: {len(p.tiles)} tiles; workers {workers or 'none'}; "
                   f"supply {''.join(sorted(p.supply)) or '-'}")
        out.append(f"  store: {store}; screen: {screen}")
        out.extend(board_lines(state, p))
    out.append("")
    out.append(LEGEND)
    return "\n".join(out)


def number_runs(board: Board) -> str:
    """The spaces' numbers (``Board.numbered``: the board file's order) as runs within a
    row: ``A1-A8 1-8, B2-B9 9-16, ...``."""
    runs: list[list[str]] = []
    for ref in board.numbered:
        if runs and runs[-1][-1][0] == ref[0]:
            runs[-1].append(ref)
        else:
            runs.append([ref])
    out: list[str] = []
    n = 1
    for run in runs:
        last = n + len(run) - 1
        out.append(f"{run[0]}-{run[-1]} {n}-{last}" if len(run) > 1 else f"{run[0]} {n}")
        n = last + 1
    return ", ".join(out)


def board_picture(board: Board) -> str:
    """The country board itself as text: every space with its reference, the initial of
    its crop (the legend's letters) and, for the tiles of a starting pair, the pair's
    number (1-4); rows offset as on the board; then the spaces' numbers, the pairs and the
    crops counted."""
    pair_of = {ref: n for n, pair in enumerate(board.starting_pairs, 1) for ref in pair}
    xs = [x for x, _ in board.positions.values()]
    ys = [y for _, y in board.positions.values()]
    at = {pos: ref for ref, pos in board.positions.items()}
    half = (max(len(ref) for ref in board.references) + 6) // 2  # a space: 2 x-units
    lines = [(f"{board.name}: {len(board.references)} spaces; a space is its reference, "
              "its crop and the number of its starting pair")]
    for y in range(min(ys), max(ys) + 1):
        row = ""
        for x in range(min(xs), max(xs) + 1):
            ref = at.get((x, y))
            if ref is None:
                continue
            cell = f"{ref} {_INITIAL[board.crops[ref]]}{pair_of.get(ref, '')}"
            row = row.ljust((x - min(xs)) * half) + cell
        lines.append(row.rstrip())
    lines.append("")
    lines.append("space numbers (the notation takes either): " + number_runs(board))
    lines.append("starting pairs: " + ", ".join(
        f"{n} {a}-{b}" for n, (a, b) in enumerate(board.starting_pairs, 1)))
    counts = [sum(1 for c in board.crops.values() if c == crop) for crop in CROPS]
    lines.append(f"crops: {crops_text(counts)}")
    lines.append("legend: Y wheat, R wine, G vegetables, O apples, B hops")
    return "\n".join(lines)
