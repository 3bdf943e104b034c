"""Does the help work when followed? Random mistakes in good self-play records, each
diagnosed as ``keyharvest validate`` diagnoses it; the first ``help:`` line is followed
literally (as a person would type it) and the record read again (issue 29, item 2).

A help line is followed when it names an edit in its words:

* ``write 'X' instead of 'Y'``: the text Y on the diagnostic's line (the occurrence
  nearest its column) becomes X;
* ``write 'X' before 'Y'``: ``X; `` goes in front of Y there (``write 'X', 'Z' or 'W'
  before 'Y'``, as with ``instead of`` and ``after``: the first);
* ``write 'X' after 'Y'``: ``; X`` goes after the last Y before the diagnostic;
* ``write 'N.' or leave the number out`` (no "instead"): the number at the column becomes N;
* ``delete this 'X'``: X goes, with its ``;``;
* ``did you mean 'X'?``: the text at the diagnostic's span becomes X;
* ``move line(s) A[-B] before line C``: those lines move;
* ``delete line N``: line N goes; ``write the line 'X' before line N``: X goes before it
  (of ``'X', 'Y' or 'Z'``, the first, as for ``instead of`` and ``after``);
* ``move line(s) A[-B] before line C and swap the numbers N and M``: those lines move, and
  the turn numbers N and M of the lines moved and passed are swapped;
* ``move 'X' to line N, after 'H'``: X goes from the diagnostic's line (with its ``;``) to
  line N, right after H;
* ``end the line before '+++'``: a line break goes before the ``+++`` of the line.

Anything else (``write 'draw <tile>'``, a hint in words) is help without an edit. A help
that says what the record does not tell (``the record does not say which``) names the edits
that fit, when some do: the first is followed. Following it must make the record read
further (a record that reads and replays more steps; or one that does not read, with less
of the text after its first problem, or more of the steps before it replayed; or no
problem at all) and never give a syntax error.

Each mistake is then followed for up to ``ROUNDS`` rounds (the first help of each reading):
it is **restored** when the text becomes the original again, byte for byte or as ``fmt``
writes it. A mistake the record does not **determine** is counted apart (``determines``: a
search of its own finds another step, or another turn of one step or none, that gives a
record replaying to its end in the mistake's place; a line of several steps left out counts
as not determined: the rest of a record does not hold a turn's draws and payments; the
record is read with its turn numbers left out, which skip where a turn line is left out, and
for a cut mid-line the record cut alone is judged; a turn's ``end`` retyped as a step is
determined when one turn of one step or none fits).

``python benchmarks/helpcheck.py [N] [--seed S] [-v]`` runs N mistakes (default 20000) and
prints the figures (``-v``: ten mistakes not given back); ``tests/test_help_followed.py``
runs a bounded number in CI.
"""

from __future__ import annotations

import random
import re
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from keyharvest.errors import IllegalStep, KeyHarvestError, every_error
from keyharvest.formats.diagnostics import Diagnostic, diagnose, diagnose_all
from keyharvest.formats.records import format_record, format_records, load_records, replay
from keyharvest.play.selfplay import selfplay_game

SOURCE = "game.kh"
_HEADER = re.compile(r"^(\d+\.\s*)?[A-Za-z]+\s*:\s*")
_QUOTED = r"'([^']*)'"
_INSTEAD = re.compile(rf"write {_QUOTED}(?:, {_QUOTED})*(?: or {_QUOTED})? instead of {_QUOTED}")
_BEFORE = re.compile(rf"write {_QUOTED}(?:, {_QUOTED})*(?: or {_QUOTED})? before {_QUOTED}")
_AFTER = re.compile(rf"write {_QUOTED}(?:, {_QUOTED})*(?: or {_QUOTED})? after {_QUOTED}")
_NUMBER = re.compile(r"write '(\d+)\.' or leave the number out")
_MEAN = re.compile(rf"did you mean {_QUOTED}\?")
_DELETE = re.compile(rf"delete this {_QUOTED}")
_DELETE_LINE = re.compile(r"delete line (\d+)")
_LINE = re.compile(rf"write the line {_QUOTED}(?:, {_QUOTED})*(?: or {_QUOTED})? before "
                   r"line (\d+)")
_MOVE = re.compile(r"move lines? (\d+)(?:-(\d+))? before line (\d+)"
                   r"(?: and swap the numbers (\d+) and (\d+))?")
_MOVE_STEP = re.compile(rf"move {_QUOTED} to line (\d+), after {_QUOTED}")
_NEW_LINE = re.compile(r"end the line before '\+\+\+'")
#: What marks a syntax error (the grammar's own words), as opposed to a name or a rule.
SYNTAX = ("unexpected ", "unknown step ")


@dataclass(frozen=True)
class Reading:
    """How far a text reads: its first problem (None: it reads and replays), how much of
    the text lies after that problem's start, and whether the record read (the problem is
    a rule error of its replay)."""

    first: Diagnostic | None
    rest: int  # characters from the first problem to the end of the text
    hint: Diagnostic | None  # the first diagnostic with a help line
    applied: int = 0  # steps replayed before a rule error
    reads: bool = False  # the record read: the problem is one of its replay

    def key(self) -> tuple[int, int, int]:
        """Larger is further: a record that reads and replays, then one that reads and
        replays more steps before its rule error (the diagnostic may point at an earlier
        step, where the slip is: a draw left out after it), then one that does not read,
        by less text after its first problem of reading, then more of the steps written
        before it replayed."""
        if self.first is None:
            return (2, 0, 0)
        if self.reads:
            return (1, self.applied, 0)
        return (0, -self.rest, self.applied)


def _rest(text: str, d: Diagnostic) -> int:
    lines = text.split("\n")
    at = sum(len(x) + 1 for x in lines[:(d.line or 1) - 1]) + (d.column or 1) - 1
    return len(text) - at


#: ``read`` and ``canonical`` remember their last texts: ``check`` reads a mistake's text and
#: the text its first help gives, then ``rounds`` starts from those two texts again (and
#: compares with the same originals' canonical form each time); each is a function of the
#: text alone, so a text is read once (about 40% of ``check``'s time)
_RECENT = 16


@lru_cache(maxsize=_RECENT)
def read(text: str) -> Reading:
    """The first problem of ``text`` as ``validate`` reports it, and its first help."""
    try:
        records = load_records(text, SOURCE)
    except KeyHarvestError as exc:
        diags = diagnose_all(exc, text, SOURCE)
        first = min(diags, key=lambda d: (d.line or 0, d.column or 0))
        # how far: the first problem of the reading, then the steps written before it
        # that replay (up to a rule error's refused step: its diagnostic may point at an
        # earlier step, where the slip is)
        errors = every_error(exc)
        reading = [d for d in diags if d.kind != "rule"] or diags
        at = min(reading, key=lambda d: (d.line or 0, d.column or 0))
        before = next((e.steps_before for e in errors if hasattr(e, "steps_before")), ())
        refused = next((e.step for e in errors if isinstance(e, IllegalStep)), None)
        applied = next((i for i, s in enumerate(before) if s is refused), len(before))
        return Reading(first, _rest(text, at), next((d for d in diags if d.hint), None),
                       applied)
    for record in records:
        done = replay(record)
        if done.error is not None:
            d = diagnose(done.error, text, SOURCE)
            return Reading(d, _rest(text, d), d if d.hint else None, done.applied, True)
    return Reading(None, 0, None)


def _nearest(line: str, text: str, column: int) -> int:
    """Where ``text`` stands in ``line`` nearest to ``column`` (1-based), or -1."""
    low, want = line.lower(), text.lower()
    starts = [m.start() for m in re.finditer(re.escape(want), low)]
    return min(starts, key=lambda s: abs(s - (column - 1)), default=-1)


def _cut(line: str, at: int, size: int) -> str:
    """``line`` without the step of ``size`` characters at ``at``, and its ``;``."""
    head, tail = line[:at].rstrip(), line[at + size:]
    if head.endswith(";"):
        head = head[:-1]
    elif tail.lstrip().startswith(";"):
        tail = tail.lstrip()[1:]
    return (head + tail).rstrip()


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
        lines = rest[:to - 1] + moved + rest[to - 1:]
        if m[4]:  # the turn numbers of the lines moved and passed swapped back
            swap = {m[4]: m[5], m[5]: m[4]}
            for r in range(min(to, first) - 1, max(to, last)):
                lines[r] = re.sub(r"^(\s*)(\d+)(\s*\.)", lambda g: g[1] + swap.get(g[2], g[2])
                                  + g[3], lines[r])
        return "\n".join(lines)
    if m := _MOVE_STEP.search(hint):
        step, to, after = m[1], int(m[2]), m[3]
        at = _nearest(line, step, column)
        if at < 0 or not 1 <= to <= len(lines):
            return None
        lines[row] = _cut(line, at, len(step))
        target = lines[to - 1]
        end = target.lower().find(after.lower())
        if end < 0:
            return None
        end += len(after)
        tail = target[end:]
        lines[to - 1] = target[:end] + f" {step}" + (f";{tail}" if tail.strip() else "")
        return "\n".join(lines)
    if _NEW_LINE.search(hint):
        at = line.find("+++", column - 1)
        if at < 0:
            return None
        lines[row] = line[:at] + "\n" + line[at:]
        return "\n".join(lines)
    if m := _DELETE_LINE.search(hint):
        del lines[int(m[1]) - 1]
        return "\n".join(lines)
    if m := _LINE.search(hint):  # (of several lines, the first)
        lines.insert(int(m.groups()[-1]) - 1, m[1])
        return "\n".join(lines)
    if m := _BEFORE.search(hint):
        at = _nearest(line, m.groups()[-1], column)
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
        if d.end_line == d.line and d.end_column and \
                line[column - 1:d.end_column - 1].lower() == old.lower():
            # the diagnostic points at the text to write after
            lines[row] = line[:d.end_column - 1] + f"; {new}" + line[d.end_column - 1:]
            return "\n".join(lines)
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
        lines[row] = _cut(line, at, len(m[1]))
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


#: The kinds of mistake made, each as likely: a person's ordinary slips in a record.
KINDS = ("delete step", "swap steps", "duplicate step", "retype step", "delete line",
         "swap lines", "duplicate line", "swap turns", "swap turns unnumbered",
         "delete turn", "delete draw", "step on the other line", "cut mid-line",
         "garble header")
_NUMBERED = re.compile(r"^(\d+)\.\s*")


def _turns(lines: list[str], start: int) -> list[tuple[int, int]]:
    """The turns of a movetext as (first, stop) line ranges: a header and its
    continuation lines."""
    heads = [i for i in range(start, len(lines)) if lines[i][:1].strip()
             and not lines[i].startswith("#") and _HEADER.match(lines[i])]
    ends = heads[1:] + [len(lines)]
    out = []
    for h, e in zip(heads, ends, strict=True):
        while e > h + 1 and not lines[e - 1].strip():
            e -= 1
        out.append((h, e))
    return out


def mistake(text: str, rng: random.Random, other: str = "") -> tuple[str, str] | None:
    """``text`` with one random mistake in its movetext, and the mistake's kind
    (``other``: a record that may follow it in a file, for a cut mid-line)."""
    lines = text.split("\n")
    start = [i for i, x in enumerate(lines) if x.strip() == "+++"][1] + 1
    body = [i for i in range(start, len(lines)) if lines[i].strip()]
    if len(body) < 3:
        return None
    kind = rng.choice(KINDS)
    i = rng.choice(body[:-1])
    turns = _turns(lines, start)
    if kind.startswith("swap turns"):
        if len(turns) < 3:
            return None
        t = rng.randrange(len(turns) - 2)  # (not the last turn: it ends the game)
        (a, b), (_, c) = turns[t], turns[t + 1]
        first, second = lines[a:b], lines[b:c]
        if kind == "swap turns":  # the text swapped, the numbers kept in order
            na, nb = _NUMBERED.match(first[0]), _NUMBERED.match(second[0])
            if na is None or nb is None:
                return None
            second = [na.group(0) + second[0][nb.end():], *second[1:]]
            first = [nb.group(0) + first[0][na.end():], *first[1:]]
        else:  # no numbers written at all
            lines = [_NUMBERED.sub("", x) if k >= start else x for k, x in enumerate(lines)]
            first, second = lines[a:b], lines[b:c]
        lines[a:c] = second + first
        return "\n".join(lines), kind
    if kind == "delete turn":
        a, b = rng.choice(turns[:-1])
        del lines[a:b]
        return "\n".join(lines), kind
    if kind == "garble header":
        a, _ = rng.choice(turns)
        lines[a] = re.sub(r"^(\d+)\.", r"\1..", lines[a])
        return "\n".join(lines), kind
    if kind == "step on the other line":  # a turn's first step written on the line before
        t = rng.randrange(1, len(turns))
        (a, b), (c, _) = turns[t - 1], turns[t]
        lead, items = _items(lines[c])
        if len(items) < 2 or ":" in items[0]:
            return None
        lines[b - 1] += f"; {items[0]}"
        lines[c] = _join(lead, items[1:])
        return "\n".join(lines), kind
    if kind == "cut mid-line":  # a step retyped, and the file joined to the next without
        lead, items = _items(lines[i])  # its last line break
        if not items or not other:
            return None
        k = rng.randrange(len(items))
        others = [s for j in body for s in _items(lines[j])[1] if s != items[k]]
        items[k] = rng.choice(others)
        lines[i] = _join(lead, items)
        return "\n".join(lines).rstrip("\n") + other, kind
    if kind == "delete draw":  # a draw written after an offer
        found = [(j, k) for j in body for k, item in enumerate(_items(lines[j])[1])
                 if k and item.startswith("draw ") and
                 _items(lines[j])[1][k - 1].split(":")[-1].strip().startswith("offer ")]
        if not found:
            return None
        j, k = rng.choice(found)
        lead, items = _items(lines[j])
        del items[k]
        lines[j] = _join(lead, items)
        return "\n".join(lines), kind
    if kind in ("delete line", "swap lines", "duplicate line"):
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


@lru_cache(maxsize=_RECENT)
def canonical(text: str) -> str | None:
    """The records of ``text`` as ``keyharvest fmt`` writes them (None: they do not read)."""
    try:
        return format_records(load_records(text, SOURCE))
    except KeyHarvestError:
        return None


#: Words of a help that says what the record does not tell (no text to copy).
UNTOLD = "the record does not say"
ROUNDS = 3


@dataclass
class Figures:
    mistakes: int = 0
    bad: int = 0  # mistakes that made the record bad (some leave it valid)
    helped: int = 0  # a help line was shown
    followable: int = 0  # the help named an edit
    improved: int = 0  # following it read further
    untold: int = 0  # the first help says what the record does not tell, and names no edit
    restored: int = 0  # following the helps gave back the original within ROUNDS rounds
    undetermined: int = 0  # not restored, and the record does not determine the original
    failures: list[tuple[str, str, str, str]] = field(default_factory=list)
    lost: list[tuple[str, str, str]] = field(default_factory=list)  # not restored
    by_kind: Counter[str] = field(default_factory=Counter)
    restored_by_kind: Counter[str] = field(default_factory=Counter)
    bad_by_kind: Counter[str] = field(default_factory=Counter)
    improved_by_kind: Counter[str] = field(default_factory=Counter)
    #: why a bad record was not improved, by kind: (kind, "no help" / "untold" /
    #: "no edit" / "not further")
    missed: Counter[tuple[str, str]] = field(default_factory=Counter)
    #: a few of the records not improved, with their first help: (kind, why, help, text)
    misses: list[tuple[str, str, str, str]] = field(default_factory=list)

    @property
    def determined(self) -> int:
        return self.bad - self.undetermined

    def line(self) -> str:
        return (f"{self.mistakes} mistakes, {self.bad} made the record bad, {self.helped} got "
                f"help, {self.followable} of those helps named an edit, {self.improved} "
                f"improved when followed, {len(self.failures)} failures")

    def shares(self) -> str:
        def pct(a: int, b: int) -> str:
            return f"{a}/{b} = {100 * a / b:.1f}%" if b else f"{a}/0"

        return (f"improved by the first help: {pct(self.improved, self.bad)} of the bad "
                f"records ({pct(self.improved, self.bad - self.untold)} leaving out the "
                f"{self.untold} whose help says what the record does not tell); "
                f"restored within {ROUNDS} rounds: {pct(self.restored, self.determined)} of "
                f"those the record determines ({self.undetermined} it does not determine)")


def games(count: int, seed: int) -> list[str]:
    """``count`` good self-play records (2 to 4 players, at most 40 turns)."""
    return [format_record(selfplay_game(2 + i % 3, seed, i, max_turns=40)) for i in range(count)]


def rounds(text: str, original: str, limit: int = ROUNDS) -> bool:
    """Whether following the first help of each round, up to ``limit`` rounds, gives back
    ``original`` (byte for byte, or as ``fmt`` writes it)."""
    goal = canonical(original)
    for _ in range(limit):
        got = read(text)
        if got.first is None or got.hint is None:
            break
        followed = follow(text, got.hint)
        if followed is None:
            break
        text = followed
        if text == original or canonical(text) == goal:
            return True
    return text == original or canonical(text) == goal


def _unnumbered(text: str) -> str:
    """``text`` with the turn numbers of its movetext left out (a turn line left out makes
    the numbers after it skip one: its steps are then read as they stand)."""
    lines = text.split("\n")
    plus = [i for i, x in enumerate(lines) if x.strip() == "+++"]
    start = plus[1] + 1 if len(plus) > 1 else len(lines)
    return "\n".join(_NUMBERED.sub("", x) if k >= start else x for k, x in enumerate(lines))


def determines(original: str, text: str) -> bool:
    """Whether the record of ``text`` (a mistake in ``original``) tells what ``original``
    held: False when another step (or, for a turn left out, another turn of one step or
    none) in place of the mistake gives a record that replays to its end as well. A search
    of its own, over the legal steps where the two records' steps part."""
    from keyharvest.formats.meant import _reach
    from keyharvest.formats.records import start_state
    from keyharvest.model.steps import EndTurn
    from keyharvest.rules import advance, representative_steps

    try:
        (good,), (bad,) = load_records(original, SOURCE), load_records(_unnumbered(text),
                                                                        SOURCE)
    except (KeyHarvestError, ValueError):
        return True  # (it does not read: the search cannot judge it)
    one, two = good.steps, bad.steps
    k = next((i for i, (a, b) in enumerate(zip(one, two)) if a != b), min(len(one), len(two)))
    state = start_state(good)
    for step in one[:k]:
        advance(state, step)
    gone = len(one) - len(two)
    if (gone == -1 and k + 1 < len(two) and isinstance(one[k], EndTurn)
            and isinstance(two[k + 1], EndTurn)):  # a turn's 'end' retyped as a step:
        player = state.pending.player  # the turn of one step or none that fits
        fills = [[EndTurn(player)]] + [[s, EndTurn(player)] for s in representative_steps(state)
                                       if not isinstance(s, EndTurn)]
        return sum(_reach(state, [*f, *two[k + 2:]]) == float("inf") for f in fills[:300]) <= 1
    if gone < 0:
        return True
    empty = gone == 1 and isinstance(one[k], EndTurn) and (k == 0 or isinstance(one[k - 1],
                                                                            EndTurn))
    if gone > 1 and not all(isinstance(s, EndTurn) for s in one[k + 1:k + gone]):
        return False  # a line of several steps left out: the rest of the record does not
        # hold them (a tile drawn, a crop paid); counted as not determined
    rest = two[k + (0 if gone else 1):]
    fills: list[list] = []
    if gone <= 1 and not empty:
        fills = [[s] for s in representative_steps(state)]
    else:  # a turn left out: the turns of one step or none
        player = state.pending.player
        fills = [list(one[k:k + gone])] * (not empty) + [[EndTurn(player)]] + [
            [s, EndTurn(player)] for s in representative_steps(state) if not isinstance(s, EndTurn)]
    fills = [f for i, f in enumerate(fills) if f not in fills[:i]]  # (the original once)
    found = 0
    for fill in fills[:300]:
        if _reach(state, [*fill, *rest]) == float("inf"):
            found += 1
            if found > 1:
                return False
    return True


def _improve(figures: Figures, kind: str, text: str, before: Reading) -> str:
    """Follow the first help of ``text`` (read as ``before``) and count it; why the record
    was not improved ("" when it was)."""
    if before.hint is None:
        return "no help"
    figures.helped += 1
    fixed = follow(text, before.hint)
    if fixed is None:
        untold = UNTOLD in (before.hint.hint or "")
        figures.untold += untold
        return "untold" if untold else "no edit"
    figures.followable += 1
    after = read(fixed)
    syntax = after.first is not None and after.first.kind == "syntax" and \
        after.first.message.startswith(SYNTAX)
    if after.key() > before.key() and not syntax:
        figures.improved += 1
        figures.improved_by_kind[kind] += 1
        return ""
    figures.failures.append((kind, before.hint.format(), after.first.format()
                             if after.first else "", text))
    return "not further"


def check(n: int, seed: int = 29, progress: Callable[[int], None] | None = None) -> Figures:
    rng = random.Random(seed)
    texts = games(12, seed)
    figures = Figures()
    while figures.mistakes < n:
        original, other = rng.choice(texts), rng.choice(texts)
        made = mistake(original, rng, other)
        if made is None:
            continue
        text, kind = made
        alone = (original, text)  # (the record with the mistake, for determines)
        if kind == "cut mid-line":  # the file as it was: the two records, each whole
            alone = (original, text[:len(text) - len(other)].rstrip("\n") + "\n")
            original += other
        figures.mistakes += 1
        figures.by_kind[kind] += 1
        if progress is not None:
            progress(figures.mistakes)
        before = read(text)
        if before.first is None:
            continue
        figures.bad += 1
        figures.bad_by_kind[kind] += 1
        why = _improve(figures, kind, text, before)
        if why:
            figures.missed[kind, why] += 1
            if len(figures.misses) < 400:
                shown = before.hint.format() if before.hint else before.first.format()
                figures.misses.append((kind, why, shown, text))
        if before.hint is None:
            continue
        if rounds(text, original):
            figures.restored += 1
            figures.restored_by_kind[kind] += 1
        elif not determines(*alone):
            figures.undetermined += 1
        else:
            figures.lost.append((kind, before.hint.format(), text))
    return figures


def main(argv: list[str]) -> int:
    n = int(argv[0]) if argv and argv[0].isdigit() else 20000
    seed = int(argv[argv.index("--seed") + 1]) if "--seed" in argv else 29
    figures = check(n, seed, lambda k: print(f"  {k}", file=sys.stderr) if k % 1000 == 0
                    else None)
    print(figures.line())
    print(figures.shares())
    print("by kind (mistakes, bad, improved, restored): " + ", ".join(
        f"{k} {v}/{figures.bad_by_kind[k]}/{figures.improved_by_kind[k]}/"
        f"{figures.restored_by_kind[k]}" for k, v in sorted(figures.by_kind.items())))
    print("not improved (kind, why: count): " + ", ".join(
        f"{k} {w}: {c}" for (k, w), c in figures.missed.most_common()))
    for kind, hint, after, _ in figures.failures[:10]:
        print(f"--- {kind}\n{hint}\n  after following it:\n{after}")
    if "-v" in argv:
        for kind, hint, _ in figures.lost[:10]:
            print(f"--- not restored: {kind}\n{hint}")
    return 1 if figures.failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
