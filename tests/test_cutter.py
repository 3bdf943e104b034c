"""The one record cutter (keyharvest.formats.cutter): text and bytes, whole or in blocks,
are cut alike."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from keyharvest.errors import NotationError
from keyharvest.formats.cutter import cut, joined, split_lines
from keyharvest.formats.diagnostics import diagnose
from keyharvest.formats.records import load_records

LINES = ["+++", " +++\t", "+++\xa0", "\ufeff+++", "++", "x+++", "# c", "", " ", "a = 1",
         "1. red: end", "é+++", "x+++\xa0", "# x+++", "b = 2+++"]
ENDS = ["\n", "\r\n", "\r", "\n\r"]


def _blocks(data: bytes, size: int) -> list[bytes]:
    return [data[i:i + size] for i in range(0, len(data), size)] or [b""]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(LINES), st.sampled_from(ENDS)), max_size=12),
       st.booleans(), st.sampled_from([1, 2, 3, 5, 8, 1 << 18]))
def test_text_and_bytes_in_blocks_are_cut_alike(lines: list[tuple[str, str]], bom: bool,
                                                size: int) -> None:
    text = ("\ufeff" if bom else "") + "".join(a + b for a, b in lines)
    whole = list(cut([text], line=7))
    blocks = list(cut(_blocks(text.encode(), size), line=7))
    assert [(p.data.encode(), p.line, p.index, p.last, p.close_line, p.runs_on, p.unopened)
            for p in whole] == [(p.data, p.line, p.index, p.last, p.close_line, p.runs_on,
                                 p.unopened) for p in blocks]
    assert text.encode().endswith(b"".join(p.data for p in blocks))  # only comments left out
    for p in whole:  # the offsets fall on the lines they name
        if p.opening is not None and not p.unopened:
            assert split_lines(p.data[p.opening:p.front])[0].removeprefix(
                "\ufeff").strip() == "+++"
        if p.close is not None:
            assert split_lines(p.data[p.close:p.body])[0].removeprefix(
                "\ufeff").strip() == "+++"
            assert p.close_line == p.line + len(split_lines(p.data[:p.close])) - 1


def test_a_piece_knows_its_parts() -> None:
    text = "# c\r\n+++\ra = 1\r\n+++\n1. red: end\r+++\n+++\nrest"
    first, second = cut([text])
    assert (first.line, first.index, first.last, first.close_line) == (2, 1, False, 4)
    assert first.data == "+++\ra = 1\r\n+++\n1. red: end\r"
    assert joined(first.data[first.front:first.close]) == "a = 1"
    assert joined(first.data[first.body:]) == "1. red: end"
    assert (second.line, second.index, second.last, second.body) == (6, 2, True, 8)
    assert joined(second.data[second.body:], more=False) == "rest"


def test_lone_cr_lines_are_lines_for_the_reader_and_its_diagnostics() -> None:
    text = "+++\rplayers = [\"red\", \"green\"]\rstart = \"grey\"\r+++\r"
    try:
        load_records(text, "x.kh")
    except NotationError as exc:
        d = diagnose(exc, text, "x.kh")
    else:
        raise AssertionError("a bad start colour reads")
    assert (d.line, d.excerpt) == (3, 'start = "grey"')


def test_the_search_for_a_delimiter_is_the_search_for_three_pluses() -> None:
    """``_plus`` looks for one ``+`` first: it finds what ``find("+++")`` finds, in every
    slice of texts (and bytes) with ``+`` alone, in pairs and in threes, at either end."""
    import itertools

    from keyharvest.formats import cutter

    texts = ["".join(p) for n in range(1, 7) for p in itertools.product("+a\n", repeat=n)]
    for text in texts:
        for data in (text, text.encode()):
            m = cutter._marks(data)
            for start, end in itertools.combinations(range(len(data) + 1), 2):
                assert cutter._plus(data, start, end, m) == data.find(m.plus, start, end)
