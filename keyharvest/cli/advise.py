"""The bodies of the commands of the search bot's advice: ``hint`` (the best next steps
at a point) and ``analyse`` (each decision of a game weighed). Their declarations, options
and help are in ``commands``, which calls them by keyword. This module imports nothing
heavy at the top: a body imports what it needs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .inputs import Format, Input, bad_parameter, point, read_one
from .support import (
    OK,
    Failure,
    diagnosing,
    emit,
    is_json,
    note,
    out,
    progress,
    result,
    summary,
)

if TYPE_CHECKING:  # names for the annotations only
    from ..model.state import State


def _search_input(path: str, budget: int | None, seconds: float | None, board: str | None,
                  trust_board_paths: bool, max_bytes: str | None) -> Input:
    """The options that ``hint`` and ``analyse`` check first, then the file read."""
    if budget is not None and seconds is not None:
        raise bad_parameter("give --budget or --time, not both", "'--time'")
    return read_one(path, board=board, trust_board_paths=trust_board_paths,
                    max_bytes=max_bytes)


def _searched_dict(found: Any, equal: bool) -> dict[str, Any]:
    from ..notation import format_step

    return {"move": format_step(found.step), "visits": found.visits,
            "share": round(found.share, 4), "win": round(found.win, 4),
            "noise": round(found.noise, 4), "about_equal": equal,
            "margin": round(found.margin, 2),
            "expected_line": [format_step(s) for s in found.line]}


def _no_player_to_move(state: State, source: str) -> Failure:
    why = (f"the game is over ({state.result})" if state.is_over
           else f"waiting for {state.pending.describe()}, not a player's choice")
    from ..formats.diagnostics import Diagnostic

    return Failure([Diagnostic(f"no step to search at this point: {why}", source,
                               kind="sequence")])


def _budget_used(budget: int | None, seconds: float | None) -> int | None:
    """A summary's ``budget``: the simulations a decision searched for, the advice's
    default where neither ``--budget`` nor ``--time`` was given; None with ``--time``."""
    from ..play.search import ADVICE_BUDGET

    return ADVICE_BUDGET if budget is None and seconds is None else budget


# -- hint ----------------------------------------------------------------------------------
def hint(
    *, path: str, to: str | None, game: int | None, budget: int | None,
    seconds: float | None, seed: int, top: int, jobs: int, board: str | None,
    trust_board_paths: bool, max_bytes: str | None, output: Format,
) -> int:
    """The body of ``keyharvest hint``."""
    at_point = point(to)
    text, source, access = _search_input(path, budget, seconds, board, trust_board_paths,
                                         max_bytes)
    from ..model.state import CHANCE, TERMINAL
    from ..play.advice import hint as advise
    from ..play.replay import locate
    from .shapes import located_dict, origin_dict

    with diagnosing(text, source):
        at = locate(text, source, at_point, game=game, access=access)
    state = at.state
    if state.current_player() in (CHANCE, TERMINAL):
        raise _no_player_to_move(state, source)
    emit([note(n, source) for n in at.notes])
    advice = advise(state, budget=budget, seconds=seconds, seed=seed, jobs=jobs)
    shown = advice.found[:max(top, advice.equal)]
    found = [_searched_dict(f, i < advice.equal and advice.equal > 1)
             for i, f in enumerate(shown)]
    if is_json(output):
        # each a step from the point (after step N: --to N, the line's step)
        game_step = {**origin_dict(at), **({} if at.step is None else {"step": at.step})}
        for item in found:
            result("hint", {**game_step, **item})
        summary(True, **located_dict(at), player=advice.player, seed=seed,
                budget=_budget_used(budget, seconds), jobs=jobs,
                simulations=advice.simulations, hints=len(found), about_equal=advice.equal,
                expected_line=found[0]["expected_line"], margin=found[0]["margin"])
    else:
        where = "" if at.step is None else f" after step {at.step} (--to {at.step})"
        out(f"{advice.player} to move{where}, turn {state.turn.number}: "
            f"{advice.simulations} simulations")
        _hint_table(found, advice.equal)
    return OK


def _hint_table(found: list[dict[str, Any]], equal: int) -> None:
    """``hint`` in text: a line per step (~ where about equal), the best or the steps
    about equal, the expected line and its points margin."""
    lead = found[0]
    width = max(len("step"), *(len(f["move"]) for f in found))
    out(f"    {'step':<{width}}  share    win  noise  margin")
    for f in found:
        mark = "~" if f["about_equal"] else " "
        out(f"  {mark} {f['move']:<{width}}  {f['share']:>5.2f}  {f['win']:>5.2f}  "
            f"{f['noise']:>5.2f}  {f['margin']:>+6.1f}")
    if equal > 1:
        out(f"about equal: the {equal} steps marked ~ (their wins differ by less than "
            "the search's noise): no one best")
    else:
        out(f"best: {lead['move']} (beyond the search's noise)")
    out(f"expected line: {'; '.join(lead['expected_line'])}")
    out(f"expected points margin: {lead['margin']:+.1f}")


# -- analyse -------------------------------------------------------------------------------
def analyse(
    *, path: str, player: str | None, game: int | None, budget: int | None,
    seconds: float | None, seed: int, jobs: int, board: str | None, trust_board_paths: bool,
    max_bytes: str | None, quiet: bool, output: Format,
) -> int:
    """The body of ``keyharvest analyse``."""
    text, source, access = _search_input(path, budget, seconds, board, trust_board_paths,
                                         max_bytes)
    from ..play.advice import decisions
    from ..play.replay import locate
    from .shapes import origin_dict

    with diagnosing(text, source):
        at = locate(text, source, None, game=game, access=access)
    if at.record is None:
        from ..formats.diagnostics import Diagnostic

        raise Failure([Diagnostic(f"{source} is a position, one moment of a game: analyse "
                                  "goes over a record's steps (keyharvest hint searches a "
                                  "position)", source)])
    if player is not None and player not in at.record.setup.players:
        raise bad_parameter(f"{player!r} does not play in this game (the players are "
                            f"{', '.join(at.record.setup.players)})", "'--player'")
    with diagnosing(text, source):
        todo = decisions(at.record, player)
    emit([note(n, source) for n in at.notes])
    rows = _weighed(todo, budget, seconds, seed, jobs, origin_dict(at))
    worst = sorted((r for r in rows if r["loss"] > 0), key=lambda r: -r["loss"])[:3]
    if is_json(output):
        summary(True, source=source, game=at.game, decisions=len(rows),
                mistakes=sum(r["mark"] == "?" for r in rows),
                blunders=sum(r["mark"] == "??" for r in rows), seed=seed,
                budget=_budget_used(budget, seconds),
                largest=[r["step"] for r in worst])
    else:
        _analysis_table(rows, worst, quiet)
    return OK


def _weighed(todo: list[Any], budget: int | None, seconds: float | None,
             seed: int, jobs: int, game: dict[str, Any]) -> list[dict[str, Any]]:
    """``analyse``: each decision weighed by the search, a result line each (``game``:
    its file and game). A decision is made at the point after step N (``step``: N, so
    ``hint --to N`` searches it); the step played there is the record's step N + 1."""
    from ..notation import format_step
    from ..play.advice import weigh_all

    rows: list[dict[str, Any]] = []
    with progress("analysing", len(todo)) as advance:
        for d in weigh_all(todo, budget=budget, seconds=seconds, seed=seed, jobs=jobs):
            advance(1)
            row = {**game, "step": d.index, "turn": d.turn, "player": d.player,
                   "move": format_step(d.played.step),
                   "best_move": format_step(d.best.step),
                   "win": round(d.played.win, 4), "best_win": round(d.best.win, 4),
                   "loss": round(d.loss, 4), "noise": round(d.noise, 4),
                   "margin_loss": round(d.margin_loss, 2), "mark": d.mark,
                   "simulations": d.simulations}
            rows.append(row)
            result("decision", row)
    return rows


def _analysis_table(rows: list[dict[str, Any]], worst: list[dict[str, Any]],
                    quiet: bool) -> None:
    """``analyse`` in text: a line per decision, then (unless ``quiet``) the summary for
    people: the marks counted, the largest losses."""
    played_w = max([len("played")] + [len(r["move"]) for r in rows])
    best_w = max([len("best")] + [len(r["best_move"]) for r in rows])
    out(f"  --to  turn  {'player':<7} {'played':<{played_w}}  {'best':<{best_w}}   loss  "
        "noise")
    for r in rows:
        best = "=" if r["best_move"] == r["move"] else r["best_move"]
        out(f"{r['step']:>6}  {r['turn']:>4}  {r['player']:<7} {r['move']:<{played_w}}  "
            f"{best:<{best_w}}  {r['loss']:.3f}  {r['noise']:.3f} {r['mark']}".rstrip())
    if quiet:
        return
    marked = [r for r in rows if r["mark"]]
    out(f"{len(rows)} decision{'s' if len(rows) != 1 else ''}: "
        f"{sum(r['mark'] == '??' for r in marked)} marked ??, "
        f"{sum(r['mark'] == '?' for r in marked)} marked ?")
    if worst:
        out("largest losses: " + "; ".join(
            f"--to {r['step']} (turn {r['turn']}, {r['player']}) {r['loss']:.3f}"
            for r in worst))
