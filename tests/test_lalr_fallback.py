"""The lean LALR driver runs on the shipped lean tables and reads no Lark internals (issue
28, item 3); where the tables do not fit, ``lean_parser`` is ``Lark.parse`` with the same
result: the same steps, spans, comments and diagnostics over the example games and every
golden scenario. The table writer (``maketables``) reads what Lark's standalone generator
writes, and where that is not what it expects (another Lark) it writes no tables."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from keyharvest.errors import KeyHarvestError
from keyharvest.formats.diagnostics import diagnose
from keyharvest.formats.positions import read_position
from keyharvest.formats.records import load_records, read_source, replay
from keyharvest.notation import Names, Where, grammar, itemcache, lalr, maketables
from keyharvest.notation.movetext import read_movetext
from keyharvest.rules import advance_steps

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
FILES = sorted([*(SCENARIOS / "games").glob("*.kh"), *(SCENARIOS / "rules").glob("*.kh"),
                *(SCENARIOS / "rules").glob("*.steps")])
#: Texts the readers refuse or read the long way, for diagnostics of notation errors.
ODD = ["1. red: harvest B6;;\n", "1. red: draw swap\n", "1. red: buy B7 fromred\n",
       "1. gren: harvest B6\n", "2. red: harvest B6\n", "1. red: offer C7 for\n",
       "1. red: harvest B6 # note; x\n    green: pass\n2. green: end\n", "1. red: %\n"]


def outcome(path: Path) -> list:
    """What reading and replaying ``path`` gives: each step with its span, the comments,
    and the diagnostic of the first problem (notation or rules), if any."""
    text = read_source(path)
    name = path.name
    out: list = []
    if path.suffix == ".steps":
        state = read_position(path.with_suffix(".start.toml")).state
        try:
            moves = read_movetext(text, Names(Where(name, 0), state.colours, state.board))
            out += [(repr(s), s.span) for s in moves.steps] + [moves.comments]
            advance_steps(state, moves.steps)
        except KeyHarvestError as exc:
            out.append(diagnose(exc, text, name))
        return out
    try:
        records = load_records(text, name)
    except KeyHarvestError as exc:
        return [diagnose(exc, text, name)]
    for record in records:
        out += [(repr(s), s.span) for s in record.steps] + [record.comments]
        done = replay(record)
        out.append(None if done.error is None else diagnose(done.error, text, name))
    return out


def odd_outcomes() -> list:
    from keyharvest.formats.boardfile import standard_board

    names = Names(Where("odd.kh", 3), ("red", "green"), standard_board())
    out = []
    for text in ODD:
        try:
            moves = read_movetext(text, names)
            out.append([(repr(s), s.span) for s in moves.steps])
        except KeyHarvestError as exc:
            out.append(diagnose(exc, text, "odd.kh"))
    return out


def everything() -> list:
    itemcache.clear()  # every item parsed again, by the driver in use
    return [outcome(p) for p in FILES] + odd_outcomes()


@pytest.fixture
def fresh_driver() -> Iterator[None]:
    """``lean_parser`` built again for the test, and again (normally) after it."""
    grammar.lean_parser.cache_clear()
    yield
    grammar.lean_parser.cache_clear()
    itemcache.clear()


def _missing_table(monkeypatch: pytest.MonkeyPatch) -> None:
    def standalone(lark: object) -> tuple:
        raise KeyError("parser")  # the generator's output holds no table

    monkeypatch.setattr(maketables, "standalone", standalone)


def _other_shape(monkeypatch: pytest.MonkeyPatch) -> None:
    original = maketables.standalone

    def standalone(lark: object) -> tuple:
        data, memo, shift = original(lark)
        table = data["parser"]["parser"]  # the states hold actions of a shape not known
        table["states"] = {s: {k: ("shift", arg) for k, (_, arg) in row.items()}
                           for s, row in table["states"].items()}
        return data, memo, shift

    monkeypatch.setattr(maketables, "standalone", standalone)


def _other_result(monkeypatch: pytest.MonkeyPatch) -> None:
    def parse(self: lalr.LeanParser, text: str, start: str) -> object:
        return []  # parses, but not as Lark does

    monkeypatch.setattr(lalr.LeanParser, "parse", parse)


#: Ways a Lark could differ from the one the table writer was written for.
SURPRISES = {
    "the table is not where it was": _missing_table,
    "the table has another shape": _other_shape,
    "the driver parses differently": _other_result,
}


def _no_lean_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(grammar, "lean_from_tables", lambda text=None: None)


def test_the_lean_tables_give_the_same_results_as_lark(
        fresh_driver: None, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    made = grammar.lean_parser()
    assert isinstance(made, lalr.LeanParser) and made.token is lalr.Token
    lean = everything()
    grammar.lean_parser.cache_clear()
    _no_lean_tables(monkeypatch)
    assert isinstance(grammar.lean_parser(), lalr.LarkDriver)
    assert "does not fit" in capsys.readouterr().err  # said once, in one line
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fallen = everything()
    assert fallen == lean
    diagnostics = [d for o in lean for d in (o if isinstance(o, list) else [o])
                   if type(d).__name__ == "Diagnostic"]
    assert len(diagnostics) > 20  # errors of notation and of rules were compared too


@pytest.mark.parametrize("surprise", SURPRISES)
def test_no_lean_tables_are_made_from_an_unexpected_lark(
        surprise: str, monkeypatch: pytest.MonkeyPatch) -> None:
    SURPRISES[surprise](monkeypatch)
    with pytest.raises(ValueError, match="lean tables"):
        maketables.dump_lean()


def test_the_fallback_raises_unparsed_where_lark_raises(fresh_driver: None) -> None:
    driver = lalr.LarkDriver(grammar.parser())
    with pytest.raises(lalr.Unparsed):
        driver.parse("red: harvest %", "steps")
    assert driver.parse("red: pass", "steps") == grammar.parser().parse("red: pass",
                                                                          start="steps")
