"""Scoring (RULES.md G, I.24, I.25): itemised lines, totals, the winner and tie-breaks."""

from __future__ import annotations

from builders import table

from keyharvest.model.state import Result
from keyharvest.rules.scoring import Line, score


def lines(sc, colour: str) -> dict[str, Line]:
    return {line.item: line for line in sc.of(colour).lines}


def points(sc, colour: str) -> dict[str, int]:
    return {line.item: line.points for line in sc.of(colour).lines}


# -- G.1 workers --------------------------------------------------------------------------
def test_G1_each_worker_on_the_board_scores_its_number():
    s = table({"red": dict(tiles="B6", workers={"A6": "A", "C8": "F", "E2": "L"}),
               "green": dict(tiles="G1")})
    line = lines(score(s), "red")["workers"]
    assert line.rule == "G.1" and line.points == 1 + 3 + 5
    assert line.detail == "A(1) at A6, F(3) at C8, L(5) at E2"


def test_G1_workers_off_the_board_score_nothing():
    s = table({"red": dict(tiles="B6"), "green": dict(tiles="G1")})
    line = lines(score(s), "red")["workers"]
    assert line.points == 0 and line.detail == "no workers"


# -- G.2, G.3, I.24 groups ----------------------------------------------------------------
def test_G2_G3_largest_group_scores_once_and_second_largest_twice():
    # B6 B7 C6 is one group of 3 (one harvested); E2 E3 a group of 2; G8 a group of 1
    s = table({"red": dict(tiles="B6 B7 C6 E2 E3 G8", harvested="B7"),
               "green": dict(tiles="G1")})
    ls = lines(score(s), "red")
    assert (ls["largest group"].rule, ls["largest group"].points) == ("G.2", 3)
    assert ls["largest group"].tiles == ("B6", "B7", "C6")
    assert (ls["second group"].rule, ls["second group"].points) == ("G.3", 4)
    assert ls["second group"].tiles == ("E2", "E3")
    assert ls["second group"].detail == "2 tile(s) x2: E2 E3"
    assert score(s).of("red").total == 7  # the third group scores nothing


def test_G3_I24_two_groups_of_equal_size_score_once_and_twice():
    s = table({"red": dict(tiles="B6 B7 E2 E3"), "green": dict(tiles="G1")})
    p = points(score(s), "red")
    assert (p["largest group"], p["second group"]) == (2, 4)


def test_G3_I24_a_single_group_has_no_second():
    s = table({"red": dict(tiles="B6 B7 C6"), "green": dict(tiles="G1")})
    ls = lines(score(s), "red")
    assert ls["largest group"].points == 3
    assert ls["second group"].points == 0
    assert "no such group" in ls["second group"].detail


def test_G2_I24_no_field_tiles_scores_no_group():
    s = table({"red": dict(tiles=""), "green": dict(tiles="G1")})
    p = points(score(s), "red")
    assert (p["largest group"], p["second group"]) == (0, 0)


def test_G2_workers_do_not_connect_groups():
    # B6 and D6 would touch through C6, which holds a worker
    s = table({"red": dict(tiles="B6 D6", workers={"C6": "A"}), "green": dict(tiles="G1")})
    p = points(score(s), "red")
    assert (p["largest group"], p["second group"]) == (1, 2)


def test_G2_lonely_tiles_are_groups_of_one():
    s = table({"red": dict(tiles="A1 G8"), "green": dict(tiles="G1")})
    p = points(score(s), "red")
    assert (p["largest group"], p["second group"]) == (1, 2)


# -- G.4, I.25 majorities -------------------------------------------------------------------
def test_G4_strictly_the_most_of_a_crop_scores_1():
    s = table({"red": dict(tiles="B6", crops="wheat wheat hops"),
               "green": dict(tiles="G1", crops="wheat wine"),
               "yellow": dict(tiles="G8")})
    sc = score(s)
    red = lines(sc, "red")
    assert red["majority wheat"].points == 1 and red["majority wheat"].rule == "G.4"
    assert red["majority wheat"].detail == "2 wheat against at most 1"
    assert red["majority hops"].points == 1  # one against zeros is a majority
    assert "majority wine" in lines(sc, "green")
    assert not [k for k in lines(sc, "yellow") if k.startswith("majority")]


def test_G4_a_tie_for_the_most_scores_nothing():
    s = table({"red": dict(tiles="B6", crops="wheat wheat apples"),
               "green": dict(tiles="G1", crops="wheat wheat"),
               "yellow": dict(tiles="G8", crops="wheat")})
    sc = score(s)
    assert "majority wheat" not in lines(sc, "red")
    assert "majority wheat" not in lines(sc, "green")
    assert "majority apples" in lines(sc, "red")


def test_I25_a_crop_nobody_holds_scores_nothing():
    s = table({"red": dict(tiles="B6"), "green": dict(tiles="G1")})
    sc = score(s)
    for colour in ("red", "green"):
        assert not [k for k in lines(sc, colour) if k.startswith("majority")]


def test_G4_crops_in_bids_do_not_count():
    s = table({"red": dict(tiles="B6", crops="wheat", store={"C6": "wheat wheat"}),
               "green": dict(tiles="G1", crops="wheat wheat")})
    sc = score(s)
    assert "majority wheat" in lines(sc, "green")
    assert "majority wheat" not in lines(sc, "red")


# -- totals and the winner --------------------------------------------------------------------
def final(s):
    """A hand-written final table: marked finished, it has a winner (G, I.55)."""
    s.result = Result.FINISHED
    return s


def test_G_total_is_the_sum_of_the_lines_and_the_most_points_wins():
    s = table({"red": dict(tiles="B6 B7 C6 E2 E3", workers={"A6": "C"}, crops="wheat"),
               "green": dict(tiles="G1 G2", crops="hops hops")})
    sc = score(final(s))
    red = sc.of("red")
    assert red.total == sum(line.points for line in red.lines) == 2 + 3 + 4 + 1
    assert sc.of("green").total == 2 + 0 + 1
    assert sc.winner == "red" and sc.winners == ("red",) and sc.decided_by == "points"
    assert red.field_tiles == 5 and red.crops == 1


def test_G_tie_break_1_more_field_tiles_wins():
    # red: one group of 3 = 3; green: two lonely tiles = 1 + 2 = 3
    s = table({"red": dict(tiles="B6 B7 C6"), "green": dict(tiles="G1 G8")})
    sc = score(final(s))
    assert sc.of("red").total == sc.of("green").total == 3
    assert sc.winner == "red"
    assert sc.decided_by == "field tiles (tie-break 1)"


def test_G_tie_break_2_more_crops_wins():
    # 3 tiles and one majority each; red holds 2 crops, green 1
    s = table({"red": dict(tiles="B6 B7 C6", crops="wheat wheat"),
               "green": dict(tiles="E2 E3 E4", crops="hops")})
    sc = score(final(s))
    assert sc.of("red").total == sc.of("green").total == 4
    assert sc.winner == "red"
    assert sc.decided_by == "crops (tie-break 2)"


def test_G_still_tied_after_both_tie_breaks_is_a_draw():
    s = table({"red": dict(tiles="B6 B7 C6", crops="wheat"),
               "green": dict(tiles="E2 E3 E4", crops="hops"),
               "yellow": dict(tiles="G8")})
    sc = score(final(s))
    assert sc.of("red").total == sc.of("green").total == 4
    assert sc.winner is None
    assert sc.winners == ("red", "green")  # yellow, behind on points, is not in the draw
    assert sc.decided_by == "draw"


def test_G_tie_breaks_only_compare_the_players_tied_on_points():
    # yellow has the most field tiles but fewer points than red and green
    s = table({"red": dict(tiles="B6 B7 C6", crops="wheat wheat"),
               "green": dict(tiles="E2 E3 E4", crops="hops"),
               "yellow": dict(tiles="G1 G3 G5 G7")})
    sc = score(final(s))
    assert sc.of("yellow").total < sc.of("red").total
    assert sc.winner == "red"


def test_G_a_position_not_finished_is_scored_with_a_note():
    s = table({"red": dict(tiles="B6"), "green": dict(tiles="G1")})
    sc = score(s)
    assert sc.finished is False and sc.notes


def test_I55_a_game_not_ended_has_no_winner_only_standings():
    # red leads on points; the same table, finished, is red's win
    s = table({"red": dict(tiles="B6 B7 C6 E2 E3", workers={"A6": "C"}, crops="wheat"),
               "green": dict(tiles="G1 G2", crops="hops hops")})
    sc = score(s)
    assert sc.finished is False and "not finished" in sc.notes[0]
    assert sc.winner is None and sc.winners == () and sc.decided_by == ""
    assert sc.leaders == ("red",)
    assert [ps.total for ps in sc.players] == [10, 3]  # itemised as in G
    assert {line.rule for line in sc.of("red").lines} == {"G.1", "G.2", "G.3", "G.4"}
    won = score(final(s))
    assert won.finished and won.winner == "red" and won.leaders == ("red",)
    assert won.notes == ()


def test_I55_a_tie_before_the_end_is_no_draw_and_names_no_tie_break():
    s = table({"red": dict(tiles="B6 B7 C6", crops="wheat"),
               "green": dict(tiles="E2 E3 E4", crops="hops")})
    sc = score(s)
    assert sc.winners == () and sc.decided_by == "" and sc.leaders == ("red", "green")
    assert sc.ahead == ()  # everyone leads: nobody is ahead (the viewer marks no one)
    assert score(final(s)).decided_by == "draw"


def test_I55_a_game_stopped_at_the_turn_limit_has_no_winner():
    s = table({"red": dict(tiles="B6 B7 C6 E2 E3"), "green": dict(tiles="G1")})
    s.result = Result.UNFINISHED  # stopped by the technical limit (I.10)
    sc = score(s)
    assert sc.finished is False and sc.winner is None and sc.leaders == ("red",)
