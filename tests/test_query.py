"""``keyharvest filter`` and its query language (keyharvest.play.query, grammar/query.lark):
every operator on the shipped games, bad queries with their diagnostics, and the records
written out byte for byte as they were read."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_util import FOUR, THREE, TWO

from keyharvest.formats.diagnostics import diagnose
from keyharvest.play.batch import units
from keyharvest.play.collection import Game, games_of
from keyharvest.play.query import QueryError, compile_query, grammar_text

NAMES = '\n[names]\nred = "Ann"\ngreen = "Bob"\n+++\n'


def named_two() -> str:
    """The two-player game with a date and the names of its players."""
    text = TWO.read_text(encoding="utf-8")
    front, rest = text.split("\n+++\n", 1)
    return front.replace("+++\n", "+++\ndate = 2024-05-01\n", 1) + NAMES + rest


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Game]:
    """The shipped games by number of players (the two-player one named and dated)."""
    folder = tmp_path_factory.mktemp("games")
    (folder / "two.kh").write_text(named_two(), encoding="utf-8")
    out = {}
    for path in (folder / "two.kh", THREE, FOUR):
        (game,) = games_of(next(units(str(path))), moves=True)
        assert isinstance(game, Game)
        out[len(game.players)] = game
    return out


# What the shipped games are (tests/test_query.py checks them against the engine below):
# 2 players: red 35 (wins), green 20; 118 turns; green starts with "offer B8 for hops wine"
# 3 players: red 23 (wins), yellow 19, green 15; 87 turns; green starts with "end"
# 4 players: orange 14 (wins), yellow 12, green 11, brown 10; 75 turns
@pytest.mark.parametrize("query, matches", [
    ("players = 4", [4]),
    ("players != 4", [2, 3]),
    ("players < 3", [2]),
    ("players <= 3", [2, 3]),
    ("players > 2", [3, 4]),
    ("players >= 3", [3, 4]),
    ("players contains brown", [4]),
    ("winners contains red", [2, 3]),
    ("winner = red", [2, 3]),
    ("winner = RED and players >= 3", [3]),
    ("winner = orange or winner = green", [4]),
    ("not winner = red", [4]),
    ("not (winner = red or players = 4)", []),
    ("finished", [2, 3, 4]),
    ("not finished", []),
    ("finished = yes", [2, 3, 4]),
    ("result = finished", [2, 3, 4]),
    ("points.red >= 23", [2, 3]),
    ("points.orange = 14", [4]),
    ("margin > 3", [2, 3]),
    ("turns < 80", [4]),
    ("steps > 400", [2]),
    ("start = green", [2, 3]),
    ('event ~ "keyharvest*"', [2, 3, 4]),
    ('event = "KEYHARVEST EXAMPLES"', [2, 3, 4]),
    ("round >= 3000", [3, 4]),
    ("date >= 2024-05-01", [2]),
    ("date < 2024-05-01", []),
    ('date ~ "2024-05-*"', [2]),
    ("date", [2]),
    ('names.red = "Ann"', [2]),
    ("names.green", [2]),
    ('names contains "bob"', [2]),
    ("names = 0", [3, 4]),
    ("meta.seed", []),
    ('event != "x" and names.red != "x"', [2]),  # a missing field: every comparison false
    ('has "offer B8 for hops wine"', [2]),
    ('has "Offer b8 for hops, wine"', [2]),  # a step in notation, written any way
    ('has "buy * from green"', [2, 3, 4]),
    ('has "green: offer *"', [2, 3, 4]),
    ('has "yellow: offer *"', [3, 4]),
    ('has "offer *" before turn 2', [2, 4]),
    ('has "harvest F4" by yellow in turn 1', [4]),
    ('has "harvest F4" by red', [2]),
    ('has "harvest F4" by green', [3, 4]),
    ('has "harvest F4" by green in turn 16', [3]),
    ('has "end" in turn 1 and has "draw *" after turn 80', [2, 3]),
    ('has "draw Q"', [2, 3]),
])
def test_every_operator_on_the_shipped_games(shipped: dict[int, Game], query: str,
                                              matches: list[int]) -> None:
    compiled = compile_query(query)
    assert [n for n, game in sorted(shipped.items()) if compiled(game)] == matches


def test_the_facts_queries_read(shipped: dict[int, Game]) -> None:
    two, three, four = shipped[2], shipped[3], shipped[4]
    assert [(s.colour, s.points, s.place, s.share) for s in two.seats] == [
        ("red", 35, 1, 1.0), ("green", 20, 2, 0.0)]
    assert (three.winner, three.turns, three.margin) == ("red", 87, 4)
    assert [s.place for s in four.seats] == [4, 3, 1, 2]
    assert two.names() == {"red": "Ann", "green": "Bob"} and two.date() == "2024-05-01"
    assert two.moves[0] == (1, "green", "offer B8 for hops wine")
    assert two.moves[1] == (1, None, "draw F7")


@pytest.mark.parametrize("query, column, message, hint", [
    ("winner = ", 9, "the query ends too soon: expected", "finish the query"),
    ("wnner = red", 1, "unknown field 'wnner'", "did you mean 'winner'?"),
    ("points.rd > 3", 8, "unknown colour 'rd'", "did you mean 'red'?"),
    ("points > 3", 1, "'points' needs a second part", "points.red"),
    ("players = red", 11, "'players' is a list", "players contains red"),
    ("turns > \"x\"", 9, "'turns' is a number", "turns > 10"),
    ("finished = 3", 12, "'finished' is yes or no", "not finished"),
    ('event = "x', 9, "unexpected character '\"'", 'close the quoted text with "'),
    ("(finished", 10, "the query ends too soon: expected ')'", "finish the query"),
    ("finished and and", 14, "unexpected 'and': expected a field", "a field or '('"),
    ("finished or = 3", 13, "unexpected '='", "docs/query.md"),
    ('has "buy B77"', 13, "not a step", "a pattern with * or ?"),
    ('has "x" by blu', 7, "not a step", None),
    ('has "offer *" by blu', 18, "unknown colour 'blu'", "a colour: brown"),
    ('has "purple: end"', 6, "unknown colour 'purple' before ':'", None),
    ("winners contains purple", 18, "unknown colour 'purple'", "a colour:"),
    ("turns contains 3", 1, "'turns' is not a list", None),
    ("", 1, "the query is empty", "for example"),
    ("finished\nand finished", 9, "a query is one line", "join its lines"),
    ('event = "a\\qb"', 11, "unknown escape", 'only \\" and \\\\ are escapes'),
    ("event ~ 3", 9, "'~' takes a pattern in quotes", 'event ~ "Club*"'),
])
def test_bad_queries_have_a_column_and_help(query: str, column: int, message: str,
                                            hint: str | None) -> None:
    with pytest.raises(QueryError) as caught:
        compile_query(query)
    exc = caught.value
    assert exc.span is not None and exc.span.column == column, exc
    assert message in str(exc)
    if hint is not None:
        assert exc.hint is not None and hint in exc.hint
    shown = diagnose(exc, query, "<query>").format()
    assert shown.startswith(f"<query>:1:{column}: error: ")
    assert "^" in shown


def test_the_grammar_is_the_files_and_ships_in_the_wheel() -> None:
    root = Path(__file__).resolve().parent.parent
    assert grammar_text() == (root / "grammar" / "query.lark").read_text(encoding="utf-8")
    pyproject = (root / "pyproject.toml").read_text(encoding="utf-8")
    assert '"grammar" = "keyharvest/grammar"' in pyproject  # the folder, query.lark with it
