"""Streaming units of work and checking them in order, in one process or several
(keyharvest.play.batch)."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest
from cli_util import FINAL_TABLE, FOUR, TWO
from hypothesis import given, settings
from hypothesis import strategies as st

from keyharvest.formats.cutter import is_blank_or_comment, is_delimiter, split_lines
from keyharvest.play import batch
from keyharvest.play import pool as processes
from keyharvest.play.batch import (
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
    got = _units(cr + b"\r" + cr)  # a lone '\r' ends a line: two records, cut apart
    assert [(u.line, u.index) for u in got] == [(1, 1), (two.count(b"\n") + 2, 2)]
    assert got[1].data == cr
    assert [r.ok for u in got for r in check_unit(u)] == [True, True]


_LINE = re.compile(rb"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")


_KEY = re.compile(rb"[ \t]*[A-Za-z_][A-Za-z0-9_-]*[ \t]*=")


def _line_cut(data: bytes) -> list[tuple[bytes, int, int]]:
    """How records are cut, line by line (the definition the block cutter keeps): a record
    starts at the 1st, 3rd, 5th ... ``+++`` line (a byte order mark before it counted as
    none), at a ``+++`` that ends a longer line (not a comment), and at a front-matter line
    (``key = ...``) where movetext is expected (the count starts again at each of these);
    comment lines before the first are left out; lines end at ``\n``, ``\r\n`` and a lone
    ``\r``."""
    out, chunk = [], b""
    start = line = 1
    seen = index = 0
    head_clean = True

    def opened(before: bytes, rest: bytes) -> None:
        nonlocal chunk, start, index, head_clean
        if index:
            out.append((chunk + before, start, index))
            chunk, start = rest, line
        elif head_clean and not before.strip():
            chunk, start = rest, line
        else:
            chunk += before + rest
        index += 1

    for raw in _LINE.findall(data):
        s = raw.removeprefix(b"\xef\xbb\xbf").strip()
        if s == b"+++":
            seen += 1
            if seen % 2:
                seen = 1
                opened(b"", raw)
            else:
                chunk += raw
        elif s.decode("utf-8", "replace").strip().endswith("+++") and s[:1] != b"#":
            at = raw.rfind(b"+++")
            head_clean = head_clean and index > 0
            seen = 1
            opened(raw[:at], raw[at:])
        elif seen and seen % 2 == 0 and _KEY.match(raw):
            seen = 1
            opened(b"", raw)
        else:
            if not index and (raw.removeprefix(b"\xef\xbb\xbf") if line == 1 else raw).strip(
            )[:1] not in (b"", b"#"):
                head_clean = False
            chunk += raw
        line += 1
    out.append((chunk, start, max(index, 1)))
    return out


def _block_cut(data: bytes, name: str = "x.kh") -> list[tuple[bytes, int, int]]:
    return [(u.data, u.line, u.index) for u in batch._units(name, io.BytesIO(data))]


@pytest.mark.parametrize("block", [1, 2, 3, 4, 5, 7, 64, 1 << 18])
def test_block_boundaries_cut_as_lines_do(monkeypatch: pytest.MonkeyPatch, block: int) -> None:
    """A '+++' line split over two blocks, CRLF and lone CR line ends, a BOM, no line end
    at the end, comments and junk before the first record: the same records and lines."""
    monkeypatch.setattr(batch, "BLOCK_BYTES", block)
    two = TWO.read_bytes()
    for data in (two + two, two.replace(b"\n", b"\r\n") * 2, two.replace(b"\n", b"\r") * 2,
                 (two + two).rstrip(b"\n"), b"\xef\xbb\xbf" + two + b"\n" + two,
                 b"# a\n\n \t# b\r\n" + two + two, b"junk\n" + two + two,
                 b" +++ \nx\n\t+++\r\ny\n\x0c+++\x0b\nz", b"+++", b"++\n+++", b""):
        assert _block_cut(data) == _line_cut(data), data[:40]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([b"+++", b" +++\t", b"\xef\xbb\xbf+++", b"++", b"x+++",
                                 b"+++x", b"# c", b"", b" ", b"a = 1", b"1. red: end",
                                 b"\xef\xbb\xbf"]), max_size=12),
       st.lists(st.sampled_from([b"\n", b"\r\n", b"\r", b"\n\r"]), min_size=12, max_size=12),
       st.booleans(), st.sampled_from([1, 2, 3, 5, 8, 1 << 18]))
def test_the_block_cutter_is_the_line_cutter(lines: list[bytes], ends: list[bytes],
                                             last_end: bool, block: int) -> None:
    data = b"".join(line + end for line, end in zip(lines, ends, strict=False))
    if lines and not last_end:
        data = data[:len(data) - len(ends[len(lines) - 1])]
    old, batch.BLOCK_BYTES = batch.BLOCK_BYTES, block
    try:
        assert _block_cut(data) == _line_cut(data)
        # standard input is sniffed: the first line not blank or a comment says which
        lines = split_lines(data.removeprefix(b"\xef\xbb\xbf"))
        first = next((x for x in lines if not is_blank_or_comment(x)), b"+++")
        got = [(u.kind, u.data, u.line, u.index) for u in units("-", io.BytesIO(data))]
        if is_delimiter(first):
            assert got == [("record", *cut) for cut in _line_cut(data)]
        else:
            assert got == [("position", data, 1, 0)]
    finally:
        batch.BLOCK_BYTES = old


def test_diagnostics_count_lines_from_the_start_of_the_file(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A bad record in a later block (CRLF line ends) points at its line in the file."""
    monkeypatch.setattr(batch, "BLOCK_BYTES", 100)
    two = TWO.read_bytes()
    bad = two.replace(b"5. green: remove B", b"5. green: remove")
    data = (two + b"\n" + bad).replace(b"\n", b"\r\n")
    first, second = _units(data)
    assert (first.line, second.line) == (1, two.count(b"\n") + 2)
    (report,) = check_unit(second)
    where = data.decode().split("\r\n").index("5. green: remove") + 1
    assert not report.ok and report.diagnostics[0].line == where


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


def _no_worker_left(pool: object) -> bool:
    return all(not p.is_alive() for p in pool.workers)  # type: ignore[attr-defined]


def test_ordered_map_keeps_order_and_stops_early(monkeypatch: pytest.MonkeyPatch) -> None:
    assert list(ordered_map(_square, range(50), 2, window=3)) == [x * x for x in range(50)]
    pools = []
    monkeypatch.setattr(processes, "_workers",
                        lambda *a: pools.append(processes._Pool(*a)) or pools[-1])
    it = ordered_map(_square, iter(range(10_000)), 2)
    assert next(it) == 0
    it.close()  # stops what is in flight, leaves no process behind
    assert pools and not pools[0].open and len(pools[0].workers) == 2
    assert _no_worker_left(pools[0])


def _fail(x: int) -> int:
    if x == 3:
        raise KeyError(x)
    if x == 5:
        os._exit(9)  # a worker killed under the caller's feet
    return x


def _kill(x: int) -> int:
    if x == 5:
        import signal

        os.kill(os.getpid(), signal.SIGKILL)
    return x


def _big(x: int) -> bytes:
    return bytes([x]) * (3 << 20)  # more than a pipe holds


def test_ordered_map_errors_and_big_results() -> None:
    with pytest.raises(KeyError):
        list(ordered_map(_fail, range(4), 2))
    with pytest.raises(processes.WorkerError, match=r"^worker [12] ended with exit status 9$"):
        list(ordered_map(_fail, [5, 0, 1, 2], 2))
    with pytest.raises(processes.WorkerError, match=r"^worker [12] ended by signal 9 \(SIGKILL\)$"):
        list(ordered_map(_kill, [5, 0, 1, 2], 2))
    assert [r[:1] for r in ordered_map(_big, range(6), 2, window=6)] == [bytes([x]) for x in
                                                                        range(6)]
    assert list(ordered_map(_square, [7], 2)) == [49]  # one call: no process


def test_one_process_does_not_load_the_process_machinery() -> None:
    import subprocess
    import sys

    code = ("import sys\nfrom keyharvest.play.batch import check_inputs\n"
            f"assert all(r.ok for r in check_inputs([{str(TWO)!r}]))\n"
            "print('keyharvest.play.pool' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120)
    assert out.stdout.strip() == "False"


def test_batches_are_smaller_at_the_end_when_the_size_is_known() -> None:
    unit = batch.Unit("x.kh", "record", b"x" * 1000)
    sizes = [len(b) for b in batch._batches([unit] * 200, 200 * 1000, 20 * 1000)]
    assert sizes == [64, 64, 52, 17, 3]  # 16 kB at most in the last 20 kB
    assert [len(b) for b in batch._batches([unit] * 200)] == [64, 64, 64, 8]


def test_selfplay_texts_do_not_depend_on_jobs() -> None:
    one = list(selfplay_texts(2, 3, 3, jobs=1))
    assert list(selfplay_texts(2, 3, 3, jobs=2, per_task=1)) == one
    assert len(set(one)) == 3


def _reader_verdicts(data: bytes) -> list[tuple[int | None, bool, list[str]]]:
    """What the reader of a whole text (``iter_records``, ``replay``) says of each record,
    up to the first that does not read."""
    from keyharvest.errors import KeyHarvestError
    from keyharvest.formats.diagnostics import diagnose, diagnose_all
    from keyharvest.formats.records import iter_records, replay

    text = data.decode("utf-8-sig")
    out: list[tuple[int | None, bool, list[str]]] = []
    try:
        for record in iter_records(text, "x.kh"):
            done = replay(record)
            out.append((record.line, done.ok,
                        [] if done.ok else [diagnose(done.error, text, "x.kh").format()]))
    except KeyHarvestError as exc:
        out.append((None, False, [d.format() for d in diagnose_all(exc, text, "x.kh",
                                                                   batch.MAX_ERRORS)]))
    return out


_TWO = TWO.read_bytes()


@pytest.mark.parametrize("data", [
    b"# c\rjunk\n" + _TWO,  # a lone '\r' before the first record: 'junk' is a line of its own
    _TWO + b"\xef\xbb\xbf" + _TWO,  # a byte order mark counts at the start of the input only
    (_TWO.replace(b"5. green: remove B", b"5. green: remove") + b"\n" + _TWO).replace(
        b"\n", b"\r"),  # lone '\r' line ends, a bad step in the first of two records
    _TWO.rstrip(b"\n") + b" draw\n" + _TWO,  # a bad last line of a record that is not last
    _TWO.replace(b"+++\n1.", b"+++\r\n1.").replace(b"\n", b"\r", 3),  # mixed line ends
], ids=["cr-junk", "mid-bom", "lone-cr", "bad-end", "mixed"])
def test_validate_cuts_and_reads_as_the_reader_does(tmp_path: Path, data: bytes) -> None:
    """validate (cut in blocks, each record read apart) and the reader of the whole text
    agree, whatever the line ends: the same records at the same lines, and the same
    diagnostics up to the first record that does not read."""
    path = tmp_path / "x.kh"
    path.write_bytes(data)
    reports = [r for u in units(str(path)) for r in check_unit(u)]
    got = [(r.line, r.ok, [d.format().replace(str(path), "x.kh") for d in r.diagnostics])
           for r in reports]
    want = _reader_verdicts(data)
    assert [g if w[0] is not None else (None, *g[1:]) for g, w in zip(got, want)] == want
    assert len(got) >= len(want)


def test_a_bad_record_with_lone_cr_line_ends_is_kept_byte_for_byte(tmp_path: Path) -> None:
    """The rejects file gets the exact bytes of a bad record, whatever its line ends."""
    bad = _TWO.replace(b"5. green: remove B", b"5. green: remove").replace(b"\n", b"\r")
    good = _TWO.replace(b"\n", b"\r")
    path = tmp_path / "x.kh"
    path.write_bytes(good + b"\r" + bad + good)
    reports = list(check_inputs([str(path)]))
    assert [r.ok for r in reports] == [True, False, True]
    assert reports[1].data == bad


def test_a_valid_record_travels_back_small_and_arrives_the_same(tmp_path: Path) -> None:
    """A worker sends a valid record's report as (line, status, steps); the parent's
    ``Report`` made from it is the worker's, field for field (finished, in progress, a
    record after comment lines); a bad record, a position and an unreadable input travel
    whole."""
    from cli_util import TWO_ILLEGAL, TWO_MOVE, edited

    text = TWO.read_text()
    cut_short = text[:text.index(TWO_MOVE)]
    records = tmp_path / "records.kh"
    records.write_text("# a club's round\n\n" + "\n".join(
        [text, cut_short, FOUR.read_text(), edited(TWO, TWO_MOVE, TWO_ILLEGAL)]))
    seen = []
    for unit in [u for p in (records, FINAL_TABLE, tmp_path / "no") for u in units(str(p))]:
        reports = check_unit(unit)
        sent = batch._sent(reports)
        if isinstance(sent, tuple):
            back = batch._received(unit.source, unit.index, len(unit.data), sent)
            assert len(reports) == 1 and vars(back) == vars(reports[0])
            assert back == reports[0] and repr(back) == repr(reports[0])
            seen.append(back.status)
        else:
            assert sent is reports and not (reports[0].ok and reports[0].kind == "record")
            seen.append(reports[0].kind if reports[0].ok else "bad")
    assert seen == ["finished", "in progress", "finished", "bad", "position", "bad"]


def test_records_read_without_spans_give_the_reports_of_records_read_with_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``check_unit`` reads a record once, its steps without spans (``iter_records(...,
    spans=False)``: nothing to place for a valid record): its reports are those of the
    records read with their spans, field for field, for records finished and in progress,
    after comment lines, with a byte order mark, lone ``\\r`` or ``\\r\\n`` line ends,
    comments in the movetext, last in their file or not, checked ``strict`` or not, and
    for every bad record (an illegal step, placed by ``records.placed``; a bad item, a
    bad key, a setup that cannot start)."""
    from cli_util import TWO_ILLEGAL, TWO_MOVE, edited

    from keyharvest.formats import records

    text = TWO.read_text()
    cut_short = text[:text.index(TWO_MOVE)]
    good = [text, cut_short, FOUR.read_text(), text.replace("\n", "\r\n"),
            text.replace("\n", "\r"), edited(TWO, TWO_MOVE, TWO_MOVE + "  # a note\n# own line")]
    bad = [edited(TWO, TWO_MOVE, TWO_ILLEGAL), edited(TWO, TWO_MOVE, TWO_MOVE + "; draw"),
           edited(TWO, "+++\n", "+++\ncolour = 1\n"), edited(TWO, TWO_MOVE, "4. red: pass: x"),
           edited(TWO, 'start = "green"', 'start = "blue"'),
           edited(TWO, 'registry = ["A2"', 'registry = ["A1"')]
    files = {"all.kh": "# a club's round\n\n" + "\n".join(good + bad + good),
             "bom.kh": "\ufeff" + text, "one.kh": text.rstrip("\n")}
    real = records.iter_records
    asked: list[object] = []
    placed: list[bool] = []

    def seen(*args: object, **kwargs: object) -> object:
        asked.append(kwargs.get("spans", True))
        for record in real(*args, **kwargs):  # type: ignore[arg-type]
            placed.append(all(s.span is not None for s in record.steps))
            yield record

    def with_spans(*args: object, **kwargs: object) -> object:
        return real(*args, **{**kwargs, "spans": True})  # type: ignore[arg-type]

    for name, data in files.items():
        (tmp_path / name).write_text(data, newline="")
        for strict in (False, True):
            for unit in units(str(tmp_path / name)):
                unit = batch.Unit(**{**vars(unit), "strict": strict})
                monkeypatch.setattr(records, "iter_records", seen)
                got = check_unit(unit)
                monkeypatch.setattr(records, "iter_records", with_spans)
                assert got == check_unit(unit)
    assert asked and set(asked) == {False}  # read once, without spans
    assert placed and not any(placed)  # (a cut-short record has steps too)


def test_a_folder_walk_keeps_inside_the_folder(tmp_path: Path) -> None:
    """A link out of the folder (a file or a folder) is a ``LinkOut``, never read; a link
    to a file inside is read; the file itself, named, is read as named (issue 50)."""
    from keyharvest.play.batch import LinkOut, check_unit, walk

    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.kh").write_text("SECRET-50:x:0:0\n")
    d = tmp_path / "d"
    d.mkdir()
    (d / "own.kh").write_text("")
    (d / "pw.kh").symlink_to(outside / "secret.kh")
    (d / "alias.kh").symlink_to("own.kh")
    (d / "dir").symlink_to(outside)
    found = walk(str(d))
    assert found == [str(d / n) for n in ("alias.kh", "dir", "own.kh", "pw.kh")]
    assert [isinstance(p, LinkOut) for p in found] == [False, True, False, True]
    reports = [r for p in expand([str(d)]) for u in units(p) for r in check_unit(u)]
    skipped = [r for r in reports if r.kind == "skipped"]
    assert [r.source for r in skipped] == [str(d / "dir"), str(d / "pw.kh")]
    assert all(r.ok and "out of the folder" in r.diagnostics[0].message and
               "SECRET-50" not in r.diagnostics[0].format() for r in skipped)
    tally = Tally()
    for r in reports:
        tally.add(r)
    assert tally.describe().endswith("2 files; 2 links out of a folder skipped")
    (d / "own.kh").unlink()
    (d / "alias.kh").unlink()
    only_links = [r for p in expand([str(d)]) for u in units(p) for r in check_unit(u)]
    assert [(r.kind, r.ok) for r in only_links] == [("skipped", True), ("skipped", True),
                                                    ("file", False)]  # no records in d
    named = [r for u in units(str(d / "pw.kh")) for r in check_unit(u)]
    assert named[0].kind == "record" and not named[0].ok  # read as named: not a record
