"""Golden scenarios (scenarios/rules/): one short hand-written record per rule section of
RULES.md, each with the result the rules give written next to it (``NAME.expect.toml``):
either the facts of the table at the end of the record, or the diagnostic (rule id, line
and column) of the step the rules forbid. A scenario whose situation takes many turns to
reach (a stock or a bag that runs out) starts from a position instead of a setup: its
steps are in ``NAME.steps`` (movetext, turns numbered from 1) and the table they start
from in ``NAME.start.toml``. scenarios/rules/README.md describes the format.

The expectations were written from RULES.md, not from the engine's output: this test is
the independent check that the engine plays by the rules.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from keyharvest.errors import KeyHarvestError
from keyharvest.formats.diagnostics import Diagnostic, diagnose
from keyharvest.formats.positions import read_position
from keyharvest.formats.records import format_record, load_records, read_source, replay
from keyharvest.model.catalogue import CROPS
from keyharvest.model.state import State
from keyharvest.notation import Names, Where
from keyharvest.notation.movetext import read_movetext
from keyharvest.rules import advance_steps
from keyharvest.rules.scoring import score

RULES = Path(__file__).resolve().parent.parent / "scenarios" / "rules"
SCENARIOS = sorted([*RULES.glob("*.kh"), *RULES.glob("*.steps")])
#: The rule sections that must each have a scenario (RULES.md C-G and the events of E.3).
SECTIONS = ["C.1", "C.2", "C.3", "C.4", "C.5", "D.1", "D.2", "D.3", "D.4", "D.5", "E.1",
            "E.2", "F.1", "F.2", "F.3", "F.4", "G"] + [f"E.3.{e}" for e in "MNOPQRSTUVWXYZ"]


def expectation(path: Path) -> dict:
    return tomllib.loads(path.with_suffix(".expect.toml").read_text(encoding="utf-8"))


def words(value: str | list[str]) -> list[str]:
    return value.split() if isinstance(value, str) else list(value)


def crops(counts: list[int]) -> list[str]:
    return [c for c, k in zip(CROPS, counts) for _ in range(k)]


#: The rulings of RULES.md part I that change play: all but I.27 (what is hidden from
#: whom), I.29 (no event during setup: the setup's own shape), I.31 (captions repaired)
#: and I.32 (names), which decide nothing a record can show.
RULINGS = [f"I.{n}" for n in range(1, 56) if n not in (27, 29, 31, 32)]


def covered() -> set[str]:
    """The rules shown by some scenario: its ``rule``, and the rulings in its ``also``."""
    out: set[str] = set()
    for path in SCENARIOS:
        exp = expectation(path)
        out.add(exp["rule"])
        out.update(exp.get("also", []))
    return out


def test_every_rule_section_has_a_scenario() -> None:
    missing = [s for s in SECTIONS if s not in covered()]
    assert not missing, f"no golden scenario for {missing}"


def test_every_ruling_that_changes_play_has_a_scenario() -> None:
    missing = [s for s in RULINGS if s not in covered()]
    assert not missing, f"no golden scenario for {missing}"


def test_also_names_rulings() -> None:
    for path in SCENARIOS:
        also = expectation(path).get("also", [])
        known = set(RULINGS) | set(SECTIONS)
        assert isinstance(also, list) and all(a in known for a in also), path.name


def test_every_scenario_has_its_expectation() -> None:
    for path in SCENARIOS:
        exp = expectation(path)
        assert {"rule", "title"} <= exp.keys(), path.name
        assert ("error" in exp) != ("end" in exp), f"{path.name}: either [error] or [end]"


def check_player(state: State, colour: str, facts: dict) -> None:
    p = state.player(colour)
    where = f"{colour}: "
    for key, value in facts.items():
        if key == "tiles":
            assert sorted(p.tiles) == sorted(words(value)), where + key
        elif key == "harvested":
            assert sorted(r for r, h in p.tiles.items() if h) == sorted(words(value)), \
                where + key
        elif key == "workers":
            assert p.workers == value, where + key
        elif key == "crops":
            assert crops(p.screen) == sorted(words(value), key=CROPS.index), where + key
        elif key == "store":
            got = {it.tile: sorted(crops(it.bid)) for it in p.store}
            assert got == {t: sorted(words(b)) for t, b in value.items()}, where + key
        elif key == "supply":
            assert sorted(p.supply) == sorted(words(value)), where + key
        elif key == "score":
            assert score(state).of(colour).total == value, where + key
        elif key == "lines":
            got = [f"{ln.rule} {ln.item} {ln.points}" for ln in score(state).of(colour).lines]
            assert got == value, where + key
        else:  # pragma: no cover - a typo in an expectation file
            raise KeyError(f"unknown fact {key!r} for a player")


def check_table(state: State, facts: dict) -> None:
    for key, value in facts.items():
        if key == "pending":
            pend = state.pending
            got = pend.kind if pend.player is None else f"{pend.player}: {pend.kind}"
            assert got == value, key
        elif key == "result":
            assert state.result == value, key
        elif key == "turn":
            assert state.turn.number == value, key
        elif key == "track":
            assert state.track == words(value), key
        elif key in ("registry", "fallow", "town", "set_aside", "spent"):
            assert sorted(getattr(state, key)) == sorted(words(value)), key
        elif key == "bag_contains":
            assert set(words(value)) <= state.bag, key
        elif key == "bag_lacks":
            assert not set(words(value)) & state.bag, key
        elif key == "stock":
            for crop, n in value.items():
                assert state.stock[CROPS.index(crop)] == n, f"stock of {crop}"
        elif key == "end_countdown":
            assert state.end_countdown == value, key
        elif key == "steps":
            assert state.steps == value, key
        elif key == "winner":  # a colour, "draw" (G: tie-break 3) or "none" (not ended: I.55)
            sc = score(state)
            assert (sc.winner or ("draw" if sc.finished else "none")) == value, key
        elif key == "decided_by":
            assert score(state).decided_by == value, key
        elif key == "leading":  # the players with the most points, tie-breaks left aside
            assert list(score(state).leaders) == words(value), key
        else:  # pragma: no cover - a typo in an expectation file
            raise KeyError(f"unknown fact {key!r} for the table")


def test_every_steps_scenario_has_its_start() -> None:
    for path in RULES.glob("*.steps"):
        assert path.with_suffix(".start.toml").exists(), f"{path.name}: no NAME.start.toml"


def run_from_position(path: Path, exp: dict) -> None:
    """A scenario that starts from a position: NAME.start.toml, then the steps of NAME.steps
    (every answer written: no pass is filled in)."""
    start = read_position(path.with_suffix(".start.toml"))
    assert start.complete, f"{path.name}: the start position must be complete"
    assert start.problems == [], f"{path.name}: the start position breaks {start.problems}"
    state = start.state
    text = read_source(path)
    source = f"scenarios/rules/{path.name}"
    try:
        moves = read_movetext(text, Names(Where(source, 0), state.colours, state.board))
        advance_steps(state, moves.steps)
    except KeyHarvestError as exc:  # a notation error or an illegal step
        assert "error" in exp, diagnose(exc, text, source).format()
        check_error(exp["error"], diagnose(exc, text, source))
        return
    assert "error" not in exp, f"{path.name}: the steps are all legal"
    end = dict(exp["end"])
    players = {k: end.pop(k) for k in list(end) if k in state.colours}
    check_table(state, end)
    for colour, facts in players.items():
        check_player(state, colour, facts)


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_golden_scenario(path: Path) -> None:
    exp = expectation(path)
    if path.suffix == ".steps":
        run_from_position(path, exp)
        return
    text = read_source(path)
    source = f"scenarios/rules/{path.name}"
    try:
        (record,) = load_records(text, source)
    except KeyHarvestError as exc:
        assert "error" in exp, diagnose(exc, text, source).format()
        check_error(exp["error"], diagnose(exc, text, source))
        return
    done = replay(record)
    if "error" in exp:
        assert done.error is not None, f"{path.name}: the record is valid"
        check_error(exp["error"], diagnose(done.error, text, source))
        return
    assert done.error is None, diagnose(done.error, text, source).format()
    end = dict(exp["end"])
    players = {k: end.pop(k) for k in list(end) if k in record.players}
    check_table(done.state, end)
    for colour, facts in players.items():
        check_player(done.state, colour, facts)
    # a scenario reads back the same from its canonical form
    (again,) = load_records(format_record(record))
    assert again == record


def check_error(want: dict, got: Diagnostic) -> None:
    assert got.rule == want.get("rule"), got.format()
    line, column = (int(x) for x in want["at"].split(":"))
    assert (got.line, got.column) == (line, column), got.format()
    assert want.get("message", "") in got.message, got.format()
