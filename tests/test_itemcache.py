"""The fast readers agree with the full parser: ``LeanParser`` with ``Lark.parse`` (the same
objects and token positions, or it gives up where Lark raises), and the item-by-item reader
of ``keyharvest.notation.itemcache`` with the grammar's (``movetext._read_full``: the same
steps, spans and comments, or the same error), with spans and without, on games, on
hand-written oddities and on mutated movetext."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark import Token
from lark.exceptions import UnexpectedInput

from keyharvest.errors import NotationError
from keyharvest.formats.boardfile import standard_board
from keyharvest.formats.records import load_records, read_source
from keyharvest.notation import Names, Where
from keyharvest.notation.grammar import lean_parser, parser
from keyharvest.notation.itemcache import Unusual, read
from keyharvest.notation.lalr import Token as LeanToken
from keyharvest.notation.lalr import Unparsed
from keyharvest.notation.movetext import MAX_ERRORS, _read_full, format_movetext, read_movetext
from keyharvest.notation.turns import TurnReader
from keyharvest.play.selfplay import selfplay_game

BOARD = standard_board()
PLAYERS = ("red", "green", "yellow", "brown")
SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def _movetexts() -> list[tuple[tuple[str, ...], str]]:
    out = []
    for n, i in ((2, 0), (3, 1), (4, 2), (4, 3)):
        rec = selfplay_game(n, 11, i, max_turns=60)
        out.append((rec.players, format_movetext(rec.steps, rec.comments, rec.players,
                                                 rec.setup.start)))
    for path in sorted((SCENARIOS / "games").glob("*.kh")):
        for rec in load_records(read_source(path)):
            out.append((rec.players, format_movetext(rec.steps, rec.comments, rec.players,
                                                     rec.setup.start)))
    return out


MOVETEXTS = _movetexts()
#: Words and characters the mutations insert: the grammar's vocabulary and its neighbours.
VOCABULARY = [
    "draw", "harvest", "instead", "play", "remove", "buy", "offer", "end", "replace", "pass",
    "gain", "flip", "fallow", "claim", "copy", "accept", "place", "take", "pick", "swap",
    "give", "pay", "move", "grant", "at", "from", "for", "to", "red", "green", "yellow",
    "brown", "orange", "wheat", "wine", "hops", "veg", "B6", "a10", "Q", "M", "steward",
    "12.", "3.", ";", ":", ",", ".", "#", "# note; x", " ", "  ", "\t", "\n", "\n    ",
    "\u00a0", "\ufeff", "\u017f", "\u212a", "\u0131", "x", "1", "ends", "fromred", "red:",
]


def shape(x: object) -> object:
    """A comparable picture of what the parser returns, token positions included (a token
    of Lark's or of the lean tables' parser alike)."""
    if isinstance(x, Token | LeanToken):
        return ("T", x.type, str(x), x.start_pos, x.line, x.column, x.end_line, x.end_column,
                x.end_pos)
    if isinstance(x, list):
        return (type(x).__name__, [shape(y) for y in x])
    if hasattr(x, "__slots__"):
        return (type(x).__name__, [shape(getattr(x, f)) for f in x.__slots__])
    return x


def lark_or_error(text: str, start: str) -> object:
    try:
        return shape(parser().parse(text, start=start))
    except UnexpectedInput as exc:
        return type(exc)


def check_lean(text: str, start: str) -> None:
    want = lark_or_error(text, start)
    try:
        got = shape(lean_parser().parse(text, start))
    except Unparsed:
        assert isinstance(want, type), f"the lean driver gave up on a text Lark parses: {text!r}"
        return
    assert got == want


def movetext_view(mt: object) -> tuple:
    return ([(repr(s), getattr(s, "span", None)) for s in mt.steps], list(mt.comments))


def full_or_error(text: str, names: Names) -> object:
    try:  # (collecting, as read_movetext does: a turn number is judged by the next header)
        return movetext_view(_read_full(text, names, max_errors=MAX_ERRORS))
    except NotationError as exc:
        return ("error", exc.message, exc.span, exc.hint)


def check_reader(text: str, players: tuple[str, ...], offset: int = 0) -> bool:
    """Both readers agree on ``text``; True if the fast one read it itself."""
    names = Names(Where("f.kh", offset), players, BOARD)
    want = full_or_error(text, names)
    try:
        got = movetext_view(read(text, names, TurnReader(names)))
    except Unusual:
        fast = False
        with pytest.raises(Unusual):  # the reader without spans gives up on it too
            read(text, names, TurnReader(names), spans=False)
    else:
        fast = True
        assert got == want, f"the readers differ on {text!r}"
        check_unplaced(text, names, got)
    try:
        got = movetext_view(read_movetext(text, names))
    except NotationError as exc:
        got = ("error", exc.message, exc.span, exc.hint)
    assert got == want
    try:  # the one reader without spans: the same steps but for their spans, or the same error
        bare = read_movetext(text, names, spans=False)
    except NotationError as exc:
        assert ("error", exc.message, exc.span, exc.hint) == want
    else:
        assert isinstance(want, tuple) and want[0] != "error"
        assert [repr(s) for s in bare.steps] == [r for r, _ in want[0]]
        assert list(bare.comments) == want[1]
    return fast


def check_unplaced(text: str, names: Names, placed: tuple) -> None:
    """``read(spans=False)`` reads what ``read`` read (``placed``, by ``movetext_view``):
    the same steps (class and fields: the repr, which leaves the span out) but for their
    spans, all None, and the same comments; read again, it gives the same objects."""
    bare = read(text, names, TurnReader(names), spans=False)
    assert all(s.span is None for s in bare.steps)
    steps, comments = placed
    assert [repr(s) for s in bare.steps] == [r for r, _ in steps]
    assert list(bare.comments) == comments
    from keyharvest.notation import itemcache

    table = itemcache._table(names)
    if table.made + len(table.steps) < 2 * itemcache.LIMIT:  # (else it starts again)
        again = read(text, names, TurnReader(names), spans=False).steps
        assert len(again) == len(bare.steps) and all(a is b for a, b in zip(again, bare.steps))


def mutate(text: str, rng: random.Random, edits: int) -> str:
    for _ in range(edits):
        i = rng.randrange(len(text) + 1)
        kind = rng.randrange(6)
        if kind == 0:
            text = text[:i] + rng.choice(VOCABULARY) + text[i:]
        elif kind == 1:
            text = text[:i] + text[i + rng.randint(1, 6):]
        elif kind == 2:
            text = text[:i] + rng.choice(VOCABULARY) + text[i + rng.randint(1, 4):]
        elif kind == 3:
            lines = text.split("\n")
            j, k = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[j], lines[k] = lines[k], lines[j]
            text = "\n".join(lines)
        elif kind == 4:
            text = text[:i].upper() + text[i:] if rng.random() < 0.5 else text[:i] + \
                text[i:].lower()
        else:
            lines = text.split("\n")
            j = rng.randrange(len(lines))
            lines.insert(j, lines[j])
            text = "\n".join(lines)
    return text


@pytest.mark.parametrize("index", range(len(MOVETEXTS)))
def test_the_readers_agree_on_games_and_the_fast_one_reads_them(index: int) -> None:
    players, text = MOVETEXTS[index]
    assert check_reader(text, players)
    assert check_reader(text, players, offset=17)
    check_lean(text, "start")


ODDITIES = [
    "1. red: harvest B6;\n2. green: pass;",  # a ';' may end a line
    "1. red: harvest B6;;\n",  # but not two
    " 1 . red : harvest b6 , b7 ; draw q\n",  # spacing, case, commas
    "red: offer C7 for wheat\n   green: pass\nred: end\n",  # headers without numbers
    "1. red:\n    harvest B6\n    green: pass\n",  # a header alone
    "1.\n",  # a number alone
    "1. red: draw swap\n",  # a keyword where a name is due
    "1. red: buy B7 fromred\n",  # a keyword glued to a name
    "1. red: pass: pass\n",
    "1. red: green: pass\n",
    "1. red: harvest B6 # a comment; with a semicolon\n# own line\n  # indented\n2. green:",
    "# before\n\n1. red: harvest B6\n\n\n2. green: end\n# after\n",
    "2. red: harvest B6\n",  # out of sequence
    "harvest B6\n",  # no header
    "1. gren: harvest B6\n",  # unknown player
    "1. red: harvest Z9\n",  # unknown space
    "1. red: play \u017fteward at B2\n",  # a non-ASCII letter the grammar's WORD accepts
    "1. red: harvest B6\u00a0;\ufeffdraw Q\n",
    "1. red: harvest B6\r\n2. green: end\r\n",
    "1. red: end\n2. green: end\n3. yellow: end\n4. brown: end\n5. red: end\n",
    ("1. red: harvest B6 B7 instead wheat; offer A1 for wheat, wine\n    draw Q\n    "
     "red: pay wine wheat; draw C2\n    green: pass\n"),
    "1. red: grant red wheat, green wine\n",
    "1. red: swap B6 for C4 from green; take A1 for hops hops hops\n",
    # lines the reader without spans hands to the general one, after lines it read itself
    "1. red: harvest B6; draw Q\n 2 . green: pass\n    red: end\n3. yellow: end; \n",
    "1. red: harvest B6\n\n   \n2.green: pass\n    harvest B6\n",
    "1. red: harvest B6\n\n2. green: pass\n.3 yellow: end\n",
    "1. red: harvest B6\n2. green: pass\n2. yellow: pass\n",  # out of sequence later on
    "1. red: pass\nred: pass\n    green: end\ngreen: pass\n    end\n4. red: end\n",
    "1. red: pass\nred: pass\n    green: end\ngreen: pass\n    end\n3. red: end\n",
]


@pytest.mark.parametrize("text", ODDITIES)
def test_the_readers_agree_on_oddities(text: str) -> None:
    check_reader(text.replace("\r\n", "\n"), PLAYERS)
    check_lean(text, "start")
    check_lean(text, "steps")


def test_the_readers_agree_on_many_mutated_movetexts() -> None:
    rng = random.Random(2024)
    fast = readable = 0
    for n in range(400):
        players, text = MOVETEXTS[n % len(MOVETEXTS)]
        lines = text.split("\n")
        piece = "\n".join(lines[:rng.randint(1, 12)])
        piece = mutate(piece, rng, rng.randint(1, 3))
        fast += check_reader(piece, players)
        readable += not isinstance(full_or_error(piece, Names(Where(), players, BOARD))[0], str)
        check_lean(piece, "start")
    assert readable > 40  # enough mutations leave a readable movetext
    assert fast >= 0.9 * readable  # and the fast reader reads (nearly) all of them


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(VOCABULARY), min_size=1, max_size=14))
def test_the_readers_agree_on_texts_from_the_vocabulary(words: list[str]) -> None:
    text = " ".join(words)
    check_reader("1. red: " + text, PLAYERS)
    check_lean(text, "start")
    check_lean(text, "steps")


def test_the_process_parser_is_the_strict_parser() -> None:
    from keyharvest.notation.grammar import build_parser
    from keyharvest.notation.syntax import Syntax

    fresh = build_parser(strict=True, transformer=Syntax())  # passes the strict checks
    assert parser().options.strict
    for _, text in MOVETEXTS[:3]:
        assert shape(parser().parse(text, start="start")) == shape(
            fresh.parse(text, start="start"))


#: Items the pattern memo reads (a reference standing alone) or must leave to the grammar
#: (a reference glued to a letter, a digit, ``_``, ``'`` or ``-``; a non-ASCII letter).
REFERENCES = [
    "1. red: swap B6 for C4\n2. green: swap A1 for G7 from red\n3. yellow: swap G7 for A1\n",
    "1. red: swap B6 for C4\n2. green: swap A1 for Z9\n",  # a known shape, off the board
    "1. red: harvest A1 A1 b2, B2\n2. green: flip A1 b2\n",  # the same tile twice, any case
    "1. red: harvest A10 A1; offer E10 for wheat; draw E10\n",  # two and three characters
    "1. red: draw Z1; harvest Z1 Z2\n",  # the placeholders' own words
    "1. red: harvest B6b\n", "1. red: harvest B6-\n", "1. red: harvest B6_\n",
    "1. red: harvest B6'\n", "1. red: harvest B66 B666\n", "1. red: harvest 1B6\n",
    "1. red: harvest \u017f6 B6\n", "1. red: play A at B6\u00a0; draw \u212a1\n",
    "1. red: offer B6for wheat\n", "1. red: buy B6 fromgreen\n", "1. red: buy B6 from B7\n",
    "1. red: harvest A1 A2 A3 A4 A5 A6 A7 A8 A9 B1 B2\n",  # more references than places
    "1. red: play B6 at C4\n", "1. red: draw B6 B7\n", "1. red: grant red B6\n",
]


@pytest.mark.parametrize("text", REFERENCES)
def test_the_pattern_memo_agrees_with_the_full_parser(text: str) -> None:
    check_reader(text, PLAYERS)


#: Words of items with references in every shape the pattern memo meets (``_by_pattern``:
#: words between single spaces are cut at them, any other text by its pattern).
_PATTERN_WORDS = ["swap", "for", "from", "harvest", "flip", "offer", "wheat", "hops", "play",
                  "A", "at", "draw", "green", "B6", "C4", "b2", "A10", "E10", "Z9", "Z1",
                  "B66", "B6b", "1B6", "B6-", "B6_", "x", "", "\u017f6", "B6,", "9"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PATTERN_WORDS), min_size=1, max_size=12),
       st.sampled_from([" ", "  ", "\t"]))
def test_an_item_read_by_its_pattern_is_the_item_the_grammar_reads(
        words: list[str], gap: str) -> None:
    """``_by_pattern`` gives for any text the item that the grammar and ``Names`` give it
    alone (None for a text that is not one well-formed item with known names)."""
    from keyharvest.notation import itemcache

    names = Names(Where(), PLAYERS, BOARD)
    for text in (gap.join(words), " ".join(words[:2]) + " B6 for C4"):
        for _ in range(2):  # the pattern learnt, then known
            got = itemcache._by_pattern(text, names, itemcache._table(names))
            assert got == itemcache._parse(text, names, BOARD), text
    itemcache.clear()


@pytest.mark.pure_only  # patches itemcache._parse, which compiled itemcache calls directly
def test_items_that_differ_only_in_references_are_parsed_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from keyharvest.notation import itemcache

    parsed: list[str] = []
    real = itemcache._parse

    def counting(text: str, names: Names, board: object) -> object:
        parsed.append(text)
        return real(text, names, board)  # type: ignore[arg-type]

    monkeypatch.setattr(itemcache, "_parse", counting)
    itemcache.clear()
    text = ("1. red: swap B6 for C4; harvest A2 B3\n2. green: swap A1 for G7\n"
            "    red: harvest F4 C1\n3. yellow: swap C4 for B6; harvest D2 D2\n")
    assert check_reader(text, PLAYERS)
    assert sorted(p for p in parsed if "Z" in p) == ["harvest Z1 Z2", "swap Z1 for Z2"]
    itemcache.clear()


def test_the_memo_is_bounded_and_an_item_in_use_comes_back_unlearnt(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever the input, a reading context's memo holds at most two generations of
    ``LIMIT`` items (and ``CONTEXTS`` contexts); an item of the older generation met again
    moves back as it is, without being learnt again, and the readers still agree."""
    from keyharvest.notation import itemcache

    learnt: list[str] = []
    real = itemcache._learn

    def counting(text: str, names: Names, table: object) -> object:
        learnt.append(text)
        return real(text, names, table)  # type: ignore[arg-type]

    monkeypatch.setattr(itemcache, "LIMIT", 16)
    monkeypatch.setattr(itemcache, "_learn", counting)
    itemcache.clear()
    crops = ("wheat", "wine", "hops", "apples", "vegetables")
    tiles = [t for t in (f"{c}{r}" for c in "ABCDEFG" for r in range(1, 10)) if t in BOARD]
    lines = [f"{i + 1}. {PLAYERS[i % 4]}: offer {t} for {crops[i % 5]}; draw {tiles[-i]}"
             for i, t in enumerate(tiles)]
    for i in range(0, len(lines), 4):  # many distinct items, a few lines at a time
        assert check_reader("\n".join(lines[:i + 4]) + "\n", PLAYERS)
        for table in itemcache._TABLES.values():
            assert len(table.new) <= itemcache.LIMIT and len(table.old) <= itemcache.LIMIT
            # the shared steps start again once a movetext begins with 2 * LIMIT of them
            assert table.made + len(table.steps) < 2 * itemcache.LIMIT + 3 * (i + 4)
    table = itemcache._TABLES[PLAYERS, BOARD]
    again = next(p for p in table.old if isinstance(p, str) and p.startswith(" red: offer"))
    learnt.clear()
    assert check_reader(f"1. red:{again[5:]}\n", PLAYERS)
    assert again in table.new and learnt == []
    for n in range(itemcache.CONTEXTS + 3):  # contexts: players or boards come and go
        check_reader("1. red: pass\n", PLAYERS[:2] + (f"c{n}",))
        assert len(itemcache._TABLES) <= itemcache.CONTEXTS
    itemcache.clear()


def test_the_reader_without_spans_makes_a_step_once_per_piece_and_speaker() -> None:
    """``read(spans=False)`` makes one step object for a piece of text and its speaker, shared
    by every line and record that writes it (the end of a turn a header implies too), and
    distinct ones for another speaker or another piece."""
    from keyharvest.notation import itemcache

    itemcache.clear()
    names = Names(Where("f.kh", 0), PLAYERS, BOARD)
    text = ("1. red: harvest B6; draw Q\n2. green: harvest B6; draw Q\n"
            "3. yellow: pass\n    red: harvest B6;  draw Q\n4. brown: end\n"
            "5. red: harvest B6; draw Q\n")
    steps = read(text, names, TurnReader(names), spans=False).steps
    assert [repr(s) for s in steps] == [repr(s) for s in read(
        text, names, TurnReader(names)).steps]
    red, q, red_end, green, _, green_end = steps[:6]
    assert red is not green and red_end is not green_end
    # '    red: harvest B6' and '  draw Q' are other pieces: equal steps, other objects
    assert steps[7] == red and steps[7] is not red and steps[8] == q and steps[8] is not q
    assert steps[-2] is red and steps[-1] is q
    assert read(text, names, TurnReader(names), spans=False).steps[6] is steps[6]
    other = Names(Where("f.kh", 0), PLAYERS[:2], BOARD)  # another reading context
    assert read("1. red: harvest B6\n", other, TurnReader(other),
                spans=False).steps[0] is not red
    itemcache.clear()
