"""A plain command line of ``validate`` or ``selfplay`` read without Typer, by a table
generated from the one declaration of the command line.

Typer's share of a short run is most of its start-up: importing Typer and building the
Click command with a pydantic check for each option, some 470M instructions, more than
the rest of a ``validate ONE_FILE`` or a quarter of ``selfplay`` over 400 games. So the
console script first tries ``read`` on the command line: with the table
``keyharvest/cli/plain.json``, written by ``python -m keyharvest.cli.makeplain`` from the
Click command Typer builds of ``commands.py`` (``typer.main.get_command``), it reads the
plainest command lines (options it has, each once, values written plainly and in range,
the words that are not options) into the keyword arguments of the command's body, the
defaults of every option it was not given included, and ``run`` runs the body under the
same contract as the Typer command (``support.run_command``). Anything it does not read
without doubt (help, ``--cluster``, an option it does not know or given twice, a value out
of range or not plainly written, bundled short options, shell completion) it leaves to
Typer, which reads it and reports every usage error, as for every other command; so does a
usage error the body raises before it starts (a path that does not exist, an unknown bot):
Typer runs the command line again and reports it.

There is no second list of options to keep: the table is checked before use against the
SHA-256 of ``commands.py``, the declaration it was made from, and where they differ (an
option added and the table not written again) every command line goes to Typer, correct
and slower; ``tests/test_cli_plain.py`` says the table is due and holds what ``read``
makes of many command lines to what Typer hands the body.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

#: The table's file and format.
TABLE_FILE = "plain.json"
TABLE_FORMAT = 2
#: The kinds of option the table holds (anything else is left out of it: Typer reads it).
FLAG, TEXT, CHOICE, WHOLE = "flag", "text", "choice", "whole"
#: A whole number as ``read`` takes it: digits, no sign, no leading zero, no "_".
_DIGITS = frozenset("0123456789")
_MAX_DIGITS = 18


def declaration_digest() -> str:
    """The SHA-256 of ``commands.py``, the declaration the table is made from."""
    import hashlib

    text = Path(__file__).with_name("commands.py").read_bytes()
    return hashlib.sha256(text).hexdigest()


def table_path() -> Path:
    return Path(__file__).with_name(TABLE_FILE)


def load(text: str | None = None, section: str = "commands") -> dict[str, Any] | None:
    """A section of the table (``text``: its JSON, by default the file's): ``commands``,
    what ``read`` reads, or ``completion``, what ``complete.answer`` reads; None when there
    is no table that fits today's ``commands.py``."""
    import json

    try:
        if text is None:
            text = table_path().read_text(encoding="utf-8")
        document = json.loads(text)
    except (OSError, ValueError, RecursionError):
        return None
    if (not isinstance(document, dict) or document.get("format") != TABLE_FORMAT
            or document.get("declaration_sha256") != declaration_digest()):
        return None
    part = document.get(section)
    return part if isinstance(part, dict) else None


@cache
def table(section: str = "commands") -> dict[str, Any] | None:
    return load(section=section)


def read(args: Sequence[str], commands: dict[str, Any] | None = None
         ) -> tuple[str, dict[str, Any]] | None:
    """The command and every keyword argument of its body that the command line ``args``
    gives (the options it leaves out at their declared defaults), or None for a command
    line to leave to Typer (see the module's text)."""
    if commands is None:
        commands = table()
    if not commands or not args or args[0] not in commands:
        return None
    command = args[0]
    spec = commands[command]
    names: dict[str, list[Any]] = spec["options"]
    given: dict[str, Any] = {}
    words: list[str] = []
    rest = iter(args[1:])
    for word in rest:
        if word == "--":  # what follows is words, whatever they look like
            words.extend(rest)
            break
        if word == "-" or not word.startswith("-"):
            words.append(word)
            continue
        name, eq, attached = word.partition("=")
        if not name.startswith("--"):
            eq = attached = ""  # "-f=json": Click reads "=json" as the value; Typer decides
            name = word
        option = names.get(name)
        if option is None:
            return None  # help, an option the table leaves out, an unknown or bundled one
        param, kind, extra = option
        if param in given:
            return None  # given twice
        if kind == FLAG:
            if eq:
                return None
            given[param] = True
            continue
        value = attached if eq else next(rest, None)
        if value is None or not value or (value.startswith("-") and value != "-"):
            return None
        if kind == TEXT:
            given[param] = value
        elif kind == CHOICE:
            if value not in extra[0]:
                return None
            given[param] = value
        elif kind == WHOLE:
            if not set(value) <= _DIGITS or len(value) > _MAX_DIGITS or (
                    value[0] == "0" and len(value) > 1):
                return None
            number = int(value)
            low, high = extra
            if (low is not None and number < low) or (high is not None and number > high):
                return None
            given[param] = number
        else:
            return None
    argument = spec["argument"]
    if argument is None:
        if words:
            return None
    elif not words:
        return None
    else:
        given[argument] = words
    return command, {**spec["defaults"], **given}


def run(args: Sequence[str]) -> int | None:
    """Run the command line ``args`` without Typer, if ``read`` reads it, and return the
    exit code; None when Typer is to run it (``read`` leaves it, or the body raised a
    usage error before it started, which Typer reports when it runs the line again)."""
    from .support import completing, run_command

    if completing():
        return None  # shell completion: Typer's
    parsed = read(args)
    if parsed is None:
        return None
    command, given = parsed
    import importlib

    from . import inputs

    spec = table()[command]  # type: ignore[index]  # read read it
    module, _, name = spec["body"].partition(":")
    body = getattr(importlib.import_module(f"{__package__}.{module}"), name)
    for param, kind, extra in spec["options"].values():
        if kind == CHOICE and param in given:  # the declared enum's member, as Typer gives
            given[param] = getattr(inputs, extra[1])(given[param])
    try:
        return run_command(body, (), given)
    except Exception as exc:  # only usage errors pass run_command
        from .support import passes_through

        if passes_through(exc):
            return None
        raise
