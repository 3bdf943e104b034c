"""The bodies of the two commands that run hot, ``validate`` and ``selfplay``, and the
helpers the commands share (``Format``, ``_access``, ``_limit``, the cluster's checks).

The Typer commands (``commands``) declare the options, the one declaration of the command
line, and call these bodies by keyword. This module imports no Typer at the top: a body
imports what it needs when it runs.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from .support import (
    INTERNAL,
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


#: The most processes ``--jobs`` starts: a typo of a large number is not a fork bomb (each
#: worker holds some 12 MB; 64 is more than a machine this program runs on needs).
MAX_JOBS = 64


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

    if board == "":
        raise _bad_parameter("expected a board file's path, or 'standard', not an empty "
                             "one", "'--board'")
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


def _connect(address: str, stack: ExitStack, timeout: int, logs: bool = False) -> Any:
    """A client of the cluster at ``address``, closed with ``stack``: one that does not
    answer within ``timeout`` seconds is exit 1, with the cause; a cluster that cannot
    finish the run (``cluster.ClusterLost``, raised in the block of ``stack``) exit 3.
    ``logs``: let Dask's error lines reach stderr (``validate -v``, in text)."""
    from ..formats.diagnostics import Diagnostic
    from ..play.cluster import connect

    stack.enter_context(_lost(address))
    try:
        return stack.enter_context(connect(address, timeout=timeout, logs=logs))
    except (OSError, TimeoutError) as exc:
        cause = " ".join(str(exc).split()) or type(exc).__name__
        raise Failure([Diagnostic(f"cannot reach the cluster at {address}: {cause}", address,
                                  kind="io")]) from None


@contextmanager
def _lost(address: str) -> Iterator[None]:
    """``cluster.ClusterLost`` as a diagnostic and exit 3 (the input is not to blame)."""
    from ..play.cluster import ClusterLost

    try:
        yield
    except ClusterLost as exc:
        from ..formats.diagnostics import Diagnostic

        raise Failure([Diagnostic(str(exc), address, kind="cluster")], INTERNAL) from None


def _folder_usage(dest: str) -> None:
    """Usage errors of ``selfplay --out``: an empty path, or one that is not a folder."""
    import os

    if dest == "":
        raise _bad_parameter("expected a folder, or - for standard output, not an empty "
                             "path", "'--out'")
    if dest != "-" and os.path.lexists(dest) and not os.path.isdir(dest):
        raise _bad_parameter(f"{dest!r} is a file, not a folder: --out takes a folder for "
                             "one file per game, or - for standard output", "'--out'")


def _selfplay_file(folder: Path, seed: int, i: int) -> Path:
    return folder / f"selfplay-{seed}-{i + 1:04d}.kh"


def _run_seed(seed: int | None, command: str, silent: bool) -> int:
    """The seed of a run of bots: the one given, or a random one, said on stderr unless
    ``silent`` (JSON or --quiet: the seed is in every record and the summary)."""
    if seed is not None:
        return seed
    import secrets

    seed = secrets.randbelow(2**32)
    if not silent:
        err(f"keyharvest {command}: seed {seed}")
    return seed


def _free(folder: Path, files: list[Path], force: bool) -> None:
    """Before any game is played (all or nothing): ``folder`` made if need be, and each of
    ``files`` in it free to write (``safewrite.check_replaceable``)."""
    from ..formats.safewrite import check_replaceable

    folder.mkdir(parents=True, exist_ok=True)
    for file in files:
        check_replaceable(file, force=force, exclusive=True, follow_links=False)


def _ignore(n: int = 1) -> None:
    """Progress not counted here."""


# -- validate ------------------------------------------------------------------------------
def run_validate(
    *, paths: Sequence[str], fail_fast: bool, rejects: str | None, require_finished: bool,
    jobs: int, verbose: bool,
    max_errors: int, strict: bool, board: str | None, trust_board_paths: bool,
    max_bytes: str | None, cluster: str | None, cluster_timeout: int, quiet: bool,
    output: Format,
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
        if cluster is None:
            total = input_size(list(expand(paths)))
            advance = stack.enter_context(progress("checking", total, counts=False))
            reports = check_inputs(paths, jobs=jobs, max_errors=max_errors, access=access,
                                   limit=limit, strict=strict, finished=require_finished)
        else:  # the bar counts the tasks done
            from ..play import cluster as on_cluster

            client = _connect(cluster, stack, cluster_timeout, verbose and not json_mode)
            tasks = stack.enter_context(progress("checking (tasks)"))
            reports = on_cluster.check_inputs(paths, client, done=tasks,
                                               max_errors=max_errors, access=access,
                                               limit=limit, strict=strict,
                                               finished=require_finished,
                                               lost_after=cluster_timeout)
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
    *, players: int, seed: int | None, games: int, dest: str, jobs: int, bot: str,
    force: bool, cluster: str | None, cluster_timeout: int, quiet: bool, output: Format,
) -> int:
    """The body of ``keyharvest selfplay`` (``commands.selfplay`` says what it does)."""
    from ..play.bots import BOTS

    if bot not in BOTS:
        raise _bad_parameter(f"unknown bot {bot!r} (the bots are {', '.join(sorted(BOTS))})",
                             "'--bot'")
    _cluster_usage(cluster, jobs)
    _folder_usage(dest)
    json_mode = is_json(output)
    seed = _run_seed(seed, "selfplay", json_mode or quiet)
    from pathlib import Path

    from ..play.batch import selfplay_texts

    folder = None if dest == "-" else Path(dest)
    if folder is not None:
        from ..formats.safewrite import write_file

        _free(folder, [_selfplay_file(folder, seed, i) for i in range(games)], force)
    with ExitStack() as stack:
        if cluster is None:
            advance = stack.enter_context(progress("playing", games))
            texts = selfplay_texts(players, seed, games, bot=bot, jobs=jobs)
        else:  # the bar counts the tasks done
            from ..play import cluster as on_cluster

            client = _connect(cluster, stack, cluster_timeout)
            tasks = -(-games // on_cluster.TASK_GAMES)
            done = stack.enter_context(progress("playing (tasks)", tasks))
            texts = on_cluster.selfplay_texts(players, seed, games, client, bot=bot,
                                              done=done, lost_after=cluster_timeout)
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


# -- arena ---------------------------------------------------------------------------------
def _arena_file(folder: Path, seed: int, i: int) -> Path:
    return folder / f"arena-{seed}-{i + 1:04d}.kh"


def run_arena(
    *, bots: list[str], players: int, games: int, budget: int | None, seed: int | None,
    jobs: int, dest: str | None, force: bool, cluster: str | None, cluster_timeout: int,
    quiet: bool, output: Format,
) -> int:
    """The body of ``keyharvest arena`` (``commands.arena`` says what it does)."""
    from ..play import arena
    from ..play.bots import BOTS

    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        raise _bad_parameter(f"unknown bot {unknown[0]!r} (the bots are "
                             f"{', '.join(sorted(BOTS))})", "'BOT...'")
    if len(bots) < 2:
        raise _bad_parameter("name at least two bots (the same one twice plays it against "
                             "itself)", "'BOT...'")
    if len(bots) > players:
        raise _bad_parameter(f"{len(bots)} bots named for {players} seats: name at most "
                             f"--players of them", "'BOT...'")
    _cluster_usage(cluster, jobs)
    json_mode = is_json(output)
    seed = _run_seed(seed, "arena", json_mode or quiet)
    from pathlib import Path

    folder = None
    if dest is not None:
        _folder_usage(dest)
        if dest == "-":
            raise _bad_parameter("the games go to a folder: --out DIR (the table goes to "
                                 "stdout)", "'--out'")
        from ..formats.safewrite import write_file

        folder = Path(dest)
        _free(folder, [_arena_file(folder, seed, i) for i in range(games)], force)
    played = []
    with ExitStack() as stack:
        advance = stack.enter_context(progress("playing", games))
        if cluster is None:
            found = arena.play(bots, players, games, seed, budget, jobs)
        else:
            from ..play import cluster as on_cluster

            client = _connect(cluster, stack, cluster_timeout)
            found = on_cluster.arena_games(bots, players, games, seed, budget, client,
                                           lost_after=cluster_timeout)
            stack.callback(found.close)  # type: ignore[attr-defined]  # a generator's
        for game in found:
            advance(1)
            record = game.pop("record")
            if folder is not None:
                file = _arena_file(folder, seed, game["game"] - 1)
                write_file(file, record, force=force, exclusive=True, follow_links=False)
                game["path"] = str(file)
            played.append(game)
            result("game", game)
    standings = arena.standings(played, players)
    if json_mode:
        summary(True, games=games, players=players, seed=seed, budget=budget,
                bots=[s.as_dict() for s in standings])
        return OK
    if not quiet:
        rotated = "" if games % players == 0 else (
            f" (not a multiple of {players}: the seats are not all played equally)")
        out(f"{games} game{'s' if games != 1 else ''} of {players} players, seed {seed}, "
            f"seats rotated{rotated}"
            + (f", {budget} simulations a step" if budget else ""))
    width = max(len("bot"), *(len(s.bot) for s in standings))
    out(f"{'bot':<{width}}  seats  win share  95% interval  mean points     elo")
    for s in standings:
        out(f"{s.bot:<{width}}  {s.seats:>5}  {s.win_share:>9.3f}  {s.low:.3f}-{s.high:.3f}"
            f"   {s.mean_points:>11.1f}  {s.elo:>+6.0f}")
    return OK
