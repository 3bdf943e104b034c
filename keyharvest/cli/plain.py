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

There is no second list of options to keep: each part of the table (a command's, and the
completion's, which ``complete.answer`` reads) is keyed to what it is made from, the
declaration of that command in ``commands.py`` (``declaration_digest``): its statement and
those of the names it uses (the shared options, ``command``, ``app``), comments and layout
left out. A comment changes no key; an option added to ``hint`` changes the completion's
and no command's read here. Where a key differs, that part is not used (Typer reads the
command line, correct and slower) and one line on stderr says so and what to run, as the
parser tables do; ``tests/test_cli_plain.py`` and CI (``makeplain --check``) say the table
is due and hold what ``read`` makes of many command lines to what Typer hands the body.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any

#: The table's file and format.
TABLE_FILE = "plain.json"
TABLE_FORMAT = 3
#: The part of the table shell completion reads (the others are the commands').
COMPLETION = "completion"
#: The kinds of option the table holds (anything else is left out of it: Typer reads it).
FLAG, TEXT, CHOICE, WHOLE = "flag", "text", "choice", "whole"
#: A whole number as ``read`` takes it: digits, no sign, no leading zero, no "_".
_DIGITS = frozenset("0123456789")
_MAX_DIGITS = 18


# -- the key: a command's declaration, comments and layout left out ----------------------
#: In Python source: a run of plain text, a string (kept whole), a comment (left out).
_PIECE = re.compile(r"""
    [^"'\#]+                                      # plain text
  | \"\"\"[\s\S]*?\"\"\" | \'\'\'[\s\S]*?\'\'\'           # a string, long
  | "(?:\\.|[^"\\\n])*" | '(?:\\.|[^'\\\n])*'        # or short
  | \#[^\n]*                                     # a comment
  | .""", re.DOTALL | re.VERBOSE)
#: A statement of the module begins a line and is no closing bracket (as ruff writes them).
_STATEMENT = re.compile(r"\n+(?=[^\s)\]}])")
#: What a statement defines: an import's names, a function's or class's (after its
#: decorators), an assignment's target.
_DEFINES = re.compile(r"(?:from \S+ )?import \(?([\w\s,]+)"
                      r"|(?:@.*?\n)*(?:class|def) (\w+)|(\w+) ?[:=]", re.DOTALL)
_NAME = re.compile(r"[A-Za-z_]\w*")
#: A space that says nothing: one beside anything but a letter, digit or "_".
_SPACE = re.compile(r" (?=\W)|(?<=\W) ")
_MARK = re.compile(r"\x00(\d+)\x00")
_PREFIX = re.compile(r"(?<!\w)[rRbBuUfF]{1,2}$")


def _statements(source: str) -> tuple[list[str], list[str]]:
    """The statements of the module ``source``, comments left out and each string a mark
    (``\\x00N\\x00``), and the strings."""
    strings: list[str] = []
    parts: list[str] = []
    for piece in _PIECE.findall(source):
        if piece[:1] == "#":
            continue
        if piece[:1] in "\"'" and len(piece) > 1:
            prefix = _PREFIX.search(parts[-1]) if parts else None
            if prefix:  # f"...": the prefix is the string's
                parts[-1] = parts[-1][:prefix.start()]
                piece = prefix[0] + piece
            strings.append(piece)
            piece = f"\x00{len(strings) - 1}\x00"
        parts.append(piece)
    texts: list[str] = []
    decorated = False  # the last text is decorators, to go with what they decorate
    for text in _STATEMENT.split("".join(parts)):
        if decorated:
            texts[-1] += "\n" + text
        elif text.strip():
            texts.append(text)
        decorated = text.startswith("@")
    return texts, strings


def _defines(text: str) -> list[str]:
    found = _DEFINES.match(text)
    if found is None:
        return []
    if found[1] is not None:
        return [n.split()[-1] for n in found[1].split(",") if n.strip()]
    return [found[2] or found[3]]


def _uses(text: str, strings: list[str]) -> set[str]:
    names = set(_NAME.findall(text))
    for n in _MARK.findall(text):  # the names an f-string uses
        if strings[int(n)][:1] in "fF":
            names.update(_NAME.findall(" ".join(re.findall(r"\{([^{}]*)\}", strings[int(n)]))))
    return names


def commands_source() -> str:
    """The text of ``commands.py``, the declaration."""
    return Path(__file__).with_name("commands.py").read_text(encoding="utf-8")


@cache
def _declaration() -> tuple[list[str], list[str]]:
    try:
        return _statements(commands_source())
    except (OSError, ValueError):
        return [], []


def declaration_digest(part: str, source: str | None = None) -> str | None:
    """The key of a part of the table: the SHA-256 of the declaration it is made from, in
    ``commands.py`` (``source``: its text): for a command, the statement that declares it
    and those that define the names it uses, and theirs; for ``COMPLETION``, those of
    every command and of the app's own options (every decorated statement). Comments are
    left out, and spaces and line ends but those between two words. None when nothing
    declares ``part``."""
    import hashlib

    texts, strings = _declaration() if source is None else _statements(source)
    where: dict[str, list[int]] = {}
    for i, text in enumerate(texts):
        for name in _defines(text):
            where.setdefault(name, []).append(i)
    todo = [i for i, text in enumerate(texts) if text.startswith("@")
            and (part == COMPLETION or part in _defines(text))]
    wanted = set(todo)
    while todo:
        for name in _uses(texts[todo.pop()], strings):
            for i in where.get(name, ()):
                if i not in wanted:
                    wanted.add(i)
                    todo.append(i)
    if not wanted:
        return None
    digest = hashlib.sha256()
    for i in sorted(wanted):
        bare = _SPACE.sub("", " ".join(texts[i].split()))
        digest.update(_MARK.sub(lambda m: strings[int(m[1])], bare).encode("utf-8") + b"\n")
        digest.update(_imported_constants(texts[i]).encode("utf-8"))
    return digest.hexdigest()


def _imported_constants(text: str) -> str:
    """For an import of constants from another module of the package (the bounds of
    ``play.bounds``, ``max=MAX_GAMES``), their values: a change of one changes the key of
    every part that uses it. Empty for any other statement."""
    found = re.match(r"from (\.+)(\w+(?:\.\w+)*) import", text)
    names = [n for n in _defines(text) if n.isupper()] if found else []
    if not found or not names:
        return ""
    import importlib

    package = __name__.rsplit(".", len(found[1]))[0]
    module = importlib.import_module(f"{package}.{found[2]}")
    return "".join(f"{n}={getattr(module, n)!r}\n" for n in names)


# -- the table -----------------------------------------------------------------------------
def table_path() -> Path:
    return Path(__file__).with_name(TABLE_FILE)


def load(text: str | None = None) -> dict[str, Any] | None:
    """The table (``text``: its JSON, by default the file's), whatever it was made from;
    None when there is none of this format."""
    import json

    try:
        if text is None:
            text = table_path().read_text(encoding="utf-8")
        document = json.loads(text)
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(document, dict) or document.get("format") != TABLE_FORMAT:
        return None
    return document


def fitting(document: dict[str, Any] | None, part: str) -> dict[str, Any] | None:
    """The ``part`` of the table ``document`` (a command, or ``COMPLETION``) when it fits
    today's declaration of it; None when there is none. A part that does not fit is said
    on stderr, with what to run."""
    if document is None:
        return None
    found = (document.get(COMPLETION) if part == COMPLETION
             else document.get("commands", {}).get(part))
    if not isinstance(found, dict):
        return None
    if found.get("declared") != declaration_digest(part):
        what = "Tab completion" if part == COMPLETION else f"the command line of {part}"
        print(f"keyharvest: warning: {TABLE_FILE} does not fit the declaration in commands.py "
              f"(run python -m keyharvest.cli.makeplain); Typer reads {what}, slower",
              file=sys.stderr)
        return None
    return found


@cache
def table(part: str) -> dict[str, Any] | None:
    """The ``part`` of the file's table that fits today's declaration (``fitting``)."""
    return fitting(load(), part)


# -- reading a command line ----------------------------------------------------------------
def read(args: Sequence[str]) -> tuple[str, dict[str, Any]] | None:
    """The command and every keyword argument of its body that the command line ``args``
    gives (the options it leaves out at their declared defaults), or None for a command
    line to leave to Typer (see the module's text)."""
    document = load()
    if document is None or not args or args[0] not in document.get("commands", {}):
        return None
    spec = table(args[0])
    if spec is None:
        return None
    given, words = {}, []  # type: ignore[var-annotated]
    rest = iter(args[1:])
    for word in rest:
        if word == "--":  # what follows is words, whatever they look like
            words.extend(rest)
            break
        if word == "-" or not word.startswith("-"):
            words.append(word)
        elif not _option(spec["options"], word, rest, given):
            return None  # help, an option the table leaves out, unknown, bundled, twice
    argument = spec["argument"]
    if (argument is None) == bool(words):
        return None
    if argument is not None:
        given[argument] = words
    return args[0], {**spec["defaults"], **given}


def _option(names: dict[str, list[Any]], word: str, rest: Iterator[str],
            given: dict[str, Any]) -> bool:
    """Read the option ``word`` (and its value, from ``rest``) into ``given``; False for
    one to leave to Typer."""
    name, eq, attached = word.partition("=")
    if not name.startswith("--"):
        eq = attached = ""  # "-f=json": Click reads "=json" as the value; Typer decides
        name = word
    option = names.get(name)
    if option is None or option[0] in given:
        return False
    param, kind, extra = option
    if kind == FLAG:
        given[param] = True
        return not eq
    value = attached if eq else next(rest, None)
    if value is None or not value or (value.startswith("-") and value != "-"):
        return False
    read = _value(kind, extra, value)
    given[param] = read
    return read is not None


def _value(kind: str, extra: Any, value: str) -> Any:
    """The value ``value`` of an option of ``kind``, or None if it is not read plainly."""
    if kind == TEXT:
        return value
    if kind == CHOICE:
        return value if value in extra[0] else None
    if kind == WHOLE:
        if not set(value) <= _DIGITS or len(value) > _MAX_DIGITS or (
                value[0] == "0" and len(value) > 1):
            return None
        number, (low, high) = int(value), extra
        if (low is not None and number < low) or (high is not None and number > high):
            return None
        return number
    return None


def run(args: Sequence[str]) -> int | None:
    """Run the command line ``args`` without Typer, if ``read`` reads it, and return the
    exit code; None when Typer is to run it (``read`` leaves it, or the body raised a
    usage error before it started, which Typer reports when it runs the line again)."""
    from .support import completing, passes_through, run_command

    if completing():
        return None  # shell completion: Typer's
    parsed = read(args)
    if parsed is None:
        return None
    command, given = parsed
    import importlib

    from . import inputs

    spec = table(command)
    assert spec is not None  # read read it
    module, _, name = spec["body"].partition(":")
    body = getattr(importlib.import_module(f"{__package__}.{module}"), name)
    for param, kind, extra in spec["options"].values():
        if kind == CHOICE and param in given:  # the declared enum's member, as Typer gives
            given[param] = getattr(inputs, extra[1])(given[param])
    try:
        return run_command(body, (), given)
    except Exception as exc:  # only usage errors pass run_command
        if passes_through(exc):
            return None
        raise
