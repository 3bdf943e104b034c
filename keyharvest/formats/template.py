"""A new game record to fill in at the table: a dealt setup and an empty movetext.

``new_record(players, seed=...)`` deals a setup (RULES.md B) with ``random.Random(seed)``
and returns it as a ``Record`` whose movetext is only a comment saying how to go on. The
seed is written in the record's metadata (``[meta] seed``), so that the same command deals
the same setup again; without a seed a random one is chosen (and written).
"""

from __future__ import annotations

import dataclasses
import random
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import whole
from ..model.board import Board
from ..model.catalogue import PLAYER_COLOURS
from ..notation import Comment
from .records import Record, record_from_game

#: The largest seed ``new_record`` picks by itself.
SEED_RANGE = 2**32


def parse_players(text: str) -> tuple[str, ...]:
    """The colours of ``"red,green,yellow"`` (commas or spaces), or the first ``N``
    colours for a number ``N``. Raises ``ValueError`` with a message for the user."""
    words = text.replace(",", " ").lower().split()
    if len(words) == 1 and words[0].isdigit():
        n = whole(words[0], "the number of players")
        if not 2 <= n <= 4:
            raise ValueError(f"Key Harvest is for 2 to 4 players, not {n}")
        return tuple(PLAYER_COLOURS[:n])
    for w in words:
        if w not in PLAYER_COLOURS:
            from .tomltext import key_hint

            hint = key_hint(w, PLAYER_COLOURS)
            raise ValueError(f"unknown player {w!r}: players are colours, "
                             f"{', '.join(PLAYER_COLOURS)}" + (f" ({hint})" if hint else ""))
    if len(set(words)) != len(words):
        raise ValueError("a colour is taken twice")
    if not 2 <= len(words) <= 4:
        raise ValueError(f"Key Harvest is for 2 to 4 players, not {len(words)}")
    return tuple(words)


def how_to_go_on(start: str, seed: int) -> list[str]:
    """The comment of a new record's movetext."""
    return [
        f"A dealt setup (keyharvest new, seed {seed}); {start} plays first.",
        "Write one turn per line, every step in the order it happens, for example:",
        f"1. {start}: offer C7 for wheat; draw B3; harvest A2",
        "Write every tile or event drawn from the bag (draw B3, draw Q) and every",
        "answer to an event on an indented line. Check with: keyharvest validate FILE",
    ]


def new_record(players: Sequence[str], *, seed: int | None = None, start: str | None = None,
               metadata: Mapping[str, Any] | None = None, board: Board | None = None,
               max_turns: int | None = None) -> Record:
    """A record of a new game of ``players`` (colours, in seating order): the setup dealt
    with ``random.Random(seed)`` (a random seed if None), ``start`` playing first if given
    (else the dealt start player), ``metadata`` in the front matter, the seed under
    ``[meta]``. Raises ``PositionError`` for players that cannot play (B)."""
    from ..model.setup import check_setup, deal
    from .boardfile import standard_board

    if seed is None:
        seed = secrets.randbelow(SEED_RANGE)
    board = board or standard_board()
    setup = deal(tuple(players), random.Random(seed), board, max_turns=max_turns)
    if start is not None:
        setup = dataclasses.replace(setup, start=start)
        check_setup(setup, board)
    meta = dict(metadata or {})
    meta["meta"] = {**dict(meta.get("meta", {})), "seed": seed}
    comments = [Comment(0, line) for line in how_to_go_on(setup.start, seed)]
    return record_from_game(setup, [], meta, comments=comments)


def differences(record: Record, players: Sequence[str] | None = None, *,
                seed: int | None = None, start: str | None = None,
                setup: Record | None = None) -> list[str]:
    """How ``record`` (a file to go on with) is not the game that ``new_record(players,
    seed=seed, start=start)`` would start, or the one with ``setup``'s setup, in words
    (``its players are red, green, not red, yellow``); [] when it is that game, so that the
    command that started a file resumes it when run again. Only what is given is
    compared."""
    found: list[str] = []
    if players is not None and tuple(players) != record.players:
        found.append(f"its players are {', '.join(record.players)}, not {', '.join(players)}")
    meta = record.metadata.get("meta")
    written = meta.get("seed") if isinstance(meta, dict) else None
    if seed is not None and written != seed:
        found.append(f"it was dealt with seed {written}, not {seed}" if written is not None
                     else f"it was not dealt with a seed (its front matter has no [meta] "
                     f"seed), not with seed {seed}")
    if start is not None and start != record.setup.start:
        found.append(f"its start player is {record.setup.start}, not {start}")
    if found:
        return found
    if players is not None and seed is not None:
        dealt = new_record(players, seed=seed, start=start, board=record.load_board())
        if dealt.setup != record.setup:
            found.append(f"its setup is not the one seed {seed} deals (changed by hand?)")
    if setup is not None and setup.setup != record.setup:
        found.append(f"its setup is not the one of {setup.source}")
    return found


__all__ = ["differences", "how_to_go_on", "new_record", "parse_players"]
