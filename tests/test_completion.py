"""Shell completion (``keyharvest --install-completion`` / ``--show-completion``): the
scripts Typer generates for each shell, and the values the program offers when the shell
asks (colours, bots, points, files and folders)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cli_util import ROOT, kh

SCRIPT = Path(sys.executable).parent / "keyharvest"


def _program() -> list[str]:
    return [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "keyharvest"]


@pytest.mark.parametrize("shell, marker", [
    ("bash", "complete -o default -F _keyharvest_completion keyharvest"),
    ("zsh", "#compdef keyharvest"),
    ("fish", "complete --command keyharvest"),
])
def test_the_completion_script_of_each_shell(shell: str, marker: str) -> None:
    # Typer's switch that makes --show-completion take the shell's name instead of
    # detecting the shell it runs under
    env = {**os.environ, "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"}
    r = subprocess.run([*_program(), "--show-completion", shell], env=env,
                       capture_output=True, text=True, timeout=60, check=False)
    assert r.returncode == 0, r
    assert marker in r.stdout and "_KEYHARVEST_COMPLETE" in r.stdout


@pytest.mark.skipif(shutil.which("bash") is None or not SCRIPT.exists(),
                    reason="needs bash and the installed script")
def test_the_bash_script_completes_in_bash(tmp_path: Path) -> None:
    """The script ``--show-completion`` writes under bash, loaded into bash, completes a
    command line (here: the second colour of --players), as bash calls it on Tab."""
    code = ('eval "$(keyharvest --show-completion)"\n'
            "COMP_WORDS=(keyharvest new --players red,g); COMP_CWORD=3\n"
            "_keyharvest_completion keyharvest\n"
            'printf "%s\\n" "${COMPREPLY[@]}"\n')
    env = {**os.environ, "PATH": f"{SCRIPT.parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    r = subprocess.run(["bash", "-c", code], capture_output=True, text=True, timeout=60,
                       check=False, cwd=tmp_path, env=env)
    assert r.returncode == 0, r
    assert r.stdout.split() == ["red,green"], r


def test_help_offers_completion() -> None:
    out = kh("--help").out
    assert "--install-completion" in out and "--show-completion" in out


def _complete(cwd: Path, *words: str) -> list[str]:
    """What ``keyharvest WORDS<tab>`` offers in bash (the last word is being typed)."""
    env = {**os.environ, "_KEYHARVEST_COMPLETE": "complete_bash",
           "COMP_WORDS": " ".join(["keyharvest", *words]), "COMP_CWORD": str(len(words))}
    r = subprocess.run(_program(), env=env, cwd=cwd, capture_output=True, text=True,
                       timeout=60, check=False)
    assert r.returncode == 0 and r.stderr == "", r
    return r.stdout.split()


def test_completion_of_colours_bots_and_points(tmp_path: Path) -> None:
    assert _complete(tmp_path, "new", "--players", "red,g") == ["red,green"]
    assert _complete(tmp_path, "new", "--players", "") == [
        "brown", "green", "orange", "red", "yellow", "2", "3", "4"]
    assert _complete(tmp_path, "new", "--players", "red,") == [
        "red,brown", "red,green", "red,orange", "red,yellow"]  # not red twice
    assert _complete(tmp_path, "render", "x.kh", "--player", "o") == ["orange"]
    assert _complete(tmp_path, "new", "--start", "y") == ["yellow"]
    assert _complete(tmp_path, "selfplay", "--bot", "") == ["greedy", "mcts", "mcts-v1", "random"]
    assert _complete(tmp_path, "replay", "x.kh", "--to", "e") == ["end"]
    assert _complete(tmp_path, "rules", "C.") == ["C.1", "C.2", "C.3", "C.4", "C.5"]
    assert _complete(tmp_path, "rules", "I.5")[:2] == ["I.5", "I.50"]


def test_completion_of_files_and_folders(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "club.kh").write_text("")
    (tmp_path / "games" / "notes.txt").write_text("")
    (tmp_path / "final.toml").write_text("")
    # a folder matches: nothing offered, and the shell completes the path itself (a folder
    # with its / and no space), as the next test shows in bash
    assert _complete(tmp_path, "validate", "") == []
    assert _complete(tmp_path, "validate", "ga") == []
    assert _complete(tmp_path, "selfplay", "--out", "") == []
    # no folder matches: the records and positions only
    assert _complete(tmp_path, "validate", "games/") == ["games/club.kh"]
    assert _complete(tmp_path, "score", "fi") == ["final.toml"]
    assert _complete(ROOT, "board", "keyharvest/data/b") == ["keyharvest/data/board.toml"]
    (tmp_path / "empty").mkdir()
    assert _complete(tmp_path / "empty", "validate", "") == ["-"]
    assert _complete(tmp_path / "empty", "selfplay", "--out", "") == ["-"]


@pytest.mark.skipif(shutil.which("bash") is None or not SCRIPT.exists(),
                    reason="needs bash and the installed script")
def test_a_folder_completes_in_bash_with_its_slash_and_no_space(tmp_path: Path,
                                                                terminal: Callable[..., Any]
                                                                ) -> None:
    """Interactive bash, through the script ``--show-completion`` writes: ``replay scen``
    and a Tab give ``scenarios/`` with no space after it (readline's own completion of a
    folder, which the script's ``-o default`` falls back to), and a second Tab goes on
    inside it; a record completes as a finished word."""
    (tmp_path / "scenarios" / "games").mkdir(parents=True)
    (tmp_path / "scenarios" / "games" / "club.kh").write_text("")
    rc = tmp_path / "rc"
    rc.write_text(f'PS1="$ "\nPATH="{SCRIPT.parent}:$PATH"\n'
                  'eval "$(keyharvest --show-completion)"\n')
    env = {**os.environ, "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1", "TERM": "dumb"}
    shell = terminal("bash", ["--rcfile", str(rc), "-i"], cwd=str(tmp_path), env=env,
                     timeout=30)
    try:
        shell.expect_exact("$ ")
        shell.send("echo [keyharvest replay scen\t")
        shell.expect_exact("scenarios/")
        shell.send("g\t")  # no space came after the folder: the word goes on
        shell.expect_exact("games/")
        shell.send("c\t]\r")  # club.kh is a file: a space follows it
        shell.expect_exact("[keyharvest replay scenarios/games/club.kh ]")
    finally:
        shell.close(force=True)
