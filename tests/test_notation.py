"""The step notation: every step kind is written and read back (parse(format(x)) == x),
liberal input gives the canonical form, and the grammar is strict LALR."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark
from step_strategies import STRATEGIES, any_step

from keyharvest.errors import NotationError
from keyharvest.formats.boardfile import standard_board
from keyharvest.model import steps as S
from keyharvest.notation import format_step, format_steps, parse_step, parse_steps, step_text
from keyharvest.notation.grammar import build_parser, grammar_text

#: One example of every step kind in its canonical text (docs/notation.md, §2).
CANONICAL = {
    "draw B3": S.Draw("B3"),
    "draw Q": S.Draw("Q"),
    "red: harvest B6 B7": S.Harvest("red", ("B6", "B7")),
    "red: harvest B6 instead wine": S.Harvest("red", ("B6",), ("wine",)),
    "red: play A at B2": S.Play("red", "A", "B2"),
    "red: remove A": S.Remove("red", "A"),
    "red: buy B7 from green": S.Buy("red", "B7", "green"),
    "red: buy B7 from green for hops wheat wheat": S.Buy("red", "B7", "green",
                                                         ("hops", "wheat", "wheat")),
    "red: offer C7 for wheat wheat": S.Offer("red", "C7", ("wheat", "wheat")),
    "red: end": S.EndTurn("red"),
    "red: replace F at C6": S.Replace("red", "F", "C6"),
    "red: pass": S.Pass("red"),
    "red: gain wine wheat": S.Gain("red", ("wine", "wheat")),
    "red: flip A3 A4": S.Flip("red", ("A3", "A4")),
    "red: fallow D5": S.Fallow("red", "D5"),
    "red: claim C4 from green for hops wheat wheat": S.Claim("red", "C4", "green",
                                                             ("hops", "wheat", "wheat")),
    "red: copy E": S.Copy("red", "E"),
    "red: accept": S.Accept("red"),
    "red: place B3": S.Place("red", "B3"),
    "red: take C3": S.Pick("red", "C3"),
    "red: take C3 for hops wine wine": S.Pick("red", "C3", ("hops", "wine", "wine")),
    "red: swap C3 for D4 from green": S.Swap("red", "C3", "D4", "green"),
    "red: swap C3 for D4": S.Swap("red", "C3", "D4"),
    "red: give C3": S.Give("red", "C3"),
    "red: pay wine wheat": S.Pay("red", ("wine", "wheat")),
    "red: move A to C3": S.Move("red", "A", "C3"),
    "red: grant red wheat, green wine": S.Grant("red", (("red", "wheat"), ("green", "wine"))),
    "red: grant": S.Grant("red", ()),
}


def test_the_examples_cover_every_step_class() -> None:
    assert {type(s) for s in CANONICAL.values()} == set(S.STEP_TYPES)


def test_every_step_class_has_a_strategy() -> None:
    assert set(STRATEGIES) == set(S.STEP_TYPES)


@pytest.mark.parametrize("text", list(CANONICAL))
def test_canonical_text_reads_and_prints(text: str) -> None:
    step = CANONICAL[text]
    assert parse_step(text) == step
    assert format_step(step) == text
    assert parse_step(str(step)) == step  # str(step) is the canonical form too


@given(any_step)
@settings(max_examples=600)
def test_parse_of_str_is_identity_for_every_kind(step: S.Step) -> None:
    assert parse_step(str(step)) == step
    assert parse_step(format_step(step)) == step
    assert format_step(parse_step(format_step(step))) == format_step(step)


@given(any_step)
def test_the_span_covers_the_step_text(step: S.Step) -> None:
    text = format_step(step)
    parsed = parse_step(text)
    span = parsed.span
    assert span is not None and span.line == span.end_line == 1
    start = 1 if isinstance(step, S.Draw) else len(step.player) + 3  # type: ignore[attr-defined]
    assert span.column == start
    assert span.end_column == len(text) + 1


@pytest.mark.parametrize("text, canonical", [
    ("RED: Harvest b6,B7", "red: harvest B6 B7"),
    ("red:harvest   b6 ,b7", "red: harvest B6 B7"),
    ("red: offer c7 for yellow, Yellow", "red: offer C7 for wheat wheat"),
    ("red: gain veg cider", "red: gain vegetables apples"),
    ("red: pay RED brown", "red: pay hops wine"),
    ("red: play apprentice at b2", "red: play A at B2"),
    ("red: play A B2", "red: play A at B2"),
    ("red: replace steward c6", "red: replace F at C6"),
    ("red: copy Day-Labourer", "red: copy C"),
    ("red: remove judge", "red: remove I"),
    ("draw lucky-dip", "draw Q"),
    ("draw windfall", "draw Z"),
    ("draw b3", "draw B3"),
    ("red: pick c3 for hop hop hop", "red: take C3 for hops hops hops"),
    ("red: grant red yellow,green green", "red: grant red wheat, green vegetables"),
    ("red: offer C7", "red: offer C7 for"),
    ("red: buy b7 from GREEN", "red: buy B7 from green"),
    ("red: move merchant to c3", "red: move K to C3"),
])
def test_input_is_liberal_output_canonical(text: str, canonical: str) -> None:
    step = parse_step(text)
    assert format_step(step) == canonical
    assert parse_step(canonical) == step


def test_the_users_example_two_actions_of_one_turn() -> None:
    got = parse_steps("harvest B6,B7; buy B7 from red", player="red")
    assert got == [S.Harvest("red", ("B6", "B7")), S.Buy("red", "B7", "red")]
    assert format_steps(got) == "red: harvest B6 B7; red: buy B7 from red"


def test_a_prefix_speaks_until_the_end_of_the_line() -> None:
    got = parse_steps("harvest B6; green: pass; fallow C3\nflip A1", player="red")
    assert got == [S.Harvest("red", ("B6",)), S.Pass("green"), S.Fallow("green", "C3"),
                   S.Flip("red", ("A1",))]


def test_a_decision_needs_a_player() -> None:
    with pytest.raises(NotationError, match="whose step"):
        parse_step("harvest B6")
    assert parse_step("draw B6") == S.Draw("B6")  # a draw belongs to nobody


def test_board_references_are_checked_against_a_board() -> None:
    board = standard_board()
    assert parse_step("red: place B3", board=board) == S.Place("red", "B3")
    with pytest.raises(NotationError) as err:
        parse_step("red: place B1", board=board)
    assert err.value.hint == "did you mean 'B2'? (row B holds B2 to B9)"


def test_players_are_checked_against_the_record() -> None:
    with pytest.raises(NotationError, match="brown is not playing"):
        parse_step("brown: pass", players=("red", "green"))


@pytest.mark.parametrize("text", ["red: pass pass", "red: harvest B6 for wheat", "draw",
                                  "red: play A at", "red: grant red", "red: swap B6 D4"])
def test_malformed_steps_raise_notation_error(text: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_step(text)
    assert err.value.span is not None


def test_parse_step_wants_exactly_one_step() -> None:
    with pytest.raises(NotationError, match="expected one step, found 2"):
        parse_step("red: pass; red: end")


def test_equality_ignores_spans() -> None:
    a = parse_step("red: harvest B6")
    b = parse_step("   red:   harvest B6")
    assert a.span != b.span and a == b


def test_step_text_has_no_trailing_space() -> None:
    assert step_text(S.Grant("red", ())) == "grant"
    assert step_text(S.Gain("red", ())) == "gain"


def test_the_grammar_is_strict_lalr_with_named_terminals() -> None:
    parser = build_parser(strict=True)
    assert parser.options.parser == "lalr"
    names = {t.name for t in parser.terminals}
    assert not [n for n in names if n.startswith("__ANON")]
    Lark(grammar_text(), parser="lalr", strict=True)  # the default start rule too


@settings(max_examples=300, deadline=None)
@given(any_step)
def test_a_steps_maker_makes_what_its_constructor_makes(step: S.Step) -> None:
    import dataclasses

    from keyharvest.errors import Span

    cls = type(step)
    names = [f.name for f in dataclasses.fields(cls) if f.name not in ("player", "span")]
    span = Span(3, 1, 3, 9, "x.kh")
    made = S.maker(cls)(step.player, tuple(getattr(step, n) for n in names), span)
    assert type(made) is cls and made == step and made.span is span
    assert hash(made) == hash(step) and repr(made) == repr(step)
    with pytest.raises(dataclasses.FrozenInstanceError):  # frozen, as its constructor's
        made.span = None  # type: ignore[misc]
    assert [getattr(made, f.name) for f in dataclasses.fields(cls)] == [
        getattr(dataclasses.replace(step, span=span), f.name) for f in dataclasses.fields(cls)]


def test_every_step_has_one_maker() -> None:
    assert all(S.maker(t) is S.maker(t) for t in S.STEP_TYPES)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 10**6), st.integers(1, 10**4), st.integers(1, 10**6),
       st.integers(1, 10**4), st.none() | st.text(max_size=8))
def test_span_of_makes_what_span_makes(line: int, column: int, end_line: int, end_column: int,
                                       source: str | None) -> None:
    import dataclasses

    from keyharvest.errors import Span, span_of

    made, span = span_of(line, column, end_line, end_column, source), Span(
        line, column, end_line, end_column, source)
    assert type(made) is Span and made == span and hash(made) == hash(span)
    assert repr(made) == repr(span) and str(made) == str(span)
    assert dataclasses.astuple(made) == dataclasses.astuple(span)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.line = 2  # type: ignore[misc]
