"""Shell completion (``keyharvest --install-completion``): the values of options, and
the answer to a Tab.

Each value function takes what has been typed of the value (``incomplete``) and returns
the values that could follow; they are declared in ``commands.py`` (``autocompletion=``)
and import what they need when called.

``answer`` answers the shell's Tab without Typer. Typer's answer builds the Click command
of the command line and each of its parameters with a pydantic check, some 100 ms of CPU
for one Tab; ``answer`` reads the same command line by the ``completion`` section of
``plain.json``, which ``makeplain`` writes from the Click command Typer builds of
``commands.py`` (every command's parameters, their names, help and how their values
complete), and gives what Typer's completion classes give (``typer._completion_classes``:
the same words and the same lines, for bash, zsh, fish and PowerShell), by the steps of
Click's ``ShellComplete.get_completions``. Where it reads anything with doubt (no table,
or a table of another ``commands.py``; a program name other than ``keyharvest``; an
option before the command, an option it does not know or one given as ``-p3``, ``-qv`` or
``--flag=x``; anything but ``complete_SHELL``), it returns None and Typer answers.
``tests/test_completion.py`` holds its answers to Typer's for many command lines in each
shell. The one difference is meant: the help beside a value is given as it is written, on
one line, where Typer renders it as rich markup (which drops ``[cluster]`` from "Needs
keyharvest[cluster]") and wraps it at 80 columns (a line break inside fish's line of a
value).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Mapping
from typing import Any

#: The files the commands read, offered beside folders (any file can still be typed).
_SUFFIXES = (".kh", ".toml")


def _colours() -> tuple[str, ...]:
    from ..model.catalogue import PLAYER_COLOURS

    return tuple(PLAYER_COLOURS)


def colour(incomplete: str) -> list[str]:
    """A player colour (``--start``, ``--player``)."""
    return [c for c in _colours() if c.startswith(incomplete.lower())]


def colours(incomplete: str) -> list[str]:
    """The colours of ``--players red,green,…``: the next colour after the commas, one
    not named yet (or a number of players)."""
    done, _, last = incomplete.rpartition(",")
    named = {c.strip().lower() for c in done.split(",") if c.strip()}
    head = f"{done}," if done else ""
    out = [head + c for c in _colours() if c not in named and c.startswith(last.lower())]
    if not done:
        out += [n for n in ("2", "3", "4") if n.startswith(last)]
    return out


def bot(incomplete: str) -> list[str]:
    """A bot of ``keyharvest.play.bots.BOTS``."""
    from ..play.bots import BOTS

    return [b for b in sorted(BOTS) if b.startswith(incomplete)]


def rule(incomplete: str) -> list[str]:
    """A section id of the rules (``keyharvest rules C.<Tab>``: C.1, C.2, ...), in the
    order of RULES.md."""
    from ..formats.rulebook import sections

    return [rule_id for rule_id in sections() if rule_id.startswith(incomplete)]


def point(incomplete: str) -> list[str]:
    """The words of a point (``--to``): start, end, turn T, turn T COLOUR."""
    words = incomplete.split(" ")
    if len(words) == 3 and words[0] == "turn" and words[1].isdigit():
        return [f"turn {words[1]} {c}" for c in colour(words[2])]
    return [w for w in ("start", "end", "turn ") if w.startswith(incomplete)]


def paths(incomplete: str) -> list[str]:
    """Records (.kh), positions and board files (.toml) under what has been typed, and
    ``-`` (standard input) when nothing has; or nothing at all when a folder matches, so
    that the shell completes the path itself, as it does for any command: a folder gets its
    ``/`` and no space after it, and the next Tab goes on inside it. (Typer's completion
    scripts fall back to the shell's own file completion when the program offers nothing:
    bash's ``complete -o default``, zsh's ``_files``, fish's default; an offered
    ``scenarios/`` would be taken as a finished word, with a space.)"""
    folder, _, stem = incomplete.rpartition("/")
    where = folder + "/" if folder else ""
    try:
        entries = sorted(os.scandir(folder or "."), key=lambda e: e.name)
    except OSError:
        return []
    out = ["-"] if not incomplete else []
    for entry in entries:
        if not entry.name.startswith(stem) or (entry.name.startswith(".") and not stem):
            continue
        try:
            is_dir = entry.is_dir()
        except OSError:
            continue
        if is_dir:
            return []
        if entry.name.lower().endswith(_SUFFIXES):
            out.append(where + entry.name)
    return out


def folder(incomplete: str) -> list[str]:
    """``-`` when nothing has been typed and no folder is there; else nothing, so that the
    shell completes the folder itself (``selfplay --out DIR``), as ``paths`` says."""
    return [p for p in paths(incomplete) if p == "-"]


# -- the answer to a Tab -----------------------------------------------------------------------
#: The shells of Typer's completion scripts, as their instruction names them
#: (``_KEYHARVEST_COMPLETE=complete_bash``).
SHELLS = ("bash", "zsh", "fish", "powershell", "pwsh")


def split_words(line: str) -> list[str]:
    """The words of ``line`` as a shell splits them, an open quote or a trailing backslash
    tolerated (the word so far is the last word): Click's ``split_arg_string``."""
    import shlex

    lex = shlex.shlex(line, posix=True)
    lex.whitespace_split = True
    lex.commenters = ""
    out: list[str] = []
    try:
        out.extend(lex)
    except ValueError:  # the end in a quote or after a backslash: the word so far
        out.append(lex.token)
    return out


def request(environ: Mapping[str, str] | None = None, prog: str | None = None
            ) -> tuple[str, list[str], str] | None:
    """What the shell asks: its name, the words typed in full after the program's name and
    the word under the cursor (``incomplete``), as Typer's completion classes read them from
    the variables their scripts set; None when it does not ask for completions of
    ``keyharvest`` (the name Click gives the program: ``sys.argv[0]``'s, unless it runs as
    ``python -m``; or ``prog``) or the variables do not say."""
    env = os.environ if environ is None else environ
    if prog is None:
        if getattr(sys.modules.get("__main__"), "__package__", None):
            return None  # python -m keyharvest: Click names it otherwise
        prog = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    if prog != "keyharvest":
        return None
    instruction, _, shell = env.get("_KEYHARVEST_COMPLETE", "").partition("_")
    if instruction != "complete" or shell not in SHELLS:
        return None
    if shell == "bash":
        if "COMP_WORDS" not in env or not env.get("COMP_CWORD", "").isdigit():
            return None
        words = split_words(env["COMP_WORDS"])
        cword = int(env["COMP_CWORD"])
        return shell, words[1:cword], words[cword] if cword < len(words) else ""
    line = env.get("_TYPER_COMPLETE_ARGS", "")
    words = split_words(line)[1:]
    if shell in ("zsh", "fish"):
        if words and not line.endswith(" "):
            return shell, words[:-1], words[-1]
        return shell, words, ""
    incomplete = env.get("_TYPER_COMPLETE_WORD_TO_COMPLETE", "")
    return shell, words[:-1] if incomplete else words, incomplete


def _given(params: list[dict[str, Any]], words: list[str]) -> set[str] | None:
    """The parameters the command line ``words`` gives (after the command's name), as
    Click's parser reads it with ``resilient_parsing``; None for one it may read otherwise
    (an option it does not know, ``-p3``, ``-qv``, ``--flag=x``)."""
    names = {n: p for p in params if p["kind"] == "option"
             for n in (*p["opts"], *p["secondary"])}
    given: set[str] = set()
    positional = 0
    rest = iter(words)
    for word in rest:
        if word == "--":
            positional += sum(1 for _ in rest)
            break
        if len(word) < 2 or word[0] != "-":
            positional += 1
            continue
        name, eq, _ = word.partition("=")
        param = names.get(name if eq and word.startswith("--") else word)
        if param is None or (eq and param["flag"]):
            return None
        if not param["flag"] and not eq and next(rest, None) is None:
            break  # its value not typed yet: Click's parser stops there
        given.add(param["name"])
    for param in params:
        if param["kind"] == "argument" and param["nargs"] == 1 and positional:
            given.add(param["name"])
            positional -= 1
    return given


def _values(param: dict[str, Any], incomplete: str) -> list[tuple[str, str | None]]:
    """The values of ``param`` that complete ``incomplete``, as Typer's
    ``shell_complete`` gives them."""
    how = param["values"]
    if how[0] == "function":
        offered = globals()[how[1]](incomplete)
        return [(v, None) for v in offered if v.startswith(incomplete)]
    if how[0] == "choices":
        if how[2]:
            return [(c, None) for c in how[1] if c.startswith(incomplete)]
        return [(c, None) for c in how[1] if c.lower().startswith(incomplete.lower())]
    return []


def completions(table: dict[str, Any], args: list[str], incomplete: str
                ) -> list[tuple[str, str | None]] | None:
    """The values (and their help) that complete ``incomplete`` after ``args`` (the words
    typed after the program's name), by the steps of Click's ``get_completions``
    (``_resolve_context``, ``_resolve_incomplete``, then the chosen object's
    ``shell_complete``); None for a command line to leave to Typer."""
    commands = table["commands"]
    if not args:
        params: list[dict[str, Any]] = table["params"]
        given: set[str] | None = set()
        group = True
    elif args[0] in commands:
        params = commands[args[0]]["params"]
        given = _given(params, args[1:])
        group = False
    else:  # an option before the command, or no such command
        return None
    if given is None:
        return None
    args = list(args)
    if incomplete == "=":
        incomplete = ""
    elif "=" in incomplete and incomplete[0] == "-":
        name, _, incomplete = incomplete.partition("=")
        args.append(name)
    if "--" in args or incomplete[:1] != "-":
        value = _value_of(params, args, given, incomplete)
        if value is not None:
            return value
    out: list[tuple[str, str | None]] = []
    if group:
        out += [(name, commands[name]["help"]) for name in table["order"]
                if name.startswith(incomplete)]
    if incomplete and not incomplete[0].isalnum():
        out += _option_names(params, given, incomplete)
    return out


def _value_of(params: list[dict[str, Any]], args: list[str], given: set[str],
              incomplete: str) -> list[tuple[str, str | None]] | None:
    """The values completing the value of the option just typed, or of the next
    argument; None when ``incomplete`` is neither."""
    last = args[-1] if args else ""
    for param in params:
        if (param["kind"] == "option" and not param["flag"] and last[:1] == "-"
                and last in param["opts"]):
            return _values(param, incomplete)
    for param in params:
        if param["kind"] == "argument" and (param["nargs"] == -1 or param["name"] not in given):
            return _values(param, incomplete)
    return None


def _option_names(params: list[dict[str, Any]], given: set[str], incomplete: str
                  ) -> list[tuple[str, str | None]]:
    """The names of the options (and their help) that complete ``incomplete``: those not
    given yet, unless they may be given again."""
    out: list[tuple[str, str | None]] = []
    for param in params:
        if (param["kind"] != "option" or param["hidden"]
                or (not param["multiple"] and param["name"] in given)):
            continue
        out += [(name, param["help"]) for name in (*param["opts"], *param["secondary"])
                if name.startswith(incomplete)]
    return out


#: What fish's line of a value has as a space (Typer's ``FishComplete``).
_WHITESPACE = re.compile(r"\s")


def _zsh_escape(text: str) -> str:
    return (text.replace('"', '""').replace("'", "''").replace("$", "\\$")
            .replace("`", "\\`").replace(":", r"\\:"))


def answer(environ: Mapping[str, str] | None = None, prog: str | None = None) -> int | None:
    """Answer the shell's Tab on stdout as Typer's completion classes do, and return the
    exit code; None when Typer is to answer it (see the module's text)."""
    asked = request(environ, prog)
    if asked is None:
        return None
    from .plain import table

    completion = table("completion")
    if completion is None:
        return None
    shell, args, incomplete = asked
    items = completions(completion, args, incomplete)
    if items is None:
        return None
    env = os.environ if environ is None else environ
    if shell == "bash":
        lines = [value for value, _ in items]
    elif shell == "zsh":
        lines = [f'"{_zsh_escape(v)}":"{_zsh_escape(h)}"' if h else f'"{_zsh_escape(v)}"'
                 for v, h in items]
        lines = ["_arguments '*: :((" + "\n".join(lines) + "))'"] if lines else ["_files"]
    elif shell == "fish":
        action = env.get("_TYPER_COMPLETE_FISH_ACTION", "")
        if action == "is-args":
            return 0 if items else 1
        lines = [f"{v}\t{_WHITESPACE.sub(' ', h)}" if h else v for v, h in items]
        if action != "get-args" or not lines:
            lines = [""]
    else:
        lines = [f"{v}:::{h if h else ' '}" for v, h in items]
    text = "\n".join(lines)
    sys.stdout.write(text + "\n")
    return 0
