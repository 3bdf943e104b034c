"""``validate --cluster`` and ``selfplay --cluster``: the Dask backend (keyharvest.play.cluster),
on a ``LocalCluster`` of 2 processes.

The cluster extra (``dask.distributed``) is optional: without it these tests are skipped,
unless ``KEYHARVEST_REQUIRE_CLUSTER=1`` (set in CI), which makes its absence a failure.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import pytest
from cli_util import FINAL_TABLE, FOUR, THREE, TWO, bad_records, extra, kh

from keyharvest.play import batch
from keyharvest.play import cluster as on_cluster


def _distributed():
    return extra("distributed", "KEYHARVEST_REQUIRE_CLUSTER", "pip install 'keyharvest[cluster]'")


@pytest.fixture(scope="module")
def client():
    """A client of a LocalCluster of 2 worker processes, one thread each."""
    import logging

    distributed = _distributed()
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0", silence_logs=logging.CRITICAL) \
            as local, distributed.Client(local, set_as_default=False) as c:
        yield c


@pytest.fixture
def inputs(tmp_path: Path) -> list[str]:
    """A tournament's inputs: a file of many records with bad ones among them (an illegal
    step, a syntax error, bad UTF-8, CRLF line ends, a leading comment), its folder (so
    the file twice) with a position. (A missing path is a usage error before anything
    runs, exit 2, so it has no place here.)"""
    bad = bad_records()
    several = tmp_path / "club" / "several.kh"
    several.parent.mkdir()
    several.write_bytes(b"# round 1\n" + b"\n".join(
        [TWO.read_bytes(), bad["illegal"], FOUR.read_bytes(), bad["syntax"], bad["not_utf8"],
         bad["crlf"], THREE.read_bytes()] * 12))
    (tmp_path / "club" / "final.toml").write_bytes(FINAL_TABLE.read_bytes())
    (tmp_path / "club" / "out.kh").symlink_to(TWO)  # a link out of the folder: skipped
    return [str(several), str(several.parent), str(TWO)]


def test_validate_on_the_cluster_gives_the_same_bytes_as_one_job(
        client, inputs: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(on_cluster, "TASK_BYTES", 8 << 10)  # many tasks, a few records each
    address = client.scheduler.address
    for options in (["-x", "--strict"], ["-f", "json"], ["-v", "--max-errors", "1"]):
        one = kh("validate", *inputs, *options)
        many = kh("validate", *inputs, *options, "--cluster", address)
        assert (many.code, many.out, many.err) == (one.code, one.out, one.err)
    assert one.code == 1 and one.out.splitlines()[-1] == (
        "169 records: 73 ok (73 finished), 96 bad; 1 position: 1 ok, 0 bad; "
        "3 files; 1 link out of a folder skipped")
    tasks = list(on_cluster.plan(inputs))
    assert sum(1 for t in tasks if t.spans) > 5  # the big file is cut into byte ranges
    assert all(not u.data for t in tasks for u in t.units)  # the workers read the bytes


def test_validate_from_stdin_on_the_cluster(client) -> None:
    data = "\n".join([TWO.read_text(), FOUR.read_text()] * 3)
    address = client.scheduler.address
    one = kh("validate", "-", "-f", "json", input=data)
    many = kh("validate", "-", "-f", "json", "--cluster", address, input=data)
    assert (many.code, many.out) == (one.code, one.out) and one.code == 0


def test_selfplay_on_the_cluster_gives_the_same_records(client) -> None:
    args = ["selfplay", "-p", 3, "-n", 19, "-s", 7]
    one = kh(*args)
    many = kh(*args, "--cluster", client.scheduler.address)
    assert many.code == one.code == 0
    assert many.out == one.out and one.out.count("+++") == 2 * 19


def test_the_arena_on_the_cluster_gives_the_same_games(client) -> None:
    args = ["arena", "greedy", "random", "mcts", "-p", 3, "-n", 3, "-s", 5, "--budget", 2,
            "-f", "json"]
    one = kh(*args)
    many = kh(*args, "--cluster", client.scheduler.address)
    assert many.code == one.code == 0, many
    assert many.out == one.out and len(one.objects()) == 3 + 1


def test_a_worker_killed_mid_task_is_survived(client, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker process killed (SIGKILL) with a task in hand: the scheduler runs its tasks
    again on the workers left (the nanny restarts it), and the reports are all there, in
    order, the same as in one process."""
    from keyharvest.formats.records import format_records
    from keyharvest.play.selfplay import selfplay_game

    corpus = tmp_path / "corpus.kh"
    corpus.write_text(format_records([selfplay_game(4, 5, i) for i in range(60)]))
    monkeypatch.setattr(on_cluster, "TASK_BYTES", 16 << 10)  # some 3 records a task
    one = list(batch.check_inputs([str(corpus)]))
    before = client.run(os.getpid)
    killed = []
    reports = []
    for report in on_cluster.check_inputs([str(corpus)], client):
        reports.append(report)
        busy = [] if killed else [w for w, keys in client.processing().items() if keys]
        if busy:  # the first time a worker has a task in hand
            os.kill(before[busy[0]], signal.SIGKILL)
            killed.append(before[busy[0]])
    assert killed, "no worker was ever seen with a task in hand"
    assert reports == one and len(one) == 60 and all(r.ok for r in one)
    tally = batch.Tally()
    for r in reports:
        tally.add(r)
    assert tally.describe().startswith("60 records: 60 ok")
    deadline = time.monotonic() + 60
    while killed[0] in client.run(os.getpid).values() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert killed[0] not in client.run(os.getpid).values()  # it did die
    client.wait_for_workers(2, timeout=60)  # the nanny brought one back


def test_a_local_cluster_of_processes(tmp_path: Path) -> None:
    """``--cluster local:2`` starts (and stops) a LocalCluster of its own."""
    _distributed()
    args = ["selfplay", "-p", 2, "-n", 5, "-s", 11]
    assert kh(*args, "--cluster", "local:2").out == kh(*args).out


@pytest.mark.parametrize("args", [
    ["validate", TWO, "--cluster", "local:0"], ["validate", TWO, "--cluster", "local:x"],
    ["selfplay", "--cluster", "local:"], ["validate", TWO, "-j", 2, "--cluster", "local:2"]])
def test_cluster_usage_errors(args: list[object]) -> None:
    run = kh(*args)
    assert run.code == 2 and "--cluster" in run.err and not run.out


def test_without_dask_distributed_the_message_says_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if not installed
    for args in (["validate", TWO, "--cluster", "tcp://127.0.0.1:8786"],
                 ["selfplay", "-s", 1, "--cluster", "local:2"]):
        run = kh(*args)
        assert run.code == 2 and not run.out
        assert "pip install 'keyharvest[cluster]'" in " ".join(run.err.split())
    with pytest.raises(on_cluster.ClusterUnavailable, match=r"keyharvest\[cluster\]"), \
            on_cluster.connect("local:1"):
        pass


def test_no_progress_ends_the_run(client) -> None:
    """A task that does not finish within ``stall`` seconds: ``ClusterLost``, not a hang."""
    started = time.monotonic()
    with pytest.raises(on_cluster.ClusterLost, match="no progress: no task finished in 1 s"):
        list(on_cluster.ordered_tasks(client, time.sleep, [4], stall=1))
    assert time.monotonic() - started < 15


def test_a_cluster_without_workers_ends_the_run() -> None:
    """A cluster that has no worker for ``lost_after`` seconds: ``ClusterLost`` naming it."""
    import logging

    distributed = _distributed()
    with distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=":0",
                                  silence_logs=logging.CRITICAL) as local, \
            distributed.Client(local, set_as_default=False) as c:
        started = time.monotonic()
        with pytest.raises(on_cluster.ClusterLost, match="lost every worker .none for 1 s"):
            list(on_cluster.ordered_tasks(c, abs, [1, 2], lost_after=1))
        assert time.monotonic() - started < 15


def test_filter_stats_and_standings_on_the_cluster_give_the_same_output(
        client, tmp_path: Path) -> None:
    """The commands over a collection (issue 51): the same bytes from the cluster."""
    illegal = bad_records()["illegal"].decode()
    mixed = tmp_path / "mixed.kh"
    mixed.write_text(f"{TWO.read_text()}\n{illegal}\n{THREE.read_text()}",
                     encoding="utf-8")
    address = client.scheduler.address
    for args in (["filter", "winner = red"], ["stats", "-f", "json"],
                 ["standings", "--by", "colour"]):
        one = kh(*args, mixed, FINAL_TABLE)
        many = kh(*args, mixed, FINAL_TABLE, "--cluster", address)
        assert (many.code, many.out, many.err) == (one.code, one.out, one.err), args
        assert one.code == 1  # the illegal records, counted apart
