"""The one declaration of the ``keyharvest`` command line (Typer): each command is its
declaration (its arguments and options, their help, the command's help) and one call, by
keyword, to its body, which lives with its concern:

- ``check``: validate, score, diff (checking and comparing games);
- ``show``: replay, moves, render, board, rules (showing a game, a board, the rules);
- ``advise``: hint, analyse (the search bot's advice);
- ``canonical``: fmt (records in canonical form);
- ``recording``: new, record (a dealt setup; a game recorded live);
- ``bots``: selfplay, arena (bots playing whole games);
- ``collection``: filter, standings, stats (a collection of games).

What every command shares is elsewhere: the contract, its exit codes and its output
(``support``), the prelude of a command that reads files (``inputs``), the text and JSON
shapes (``shapes``). To add an option: declare it here and take it, by keyword, in the
body; CONTRIBUTING.md says what to regenerate. Start-up is kept cheap: this module imports
only Typer and the light body modules, which import what they need when they run. Help
is plain text (``rich_markup_mode=None``) so that ``--help`` never imports rich.
"""

import functools
from collections.abc import Callable, Sequence
from typing import Annotated, Any

import typer

from ..play.bounds import (  # the bound of every count and time, and the check of --time
    MAX_BUDGET,
    MAX_GAMES,
    MAX_JOBS,
    MAX_SECONDS,
    MAX_SHOWN_ERRORS,
    MAX_TOP,
    MAX_WAIT_SECONDS,
    MIN_SECONDS,
    check_search,
)
from . import advise, bots, canonical, check, collection, complete, show
from . import record as recording
from .helptext import HelpCommand, HelpGroup
from .inputs import Format, ReplayFormat
from .support import INVALID, completing, contract

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

#: Each command's body, by its name (``tests/test_cli_declaration.py`` holds that each
#: takes, by keyword, exactly the options its command declares).
BODIES: dict[str, Callable[..., int | None]] = {}


def command(short_help: str, body: Callable[..., int | None], *, trouble: int = INVALID,
            examples: Sequence[str] = ()
            ) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Declare a command of ``app``: the function decorated is its declaration (its
    parameters, their options, its help; it has no body of its own), ``short_help`` its
    one-line summary (``keyharvest --help`` lists it whole), ``body`` what it runs, called
    with every option by keyword under the contract (``support.contract``; ``trouble``:
    the exit code of bad input). Its help page is written by ``helptext.HelpCommand`` and
    ends with ``examples``: command lines that run as written, pasted into a shell in any
    folder, in order (``tests/test_help_examples.py`` runs them)."""

    def declare(declaration: Callable[..., None]) -> Callable[..., None]:
        @functools.wraps(declaration)
        def run(**options: Any) -> int | None:
            return body(**options)

        BODIES[declaration.__name__] = body
        return app.command(cls=HelpCommand, short_help=short_help,
                           epilog="\n".join(examples) or None)(contract(trouble=trouble)(run))

    return declare


# -- the options the commands share --------------------------------------------------------------
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
    "--max-errors", min=1, max=MAX_SHOWN_ERRORS, metavar="N",
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
    "--cluster-timeout", metavar="SECONDS", min=1, max=MAX_WAIT_SECONDS,
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
# the search (hint, analyse)
BudgetOpt = Annotated[int | None, typer.Option(
    "--budget", min=1, max=MAX_BUDGET, metavar="N", show_default=False,
    help="Simulations of the search a decision (default 1000, four times a bot's: some "
         "1-2 s of CPU each in the compiled build, up to 4 s late in a game, 2-3 times "
         "as long in the pure build, as measured on 2 cores: docs/search.md).")]


def _seconds(text: str) -> float:
    """``--time``'s value read by keyharvest itself, so that nan and inf are refused with
    one usage error under every Typer and Click (Click before 8.2 lets nan through a
    range; later Typers check ranges with pydantic): the library's check of the bound."""
    try:
        value = float(text)
    except ValueError:
        raise typer.BadParameter(f"{text!r} is not a number of seconds") from None
    try:
        check_search(None, value)
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None
    return value


TimeOpt = Annotated[float | None, typer.Option(
    "--time", min=MIN_SECONDS, max=MAX_SECONDS, parser=_seconds, metavar="SECONDS",
    show_default=False,
    help="Search for SECONDS a decision instead of a budget (the advice then depends on "
         "the machine's speed).")]
SearchSeedOpt = Annotated[int, typer.Option(
    "--seed", "-s", min=0, help="The search's seed: the same seed and --budget give the "
                                "same advice.")]
# a dealt setup (new, record)
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


def _version(value: bool) -> None:
    if value:
        from .. import __version__, build_kind

        typer.echo(f"keyharvest {__version__} ({build_kind()})")
        raise typer.Exit()


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


@command('Check records and positions by the rules; exit 1 if any is bad.', check.validate,
         examples=(
    "keyharvest selfplay -n 3 -s 1 | keyharvest validate -",
    "keyharvest new -p 3 -s 7 | keyharvest validate --format json -",
))
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


HtmlOpt = Annotated[str | None, typer.Option(
    "--html", metavar="FILE.html", show_default=False, autocompletion=complete.paths,
    help="Also write a self-contained HTML page with the charts to FILE.html (no "
         "network needed to view it).")]
RecordsArg = Annotated[list[str], typer.Argument(
    metavar="FILE", show_default=False, autocompletion=complete.paths,
    help="Records (.kh); a folder stands for its files; - reads stdin.")]


@command("The records that match a query, unchanged (or counted).", collection.select, examples=(
    "keyharvest selfplay -n 9 -s 1 | keyharvest filter 'winner = red' --count -",
    "keyharvest selfplay -n 9 -s 1 | keyharvest filter -v 'winner = red' -",
))
def filter(
    query: Annotated[str, typer.Argument(
        metavar="QUERY", show_default=False,
        help='Which games: winner = red and players = 4 and has "buy B7 from *" '
             "(docs/query.md).")],
    paths: RecordsArg,
    count: Annotated[bool, typer.Option(
        "--count", "-c", help="Print only the number of games that match.")] = False,
    invert: Annotated[bool, typer.Option(
        "--invert-match", "-v", help="Keep the games that do not match.")] = False,
    rejects: Annotated[str | None, typer.Option(
        "--rejects", metavar="FILE", show_default=False, autocompletion=complete.paths,
        help="Append the original text of every bad record to FILE, each after a comment "
             "line, as validate --rejects does.")] = None,
    jobs: JobsOpt = 1,
    max_bytes: MaxOpt = None,
    cluster: ClusterOpt = None,
    cluster_timeout: ClusterTimeoutOpt = 10,
    quiet: QuietOpt = False,
    output: FormatOpt = Format.text,
) -> None:
    """Write the records that match QUERY to stdout exactly as they are in the input
    (the same bytes, in the same order), or with --format json a line per game, or with
    --count their number. Every record is replayed: a bad one is reported on stderr as
    validate reports it (exit 1), never silently left out. The query language:
    docs/query.md.
    """


@command("A tournament's table by person: wins, points, places, ratings.",
         collection.standings, examples=(
    "keyharvest selfplay -p 3 -n 10 -s 1 | keyharvest standings --by colour -",
))
def standings(
    paths: RecordsArg,
    by: Annotated[collection.By, typer.Option(
        "--by", help="person (the [names] of the front matter; an unnamed seat is its "
                     "colour in brackets) or colour.")] = collection.By.person,
    html: HtmlOpt = None,
    force: ForceOpt = False,
    jobs: JobsOpt = 1,
    max_bytes: MaxOpt = None,
    cluster: ClusterOpt = None,
    cluster_timeout: ClusterTimeoutOpt = 10,
    quiet: QuietOpt = False,
    output: FormatOpt = Format.text,
) -> None:
    """The standings of the finished games: per person, games, wins (a drawn game's win
    shared), points, mean place, field tiles and crops, ordered by wins, then points,
    field tiles and crops (RULES.md G's order), with an OpenSkill rating (mu - 3 sigma,
    and mu and sigma; needs keyharvest[standings]) from the games in date order.
    Unfinished games and bad records are counted apart.
    """


@command("Seats, lengths, points and first steps of a collection.", collection.stats, examples=(
    "keyharvest selfplay -p 3 -n 10 -s 1 | keyharvest stats -",
    "keyharvest selfplay -n 9 -s 1 | keyharvest stats --html stats.html -",
))
def stats(
    paths: RecordsArg,
    html: HtmlOpt = None,
    first_steps: Annotated[int, typer.Option(
        "--top", metavar="N", min=1, max=MAX_TOP,
        help="How many of the most frequent first steps to show.")] = 10,
    force: ForceOpt = False,
    jobs: JobsOpt = 1,
    max_bytes: MaxOpt = None,
    cluster: ClusterOpt = None,
    cluster_timeout: ClusterTimeoutOpt = 10,
    quiet: QuietOpt = False,
    output: FormatOpt = Format.text,
) -> None:
    """Statistics of the finished games, for each number of players: the win share of
    each seat from the start player with a 95% Wilson interval, the turns, points,
    winner's points and margin (mean and quartiles), and the start player's first steps
    with their win shares. Unfinished games and bad records are counted apart.
    """


@command('Replay a record to a point and show the position there.', show.replay, examples=(
    "keyharvest selfplay -s 1 | keyharvest replay - --to 'turn 3'",
    "keyharvest selfplay -s 1 | keyharvest replay - --to 12 -f toml > pos.toml",
))
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
) -> None:
    """Replay a record to a point and show the position there (or every position)."""


@command('The itemised score of finished records or final positions.', check.score, examples=(
    "keyharvest selfplay -s 1 | keyharvest score -",
    "keyharvest selfplay -n 3 -s 1 | keyharvest score --format json -",
))
def score(
    paths: PathsArg,
    to: ToOpt = None,
    board: BoardOpt = None,
    trust_board_paths: TrustOpt = False,
    max_bytes: MaxOpt = None,
    output: FormatOpt = Format.text,
) -> None:
    """The itemised score of finished records or final positions (a hand-written final
    table will do): group tiles, worker points, majorities, tie-breaks, the winner.

    A game that has not ended has no winner (RULES.md I.55): its standings so far are
    printed, headed as not finished, with who is leading on points instead of a winner
    (exit 0). Every record of every file is scored (at --to, if given). With --format
    json, one object per game (type "score"), then the summary.
    """


@command('Where two records part: the first step that differs.', check.diff, trouble=2, examples=(
    "keyharvest selfplay -s 1 > a.kh",
    "keyharvest selfplay -s 2 | keyharvest diff a.kh -",
))
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
) -> None:
    """Where two records part: the first step that differs (file:line and text on each
    side), then how the positions differ just after it and at the end. Two positions (or a
    record and a position) are compared as tables.

    Exit 0 when the games are the same, 1 when they differ, 2 for trouble (as diff does).
    """


@command('The legal next steps at a point of a record.', show.moves, examples=(
    "keyharvest new -p 2 -s 7 | keyharvest moves -",
    "keyharvest selfplay -s 1 | keyharvest moves - --to 'turn 5' --all",
))
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
) -> None:
    """The legal next steps at the point (the end of the record by default), one per
    line in notation; each one parses and applies. Where a choice is a multiset of crops
    or a subset of tiles the listing is representative (bids of one and two crops, whole
    groups and single tiles); --all lists every legal step."""


@command("The search bot's best next steps at a point of a record.", advise.hint, examples=(
    "keyharvest new -p 2 -s 7 | keyharvest hint - --budget 50",
    "keyharvest selfplay -s 1 | keyharvest hint - --to 'turn 5' --budget 50",
))
def hint(
    path: PathArg,
    to: ToOpt = None,
    game: GameOpt = None,
    budget: BudgetOpt = None,
    seconds: TimeOpt = None,
    seed: SearchSeedOpt = 0,
    top: Annotated[int, typer.Option(
        "--top", "-k", min=1, max=MAX_TOP, metavar="K", help="How many steps to show.")] = 3,
    jobs: Annotated[int, typer.Option(
        "--jobs", "-j", min=1, max=MAX_JOBS,
        help="Search as N independent searches in N processes, each of its part of the "
             "budget, their results summed (the same --seed and --jobs give the same "
             "hint).")] = 1,
    board: BoardOpt = None,
    trust_board_paths: TrustOpt = False,
    max_bytes: MaxOpt = None,
    output: FormatOpt = Format.text,
) -> None:
    """The best K next steps for the player to move at the point (the end of the record by
    default), by the search bot (mcts): each in notation with the share of the search's
    simulations it had and its expected result for that player, the mean win share
    ("win": the standing on points where a playout stopped before the end) with its noise
    (the half width of a 95% interval) and the points margin over the best other player.
    Steps whose wins are within the noise of the most visited one are marked ~ and said to
    be about equal: no one of them is best. Then the line the search expects (the most
    visited continuation) and its points margin. The search uses only what that player
    may know (RULES.md I.27); every step shown is legal there."""


@command('Each decision of a game: the step played, the best, the loss.', advise.analyse, examples=(
    "keyharvest selfplay -s 1 | keyharvest analyse - --player red --budget 3",
))
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
    jobs: Annotated[int, typer.Option(
        "--jobs", "-j", min=0, max=MAX_JOBS,
        help=f"Processes to weigh the decisions in (0: one per core; at most {MAX_JOBS}); "
             "the same decisions whatever it is.")] = 1,
    board: BoardOpt = None,
    trust_board_paths: TrustOpt = False,
    max_bytes: MaxOpt = None,
    quiet: QuietOpt = False,
    output: FormatOpt = Format.text,
) -> None:
    """For each decision of the game (each step a player made with more than one legal
    step), the point it was made at (--to N: after step N, so keyharvest hint FILE --to N
    searches the same decision), the step played, the search bot's best step there and the
    estimated loss: how much lower the played step's mean result is (win share, or the
    standing on points where a playout stopped early; 0 to 1), with the noise of that loss
    and the points margin lost. A loss more than its noise is marked: ? from 0.1, ?? from
    0.2; the largest losses are listed at the end. The search uses only what the player to
    move may know (RULES.md I.27). At the default --budget a whole game (200 to 300
    decisions) takes some 5 to 7 minutes of CPU in the compiled build, two to three times
    that in the pure build: --jobs shares the decisions among cores, --budget 250 takes a
    quarter of the time. With --format json, a line per decision, then the summary."""


@command('Write records in canonical form, or check or rewrite them.', canonical.fmt, examples=(
    "keyharvest selfplay -s 1 | keyharvest fmt -",
    "keyharvest new -p 2 -s 7 | keyharvest fmt --check -",
))
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
) -> None:
    """Write records in canonical form: to stdout (the default), or check, show the
    changes (--diff) or rewrite the files. A folder stands for its .kh files."""


@command('Start a record: a dealt setup and no steps yet.', recording.new, examples=(
    "keyharvest new -p red,green,yellow -s 7 > game.kh",
    "keyharvest new -p 4 --start orange --event 'club night'",
))
def new(
    players: PlayersOpt,
    seed: SeedOpt = None,
    start: StartOpt = None,
    event: EventOpt = None,
    date: DateOpt = None,
    output: FormatOpt = Format.text,
) -> None:
    """A new record with a dealt setup and an empty movetext, ready to be filled in at
    the table."""


@command('Bots play whole games and write them as records.', bots.selfplay, examples=(
    "keyharvest selfplay -p 3 -n 10 -s 1 --out games",
    "keyharvest selfplay --bot greedy -s 1 | keyharvest score -",
))
def selfplay(
    players: Annotated[int, typer.Option(
        "--players", "-p", min=2, max=4, help="Players per game.")] = 4,
    seed: Annotated[int | None, typer.Option(
        "--seed", "-s", min=0, show_default=False,
        help="The run's seed (default: a random one, printed on stderr and written in every "
             "record).")] = None,
    games: Annotated[int, typer.Option(
        "--games", "-n", min=0, max=MAX_GAMES, help="How many games.")] = 1,
    dest: Annotated[str, typer.Option(
        "--out", "-o", metavar="DIR|-", autocompletion=complete.folder,
        help="A folder for one file per game, or - for all on stdout.")] = "-",
    jobs: JobsOpt = 1,
    bot: Annotated[str, typer.Option(
        "--bot", "-b", autocompletion=complete.bot,
        help="The bot for every seat: random, greedy, mcts (the search bot, at --budget "
             "simulations a step) or mcts-v1 (the search bot before its playouts of whole "
             "rounds).")] = "random",
    budget: Annotated[int | None, typer.Option(
        "--budget", min=1, max=MAX_BUDGET, metavar="N", show_default=False,
        help="Simulations a step for mcts and mcts-v1 (default 250: some 0.2-0.3 s a "
             "step, docs/search.md).")] = None,
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


@command('Bots play each other, seats rotated: win shares with intervals.', bots.arena, examples=(
    "keyharvest arena greedy random --games 6 --seed 1",
    "keyharvest arena greedy random random -p 3 -n 6 -s 1 --format json",
))
def arena(
    bots: Annotated[list[str], typer.Argument(
        metavar="BOT", show_default=False, autocompletion=complete.bot,
        help="The bots, at least two (random, greedy, mcts: the search bot, or mcts-v1: "
             "the search bot before its playouts of whole rounds; mcts@N or mcts-v1@N: "
             "at its own budget of N simulations a step); "
             "fewer than --players fill the seats in turn.")],
    players: Annotated[int, typer.Option(
        "--players", "-p", min=2, max=4, help="Players per game.")] = 2,
    games: Annotated[int, typer.Option(
        "--games", "-n", min=1, max=MAX_GAMES, metavar="N", help="How many games.")] = 20,
    budget: Annotated[int | None, typer.Option(
        "--budget", min=1, max=MAX_BUDGET, metavar="N", show_default=False,
        help="Simulations a step for mcts and mcts-v1 (default 250: some 0.2-0.3 s a "
             "step, docs/search.md).")] = None,
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


@command('Draw a position as SVG, or a replay as an HTML viewer.', show.render, examples=(
    "keyharvest selfplay -s 1 | keyharvest render - -o game.html",
    "keyharvest selfplay -s 1 | keyharvest render - --to 40 -o table.svg",
))
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
) -> None:
    """Draw a position as SVG, or a whole replay as a self-contained HTML viewer."""


@command('Record a game live at the table, a step at a time.', recording.record, examples=(
    "keyharvest record game.kh --players red,green --seed 7",
))
def record(
    path: Annotated[str, typer.Argument(
        metavar="FILE", show_default=False, autocompletion=complete.paths,
        help="The record to write: a new file is started, an existing one resumed (the "
             "options that started it may be given again).")],
    players: PlayersOpt = None,
    seed: SeedOpt = None,
    start: StartOpt = None,
    event: EventOpt = None,
    date: DateOpt = None,
    setup: Annotated[str | None, typer.Option(
        "--setup", metavar="RECORD", show_default=False, autocompletion=complete.paths,
        help="Start from the setup (front matter) of this record instead of dealing.")] = None,
) -> None:
    """Record a game live at the table: type each step as it is played; each is checked
    at once and written to FILE, which is always a valid record (resume it by running
    the command again). Tab completes the legal next steps; 'help' lists the commands.
    Needs a terminal and the extra keyharvest[record] (prompt_toolkit)."""


@command('Draw a board as text: its spaces and what they hold.', show.board, examples=(
    "keyharvest board",
    "keyharvest board --format json",
))
def board(
    path: Annotated[str | None, typer.Argument(
        metavar="FILE", show_default=False, autocompletion=complete.paths,
        help="A board file (TOML, as keyharvest/data/board.toml); - reads stdin; "
             "default: the standard board.")] = None,
    output: FormatOpt = Format.text,
) -> None:
    """Draw a board as text: its spaces (reference, crop, starting pair), rows offset as
    on the board, then the spaces' numbers (1-56 in the board file's order; the notation
    takes a number wherever it takes a reference), the starting pairs and the crops
    counted. With --format json, one object per space, then the pairs in the summary."""


@command('The rules the errors cite: one section, or the list of them.', show.rules, examples=(
    "keyharvest rules C.4",
    "keyharvest rules",
))
def rules(
    rule: Annotated[str | None, typer.Argument(
        metavar="ID", show_default=False, autocompletion=complete.rule,
        help="A section of the rules, as errors cite it: C.4, I.55, J; default: list "
             "them all.")] = None,
    output: FormatOpt = Format.text,
) -> None:
    """The rules specification that errors cite (RULES.md, shipped with the program):
    `keyharvest rules C.4` prints that section, `keyharvest rules` lists every section's
    id and title. With --format json, one object per section (type "rule"; with ID, its
    text too), then the summary. An unknown ID is exit 1, with the nearest one."""


def app_for(args: Sequence[str]) -> typer.Typer:
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
