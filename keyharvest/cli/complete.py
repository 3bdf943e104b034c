"""Shell completion of option values (``keyharvest --install-completion``).

Each function takes what has been typed of the value (``incomplete``) and returns the
values that could follow; Typer calls them while the shell asks for completions, never
when a command runs. They import what they need when called, so the command line's
start-up stays as cheap as before.
"""

from __future__ import annotations

import os

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
