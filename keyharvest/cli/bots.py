"""The bodies of the commands where bots play whole games: ``selfplay`` (the games
written as records) and ``arena`` (bots against each other: win shares). Their
declarations, options and help are in ``commands``, which calls them by keyword. This
module imports nothing heavy at the top: a body imports what it needs."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from contextlib import ExitStack
from typing import TYPE_CHECKING, Any

from . import cluster as on_cluster
from .inputs import Format, bad_parameter, no_stream
from .support import OK, err, is_json, out, progress, result, say, summary

if TYPE_CHECKING:  # names for the annotations only
    from pathlib import Path

    from ..play.arena import Standing


def _known_bots(bots: Sequence[str], hint: str) -> None:
    """A usage error for a bot not in ``play.bots.BOTS``."""
    from ..play.bots import BOTS

    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        raise bad_parameter(f"unknown bot {unknown[0]!r} (the bots are "
                            f"{', '.join(sorted(BOTS))})", hint)


def _budget_usage(budget: int | None, seats: Sequence[str]) -> None:
    """A usage error for ``--budget`` where no seat plays at it (the option would change
    nothing): no search bot among ``seats``, or each at its own budget (``NAME@N``, in
    ``arena``)."""
    from ..play.bots import BUDGETED

    if budget is None or any(seat in BUDGETED for seat in seats):
        return
    named = ", ".join(dict.fromkeys(seats))
    own = " (NAME@N plays at its own N)" if any("@" in seat for seat in seats) else ""
    raise bad_parameter(f"no bot here plays at it ({named}): only "
                        f"{' and '.join(sorted(BUDGETED))} search, at --budget "
                        f"simulations a step{own}", "'--budget'")


def _folder_usage(dest: str) -> None:
    """Usage errors of ``--out``: an empty path, or one that is not a folder."""
    import os

    if dest == "":
        raise bad_parameter("expected a folder, or - for standard output, not an empty "
                            "path", "'--out'")
    if dest != "-" and os.path.lexists(dest) and not os.path.isdir(dest):
        from ..formats.safewrite import kind_of

        raise bad_parameter(f"{dest!r} is {kind_of(dest)}, not a folder: --out takes a "
                            "folder for one file per game, or - for standard output",
                            "'--out'")


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


def _free(folder: Path, prefix: str, games: int, force: bool) -> None:
    """Before any game is played (all or nothing): ``folder`` made if need be, and the
    file of each of the ``games`` (``PREFIXNNNN.kh``) free to write
    (``safewrite.check_replaceable``). Only the names already in the folder are looked at:
    the work does not grow with ``games`` (a million names are not made to find none)."""
    from ..formats.safewrite import check_replaceable

    folder.mkdir(parents=True, exist_ok=True)
    for name in sorted(entry.name for entry in folder.iterdir()):
        number = name[len(prefix):-len(".kh")]
        if (name.startswith(prefix) and name.endswith(".kh") and number.isdigit()
                and 1 <= int(number) <= games and name == _game_name(prefix, int(number))):
            check_replaceable(folder / name, force=force, exclusive=True, follow_links=False)


def _game_name(prefix: str, number: int) -> str:
    return f"{prefix}{number:04d}.kh"


def _game_files(dest: str | None, command: str, seed: int, games: int, force: bool
                ) -> Callable[[int], Path] | None:
    """The file of game i (from 0) in the folder ``--out`` names, each checked free to
    write before any game is played; None when the games are not kept in a folder."""
    if dest is None or dest == "-":
        return None
    from pathlib import Path

    folder = Path(dest)
    prefix = f"{command}-{seed}-"

    def file(i: int) -> Path:
        return folder / _game_name(prefix, i + 1)

    _free(folder, prefix, games, force)
    return file


def _write(file: Path, text: str, force: bool) -> None:
    from ..formats.safewrite import write_file

    write_file(file, text, force=force, exclusive=True, follow_links=False)


# -- selfplay ------------------------------------------------------------------------------
def selfplay(
    *, players: int, seed: int | None, games: int, dest: str, jobs: int, bot: str,
    budget: int | None, force: bool, cluster: str | None, cluster_timeout: int, quiet: bool,
    output: Format,
) -> int:
    """The body of ``keyharvest selfplay``."""
    _known_bots([bot], "'--bot'")
    _budget_usage(budget, [bot])
    on_cluster.usage(cluster, jobs)
    _folder_usage(dest)
    json_mode = is_json(output)
    seed = _run_seed(seed, "selfplay", json_mode or quiet)
    file = _game_files(dest, "selfplay", seed, games, force)
    with ExitStack() as stack:
        texts, advance = _selfplay_texts(stack, players, seed, games, bot, jobs, cluster,
                                         cluster_timeout, budget)
        for i, text in enumerate(texts):
            advance(1)
            if file is not None:
                _write(file(i), text, force)
                result("record", {"game": i + 1, "seed": seed, "output": str(file(i))})
                say(str(file(i)))
            elif json_mode:
                result("record", {"game": i + 1, "seed": seed, "record": text})
            else:
                out(text if i == 0 else "\n" + text, end="")
    summary(True, games=games, seed=seed)
    return OK


def _selfplay_texts(stack: ExitStack, players: int, seed: int, games: int, bot: str,
                    jobs: int, cluster: str | None, timeout: int, budget: int | None
                    ) -> tuple[Iterable[str], Callable[[int], None]]:
    """The records of the games (played here, or on the cluster), and the progress bar's
    ``advance`` (counting games here; on a cluster the bar counts the tasks done)."""
    if cluster is None:
        from ..play.batch import selfplay_texts

        advance = stack.enter_context(progress("playing", games))
        return selfplay_texts(players, seed, games, bot=bot, jobs=jobs, budget=budget), advance
    from ..play import cluster as dask

    client = on_cluster.connect(cluster, stack, timeout)
    tasks = -(-games // dask.TASK_GAMES)
    done = stack.enter_context(progress("playing (tasks)", tasks))
    texts = dask.selfplay_texts(players, seed, games, client, bot=bot, done=done,
                                lost_after=timeout, budget=budget)
    stack.callback(texts.close)  # type: ignore[attr-defined]  # a generator's
    return texts, on_cluster.uncounted


# -- arena ---------------------------------------------------------------------------------
def arena(
    *, bots: list[str], players: int, games: int, budget: int | None, seed: int | None,
    jobs: int, dest: str | None, force: bool, cluster: str | None, cluster_timeout: int,
    quiet: bool, output: Format,
) -> int:
    """The body of ``keyharvest arena``."""
    _arena_usage(bots, players)
    _budget_usage(budget, bots)
    on_cluster.usage(cluster, jobs)
    json_mode = is_json(output)
    seed = _run_seed(seed, "arena", json_mode or quiet)
    if dest is not None:
        _folder_usage(dest)
        no_stream(dest, "'--out'", "standard output holds the table; the games go to a "
                                   "folder: --out DIR")
    file = _game_files(dest, "arena", seed, games, force)
    from ..play.arena import Tally

    played = Tally()  # the results summed as they come: not the games
    with ExitStack() as stack:
        advance = stack.enter_context(progress("playing", games))
        for game in _arena_games(stack, bots, players, games, seed, budget, jobs, cluster,
                                 cluster_timeout):
            advance(1)
            record = game.pop("record")
            if file is not None:
                _write(file(game["game"] - 1), record, force)
                game["output"] = str(file(game["game"] - 1))
            played.add(game)
            result("game", game)
    table = played.standings(players)
    if json_mode:
        summary(True, games=games, player_count=players, seed=seed, budget=budget,
                bots=[s.as_dict() for s in table])
    else:
        _arena_table(table, games, players, seed, budget, quiet)
    return OK


def _arena_usage(bots: list[str], players: int) -> None:
    """Usage errors of the bots ``arena`` is given (``NAME@N``: a search bot at its own
    budget, ``play.bots.own_budget``)."""
    from ..play.bots import own_budget
    from ..play.bounds import MAX_BUDGET

    for seat in bots:
        try:
            own = own_budget(seat)[1]
        except ValueError as error:
            raise bad_parameter(str(error), "'BOT...'") from None
        if own is not None and own > MAX_BUDGET:
            raise bad_parameter(f"the budget of {seat!r} is more than {MAX_BUDGET:,} "
                                f"simulations a step", "'BOT...'")
    if len(bots) < 2:
        raise bad_parameter("name at least two bots (the same one twice plays it against "
                            "itself)", "'BOT...'")
    if len(bots) > players:
        raise bad_parameter(f"{len(bots)} bots named for {players} seats: name at most "
                            f"--players of them", "'BOT...'")


def _arena_games(stack: ExitStack, bots: list[str], players: int, games: int, seed: int,
                 budget: int | None, jobs: int, cluster: str | None, timeout: int
                 ) -> Iterable[dict[str, Any]]:
    """The games of the arena, played here or on the cluster."""
    if cluster is None:
        from ..play.arena import play

        return play(bots, players, games, seed, budget, jobs)
    from ..play import cluster as dask

    client = on_cluster.connect(cluster, stack, timeout)
    found = dask.arena_games(bots, players, games, seed, budget, client, lost_after=timeout)
    stack.callback(found.close)  # type: ignore[attr-defined]  # a generator's
    return found


def _arena_table(table: list[Standing], games: int, players: int, seed: int,
                 budget: int | None, quiet: bool) -> None:
    """``arena`` in text: what was played (unless ``--quiet``), then a line per bot."""
    if not quiet:
        rotated = "" if games % players == 0 else (
            f" (not a multiple of {players}: the seats are not all played equally)")
        out(f"{games} game{'s' if games != 1 else ''} of {players} players, seed {seed}, "
            f"seats rotated{rotated}"
            + (f", {budget} simulations a step" if budget else ""))
    width = max(len("bot"), *(len(s.bot) for s in table))
    out(f"{'bot':<{width}}  seats  win share  95% interval  mean points     elo")
    for s in table:
        out(f"{s.bot:<{width}}  {s.seats:>5}  {s.win_share:>9.3f}  {s.low:.3f}-{s.high:.3f}"
            f"   {s.mean_points:>11.1f}  {s.elo:>+6.0f}")
