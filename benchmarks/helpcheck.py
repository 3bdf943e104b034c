"""Does the help work when followed? Random mistakes in good self-play records, each
diagnosed as ``keyharvest validate`` diagnoses it; the first ``help:`` line is followed
literally (as a person would type it) and the record read again (issue 29, item 2).

A help line is followed when it names an edit in its words:

* ``write 'X' instead of 'Y'``: the text Y on the diagnostic's line (the occurrence
  nearest its column) becomes X;
* ``write 'X' before 'Y'``: ``X; `` goes in front of Y there;
* ``write 'X' after 'Y'``: ``; X`` goes after the last Y before the diagnostic;
* ``write 'N.' or leave the number out`` (no "instead"): the number at the column becomes N;
* ``delete this 'X'``: X goes, with its ``;``;
* ``did you mean 'X'?``: the text at the diagnostic's span becomes X;
* ``move line(s) A[-B] before line C``: those lines move;
* ``delete line N``: line N goes; ``write the line 'X' before line N``: X goes before it.

Anything else (``write 'draw <tile>'``, a hint in words) is help without an edit. Following
it must make the record read further (less of the text after its first problem, or at the
same place a rule error instead of a syntax error; or no problem at all) and never give a
syntax error.

``python benchmarks/helpcheck.py [N] [--seed S]`` runs N mistakes (default 20000) and prints
the figures; ``tests/test_help_followed.py`` runs a few hundred in CI.
"""

from __future__ import annotations

import random
import re
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from keyharvest.errors import KeyHarvestError, every_error
from keyharvest.formats.diagnostics import Diagnostic, diagnose, diagnose_all
from keyharvest.formats.records import format_record, load_record, replay
from keyharvest.play.selfplay import selfplay_game

SOURCE = "game.kh"
_HEADER = re.compile(r"^(\d+\.\s*)?[A-Za-z]+\s*:\s*")
_QUOTED = r"'([^']*)'"
_INSTEAD = re.compile(rf"write {_QUOTED}(?:, {_QUOTED})*(?: or {_QUOTED})? instead of {_QUOTED}")
_BEFORE = re.compile(rf"write {_QUOTED} before {_QUOTED}")
_AFTER = re.compile(rf"write {_QUOTED}(?:, {_QUOTED})*(?: or {_QUOTED})? after {_QUOTED}")
_NUMBER = re.compile(r"write '(\d+)\.' or leave the number out")
_MEAN = re.compile(rf"did you mean {_QUOTED}\?")
_DELETE = re.compile(rf"delete this {_QUOTED}")
_DELETE_LINE = re.compile(r"delete line (\d+)")
_LINE = re.compile(rf"write the line {_QUOTED} before line (\d+)")
_MOVE = re.compile(r"move lines? (\d+)(?:-(\d+))? before line (\d+)")
#: What marks a syntax error (the grammar's own words), as opposed to a name or a rule.
SYNTAX = ("unexpected ", "unknown step ")


@dataclass(frozen=True)
class Reading:
    """How far a text reads: its first problem (None: it reads and replays) and how much
    of the text lies after that problem's start."""

    first: Diagnostic | None
    rest: int  # characters from the first problem to the end of the text
    hint: Diagnostic | None  # the first diagnostic with a help line
    applied: int = 0  # steps replayed before a rule error found by the replay

    def key(self) -> tuple[int, int, int]:
        """Larger is further: less text after the first problem, and at one place a rule
        error (the text reads) rather than a syntax or name error, or more steps
        replayed (a step written where the header implies the end of a turn)."""
        if self.first is None:
            return (1, 0, 0)
        return (-self.rest, int(self.first.kind == "rule"), self.applied)


def _rest(text: str, d: Diagnostic) -> int:
    lines = text.split("\n")
    at = sum(len(x) + 1 for x in lines[:(d.line or 1) - 1]) + (d.column or 1) - 1
    return len(text) - at


def read(text: str) -> Reading:
    """The first problem of ``text`` as ``validate`` reports it, and its first help."""
    try:
        record = load_record(text, SOURCE)
    except KeyHarvestError as exc:
        diags = diagnose_all(exc, text, SOURCE)
        first = min(diags, key=lambda d: (d.line or 0, d.column or 0))
        # a rule error of the steps before the first bad line: the steps written before it
        errors = every_error(exc)
        before = next((e.steps_before for e in errors if hasattr(e, "steps_before")), ())
        applied = sum(1 for s in before if s.span is not None and first.line is not None
                      and (s.span.line, s.span.column) < (first.line, first.column or 0))
        return Reading(first, _rest(text, first), next((d for d in diags if d.hint), None),
                       applied if first.kind == "rule" else 0)
    done = replay(record)
    if done.error is None:
        return Reading(None, 0, None)
    d = diagnose(done.error, text, SOURCE)
    return Reading(d, _rest(text, d), d if d.hint else None, done.applied)


def _nearest(line: str, text: str, column: int) -> int:
    """Where ``text`` stands in ``line`` nearest to ``column`` (1-based), or -1."""
    low, want = line.lower(), text.lower()
    starts = [m.start() for m in re.finditer(re.escape(want), low)]
    return min(starts, key=lambda s: abs(s - (column - 1)), default=-1)


def follow(text: str, d: Diagnostic) -> str | None:
    """``text`` with the first help of ``d`` followed literally; None when the help names
    no edit."""
    hint = d.hint or ""
    lines = text.split("\n")
    if d.line is None or not 1 <= d.line <= len(lines):
        return None
    row = d.line - 1
    line = lines[row]
    column = d.column or 1
    if m := _MOVE.search(hint):
        first, last, to = int(m[1]), int(m[2] or m[1]), int(m[3])
        moved = lines[first - 1:last]
        rest = lines[:first - 1] + lines[last:]
        return "\n".join(rest[:to - 1] + moved + rest[to - 1:])
    if m := _DELETE_LINE.search(hint):
        del lines[int(m[1]) - 1]
        return "\n".join(lines)
    if m := _LINE.search(hint):
        lines.insert(int(m[2]) - 1, m[1])
        return "\n".join(lines)
    if m := _BEFORE.search(hint):
        at = _nearest(line, m[2], column)
        if at < 0:
            return None
        lines[row] = f"{line[:at]}{m[1]}; {line[at:]}"
        return "\n".join(lines)
    if m := _INSTEAD.search(hint):
        new, old = m[1], m.groups()[-1]
        at = _nearest(line, old, column)
        if at < 0:
            return None
        lines[row] = line[:at] + new + line[at + len(old):]
        return "\n".join(lines)
    if m := _AFTER.search(hint):
        new, old = m[1], m.groups()[-1]
        for r in range(row, -1, -1):  # the last 'old' before the diagnostic
            upto = lines[r] if r < row else lines[r][:column - 1]
            at = upto.lower().rfind(old.lower())
            if at >= 0:
                end = at + len(old)
                lines[r] = lines[r][:end] + f"; {new}" + lines[r][end:]
                return "\n".join(lines)
        return None
    if m := _DELETE.search(hint):
        at = _nearest(line, m[1], column)
        if at < 0:
            return None
        head, tail = line[:at].rstrip(), line[at + len(m[1]):]
        if head.endswith(";"):
            head = head[:-1]
        elif tail.lstrip().startswith(";"):
            tail = tail.lstrip()[1:]
        lines[row] = (head + tail).rstrip()
        return "\n".join(lines)
    if m := _NUMBER.search(hint):
        digits = re.match(r"\s*\d+", line[column - 1:])
        if digits is None:
            return None
        lines[row] = line[:column - 1] + m[1] + line[column - 1 + digits.end():]
        return "\n".join(lines)
    if (m := _MEAN.search(hint)) and d.end_line == d.line and d.end_column:
        lines[row] = line[:column - 1] + m[1] + line[d.end_column - 1:]
        return "\n".join(lines)
    return None


# -- mistakes ---------------------------------------------------------------------------------
def _items(line: str) -> tuple[str, list[str]]:
    """A movetext line as its header (``12. red: `` or indentation) and its step texts."""
    head = _HEADER.match(line)
    lead = head.group(0) if head else line[:len(line) - len(line.lstrip())]
    return lead, [s.strip() for s in line[len(lead):].split(";") if s.strip()]


def _join(lead: str, items: list[str]) -> str:
    return lead + "; ".join(items)


def mistake(text: str, rng: random.Random) -> tuple[str, str] | None:
    """``text`` with one random mistake in its movetext, and the mistake's kind."""
    lines = text.split("\n")
    start = [i for i, x in enumerate(lines) if x.strip() == "+++"][1] + 1
    body = [i for i in range(start, len(lines)) if lines[i].strip()]
    if len(body) < 3:
        return None
    kind = rng.choice(["delete step", "swap steps", "duplicate step", "retype step",
                       "delete line", "swap lines", "duplicate line"])
    i = rng.choice(body[:-1])
    if kind.endswith("line"):
        if kind == "delete line":
            del lines[i]
        elif kind == "duplicate line":
            lines.insert(i, lines[i])
        else:
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
        return "\n".join(lines), kind
    lead, items = _items(lines[i])
    if not items:
        return None
    k = rng.randrange(len(items))
    if kind == "delete step":
        del items[k]
    elif kind == "duplicate step":
        items.insert(k, items[k])
    elif kind == "swap steps":
        if len(items) < 2:
            return None
        k = min(k, len(items) - 2)
        items[k], items[k + 1] = items[k + 1], items[k]
    else:  # retyped: another step of the record written here
        others = [s for j in body for s in _items(lines[j])[1] if s != items[k]]
        items[k] = rng.choice(others)
    lines[i] = _join(lead, items)
    return "\n".join(lines), kind


@dataclass
class Figures:
    mistakes: int = 0
    bad: int = 0  # mistakes that made the record bad (some leave it valid)
    helped: int = 0  # a help line was shown
    followable: int = 0  # the help named an edit
    improved: int = 0  # following it read further
    failures: list[tuple[str, str, str, str]] = field(default_factory=list)
    by_kind: Counter[str] = field(default_factory=Counter)

    def line(self) -> str:
        return (f"{self.mistakes} mistakes, {self.bad} made the record bad, {self.helped} got "
                f"help, {self.followable} of those helps named an edit, {self.improved} "
                f"improved when followed, {len(self.failures)} failures")


def games(count: int, seed: int) -> list[str]:
    """``count`` good self-play records (2 to 4 players, at most 40 turns)."""
    return [format_record(selfplay_game(2 + i % 3, seed, i, max_turns=40)) for i in range(count)]


def check(n: int, seed: int = 29, progress: Callable[[int], None] | None = None) -> Figures:
    rng = random.Random(seed)
    texts = games(12, seed)
    figures = Figures()
    while figures.mistakes < n:
        made = mistake(rng.choice(texts), rng)
        if made is None:
            continue
        text, kind = made
        figures.mistakes += 1
        figures.by_kind[kind] += 1
        if progress is not None:
            progress(figures.mistakes)
        before = read(text)
        if before.first is None:
            continue
        figures.bad += 1
        if before.hint is None:
            continue
        figures.helped += 1
        fixed = follow(text, before.hint)
        if fixed is None:
            continue
        figures.followable += 1
        after = read(fixed)
        syntax = after.first is not None and after.first.kind == "syntax" and \
            after.first.message.startswith(SYNTAX)
        if after.key() > before.key() and not syntax:
            figures.improved += 1
        else:
            figures.failures.append((kind, before.hint.format(), after.first.format()
                                     if after.first else "", text))
    return figures


def main(argv: list[str]) -> int:
    n = int(argv[0]) if argv and argv[0].isdigit() else 20000
    seed = int(argv[argv.index("--seed") + 1]) if "--seed" in argv else 29
    figures = check(n, seed, lambda k: print(f"  {k}", file=sys.stderr) if k % 1000 == 0
                    else None)
    print(figures.line())
    print("by kind: " + ", ".join(f"{k} {v}" for k, v in sorted(figures.by_kind.items())))
    for kind, hint, after, _ in figures.failures[:10]:
        print(f"--- {kind}\n{hint}\n  after following it:\n{after}")
    return 1 if figures.failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
