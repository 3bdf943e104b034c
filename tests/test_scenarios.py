"""The example games of scenarios/: every record replays to the end of the game and gives
its golden final position and score; the examples are what scenarios/generate.py writes
today (if the rules changed, run `python scenarios/generate.py` and commit the result)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from scripts import load_script

from keyharvest.formats.positions import dump_position, read_position
from keyharvest.formats.records import format_record, load_records, read_source, replay
from keyharvest.rules.scoring import score

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
GAMES = sorted((SCENARIOS / "games").glob("*.kh"))
POSITIONS = sorted((SCENARIOS / "positions").glob("*.toml"))


def _generator() -> ModuleType:
    return load_script(SCENARIOS / "generate.py", "generate")


def test_there_are_games_of_two_three_and_four_players() -> None:
    sizes = {len(r.players) for path in GAMES for r in load_records(read_source(path))}
    assert sizes == {2, 3, 4}


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_a_game_replays_to_the_end_and_scores(path: Path) -> None:
    text = read_source(path)
    for record in load_records(text, str(path)):
        done = replay(record)
        assert done.error is None, f"{path}: {done.error} (run python scenarios/generate.py)"
        assert done.finished
        assert format_record(record) == text  # the examples are in canonical form
        final = path.with_suffix(".final.toml")
        if final.exists():
            assert dump_position(done.state) == final.read_text()
        sc = score(done.state)
        assert sc.finished and sc.winners
        golden = path.with_suffix(".score.txt")
        if golden.exists():
            assert _generator().score_text(done.state) == golden.read_text()


@pytest.mark.parametrize("path", POSITIONS, ids=[p.stem for p in POSITIONS])
def test_a_position_loads_and_scores(path: Path) -> None:
    pos = read_position(path)
    assert pos.problems == []
    assert score(pos.state).players


def test_the_examples_are_up_to_date(tmp_path: Path) -> None:
    gen = _generator()
    for name, (players, seed) in gen.GAMES.items():
        gen.generate(name, players, seed, tmp_path)
        for suffix in (".kh", ".final.toml", ".score.txt"):
            got = (tmp_path / f"{name}{suffix}").read_text()
            want = (SCENARIOS / "games" / f"{name}{suffix}").read_text()
            assert got == want, f"{name}{suffix} is stale: run python scenarios/generate.py"
