"""The search bot's advice (issue 31): ``keyharvest hint`` (the best next steps, every
one legal where it is offered) and ``keyharvest analyse`` (each decision of a game, the
step played weighed against the search's best), and their library
(``keyharvest.play.advice``)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from cli_util import kh as run_kh

import keyharvest as kh
from keyharvest.formats.records import format_record, load_records, replay
from keyharvest.model.catalogue import CROPS
from keyharvest.notation import format_step, parse_step
from keyharvest.play import advice
from keyharvest.rules import is_legal, representative_steps

GAMES = Path(__file__).parent.parent / "scenarios" / "games"
FOUR = GAMES / "four-players.kh"


def _short(path: Path, steps: int) -> str:
    """The record of ``path`` cut after its first ``steps`` steps, as text."""
    record = load_records(path.read_text())[0]
    return format_record(dataclasses.replace(record, steps=record.steps[:steps]))


def test_every_hinted_step_is_legal_and_the_record_with_it_validates() -> None:
    done = run_kh("hint", FOUR, "--to", "60", "--budget", "30", "--top", "4", "-f", "json")
    assert done.code == 0, done
    hints, end = done.results(), done.summary()
    assert [h["type"] for h in hints] == ["hint"] * len(hints) and len(hints) >= 1
    assert len(hints) == max(4, end["about_equal"]) or len(hints) < 4
    assert end["step"] == 60 and end["hints"] == len(hints) and end["budget"] == 30
    assert end["simulations"] == 30 and end["expected_line"] == hints[0]["expected_line"]
    record = load_records(FOUR.read_text())[0]
    for h in hints:
        assert set(h) >= {"source", "game", "step", "move", "visits", "share", "win", "noise",
                          "margin", "expected_line"}
        assert (h["step"], h["game"]) == (60, 1)  # the point, as --to 60
        step = parse_step(h["move"])
        assert step.player == end["player"]  # type: ignore[attr-defined]
        longer = dataclasses.replace(record, steps=[*record.steps[:60], step])
        checked = run_kh("validate", "-", input=format_record(longer))
        assert checked.code == 0, (h, checked)
    assert 1 <= len(end["expected_line"]) <= 5
    assert end["expected_line"][0] == hints[0]["move"]


def test_a_hint_is_the_same_for_the_same_seed_and_budget() -> None:
    args = ["hint", FOUR, "--to", "turn 12", "--budget", "20", "-s", "4"]
    one, two = run_kh(*args), run_kh(*args)
    assert one.code == two.code == 0 and one.out == two.out
    lines = one.out.splitlines()
    assert " to move after step " in lines[0] and ", turn 12: 20 simulations" in lines[0]
    assert lines[1].split() == ["step", "share", "win", "noise", "margin"]
    assert lines[-2].startswith("expected line: ") and lines[-1].startswith(
        "expected points margin: ")


def test_the_library_hint_offers_legal_steps_of_the_player_to_move() -> None:
    state = kh.random_game(3, seed=8)
    found = advice.hint(state, budget=25, seed=1)
    assert found.found and all(is_legal(state, f.step) for f in found.found)
    assert found == advice.hint(state, budget=25, seed=1)
    assert found.simulations == sum(f.visits for f in found.found) == 25
    assert found.player == state.colours[state.current_player()]


def test_a_hint_over_jobs_is_the_same_for_the_same_seed_and_jobs() -> None:
    """Root parallelism: ``jobs`` searches of a part of the budget each, merged; the same
    seed and jobs give the same hint, and every simulation is counted once."""
    state = kh.random_game(2, seed=8)
    two = advice.hint(state, budget=13, seed=3, jobs=2)
    assert two == advice.hint(state, budget=13, seed=3, jobs=2)
    assert two.simulations == 13 == sum(f.visits for f in two.found)
    assert all(is_legal(state, f.step) for f in two.found)


def test_steps_within_the_noise_are_about_equal_and_none_is_called_best() -> None:
    """A near tie is said as one: steps whose wins differ by less than the noise of the
    difference are shown together (``Hint.equal``) and ``best`` names none of them; a
    step ahead beyond the noise is the one best."""
    from keyharvest.play.search import Searched

    a, b, c = (parse_step(t) for t in ("red: end", "red: harvest A1", "red: play A at A1"))
    sure = Searched(a, 400, 0.5, 0.62, 2.0, spread=0.01)
    close = Searched(b, 380, 0.45, 0.61, 1.8, spread=0.01)
    far = Searched(c, 20, 0.05, 0.30, -3.0, spread=0.01)
    assert sure.noise == pytest.approx(1.959964 * ((0.01 * 400 + 0.25) / 400 ** 2) ** 0.5)
    assert advice.about_equal(sure, close) and not advice.about_equal(sure, far)
    # once seen, a step is not certain: the noise of one simulation covers any value
    once = Searched(c, 1, 0.0025, 0.0, -5.0)
    assert once.noise > 0.9 and advice.about_equal(sure, once)
    # a real search at a tiny budget cannot tell its steps apart; a hint says so
    state = kh.random_game(2, seed=8)
    tiny = advice.hint(state, budget=6, seed=1)
    assert tiny.equal == len(tiny.found) > 1 and tiny.best is None


def test_the_noise_counts_the_spread_of_the_roots_values_once_more() -> None:
    """``Searched.noise``: one more simulation of ``pooled``, the variance of every value
    the root's simulations gave (all its steps together), in a search and in the merge of
    searches (``jobs``, ``search.merge``); not the 0.25 of the widest spread, which made
    the intervals several times wider than the values' spread from seed to seed."""
    state = kh.random_game(2, seed=8)
    for jobs in (1, 2):
        found = advice.hint(state, budget=40, seed=3, jobs=jobs).found
        n = sum(f.visits for f in found)
        mean = sum(f.win * f.visits for f in found) / n
        pooled = sum((f.spread + f.win ** 2) * f.visits for f in found) / n - mean ** 2
        assert all(f.pooled == pytest.approx(pooled) for f in found) and 0 < pooled < 0.25
        for f in found:
            assert f.noise == pytest.approx(
                1.959964 * ((f.spread * f.visits + pooled) / f.visits ** 2) ** 0.5)


@pytest.mark.parametrize(("args", "code", "words"), [
    (["--budget", "5", "--time", "1"], 2, "give --budget or --time, not both"),
    (["--to", "end"], 1, "no step to search at this point: the game is over (finished)"),
    (["--budget", "0"], 2, "--budget"),
])
def test_hint_refuses_what_it_cannot_search(args: list[str], code: int, words: str) -> None:
    done = run_kh("hint", FOUR, *args)
    assert done.code == code, done
    assert words in done.err and "Traceback" not in done.err


def test_analyse_weighs_each_decision_of_a_game() -> None:
    text = _short(GAMES / "two-players.kh", 40)
    done = run_kh("analyse", "-", "--budget", "6", "-f", "json", input=text)
    assert done.code == 0, done
    rows, end = done.results(), done.summary()
    record = load_records(text)[0]
    assert rows and end["decisions"] == len(rows)
    assert [r["step"] for r in rows] == sorted(r["step"] for r in rows)
    for r in rows:
        assert r["type"] == "decision"
        assert r["move"] == format_step(record.steps[r["step"]])  # the step after --to N
        assert r["loss"] == pytest.approx(max(0.0, r["best_win"] - r["win"]), abs=2e-4)
        beyond = r["loss"] > r["noise"]  # marked only beyond the search's noise
        assert r["mark"] == ("??" if beyond and r["loss"] >= advice.BLUNDER
                             else "?" if beyond and r["loss"] >= advice.MISTAKE else "")
        assert r["simulations"] == 6
    assert end["mistakes"] == sum(r["mark"] == "?" for r in rows)
    assert end["blunders"] == sum(r["mark"] == "??" for r in rows)
    worst = sorted((r for r in rows if r["loss"] > 0), key=lambda r: -r["loss"])[:3]
    assert end["largest"] == [r["step"] for r in worst]
    # a forced step (one legal step) and a draw are not decisions
    rep = replay(record, each=True)
    assert rep.states is not None
    chosen = {r["step"] for r in rows}
    for i in range(len(record.steps)):
        if i not in chosen:
            before = rep.states[i]
            assert before.current_player() < 0 or len(representative_steps(before)) == 1 or (
                i in {at for at, _ in rep.implied})


def test_analyse_of_one_player_and_the_text_table() -> None:
    text = _short(GAMES / "two-players.kh", 30)
    colour = load_records(text)[0].setup.players[1]
    done = run_kh("analyse", "-", "--budget", "3", "-P", colour, "-f", "json", input=text)
    assert done.code == 0 and {r["player"] for r in done.results()} == {colour}
    table = run_kh("analyse", "-", "--budget", "3", "-P", colour, input=text)
    assert table.code == 0
    lines = table.out.splitlines()
    assert lines[0].split()[:4] == ["--to", "turn", "player", "played"]
    assert len(lines) == 1 + len(done.results()) + 2
    assert lines[-2].startswith(f"{len(done.results())} decisions: ")
    assert lines[-1].startswith("largest losses: ") or "largest" not in lines[-1]
    # -q: the table alone, without the summary for people (as -q does elsewhere)
    quiet = run_kh("analyse", "-", "--budget", "3", "-P", colour, "-q", input=text)
    assert quiet.code == 0 and quiet.out.splitlines() == lines[:1 + len(done.results())]


def test_analyse_weighs_a_step_the_listing_leaves_out() -> None:
    """A bid of three crops is no representative the engine lists (bids of one and two
    crops): the search looks at it anyway, so its loss is measured."""
    state = kh.random_game(2, seed=5)
    player = state.colours[state.current_player()]
    held = [c for c, n in zip(CROPS, state.current.screen) for _ in range(n)]
    step = parse_step(f"{player}: offer {state.registry[0]} for {' '.join(held[:3])}")
    assert is_legal(state, step) and step not in representative_steps(state)
    decision = advice.weigh(0, state, step, budget=8, seed=2)
    assert decision.played.step == step and decision.played.visits >= 1
    assert decision.loss == max(0.0, decision.best.win - decision.played.win)


@pytest.mark.parametrize(("args", "code", "words"), [
    ([str(GAMES / "two-players.final.toml")], 1, "analyse goes over a record's steps"),
    ([str(FOUR), "-P", "purple"], 2, "'purple' does not play in this game"),
    ([str(FOUR), "--budget", "2", "--time", "1"], 2, "give --budget or --time, not both"),
])
def test_analyse_refuses_what_it_cannot_go_over(args: list[str], code: int,
                                                 words: str) -> None:
    done = run_kh("analyse", *args)
    assert done.code == code, done
    assert words in done.err and "Traceback" not in done.err


def test_the_help_gives_the_default_budget() -> None:
    """``hint`` and ``analyse`` say the advice's default (and its time), the bots' commands
    the bots' own."""
    from keyharvest.play.search import ADVICE_BUDGET, DEFAULT_BUDGET

    for command, said in (("hint", f"(default {ADVICE_BUDGET}, four times a bot's: some 1"),
                          ("analyse", f"(default {ADVICE_BUDGET}, four times a bot's: some 1"),
                          ("arena", f"(default {DEFAULT_BUDGET}: some 0.2"),
                          ("selfplay", f"(default {DEFAULT_BUDGET}: some 0.2")):
        page = run_kh(command, "--help")
        words = " ".join(page.out.split())  # the page's lines joined
        assert page.code == 0 and said in words, (command, words)


def test_the_summary_gives_the_budget_searched() -> None:
    """The JSON summary's ``budget`` is the simulations a decision searched for: the
    advice's default when no ``--budget`` is given (the ``simulations`` beside it), null
    with ``--time`` (no budget then)."""
    from keyharvest.play.search import ADVICE_BUDGET

    text = _short(GAMES / "two-players.kh", 12)
    default = run_kh("hint", "-", "-f", "json", input=text)
    assert default.code == 0, default
    assert default.summary()["budget"] == default.summary()["simulations"] == ADVICE_BUDGET
    timed = run_kh("hint", "-", "--time", "0.05", "-f", "json", input=text)
    assert timed.code == 0 and timed.summary()["budget"] is None, timed
    weighed = run_kh("analyse", "-", "--time", "0.01", "-f", "json",
                     input=_short(GAMES / "two-players.kh", 3))
    assert weighed.code == 0 and weighed.summary()["budget"] is None, weighed


class _Asked(Exception):
    """What ``test_advice_searches_longer_than_a_bot_by_default``'s spy raises."""


def test_advice_searches_longer_than_a_bot_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """``hint`` and ``weigh`` without a budget or a time search ``ADVICE_BUDGET``
    simulations (a budget or a time given is kept); the search bot's default stays
    ``DEFAULT_BUDGET``, four times fewer (what ``selfplay`` and ``arena`` play at)."""
    import random

    from keyharvest.play import bots, search

    assert search.ADVICE_BUDGET == 4 * search.DEFAULT_BUDGET
    record = load_records(_short(GAMES / "two-players.kh", 12))[0]
    index, state, step = advice.decisions(record)[0]
    asked: list[tuple[int | None, float | None]] = []

    def spy(*args: object, **kwargs: object) -> None:
        asked.append((args[4], args[5]))  # (budget, seconds): search.analyse's order
        raise _Asked

    monkeypatch.setattr(advice, "analyse", spy)
    for call in (lambda: advice.hint(state), lambda: advice.weigh(index, state, step),
                 lambda: advice.hint(state, budget=7), lambda: advice.hint(state, seconds=0.5)):
        with pytest.raises(_Asked):
            call()
    assert asked == [(search.ADVICE_BUDGET, None), (search.ADVICE_BUDGET, None), (7, None),
                     (None, 0.5)]
    monkeypatch.undo()
    counted: list[int] = []
    real = search.analyse

    def counting(*args: object, **kwargs: object) -> list[search.Searched]:
        found = real(*args, **kwargs)  # type: ignore[arg-type]
        counted.append(sum(s.visits for s in found))
        return found

    monkeypatch.setattr(search, "analyse", counting)
    bots.mcts(random.Random(1)).choose(state)  # the same decision, by the bot
    assert counted == [search.DEFAULT_BUDGET]


def test_one_numbering_of_points_for_hint_analyse_moves_replay_and_render(tmp_path) -> None:
    """``--to N`` is the point after step N in every command: ``analyse`` gives each
    decision's ``--to``, and there ``hint`` answers for the same player in the same turn,
    ``moves --all`` lists the step played, and ``replay`` and ``render`` show the table
    after step N."""
    text = _short(GAMES / "two-players.kh", 24)
    done = run_kh("analyse", "-", "--budget", "2", "-f", "json", input=text)
    assert done.code == 0, done
    row = done.results()[-1]
    to = str(row["step"])
    hinted = run_kh("hint", "-", "--to", to, "--budget", "2", "-f", "json", input=text)
    assert hinted.code == 0, hinted
    end = hinted.summary()
    assert (end["step"], end["player"], end["turn"]) == (row["step"], row["player"], row["turn"])
    listed = run_kh("moves", "-", "--to", to, "--all", input=text)
    assert listed.code == 0 and row["move"] in listed.out.splitlines()
    shown = run_kh("replay", "-", "--to", to, input=text)
    assert shown.code == 0 and f"after step {to} (turn {row['turn']})" in shown.out
    picture = tmp_path / "at.svg"
    drawn = run_kh("render", "-", "--to", to, "-o", str(picture), "-f", "json", input=text)
    assert drawn.code == 0 and drawn.objects()[0]["step"] == row["step"], drawn


def test_the_stability_benchmark_compares_seeds_and_a_larger_budget() -> None:
    """``benchmarks/stability.py`` (item 3's measure), one position at a tiny budget."""
    from scripts import load_script

    path = Path(__file__).resolve().parent.parent / "benchmarks" / "stability.py"
    stability = load_script(path, "keyharvest_stability")
    record = load_records((GAMES / "two-players.kh").read_text())[0]
    to = advice.decisions(record)[3][0]
    row = stability.measure(("two-players.kh", record, to, 4, 2))
    assert row["to"] == to and len(row["tops"]) == 3 and len(row["equal"]) == 3
    assert row["seeds_strict"] == (len(set(row["tops"])) == 1)
    assert row["large_strict"] == (row["large_top"] == row["tops"][0])
    # the same top for every seed is in every seed's about-equal steps (its own first)
    assert not row["seeds_strict"] or row["seeds_honest"]
    assert not row["large_strict"] or row["large_honest"]
    # every step two seeds tried is a pair; those outside the noise are some of them
    assert row["pairs"] >= 3 and 0 <= row["outside"] <= row["pairs"]
    # analyse's row for the decision, weighed at the same budget, against hint's answer
    weighed = advice.weigh(to, *advice.decisions(record)[3][1:], budget=4, seed=1)
    assert row["analyse_best"] == format_step(weighed.best.step)
    assert row["analyse_strict"] == (row["analyse_best"] == row["tops"][0])
    assert not row["analyse_strict"] or row["analyse_honest"]


def test_hint_and_analyse_over_jobs_give_the_same_answer_for_the_same_seed() -> None:
    """``hint --jobs N``: the same hint for the same seed and N, every simulation counted
    once; ``analyse --jobs N`` gives the decisions to N processes: the same lines as one."""
    args = ["hint", FOUR, "--to", "60", "--budget", "9", "-s", "2", "-j", "2", "-f", "json"]
    one, two = run_kh(*args), run_kh(*args)
    assert one.code == two.code == 0 and one.out == two.out, one
    end = one.summary()
    assert end["jobs"] == 2 and end["simulations"] == 9
    text = _short(GAMES / "two-players.kh", 16)
    alone = run_kh("analyse", "-", "--budget", "2", "-f", "json", input=text)
    shared = run_kh("analyse", "-", "--budget", "2", "-f", "json", "-j", "2", input=text)
    assert alone.code == shared.code == 0 and alone.out == shared.out, shared
    assert alone.results()


def test_the_worth_benchmark_fits_what_the_players_hold() -> None:
    """``benchmarks/worth.py`` (item 2's measured worths): its least squares solve a
    system whose answer is known, and a tiny fit of one greedy game a count fits every
    non-final position it looked at."""
    from scripts import load_script

    path = Path(__file__).resolve().parent.parent / "benchmarks" / "worth.py"
    worth = load_script(path, "keyharvest_worth")
    assert [round(x, 9) for x in worth.solve([[2.0, 1.0], [1.0, 3.0]], [5.0, 10.0])] == [1.0,
                                                                                     3.0]
    got = worth.fit(1, 46, 50)
    assert got["positions"] > 10 and got["games_each"] == 1
    assert all(isinstance(got[k], float) for k in ("crop", "store", "field", "r2"))


def test_the_lengths_benchmark_counts_finished_games_and_their_turns() -> None:
    """``benchmarks/lengths.py`` (item 2's finish counts): two greedy games of 2 players
    (the arena's deals of seed 46) both finish, and the median is that of the games'
    turns, each game's last turn as its record replays; a line a game as it ends."""
    import io
    import json

    from scripts import load_script

    path = Path(__file__).resolve().parent.parent / "benchmarks" / "lengths.py"
    lengths = load_script(path, "keyharvest_lengths")
    log = io.StringIO()
    got = lengths.lengths(["greedy", "greedy"], 2, 2, 46, None, 1, log)
    assert got["finished"] == 2 and got["games"] == 2 and got["players"] == 2
    turns = got["turns"]
    assert len(turns) == 2 and all(20 < t < 150 for t in turns)
    assert got["median_turns"] == (turns[0] + turns[1]) / 2
    each = [json.loads(line) for line in log.getvalue().splitlines()]
    assert [(g["game"], g["turns"], g["status"]) for g in each] == [
        (1, turns[0], "finished"), (2, turns[1], "finished")]
    later = lengths.lengths(["greedy", "greedy"], 2, 1, 46, None, 1, first=1)
    assert later["turns"] == [turns[1]] and later["first"] == 1  # a run in parts
