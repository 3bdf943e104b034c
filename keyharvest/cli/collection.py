"""The bodies of the commands over a collection of games: ``filter``, ``standings`` and
``stats`` (issue 51). ``commands`` declares their options and calls these by keyword; the
work is the library's (``play.query``, ``play.standings``, ``play.stats``,
``render.report``); here are the choice of backend (one process, ``--jobs``,
``--cluster``), the text, the JSON Lines and the exit code.

Each reads its inputs as ``validate`` does (``batch.units``: files, folders, ``-``) and
replays every record; a record that does not replay is counted apart and its diagnostics
go to stderr as ``validate`` prints them (exit 1 at the end), never dropped silently.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import ExitStack
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from . import cluster as on_cluster
from .inputs import Format, bad_parameter, limit, no_stream, not_an_input
from .support import (
    INVALID,
    OK,
    USAGE,
    Failure,
    emit,
    err,
    existing,
    is_json,
    out,
    result,
    say,
    summary,
)

if TYPE_CHECKING:
    from ..play.batch import Report
    from ..play.stats import Apart


def _source(paths: Sequence[str], jobs: int, cluster: str | None, cluster_timeout: int,
            max_bytes: str | None, stack: ExitStack,
            run: Callable[..., Iterator[Any]]) -> Iterator[Any]:
    """``run(paths, jobs=, client=, limit=)`` on the backend asked for."""
    on_cluster.usage(cluster, jobs)
    existing(paths)
    bound = limit(max_bytes)
    client = None
    if cluster is not None:
        client = on_cluster.connect(cluster, stack, cluster_timeout)
    found = run(paths, jobs=jobs, client=client, limit=bound)
    stack.callback(found.close)  # type: ignore[attr-defined]  # a generator's
    return found


def _bad(report: Report, sink: Any) -> None:
    """A record that is not a game: its diagnostics on stderr (as ``validate`` prints
    them), its text to the rejects."""
    from .shapes import report_place

    emit(report.diagnostics, report_place(report))
    if sink is not None:
        sink.add(report)


def _games(n: int) -> str:
    return f"{n} finished game{'s' * (n != 1)}"


def _apart_line(apart: Apart) -> str:
    told = apart.describe()
    return f"; counted apart: {told}" if told else ""


def _html(dest: str | None, page: str, force: bool) -> None:
    if dest is None:
        return
    from ..formats.diagnostics import Diagnostic
    from ..formats.safewrite import write_file

    try:
        write_file(dest, page, force=force)
    except OSError as exc:
        raise Failure([Diagnostic(f"cannot write {dest}: {exc.strerror or exc}", dest,
                                  kind="io")]) from None


def _html_usage(dest: str | None) -> None:
    if dest is not None and not dest.lower().endswith((".html", ".htm")):
        raise bad_parameter("the page's name must end in .html", "'--html'")


# -- filter ------------------------------------------------------------------------------------
def select(
    *, query: str, paths: Sequence[str], count: bool, invert: bool, rejects: str | None,
    jobs: int, cluster: str | None, cluster_timeout: int, max_bytes: str | None,
    quiet: bool, output: Format,
) -> int:
    """The body of ``keyharvest filter`` (``commands.filter`` says what it does)."""
    no_stream(rejects, "'--rejects'", "standard output holds the matching records; name a "
                                      "file to append the bad records to")
    not_an_input(rejects, paths, "'--rejects'")
    from ..play.batch import Rejects
    from ..play.query import QueryError, compile_query
    from ..play.query import select as selecting
    from ..play.stats import Apart

    try:
        compiled = compile_query(query)
    except QueryError as exc:
        from ..formats.diagnostics import diagnose

        raise Failure([diagnose(exc, query, "<query>")], USAGE) from None
    json_mode = is_json(output)
    apart = Apart()
    with ExitStack() as stack:
        verdicts = _source(paths, jobs, cluster, cluster_timeout, max_bytes, stack,
                           lambda p, **kw: selecting(compiled, p, invert=invert, **kw))
        sink = stack.enter_context(Rejects(rejects))
        kept, seen = _pass_on(verdicts, apart, sink, count=count, json_mode=json_mode)
    ok = apart.ok
    summary(ok, matched=kept, records=seen, **apart.as_dict())
    if count and not json_mode:
        out(str(kept))
    if not (quiet or json_mode):
        err(f"keyharvest filter: {kept} of {seen} games "
            f"{'do not match' if invert else 'match'}{_apart_line(apart)}")
    return OK if ok else INVALID


def _pass_on(verdicts: Iterable[Any], apart: Apart, sink: Any, *, count: bool,
             json_mode: bool) -> tuple[int, int]:
    """The games kept written (as read, or a JSON line each; none when only counted), the
    bad records reported and given to ``sink``: how many were kept, of how many games."""
    kept = seen = 0
    ends_line = True
    for verdict in verdicts:
        if verdict.report is not None:
            apart.add_report(verdict.report)
            if verdict.report.kind != "position":
                _bad(verdict.report, sink)
            continue
        seen += 1
        if not verdict.kept:
            continue
        kept += 1
        game = verdict.game
        assert game is not None
        apart.sources.add(game.source)
        if count:
            continue
        if json_mode:
            result("game", game.as_dict())
        else:
            ends_line = _write_as_read(verdict.data or b"", ends_line)
    return kept, seen


def _write_as_read(data: bytes, ends_line: bool) -> bool:
    """A record's bytes on stdout as they were read (after a line end where the one before,
    a file's last record, had none); whether it ends a line."""
    stdout = sys.stdout
    stdout.flush()
    if not ends_line:
        stdout.buffer.write(b"\n")
    stdout.buffer.write(data)
    stdout.buffer.flush()
    return data.endswith((b"\n", b"\r")) or not data


# -- stats -------------------------------------------------------------------------------------
def _spread(label: str, s: dict[str, Any]) -> str:
    if not s.get("n"):
        return f"  {label:<16} -"
    return (f"  {label:<16} mean {s['mean']:>6.2f}   q1 {s['q1']:>5g}   median "
            f"{s['median']:>5g}   q3 {s['q3']:>5g}   ({s['min']}-{s['max']})")


def _share_line(label: str, d: dict[str, Any], width: int) -> str:
    share = "-" if d["win_share"] is None else f"{d['win_share']:.3f}"
    return (f"  {label:<{width}} {d['games']:>6}  {d['wins']:>8g}  {share:>6}  "
            f"{d['low']:.3f}-{d['high']:.3f}")


def stats_text(lines: Sequence[dict[str, Any]]) -> Iterable[str]:
    """``stats``'s text, from its JSON Lines (``Stats.lines``)."""
    for group in lines[:-1]:
        n = group["player_count"]
        head = "all games" if n == "all" else f"{n} players"
        drawn = f" ({group['draws']} drawn)" if group["draws"] else ""
        yield f"{head}: {_games(group['games'])}{drawn}"
        yield f"  {'seat':<8} {'games':>6}  {'wins':>8}  {'share':>6}  95% interval"
        for s in group["seats"]:
            yield _share_line(f"seat {s['seat']}", s, 8)
        yield _spread("turns", group["turns"])
        yield _spread("points", group["points"])
        yield _spread("winner's points", group["winner_points"])
        yield _spread("margin", group["margin"])
        width = max([len("first step"), *(len(f["move"]) for f in group["first_steps"]),
                     *(len(f["kind"]) for f in group["first_kinds"])])
        yield (f"  the start player's first step ({group['distinct_first_steps']} different): "
               "by kind, then the most frequent")
        yield f"  {'first step':<{width}} {'games':>6}  {'wins':>8}  {'share':>6}  95% interval"
        for f in group["first_kinds"]:
            yield _share_line(f["kind"], f, width)
        yield "  " + "-" * (width + 38)
        for f in group["first_steps"]:
            yield _share_line(f["move"], f, width)
        yield ""


def stats(
    *, paths: Sequence[str], html: str | None, first_steps: int, force: bool, jobs: int,
    cluster: str | None, cluster_timeout: int, max_bytes: str | None, quiet: bool,
    output: Format,
) -> int:
    """The body of ``keyharvest stats`` (``commands.stats`` says what it does)."""
    from ..play.stats import Stats

    found = Stats()
    _gather(found, paths=paths, html=html, jobs=jobs, cluster=cluster,
            cluster_timeout=cluster_timeout, max_bytes=max_bytes)
    lines = found.lines(first_steps)

    def page() -> str:
        from ..render.report import stats_page

        return stats_page(lines)

    _tell(lines, html=html, page=page, force=force, output=output, text=stats_text(lines),
          said=f"{_games(found.total.games)}{_apart_line(found.apart)}")
    return OK if found.apart.ok else INVALID


def _gather(into: Any, *, paths: Sequence[str], html: str | None, jobs: int,
            cluster: str | None, cluster_timeout: int, max_bytes: str | None) -> None:
    """Every record read into ``into`` (``stats``'s ``Stats``, ``standings``'
    ``Standings``: their ``add``), the bad ones reported on stderr as ``validate`` does."""
    from ..play.batch import Report
    from ..play.collection import games

    _html_usage(html)
    not_an_input(html, paths, "'--html'")
    with ExitStack() as stack:
        for entry in _source(paths, jobs, cluster, cluster_timeout, max_bytes, stack, games):
            into.add(entry)
            if isinstance(entry, Report) and entry.kind != "position":
                _bad(entry, None)


def _tell(lines: Sequence[dict[str, Any]], *, html: str | None, page: Callable[[], str],
          force: bool, output: Format, text: Iterable[str], said: str) -> None:
    """What ``stats`` and ``standings`` end with: the page written (``--html``), then the
    JSON Lines and the summary, or the text and the line for people."""
    if html is not None:
        _html(html, page(), force)
    if is_json(output):
        for line in lines[:-1]:
            result(line["type"], line)
        summary(lines[-1]["ok"], **{k: v for k, v in lines[-1].items()
                                     if k not in ("type", "ok")},
                **({"html": html} if html else {}))
    else:
        for row in text:
            out(row)
        say(said + (f"; the page: {html}" if html else ""))


# -- standings ---------------------------------------------------------------------------------
def standings_text(rows: Sequence[Any], rated: bool) -> Iterable[str]:
    """``standings``'s table, a line per person."""
    width = max([len("person"), *(len(r.who) for r in rows)])
    head = (f"{'#':>3}  {'person':<{width}}  {'games':>5}  {'wins':>7}  {'points':>6}  "
            f"{'mean pts':>8}  {'mean place':>10}  {'field tiles':>11}  {'crops':>5}")
    yield head + ("  rating (mu-3σ)   mu ± sigma" if rated else "")
    for r in rows:
        line = (f"{r.rank:>3}  {r.who:<{width}}  {r.games:>5}  {r.wins:>7g}  {r.points:>6}  "
                f"{r.mean_points:>8.2f}  {r.mean_place:>10.2f}  {r.field_tiles:>11}  "
                f"{r.crops:>5}")
        if rated and r.mu is not None and r.sigma is not None:
            line += f"  {r.rating:>14.2f}   {r.mu:.2f} ± {r.sigma:.2f}"
        yield line


class By(StrEnum):
    """Whom ``standings`` counts: each person (``[names]``), or each colour."""

    person = "person"
    colour = "colour"


def standings(
    *, paths: Sequence[str], by: str, html: str | None, force: bool, jobs: int,
    cluster: str | None, cluster_timeout: int, max_bytes: str | None, quiet: bool,
    output: Format,
) -> int:
    """The body of ``keyharvest standings`` (``commands.standings`` says what it does)."""
    from ..play.standings import INSTALL, Standings

    table = Standings(by=str(getattr(by, "value", by)))
    _gather(table, paths=paths, html=html, jobs=jobs, cluster=cluster,
            cluster_timeout=cluster_timeout, max_bytes=max_bytes)
    traced = 0  # the ratings over the games are kept only for the page's chart
    if html is not None:
        from ..render.report import MAX_SERIES

        traced = MAX_SERIES
    rows = table.table(traced=traced)
    lines = table.lines(rows)
    if not table.rated:
        from .support import note

        emit([note(f"no ratings: openskill is not installed ({INSTALL})")])

    def page() -> str:
        from ..render.report import standings_page

        return standings_page(rows, lines[-1])

    _tell(lines, html=html, page=page, force=force, output=output,
          text=standings_text(rows, table.rated),
          said=f"{_games(lines[-1]['games'])}, {len(rows)} "
               f"{'colours' if table.by == 'colour' else 'persons'}{_apart_line(table.apart)}")
    return OK if table.apart.ok else INVALID
