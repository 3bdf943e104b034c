"""A Tab answered without Typer (``complete.answer``, by the ``completion`` section of
``plain.json``) is Typer's answer: the same output and exit code for many command lines,
in bash, zsh, fish and PowerShell; a command line it cannot read without doubt is left to
Typer. The one meant difference: the help beside a value as written, where Typer renders
it as rich markup and wraps it (the comparison renders ours the same way first)."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest
import typer.main

from keyharvest.cli import commands, complete, plain

SCRIPT = Path(sys.executable).parent / "keyharvest"
GROUP = typer.main.get_command(commands.app)


def _env(shell: str, words: list[str], incomplete: str, fish: str = "get-args"
         ) -> dict[str, str]:
    """The variables Typer's script for ``shell`` sets for ``keyharvest WORDS INCOMPLETE``
    (the cursor at the end of the word being typed)."""
    env = {"_KEYHARVEST_COMPLETE": f"complete_{shell}"}
    quoted = [_quote(w) for w in ["keyharvest", *words]]
    if shell == "bash":
        env["COMP_WORDS"] = " ".join([*quoted, _quote(incomplete)] if incomplete else quoted
                                     + [""])
        env["COMP_CWORD"] = str(len(words) + 1)
    else:
        env["_TYPER_COMPLETE_ARGS"] = " ".join(quoted) + " " + _quote(incomplete) if (
            incomplete) else " ".join(quoted) + " "
        if shell == "fish":
            env["_TYPER_COMPLETE_FISH_ACTION"] = fish
        if shell in ("powershell", "pwsh"):
            env["_TYPER_COMPLETE_WORD_TO_COMPLETE"] = incomplete
    return env


def _quote(word: str) -> str:
    return f"'{word}'" if " " in word else word


def _typer(env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    """Typer's answer: the Click command it builds, asked as its script asks it."""
    with monkeypatch.context() as m:
        for key in [k for k in os.environ if k.endswith("_COMPLETE") or k.startswith(
                ("COMP_", "_TYPER_COMPLETE"))]:
            m.delenv(key)
        for key, value in env.items():
            m.setenv(key, value)
        out = io.StringIO()
        with redirect_stdout(out), pytest.raises(SystemExit) as exit_:
            GROUP.main(args=[], prog_name="keyharvest")
    code = exit_.value.code
    return (code if isinstance(code, int) else 0), out.getvalue()


def _ours(env: dict[str, str]) -> tuple[int, str] | None:
    out = io.StringIO()
    with redirect_stdout(out):
        code = complete.answer(env, prog="keyharvest")
    return None if code is None else (code, out.getvalue())


def _help_in_order(text: str) -> str:
    """``text`` with the names of the help option (Click lists them from a set, so in an
    order that changes from one process to the next) in one order."""
    head, tail = ("_arguments '*: :((", "))'") if text.startswith("_arguments") else ("", "")
    lines = text.removeprefix(head).removesuffix(f"{tail}\n").split("\n")
    at = [i for i, line in enumerate(lines) if re.match(r'"?(-h|--help)\b', line)]
    for i, line in zip(at, sorted(lines[i] for i in at), strict=True):
        lines[i] = line
    return head + "\n".join(lines) + (f"{tail}\n" if head else "")


def _same(shell: str, ours: tuple[int, str], typers: tuple[int, str]) -> bool:
    """Whether our answer is Typer's: the same, or (in the shells that show help) the same
    but for rich's rendering of the help in it (markup dropped, lines wrapped at 80)."""
    ours = ours[0], _help_in_order(ours[1])
    typers = typers[0], _help_in_order(typers[1])
    if ours == typers or shell == "bash" or ours[0] != typers[0]:
        return ours == typers
    from rich.text import Text

    rendered = " ".join(Text.from_markup(ours[1]).plain.split())
    explained = "[" in ours[1] or any(len(line) > 70 for line in ours[1].split("\n"))
    return explained and rendered == " ".join(typers[1].split())


def _lines() -> Iterator[tuple[list[str], str]]:
    """Command lines (the words typed, the word being typed) over every command."""
    table = plain.table("completion")
    assert table is not None, "run python -m keyharvest.cli.makeplain"
    for incomplete in ["", "r", "re", "s", "-", "--", "--v", "-V", "x"]:
        yield [], incomplete
    for name, spec in table["commands"].items():
        for incomplete in ["", "-", "--", "--f", "-f", "sc", "--=", "="]:
            yield [name], incomplete
        yield [name, "--", "-"], ""
        yield [name, "scenarios/games/four-players.kh"], ""
        yield [name, "scenarios/games/four-players.kh"], "-"
        yield [name, "-", "-"], "--"
        for param in spec["params"]:
            if param["kind"] != "option":
                continue
            opt = param["opts"][0]
            yield [name, opt], "-" if param["flag"] else ""
            if not param["flag"]:
                yield [name, opt], "t"
                yield [name, opt, "x"], "-"
                yield [name], f"{opt}="
                yield [name], f"{opt}=r" if opt.startswith("--") else opt
                yield [name, "--", opt], ""
                yield [name, f"{opt}=x" if opt.startswith("--") else opt, "x"], "--"
            else:
                yield [name, opt], "--"
    yield ["new", "--players"], "red,g"
    yield ["replay", "x.kh", "--to"], "turn 3 r"
    yield ["replay", "x.kh", "--to"], "turn "


SHELLS = ["bash", "zsh", "fish", "powershell"]


@pytest.mark.parametrize("shell", SHELLS)
def test_the_answer_is_typers(shell: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(Path(__file__).resolve().parents[1])
    answered = left = 0
    for words, incomplete in _lines():
        env = _env(shell, words, incomplete)
        ours = _ours(env)
        if ours is None:
            left += 1
            continue
        answered += 1
        typers = _typer(env, monkeypatch)
        assert _same(shell, ours, typers), (words, incomplete, ours, typers)
    assert answered > 20 * left, (answered, left)


@pytest.mark.parametrize("incomplete", ["", "-", "x"])
def test_fish_asks_whether_there_are_values(incomplete: str,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    for words in [[], ["new", "--players"], ["replay", "x.kh", "--format"], ["replay"]]:
        env = _env("fish", words, incomplete, fish="is-args")
        assert _ours(env) == _typer(env, monkeypatch), (words, incomplete)


@pytest.mark.parametrize("words, incomplete", [
    (["--version"], ""),               # an option before the command
    (["nosuch"], ""),                  # no such command
    (["new", "--nosuch"], ""),         # an option it does not know
    (["new", "-p3"], "-"),             # a value attached to a short option
    (["validate", "-qv"], "-"),        # short options bundled
    (["validate", "--quiet=1"], "-"),  # a flag given a value
])
def test_what_it_does_not_read_is_left_to_typer(words: list[str], incomplete: str) -> None:
    assert _ours(_env("bash", words, incomplete)) is None


def test_no_table_of_another_declaration_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    env = _env("bash", ["new", "--players"], "r")
    assert _ours(env) == (0, "red\n")
    monkeypatch.setattr(plain, "declaration_digest", lambda part: "0" * 64)
    plain.table.cache_clear()
    try:
        assert _ours(env) is None
    finally:
        monkeypatch.undo()
        plain.table.cache_clear()
    # a program of another name, or run as python -m: Click's variable is another one
    assert complete.answer(env, prog="python -m keyharvest") is None
    assert complete.request({"_KEYHARVEST_COMPLETE": "source_bash"}, "keyharvest") is None
    assert complete.request({"_KEYHARVEST_COMPLETE": "complete_tcsh"}, "keyharvest") is None


def test_words_split_as_click_splits_them() -> None:
    assert complete.split_words("keyharvest replay 'a b.kh' --to \"turn 3") == [
        "keyharvest", "replay", "a b.kh", "--to", "turn 3"]
    assert complete.split_words("keyharvest x\\") == ["keyharvest", "x"]


@pytest.mark.skipif(not SCRIPT.exists(), reason="needs the installed script")
def test_a_tab_does_not_import_typer() -> None:
    """The console script answers a Tab without importing Typer (or pydantic)."""
    env = {**os.environ, **_env("bash", ["new", "--players"], "r"),
           "PYTHONPROFILEIMPORTTIME": "1"}
    r = subprocess.run([str(SCRIPT)], env=env, capture_output=True, text=True, timeout=60,
                       check=False)
    assert (r.returncode, r.stdout) == (0, "red\n"), r
    imported = {line.split("|")[-1].strip() for line in r.stderr.splitlines()}
    assert "keyharvest.cli.complete" in imported
    assert not {m for m in imported if m.split(".")[0] in ("typer", "click", "pydantic")}


def _names(table: dict[str, Any]) -> list[str]:
    return list(table["order"])


def test_the_table_lists_the_commands_as_typer_does() -> None:
    table = plain.table("completion")
    assert table is not None
    with GROUP.make_context("keyharvest", [], resilient_parsing=True) as ctx:
        visible = [n for n in GROUP.list_commands(ctx)  # type: ignore[attr-defined]
                   if not GROUP.get_command(ctx, n).hidden]  # type: ignore[attr-defined,union-attr]
    assert _names(table) == visible
