"""The commands over a collection of games: ``filter``, ``standings`` and ``stats``
(keyharvest.cli.collection), on the shipped games and on small files made from them."""

from __future__ import annotations

import json
from pathlib import Path

from cli_util import FOUR, GAMES, THREE, TWO, TWO_ILLEGAL, TWO_MOVE, bad_records, edited, kh


# -- the command ---------------------------------------------------------------------------------
def test_every_record_that_matches_is_written_unchanged(tmp_path: Path) -> None:
    crlf = tmp_path / "crlf.kh"
    crlf.write_bytes(b"# a comment before the first record\r\n"
                     + THREE.read_bytes().replace(b"\n", b"\r\n"))
    no_end = tmp_path / "no-end.kh"
    no_end.write_bytes(FOUR.read_bytes().rstrip(b"\n"))
    files = [TWO, crlf, no_end, THREE]
    run = kh("filter", "steps > 0", *files, "-q")
    expected = (TWO.read_bytes() + THREE.read_bytes().replace(b"\n", b"\r\n")
                + FOUR.read_bytes().rstrip(b"\n") + b"\n" + THREE.read_bytes())
    assert run.code == 0 and run.outcome.stdout_bytes == expected
    assert run.err == ""
    some = kh("filter", "winner = red", *files)
    assert some.outcome.stdout_bytes == TWO.read_bytes() + THREE.read_bytes().replace(
        b"\n", b"\r\n") + THREE.read_bytes()
    assert some.err == "keyharvest filter: 3 of 4 games match\n"
    others = kh("filter", "-v", "winner = red", *files)
    assert others.outcome.stdout_bytes == FOUR.read_bytes().rstrip(b"\n")
    assert others.err == "keyharvest filter: 1 of 4 games do not match\n"


def test_count_json_and_stdin() -> None:
    both = TWO.read_text() + THREE.read_text()
    assert kh("filter", "-c", "players = 2", "-", input=both).out == "1\n"
    run = kh("filter", "players >= 2", "-", "-f", "json", input=both)
    lines = run.objects()
    assert [x["type"] for x in lines] == ["game", "game", "summary"]
    assert lines[0]["winner"] == "red" and lines[0]["source"] == "<stdin>"
    assert [s["points"] for s in lines[1]["seats"]] == [19, 23, 15]
    assert lines[-1]["matched"] == 2 and lines[-1]["records"] == 2
    json.dumps(lines)


def test_bad_records_are_reported_and_kept_apart(tmp_path: Path) -> None:
    illegal = edited(TWO, TWO_MOVE, TWO_ILLEGAL)
    mixed = tmp_path / "mixed.kh"
    mixed.write_text(THREE.read_text() + illegal + "+++\nplayers = 3\n", encoding="utf-8")
    rejects = tmp_path / "rejects.kh"
    run = kh("filter", "finished", mixed, "--rejects", rejects)
    assert run.code == 1
    assert run.outcome.stdout_bytes == THREE.read_bytes()
    assert "mixed.kh:160:9: error[C.4]: red cannot buy G7 from green" in run.err
    assert run.err.splitlines()[-1] == (
        "keyharvest filter: 1 of 1 games match; counted apart: 2 bad (keyharvest validate "
        "says why)")
    kept = rejects.read_text(encoding="utf-8")
    assert kept.count("# from ") == 2 and illegal in kept


def test_a_bad_query_is_a_usage_error_with_its_diagnostic() -> None:
    run = kh("filter", "players = red", TWO)
    assert run.code == 2 and run.out == ""
    assert run.err.splitlines()[:3] == [
        ("<query>:1:11: error: 'players' is a list: compare its count with a number, or test "
        "a member with 'contains'"),
        "    1 | players = red",
        "      |           ^^^"]


def test_a_folder_of_games_and_positions(tmp_path: Path) -> None:
    run = kh("filter", "-c", "finished", GAMES)
    assert run.code == 0 and run.out == "3\n"
    assert "counted apart: 3 positions (not games)" in run.err


# -- stats and standings -------------------------------------------------------------------------
def named(tmp_path: Path) -> list[Path]:
    """The shipped games, the two-player one twice with the names of its players (Ann and
    Bob, then Bob and Ann) and a date, the others with no names."""
    from test_query import named_two

    first = tmp_path / "evening-1.kh"
    first.write_text(named_two(), encoding="utf-8")
    second = tmp_path / "evening-2.kh"
    second.write_text(named_two().replace('"Ann"', '"X"').replace('"Bob"', '"Ann"')
                      .replace('"X"', '"Bob"').replace("2024-05-01", "2024-05-02"),
                      encoding="utf-8")
    return [first, second, THREE, FOUR]


def test_stats_text_json_and_page(tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    run = kh("stats", GAMES, "--html", page)
    assert run.code == 0, run
    lines = run.out.splitlines()
    assert lines[0] == "2 players: 1 finished game"
    assert "  seat 1        1         0   0.000  0.000-0.793" in lines
    assert lines[-1] == ("3 finished games; counted apart: 3 positions (not games); the page: "
                         f"{page}")
    html = page.read_text(encoding="utf-8")
    assert html.count('data-chart="seats-') == 4 and "<script" not in html
    objects = kh("stats", TWO, THREE, FOUR, "-f", "json").objects()
    assert [x["player_count"] for x in objects[:-1]] == [2, 3, 4, "all"]
    assert objects[-1]["finished"] == 3 and objects[-1]["ok"] is True


def test_stats_and_standings_count_bad_records_apart(tmp_path: Path) -> None:
    bad = tmp_path / "bad.kh"
    bad.write_text(edited(TWO, TWO_MOVE, TWO_ILLEGAL), encoding="utf-8")
    for command in ("stats", "standings"):
        run = kh(command, bad, THREE)
        assert run.code == 1
        assert "error[C.4]" in run.err
        assert run.out.splitlines()[-1].endswith(
            "counted apart: 1 bad (keyharvest validate says why)")


def test_standings_by_person_and_by_colour(tmp_path: Path) -> None:
    files = named(tmp_path)
    run = kh("standings", *files, "-f", "json")
    rows = run.results()
    assert [(r["rank"], r["person"], r["games"], r["wins"]) for r in rows[:2]] == [
        (1, "Ann", 2, 1), (1, "Bob", 2, 1)]  # red won both: once Ann, once Bob
    assert {r["person"] for r in rows[2:]} == {"(red)", "(green)", "(yellow)", "(brown)",
                                               "(orange)"}
    assert all("mu" in r for r in rows) and run.summary()["games"] == 4
    text = kh("standings", *files, "--by", "colour")
    assert text.code == 0
    assert text.out.splitlines()[1].split()[:4] == ["1", "red", "3", "3"]
    assert text.out.splitlines()[-1] == "4 finished games, 5 colours"
    page = tmp_path / "table.html"
    assert kh("standings", *files, "--html", page, "-q").code == 0
    assert 'data-person="Ann"' in page.read_text(encoding="utf-8")
    assert kh("standings", *files, "--html", tmp_path / "table.txt").code == 2


def test_the_same_output_with_jobs(tmp_path: Path) -> None:
    """Each command, text and JSON, with a record that does not replay among the games:
    the same stdout, stderr and exit code from two processes as from one."""
    bad = tmp_path / "bad.kh"
    bad.write_bytes(bad_records()["illegal"])
    files = [*named(tmp_path), bad, GAMES]
    for args in (["filter", "finished"], ["filter", "-f", "json", "winner = red"],
                 ["filter", "-c", "-v", "winner = red"], ["stats"], ["stats", "-f", "json"],
                 ["standings"], ["standings", "-f", "json", "--by", "colour"]):
        one = kh(*args, *files)
        two = kh(*args, *files, "-j", "2")
        assert (two.code, two.out, two.err) == (one.code, one.out, one.err), args
        assert one.code == 1, args  # the bad record, counted apart


def test_filter_and_pages_never_write_onto_an_input(tmp_path: Path) -> None:
    """An output that is one of the inputs is a usage error, as validate's --rejects is:
    the input is left as it was."""
    game = tmp_path / "game.kh"
    game.write_bytes((GAMES / "two-players.kh").read_bytes())
    before = game.read_bytes()
    run = kh("filter", "finished", game, "--rejects", game)
    assert run.code == 2 and "is an input of this command" in run.err
    run = kh("filter", "finished", game, "--rejects", "-")
    assert run.code == 2 and "'--rejects'" in run.err
    page = tmp_path / "page.html"
    page.symlink_to(game)
    run = kh("stats", game, "--html", page)
    assert run.code == 2 and "the same file as the input" in run.err
    assert game.read_bytes() == before
