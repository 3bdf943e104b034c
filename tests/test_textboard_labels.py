"""The text boards (``replay``'s, ``record``'s ``board``) label their rows and columns, so
that a reference is found without counting (issue 29, item 8)."""

from __future__ import annotations

from cli_util import TWO, kh

from keyharvest.formats.records import load_records, read_source, replay
from keyharvest.model.state import PlayerState
from keyharvest.render.textboard import board_lines


def _find(lines: list[str], ref: str) -> int:
    """Where ``ref`` is drawn in its row's line, read off the labels alone: the column of
    its number in the line of numbers that names its row (``(A C E G)``, ``(B D F)``)."""
    numbers = next(line for line in (lines[0], lines[-1])
                   if ref[0] in line.rsplit("(", 1)[1].rstrip(")").split())
    at = f" {numbers} ".find(f" {ref[1:]} ")  # (the padding shifts by one: the number's)
    assert at >= 0, (ref, numbers)
    return at


def test_every_space_is_where_its_labels_say() -> None:
    state = replay(load_records(read_source(TWO))[0]).state
    for ref in state.board.references:
        player = PlayerState("red", workers={ref: "A"})
        lines = board_lines(state, player)
        row = next(line for line in lines if line.startswith(f"  {ref[0]} "))
        assert row.index("@A") == _find(lines, ref), (ref, "\n".join(lines))


def test_replay_shows_the_labels() -> None:
    r = kh("replay", TWO, "--to", 30)
    assert r.code == 0
    lines = r.out.splitlines()
    top = lines.index("    1  2  3  4  5  6  7  8   (A C E G)")
    assert lines[top + 1].startswith("  A ") and lines[top + 7].startswith("  G ")
    assert lines[top + 8] == "     2  3  4  5  6  7  8  9   (B D F)"
    e_row = lines[top + 5]
    assert e_row[e_row.index("@A")] == "@" and lines[top][e_row.index("@A")] == "4"  # E4
