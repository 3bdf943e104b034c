"""What the commands read, checked before they read it: the one prelude of a command that
reads files (``prelude``, and ``read_one`` for a single file), the values of the options
every reading command shares (``--to``, ``--board``, ``--trust-board-paths``,
``--max-bytes``), and the formats of ``--format``.

A usage error of an option is ``typer.BadParameter`` (exit 2, reported by Typer in
Click's words); a bad board file given with ``--board`` is a ``Failure`` (exit 1). This
module imports nothing heavy at the top: the plain reader (``plain``) loads it at start-up.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from .support import Failure, existing, read_input

if TYPE_CHECKING:  # names for the annotations only
    from ..formats.boardfile import BoardAccess
    from ..play.replay import Point

T = TypeVar("T")


class Format(StrEnum):
    text = "text"
    json = "json"


class ReplayFormat(StrEnum):
    text = "text"
    toml = "toml"
    json = "json"


def bad_parameter(message: str, hint: str) -> Exception:
    """A usage error of an option (exit 2), reported by Typer in Click's words."""
    import typer

    return typer.BadParameter(message, param_hint=hint)


def no_stream(path: str | None, hint: str, why: str) -> None:
    """``-`` names a standard stream wherever a command reads or writes a file; where a
    stream cannot serve, ``-`` is this usage error (exit 2), which says why and what to
    give instead, rather than a file named ``-``."""
    if path == "-":
        raise bad_parameter(f"'-' (a standard stream) cannot be used here: {why}", hint)


def point(to: str | None) -> Point | None:
    """The point ``--to`` names (None: the end)."""
    if to is None:
        return None
    from ..play.replay import parse_point

    return _parsed(parse_point, to, "'--to'")


def limit(max_bytes: str | None) -> int | None:
    """The bound on input given with --max-bytes (None: the default)."""
    if max_bytes is None:
        return None
    from ..formats.limits import parse_size

    return _parsed(parse_size, max_bytes, "'--max-bytes'")


def _parsed(parse: Callable[[str], T], value: str, hint: str) -> T:
    """``parse(value)``; its ``ValueError`` a usage error of the option ``hint``."""
    try:
        return parse(value)
    except ValueError as exc:
        raise bad_parameter(str(exc), hint) from None


def access(board: str | None, trust: bool) -> BoardAccess:
    """Which board files reading may open (``boardfile.BoardAccess``); a board file
    given with --board is read now, so that a bad one is reported once, in full."""
    from ..formats.boardfile import STANDARD, BoardAccess, parse_board, read_board_text

    if board == "":
        raise bad_parameter("expected a board file's path, or 'standard', not an empty "
                            "one", "'--board'")
    no_stream(board, "'--board'", "the board is read again for each record and position, "
                                  "so give its file's path")
    if board is not None and board != STANDARD:
        from ..errors import BoardError

        text = None
        try:
            text = read_board_text(board)
            parse_board(text, board)
        except BoardError as exc:
            from ..formats.diagnostics import diagnose

            raise Failure([diagnose(exc, text, board)]) from None
    return BoardAccess(board, trust)


class Reading(NamedTuple):
    """How a command reads its files: the board files it may open, the size bound."""

    access: BoardAccess
    limit: int | None


def prelude(paths: Sequence[str], *, board: str | None, trust_board_paths: bool,
            max_bytes: str | None, hint: str = "'FILE...'") -> Reading:
    """The prelude of every command that reads files, in this order: each of ``paths``
    exists (``hint`` names them in the usage error), ``--board`` and
    ``--trust-board-paths`` say which board files may be opened, ``--max-bytes`` bounds
    what is read."""
    existing(paths, hint)
    return Reading(access(board, trust_board_paths), limit(max_bytes))


def not_an_input(dest: str | None, paths: Sequence[str], hint: str) -> None:
    """A usage error when the output ``dest`` is one of the inputs ``paths``: the same
    file by its device and inode, whatever the names (a hard link, a symbolic link), a
    folder's files as its walk lists them, ``-`` the file standard input comes from. An
    output never overwrites what is read."""
    if dest is None or dest == "-":
        return
    from ..formats.safewrite import same_as_input
    from ..play.batch import LinkOut, expand

    same = same_as_input(dest, (p for p in expand(paths) if not isinstance(p, LinkOut)))
    if same is None:
        return
    if same == "standard input":
        what = "the file standard input comes from"
    elif same == dest:
        what = "an input of this command"
    else:
        what = f"the same file as the input {same!r}"
    raise bad_parameter(f"{dest!r} is {what}: an output never overwrites what is read; "
                        "name another file", hint)


class Input(NamedTuple):
    """One file read by ``read_one``: its text, its name in diagnostics, the board access."""

    text: str
    source: str
    access: BoardAccess


def read_one(path: str, *, board: str | None, trust_board_paths: bool,
             max_bytes: str | None, hint: str = "'FILE'") -> Input:
    """The ``prelude`` of a command that reads one file, then the file."""
    reading = prelude([path], board=board, trust_board_paths=trust_board_paths,
                      max_bytes=max_bytes, hint=hint)
    text, source = read_input(path, reading.limit)
    return Input(text, source, reading.access)
