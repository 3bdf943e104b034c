"""The README's Python examples run as written (issue 2: set up a seeded 3-player game, play
every action, reach the end and score)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.DOTALL)


def test_readme_has_python_examples() -> None:
    assert len(BLOCKS) >= 2


@pytest.mark.parametrize("code", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_readme_example_runs(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    if "import pyspiel" in code:  # the OpenSpiel example needs the extra keyharvest[openspiel]
        pytest.importorskip("pyspiel", reason="pip install 'keyharvest[openspiel]'")
    exec(compile(code, str(README), "exec"), {"__name__": "readme"})
    out = capsys.readouterr().out
    assert out.strip()


def test_readme_game_reaches_the_end_and_scores(capsys: pytest.CaptureFixture[str]) -> None:
    namespace: dict = {"__name__": "readme"}
    exec(compile(BLOCKS[0], str(README), "exec"), namespace)
    state, result = namespace["game"].state, namespace["result"]
    assert state.result == "finished"
    assert namespace["offered"].tile not in state.registry  # the offered tile was taken
    assert len(result.players) == 3
    for ps in result.players:
        assert ps.total == sum(line.points for line in ps.lines)
        assert {line.rule for line in ps.lines} >= {"G.1", "G.2", "G.3"}


def test_readme_shows_what_the_main_job_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    """The output shown under the main job's command is what it prints today."""
    from cli_util import kh

    text = README.read_text()
    shown = re.search(r"The main job prints this.*?```text\n(.*?)```", text, flags=re.DOTALL)
    assert shown is not None
    monkeypatch.chdir(README.parent)
    games = sorted(str(p.relative_to(README.parent))
                   for p in (README.parent / "scenarios" / "games").glob("*.kh"))
    validate = kh("validate", *games)
    score = kh("score", "scenarios/games/four-players.kh")
    assert validate.code == 0 and score.code == 0
    assert shown.group(1) == validate.out + score.out


def test_readme_links_work_outside_the_repository() -> None:
    """The README is read where relative links break (an index page, a package's page):
    every link is absolute or within the page."""
    links = re.findall(r"\]\(([^)\s]+)\)", README.read_text())
    relative = [t for t in links if not t.startswith(("https://", "http://", "#"))]
    assert not relative, relative


def test_readme_says_what_the_first_print_prints(capsys: pytest.CaptureFixture[str]) -> None:
    """The comment on the first example's first print is what it prints."""
    said = re.search(r"print\(game\.state\.pending\.describe\(\)\)\s+# '([^']*)'", BLOCKS[0])
    assert said is not None
    exec(compile(BLOCKS[0], str(README), "exec"), {"__name__": "readme"})
    assert capsys.readouterr().out.splitlines()[0] == said.group(1)


def test_readme_shows_what_the_collection_commands_print(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The examples of "A collection of games" on the shipped games: each ``$ keyharvest``
    line's output shown (stdout, then stderr) is what the command prints today. (Those on
    the self-play files, made by the command the section gives, are by hand: thousands of
    records.)"""
    import shlex

    from cli_util import kh

    text = README.read_text()
    section = re.search(r"### A collection of games.*?\n(?=#)", text, flags=re.DOTALL)
    assert section is not None
    monkeypatch.chdir(README.parent)
    checked = 0
    for block in re.findall(r"```\n(.*?)```", section.group(0), flags=re.DOTALL):
        for command, shown in re.findall(r"^\$ (keyharvest .*)\n((?:(?!\$ ).*\n)*)", block,
                                         flags=re.MULTILINE):
            if "scenarios/games" not in command or ">" in command or "|" in command:
                continue
            run = kh(*shlex.split(command)[1:])
            assert run.out + run.err == shown, command
            checked += 1
    assert checked >= 4
