"""What may be written at a rule error (issue 14): ``formats.alternatives``.

The property: at many random refusals of random games, every alternative named parses
with the game's names (as written where the refused step's player speaks) and applies in
the state that refused the step; every refusal kind of RULES.md C-F gets at least one.
Then the help lines of the two mistakes of the issue, pasted into the record, make it
valid.
"""

from __future__ import annotations

import random

import pytest
from cli_util import TWO, kh

import keyharvest as kh_api
from keyharvest.errors import IllegalStep
from keyharvest.formats.alternatives import alternatives, help_line, waiting_words
from keyharvest.formats.records import load_record, replay
from keyharvest.model.catalogue import EVENT_LETTERS
from keyharvest.model.steps import Draw, EndTurn, Pass, Step
from keyharvest.notation import parse_step
from keyharvest.play.bots import RandomBot
from keyharvest.rules import advance, apply, representative_steps


def refusals(seed: int, players: int, tries: int = 3) -> list[tuple[kh_api.State, Step,
                                                                      IllegalStep]]:
    """Steps refused along a random game: steps legal elsewhere in the game, a pass or an
    end by whoever, draws of what the bag does not hold."""
    rng = random.Random(seed)
    bot = RandomBot(random.Random(seed + 1))
    state = kh_api.random_game(players, seed=seed, max_turns=80)
    seen: list[Step] = []
    out = []
    while not state.is_over and len(out) < 400:
        legal = representative_steps(state)
        seen.extend(rng.sample(legal, min(2, len(legal))))
        candidates = rng.sample(seen, min(tries, len(seen)))
        colour = rng.choice(state.colours)
        candidates += [Pass(colour), EndTurn(colour),
                       Draw(rng.choice([*state.board.references, *EVENT_LETTERS]))]
        for step in candidates:
            trial = state.copy()
            try:
                advance(trial, step)
            except IllegalStep as exc:
                out.append((state.copy(), step, exc))
        state = apply(state, bot.choose(state))
    return out


def speaker_of(state: kh_api.State, step: Step) -> str:
    return getattr(step, "player", None) or state.pending.player or state.current.colour


@pytest.mark.parametrize("seed, players", [(1, 2), (2, 3), (3, 4), (4, 4), (5, 3)])
def test_every_alternative_parses_and_applies_where_the_step_was_refused(
        seed: int, players: int) -> None:
    kinds: set[str] = set()
    found = refusals(seed, players)
    assert len(found) > 100
    for state, step, exc in found:
        named = alternatives(state, step)
        assert named, (str(step), exc.rule)
        assert len(named) <= 5 and len(set(named)) == len(named)
        speaker = speaker_of(state, step)
        for text in named:
            parsed = parse_step(text, speaker, players=state.colours, board=state.board)
            apply(state, parsed)  # raises IllegalStep if it does not apply
        kinds.add(exc.rule[0])
        assert waiting_words(state)
    assert kinds >= {"C", "D", "F"}, kinds


def test_refusals_of_every_part_of_rules_c_to_f_get_alternatives() -> None:
    by_part: dict[str, int] = {}
    for seed, players in [(11, 4), (12, 3), (13, 4), (14, 2), (15, 4), (16, 3)]:
        for state, step, exc in refusals(seed, players, tries=4):
            part = exc.rule[0]
            named = alternatives(state, step)
            speaker = speaker_of(state, step)
            for text in named:
                apply(state, parse_step(text, speaker, players=state.colours,
                                               board=state.board))
            if named:
                by_part[part] = by_part.get(part, 0) + 1
    assert {"C", "D", "E", "F"} <= set(by_part), by_part


def test_the_same_kind_and_the_same_tile_come_first() -> None:
    for state, step, _ in refusals(21, 3):
        named = alternatives(state, step)
        legal_kinds = {type(s) for s in representative_steps(state)}
        if type(step) in legal_kinds and type(step) is not Pass:
            speaker = speaker_of(state, step)
            first = parse_step(named[0], speaker, players=state.colours, board=state.board)
            assert type(first) is type(step), (str(step), named)


def test_a_refused_text_is_helped_too() -> None:
    state = kh_api.random_game(2, seed=3)
    named = alternatives(state, "harvst B6")  # not even a step: the nearest by its words
    assert named and all(isinstance(t, str) for t in named)
    assert alternatives(state, None)


# -- the two mistakes of the issue, from the command line ---------------------------------------
TWO_TEXT = TWO.read_text(encoding="utf-8")
NO_CHOICE = ("4. red: play A at E4; pass; harvest F4", "4. red: play A at E4")
NO_DRAW = ("1. green: offer B8 for hops wine; draw F7; play A at A5",
           "1. green: offer B8 for hops wine; play A at A5")


def test_an_apprentice_waiting_for_its_harvest_says_what_to_write(tmp_path) -> None:
    bad = tmp_path / "game.kh"
    bad.write_text(TWO_TEXT.replace(*NO_CHOICE), encoding="utf-8")
    r = kh("validate", bad)
    assert r.code == 1
    assert ("= help: red's Apprentice at E4 waits for its harvest: write 'harvest F4' or "
            "'pass' after 'play A at E4'") in r.err
    j = kh("validate", bad, "--format", "json").results()[0]["diagnostics"][0]
    assert j["rule"] == "D.3" and j["alternatives"] == ["harvest F4", "pass"]
    for fix in j["alternatives"]:  # pasted after 'play A at E4', each one applies there
        good = tmp_path / "fixed.kh"
        good.write_text(TWO_TEXT.replace(*NO_CHOICE).replace(
            NO_CHOICE[1], f"{NO_CHOICE[1]}; {fix}"), encoding="utf-8")
        done = replay(load_record(good.read_text(encoding="utf-8")))
        assert done.error is None or done.error.span.line > 25
    # and the first one is what the players did: the record is valid again
    good.write_text(TWO_TEXT.replace(*NO_CHOICE).replace(
        NO_CHOICE[1], f"{NO_CHOICE[1]}; {j['alternatives'][0]}"), encoding="utf-8")
    assert kh("validate", good).code == 0


def test_a_missing_draw_says_to_write_a_draw_and_where_to_look(tmp_path) -> None:
    bad = tmp_path / "game.kh"
    bad.write_text(TWO_TEXT.replace(*NO_DRAW), encoding="utf-8")
    r = kh("validate", bad)
    assert r.code == 1
    # (issue 48: the draw left out is named where it goes, with the tile the rest of the
    # record needs)
    assert "error[F.1]: a draw seems to be missing after 'offer B8 for hops wine'" in r.err
    assert "= help: write 'draw F7' after 'offer B8 for hops wine'" in r.err
    moves = kh("moves", bad, "--to", "1").out.split("\n")
    assert "draw F7" in moves
    fixed = tmp_path / "fixed.kh"
    fixed.write_text(TWO_TEXT.replace(*NO_DRAW).replace(
        NO_DRAW[1], "1. green: offer B8 for hops wine; draw F7; play A at A5"), encoding="utf-8")
    assert kh("validate", fixed).code == 0


def test_help_line_waits_in_words() -> None:
    record = load_record(TWO_TEXT.replace(*NO_CHOICE))
    done = replay(record)
    assert done.error is not None
    text, named = help_line(done.state, done.error.step, after=record.steps[done.applied - 1])
    assert text == ("red's Apprentice at E4 waits for its harvest: write 'harvest F4' or "
                    "'pass' after 'play A at E4'")
    assert named == ["harvest F4", "pass"]
    assert done.error.alternatives == ("harvest F4", "pass")
