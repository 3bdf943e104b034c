"""Streaming units of work and checking them in order, in one process or several
(keyharvest.batch)."""

from __future__ import annotations

import io
from pathlib import Path

from cli_util import FINAL_TABLE, FOUR, TWO

from keyharvest.batch import (
    Tally,
    check_inputs,
    check_unit,
    expand,
    input_size,
    ordered_map,
    selfplay_texts,
    units,
)


def _units(data: bytes, name: str = "x.kh") -> list:
    """The units of ``data``, read from stdin (``-``) or from a file called ``name``."""
    if name == "-":
        return list(units("-", io.BytesIO(data)))
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_bytes(data)
        return list(units(str(path)))


def test_records_are_cut_at_their_opening_lines() -> None:
    two = TWO.read_bytes()
    lines = two.count(b"\n")
    got = _units(b"# header\n\n" + two + b"\n" + two.replace(b"\n", b"\r\n"))
    assert [(u.kind, u.line, u.index) for u in got] == [
        ("record", 3, 1), ("record", 3 + lines + 1, 2)]
    assert got[0].data == two + b"\n"
    assert got[1].data == two.replace(b"\n", b"\r\n")


def test_junk_before_the_first_record_stays_with_it() -> None:
    got = _units(b"hello\n" + TWO.read_bytes())
    assert [(u.line, u.index) for u in got] == [(1, 1)]
    (report,) = check_unit(got[0])
    assert not report.ok and report.diagnostics[0].line == 1


def test_stdin_is_sniffed() -> None:
    assert [u.kind for u in _units(FINAL_TABLE.read_bytes(), "-")] == ["position"]
    assert [u.kind for u in _units(b"# c\n" + TWO.read_bytes(), "-")] == ["record"]
    assert [u.kind for u in _units(b"", "-")] == ["record"]


def test_a_bom_and_lone_cr_line_ends() -> None:
    two = TWO.read_bytes()
    (u,) = _units(b"\xef\xbb\xbf" + two)
    assert check_unit(u)[0].ok
    cr = two.replace(b"\n", b"\r")
    reports = check_unit(_units(cr + b"\r" + cr)[0])
    assert [r.ok for r in reports] == [True, True]


def test_check_inputs_in_order_over_processes(tmp_path: Path) -> None:
    many = tmp_path / "many.kh"
    many.write_bytes(b"\n".join([TWO.read_bytes(), FOUR.read_bytes()] * 5))
    paths = [str(many), str(FINAL_TABLE), str(tmp_path / "missing.kh")]
    one = list(check_inputs(paths))
    two = list(check_inputs(paths, jobs=2))
    assert one == two
    assert [r.kind for r in one] == ["record"] * 10 + ["position", "file"]
    tally = Tally()
    for r in one:
        tally.add(r)
    assert tally.describe() == ("10 records: 10 ok (10 finished), 0 bad; 1 position: 1 ok, "
                                "0 bad; 3 files (1 unreadable)")
    assert input_size(paths) == many.stat().st_size + FINAL_TABLE.stat().st_size
    assert input_size(["-"]) is None


def test_expand_folders(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    for name in ("a/2.kh", "a/1.toml", "b.kh", "notes.txt"):
        (tmp_path / name).write_text("")
    assert list(expand([str(tmp_path), "-"])) == [
        str(tmp_path / "a" / "1.toml"), str(tmp_path / "a" / "2.kh"), str(tmp_path / "b.kh"),
        "-"]


def _square(x: int) -> int:
    return x * x


def test_ordered_map_keeps_order_and_stops_early() -> None:
    assert list(ordered_map(_square, range(50), 2, window=3)) == [x * x for x in range(50)]
    it = ordered_map(_square, iter(range(10_000)), 2)
    assert next(it) == 0
    it.close()  # cancels what is in flight, leaves no process behind


def test_selfplay_texts_do_not_depend_on_jobs() -> None:
    one = list(selfplay_texts(2, 3, 3, jobs=1))
    assert list(selfplay_texts(2, 3, 3, jobs=2, per_task=1)) == one
    assert len(set(one)) == 3
