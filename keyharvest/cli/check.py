"""The bodies of the commands that check and compare games: ``validate``, ``score`` and
``diff`` (their declarations, options and help are in ``commands``, which calls them by
keyword). This module imports nothing heavy at the top: a body imports what it needs."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from contextlib import ExitStack
from typing import TYPE_CHECKING, NamedTuple

from . import cluster as on_cluster
from .inputs import Format, Reading, bad_parameter, no_stream, not_an_input, point, prelude
from .support import (
    INVALID,
    OK,
    Failure,
    diagnosing,
    emit,
    existing,
    is_json,
    note,
    out,
    progress,
    read_input,
    result,
    say,
    summary,
    to_json,
)

if TYPE_CHECKING:  # names for the annotations only
    from ..formats.diagnostics import Diagnostic
    from ..play.batch import Report
    from ..play.inputs import Diffed
    from ..play.replay import Located
    from ..rules.scoring import Score


# -- validate ------------------------------------------------------------------------------
def validate(
    *, paths: Sequence[str], fail_fast: bool, rejects: str | None, require_finished: bool,
    jobs: int, verbose: bool, max_errors: int, strict: bool, board: str | None,
    trust_board_paths: bool, max_bytes: str | None, cluster: str | None,
    cluster_timeout: int, quiet: bool, output: Format,
) -> int:
    """The body of ``keyharvest validate``."""
    on_cluster.usage(cluster, jobs)
    no_stream(rejects, "'--rejects'", "standard output holds the report; name a file to "
                                      "append the bad records to")
    from ..play.batch import Rejects, Tally
    from .shapes import report_line, report_place

    reading = prelude(paths, board=board, trust_board_paths=trust_board_paths,
                      max_bytes=max_bytes)
    not_an_input(rejects, paths, "'--rejects'")
    json_mode = is_json(output)
    tally = Tally()
    with ExitStack() as stack:
        checks = _Checks(max_errors, strict, require_finished)
        reports, advance = _reports(stack, paths, reading, jobs, cluster, cluster_timeout,
                                    verbose and not json_mode, checks)
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


class _Checks(NamedTuple):
    """What ``validate`` checks of each record, as ``play.batch.check_inputs`` takes it."""

    max_errors: int
    strict: bool
    finished: bool


def _reports(stack: ExitStack, paths: Sequence[str], reading: Reading, jobs: int,
             cluster: str | None, timeout: int, logs: bool, checks: _Checks
             ) -> tuple[Iterable[Report], Callable[[int], None]]:
    """The reports of ``paths`` (here, or on the cluster), and the progress bar's
    ``advance`` (counting bytes here; on a cluster the bar counts the tasks done)."""
    from ..play.batch import check_inputs, expand, input_size

    if cluster is None:
        total = input_size(list(expand(paths)))
        advance = stack.enter_context(progress("checking", total, counts=False))
        return check_inputs(paths, jobs=jobs, access=reading.access, limit=reading.limit,
                            **checks._asdict()), advance
    from ..play import cluster as dask

    client = on_cluster.connect(cluster, stack, timeout, logs)
    tasks = stack.enter_context(progress("checking (tasks)"))
    reports = dask.check_inputs(paths, client, done=tasks, access=reading.access,
                                limit=reading.limit, lost_after=timeout,
                                **checks._asdict())
    stack.callback(reports.close)  # type: ignore[attr-defined]  # a generator's
    return reports, on_cluster.uncounted


# -- score ---------------------------------------------------------------------------------
class _Scores:
    """What ``score`` has printed: each game scored or failed, in text or JSON."""

    def __init__(self, json_mode: bool) -> None:
        self.json_mode = json_mode
        self.games = self.bad = self.shown = 0

    def show(self, at: Located, sc: Score) -> None:
        from .shapes import located_dict, located_title, score_dict, score_table

        notes = [note(n, at.source) for n in [*at.notes, *sc.notes]]
        result("score", {"ok": True, **located_dict(at), **score_dict(sc)}, notes)
        self.games += 1
        if not self.json_mode:
            if self.shown:
                out()
            self.shown += 1
            out(located_title(at))
            out(score_table(sc))

    def failed(self, diagnostics: Sequence[Diagnostic], source: str) -> None:
        self.games += 1
        self.bad += 1
        if self.json_mode:
            result("score", {"ok": False, "source": source}, diagnostics)
        else:
            emit(diagnostics, source)


def score(
    *, paths: Sequence[str], to: str | None, board: str | None, trust_board_paths: bool,
    max_bytes: str | None, output: Format,
) -> int:
    """The body of ``keyharvest score``."""
    from ..play.inputs import score_games
    from ..play.replay import POSITION

    at_point = point(to)
    reading = prelude(paths, board=board, trust_board_paths=trust_board_paths,
                      max_bytes=max_bytes)
    scores = _Scores(is_json(output))
    for path in paths:
        try:
            text, source = read_input(path, reading.limit)
        except Failure as exc:
            scores.failed(exc.diagnostics, path)
            continue
        for game in score_games(text, source, at_point, access=reading.access):
            if game.ok and game.at is not None and game.score is not None:
                scores.show(game.at, game.score)
            else:
                scores.failed(game.diagnostics, path if game.kind == POSITION else source)
    summary(not scores.bad, games=scores.games, bad=scores.bad)
    return INVALID if scores.bad else OK


# -- diff ----------------------------------------------------------------------------------
def diff(
    *, a: str, b: str, board: str | None, trust_board_paths: bool, max_bytes: str | None,
    output: Format,
) -> int:
    """The body of ``keyharvest diff``: exit 0 when the games are the same, 1 when they
    differ (2 for trouble: ``commands.diff`` declares it)."""
    from ..play.inputs import diff_games, diff_side

    if a == "-" and b == "-":
        raise bad_parameter("only one side can be read from stdin", "'B'")
    existing([a], "'A'")
    reading = prelude([b], board=board, trust_board_paths=trust_board_paths,
                      max_bytes=max_bytes, hint="'B'")
    sides = []
    for path in (a, b):
        text, source = read_input(path, reading.limit)
        with diagnosing(text, source):
            side = diff_side(text, source, reading.access)
        emit([note(n, source) for n in side.notes])
        sides.append(side)
    d = diff_games(*sides)
    if d.comparison is not None:
        from .shapes import comparison_dict, comparison_text

        names = ((d.a.source, d.a.text), (d.b.source, d.b.text))
        result("comparison", {"ok": True, **comparison_dict(d.comparison, *names)},
               d.warnings)
        if not is_json(output):
            out(comparison_text(d.comparison, *names))
        summary(True, same=d.same)
    else:
        _positions_differ(d, is_json(output))
    return OK if d.same else INVALID


def _positions_differ(d: Diffed, json_mode: bool) -> None:
    """``diff`` of two tables: whether they are the same, and how they differ."""
    from .shapes import differences

    la, lb = d.a, d.b
    result("comparison", {"ok": True, "same": d.same, "a": {"source": la.source},
                          "b": {"source": lb.source},
                          "at_end": [x.to_dict() for x in d.positions]}, [])
    summary(True, same=d.same)
    if json_mode:
        return
    if not d.same:
        out(f"A = {la.source}\nB = {lb.source}\nthe positions differ:")
        out("\n".join(differences(d.positions, "A", "B")))
    else:
        out(f"{la.source} and {lb.source}: the same position")
