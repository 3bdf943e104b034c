"""The movetext layout: turns, continuation lines, speakers, implied ends and comments;
formatting and reading are inverse on any steps and comments."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from step_strategies import comments_for, steps_of

from keyharvest.errors import NotationError
from keyharvest.model import steps as S
from keyharvest.notation import Comment, format_movetext, parse_movetext

PLAYERS = ("red", "green", "yellow")


def read(text: str):
    return parse_movetext(text, players=PLAYERS)


def test_a_turn_per_line_and_the_end_implied_by_the_next_header() -> None:
    mt = read("1. red: offer C7 for wheat; draw B3; harvest A2\n"
              "2. green: buy C7 from red\n")
    assert mt.steps == [S.Offer("red", "C7", ("wheat",)), S.Draw("B3"),
                        S.Harvest("red", ("A2",)), S.EndTurn("red"),
                        S.Buy("green", "C7", "red")]


def test_the_implied_end_points_at_the_next_header() -> None:
    mt = read("1. red: harvest A2\n2. green: end\n")
    end = mt.steps[1]
    assert end == S.EndTurn("red")
    assert (end.span.line, end.span.column, end.span.end_column) == (2, 1, 10)


def test_turn_numbers_are_optional() -> None:
    assert read("red: harvest A2\ngreen: end\nyellow: pass").steps == read(
        "1. red: harvest A2\n2. green: end\n3. yellow: pass").steps


def test_answers_by_other_players_and_continuation_lines() -> None:
    text = ("12. red: offer C7 for wheat; draw Q\n"
            "    pay wine wheat; draw G5\n"
            "    green: pass\n"
            "    yellow: pay hops hops; draw C2\n"
            "    draw F3; harvest A2\n")
    mt = parse_movetext(text.replace("12.", "1."), players=PLAYERS)
    assert mt.steps == [
        S.Offer("red", "C7", ("wheat",)), S.Draw("Q"), S.Pay("red", ("wine", "wheat")),
        S.Draw("G5"), S.Pass("green"), S.Pay("yellow", ("hops", "hops")), S.Draw("C2"),
        S.Draw("F3"), S.Harvest("red", ("A2",)),
    ]


def test_an_indented_colour_line_continues_the_turn() -> None:
    mt = read("1. red: draw Q\n  green: pass\ngreen: end")
    assert mt.steps == [S.Draw("Q"), S.Pass("green"), S.EndTurn("red"), S.EndTurn("green")]


def test_a_first_column_line_without_a_colour_continues_the_turn() -> None:
    assert read("1. red: draw Q\ndraw B3\n").steps == [S.Draw("Q"), S.Draw("B3")]


def test_the_turn_number_must_count_the_turns() -> None:
    with pytest.raises(NotationError, match="turn 3 is out of sequence: this is turn 2") as err:
        read("1. red: end\n3. green: end\n")
    assert (err.value.span.line, err.value.span.column) == (2, 1)


def test_the_moves_start_with_a_header() -> None:
    with pytest.raises(NotationError, match="start with a turn header"):
        read("  harvest A2\n")


def test_an_explicit_end_is_accepted_and_not_doubled() -> None:
    assert read("1. red: harvest A2; end\n2. green: end").steps == [
        S.Harvest("red", ("A2",)), S.EndTurn("red"), S.EndTurn("green")]


def test_comments_are_kept_where_they_were() -> None:
    text = ("# before the game\n"
            "1. red: harvest A2  # good\n"
            "    # thinking\n"
            "    draw B3\n"
            "# before turn 2\n"
            "2. green: end\n")
    mt = read(text)
    assert mt.comments == [Comment(0, "before the game"), Comment(1, "good", True),
                           Comment(1, "thinking"), Comment(3, "before turn 2")]
    assert format_movetext(mt.steps, mt.comments) == (
        "# before the game\n"
        "1. red: harvest A2  # good\n"
        "    # thinking\n"
        "    draw B3\n"
        "# before turn 2\n"
        "2. green: end\n")


def test_the_formatter_layout() -> None:
    steps = [S.Offer("red", "C7", ("wheat",)), S.Draw("Q"), S.Pay("red", ("wine", "wheat")),
             S.Draw("G5"), S.Pass("green"), S.Pay("yellow", ("hops", "hops")), S.Draw("C2"),
             S.Harvest("red", ("A2",)), S.EndTurn("red"), S.EndTurn("green"),
             S.Harvest("yellow", ("B6", "B7")), S.EndTurn("yellow")]
    assert format_movetext(steps) == (
        "1. red: offer C7 for wheat; draw Q; pay wine wheat; draw G5\n"
        "    green: pass\n"
        "    yellow: pay hops hops; draw C2\n"
        "    harvest A2\n"
        "2. green: end\n"
        "3. yellow: harvest B6 B7; end\n")


def test_long_lines_wrap_at_semicolons() -> None:
    steps = [S.Draw(f"A{i}") for i in range(1, 9)] * 3 + [S.Pass("red")]
    text = format_movetext(steps)
    assert all(len(line) <= 100 for line in text.splitlines())
    assert read(text).steps == steps


def test_a_turn_opened_by_another_player() -> None:
    steps = [S.Pass("green"), S.EndTurn("red"), S.Harvest("green", ("A2",))]
    text = format_movetext(steps, players=PLAYERS, start="red")
    assert read(text).steps == steps


@st.composite
def movetexts(draw):
    players = draw(st.sampled_from([("red", "green"), PLAYERS,
                                    ("brown", "green", "orange", "yellow")]))
    steps = draw(st.lists(steps_of(players), max_size=30))
    comments = draw(comments_for(len(steps), steps))
    return players, steps, comments


@given(movetexts())
@settings(max_examples=300, deadline=None)
def test_format_then_read_gives_the_steps_and_comments_back(case) -> None:
    players, steps, comments = case
    text = format_movetext(steps, comments, players, players[0])
    mt = parse_movetext(text, players=players)
    assert mt.steps == steps
    assert mt.comments == comments
    assert format_movetext(mt.steps, mt.comments, players, players[0]) == text


def test_the_texts_written_are_remembered_by_step_object_within_a_bound() -> None:
    """The formatter remembers the text of the step objects it wrote (the engine shares
    its steps from record to record), each with its object, so that a step made after
    another was dropped never gets the other's text; the table keeps its bound."""
    from keyharvest.notation import movetext

    shared = S.EndTurn("red")
    for i in range(movetext.TEXTS_SIZE + 50):  # steps dropped as soon as written
        offer = S.Offer("red", f"C{i % 9 + 1}", ("wheat",) if i % 2 else ("hops", "wine"))
        text = format_movetext([S.Harvest("red", (f"A{i % 7 + 1}",)), offer, shared])
        assert text == (f"1. red: harvest A{i % 7 + 1}; offer C{i % 9 + 1} for "
                        f"{'wheat' if i % 2 else 'hops wine'}; end\n")
        assert len(movetext._TEXTS) <= movetext.TEXTS_SIZE
    assert movetext._TEXTS[id(shared)] == (shared, "end")


def _per_turn(steps, players, width: int = 100) -> str:
    """``format_movetext`` without its one-pass writer for a movetext with no comment:
    the turns split first, each written by ``_plain_turn`` (or ``_Turn`` when a line
    wraps), as every movetext was written before."""
    from unittest import mock

    from keyharvest.notation import movetext

    with mock.patch.object(movetext, "_plain_movetext", lambda steps, width: None):
        return format_movetext(steps, (), players, players[0], width)


@given(st.sampled_from([("red", "green"), ("brown", "green", "orange", "yellow")]).flatmap(
    lambda players: st.tuples(st.just(players), st.lists(steps_of(players), max_size=40))),
    st.sampled_from([100, 40, 12]))
@settings(max_examples=300, deadline=None)
def test_the_one_pass_writer_writes_what_the_turn_by_turn_writer_writes(case, width) -> None:
    """A movetext with no comment is written in one pass over its steps; it is the text
    the turn-by-turn writer gives, for any steps (turns opened by a draw or by another
    player, implied and written ends, lines wrapped at narrow widths)."""
    players, steps = case
    assert format_movetext(steps, (), players, players[0], width) == _per_turn(
        steps, players, width)


@pytest.mark.pure_only  # patches movetext._Turn, which compiled code calls directly
def test_self_play_records_are_written_in_one_pass_as_turn_by_turn() -> None:
    """Self-play records (every turn opened by its player) take the one-pass writer, and
    at a narrow width some of their turns are wrapped (by ``_Turn``, as before)."""
    from unittest import mock

    from keyharvest.notation import movetext
    from keyharvest.play.selfplay import selfplay_game

    wrapped = []

    class Counted(movetext._Turn):
        def write(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            wrapped.append(self.lead)
            return super().write(*args, **kwargs)

    for players, i in ((4, 0), (4, 1), (3, 2), (2, 3)):
        record = selfplay_game(players, 77, i)
        steps, seats = record.steps, record.setup.players
        for width in (100, 50):
            with mock.patch.object(movetext, "_Turn", Counted):
                lines = movetext._plain_movetext(steps, width)
            assert lines is not None
            assert "\n".join(lines) + "\n" == _per_turn(steps, seats, width)
    assert len(wrapped) > 10
