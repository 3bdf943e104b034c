"""Whole inputs game by game (keyharvest.play.inputs): what score, fmt and diff call."""

from __future__ import annotations

from pathlib import Path

from cli_util import FINAL_TABLE, FOUR, TWO

from keyharvest.formats.records import load_records
from keyharvest.play.inputs import diff_games, diff_side, format_paths, format_text, score_games
from keyharvest.play.replay import POSITION, RECORD, Point
from keyharvest.rules.scoring import score


def test_every_record_of_a_file_is_scored_and_a_bad_one_does_not_stop_the_others() -> None:
    two, four = TWO.read_text(), FOUR.read_text()
    bad = two.replace("5. green: remove B", "5. green: remove A")
    text = f"{two}\n{bad}\n{four}"
    games = list(score_games(text, "many.kh"))
    assert [(g.kind, g.ok) for g in games] == [(RECORD, True), (RECORD, False), (RECORD, True)]
    first, broken, last = games
    assert first.at is not None and first.score == score(first.at.state)
    assert (first.at.game, last.at.game) == (1, 3)
    assert broken.diagnostics[0].kind == "rule"
    want = [r.line for r in load_records(text)]
    assert broken.diagnostics[0].line > want[1]


def test_a_record_that_does_not_read_stops_the_file() -> None:
    text = TWO.read_text() + "\n+++\nplayers = 3\n+++\n" + FOUR.read_text()
    games = list(score_games(text, "x.kh"))
    assert [g.ok for g in games] == [True, False]
    assert games[1].diagnostics[0].path == "players"


def test_a_position_is_scored_at_its_end_only() -> None:
    text = FINAL_TABLE.read_text()
    (game,) = score_games(text, "final.toml")
    assert game.ok and game.kind == POSITION and game.at is not None
    assert game.score == score(game.at.state)
    (early,) = score_games(text, "final.toml", Point("step", 3))
    assert not early.ok and "--to needs a record" in early.diagnostics[0].message


def test_a_score_at_a_point_is_the_table_there() -> None:
    (game,) = score_games(TWO.read_text(), "two.kh", Point("step", 10))
    assert game.at is not None and game.at.step == 10 and game.at.state.result is None


def test_format_text_gives_the_canonical_form_and_says_whether_it_was(tmp_path: Path) -> None:
    text = TWO.read_text()
    done = format_text(text, "two.kh", str(TWO))
    assert done.ok and done.canonical is not None
    again = format_text(done.canonical, "x.kh")
    assert again.same and again.canonical == done.canonical
    assert done.same == (text == done.canonical)
    bommed = tmp_path / "bom.kh"
    bommed.write_bytes(b"\xef\xbb\xbf" + done.canonical.encode())
    assert not format_text(done.canonical, str(bommed), str(bommed)).same  # bytes differ
    messy = done.canonical.replace("\n1. ", "\n\n1.   ", 1)
    assert format_text(messy, "x.kh").canonical == done.canonical


def test_format_text_refuses_positions_and_bad_records() -> None:
    pos = format_text(FINAL_TABLE.read_text(), "final.toml")
    assert not pos.ok and pos.diagnostics[0].message.startswith("not a record")
    bad = format_text("+++\nplayers = 3\n+++\n", "x.kh")
    assert not bad.ok and bad.canonical is None and bad.diagnostics[0].line == 2


def test_format_paths_leaves_out_a_folders_positions(tmp_path: Path) -> None:
    (tmp_path / "a.kh").write_text(TWO.read_text())
    (tmp_path / "b.toml").write_text(FINAL_TABLE.read_text())
    named = str(tmp_path / "b.toml")
    assert list(format_paths([str(tmp_path)])) == [str(tmp_path / "a.kh")]
    assert list(format_paths([named])) == [named]  # named, it is formatted (and refused)


def test_diff_of_two_records_finds_where_they_part() -> None:
    two = TWO.read_text()
    other = two.replace("5. green: remove B", "5. green: remove A")
    a, b = diff_side(two, "a.kh"), diff_side(other, "b.kh")
    assert a.kind == b.kind == RECORD and not a.notes
    same = diff_games(a, diff_side(two, "c.kh"))
    assert same.same and not same.warnings
    d = diff_games(a, b)
    assert not d.same and d.comparison is not None and d.comparison.split is not None
    assert [w.severity for w in d.warnings] == ["warning"]  # 'remove A' is illegal there


def test_diff_side_notes_a_file_of_several_records() -> None:
    text = TWO.read_text() + "\n" + FOUR.read_text()
    side = diff_side(text, "many.kh")
    assert side.games == 2 and side.notes == [
        "many.kh holds more than one record: comparing game 1"]


def test_diff_of_positions_compares_the_tables() -> None:
    table = FINAL_TABLE.read_text()
    a, b = diff_side(table, "a.toml"), diff_side(table, "b.toml")
    assert diff_games(a, b).same
    other = diff_side(TWO.read_text(), "two.kh")
    d = diff_games(a, other)
    assert d.comparison is None and d.positions and not d.same
