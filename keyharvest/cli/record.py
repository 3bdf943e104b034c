"""``keyharvest record FILE``: type a game as it is played, each step checked at once.

The prompt (prompt_toolkit, the optional extra ``keyharvest[record]``) shows whose
decision it is and what the game waits for, takes any steps in the liberal notation
(several separated by ``;``), and completes the legal next steps word by word with Tab.
A refused step prints its diagnostic and what may be written instead, and comes back on
the line for editing. Commands: ``undo``, ``board [colour]``, ``score``, ``moves``,
``help``, ``quit`` (or Ctrl-D). Every step taken is written to FILE at once, in canonical
form (``play.live.LiveRecord`` saves through the safe writer), so a record killed at any
moment validates and resumes.

The bodies of ``keyharvest record`` and ``keyharvest new`` (which deals the same setup a
new record starts with) live here; their declarations, options and help are in
``commands``, which calls them by keyword.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from .inputs import Format, bad_parameter, no_stream
from .support import OK, USAGE, diagnosing, err, is_json, out, read_input, result

if TYPE_CHECKING:
    from ..formats.records import Record
    from ..play.live import LiveRecord

COMMANDS = ("undo", "board", "score", "moves", "help", "quit", "exit")

HELP = """\
Type the steps as they happen, in the notation of a record, for whoever the prompt names:
  offer C7 for wheat        harvest A2 A3        play A at D6; harvest D5
  buy B7 from green         end
  draw B3                   (every tile or event drawn from the bag)
  green: pass               (a colour and a colon speak for that player)
Several steps may share a line, separated by ';'. Tab completes the legal next steps.
Commands:
  undo            take back the last step
  board [colour]  the table as text (one player's board with a colour)
  score           the score now (standings while the game is not finished)
  moves           every legal next step
  help            this text
  quit            stop (Ctrl-D too); the file is saved after every step"""


def missing_prompt_toolkit() -> str | None:
    """The message when the interactive prompt's library is not installed, else None."""
    try:
        import prompt_toolkit  # noqa: F401
    except ImportError:
        return ("keyharvest record needs prompt_toolkit, which is not installed: "
                "pip install 'keyharvest[record]'")
    return None


def not_a_terminal() -> str | None:
    """The message when standard input or output is not a terminal, else None. Raises
    ``limits.StreamClosed`` when standard input is closed."""
    from ..formats.limits import stdin_bytes

    stdin_bytes()
    if sys.stdin.isatty() and sys.stdout.isatty():
        return None
    return ("keyharvest record types a game at a terminal, and standard input or output is "
            "not one; to check a record from a pipe, use 'keyharvest validate -'")


# -- new -------------------------------------------------------------------------------------
def new(*, players: str | None, seed: int | None, start: str | None, event: str | None,
        date: str | None, output: Format) -> int:
    """The body of ``keyharvest new``."""
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


def _dealt_record(players: str | None, seed: int | None, start: str | None, event: str | None,
                  date: str | None) -> Record:
    """The record ``new`` and ``record`` start: a dealt setup for ``--players``."""
    from ..formats.template import new_record, parse_players

    try:
        colours = parse_players(players or "")
    except ValueError as exc:
        raise bad_parameter(str(exc), "'--players'") from None
    if start is not None:
        start = start.strip().lower()
        if start not in colours:
            raise bad_parameter(f"{start!r} is not playing (the players are "
                                f"{', '.join(colours)})", "'--start'")
    metadata: dict[Any, Any] = {}
    if event is not None:
        metadata["event"] = event
    if date is not None:
        import datetime

        try:
            metadata["date"] = datetime.date.fromisoformat(date)
        except ValueError:
            raise bad_parameter(f"{date!r} is not a date like 2024-05-01", "'--date'") from None
    return new_record(colours, seed=seed, start=start, metadata=metadata)


# -- record ----------------------------------------------------------------------------------
def record(*, path: str, players: str | None, seed: int | None, start: str | None,
           event: str | None, date: str | None, setup: str | None) -> int:
    """The body of ``keyharvest record``. A file that exists is gone on with, when the
    options given (those that started it, as the README says to run it again) name its
    game; else a usage error names each difference."""
    no_stream(path, "'FILE'", "each step is saved to the file as it is typed, and a "
                              "file is resumed; name one")
    no_stream(setup, "'--setup'", "standard input is the terminal the steps are typed "
                                  "at; name the record to take the setup from")
    existing = None
    if os.path.exists(path):  # (before the terminal's check: a wrong option is named)
        existing = _loaded(path)
        _same_game(path, existing, players, seed, start, setup)
    problem = missing_prompt_toolkit() or not_a_terminal()
    if problem is not None:
        err(f"keyharvest: {problem}")
        return USAGE
    from ..play.live import LiveRecord

    if existing is not None:
        live = LiveRecord(existing, _saver(path))
    else:
        if (players is None) == (setup is None):
            raise bad_parameter(f"{path} does not exist: to start it give --players (a "
                                "dealt setup) or --setup RECORD", "'FILE'")
        if setup is not None:
            started = _loaded(setup)
            started.steps, started.comments = [], []
        else:
            started = _dealt_record(players, seed, start, event, date)
        live = LiveRecord(started, _saver(path))
        live.save(live.text())
    return run(live, path)


def _same_game(path: str, existing: Record, players: str | None, seed: int | None,
               start: str | None, setup: str | None) -> None:
    """Raise a usage error naming how ``existing`` (the file at ``path``) is not the game
    the options given would start (``formats.template.differences``); nothing given, or
    the same game: nothing."""
    from ..formats.template import differences, parse_players

    if players is None and seed is None and start is None and setup is None:
        return
    colours = None
    if players is not None:
        try:
            colours = parse_players(players)
        except ValueError as exc:
            raise bad_parameter(str(exc), "'--players'") from None
    found = differences(existing, colours, seed=seed,
                        start=start.strip().lower() if start else None,
                        setup=_loaded(setup) if setup is not None else None)
    if found:
        raise bad_parameter(f"{path} exists and is another game: {'; '.join(found)}. Run "
                            f"'keyharvest record {path}' to go on with it, or name a new "
                            "file", "'FILE'")


def _loaded(path: str) -> Record:
    """The record of the file ``path`` (any problem in it: exit 1, with its lines)."""
    text, source = read_input(path)
    with diagnosing(text, source):
        from ..formats.records import load_record

        return load_record(text, source)


def _saver(path: str) -> Callable[[str], None]:
    """Save a live record: the whole canonical text, by the safe writer
    (``formats.safewrite``: atomically, through a link, keeping the mode)."""
    from ..formats.safewrite import write_file

    def save(text: str) -> None:
        write_file(path, text)
    return save


# -- the prompt --------------------------------------------------------------------------------
def run(live: LiveRecord, path: str) -> int:
    """The interactive loop over ``live``, saved at ``path``; returns the exit code."""
    session = _prompt(live)
    out(f"recording {path} ({len(live.record.steps)} steps so far); "
        "type 'help' for help, Tab to complete")
    default = ""
    while not live.over:
        out(_status(live))
        try:
            line = session.prompt(f"{live.speaker() or 'bag'}> ", default=default)
        except KeyboardInterrupt:  # Ctrl-C forgets the line, as a shell does
            default = ""
            continue
        except EOFError:
            break
        default = ""
        if not line.strip():
            continue
        word, _space, arg = line.strip().partition(" ")
        if word.lower() in COMMANDS:
            if word.lower() in ("quit", "exit"):
                break
            _command(live, word.lower(), arg.strip())
            continue
        default = _enter(live, line)
    if live.over:
        out(f"{live.waiting()}; saved {path} ({len(live.record.steps)} steps). "
            f"Score it with: keyharvest score {path}")
    else:
        out(f"saved {path} ({len(live.record.steps)} steps); "
            f"go on with: keyharvest record {path}")
    return OK


def _prompt(live: LiveRecord) -> Any:
    """The prompt's session: its history, the completer of ``live``'s steps, its keys."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.key_binding import KeyBindings

    keys = KeyBindings()

    @keys.add("c-j")  # a line end typed ahead, while the terminal was not in raw mode
    def _(event: Any) -> None:
        event.current_buffer.validate_and_handle()

    color_depth = None
    if os.environ.get("NO_COLOR"):
        from prompt_toolkit.output import ColorDepth

        color_depth = ColorDepth.MONOCHROME
    return PromptSession(history=InMemoryHistory(), completer=_completer(live),
                         complete_while_typing=False, color_depth=color_depth,
                         key_bindings=keys)


def _status(live: LiveRecord) -> str:
    state = live.state
    return f"[step {len(live.record.steps)} · turn {state.turn.number}] {live.waiting()}"


def _enter(live: LiveRecord, line: str) -> str:
    """Take the steps of ``line``; print what happened; return the text to edit again."""
    from ..notation import format_step

    done = live.enter(line)
    for step, forced in done.steps:
        out(f"  {format_step(step)}" + ("  (the only legal answer)" if forced else ""))
    for step in done.claimed:
        out(f"  {format_step(step)}  (typed: taken as the pass written for it above)")
    refusal = done.refusal
    if refusal is None:
        return ""
    out(refusal.diagnostic.format())  # its help: the words every command gives
    more = len(live.moves()) - len(refusal.alternatives)
    if more > 0:
        out(f"  ({more} more legal steps: type 'moves')")
    out("  (the line is back for editing: fix it and press Enter; Ctrl-U clears it)")
    return refusal.rest


def _command(live: LiveRecord, word: str, arg: str) -> None:
    from ..notation import format_step

    if word == "undo":
        removed = live.undo()
        out("  undone: " + "; ".join(format_step(s) for s in reversed(removed))
            if removed else "  nothing to undo")
    elif word == "board":
        out(_board(live, arg))
    elif word == "score":
        from ..rules.scoring import score
        from .shapes import score_table

        out(score_table(score(live.state)))
    elif word == "moves":
        moves = live.moves()
        out("\n".join(f"  {m}" for m in moves) if moves else "  no legal step")
    else:
        out(HELP)


def _board(live: LiveRecord, colour: str) -> str:
    from ..render.textboard import board_lines, render

    state = live.state
    if not colour:
        return render(state)
    wanted = colour.lower()
    for p in state.players:
        if p.colour == wanted:
            return "\n".join([f"{p.colour}:", *board_lines(state, p)])
    return f"  no player {colour!r} (the players are {', '.join(live.record.players)})"


def _completer(live: LiveRecord) -> Any:
    from prompt_toolkit.completion import Completer, Completion

    class StepCompleter(Completer):
        """The legal next steps, word by word; the commands at the start of a line."""

        def get_completions(self, document: Any, complete_event: Any) -> Iterator[Completion]:
            before = document.text_before_cursor
            current = before.split(";")[-1].lstrip()
            for word in live.completions(before):
                yield Completion(word, start_position=-len(current))
            if ";" not in before and current and " " not in current:
                for command in COMMANDS:
                    if command.startswith(current.lower()) and command != "exit":
                        yield Completion(command, start_position=-len(current))

    return StepCompleter()


__all__ = ["HELP", "missing_prompt_toolkit", "new", "not_a_terminal", "record", "run"]
