"""The bodies of the commands that show a game, a board or the rules: ``replay``,
``moves``, ``render``, ``board`` and ``rules`` (their declarations, options and help are in
``commands``, which calls them by keyword). This module imports nothing heavy at the top:
a body imports what it needs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .inputs import (
    Format,
    ReplayFormat,
    bad_parameter,
    no_stream,
    not_an_input,
    point,
    read_one,
)
from .support import (
    OK,
    Failure,
    diagnosing,
    emit,
    existing,
    is_json,
    note,
    os_reason,
    out,
    read_input,
    result,
    say,
    session,
    summary,
)

if TYPE_CHECKING:  # names for the annotations only
    from pathlib import Path

    from ..model.state import State
    from ..play.replay import Located
    from ..render.html import Frame


# -- replay --------------------------------------------------------------------------------
def replay(
    *, path: str, to: str | None, each: bool, game: int | None, board: str | None,
    trust_board_paths: bool, max_bytes: str | None, output: ReplayFormat | None,
    view: str | None,
) -> int:
    """The body of ``keyharvest replay``."""
    fmt = output.value if output is not None else ("json" if each else "text")
    if each and fmt == "toml":
        raise bad_parameter("--each writes JSON lines or text, not TOML", "'--format'")
    if view is not None and fmt == "toml":
        raise bad_parameter("--view writes text or JSON, not a position file", "'--format'")
    session().json = fmt == "json"  # --each writes JSON unless told otherwise
    at_point = point(to)
    text, source, access = read_one(path, board=board, trust_board_paths=trust_board_paths,
                                    max_bytes=max_bytes)
    from ..play.replay import locate

    with diagnosing(text, source):
        at = locate(text, source, at_point, game=game, each=each, access=access)
    emit([note(n, source) for n in at.notes])
    if view is not None:
        return _replay_view(at, _viewer(at, view), fmt, each)
    if each:
        _replay_each(at, fmt)
    else:
        _replay_one(at, fmt)
    return OK


def _replay_one(at: Located, fmt: str) -> None:
    """``replay``: the position at the point, as text, TOML or JSON."""
    from ..formats.positions import dump_position, position_data
    from ..render.textboard import render
    from .shapes import located_dict, located_title

    if fmt == "toml":
        out(dump_position(at.state), end="")
    elif fmt == "json":
        result("position", {"ok": True, **located_dict(at),
                            "position": position_data(at.state)}, [])
    else:
        out(located_title(at))
        out(render(at.state, unknown=at.unknown))


def _replay_each(at: Located, fmt: str) -> None:
    """``replay --each``: every position up to the point, as JSON lines or text."""
    from ..formats.positions import position_data
    from ..render.textboard import render
    from .shapes import located_dict, origin_dict

    frames = at.frames()
    for i, (label, state) in enumerate(frames):
        if fmt == "json":
            result("step", {**origin_dict(at), "step": i,
                            "move": None if i == 0 else label, "turn": state.turn.number,
                            "status": state.result or "in progress",
                            "position": position_data(state)})
        else:
            out(f"== step {i}: {label if i else 'the setup'} ==")
            out(render(state, unknown=at.unknown))
            out()
    summary(True, **located_dict(at), steps=len(frames))


def _viewer(at: Located, view: str) -> str:
    """The colour ``--view`` names, checked against the players of the input (a record or a
    complete position: a partial one leaves out what a view is drawn from)."""
    if at.position is not None and not at.position.complete:
        raise bad_parameter(
            f"a view needs a record or a complete position; {at.source} is partial (it "
            f"leaves out: {', '.join(sorted(at.unknown))})", "'--view'")
    colour = view.lower()
    if colour not in at.state.colours:
        raise bad_parameter(f"{view!r} is not playing (players: "
                            f"{', '.join(at.state.colours)})", "'--view'")
    return colour


def _replay_view(at: Located, colour: str, fmt: str, each: bool) -> int:
    """``replay --view``: what ``colour`` may know at the point (or at every step)."""
    from ..formats.positions import observation_data
    from ..play.replay import located_views
    from ..render.textboard import render
    from .shapes import located_dict, located_title, origin_dict

    views = located_views(at, colour)
    if not each:
        if fmt == "json":
            result("view", {"ok": True, **located_dict(at),
                            "view": observation_data(views[-1])}, [])
        else:
            out(f"{located_title(at)}; as {colour} may know it (RULES.md I.27)")
            out(render(at.state, view=views[-1]))
        return OK
    labels = [label for label, _ in at.frames()]
    for i, (label, o) in enumerate(zip(labels, views)):
        if fmt == "json":
            result("step", {**origin_dict(at), "step": i,
                            "move": None if i == 0 else label, "view": observation_data(o)})
        else:
            out(f"== step {i}: {label if i else 'the setup'}; as {colour} may know it ==")
            out(render(at.state, view=o))
            out()
    summary(True, **located_dict(at), steps=len(views))
    return OK


# -- moves ---------------------------------------------------------------------------------
def moves(
    *, path: str, to: str | None, game: int | None, board: str | None,
    trust_board_paths: bool, max_bytes: str | None, output: Format, every: bool,
) -> int:
    """The body of ``keyharvest moves``."""
    at_point = point(to)
    text, source, access = read_one(path, board=board, trust_board_paths=trust_board_paths,
                                    max_bytes=max_bytes)
    from ..notation import format_step
    from ..play.replay import locate
    from ..rules import representative_steps
    from ..rules.game import Game
    from .shapes import located_dict, origin_dict, pending_dict

    with diagnosing(text, source):
        at = locate(text, source, at_point, game=game, access=access)
    steps = Game(at.state).legal_steps() if every else representative_steps(at.state)
    notes = list(at.notes)
    if not steps:
        notes.append(f"no legal step: the game is over ({at.state.result})" if at.state.is_over
                     else f"no legal step: waiting for {at.state.pending.describe()}")
    emit([note(n, source) for n in notes])
    lines = [format_step(s) for s in steps]
    if is_json(output):
        # each a step from the point (after step N: --to N, the line's step)
        where = {**origin_dict(at), **({} if at.step is None else {"step": at.step})}
        for line in lines:
            result("move", {**where, "move": line})
        summary(True, **located_dict(at), pending=pending_dict(at.state), moves=len(lines))
    elif lines:
        out("\n".join(lines))
    return OK


# -- render --------------------------------------------------------------------------------
def render(
    *, path: str, dest: str, to: str | None, game: int | None, player: str | None,
    view: str | None, force: bool, board: str | None, trust_board_paths: bool,
    max_bytes: str | None, quiet: bool, output: Format,
) -> int:
    """The body of ``keyharvest render``."""
    no_stream(dest, "'--out'", "the file's suffix says which picture to draw; write "
                               "FILE.svg or FILE.html")
    suffix = dest.rsplit(".", 1)[-1].lower() if "." in dest else ""
    if suffix not in ("svg", "html"):
        raise bad_parameter("the file name must end in .svg or .html", "'--out'")
    not_an_input(dest, [path], "'--out'")
    at_point = point(to)
    text, source, access = read_one(path, board=board, trust_board_paths=trust_board_paths,
                                    max_bytes=max_bytes)
    from ..play.replay import locate

    with diagnosing(text, source):
        at = locate(text, source, at_point, game=game, each=suffix == "html", access=access)
        what: State | list[Frame] = at.state if suffix == "svg" else at.frames()
        written = _picture(at, what, dest, player, view, force)
    emit([note(n, source) for n in at.notes])
    from .shapes import located_dict

    result("picture", {"ok": True, **located_dict(at), "output": str(written),
                       "frames": len(what) if isinstance(what, list) else 1}, [])
    say(str(written))
    return OK


def _picture(at: Located, what: State | list[Frame], dest: str, player: str | None,
             view: str | None, force: bool) -> Path:
    """``render``: the picture written to ``dest`` (the path written)."""
    from ..render import render_file
    from ..render.html import game_title

    views = None
    if view is not None:
        from ..play.replay import located_views

        views = located_views(at, _viewer(at, view))
    title = None if at.record is None else game_title(at.record.players, at.record.metadata)
    record = None
    if at.record is not None and views is None:  # (the record holds what a view hides)
        from ..formats.records import format_record

        record = format_record(at.record)
    try:
        return render_file(dest, what, player=player.lower() if player else None,
                           title=title, unknown=at.unknown, force=force, views=views,
                           record=record)
    except OSError as exc:
        from ..formats.diagnostics import Diagnostic

        raise Failure([Diagnostic(os_reason(exc), dest, kind="io")]) from None


# -- board ---------------------------------------------------------------------------------
def board(*, path: str | None, output: Format) -> int:
    """The body of ``keyharvest board``."""
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


# -- rules ---------------------------------------------------------------------------------
def rules(*, rule: str | None, output: Format) -> int:
    """The body of ``keyharvest rules``."""
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
