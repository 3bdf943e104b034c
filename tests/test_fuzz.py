"""A bounded run of the fuzzer (benchmarks/fuzz.py) with a fixed seed: mutated and
grammar-generated records through what ``validate`` runs never crash, every bad one gets a
positioned diagnostic, and every valid one replays (the long run is by hand:
``python benchmarks/fuzz.py --seconds 600 --cli``)."""

from __future__ import annotations

import random
from pathlib import Path
from types import ModuleType

from scripts import load_script

FUZZ = Path(__file__).resolve().parent.parent / "benchmarks" / "fuzz.py"


def _fuzz() -> ModuleType:
    return load_script(FUZZ, "keyharvest_fuzz")


fuzz = _fuzz()


def test_a_bounded_fuzz_run_finds_nothing() -> None:
    found = fuzz.run(60.0, seed=20240, limit=700, corpus_size=6)
    assert found.crashes == [], fuzz.report(found, 0)
    assert found.inputs == 700
    assert found.valid > 10 and found.bad > 300  # both kinds of input were exercised
    rules = {k for k in found.kinds if k.startswith("rule[")}
    assert len(rules) >= 5, found.kinds  # illegal steps deep in games, not only typos


def test_the_command_line_agrees_with_the_library_when_it_has_validate(tmp_path: Path) -> None:
    if fuzz.cli_app() is None:
        return  # no `keyharvest validate` in this tree: the library path is what is fuzzed
    found = fuzz.Findings()
    rng = random.Random(5)
    texts = fuzz.corpus(3, 5)
    made = fuzz.inputs(rng, texts, fuzz.vocabulary(), fuzz.GrammarGenerator())
    for _ in range(40):
        _, data = next(made)
        fuzz.validate_cli(data, fuzz.validate(data, found), found, tmp_path)
    assert found.crashes == [], fuzz.report(found, 0)
    assert found.cli_runs == 40


def test_the_grammar_generator_writes_movetext_the_grammar_reads() -> None:
    from keyharvest.notation import parse_movetext

    gen = fuzz.GrammarGenerator()
    rng = random.Random(3)
    read = 0
    for _ in range(60):
        text = gen.movetext(rng, ["red", "green"])
        try:
            parse_movetext(text, players=("red", "green"))
        except fuzz.KeyHarvestError as exc:  # names and turn order are not the grammar's
            assert exc.span is not None
        else:
            read += 1
    assert read > 5


def test_hostile_front_matter_and_positions_find_nothing(tmp_path: Path, monkeypatch) -> None:
    """Every hostile front-matter line (board paths out of the folder, a planted in-folder
    board file holding a secret, look-alikes, deep nesting) in a record and in a
    position: positioned diagnostics, the secret never shown, the command line agrees."""
    fuzz.plant(tmp_path)
    monkeypatch.chdir(tmp_path)
    found = fuzz.Findings()
    record = fuzz.corpus(1, 0)[0]
    position = fuzz.position_corpus([record])[0]
    lines = record.split("\n")
    for hostile in fuzz.HOSTILE:
        key = hostile.split(" ", 1)[0]
        text = "\n".join([lines[0], hostile, *(x for x in lines[1:] if not x.startswith(
            key + " ="))])
        data = text.encode("utf-8")
        fuzz.validate_cli(data, fuzz.validate(data, found), found, tmp_path)
        table = "\n".join([hostile, *(x for x in position.split("\n") if not x.startswith(
            key + " ="))]).encode("utf-8")
        fuzz.validate_cli(table, fuzz.validate_position(table, found), found, tmp_path,
                          fuzz.POSITION_SOURCE)
    assert found.crashes == [], fuzz.report(found, 0)
    assert found.bad >= len(fuzz.HOSTILE)
    assert found.cli_runs == 2 * len(fuzz.HOSTILE)


def test_frame_stack_and_pending_mutants_are_refused_or_play_on() -> None:
    """Positions whose frame stack and ``pending`` are mutated together and apart: each is
    refused with a positioned diagnostic, or it plays on (``moves``, ``moves --all``, a
    few steps, now and then a search) without an internal error."""
    found = fuzz.Findings()
    rng = random.Random(50)
    positions = fuzz.position_corpus(fuzz.corpus(4, 50))
    assert any(text.count("[[stack]]") > 1 for text in positions)  # effects under way
    for _ in range(100):
        text = fuzz.stack_and_pending(rng.choice(positions), rng, [])
        fuzz.validate_position(text.encode("utf-8"), found)
    assert found.crashes == [], fuzz.report(found, 0)
    assert found.bad >= 30 and found.played_on >= 5, fuzz.report(found, 0)
