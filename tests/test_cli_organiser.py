"""What an organiser checking a pile of records needs from ``validate`` (issue 29, item
6): ``--require-finished``, ``-v`` with the first error, ``--rejects`` that say where
each record came from and count empty inputs, a ``kind`` for every diagnostic, JSON keys
without spaces."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_util import TWO, TWO_ILLEGAL, TWO_MOVE, edited, kh

from keyharvest.formats.diagnostics import KINDS


@pytest.fixture
def pile(tmp_path: Path) -> dict[str, Path]:
    """One record of each kind of problem, a game in progress and a finished one."""
    text = TWO.read_text(encoding="utf-8")
    files = {
        "finished": text.encode(),
        "partial": "\n".join(text.split("\n")[:80]).encode() + b"\n",
        "encoding": text.encode().replace(b"keyharvest examples", b"caf\xe9"),
        "syntax": text.replace("5. green: remove B", "5. green: remove", 1).encode(),
        "name": text.replace("4. red: play A", "4. rad: play A", 1).encode(),
        "sequence": text.replace("\n4. red:", "\n5. red:", 1).encode(),
        "rule": edited(TWO, TWO_MOVE, TWO_ILLEGAL).encode(),
        "schema": text.replace("\nstart = ", "\nsart = ", 1).encode(),
        "io": b"",
    }
    out = {}
    for name, data in files.items():
        path = tmp_path / f"{name}.kh"
        path.write_bytes(data)
        out[name] = path
    return out


def _json(*args: object) -> list[dict[str, Any]]:
    return [json.loads(line) for line in kh(*args, "-f", "json").out.splitlines()]


def test_every_diagnostic_has_a_kind_of_the_taxonomy(pile: dict[str, Path]) -> None:
    for name, path in pile.items():
        report, _ = _json("validate", path)
        kinds = [d["kind"] for d in report["diagnostics"]]
        if name in ("finished", "partial"):
            assert report["ok"] and not kinds
            continue
        assert not report["ok"] and kinds[0] == name, (name, report["diagnostics"])
        assert set(kinds) <= set(KINDS)


def test_summary_keys_have_no_spaces(pile: dict[str, Path]) -> None:
    *_, summary = _json("validate", *pile.values())
    assert summary["records"] == {"ok": 2, "bad": 7, "finished": 1, "unfinished": 0,
                                  "in_progress": 1, "empty": 1}

    def keys(x: Any) -> set[str]:
        if isinstance(x, dict):
            return set(x) | {k for v in x.values() for k in keys(v)}
        return {k for v in x for k in keys(v)} if isinstance(x, list) else set()

    every = {k for line in _json("validate", *pile.values()) for k in keys(line)}
    assert all(k.isidentifier() for k in every), every


def test_require_finished_makes_a_game_in_progress_bad(pile: dict[str, Path]) -> None:
    r = kh("validate", pile["partial"], pile["finished"])
    assert r.code == 0 and "(1 finished, 1 in progress)" in r.out
    r = kh("validate", pile["partial"], pile["finished"], "--require-finished")
    assert r.code == 1
    assert r.out.splitlines()[-1] == "2 records: 1 ok (1 finished), 1 bad; 2 files"
    assert (f"{pile['partial']}:80:1: error[F.4]: the game is not finished: the record "
            "stops in turn 51, before the end of the game (--require-finished)") in r.err
    report, _, _ = _json("validate", pile["partial"], pile["finished"], "--require-finished")
    assert report["ok"] is False and report["status"] == "in progress"
    assert [(d["kind"], d["rule"]) for d in report["diagnostics"]] == [("rule", "F.4")]


def test_require_finished_on_a_game_stopped_at_its_turn_limit(tmp_path: Path) -> None:
    """A game limited to 9 turns whose record ends with the end of turn 9: unfinished
    (I.10), valid, and bad with --require-finished."""
    text = kh("selfplay", "-p", "2", "-s", "5", "-n", "1").out
    lines = text.replace("max_turns = 400", "max_turns = 9").split("\n")
    ten = next(i for i, line in enumerate(lines) if line.startswith("10. "))
    limited = tmp_path / "limited.kh"
    limited.write_text("\n".join(lines[:ten - 1] + [lines[ten - 1] + "; end"]) + "\n")
    assert _json("validate", limited)[0]["status"] == "unfinished"
    bad = _json("validate", limited, "--require-finished")[0]
    assert bad["ok"] is False and bad["diagnostics"][0]["rule"] == "I.10"
    assert bad["diagnostics"][0]["message"] == (
        "the game is not finished: it stopped at its turn limit (max_turns = 9) before its "
        "end (--require-finished)")


def test_verbose_gives_the_first_error_of_a_bad_record(pile: dict[str, Path]) -> None:
    r = kh("validate", "-v", pile["rule"], pile["name"], pile["io"], pile["finished"])
    lines = r.out.splitlines()
    assert lines[0] == (f"{pile['rule']}:1: game 1: bad (rule error at 25:9 [C.4]: red "
                        "cannot buy G7 from green: no store holds it)")
    assert lines[1] == f"{pile['name']}:1: game 1: bad (name error at 25:4: unknown player 'rad')"
    assert lines[2].startswith(f"{pile['io']}:1: game 1: bad (io error at 1:1: an empty input")
    assert lines[3].startswith(f"{pile['finished']}:1: game 1: ok (finished, ")


def test_rejects_say_where_each_came_from_and_count_empty_inputs(pile: dict[str, Path],
                                                                tmp_path: Path) -> None:
    rejects = tmp_path / "rejects.kh"
    r = kh("validate", pile["rule"], pile["io"], pile["finished"], pile["sequence"],
           "--rejects", rejects)
    assert r.code == 1
    assert r.out.splitlines()[-1] == "4 records: 1 ok (1 finished), 3 bad (1 empty); 4 files"
    lines = rejects.read_text(encoding="utf-8").split("\n")
    froms = [line for line in lines if line.startswith("# from ")]
    assert froms[:2] == [
        (f"# from {pile['rule']} (game 1): rule error at 25:9 [C.4]: red cannot buy G7 from "
         "green: no store holds it"),
        (f"# from {pile['io']} (game 1): io error at 1:1: an empty input: no record here (a "
         "record starts with a line '+++')"),
    ]
    # (the words of a turn out of sequence are the turn reader's: only its kind here)
    assert froms[2].startswith(f"# from {pile['sequence']} (game 1): sequence error at 25:")
    # the rejects read back as the same bad records, the comments no part of them
    again = kh("validate", rejects, "-f", "json")
    assert [x["diagnostics"][0]["kind"] for x in again.objects()[:-1]] == ["rule", "sequence"]
