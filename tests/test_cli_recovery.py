"""Where a record boundary is broken, the cutter recovers at the next one (issue 29, item 1):
files joined by ``cat`` where some end mid-line without a line break, or a record whose
opening ``+++`` is lost, give exactly the bad records, not every record after them."""

from __future__ import annotations

import pytest
from cli_util import kh

from keyharvest.errors import NotationError
from keyharvest.formats.cutter import cut
from keyharvest.formats.records import iter_records, load_records


@pytest.fixture(scope="module")
def games() -> list[bytes]:
    """60 good records, one file's bytes each (``keyharvest selfplay``)."""
    r = kh("selfplay", "-p", "2", "-n", "60", "-s", "29")
    assert r.code == 0
    pieces = [p.data.encode() for p in cut([r.out])]
    assert len(pieces) == 60 and all(p.startswith(b"+++\n") for p in pieces)
    return pieces


def _cut_short(data: bytes, fraction: float) -> bytes:
    """``data`` cut in the middle of a line, after a character that is not white space
    (a line of spaces and '+++' is a delimiter), without a final line break."""
    at = int(len(data) * fraction)
    while data[at - 1:at].isspace() or data[at:at + 1] == b"\n":
        at += 1
    return data[:at]


def _verdicts(out: str) -> list[str]:
    """'ok' or 'bad' for each game of ``validate -v``'s lines (``<stdin>:1: game 1: ok
    (finished, 201 steps)``)."""
    return [line.split(": game ", 1)[1].split(": ", 1)[1].split(" ")[0]
            for line in out.splitlines()[:-1]]


def test_files_joined_where_six_end_mid_line_give_exactly_six_bad(games: list[bytes]) -> None:
    bad = {3: 0.5, 11: 0.9, 20: 0.3, 33: 0.05, 47: 0.7, 58: 0.99}  # 33: in its front matter
    files = [_cut_short(g, bad[i]) if i in bad else g for i, g in enumerate(games)]
    r = kh("validate", "-", "-v", input=b"".join(files))  # cat dir/*.kh | validate -
    assert r.code == 1
    assert r.out.splitlines()[-1] == "60 records: 54 ok (54 finished), 6 bad; 1 file"
    verdicts = _verdicts(r.out)
    assert [i for i, v in enumerate(verdicts) if v != "ok"] == sorted(bad)
    # the first diagnostic of each bad record names the cause, at the line that runs on
    assert r.err.count("a record seems to start mid-line") == 6
    assert "does the previous file end without a newline?" in r.err
    assert "unexpected character '+'" not in r.err


def test_a_line_cut_inside_a_delimiter_or_before_a_comment(games: list[bytes]) -> None:
    first, second, third, fourth = games[:4]
    inside = first[:first.index(b"\n+++\n", 10) + 3]  # its closing '+++' cut to '++'
    assert inside.endswith(b"\n++")
    commented = b"# round 2, table 1\n" + third  # a file that starts with a comment
    r = kh("validate", "-", "-v", input=inside + second + _cut_short(commented, 0.5)
           + fourth)
    assert r.code == 1
    assert _verdicts(r.out) == ["bad", "ok", "bad", "ok"]
    assert "the front matter opened here is not closed by a line '+++'" in r.err


def test_a_lost_opening_delimiter_spoils_one_record_only(games: list[bytes]) -> None:
    lost = games[1].removeprefix(b"+++\n")  # its front matter where movetext is expected
    r = kh("validate", "-", "-v", input=games[0] + lost + b"".join(games[2:6]))
    assert r.code == 1
    assert _verdicts(r.out) == ["ok", "bad", "ok", "ok", "ok", "ok"]
    assert "error: a record starts with its front matter between '+++' lines" in r.err
    assert "note: this looks like front matter: a record seems to start here without its " \
        "opening line '+++'" in r.err


def test_the_text_reader_recovers_as_validate_does(games: list[bytes]) -> None:
    """``iter_records`` on the whole text (``replay``, ``fmt``) cuts where ``validate``
    cuts the bytes, and says the same."""
    text = (games[0] + _cut_short(games[1], 0.5) + games[2]).decode()
    records = iter_records(text, "joined.kh")
    assert next(records).line == 1
    with pytest.raises(NotationError) as caught:
        next(records)
    assert any("a record seems to start mid-line" in n for n in caught.value.notes) or (
        "a record seems to start mid-line" in caught.value.message)
    pieces = list(cut([text]))
    assert [p.runs_on for p in pieces] == [False, True, False]
    assert pieces[2].data.startswith("+++\n")
    assert len(load_records(pieces[2].data, "joined.kh")) == 1
