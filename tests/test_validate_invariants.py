"""``validate`` checks the invariants of RULES.md J on the table every record ends at, and
with ``--strict`` after every step (issue 13, item 6). The engine keeps them, so a broken
one is planted here by wrapping ``invariants.check``."""

from __future__ import annotations

import pytest
from cli_util import TWO, kh

from keyharvest.formats.records import load_record, read_source, replay
from keyharvest.rules import invariants
from keyharvest.rules.invariants import Violation

REAL = invariants.check


def _plant(monkeypatch: pytest.MonkeyPatch, when) -> None:
    def check(state, *, complete: bool = True):
        found = REAL(state, complete=complete)
        return found + [Violation("J", "a planted problem")] if when(state) else found
    monkeypatch.setattr(invariants, "check", check)


def _record():
    return load_record(read_source(TWO), str(TWO))


@pytest.mark.pure_only  # patches invariants.check, which compiled records.py calls directly
def test_the_final_table_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    record = _record()
    _plant(monkeypatch, lambda s: s.result is not None)
    r = kh("validate", TWO)
    assert r.code == 1
    last = record.steps[-1].span
    assert f"{TWO}:{last.line}:{last.column}: error[J]: the table after this step breaks " \
           "an invariant: a planted problem" in r.err
    assert "1 record: 0 ok, 1 bad" in r.out
    assert kh("validate", TWO, "--jobs", "2").code == 1


@pytest.mark.pure_only  # patches invariants.check, which compiled records.py calls directly
def test_strict_checks_after_every_step(monkeypatch: pytest.MonkeyPatch) -> None:
    record = _record()
    start = replay(record, upto=0).state.steps
    _plant(monkeypatch, lambda s: s.steps == start + 10)
    assert kh("validate", TWO).code == 0  # the end is sound
    r = kh("validate", TWO, "--strict")
    assert r.code == 1
    done = replay(record, invariants="each")
    assert done.error is not None and done.error.rule == "J"
    span = done.error.span
    assert f"{TWO}:{span.line}:{span.column}: error[J]: the table after this step" in r.err
    assert done.applied <= 10  # it stopped at the step that broke it, not at the end
    d = kh("validate", TWO, "--strict", "--format", "json").jsonl()[0]["diagnostics"][0]
    assert (d["rule"], d["kind"], d["line"]) == ("J", "rule", span.line)


def test_a_sound_record_passes_strict() -> None:
    r = kh("validate", TWO, "--strict")
    assert r.code == 0, r
    assert replay(_record(), invariants="each").ok
