"""The ``keyharvest`` command line (Typer). Thin: each command parses its arguments, calls
the library, formats the result and picks an exit code.

The contract of every command (DESIGN.md §5, kept by ``cli_support.contract``): ``-``
reads standard input; ``--format json`` prints JSON (JSON lines for streams); data goes to
stdout, diagnostics to stderr; exit 0 ok, 1 invalid input, 2 usage error, 3 internal error
(one line asking for a report, never a traceback).

This module is the one declaration of the command line: Typer reads every command's options
from it. The bodies of ``validate`` and ``selfplay`` live in ``bodies``; their commands here
only declare the options, and ``calls`` hands every option over by keyword. Start-up is
kept cheap: this module imports only Typer and the light ``support``; each command
imports what it needs when it runs, and only the commands that read notation build the
parser. Help is plain text (``rich_markup_mode=None``)
so that ``--help`` never imports rich.
"""

import functools
from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

import typer

from . import complete
from .bodies import (
    MAX_JOBS,
    Format,
    _access,
    _limit,
    run_arena,
    run_selfplay,
    run_validate,
)
from .helptext import HelpCommand, HelpGroup

if TYPE_CHECKING:  # names for the annotations only: start-up imports none of them

    from ..formats.diagnostics import Diagnostic
    from ..formats.records import Record
    from ..model.state import State
    from ..play.replay import Located, Point
    from ..render.html import Frame
    from ..rules.scoring import Score

from .support import (
    INVALID,
    OK,
    Failure,
    completing,
    contract,
    diagnosing,
    emit,
    err,
    existing,
    is_json,
    note,
    out,
    progress,
    read_input,
    result,
    say,
    session,
    summary,
)

app = typer.Typer(
    name="keyharvest",
    help="Rules engine and tools for records of the board game Key Harvest. The rules "
         "that errors cite by id (error[C.4]) ship with it: keyharvest rules C.4.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    cls=HelpGroup,
    context_settings={"help_option_names": ["-h", "--help"]},
)


class ReplayFormat(StrEnum):
    text = "text"
    toml = "toml"
    json = "json"


# -- shared arguments ----------------------------------------------------------------------------
PathsArg = Annotated[list[str], typer.Argument(
    metavar="FILE", show_default=False, autocompletion=complete.paths,
    help="Records (.kh) or positions (.toml); a folder stands for its files; - reads stdin.")]
PathArg = Annotated[str, typer.Argument(
    metavar="FILE", show_default=False, autocompletion=complete.paths,
    help="A record (.kh) or a position (.toml); - reads stdin.")]
FormatOpt = Annotated[Format, typer.Option(
    "--format", "-f", help="text, or json (JSON Lines: an object per result, then a "
                           "summary; the diagnostics in them, none on stderr).")]
QuietOpt = Annotated[bool, typer.Option(
    "--quiet", "-q", help="No summary for people: only the data, the diagnostics and the "
                          "exit code.")]
ToOpt = Annotated[str | None, typer.Option(
    "--to", metavar="POINT", show_default=False, autocompletion=complete.point,
    help="Where in the record: N (after N steps; 0 is the setup), 'turn T' (the start of "
         "turn T, before its first step), 'turn T COLOUR' (the same, checking whose turn "
         "it is), 'start' or 'end' (the default).")]
MaxErrorsOpt = Annotated[int, typer.Option(
    "--max-errors", min=1, metavar="N",
    help="Report at most N problems of one record or position: every problem of its front "
         "matter and moves (or a position's keys), then the first rule broken.")]
MaxOpt = Annotated[str | None, typer.Option(
    "--max-bytes", metavar="SIZE", show_default=False,
    help="The largest record, position or file read, like 16M (default 4M: a real game "
         "is a few kilobytes).")]
ForceOpt = Annotated[bool, typer.Option(
    "--force", help="Replace a read-only or hard-linked file too (it keeps its mode; its "
                    "other links keep the old text).")]
ClusterOpt = Annotated[str | None, typer.Option(
    "--cluster", metavar="ADDRESS", show_default=False,
    help="Run on a dask.distributed cluster: its scheduler's address (tcp://host:8786), or "
         "local:N for N processes on this machine. Needs keyharvest[cluster]; files must "
         "be at the same path on every worker.")]
ClusterTimeoutOpt = Annotated[int, typer.Option(
    "--cluster-timeout", metavar="SECONDS", min=1, max=3600,
    help="With --cluster: how long to wait for the scheduler to answer (then exit 1), and "
         "for a worker when the cluster has lost them all (then exit 3).")]
JobsOpt = Annotated[int, typer.Option(
    "--jobs", "-j", min=0, max=MAX_JOBS,
    help=f"Processes to use (0: one per core; at most {MAX_JOBS}).")]
GameOpt = Annotated[int | None, typer.Option(
    "--game", "-g", min=1, show_default=False,
    help="Which record of a file holding several (1 is the first).")]
BoardOpt = Annotated[str | None, typer.Option(
    "--board", metavar="FILE", show_default=False,
    help="The board file of every record and position read, whatever board they name.")]
ViewOpt = Annotated[str | None, typer.Option(
    "--view", metavar="PLAYER", show_default=False, autocompletion=complete.colour,
    help="Show only what PLAYER may know (RULES.md I.27): the other screens as far as the "
         "public steps and the stock tell them, the bag's known part.")]
TrustOpt = Annotated[bool, typer.Option(
    "--trust-board-paths",
    help="Open any board file a record or position names; by default only a relative "
         "path inside its own folder is followed.")]


def command(short_help: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Declare a command of ``app``: its one-line summary (``keyharvest --help`` lists it
    whole), its help page written by ``helptext.HelpCommand``."""
    return app.command(cls=HelpCommand, short_help=short_help)


def _point(to: str | None) -> "Point | None":
    if to is None:
        return None
    from ..play.replay import parse_point

    try:
        return parse_point(to)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="'--to'") from None


def _version(value: bool) -> None:
    if value:
        from .. import __version__, build_kind

        typer.echo(f"keyharvest {__version__} ({build_kind()})")
        raise typer.Exit()


def calls(body: Callable[..., int]) -> Callable[[Callable[..., None]], Callable[..., int]]:
    """A command whose declaration (its parameters, their options and its help) is the
    function decorated, and whose body is ``body``, called with every option by keyword:
    ``body`` takes the same parameters (``tests/test_cli_declaration.py`` holds them so)."""

    def wrap(declaration: Callable[..., None]) -> Callable[..., int]:
        @functools.wraps(declaration)
        def run(**options: Any) -> int:
            return body(**options)

        return run

    return wrap


@app.callback()
def _root(
    version: Annotated[bool, typer.Option(
        "--version", "-V", callback=_version, is_eager=True,
        help="Print the version and exit.")] = False,
) -> None:
    """Rules engine and tools for records of the board game Key Harvest.

    Every command reads - as stdin, prints data on stdout and diagnostics on stderr, and
    exits 0 (ok), 1 (invalid input), 2 (usage error) or 3 (internal error). The rules
    that errors cite by id (error[C.4]) ship with the program: keyharvest rules C.4.
    """


# -- validate ------------------------------------------------------------------------------------
@command("Check records and positions by the rules; exit 1 if any is bad.")
@contract()
@calls(run_validate)
def validate(
    paths: PathsArg,
    fail_fast: Annotated[bool, typer.Option(
        "--fail-fast", "-x", help="Stop at the first bad record.")] = False,
    rejects: Annotated[str | None, typer.Option(
        "--rejects", metavar="FILE", show_default=False, autocompletion=complete.paths,
        help="Append the original text of every bad record to FILE, each after a comment "
             "line: '# from FILE (game N): its first error' (an empty input: the line "
             "alone).")] = None,
    require_finished: Annotated[bool, typer.Option(
        "--require-finished", help="A record of a game that has not ended (in progress, "
                                   "or stopped at its turn limit) is bad, with the "
                                   "reason.")] = False,
    jobs: JobsOpt = 1,
    verbose: Annotated[bool, typer.Option(
        "--verbose", "-v", help="A line for every record (a bad one's with its first "
                                "error: where, its kind and rule).")] = False,
    max_errors: MaxErrorsOpt = 20,
    strict: Annotated[bool, typer.Option(
        "--strict", help="Check the invariants of RULES.md J after every step of every "
                         "record, not only on the table it ends at.")] = False,
    board: BoardOpt = None,
    trust_board_paths: TrustOpt = False,
    max_bytes: MaxOpt = None,
    cluster: ClusterOpt = None,
    cluster_timeout: ClusterTimeoutOpt = 10,
    quiet: QuietOpt = False,
    output: FormatOpt = Format.text,
) -> None:
    """Check records and positions: every record replays by the rules and ends at a table
    that keeps the invariants (RULES.md J; --strict: after every step), every position
    keeps them. Ends with a summary line; exit 1 if anything is bad.

    A record that replays but does not reach the end of the game is valid (in progress).
    """

# -- replay --------------------------------------------------------------------------------------
@command("Replay a record to a point and show the position there.")
@contract()
def replay(
    path: PathArg,
    to: ToOpt = None,
    each: Annotated[bool, typer.Option(
        "--each", help="Every position up to the point, one per line (JSON lines).")] = False,
    game: GameOpt = None,
    board: BoardOpt = None,
    trust_board_paths: TrustOpt = False,
    max_bytes: MaxOpt = None,
    output: Annotated[ReplayFormat | None, typer.Option(
        "--format", "-f", show_default=False,
        help="text (boards), toml (a position file) or json; with --each, json (the "
             "default) or text.")] = None,
    view: ViewOpt = None,
) -> int:
    """Replay a record to a point and show the position there (or every position)."""
    fmt = output.value if output is not None else ("json" if each else "text")
    if each and fmt == "toml":
        raise typer.BadParameter("--each writes JSON lines or text, not TOML",
                                 param_hint="'--format'")
    if view is not None and fmt == "toml":
        raise typer.BadParameter("--view writes text or JSON, not a position file",
                                 param_hint="'--format'")
    session().json = fmt == "json"  # --each writes JSON unless told otherwise
    point = _point(to)
    existing([path], "'FILE'")
    access = _access(board, trust_board_paths)
    limit = _limit(max_bytes)
    text, source = read_input(path, limit)
    from ..formats.positions import dump_position, position_data
    from ..play.replay import locate
    from ..render.textboard import render

    with diagnosing(text, source):
        at = locate(text, source, point, game=game, each=each, access=access)
    emit([note(n, source) for n in at.notes])
    from .shapes import located_dict, located_title

    if view is not None:
        return _replay_view(at, _viewer(at, view), fmt, each)
    if each:
        frames = at.frames()
        for i, (label, state) in enumerate(frames):
            if fmt == "json":
                result("step", {"step": i, "played": None if i == 0 else label,
                                "turn": state.turn.number,
                                "status": state.result or "in progress",
                                "position": position_data(state)})
            else:
                out(f"== step {i}: {label if i else 'the setup'} ==")
                out(render(state, unknown=at.unknown))
                out()
        summary(True, **located_dict(at), steps=len(frames))
    elif fmt == "toml":
        out(dump_position(at.state), end="")
    elif fmt == "json":
        result("position", {"ok": True, **located_dict(at),
                            "position": position_data(at.state)}, [])
    else:
        out(located_title(at))
        out(render(at.state, unknown=at.unknown))
    return OK


def _viewer(at: "Located", view: str) -> str:
    """The colour ``--view`` names, checked against the players of the input (a record or a
    complete position: a partial one leaves out what a view is drawn from)."""
    if at.position is not None and not at.position.complete:
        raise typer.BadParameter(
            f"a view needs a record or a complete position; {at.source} is partial (it "
            f"leaves out: {', '.join(sorted(at.unknown))})", param_hint="'--view'")
    colour = view.lower()
    if colour not in at.state.colours:
        raise typer.BadParameter(f"{view!r} is not playing (players: "
                                 f"{', '.join(at.state.colours)})", param_hint="'--view'")
    return colour


def _replay_view(at: "Located", colour: str, fmt: str, each: bool) -> int:
    """``replay --view``: what ``colour`` may know at the point (or at every step)."""
    from ..play.view import located_views
    from ..render.textboard import render
    from .shapes import located_dict, located_title

    views = located_views(at, colour)
    if not each:
        if fmt == "json":
            result("view", {"ok": True, **located_dict(at), "view": views[-1].to_data()}, [])
        else:
            out(f"{located_title(at)}; as {colour} may know it (RULES.md I.27)")
            out(render(at.state, view=views[-1]))
        return OK
    labels = [label for label, _ in at.frames()]
    for i, (label, o) in enumerate(zip(labels, views)):
        if fmt == "json":
            result("step", {"step": i, "played": None if i == 0 else label,
                            "view": o.to_data()})
        else:
            out(f"== step {i}: {label if i else 'the setup'}; as {colour} may know it ==")
            out(render(at.state, view=o))
            out()
    summary(True, **located_dict(at), steps=len(views))
    return OK


# -- score ---------------------------------------------------------------------------------------
@command("The itemised score of finished records or final positions.")
@contract()
def score(
    paths: PathsArg,
    to: ToOpt = None,
    board: BoardOpt = None,
    trust_board_paths: TrustOpt = False,
    max_bytes: MaxOpt = None,
    output: FormatOpt = Format.text,
) -> int:
    """The itemised score of finished records or final positions (a hand-written final
    table will do): group tiles, worker points, majorities, tie-breaks, the winner.

    A game that has not ended has no winner (RULES.md I.55): its standings so far are
    printed, headed as not finished, with who is leading on points instead of a winner
    (exit 0). Every record of every file is scored (at --to, if given). With --format
    json, one object per game (type "score"), then the summary.
    """
    from ..play.inputs import score_games
    from ..play.replay import POSITION
    from .shapes import located_dict, located_title, score_dict, score_table

    point = _point(to)
    existing(paths)
    access = _access(board, trust_board_paths)
    limit = _limit(max_bytes)
    json_mode = is_json(output)
    games = bad = 0
    first = True

    def show(at: "Located", sc: "Score") -> None:
        nonlocal first, games
        games += 1
        notes = [note(n, at.source) for n in [*at.notes, *sc.notes]]
        result("score", {"ok": True, **located_dict(at), **score_dict(sc)}, notes)
        if json_mode:
            return
        if not first:
            out()
        first = False
        out(located_title(at))
        out(score_table(sc))

    def failed(diagnostics: "Sequence[Diagnostic]", source: str) -> None:
        nonlocal bad, games
        games += 1
        bad += 1
        if json_mode:
            result("score", {"ok": False, "source": source}, diagnostics)
        else:
            emit(diagnostics, source)

    for path in paths:
        try:
            text, source = read_input(path, limit)
        except Failure as exc:
            failed(exc.diagnostics, path)
            continue
        for game in score_games(text, source, point, access=access):
            if game.ok and game.at is not None and game.score is not None:
                show(game.at, game.score)
            else:
                failed(game.diagnostics, path if game.kind == POSITION else source)
    summary(not bad, games=games, bad=bad)
    return INVALID if bad else OK


# -- diff ----------------------------------------------------------------------------------------
@command("Where two records part: the first step that differs.")
@contract(trouble=2)
def diff(
    a: Annotated[str, typer.Argument(metavar="A", show_default=False,
                                     autocompletion=complete.paths,
                                     help="A record or a position; - reads stdin.")],
    b: Annotated[str, typer.Argument(metavar="B", show_default=False,
                                     autocompletion=complete.paths,
                                     help="Another record or position.")],
    board: BoardOpt = None,
    trust_board_paths: TrustOpt = False,
    max_bytes: MaxOpt = None,
    output: FormatOpt = Format.text,
) -> int:
    """Where two records part: the first step that differs (file:line and text on each
    side), then how the positions differ just after it and at the end. Two positions (or a
    record and a position) are compared as tables.

    Exit 0 when the games are the same, 1 when they differ, 2 for trouble (as diff does).
    """
    if a == "-" and b == "-":
        raise typer.BadParameter("only one side can be read from stdin", param_hint="'B'")
    existing([a], "'A'")
    existing([b], "'B'")
    from ..play.inputs import diff_games, diff_side
    from .shapes import comparison_dict, comparison_text, differences

    access = _access(board, trust_board_paths)
    limit = _limit(max_bytes)
    sides = []
    for path in (a, b):
        text, source = read_input(path, limit)
        with diagnosing(text, source):
            side = diff_side(text, source, access)
        emit([note(n, source) for n in side.notes])
        sides.append(side)
    d = diff_games(*sides)
    la, lb = d.a, d.b
    json_mode = is_json(output)
    if d.comparison is not None:
        names = ((la.source, la.text), (lb.source, lb.text))
        result("comparison", {"ok": True, **comparison_dict(d.comparison, *names)},
               d.warnings)
        if not json_mode:
            out(comparison_text(d.comparison, *names))
        summary(True, same=d.same)
        return OK if d.same else INVALID
    result("comparison", {"ok": True, "same": d.same, "a": la.source, "b": lb.source,
                          "at_end": [x.to_dict() for x in d.positions]}, [])
    summary(True, same=d.same)
    if json_mode:
        return OK if d.same else INVALID
    if not d.same:
        out(f"A = {la.source}\nB = {lb.source}\nthe positions differ:")
        out("\n".join(differences(d.positions, "A", "B")))
    else:
        out(f"{la.source} and {lb.source}: the same position")
    return OK if d.same else INVALID


# -- moves ---------------------------------------------------------------------------------------
@command("The legal next steps at a point of a record.")
@contract()
def moves(
    path: PathArg,
    to: ToOpt = None,
    game: GameOpt = None,
    board: BoardOpt = None,
    trust_board_paths: TrustOpt = False,
    max_bytes: MaxOpt = None,
    output: FormatOpt = Format.text,
    every: Annotated[bool, typer.Option(
        "--all", help="Every legal step, however many (every bid, payment and subset of a "
                      "group to harvest), not representative ones.")] = False,
) -> int:
    """The legal next steps at the point (the end of the record by default), one per
    line in notation; each one parses and applies. Where a choice is a multiset of crops
    or a subset of tiles the listing is representative (bids of one and two crops, whole
    groups and single tiles); --all lists every legal step."""
    point = _point(to)
    existing([path], "'FILE'")
    access = _access(board, trust_board_paths)
    limit = _limit(max_bytes)
    text, source = read_input(path, limit)
    from ..notation import format_step
    from ..play.choices import legal_steps
    from ..play.replay import locate
    from .shapes import located_dict, pending_dict

    with diagnosing(text, source):
        at = locate(text, source, point, game=game, access=access)
    steps = legal_steps(at.state, complete=every)
    notes = list(at.notes)
    if not steps:
        notes.append(f"no legal step: the game is over ({at.state.result})" if at.state.is_over
                     else f"no legal step: waiting for {at.state.pending.describe()}")
    emit([note(n, source) for n in notes])
    lines = [format_step(s) for s in steps]
    if is_json(output):
        for line in lines:
            result("move", {"move": line})
        summary(True, **located_dict(at), pending=pending_dict(at.state), moves=len(lines))
    elif lines:
        out("\n".join(lines))
    return OK


# -- hint and analyse ----------------------------------------------------------------------------
BudgetOpt = Annotated[int | None, typer.Option(
    "--budget", min=1, metavar="N", show_default=False,
    help="Simulations of the search a decision (default 250, about a second each).")]
TimeOpt = Annotated[float | None, typer.Option(
    "--time", min=0.001, metavar="SECONDS", show_default=False,
    help="Search for SECONDS a decision instead of a budget (the advice then depends on "
         "the machine's speed).")]
SearchSeedOpt = Annotated[int, typer.Option(
    "--seed", "-s", min=0, help="The search's seed: the same seed and --budget give the "
                                "same advice.")]


def _search_limits(budget: int | None, seconds: float | None) -> None:
    if budget is not None and seconds is not None:
        raise typer.BadParameter("give --budget or --time, not both", param_hint="'--time'")


def _search_input(path: str, budget: int | None, seconds: float | None, board: str | None,
                  trust_board_paths: bool, max_bytes: str | None) -> tuple[str, str, Any]:
    """The options that ``hint`` and ``analyse`` check first, then the file read: its
    text, its name in diagnostics, and the board access."""
    _search_limits(budget, seconds)
    existing([path], "'FILE'")
    access = _access(board, trust_board_paths)
    text, source = read_input(path, _limit(max_bytes))
    return text, source, access


def _searched_dict(found: Any, equal: bool) -> dict[str, Any]:
    from ..notation import format_step

    return {"step": format_step(found.step), "visits": found.visits,
            "share": round(found.share, 4), "win": round(found.win, 4),
            "noise": round(found.noise, 4), "about_equal": equal,
            "margin": round(found.margin, 2),
            "line": [format_step(s) for s in found.line]}


def _no_player_to_move(state: "State", source: str) -> Failure:
    why = (f"the game is over ({state.result})" if state.is_over
           else f"waiting for {state.pending.describe()}, not a player's choice")
    from ..formats.diagnostics import Diagnostic

    return Failure([Diagnostic(f"no step to search at this point: {why}", source,
                               kind="sequence")])


@command("The search bot's best next steps at a point of a record.")
@contract()
def hint(
    path: PathArg,
    to: ToOpt = None,
    game: GameOpt = None,
    budget: BudgetOpt = None,
    seconds: TimeOpt = None,
    seed: SearchSeedOpt = 0,
    top: Annotated[int, typer.Option(
        "--top", "-k", min=1, metavar="K", help="How many steps to show.")] = 3,
    board: BoardOpt = None,
    trust_board_paths: TrustOpt = False,
    max_bytes: MaxOpt = None,
    output: FormatOpt = Format.text,
) -> int:
    """The best K next steps for the player to move at the point (the end of the record by
    default), by the search bot (mcts): each in notation with the share of the search's
    simulations it had and its expected result for that player, the mean win share
    ("win": the worth on points where a playout stopped before the end) with its noise
    (the half width of a 95% interval) and the points margin over the best other player.
    Steps whose wins are within the noise of the most visited one are marked ~ and said to
    be about equal: no one of them is best. Then the line the search expects (the most
    visited continuation) and its points margin. The search uses only what that player
    may know (RULES.md I.27); every step shown is legal there."""
    point = _point(to)
    text, source, access = _search_input(path, budget, seconds, board, trust_board_paths,
                                         max_bytes)
    from ..model.state import CHANCE, TERMINAL
    from ..play.advice import hint as advise
    from ..play.replay import locate
    from .shapes import located_dict

    with diagnosing(text, source):
        at = locate(text, source, point, game=game, access=access)
    state = at.state
    if state.current_player() in (CHANCE, TERMINAL):
        raise _no_player_to_move(state, source)
    emit([note(n, source) for n in at.notes])
    advice = advise(state, budget=budget, seconds=seconds, seed=seed)
    shown = advice.found[:max(top, advice.equal)]
    found = [_searched_dict(f, i < advice.equal and advice.equal > 1)
             for i, f in enumerate(shown)]
    where = "" if at.step is None else f" after step {at.step} (--to {at.step})"
    lead = found[0]
    if is_json(output):
        for item in found:
            result("hint", item)
        summary(True, **located_dict(at), player=advice.player, seed=seed, budget=budget,
                simulations=advice.simulations, hints=len(found), about_equal=advice.equal,
                line=lead["line"], margin=lead["margin"])
        return OK
    width = max(len("step"), *(len(f["step"]) for f in found))
    out(f"{advice.player} to move{where}, turn {state.turn.number}: "
        f"{advice.simulations} simulations")
    out(f"    {'step':<{width}}  share    win  noise  margin")
    for f in found:
        mark = "~" if f["about_equal"] else " "
        out(f"  {mark} {f['step']:<{width}}  {f['share']:>5.2f}  {f['win']:>5.2f}  "
            f"{f['noise']:>5.2f}  {f['margin']:>+6.1f}")
    if advice.equal > 1:
        out(f"about equal: the {advice.equal} steps marked ~ (their wins differ by less than "
            "the search's noise): no one best")
    else:
        out(f"best: {lead['step']} (beyond the search's noise)")
    out(f"expected line: {'; '.join(lead['line'])}")
    out(f"expected points margin: {lead['margin']:+.1f}")
    return OK


@command("Each decision of a game: the step played, the best, the loss.")
@contract()
def analyse(
    path: Annotated[str, typer.Argument(
        metavar="FILE", show_default=False, autocompletion=complete.paths,
        help="A record (.kh); - reads stdin.")],
    player: Annotated[str | None, typer.Option(
        "--player", "-P", metavar="COLOUR", show_default=False,
        autocompletion=complete.colour,
        help="Only the decisions of this player (default: every player's).")] = None,
    game: GameOpt = None,
    budget: BudgetOpt = None,
    seconds: TimeOpt = None,
    seed: SearchSeedOpt = 0,
    board: BoardOpt = None,
    trust_board_paths: TrustOpt = False,
    max_bytes: MaxOpt = None,
    output: FormatOpt = Format.text,
) -> int:
    """For each decision of the game (each step a player made with more than one legal
    step), the point it was made at (--to N: after step N, so keyharvest hint FILE --to N
    searches the same decision), the step played, the search bot's best step there and the
    estimated loss: how much lower the played step's mean result is (win share, or the
    worth on points where a playout stopped early; 0 to 1), with the noise of that loss
    and the points margin lost. A loss more than its noise is marked: ? from 0.1, ?? from
    0.2; the largest losses are listed at the end. The search uses only what the player to
    move may know (RULES.md I.27). With --format json, a line per decision, then the
    summary."""
    text, source, access = _search_input(path, budget, seconds, board, trust_board_paths,
                                         max_bytes)
    from ..notation import format_step
    from ..play.advice import decisions, weigh
    from ..play.replay import locate

    with diagnosing(text, source):
        at = locate(text, source, None, game=game, access=access)
    if at.record is None:
        from ..formats.diagnostics import Diagnostic

        raise Failure([Diagnostic(f"{source} is a position, one moment of a game: analyse "
                                  "goes over a record's steps (keyharvest hint searches a "
                                  "position)", source)])
    if player is not None and player not in at.record.setup.players:
        raise typer.BadParameter(
            f"{player!r} does not play in this game (the players are "
            f"{', '.join(at.record.setup.players)})", param_hint="'--player'")
    with diagnosing(text, source):
        todo = decisions(at.record, player)
    emit([note(n, source) for n in at.notes])
    rows: list[dict[str, Any]] = []
    with progress("analysing", len(todo)) as advance:
        for index, state, step in todo:
            d = weigh(index, state, step, budget=budget, seconds=seconds, seed=seed)
            advance(1)
            row = {"to": d.index, "turn": d.turn, "player": d.player,
                   "played": format_step(d.played.step), "best": format_step(d.best.step),
                   "played_win": round(d.played.win, 4), "best_win": round(d.best.win, 4),
                   "loss": round(d.loss, 4), "noise": round(d.noise, 4),
                   "margin_loss": round(d.margin_loss, 2), "mark": d.mark,
                   "simulations": d.simulations}
            rows.append(row)
            result("decision", row)
    worst = sorted((r for r in rows if r["loss"] > 0), key=lambda r: -r["loss"])[:3]
    if is_json(output):
        summary(True, source=source, game=at.game, decisions=len(rows),
                mistakes=sum(r["mark"] == "?" for r in rows),
                blunders=sum(r["mark"] == "??" for r in rows), seed=seed, budget=budget,
                largest=[r["to"] for r in worst])
        return OK
    played_w = max([len("played")] + [len(r["played"]) for r in rows])
    best_w = max([len("best")] + [len(r["best"]) for r in rows])
    out(f"  --to  turn  {'player':<7} {'played':<{played_w}}  {'best':<{best_w}}   loss  "
        "noise")
    for r in rows:
        best = "=" if r["best"] == r["played"] else r["best"]
        out(f"{r['to']:>6}  {r['turn']:>4}  {r['player']:<7} {r['played']:<{played_w}}  "
            f"{best:<{best_w}}  {r['loss']:.3f}  {r['noise']:.3f} {r['mark']}".rstrip())
    marked = [r for r in rows if r["mark"]]
    out(f"{len(rows)} decision{'s' if len(rows) != 1 else ''}: "
        f"{sum(r['mark'] == '??' for r in marked)} marked ??, "
        f"{sum(r['mark'] == '?' for r in marked)} marked ?")
    if worst:
        out("largest losses: " + "; ".join(
            f"--to {r['to']} (turn {r['turn']}, {r['player']}) {r['loss']:.3f}"
            for r in worst))
    return OK


# -- fmt -----------------------------------------------------------------------------------------
@command("Write records in canonical form, or check or rewrite them.")
@contract()
def fmt(
    paths: PathsArg,
    check: Annotated[bool, typer.Option(
        "--check", help="Write nothing; list the files not in canonical form, exit 1 if "
                        "there are any.")] = False,
    write: Annotated[bool, typer.Option(
        "--write", "-w", help="Rewrite files in place (atomically); list those changed. "
                              "A file that does not read is never touched.")] = False,
    show_diff: Annotated[bool, typer.Option(
        "--diff", help="Write nothing; print a unified diff of what --write would change "
                       "(with --check, exit 1 if there is any).")] = False,
    force: ForceOpt = False,
    board: BoardOpt = None,
    trust_board_paths: TrustOpt = False,
    max_bytes: MaxOpt = None,
    quiet: QuietOpt = False,
    output: FormatOpt = Format.text,
) -> int:
    """Write records in canonical form: to stdout (the default), or check, show the
    changes (--diff) or rewrite the files. A folder stands for its .kh files."""
    if write and (check or show_diff):
        raise typer.BadParameter("--write excludes --check and --diff",
                                 param_hint="'--write'")
    if write and "-" in paths:
        raise typer.BadParameter("--write rewrites files; stdin is not one: 'keyharvest "
                                 "fmt -' writes the canonical form to stdout",
                                 param_hint="'FILE'")
    existing(paths)
    import os

    from ..formats.diagnostics import Diagnostic
    from ..formats.safewrite import sweep_once, write_file
    from ..play.inputs import format_paths, format_text

    access = _access(board, trust_board_paths)
    limit = _limit(max_bytes)
    json_mode = is_json(output)
    files = bad = 0
    changed: list[str] = []
    first = True
    for path in format_paths(paths):
        if write:  # a killed run's temporary files go, even where nothing is rewritten
            sweep_once(os.path.dirname(os.path.abspath(path)))
        files += 1
        data: dict[str, object] = {"source": path, "ok": True, "canonical": None,
                                   "written": False}
        try:
            text, source = read_input(path, limit)
        except Failure as exc:
            diagnostics = exc.diagnostics
        else:
            done = format_text(text, source, None if path == "-" else path, access=access)
            diagnostics = done.diagnostics
        if diagnostics:
            bad += 1
            if json_mode:
                result("file", {**data, "ok": False}, diagnostics)
            else:
                emit(diagnostics)
            continue
        canonical = done.canonical
        assert canonical is not None  # a text that reads has a canonical form
        data["canonical"] = done.same
        if not done.same:
            changed.append(path)
        if show_diff:
            patch = _unified_diff(text, canonical, source) if not done.same else ""
            data["diff"] = patch
            if not json_mode:
                out(patch, end="")
        elif check:
            if not done.same:
                say(path)
        elif write:
            if not done.same:
                try:
                    write_file(path, canonical, force=force)
                except OSError as exc:  # refused, or the disk is full: the file is as it was
                    bad += 1
                    failure = Diagnostic(_os_reason(exc), path, kind="io")
                    if json_mode:
                        result("file", {**data, "ok": False}, [failure])
                    else:
                        emit([failure])
                    continue
                data["written"] = True
                say(path)
        elif json_mode:
            data["text"] = canonical
        else:
            out(canonical if first else "\n" + canonical, end="")
            first = False
        result("file", data, [])
    if check and changed and not quiet:
        emit([note(_fmt_advice(changed, show_diff))])
    summary(not bad and not (check and changed), files=files, changed=len(changed),
            bad=bad)
    return INVALID if bad or (check and changed) else OK


def _unified_diff(text: str, canonical: str, source: str) -> str:
    """What ``fmt --write`` would change, as a unified diff (3 lines of context)."""
    import difflib

    lines = difflib.unified_diff(text.splitlines(keepends=True),
                                 canonical.splitlines(keepends=True),
                                 fromfile=source, tofile=f"{source} (canonical)")
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
                   for line in lines)


def _fmt_advice(changed: list[str], shown: bool) -> str:
    """The note after ``fmt --check`` found text not in canonical form: what fixes it
    (``--write`` for files; stdin cannot be rewritten, ``fmt -`` prints it) and, unless
    shown already, how to see the changes (``--diff``)."""
    if changed == ["-"]:
        see = "" if shown else ", 'keyharvest fmt --diff -' shows the changes"
        return f"stdin is not in canonical form: 'keyharvest fmt -' writes it{see}"
    see = "" if shown else "; --diff shows the changes"
    files = "1 file is" if len(changed) == 1 else f"{len(changed)} files are"
    them = "it" if len(changed) == 1 else "them"
    return f"{files} not in canonical form: 'keyharvest fmt --write' rewrites {them}{see}"


# -- new and record: a dealt setup -------------------------------------------------------------
PlayersOpt = Annotated[str | None, typer.Option(
    "--players", "-p", show_default=False, autocompletion=complete.colours,
    help="The colours in seating order, like red,green,yellow (or a number: the first "
         "N colours).")]
SeedOpt = Annotated[int | None, typer.Option(
    "--seed", "-s", min=0, show_default=False,
    help="Deal with this seed (default: a random one, written in the record).")]
StartOpt = Annotated[str | None, typer.Option(
    "--start", show_default=False, autocompletion=complete.colour,
    help="Who plays first (default: dealt).")]
EventOpt = Annotated[str | None, typer.Option(
    "--event", show_default=False, help="The event's name, for the metadata.")]
DateOpt = Annotated[str | None, typer.Option(
    "--date", metavar="YYYY-MM-DD", show_default=False,
    help="The date of play, for the metadata.")]


def _dealt_record(players: str | None, seed: int | None, start: str | None, event: str | None,
                  date: str | None) -> "Record":
    """The record ``new`` and ``record`` start: a dealt setup for ``--players``."""
    from ..formats.template import new_record, parse_players

    try:
        colours = parse_players(players or "")
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="'--players'") from None
    if start is not None:
        start = start.strip().lower()
        if start not in colours:
            raise typer.BadParameter(f"{start!r} is not playing (the players are "
                                     f"{', '.join(colours)})", param_hint="'--start'")
    metadata: dict[Any, Any] = {}
    if event is not None:
        metadata["event"] = event
    if date is not None:
        import datetime

        try:
            metadata["date"] = datetime.date.fromisoformat(date)
        except ValueError:
            raise typer.BadParameter(f"{date!r} is not a date like 2024-05-01",
                                     param_hint="'--date'") from None
    return new_record(colours, seed=seed, start=start, metadata=metadata)


# -- new -----------------------------------------------------------------------------------------
@command("Start a record: a dealt setup and no steps yet.")
@contract()
def new(
    players: PlayersOpt,
    seed: SeedOpt = None,
    start: StartOpt = None,
    event: EventOpt = None,
    date: DateOpt = None,
    output: FormatOpt = Format.text,
) -> int:
    """A new record with a dealt setup and an empty movetext, ready to be filled in at
    the table."""
    record = _dealt_record(players, seed, start, event, date)
    from ..formats.records import format_record

    text = format_record(record)
    if is_json(output):
        result("record", {"seed": record.metadata["meta"]["seed"],
                          "players": list(record.players), "start": record.setup.start,
                          "record": text})
    else:
        out(text, end="")
    return OK


# -- selfplay ------------------------------------------------------------------------------------
@command("Bots play whole games and write them as records.")
@contract()
@calls(run_selfplay)
def selfplay(
    players: Annotated[int, typer.Option(
        "--players", "-p", min=2, max=4, help="Players per game.")] = 4,
    seed: Annotated[int | None, typer.Option(
        "--seed", "-s", min=0, show_default=False,
        help="The run's seed (default: a random one, printed on stderr and written in every "
             "record).")] = None,
    games: Annotated[int, typer.Option("--games", "-n", min=0, help="How many games.")] = 1,
    dest: Annotated[str, typer.Option(
        "--out", "-o", metavar="DIR|-", autocompletion=complete.folder,
        help="A folder for one file per game, or - for all on stdout.")] = "-",
    jobs: JobsOpt = 1,
    bot: Annotated[str, typer.Option(
        "--bot", "-b", autocompletion=complete.bot,
        help="The bot for every seat: random, greedy, or mcts (the search bot at its "
                            "default budget, about a second a step).")] = "random",
    force: Annotated[bool, typer.Option(
        "--force", help="Replace records of the same names in --out DIR (by default an "
                        "existing one is an error and nothing is written).")] = False,
    cluster: ClusterOpt = None,
    cluster_timeout: ClusterTimeoutOpt = 10,
    quiet: QuietOpt = False,
    output: FormatOpt = Format.text,
) -> None:
    """Bots play whole games and write them as records. The same seed gives the same
    records, byte for byte, whatever --jobs is."""



# -- arena ---------------------------------------------------------------------------------------
@command("Bots play each other, seats rotated: win shares with intervals.")
@contract()
@calls(run_arena)
def arena(
    bots: Annotated[list[str], typer.Argument(
        metavar="BOT", show_default=False, autocompletion=complete.bot,
        help="The bots, at least two (random, greedy, or mcts: the search bot); "
             "fewer than --players fill the seats in turn.")],
    players: Annotated[int, typer.Option(
        "--players", "-p", min=2, max=4, help="Players per game.")] = 2,
    games: Annotated[int, typer.Option(
        "--games", "-n", min=1, metavar="N", help="How many games.")] = 20,
    budget: Annotated[int | None, typer.Option(
        "--budget", min=1, metavar="N", show_default=False,
        help="Simulations a step for mcts (default 250, about a second a step).")] = None,
    seed: Annotated[int | None, typer.Option(
        "--seed", "-s", min=0, show_default=False,
        help="The run's seed (default: a random one, printed on stderr).")] = None,
    jobs: JobsOpt = 1,
    dest: Annotated[str | None, typer.Option(
        "--out", "-o", metavar="DIR", show_default=False, autocompletion=complete.folder,
        help="Keep every game as a record in DIR (arena-SEED-000N.kh).")] = None,
    force: Annotated[bool, typer.Option(
        "--force", help="Replace records of the same names in --out DIR.")] = False,
    cluster: ClusterOpt = None,
    cluster_timeout: ClusterTimeoutOpt = 10,
    quiet: QuietOpt = False,
    output: FormatOpt = Format.text,
) -> None:
    """Bots play each other: game N turns the seats by N, so over a multiple of --players
    games each bot named plays each seat equally. Prints each bot's win share (RULES.md G;
    a game stopped at the turn limit has no winner, I.55) with its 95% Wilson interval,
    mean points and an Elo-style rating. The same seed gives the same table whatever
    --jobs or --cluster is."""


def _os_reason(exc: OSError) -> str:
    reason = exc.strerror or str(exc)
    return f"{reason[:1].lower()}{reason[1:]}"


# -- render --------------------------------------------------------------------------------------
@command("Draw a position as SVG, or a replay as an HTML viewer.")
@contract()
def render(
    path: PathArg,
    dest: Annotated[str, typer.Option(
        "--out", "-o", metavar="FILE.svg|FILE.html", show_default=False,
        autocompletion=complete.paths,
        help="The picture to write: .svg (the position) or .html (a viewer replaying the "
             "game up to the point).")],
    to: ToOpt = None,
    game: GameOpt = None,
    player: Annotated[str | None, typer.Option(
        "--player", show_default=False, autocompletion=complete.colour,
        help="Draw only this player's board.")] = None,
    view: ViewOpt = None,
    force: ForceOpt = False,
    board: BoardOpt = None,
    trust_board_paths: TrustOpt = False,
    max_bytes: MaxOpt = None,
    quiet: QuietOpt = False,
    output: FormatOpt = Format.text,
) -> int:
    """Draw a position as SVG, or a whole replay as a self-contained HTML viewer."""
    suffix = dest.rsplit(".", 1)[-1].lower() if "." in dest else ""
    if suffix not in ("svg", "html"):
        raise typer.BadParameter("the file name must end in .svg or .html",
                                 param_hint="'--out'")
    point = _point(to)
    existing([path], "'FILE'")
    access = _access(board, trust_board_paths)
    limit = _limit(max_bytes)
    text, source = read_input(path, limit)
    from ..play.replay import locate
    from ..render import render_file
    from ..render.html import game_title

    with diagnosing(text, source):
        at = locate(text, source, point, game=game, each=suffix == "html", access=access)
        what: State | list[Frame] = at.state if suffix == "svg" else at.frames()
        views = None
        if view is not None:
            from ..play.view import located_views

            views = located_views(at, _viewer(at, view))
        title = None if at.record is None else game_title(at.record.players,
                                                          at.record.metadata)
        try:
            written = render_file(dest, what, player=player.lower() if player else None,
                                  title=title, unknown=at.unknown, force=force, views=views)
        except OSError as exc:
            from ..formats.diagnostics import Diagnostic

            raise Failure([Diagnostic(_os_reason(exc), dest, kind="io")]) from None
    emit([note(n, source) for n in at.notes])
    from .shapes import located_dict

    result("picture", {"ok": True, **located_dict(at), "output": str(written),
                       "frames": len(what) if isinstance(what, list) else 1}, [])
    say(str(written))
    return OK


# -- record --------------------------------------------------------------------------------------
@command("Record a game live at the table, a step at a time.")
@contract()
def record(
    path: Annotated[str, typer.Argument(
        metavar="FILE", show_default=False, autocompletion=complete.paths,
        help="The record to write: a new file is started, an existing one resumed.")],
    players: PlayersOpt = None,
    seed: SeedOpt = None,
    start: StartOpt = None,
    event: EventOpt = None,
    date: DateOpt = None,
    setup: Annotated[str | None, typer.Option(
        "--setup", metavar="RECORD", show_default=False, autocompletion=complete.paths,
        help="Start from the setup (front matter) of this record instead of dealing.")] = None,
) -> int:
    """Record a game live at the table: type each step as it is played; each is checked
    at once and written to FILE, which is always a valid record (resume it by running
    the command again). Tab completes the legal next steps; 'help' lists the commands.
    Needs a terminal and the extra keyharvest[record] (prompt_toolkit)."""
    import os

    from .record import missing_prompt_toolkit, not_a_terminal, run
    from .support import USAGE

    problem = missing_prompt_toolkit() or not_a_terminal()
    if problem is not None:
        err(f"keyharvest: {problem}")
        return USAGE
    from ..play.live import LiveRecord

    if os.path.exists(path):
        if players is not None or setup is not None:
            raise typer.BadParameter(f"{path} exists: run 'keyharvest record {path}' to go "
                                     "on with it, or name a new file", param_hint="'FILE'")
        text, source = read_input(path)
        with diagnosing(text, source):
            from ..formats.records import load_record

            live = LiveRecord(load_record(text, source), _saver(path))
    else:
        if (players is None) == (setup is None):
            raise typer.BadParameter(f"{path} does not exist: to start it give --players "
                                     "(a dealt setup) or --setup RECORD", param_hint="'FILE'")
        if setup is not None:
            text, source = read_input(setup)
            with diagnosing(text, source):
                from ..formats.records import load_record

                first = load_record(text, source)
            first.steps, first.comments = [], []
            started = first
        else:
            started = _dealt_record(players, seed, start, event, date)
        live = LiveRecord(started, _saver(path))
        live.save(live.text())
    return run(live, path)


def _saver(path: str) -> Callable[[str], None]:
    """Save a live record: the whole canonical text, by the safe writer
    (``formats.safewrite``: atomically, through a link, keeping the mode)."""
    from ..formats.safewrite import write_file

    def save(text: str) -> None:
        write_file(path, text)
    return save


# -- board ---------------------------------------------------------------------------------------
@command("Draw a board as text: its spaces and what they hold.")
@contract()
def board(
    path: Annotated[str | None, typer.Argument(
        metavar="FILE", show_default=False, autocompletion=complete.paths,
        help="A board file (TOML, as keyharvest/data/board.toml); - reads stdin; "
             "default: the standard board.")] = None,
    output: FormatOpt = Format.text,
) -> int:
    """Draw a board as text: its spaces (reference, crop, starting pair), rows offset as
    on the board, then the spaces' numbers (1-56 in the board file's order; the notation
    takes a number wherever it takes a reference), the starting pairs and the crops
    counted. With --format json, one object per space, then the pairs in the summary."""
    from ..formats.boardfile import parse_board, standard_board
    from ..render.textboard import board_picture

    if path is None:
        b = standard_board()
    else:
        existing([path], "'FILE'")
        text, source = read_input(path)
        with diagnosing(text, source):
            b = parse_board(text, source)
    if not is_json(output):
        out(board_picture(b))
        return OK
    pair_of = {ref: n for n, pair in enumerate(b.starting_pairs, 1) for ref in pair}
    number = {ref: n for n, ref in enumerate(b.numbered, 1)}
    for ref in b.references:
        x, y = b.positions[ref]
        result("space", {"space": ref, "number": number[ref], "crop": b.crops[ref],
                         "x": x, "y": y, "starting_pair": pair_of.get(ref)})
    from ..model.catalogue import CROPS

    summary(True, name=b.name, spaces=len(b.references),
            starting_pairs=[list(p) for p in b.starting_pairs],
            crops={c: sum(1 for v in b.crops.values() if v == c) for c in CROPS})
    return OK


# -- rules ---------------------------------------------------------------------------------------
@command("The rules the errors cite: one section, or the list of them.")
@contract()
def rules(
    rule: Annotated[str | None, typer.Argument(
        metavar="ID", show_default=False,
        help="A section of the rules, as errors cite it: C.4, I.55, J; default: list "
             "them all.")] = None,
    output: FormatOpt = Format.text,
) -> int:
    """The rules specification that errors cite (RULES.md, shipped with the program):
    `keyharvest rules C.4` prints that section, `keyharvest rules` lists every section's
    id and title. With --format json, one object per section (type "rule"; with ID, its
    text too), then the summary. An unknown ID is exit 1, with the nearest one."""
    from ..formats.diagnostics import Diagnostic
    from ..formats.rulebook import section, sections, unknown_message

    if rule is None:
        found = list(sections().values())
        for s in found:
            result("rule", {"id": s.id, "title": s.title})
            if not is_json(output):
                out(f"{'  ' * s.id.count('.')}{s.id:<6}{s.title}")
        summary(True, sections=len(found))
        return OK
    try:
        s = section(rule)
    except KeyError:
        raise Failure([Diagnostic(unknown_message(rule), "RULES.md", kind="name",
                                  hint="`keyharvest rules` lists the sections")]) from None
    result("rule", {"id": s.id, "title": s.title, "text": s.text})
    if not is_json(output):
        out(s.text)
    summary(True, sections=1)
    return OK


def _app_for(args: Sequence[str]) -> typer.Typer:
    """The app to run for the arguments ``args``: when the first one names a command, a
    copy of ``app`` holding that command alone, so that Typer builds the Click command (its
    options and their checks) of the command that runs and not of the ten others (some
    40 ms). Its options, help, messages and exit codes are the command's own, whoever its
    siblings are. When the shell asks for completions (and ``complete.answer`` has left it
    to Typer), the words it has typed in full (``complete.request``) stand for the
    arguments: a Tab after a command's name builds that command alone too. Anything else
    (no command, an option first, a misspelt command, a command's name being typed) runs
    ``app`` with every command."""
    import copy

    try:
        if completing():
            asked = complete.request()
            args = asked[1] if asked is not None else []
        if not args:
            return app
        from typer.main import get_command_name

        chosen = [c for c in app.registered_commands
                  if (c.name or get_command_name(c.callback.__name__)) == args[0]]  # type: ignore[union-attr]
        if len(chosen) != 1:
            return app
        one = copy.copy(app)
        one.registered_commands = chosen
        return one
    except Exception:  # noqa: BLE001 - an app of another shape: every command, as always
        return app
