"""A rule error whose cause is an earlier draw or choice says so (issue 29, item 3): a
mistyped draw replays (its tile is in the bag too) and the record stops later, at the step
that needed the tile; the diagnostic's note points at the draw."""

from __future__ import annotations

import re

from keyharvest.formats.records import format_record
from keyharvest.play.selfplay import selfplay_game
from tests.cli_util import kh

TEXT = format_record(selfplay_game(3, 7, 0, max_turns=400))
LINES = TEXT.split("\n")
BODY = LINES.index("+++", 1) + 1


def _edited_draw() -> tuple[str, int, int, str, str, int]:
    """The record with a draw mistyped: (text, its line, its column, the tile written,
    the tile drawn, the line of the step that needed it)."""
    for i in range(BODY, len(LINES)):
        for m in re.finditer(r"draw ([A-G][0-9])\b", LINES[i]):
            tile = m.group(1)
            need = next((j for j in range(i + 1, min(i + 5, len(LINES)))
                         if re.search(rf"(offer|buy) {tile}\b", LINES[j])), None)
            if need is None:
                continue
            later = [x for j in range(need + 15, len(LINES))
                     for x in re.findall(r"draw ([A-G][0-9])\b", LINES[j])]
            used = " ".join(LINES[BODY:need + 15])
            other = next((x for x in later if x not in used), None)
            if other is None:
                continue
            lines = LINES[:]
            lines[i] = lines[i][:m.start(1)] + other + lines[i][m.end(1):]
            return "\n".join(lines), i + 1, m.start() + 1, other, tile, need + 1
    raise AssertionError("no draw to edit")


def test_an_edited_draw_is_named_by_the_error_it_causes() -> None:
    text, line, column, other, tile, need = _edited_draw()
    run = kh("validate", "-", input=text)
    assert run.code == 1
    assert f"<stdin>:{need}:" in run.err  # reported where the tile was needed ...
    assert (f"note: the state comes from 'draw {other}' at {line}:{column} "
            f"(with 'draw {tile}' there, ") in run.err  # ... with a note at the draw
    (report,) = kh("validate", "--format", "json", "-", input=text).results()
    (diagnostic,) = report["diagnostics"]
    assert diagnostic["kind"] == "rule"
    assert any(n.startswith(f"the state comes from 'draw {other}' at {line}:{column}")
               for n in diagnostic["notes"])


def test_a_step_refused_for_its_own_sake_gets_no_such_note() -> None:
    i = next(i for i in range(BODY, len(LINES)) if re.search(r"buy [A-G][0-9] from", LINES[i]))
    m = re.search(r"buy ([A-G][0-9]) from (\w+)", LINES[i])
    assert m is not None
    lines = LINES[:]
    seller = next(c for c in ("brown", "green", "orange") if c != m.group(2))
    lines[i] = LINES[i].replace(m.group(0), f"buy {m.group(1)} from {seller}", 1)
    run = kh("validate", "-", input="\n".join(lines))
    assert run.code == 1 and "error[C.4]" in run.err
    assert "the state comes from" not in run.err
