"""A tournament's standings (keyharvest.play.standings) against a hand computation on six
games, a draw and a tie among them, and the ratings against OpenSkill's own calls."""

from __future__ import annotations

import pytest
from cli_util import extra

from keyharvest.play.batch import Report, UnitKind
from keyharvest.play.collection import Game, Seat, places
from keyharvest.play.standings import Played, Standings, Trace


def game(date: str | None, *seats: tuple[str, str | None, int, int, int], status: str = "finished",
         index: int = 1) -> Game:
    """A game of ``seats`` (colour, name, points, field tiles, crops), placed and won as
    ``collection.game_of`` places them."""
    keys = [(p, f, c) for _, _, p, f, c in seats]
    where = places(keys)
    first = [i for i, w in enumerate(where) if w == 1] if status == "finished" else []
    made = tuple(Seat(colour, name, p, f, c, place, 1 / len(first) if i in first else 0.0)
                 for i, ((colour, name, p, f, c), place) in enumerate(zip(seats, where)))
    return Game("t.kh", index, 1, {"date": date} if date else {}, tuple(s[0] for s in seats),
                seats[0][0], "standard", None, status, made, 80, 300, "end")


#: Six games of Ann, Bob, Cy and Di, as an organiser would add them up by hand:
SIX = [
    # 1: Ann wins on points
    game("2024-05-01", ("red", "Ann", 30, 10, 5), ("green", "Bob", 25, 9, 6)),
    # 2: Bob and Cy tie on points, Bob has more field tiles (tie-break 1)
    game("2024-05-02", ("red", "Ann", 15, 6, 3), ("green", "Bob", 20, 8, 4),
         ("yellow", "Cy", 20, 7, 9)),
    # 3: Cy and Di tie on points, field tiles and crops: a draw, half a win each (G.3)
    game("2024-05-03", ("red", "Cy", 18, 6, 4), ("green", "Di", 18, 6, 4)),
    # 4: four players
    game("2024-05-04", ("red", "Ann", 22, 9, 2), ("green", "Bob", 21, 9, 2),
         ("yellow", "Cy", 10, 5, 1), ("brown", "Di", 12, 4, 3)),
    # 5: not finished (stopped at its turn limit): counted apart
    game("2024-05-05", ("red", "Ann", 40, 10, 5), ("green", "Di", 1, 1, 1),
         status="unfinished"),
    # 6: no date: rated after the dated games
    game(None, ("red", "Di", 30, 9, 9), ("green", "Ann", 29, 9, 9)),
]


def test_places_follow_the_order_of_rules_g() -> None:
    assert places([(20, 8, 4), (20, 7, 9), (15, 6, 3)]) == [1, 2, 3]
    assert places([(18, 6, 4), (18, 6, 4)]) == [1, 1]
    assert places([(10, 1, 1), (12, 1, 1), (10, 1, 1), (9, 9, 9)]) == [2, 1, 2, 4]


def test_six_games_by_hand() -> None:
    table = Standings().add_all(SIX)
    rows = table.table(model=None)
    by = {r.who: r for r in rows}
    # wins: Ann games 1, 4; Bob 2; Cy and Di half of 3; Di 6
    assert {w: r.wins for w, r in by.items()} == {"Ann": 2, "Bob": 1, "Cy": 0.5, "Di": 1.5}
    assert {w: r.games for w, r in by.items()} == {"Ann": 4, "Bob": 3, "Cy": 3, "Di": 3}
    assert {w: r.points for w, r in by.items()} == {
        "Ann": 30 + 15 + 22 + 29, "Bob": 25 + 20 + 21, "Cy": 20 + 18 + 10, "Di": 18 + 12 + 30}
    # places: Ann 1, 3, 1, 2; Bob 2, 1, 2; Cy 2, 1, 4; Di 1, 3, 1
    assert {w: round(r.mean_place, 4) for w, r in by.items()} == {
        "Ann": 1.75, "Bob": round(5 / 3, 4), "Cy": round(7 / 3, 4), "Di": round(5 / 3, 4)}
    assert [(r.rank, r.who) for r in rows] == [(1, "Ann"), (2, "Di"), (3, "Bob"), (4, "Cy")]
    assert table.apart.unfinished == 1
    lines = table.lines(rows)
    assert lines[-1]["games"] == 5 and lines[-1]["unfinished"] == 1
    assert lines[-1]["rated"] is False and "rating" not in lines[0]


def test_ties_in_the_table_go_by_points_then_field_tiles_then_crops() -> None:
    games = [game("2024-01-01", ("red", "A", 10, 5, 1), ("green", "B", 9, 5, 1)),
             game("2024-01-02", ("red", "A", 9, 5, 1), ("green", "B", 10, 5, 1)),
             game("2024-01-03", ("red", "C", 10, 6, 1), ("green", "D", 9, 5, 1)),
             game("2024-01-04", ("red", "C", 9, 5, 1), ("green", "D", 10, 5, 2))]
    rows = Standings().add_all(games).table(model=None)
    # each won once with 19 points; C has the most field tiles (11: tie-break 1), D the
    # most crops of the others (3: tie-break 2); A and B, equal on all four, share rank 3
    assert [(r.rank, r.who) for r in rows] == [(1, "C"), (2, "D"), (3, "A"), (3, "B")]


def test_by_colour_and_unnamed_seats() -> None:
    unnamed = game("2024-01-01", ("red", None, 10, 5, 1), ("green", "B", 9, 5, 1))
    assert [r.who for r in Standings().add_all([unnamed]).table(model=None)] == ["(red)", "B"]
    assert [r.who for r in Standings(by="colour").add_all([unnamed]).table(model=None)] == [
        "red", "green"]


def test_bad_records_and_positions_are_counted_apart() -> None:
    table = Standings().add_all([
        SIX[0], Report(UnitKind.RECORD, "x.kh", False),
        Report(UnitKind.POSITION, "p.toml", True), Report(UnitKind.FILE, "gone.kh", False)])
    assert table.apart.as_dict() == {"unfinished": 0, "in_progress": 0, "bad": 1,
                                     "unreadable": 1, "positions": 1, "skipped": 0,
                                     "files": 4}
    assert not table.apart.ok


def test_the_ratings_are_openskills_in_date_order() -> None:
    extra("openskill", "KEYHARVEST_REQUIRE_STANDINGS", "pip install 'keyharvest[standings]'")
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    rating = {who: model.rating(name=who) for who in ("Ann", "Bob", "Cy", "Di")}
    by_hand = [(["Ann", "Bob"], [1, 2]), (["Ann", "Bob", "Cy"], [3, 1, 2]),
               (["Cy", "Di"], [1, 1]), (["Ann", "Bob", "Cy", "Di"], [1, 2, 4, 3]),
               (["Di", "Ann"], [1, 2])]  # game 5 is unfinished, game 6 undated: last
    anns = []
    for who, ranks in by_hand:
        new = model.rate([[rating[w]] for w in who], ranks=ranks)
        for w, (r,) in zip(who, new):
            rating[w] = r
        anns.append(rating["Ann"].mu)
    # in date order as read, and out of it (the undated game first): the same ratings
    for games in (SIX, SIX[::-1]):
        table = Standings().add_all(games)
        assert table.played.in_order == (games is SIX)
        rows = table.table(traced=4)
        assert table.rated
        for row in rows:
            assert row.mu == pytest.approx(rating[row.who].mu)
            assert row.sigma == pytest.approx(rating[row.who].sigma)
            assert row.rating == pytest.approx(rating[row.who].mu - 3 * rating[row.who].sigma)
        ann = next(r for r in rows if r.who == "Ann")
        assert [n for n, _ in ann.history] == [1, 2, 4, 5] and ann.every == 1
        assert [mu for _, mu in ann.history] == pytest.approx([anns[i] for i in (0, 1, 3, 4)])
        assert rows[0].as_dict()["rating"] == round(rows[0].rating or 0, 3)
    # the history is kept for the rows asked for only (the page draws the first ten)
    rows = Standings().add_all(SIX).table(traced=1)
    assert rows[0].history and not any(r.history for r in rows[1:])
    assert not any(r.history for r in Standings().add_all(SIX).table())


def test_games_out_of_date_order_keep_their_input_order_among_equal_dates() -> None:
    played = Played()
    for date in ("2024-05-02", "2024-05-01", None, "2024-05-02", "2024-05-01"):
        played.add(date, [("A", 1), ("B", 2)])
    assert not played.in_order
    assert list(played.order()) == [1, 4, 0, 3, 2]
    assert [seats[0] for seats in played.in_date_order()] == [("A", 1)] * 5


def test_a_trace_keeps_at_most_its_cap_and_the_last_point() -> None:
    trace = Trace(cap=4)
    for n in range(1, 21):
        trace.add(n, float(n))
        assert len(trace.numbers) <= 4
    # the person's games 1, 9, 17 (one in 8) and the last, 20
    assert trace.points() == [(1, 1.0), (9, 9.0), (17, 17.0), (20, 20.0)]
    assert trace.every == 8
    short = Trace(cap=4)
    for n in (3, 5, 8):
        short.add(n, n / 2)
    assert short.points() == [(3, 1.5), (5, 2.5), (8, 4.0)] and short.every == 1


def test_the_page_draws_a_long_line_through_some_games_and_says_so(
        monkeypatch: pytest.MonkeyPatch) -> None:
    extra("openskill", "KEYHARVEST_REQUIRE_STANDINGS", "pip install 'keyharvest[standings]'")
    from keyharvest.render.report import standings_page

    monkeypatch.setattr(Trace, "CAP", 2)
    table = Standings().add_all(SIX)
    rows = table.table(traced=10)
    ann = next(r for r in rows if r.who == "Ann")
    # Ann's games 1, 2, 4, 5 (in rating order): the first, one in 2 after it, the last
    assert [n for n, _ in ann.history] == [1, 4, 5] and ann.every == 2
    page = standings_page(rows, table.lines(rows)[-1])
    assert 'id="thinned"' in page and "Ann through one game in 2 of theirs and the last" in page
    assert page.count('data-person="Ann" data-mu="') == 1
