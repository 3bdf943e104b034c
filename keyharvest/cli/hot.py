"""The two commands that run hot, ``validate`` and ``selfplay``, without Typer.

Typer's share of a run is most of start-up: importing Typer (some 220M instructions) and
the pydantic checks it builds for every option (some 330M more), about a tenth of
``keyharvest validate`` over 600 records. ``run_validate`` and ``run_selfplay`` are the
commands' bodies, imported by the Typer commands (``commands``), which only declare the
options and hand them over. ``fast`` reads a plain command line of one of them itself and
runs the body under the same contract (``support.run_command``); a command line it does not
read without doubt (help, an option it does not know, a value out of range or not plainly
written, an option given twice, ``--cluster``, shell completion) it leaves to Typer, which
reads it, and reports every usage error, as for every other command. So does a usage error
a body raises before it starts (a path that does not exist, an unknown bot): Typer runs
the command line again and reports it. ``tests/test_cli_fast.py`` holds the tables below
to Typer's own reading of the same options.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import ExitStack
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from .support import (
    INVALID,
    OK,
    Failure,
    emit,
    err,
    existing,
    is_json,
    out,
    progress,
    result,
    say,
    summary,
    to_json,
)

if TYPE_CHECKING:  # names for the annotations only
    from pathlib import Path

    from ..formats.boardfile import BoardAccess


class Format(StrEnum):
    text = "text"
    json = "json"


# -- shared by the commands ------------------------------------------------------------------
def _bad_parameter(message: str, hint: str) -> Exception:
    """A usage error of an option (exit 2), reported by Typer in Click's words."""
    import typer

    return typer.BadParameter(message, param_hint=hint)


def _limit(max_bytes: str | None) -> int | None:
    """The bound on input given with --max-bytes (None: the default)."""
    if max_bytes is None:
        return None
    from ..formats.limits import parse_size

    try:
        return parse_size(max_bytes)
    except ValueError as exc:
        raise _bad_parameter(str(exc), "'--max-bytes'") from None


def _access(board: str | None, trust: bool) -> BoardAccess:
    """Which board files reading may open (``boardfile.BoardAccess``); a board file
    given with --board is read now, so that a bad one is reported once, in full."""
    from ..formats.boardfile import STANDARD, BoardAccess, parse_board, read_board_text

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


def _cluster_usage(address: str | None, jobs: int) -> None:
    """Usage errors of ``--cluster``, found before any work starts."""
    if address is None:
        return
    if jobs != 1:
        raise _bad_parameter("--jobs and --cluster exclude each other (the cluster has its "
                             "own processes)", "'--cluster'")
    from ..play.cluster import ClusterUnavailable, available, local_size

    try:
        local_size(address)
        available()
    except ClusterUnavailable as exc:
        raise _bad_parameter(str(exc), "'--cluster'") from None


def _connect(address: str, stack: ExitStack) -> Any:
    """A client of the cluster at ``address``, closed with ``stack``."""
    from ..play.cluster import connect

    try:
        return stack.enter_context(connect(address))
    except (OSError, TimeoutError) as exc:
        from ..formats.diagnostics import Diagnostic

        raise Failure([Diagnostic(f"cannot reach the cluster at {address}: {exc}", address,
                                  kind="io")]) from None


#: The collector's first threshold while ``selfplay`` plays and ``validate`` checks
#: (Python's default: 700). A game allocates millions of short-lived containers (states,
#: frames, tuples of the listings; a record read, its steps and spans); at 700 the collector
#: ran every few hundred of them and walked what was alive at that moment, to find almost
#: no cycles: some 0.5M instructions a four-player game, 1 in 30, and 3% of ``validate``.
#: Refcounting frees the rest; what cycles a game leaves are still collected, later.
SELFPLAY_COLLECT_EVERY = 100_000


def _collect_seldom(stack: ExitStack) -> None:
    """The collector's first threshold at ``SELFPLAY_COLLECT_EVERY`` for the command's
    run (this process's games; a worker of --jobs keeps its own), as it was after."""
    import gc

    old = gc.get_threshold()
    if old[0]:  # 0: a program that collects by hand keeps it so
        gc.set_threshold(max(old[0], SELFPLAY_COLLECT_EVERY), *old[1:])
        stack.callback(gc.set_threshold, *old)


def _selfplay_file(folder: Path, seed: int, i: int) -> Path:
    return folder / f"selfplay-{seed}-{i + 1:04d}.kh"



def _ignore(n: int = 1) -> None:
    """Progress not counted here."""



# -- validate ------------------------------------------------------------------------------
def run_validate(
    paths: Sequence[str], fail_fast: bool = False, rejects: str | None = None, jobs: int = 1,
    verbose: bool = False, max_errors: int = 20, strict: bool = False,
    board: str | None = None, trust_board_paths: bool = False, max_bytes: str | None = None,
    cluster: str | None = None, quiet: bool = False, output: Format = Format.text,
) -> int:
    """The body of ``keyharvest validate`` (``commands.validate`` says what it does)."""
    _cluster_usage(cluster, jobs)
    from ..play.batch import Rejects, Tally, check_inputs, expand, input_size
    from .shapes import report_line, report_place

    existing(paths)
    json_mode = is_json(output)
    access = _access(board, trust_board_paths)
    limit = _limit(max_bytes)
    tally = Tally()
    with ExitStack() as stack:
        _collect_seldom(stack)  # (this process's records; a worker of --jobs keeps its own)
        if cluster is None:
            total = input_size(list(expand(paths)))
            advance = stack.enter_context(progress("checking", total, counts=False))
            reports = check_inputs(paths, jobs=jobs, max_errors=max_errors, access=access,
                                   limit=limit, strict=strict)
        else:  # the bar counts the tasks done
            from ..play import cluster as on_cluster

            client = _connect(cluster, stack)
            tasks = stack.enter_context(progress("checking (tasks)"))
            reports = on_cluster.check_inputs(paths, client, done=tasks,
                                               max_errors=max_errors, access=access,
                                               limit=limit, strict=strict)
            stack.callback(reports.close)  # type: ignore[attr-defined]  # a generator's
            advance = _ignore
        sink = stack.enter_context(Rejects(rejects))
        for report in reports:
            advance(report.size)
            tally.add(report)
            sink.add(report)
            if json_mode:
                out(to_json(report.to_dict()))  # {"type": "record" or "position", ...}
            else:
                emit(report.diagnostics, report_place(report), max_errors)
                if verbose:
                    out(report_line(report))
            if fail_fast and not report.ok:
                tally.stopped = True
                break
    counts = tally.to_dict()
    summary(tally.ok, **{k: v for k, v in counts.items() if k not in ("type", "ok")})
    say(tally.describe())
    return OK if tally.ok else INVALID



# -- selfplay ------------------------------------------------------------------------------
def run_selfplay(
    players: int = 4, seed: int | None = None, games: int = 1, dest: str = "-", jobs: int = 1,
    bot: str = "random", force: bool = False, cluster: str | None = None,
    quiet: bool = False, output: Format = Format.text,
) -> int:
    """The body of ``keyharvest selfplay`` (``commands.selfplay`` says what it does)."""
    from ..play.bots import BOTS

    if bot not in BOTS:
        raise _bad_parameter(f"unknown bot {bot!r} (the bots are {', '.join(sorted(BOTS))})",
                             "'--bot'")
    _cluster_usage(cluster, jobs)
    json_mode = is_json(output)
    if seed is None:
        import secrets

        seed = secrets.randbelow(2**32)
        if not (json_mode or quiet):  # JSON: the seed is in every record and the summary
            err(f"keyharvest selfplay: seed {seed}")
    from pathlib import Path

    from ..play.batch import selfplay_texts

    folder = None if dest == "-" else Path(dest)
    if folder is not None:
        from ..formats.safewrite import check_replaceable, write_file

        folder.mkdir(parents=True, exist_ok=True)
        for i in range(games):  # before any game is played: all or nothing
            check_replaceable(_selfplay_file(folder, seed, i), force=force, exclusive=True,
                              follow_links=False)
    with ExitStack() as stack:
        if cluster is None:
            _collect_seldom(stack)
            advance = stack.enter_context(progress("playing", games))
            texts = selfplay_texts(players, seed, games, bot=bot, jobs=jobs)
        else:  # the bar counts the tasks done
            from ..play import cluster as on_cluster

            client = _connect(cluster, stack)
            tasks = -(-games // on_cluster.TASK_GAMES)
            done = stack.enter_context(progress("playing (tasks)", tasks))
            texts = on_cluster.selfplay_texts(players, seed, games, client, bot=bot,
                                              done=done)
            stack.callback(texts.close)  # type: ignore[attr-defined]  # a generator's
            advance = _ignore
        for i, text in enumerate(texts):
            advance(1)
            if folder is None:
                if json_mode:
                    result("record", {"game": i + 1, "seed": seed, "record": text})
                else:
                    out(text if i == 0 else "\n" + text, end="")
                continue
            file = _selfplay_file(folder, seed, i)
            write_file(file, text, force=force, exclusive=True, follow_links=False)
            result("record", {"game": i + 1, "seed": seed, "path": str(file)})
            say(str(file))
    summary(True, games=games, seed=seed)
    return OK


# -- the fast path ---------------------------------------------------------------------------
#: How an option of the tables below reads its value: a flag takes none (True when given);
#: ``TEXT`` takes the next word as it is; ``CHOICE`` one of ``Format``'s values; a pair
#: ``(low, high)`` a whole number written plainly, at least ``low`` and, unless None, at
#: most ``high``.
FLAG, TEXT, CHOICE = "flag", "text", "choice"
Kind = str | tuple[int, int | None]

#: The options ``fast`` reads, by command: each name and short name, the parameter of the
#: body it sets and its kind. They are the Typer command's own (``commands``), less
#: ``--cluster`` and ``--help``; ``tests/test_cli_fast.py`` checks them against Typer's.
OPTIONS: dict[str, dict[str, tuple[str, Kind]]] = {
    "validate": {
        "--fail-fast": ("fail_fast", FLAG), "-x": ("fail_fast", FLAG),
        "--rejects": ("rejects", TEXT),
        "--jobs": ("jobs", (0, None)), "-j": ("jobs", (0, None)),
        "--verbose": ("verbose", FLAG), "-v": ("verbose", FLAG),
        "--max-errors": ("max_errors", (1, None)),
        "--strict": ("strict", FLAG),
        "--board": ("board", TEXT),
        "--trust-board-paths": ("trust_board_paths", FLAG),
        "--max-bytes": ("max_bytes", TEXT),
        "--quiet": ("quiet", FLAG), "-q": ("quiet", FLAG),
        "--format": ("output", CHOICE), "-f": ("output", CHOICE),
    },
    "selfplay": {
        "--players": ("players", (2, 4)), "-p": ("players", (2, 4)),
        "--seed": ("seed", (0, None)), "-s": ("seed", (0, None)),
        "--games": ("games", (0, None)), "-n": ("games", (0, None)),
        "--out": ("dest", TEXT), "-o": ("dest", TEXT),
        "--jobs": ("jobs", (0, None)), "-j": ("jobs", (0, None)),
        "--bot": ("bot", TEXT), "-b": ("bot", TEXT),
        "--force": ("force", FLAG),
        "--quiet": ("quiet", FLAG), "-q": ("quiet", FLAG),
        "--format": ("output", CHOICE), "-f": ("output", CHOICE),
    },
}
#: The commands' arguments: the parameter the words that are not options go to (a list of
#: one or more), or None for a command that takes none.
ARGUMENTS: dict[str, str | None] = {"validate": "paths", "selfplay": None}
#: A whole number as the fast path reads it: digits, no sign, no leading zero, no "_".
_DIGITS = frozenset("0123456789")
_MAX_DIGITS = 18


def parse(args: Sequence[str]) -> tuple[str, dict[str, Any]] | None:
    """The command and the parameters of its body that the command line ``args`` gives
    (those it leaves out keep the body's defaults, which are the Typer command's), or None
    for a command line to leave to Typer (see the module's text)."""
    if not args or args[0] not in OPTIONS:
        return None
    command = args[0]
    table = OPTIONS[command]
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
        spec = table.get(name)
        if spec is None:
            return None  # help, --cluster, an unknown or bundled option
        param, kind = spec
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
            if value not in Format.__members__:
                return None
            given[param] = Format(value)
        elif isinstance(kind, tuple):
            if not set(value) <= _DIGITS or len(value) > _MAX_DIGITS or (
                    value[0] == "0" and len(value) > 1):
                return None
            number = int(value)
            low, high = kind
            if number < low or (high is not None and number > high):
                return None
            given[param] = number
    argument = ARGUMENTS[command]
    if argument is None:
        if words:
            return None
    elif not words:
        return None
    else:
        given[argument] = words
    return command, given


def fast(args: Sequence[str]) -> int | None:
    """Run the command line ``args`` without Typer, if ``parse`` reads it, and return the
    exit code; None when Typer is to run it (``parse`` leaves it, or the body raised a
    usage error before it started, which Typer reports when it runs the line again)."""
    from .support import completing, run_command

    if completing():
        return None  # shell completion: Typer's
    parsed = parse(args)
    if parsed is None:
        return None
    command, given = parsed
    body = run_validate if command == "validate" else run_selfplay
    try:
        return run_command(body, (), given)
    except Exception as exc:  # only usage errors pass run_command
        from .support import passes_through

        if passes_through(exc):
            return None
        raise
