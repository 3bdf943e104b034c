"""Recording a game live (keyharvest.play.live and ``keyharvest record``).

The library is tested directly; the command is driven through a pseudo-terminal with
pexpect, as a person types at it: mistakes, Tab completion, undo, and a kill in the middle.
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cli_util import kh as run_cli

import keyharvest as kh
from keyharvest.formats.records import format_record, load_record
from keyharvest.formats.template import new_record
from keyharvest.model.steps import EndTurn, Pass
from keyharvest.notation import parse_step
from keyharvest.play.bots import RandomBot
from keyharvest.play.live import LiveRecord


class Saved:
    """The texts saved, in order."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def __call__(self, text: str) -> None:
        self.texts.append(text)


def fresh(seed: int = 3, players=("red", "green")) -> tuple[LiveRecord, Saved]:
    saved = Saved()
    return LiveRecord(new_record(list(players), seed=seed), saved), saved


def typed_lines(seed: int, turns: int, players=("red", "green")) -> list[str]:
    """What a player types for ``turns`` turns of a random game: one line per turn, its
    steps joined by ';', leaving out the passes the recorder answers by itself."""
    live, _ = fresh(seed, players)
    bot = RandomBot(random.Random(seed))
    lines: list[str] = []
    current: list[str] = []
    while not live.over and len(lines) < turns:
        step = bot.choose(live.state)
        text = live._written(step, live.state)
        done = live.enter(text)
        assert done.refusal is None, (text, done.refusal)
        current.append(text)
        if isinstance(step, EndTurn):
            lines.append("; ".join(current))
            current = []
    if current:
        lines.append("; ".join(current))
    return lines


# -- the library --------------------------------------------------------------------------
def test_each_step_taken_is_saved_at_once_in_canonical_form() -> None:
    live, saved = fresh()
    moves = live.moves()
    assert "end" in moves
    first = next(m for m in moves if m.startswith("harvest"))
    done = live.enter(first)
    assert done.refusal is None and [s for s, _ in done.steps] == [parse_step(first, "red")]
    assert saved.texts, "nothing was saved"
    text = saved.texts[-1]
    record = load_record(text)
    assert record.steps == live.record.steps
    assert format_record(record) == text  # fmt --check clean


def test_several_steps_on_a_line_and_a_refusal_keeps_the_rest() -> None:
    live, saved = fresh()
    harvest = next(m for m in live.moves() if m.startswith("harvest"))
    done = live.enter(f"{harvest}; buy Z9 from green; end")
    assert len(done.steps) == 1
    refusal = done.refusal
    assert refusal is not None
    assert refusal.rest == "buy Z9 from green; end"
    assert "Z9" in refusal.diagnostic.message
    assert len(saved.texts) == 1  # the harvest, and nothing after the refusal


def test_every_alternative_offered_parses_and_applies() -> None:
    rng = random.Random(11)
    checked = 0
    for seed in range(6):
        live, _ = fresh(seed)
        bot = RandomBot(random.Random(seed))
        for _ in range(60):
            if live.over:
                break
            wrong = rng.choice(["end", "pass", "draw A1", "harvest A1", "buy B2 from red",
                                "play A at D6", "offer C7 for wheat"])
            before = len(live.record.steps)
            state = live.state.copy()
            done = live.enter(wrong)
            if done.refusal is not None:
                assert len(live.record.steps) == before
                assert 1 <= len(done.refusal.alternatives) <= 5
                for alt in done.refusal.alternatives:
                    player = None if state.is_over else state.pending.player
                    step = parse_step(alt, player, players=live.record.players,
                                      board=live.board)
                    assert kh.Game(state).is_legal(step), alt
                    checked += 1
            else:
                live.undo() if len(live.record.steps) > before else None
            live.enter(live._written(bot.choose(live.state), live.state))
    assert checked > 50


def _to_a_forced_pass(seed: int, players: tuple[str, ...]) -> tuple[LiveRecord, str, Pass]:
    """A live record of a random game just before a step after which the recorder answers
    a pass for a player (I.37), that step as typed, and the pass answered."""
    live, _ = fresh(seed, players)
    bot = RandomBot(random.Random(seed))
    while not live.over:
        text = live._written(bot.choose(live.state), live.state)
        forced = [s for s, f in live.enter(text).steps if f]
        if forced and isinstance(forced[0], Pass):
            live.undo()  # the step and the passes answered after it
            return live, text, forced[0]
    raise AssertionError("no forced pass in the game")


@pytest.mark.parametrize(("seed", "players"), [(2, ("red", "green", "yellow")),
                                               (6, ("red", "green", "yellow"))])
def test_a_typed_forced_pass_is_taken_as_the_pass_answered(seed: int,
                                                           players: tuple[str, ...]) -> None:
    # issue 29, item 5: validate accepts the pass written; so does the recorder (I.37)
    live, text, answered = _to_a_forced_pass(seed, players)
    typed = answered.player if answered.player != live.speaker() else ""
    pass_text = f"{typed}: pass" if typed else "pass"
    before = len(live.record.steps)
    done = live.enter(f"{text}; {pass_text}")
    assert done.refusal is None, done.refusal
    assert done.claimed == [answered]
    assert len(live.record.steps) == before + len(done.steps)  # the pass once, not twice
    assert run_cli("validate", "-", input=live.text()).code == 0
    # a second pass typed is no longer the answered one: refused as before
    again = live.enter(pass_text)
    assert again.refusal is not None and again.claimed == []


def test_each_example_of_the_help_text_is_accepted_at_some_point_of_a_game() -> None:
    from keyharvest.cli.record import HELP
    from keyharvest.errors import KeyHarvestError
    from keyharvest.formats.records import start_state
    from keyharvest.rules import advance

    block = HELP.split("\n", 1)[1].split("\nSeveral", 1)[0]
    examples = [e.strip() for line in block.splitlines()
                for e in re.split(r"\s{2,}", line.strip()) if e and not e.startswith("(")]
    assert "buy B7 from green" in examples and len(examples) == 7
    found: set[str] = set()
    for seed in range(60):
        record = new_record(["red", "green"], seed=seed)
        state = start_state(record)
        bot = RandomBot(random.Random(seed))
        while not state.is_over and len(found) < len(examples):
            for example in set(examples) - found:
                trial = state.copy()
                try:
                    for item in example.split(";"):
                        player = None if trial.is_over else trial.pending.player
                        advance(trial, parse_step(item, player, players=record.players,
                                               board=trial.board))
                except KeyHarvestError:
                    continue
                found.add(example)
            advance(state, bot.choose(state))
        if len(found) == len(examples):
            break
    assert found == set(examples)


def test_a_refused_step_gets_the_same_help_as_validate_gives_it() -> None:
    # issue 48, item 2: one help-line builder; the recorder had words of its own
    # ("waiting for red to use the ability of worker A or pass: write ...")
    live = LiveRecord(new_record(["red", "green"], seed=3), lambda text: None)
    done = live.enter("play A at D6; end")
    assert done.refusal is not None
    typed = done.refusal.diagnostic.hint
    assert typed == ("red's Apprentice at D6 waits for its harvest: write 'harvest E6' or "
                     "'pass' after 'play A at D6'")
    assert "= help: " + typed in done.refusal.diagnostic.format()
    assert done.refusal.alternatives == ["harvest E6", "pass"]
    written = live.text().rstrip("\n") + "; end\n"
    result = run_cli("validate", "-", input=written)
    assert result.code == 1 and "= help: " + typed in result.err, result.err


def test_undo_takes_back_the_last_step_and_the_passes_answered_for_it() -> None:
    live, saved = fresh()
    start = format_record(live.record)
    harvest = next(m for m in live.moves() if m.startswith("harvest"))
    live.enter(harvest)
    assert live.undo() == [parse_step(harvest, "red")]
    assert saved.texts[-1] == start
    assert live.undo() == []


def test_undo_of_a_step_takes_the_passes_answered_after_it() -> None:
    for seed in range(12):
        lines = typed_lines(seed, 40)
        live, _ = fresh(seed)
        for line in lines:
            before = list(live.record.steps)
            done = live.enter(line)
            assert done.refusal is None
            if any(forced for _, forced in done.steps):
                assert all(isinstance(s, Pass) for s, f in done.steps if f)
                last_typed = max(i for i, (_, f) in enumerate(done.steps) if not f)
                live.undo()
                kept = before + [s for s, _ in done.steps[:last_typed]]
                assert live.record.steps == kept
                assert live.forced == [False] * len(before) + [
                    f for _, f in done.steps[:last_typed]]
                return
    pytest.fail("no forced pass in 12 games of 40 turns")


def test_completion_goes_word_by_word() -> None:
    live, _ = fresh()
    words = live.completions("har")
    assert words == ["harvest"]
    tiles = live.completions("harvest ")
    assert tiles and all(re.fullmatch(r"harvest [A-G][0-9]+", t) for t in tiles)
    assert live.completions("zzz") == []
    # after a step on the same line, completion is for the state after it
    harvest = next(m for m in live.moves() if m.startswith("harvest"))
    after = live.completions(f"{harvest}; ")
    assert "end" in after and not any(a.startswith("harvest") for a in after)  # C.1: once


def test_resuming_a_record_that_does_not_replay_is_refused_with_the_rule() -> None:
    live, saved = fresh()
    text = format_record(live.record) + "1. red: buy Z9 from green\n"
    with pytest.raises(kh.KeyHarvestError):
        LiveRecord(load_record(text), saved)


# -- the command --------------------------------------------------------------------------
pexpect = pytest.importorskip("pexpect")
pytest.importorskip("prompt_toolkit")

ENV = {**os.environ, "NO_COLOR": "1", "PROMPT_TOOLKIT_NO_CPR": "1", "TERM": "xterm",
       "PYTHONDONTWRITEBYTECODE": "1"}
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]")


def painted(word: str) -> str:
    """A pattern of ``word`` as the terminal receives it: prompt_toolkit may repaint between
    any two of its letters (``har`` then ``vest``, with cursor codes between)."""
    return "(?:\x1b\\[[0-9;?]*[A-Za-z])*".join(map(re.escape, word))


class Typist:
    """``keyharvest record`` in a pseudo-terminal (the fixture ``terminal`` starts it)."""

    def __init__(self, terminal: Callable[..., Any], *args: str) -> None:
        self.child = terminal(sys.executable, ["-m", "keyharvest", "record", *args],
                              env=ENV, timeout=90, dimensions=(50, 200))
        self.seen = ""

    def wait(self, pattern: str) -> str:
        self.child.expect(pattern)
        text = ANSI.sub("", self.child.before + self.child.after).replace("\r", "")
        self.seen += text
        return text

    def prompt(self) -> str:
        return self.wait(r"\[step \d+ · turn \d+\][^\n]*\n[^\n]*[a-z]+>")

    def line(self, text: str) -> str:
        self.child.send(text + "\r")
        return self.prompt()


def test_a_game_typed_with_mistakes_completion_and_undo(tmp_path: Path,
                                                       terminal: Callable[..., Any]) -> None:
    path = tmp_path / "club.kh"
    t = Typist(terminal, str(path), "--players", "red,green", "--seed", "3")
    t.prompt()
    assert path.exists() and run_cli("validate", str(path)).code == 0
    # a mistake: a crop typo; the help line says what may be written (as validate says
    # it), the line comes back
    shown = t.line("offer B4 for wheet")
    assert "unknown crop 'wheet'" in shown and "= help: did you mean 'wheat'?" in shown
    t.child.send("\x15")  # Ctrl-U clears the line given back for editing
    # completion: 'har' + Tab becomes 'harvest'; a second Tab offers the tiles
    t.child.send("har\t")
    t.wait(painted("harvest"))
    t.child.send(" A\t")
    t.wait(painted("A") + r"\d")
    shown = t.line("")
    assert re.search(r"red: harvest A\d", shown)
    record = load_record(path.read_text(encoding="utf-8"))
    assert len(record.steps) == 1
    # undo takes it back, in the file too
    shown = t.line("undo")
    assert "undone: red: harvest" in shown
    assert load_record(path.read_text(encoding="utf-8")).steps == []
    # about twenty turns, each checked and saved at once
    for n, text in enumerate(typed_lines(3, 20), 1):
        t.line(text)
        saved = path.read_text(encoding="utf-8")
        assert run_cli("validate", str(path)).code == 0, (n, text)
        assert run_cli("fmt", "--check", str(path)).code == 0
        assert format_record(load_record(saved)) == saved
    shown = t.line("score")
    assert shown.count("leading:") + shown.count("winner:") + shown.count("draw between") == 1
    t.child.send("quit\r")
    t.child.expect(pexpect.EOF)
    t.child.close()
    assert t.child.exitstatus == 0
    assert len(load_record(path.read_text(encoding="utf-8")).steps) > 40


def test_a_kill_at_any_moment_leaves_a_record_that_validates_and_resumes(
        tmp_path: Path, terminal: Callable[..., Any]) -> None:
    path = tmp_path / "killed.kh"
    t = Typist(terminal, str(path), "--players", "red,green,yellow", "--seed", "8")
    t.prompt()
    lines = typed_lines(8, 6, ("red", "green", "yellow"))
    for text in lines[:4]:
        t.line(text)
    t.child.send(lines[4] + "\r")  # killed while it takes this line
    t.child.kill(signal.SIGKILL)
    t.child.close()
    assert run_cli("validate", str(path)).code == 0
    assert run_cli("fmt", "--check", str(path)).code == 0
    kept = load_record(path.read_text(encoding="utf-8")).steps
    assert len(kept) >= sum(len(x.split(";")) for x in lines[:4])
    # resume: the same command goes on from where it stopped (issue 48: it was a usage
    # error, though the README says to run the same command again)
    t2 = Typist(terminal, str(path), "--players", "red,green,yellow", "--seed", "8")
    shown = t2.prompt()
    assert f"({len(kept)} steps so far)" in t2.seen
    assert "[step" in shown
    t2.child.send("quit\r")
    t2.child.expect(pexpect.EOF)
    assert load_record(path.read_text(encoding="utf-8")).steps == kept


def test_not_a_terminal_is_refused_politely(tmp_path: Path) -> None:
    r = subprocess.run([sys.executable, "-m", "keyharvest", "record", str(tmp_path / "x.kh"),
                        "--players", "2"], input=b"end\n", capture_output=True, env=ENV,
                       check=False)
    assert r.returncode == 2
    assert b"keyharvest validate -" in r.stderr and b"Traceback" not in r.stderr
    assert not (tmp_path / "x.kh").exists()


def test_without_prompt_toolkit_the_message_says_what_to_install(tmp_path: Path) -> None:
    code = ("import sys; sys.modules['prompt_toolkit'] = None\n"
            "from keyharvest.cli import main\n"
            f"sys.argv = ['keyharvest', 'record', {str(tmp_path / 'x.kh')!r}, '-p', '2']\n"
            "main()\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, env=ENV, check=False)
    assert r.returncode == 2
    assert b"pip install 'keyharvest[record]'" in r.stderr


def test_a_new_record_needs_players_or_a_setup_and_an_old_one_neither(tmp_path: Path) -> None:
    missing = run_cli("record", str(tmp_path / "none.kh"))
    assert missing.code == 2
    existing = tmp_path / "old.kh"
    existing.write_text(format_record(new_record(["red", "green"], seed=1)), encoding="utf-8")
    again = run_cli("record", str(existing), "--players", "2")
    assert again.code == 2
    assert f"{existing} exists and is another game: its players are red, green, not " \
        "brown, green." in " ".join(again.err.split())
    other = run_cli("record", str(existing), "--players", "red,green", "--seed", "2")
    assert other.code == 2 and "it was dealt with seed 1, not 2" in other.err


def test_a_setup_taken_from_another_record(tmp_path: Path, terminal: Callable[..., Any]) -> None:
    source = tmp_path / "dealt.kh"
    source.write_text(format_record(new_record(["red", "green"], seed=4)), encoding="utf-8")
    path = tmp_path / "copy.kh"
    t = Typist(terminal, str(path), "--setup", str(source))
    t.prompt()
    assert "legend:" in t.line("board")
    shown = t.line("board green")
    assert "green:" in shown and "legend" not in shown
    assert "no player 'blue'" in t.line("board blue")
    assert re.search(r"\n  end\n", t.line("moves"))
    assert "Commands:" in t.line("help")
    t.child.send("\x1b[A")  # history: the arrow up brings back the last line
    assert "help" in t.line("")
    t.child.send("quit\r")
    t.child.expect(pexpect.EOF)
    assert load_record(path.read_text(encoding="utf-8")).setup == load_record(
        source.read_text(encoding="utf-8")).setup


def test_the_command_that_started_a_record_resumes_it_and_another_is_named() -> None:
    # issue 48, item 4: 'keyharvest record FILE --players ... --seed ...' run again
    from keyharvest.formats.template import differences

    record = new_record(["red", "green"], seed=5)
    assert differences(record, ("red", "green"), seed=5) == []
    assert differences(record, ("red", "green")) == []  # (no seed given: not compared)
    assert differences(record, ("red", "yellow"), seed=5) == [
        "its players are red, green, not red, yellow"]
    assert differences(record, ("red", "green"), seed=6) == ["it was dealt with seed 5, not 6"]
    other = "green" if record.setup.start == "red" else "red"
    assert differences(record, ("red", "green"), seed=5, start=other) == [
        f"its start player is {record.setup.start}, not {other}"]
    record.setup = new_record(["red", "green"], seed=7).setup  # the setup changed by hand
    assert differences(record, ("red", "green"), seed=5) == [
        "its setup is not the one seed 5 deals (changed by hand?)"]
