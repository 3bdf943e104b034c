"""Fuzzing validation: mutated and grammar-generated records fed to what ``validate`` runs.

    python benchmarks/fuzz.py --seconds 600 --seed 1 [--out findings/] [--cli]

Every input goes through the library path of ``keyharvest validate`` (bytes ->
``records.decode_source`` -> ``records.iter_records`` -> ``records.replay`` ->
``diagnostics.diagnose``), and with ``--cli`` every tenth one also through the command
line (``typer.testing.CliRunner`` on ``keyharvest.cli.commands``, ``validate FILE``) when it
has that command. What is checked:

- nothing raises but a keyharvest error where one is expected (a crash is a finding);
- every bad record gets a diagnostic with a line and a column inside the text, which
  formats (a rule error names a RULES.md id);
- every record that reads and replays is valid all the way: written back in canonical
  form it reads back equal and replays to the same final position;
- the command line exits 0 or 1 (never 2 or 3), 1 exactly when the library found a bad
  record, and names the file, line and column of the problem.

Inputs are made from a corpus of self-play records (both bots, 2-4 players) and the
example games: byte flips, line deletions, duplications, swaps and moves, substitutions
and insertions of words of the grammar's vocabulary (keywords, colours, crops, workers,
events, references, punctuation), truncations, splices of two records, and records whose
movetext is generated from the grammar itself (random derivations of its rules).
Positions are fuzzed too (``validate`` reads them as well): the final and a middle
position of corpus games and the shipped positions, mutated the same ways, through
``positions.load_position``. Hostile front matter (``HOSTILE``) names board files out of
the folder (absolute, ``..``, a planted link out, devices, ``/proc``), an in-folder board
file that holds a secret, look-alike names and deep nesting: no diagnostic may quote the
secret, and each must be positioned. The run works in a folder of its own (the planted
files are there).

The report counts what the issue asks to be 0: tracebacks (anything but a keyharvest
error escaping), exit 3 of the command line, and rejections without a position (a
diagnostic with no line and column); a position's broken invariants (RULES.md J) are
about the whole table and are counted apart. ``tests/test_fuzz.py`` runs a few seconds
of it with a fixed seed; ``--inputs N`` runs N inputs (the issue's run: 1,000,000).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from keyharvest.errors import IllegalStep, KeyHarvestError
from keyharvest.formats.boardfile import standard_board
from keyharvest.formats.diagnostics import Diagnostic, diagnose
from keyharvest.formats.positions import dump_position, load_position
from keyharvest.formats.records import (
    decode_source,
    format_record,
    iter_records,
    load_records,
    read_source,
    replay,
)
from keyharvest.model.catalogue import CROPS, EVENTS, PLAYER_COLOURS, WORKERS
from keyharvest.notation.grammar import parser
from keyharvest.play.selfplay import selfplay_game

SOURCE = "fuzz.kh"
POSITION_SOURCE = "fuzz.toml"
#: What the planted in-folder board file holds: no diagnostic may ever show it.
SECRET = "SECRET-FUZZ-7f3a"
RULE_ID = re.compile(r"^[A-J](\.[0-9]+){0,2}$")


# -- the corpus -----------------------------------------------------------------------------------
def corpus(size: int = 12, seed: int = 0) -> list[str]:
    """Record texts to mutate: self-play games of both bots and the example games."""
    out = []
    for i in range(size):
        bot = "greedy" if i % 3 == 2 else "random"
        rec = selfplay_game(2 + i % 3, 7000 + seed, i, bot=bot, max_turns=40 + 20 * (i % 4))
        out.append(format_record(rec))
    for path in sorted((ROOT / "scenarios" / "games").glob("*.kh")):
        out.append(read_source(path))
    for path in sorted((ROOT / "scenarios" / "rules").glob("*.kh")):
        out.append(read_source(path))
    return out


def vocabulary() -> list[str]:
    """Words and marks of the notation, and their near misses."""
    board = standard_board()
    keywords = [t.pattern.value for t in parser().terminals if t.pattern.type == "str"]
    words = keywords + [k.upper() for k in keywords[:5]] + list(PLAYER_COLOURS) + list(CROPS)
    words += list(WORKERS) + list(EVENTS) + [w.name.split()[0].lower() for w in
                                             WORKERS.values()]
    words += list(board.references)[::3] + ["H2", "A22", "Z9", "b6", "A0"]
    words += ["+++", "1.", "12.", "0.", "999999.", "#", "# x; y", ";", ":", ",", ".", " ",
              "\t", "\n", "\r\n", "\r", "\u00a0", "\ufeff", "\u017f", "\u212a", "é",
              "\x00", "=", "[", "]", '"', "players", "registry", "tiles", "crops", "start",
              "removed", "unknown", "max_turns", "-1", "0", "1e9", "wheet", "gren", "veg"]
    return words


# -- mutations ------------------------------------------------------------------------------------
TOKEN = re.compile(r"[A-Za-z_'-]+|[0-9]+|[^\sA-Za-z0-9]")


def _lines(text: str) -> list[str]:
    return text.split("\n")


def flip_bytes(text: str, rng: random.Random, vocab: list[str]) -> bytes:
    data = bytearray(text.encode("utf-8"))
    for _ in range(rng.randint(1, 4)):
        if data:
            i = rng.randrange(len(data))
            data[i] ^= 1 << rng.randrange(8) if rng.random() < 0.7 else rng.randrange(256)
    return bytes(data)


def delete_lines(text: str, rng: random.Random, vocab: list[str]) -> str:
    lines = _lines(text)
    for _ in range(rng.randint(1, 3)):
        if len(lines) > 1:
            del lines[rng.randrange(len(lines))]
    return "\n".join(lines)


def duplicate_line(text: str, rng: random.Random, vocab: list[str]) -> str:
    lines = _lines(text)
    i = rng.randrange(len(lines))
    lines.insert(rng.randrange(len(lines) + 1), lines[i])
    return "\n".join(lines)


def swap_lines(text: str, rng: random.Random, vocab: list[str]) -> str:
    lines = _lines(text)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


def move_line(text: str, rng: random.Random, vocab: list[str]) -> str:
    lines = _lines(text)
    line = lines.pop(rng.randrange(len(lines)))
    lines.insert(rng.randrange(len(lines) + 1), line)
    return "\n".join(lines)


def substitute_token(text: str, rng: random.Random, vocab: list[str]) -> str:
    for _ in range(rng.randint(1, 3)):
        tokens = list(TOKEN.finditer(text))
        if not tokens:
            break
        m = rng.choice(tokens)
        text = text[:m.start()] + rng.choice(vocab) + text[m.end():]
    return text


def insert_token(text: str, rng: random.Random, vocab: list[str]) -> str:
    i = rng.randrange(len(text) + 1)
    sep = rng.choice(["", " ", " ", "; ", "\n    "])
    return text[:i] + sep + rng.choice(vocab) + sep + text[i:]


def delete_token(text: str, rng: random.Random, vocab: list[str]) -> str:
    tokens = list(TOKEN.finditer(text))
    if not tokens:
        return text
    m = rng.choice(tokens)
    return text[:m.start()] + text[m.end():]


def truncate(text: str, rng: random.Random, vocab: list[str]) -> str:
    return text[:rng.randrange(len(text) + 1)]


def change_case(text: str, rng: random.Random, vocab: list[str]) -> str:
    i, j = sorted((rng.randrange(len(text) + 1), rng.randrange(len(text) + 1)))
    piece = text[i:j]
    return text[:i] + (piece.upper() if rng.random() < 0.5 else piece.swapcase()) + text[j:]


def _kinds() -> dict[str, list[str]]:
    board = standard_board()
    keywords = [t.pattern.value for t in parser().terminals if t.pattern.type == "str"
                and t.pattern.value.isalpha()]
    return {"ref": list(board.references), "crop": list(CROPS),
            "colour": list(PLAYER_COLOURS), "worker": list(WORKERS),
            "event": list(EVENTS), "keyword": keywords}


KINDS = _kinds()
KIND_OF = {w.lower(): k for k, words in KINDS.items() for w in words if len(w) > 1}


def substitute_same_kind(text: str, rng: random.Random, vocab: list[str]) -> str:
    """Replace a word of the movetext by another of its kind (a reference by a reference,
    a crop by a crop ...): still well formed, often illegal deep in the game."""
    body = text.rfind("+++")
    for _ in range(rng.randint(1, 2)):
        tokens = [m for m in TOKEN.finditer(text, body + 3 if body >= 0 else 0)
                  if m.group().lower() in KIND_OF or re.fullmatch(r"[A-G][0-9]", m.group())
                  or m.group() in WORKERS or m.group() in EVENTS]
        if not tokens:
            break
        m = rng.choice(tokens)
        word = m.group()
        kind = KIND_OF.get(word.lower()) or ("ref" if len(word) > 1 else
                                             "worker" if word in WORKERS else "event")
        text = text[:m.start()] + rng.choice(KINDS[kind]) + text[m.end():]
    return text


def _items(text: str) -> tuple[list[str], int]:
    lines = _lines(text)
    body = max((i for i, line in enumerate(lines) if line.strip() == "+++"), default=-1)
    return lines, body + 1


def drop_step(text: str, rng: random.Random, vocab: list[str]) -> str:
    lines, body = _items(text)
    candidates = [i for i in range(body, len(lines)) if ";" in lines[i]]
    if not candidates:
        return delete_lines(text, rng, vocab)
    i = rng.choice(candidates)
    parts = lines[i].split(";")
    del parts[rng.randrange(1, len(parts))]
    lines[i] = ";".join(parts)
    return "\n".join(lines)


def swap_steps(text: str, rng: random.Random, vocab: list[str]) -> str:
    lines, body = _items(text)
    candidates = [i for i in range(body, len(lines)) if ";" in lines[i]]
    if not candidates:
        return swap_lines(text, rng, vocab)
    i = rng.choice(candidates)
    parts = lines[i].split(";")
    j = rng.randrange(1, len(parts))
    head, sep, first = parts[j - 1].rpartition(": ") if j == 1 else ("", "", parts[j - 1])
    parts[j - 1] = head + sep + parts[j].strip() if j == 1 else " " + parts[j].strip()
    parts[j] = " " + first.strip()
    lines[i] = ";".join(parts)
    return "\n".join(lines)


#: Front-matter lines a hostile or careless record might hold: boards that are not files
#: (a device would never end), absurd numbers, values of the wrong type, deep nesting.
HOSTILE = [
    'board = "/dev/zero"', 'board = "/dev/null"', 'board = "/dev/stdin"', 'board = "/tmp"',
    'board = "nowhere.toml"', 'board = "../../../../../../etc/passwd"', 'board = ""',
    "board = 7", "max_turns = 0", "max_turns = -3", f"max_turns = {10**30}",
    "max_turns = 1e400", 'players = []', 'players = "red red"', 'start = "blue"',
    'removed = "unknown"', 'removed = ["Z", "Z"]', 'registry = "B6 B6 B6 B6 B6 B6"',
    "meta = " + "[" * 400 + "]" * 400, 'date = 2024-13-45', 'names = { red = 5 }',
    # board files out of the folder, or that are no board
    'board = "/etc/passwd"', 'board = "/etc/hostname"', 'board = "/proc/self/environ"',
    'board = "../../../../../../proc/self/environ"', 'board = "sub/../../secret.toml"',
    'board = "outside.toml"', 'board = "outdir/board.toml"', 'board = "secret.toml"',
    'board = "~/.ssh/id_rsa"', 'board = "."', 'board = "./"', 'board = "\\u0000x"',
    'board = "' + "a" * 5000 + '"', 'board = "/dev/urandom"', 'board = "/dev/stdin"',
    # look-alikes, deep nesting
    'players = ["br\u043ewn", "green"]', 'start = "gr\u0435en"', 'players = "r\u0435d green"',
    "meta = " + "[" * 3000 + "]" * 3000, "meta = " + "{a=" * 3000 + "1" + "}" * 3000,
]


def hostile_front_matter(text: str, rng: random.Random, vocab: list[str]) -> str:
    lines = _lines(text)
    if "+++" not in lines:
        return text
    where = rng.randrange(1, max(2, lines.index("+++", 1) if "+++" in lines[1:] else 2))
    line = rng.choice(HOSTILE)
    key = line.split(" ", 1)[0]
    for i, old in enumerate(lines[:where + 8]):
        if old.startswith(key + " ="):
            lines[i] = line
            return "\n".join(lines)
    lines.insert(where, line)
    return "\n".join(lines)


MUTATIONS = {
    "flip bytes": flip_bytes, "delete lines": delete_lines, "duplicate line": duplicate_line,
    "swap lines": swap_lines, "move line": move_line, "substitute token": substitute_token,
    "insert token": insert_token, "delete token": delete_token, "truncate": truncate,
    "change case": change_case, "substitute same kind": substitute_same_kind,
    "drop step": drop_step, "swap steps": swap_steps, "hostile front matter": hostile_front_matter,
}
def hostile_position(text: str, rng: random.Random, vocab: list[str]) -> str:
    """A position's top-level key replaced or added from ``HOSTILE`` (board paths above
    all): a position names its board as a record does."""
    lines = _lines(text)
    line = rng.choice([h for h in HOSTILE if h.startswith(("board", "max_turns", "meta"))]
                      + ['players = ["br\u043ewn", "green"]'])
    key = line.split(" ", 1)[0]
    for i, old in enumerate(lines):
        if old.startswith("["):
            break
        if old.startswith(key + " ="):
            lines[i] = line
            return "\n".join(lines)
    lines.insert(1 if lines and lines[0].startswith("#") else 0, line)
    return "\n".join(lines)


#: Frames and pending lines of the position corpus, for the mutations of the frame stack
#: (filled by ``position_corpus``): a frame of another position, or another position's
#: pending, is what a careless edit or a splice of two files makes.
FRAMES: list[str] = []
PENDINGS: list[str] = []
_PENDING_KINDS = ("turn", "chance", "replace", "ability", "event", "choice", "over", "x")


def _stack_parts(text: str) -> tuple[list[str], list[str]]:
    """The lines before the first ``[[stack]]`` table, and each ``[[stack]]`` table."""
    head, _, rest = text.partition("\n[[stack]]\n")
    if not _:
        return _lines(text), []
    return _lines(head), ["[[stack]]\n" + b.strip("\n") for b in rest.split("\n[[stack]]\n")]


def _random_pending(rng: random.Random, text: str) -> str:
    """A pending line: another position's, or one made of random parts."""
    if PENDINGS and rng.random() < 0.5:
        return rng.choice(PENDINGS)
    colours = [c for c in PLAYER_COLOURS if f"[{c}]" in text] or list(PLAYER_COLOURS)
    parts = [f'kind = "{rng.choice(_PENDING_KINDS)}"']
    if rng.random() < 0.8:
        parts.append(f'player = "{rng.choice(colours + ["blue"])}"')
    parts.append(f'rule = "{rng.choice(["C.1", "F.1", "D.2", "E.1", "F.4"])}"')
    parts.append('purpose = ""')
    if rng.random() < 0.3:
        parts.append(f'worker = "{rng.choice(list(WORKERS))}"')
    if rng.random() < 0.3:
        parts.append(f'event = "{rng.choice(list(EVENTS))}"')
    return "pending = { " + ", ".join(parts) + " }"


def _mutate_frames(frames: list[str], rng: random.Random) -> list[str]:
    frames = list(frames)
    roll = rng.random()
    if roll < 0.2 and frames:
        del frames[rng.randrange(len(frames))]
    elif roll < 0.35 and frames:
        frames.insert(rng.randrange(len(frames) + 1), rng.choice(frames))
    elif roll < 0.5 and len(frames) > 1:
        i, j = rng.sample(range(len(frames)), 2)
        frames[i], frames[j] = frames[j], frames[i]
    elif roll < 0.6:
        frames = []
    elif roll < 0.8 and FRAMES:
        frames.insert(rng.randrange(len(frames) + 1), rng.choice(FRAMES))
    elif frames:  # a field of one frame given the value of a field of another frame
        i = rng.randrange(len(frames))
        lines = frames[i].split("\n")
        donors = [x for f in (FRAMES or frames) for x in f.split("\n")[2:] if " = " in x]
        fields = [k for k, x in enumerate(lines) if " = " in x and not x.startswith("type")]
        if fields and donors:
            k = rng.choice(fields)
            key = lines[k].split(" = ", 1)[0]
            same = [x for x in donors if x.startswith(key + " = ")]
            value = rng.choice(same or donors).split(" = ", 1)[1]
            lines[k] = f"{key} = {value}"
            frames[i] = "\n".join(lines)
    return frames


def stack_and_pending(text: str, rng: random.Random, vocab: list[str]) -> str:
    """The frame stack and ``pending`` of a position mutated apart or together: a frame
    dropped, repeated, swapped, taken from another position or given another frame's
    field; the stack emptied; ``pending`` made of random parts or another position's."""
    head, frames = _stack_parts(text)
    how = rng.choice(("stack", "pending", "both"))
    if how in ("stack", "both"):
        frames = _mutate_frames(frames, rng)
        if not frames:
            head = [x for x in head if not x.startswith("stack =")]
            head.insert(1 if head and head[0].startswith("#") else 0, "stack = []")
    if how in ("pending", "both"):
        line = _random_pending(rng, text)
        at = [i for i, x in enumerate(head) if x.startswith("pending =")]
        if at:
            head[at[0]] = line
        else:
            head.insert(1 if head and head[0].startswith("#") else 0, line)
    return "\n".join(head).rstrip("\n") + "\n" + "".join("\n" + f + "\n" for f in frames)


MUTATIONS_OF_POSITIONS = {"hostile position": hostile_position,
                          "stack and pending": stack_and_pending}
#: The mutations that make sense for a position (TOML): all but those of records' steps.
POSITION_MUTATIONS = [m for m in MUTATIONS if m not in ("drop step", "swap steps",
                                                        "substitute same kind",
                                                        "hostile front matter")] + [
    "hostile position", "stack and pending", "stack and pending"]


def splice(a: str, b: str, rng: random.Random) -> str:
    la, lb = _lines(a), _lines(b)
    return "\n".join(la[:rng.randrange(len(la) + 1)] + lb[rng.randrange(len(lb) + 1):])


# -- records generated from the grammar -----------------------------------------------------------
class GrammarGenerator:
    """Random derivations of the grammar's rules (as Lark compiled them), with terminals
    filled from the notation's vocabulary: well-formed movetext, mostly illegal play."""

    def __init__(self) -> None:
        p = parser()
        self.rules: dict[str, list[list[tuple[bool, str]]]] = {}
        for rule in p.rules:
            self.rules.setdefault(str(rule.origin.name), []).append(
                [(sym.is_term, str(sym.name)) for sym in rule.expansion])
        self.strings = {t.name: t.pattern.value for t in p.terminals if t.pattern.type == "str"}
        # the least depth at which each symbol can end, to stop deep derivations
        depth: dict[str, int] = {}
        changed = True
        while changed:
            changed = False
            for name, options in self.rules.items():
                for option in options:
                    need = [0 if term else depth.get(sym, 10**6) for term, sym in option]
                    d = 1 + max(need, default=0)
                    if d < depth.get(name, 10**6):
                        depth[name] = d
                        changed = True
        self.depth = depth
        board = standard_board()
        self.refs = list(board.references)
        self.names = (list(PLAYER_COLOURS) + list(CROPS) + list(WORKERS) + list(EVENTS)
                      + ["gren", "wheet", "steward", "lucky-dip", "veg"])

    def terminal(self, name: str, rng: random.Random, players: list[str]) -> str:
        if name in self.strings:
            value = self.strings[name]
            return value.upper() if rng.random() < 0.05 else value
        if name == "REF":
            return rng.choice(self.refs) if rng.random() < 0.95 else rng.choice(["H2", "a99"])
        if name == "WORD":
            if rng.random() < 0.5:
                return rng.choice(players)
            return rng.choice(self.names)
        if name == "NUMBER":
            return str(rng.randint(0, 40))
        if name == "_NL":
            return "\n" + rng.choice(["", "", "    ", "  "])
        if name == "COMMENT":
            return "# note"
        raise KeyError(name)

    def derive(self, symbol: str, rng: random.Random, players: list[str], budget: int,
               out: list[str]) -> None:
        options = self.rules[symbol]
        if budget <= 0:
            least = min(self.depth.get(s, 10**6) if not t else 0 for o in options
                        for t, s in o)
            options = [o for o in options if max((0 if t else self.depth.get(s, 10**6))
                                                   for t, s in o) <= least] or options
            options = [min(options, key=len)]
        for term, sym in rng.choice(options):
            if term:
                out.append(self.terminal(sym, rng, players))
            else:
                self.derive(sym, rng, players, budget - 1, out)

    def movetext(self, rng: random.Random, players: list[str]) -> str:
        out: list[str] = []
        self.derive("start", rng, players, rng.randint(4, 14), out)
        text = ""
        for token in out:
            glue = "" if (not text or text.endswith((" ", "\n")) or token in (":", ";", ",", ".")
                          or token.startswith("\n")) else " "
            text += glue + token
        return text


def front_matter(text: str) -> tuple[str, list[str]]:
    """The front matter of a record text (with its '+++' lines) and its players."""
    lines = _lines(text)
    close = lines.index("+++", 1)
    head = "\n".join(lines[:close + 1]) + "\n"
    players = re.search(r'^players = \[(.*)\]$', head, re.MULTILINE)
    names = re.findall(r'"(\w+)"', players.group(1)) if players else ["red", "green"]
    return head, names


# -- checking -------------------------------------------------------------------------------------
@dataclass
class Findings:
    inputs: int = 0
    valid: int = 0
    bad: int = 0
    kinds: Counter = field(default_factory=Counter)  # diagnostics by kind/rule
    mutations: Counter = field(default_factory=Counter)
    crashes: list[tuple[str, bytes, str]] = field(default_factory=list)  # (what, input, trace)
    cli_runs: int = 0
    positions: int = 0
    violations: int = 0  # positions whose invariants (RULES.md J) are broken
    played_on: int = 0  # valid positions played on (``play_on``)
    counts: Counter = field(default_factory=Counter)  # findings by class (see report)

    def problem(self, what: str, data: bytes, detail: str) -> None:
        self.counts[_finding_class(what, detail)] += 1
        if len(self.crashes) < 1000:  # keep the first ones whole; count them all
            self.crashes.append((what, data, detail))
        else:
            self.crashes.append((what, b"", ""))


def _finding_class(what: str, detail: str) -> str:
    if what in ("crash", "cli crash", "moves crash"):
        return "traceback"
    if what.startswith("cli exit 3"):
        return "exit 3"
    if what == "bad diagnostic" and detail.startswith("no line or column"):
        return "unpositioned"
    if what == "secret shown":
        return "secret shown"
    return "other"


def _check_diagnostic(d: Diagnostic, text: str | None, data: bytes) -> str | None:
    """Why ``d`` is not a proper positioned diagnostic, or None."""
    if d.line is None or d.column is None:
        return f"no line or column: {d.headline()}"
    if d.kind == "internal":
        return f"an internal error: {d.headline()}"
    if text is not None:
        lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        if not 1 <= d.line <= len(lines):
            return f"line {d.line} outside the text ({len(lines)} lines): {d.headline()}"
        if not 1 <= d.column <= len(lines[d.line - 1]) + 1:
            return f"column {d.column} outside line {d.line}: {d.headline()}"
    else:
        n = data.count(b"\n") + 1
        if not 1 <= d.line <= n:
            return f"line {d.line} outside the input ({n} lines): {d.headline()}"
    if d.rule is not None and not RULE_ID.match(d.rule):
        return f"not a rule id: {d.rule!r} in {d.headline()}"
    shown = d.format()
    if len(shown) > 4000:
        return f"a diagnostic of {len(shown)} characters: {d.headline()[:200]}"
    return None


def validate(data: bytes, findings: Findings) -> bool | None:
    """What ``validate`` does with ``data``, checked: True when every record is valid,
    False when one is bad, None when checking crashed (a finding)."""
    findings.inputs += 1
    try:
        try:
            text = decode_source(data, SOURCE)
        except KeyHarvestError as exc:
            return _bad(diagnose(exc, None, SOURCE), None, data, findings)
        ok = True
        try:
            for record in iter_records(text, SOURCE):
                done = replay(record, invariants="end")  # as validate does
                if done.error is not None:
                    if not isinstance(done.error, IllegalStep):
                        findings.problem("replay error is not IllegalStep", data,
                                         repr(done.error))
                        return None
                    ok = _bad(diagnose(done.error, text, SOURCE), text, data, findings) and ok
                    if ok is None:
                        return None
                    continue
                if not _still_valid(record, done, data, findings):
                    return None
                findings.valid += 1
        except KeyHarvestError as exc:
            return _bad(diagnose(exc, text, SOURCE), text, data, findings)
        return ok
    except Exception:  # noqa: BLE001 - any other exception is what the fuzzer looks for
        findings.problem("crash", data, traceback.format_exc())
        return None


def _bad(d: Diagnostic, text: str | None, data: bytes, findings: Findings) -> bool | None:
    findings.bad += 1
    findings.kinds[f"{d.kind}[{d.rule}]" if d.rule else d.kind] += 1
    if SECRET in d.format() or SECRET in repr(d.to_dict()):
        findings.problem("secret shown", data, d.headline())
        return None
    why = _check_diagnostic(d, text, data)
    if why is not None:
        findings.problem("bad diagnostic", data, why)
        return None
    return False


def validate_position(data: bytes, findings: Findings) -> bool | None:
    """What ``validate`` does with a position file, checked: True when it reads and keeps
    the invariants, False when it is rejected, None for a finding."""
    findings.inputs += 1
    findings.positions += 1
    try:
        try:
            text = decode_source(data, POSITION_SOURCE)
        except KeyHarvestError as exc:
            return _bad(diagnose(exc, None, POSITION_SOURCE), None, data, findings)
        try:
            pos = load_position(text, POSITION_SOURCE)
        except KeyHarvestError as exc:
            return _bad(diagnose(exc, text, POSITION_SOURCE), text, data, findings)
        if pos.problems:  # about the whole table: a rule id, no line
            findings.violations += 1
            findings.kinds["position[invariants]"] += 1
            for v in pos.problems:
                if not RULE_ID.match(v.rule) or SECRET in v.message:
                    findings.problem("bad violation", data, str(v))
                    return None
            return False
        findings.valid += 1
    except Exception:  # noqa: BLE001 - any other exception is what the fuzzer looks for
        findings.problem("crash", data, traceback.format_exc())
        return None
    try:
        play_on(pos.state, findings)
    except Exception:  # noqa: BLE001 - a position validate accepts that the engine cannot play
        findings.problem("moves crash", data, traceback.format_exc())
        return None
    return True


#: Steps ``play_on`` plays from a valid position, and how often it asks the search bot.
PLAY_ON_STEPS = 12
HINT_EVERY = 25


def play_on(state, findings: Findings) -> None:
    """What ``moves``, ``moves --all`` and ``hint`` do with a position ``validate``
    accepts: its legal steps listed (representative and complete), a few random steps
    played from it (each one listed first), and every ``HINT_EVERY``-th time a short
    search. Raises whatever the engine raises: for a valid position that is a finding."""
    from keyharvest.play.advice import hint
    from keyharvest.play.bots import random_step
    from keyharvest.rules import advance, representative_steps
    from keyharvest.rules.game import Game

    findings.played_on += 1
    Game(state).legal_steps()
    if findings.played_on % HINT_EVERY == 0 and state.current_player() >= 0:
        hint(state, budget=4, seed=findings.played_on)
    rng = random.Random(findings.played_on)
    state = state.copy()
    for _ in range(PLAY_ON_STEPS):
        if state.is_over:
            break
        listed = representative_steps(state)
        if not listed:
            raise AssertionError(f"no legal step, waiting for {state.pending.describe()}")
        advance(state, random_step(state, rng))


def position_corpus(texts: list[str]) -> list[str]:
    """Position files to mutate: the final and a middle position of some corpus records,
    and the shipped positions."""
    out = []
    for text in texts[:8]:
        try:
            record = load_records(text, "corpus.kh")[0]
        except KeyHarvestError:
            continue
        out.append(dump_position(replay(record).state))
        out.append(dump_position(replay(record, upto=len(record.steps) // 2).state))
        out.extend(_mid_effect(record, 3))
    for path in sorted((ROOT / "scenarios").rglob("*.toml")):
        if not path.name.endswith(".expect.toml"):
            out.append(read_source(path))
    FRAMES.clear()
    PENDINGS.clear()
    for text in out:  # the parts the mutations of the frame stack take from other positions
        head, frames = _stack_parts(text)
        FRAMES.extend(f for f in frames if f not in FRAMES)
        PENDINGS.extend(x for x in head if x.startswith("pending =") and x not in PENDINGS)
    return out


def _mid_effect(record, n: int) -> list[str]:
    """Up to ``n`` positions of ``record`` taken where the most frames are stacked (an
    effect under way: a refill, an ability, an event), the deepest first."""
    from keyharvest.rules import advance

    state = replay(record, upto=0).state
    found: list[tuple[int, int, str]] = []
    for i, step in enumerate(record.steps):
        if len(state.stack) > 1:
            found.append((-len(state.stack), i, dump_position(state)))
        try:
            advance(state, step)
        except IllegalStep:  # a scenario of a refused step: the positions before it
            break
    return [text for _, _, text in sorted(found)[:n]]


def plant(folder: Path) -> None:
    """The files hostile front matter names: a board file in the folder that holds a
    secret, a link out of the folder, and a folder that is a link out."""
    (folder / "secret.toml").write_text(f'API_TOKEN = "{SECRET}"\n[spaces]\nA1 = "{SECRET}"\n')
    outside = folder / "outside-target"
    outside.mkdir(exist_ok=True)
    (outside / "board.toml").write_text(f'{SECRET} = 1\n')
    for name, target in (("outside.toml", "/etc/hostname"), ("outdir", str(outside))):
        if not (folder / name).is_symlink():
            (folder / name).symlink_to(target)


def _still_valid(record, done, data: bytes, findings: Findings) -> bool:
    """A record that replays is valid all the way: its canonical text reads back equal and
    replays to the same position."""
    text = format_record(record)
    again = load_records(text, "again.kh")
    if len(again) != 1 or again[0] != record:
        findings.problem("canonical text reads back different", data, text)
        return False
    redo = replay(again[0])
    if redo.error is not None or dump_position(redo.state) != dump_position(done.state):
        findings.problem("canonical text replays different", data, repr(redo.error))
        return False
    return True


def validate_cli(data: bytes, expected: bool | None, findings: Findings,
                 folder: Path, name: str = SOURCE) -> None:
    """The same input through ``keyharvest validate FILE``, if the command exists."""
    app = cli_app()
    if app is None or expected is None:
        return
    from typer.testing import CliRunner

    findings.cli_runs += 1
    path = folder / name
    path.write_bytes(data)
    result = CliRunner().invoke(app, ["validate", str(path)])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        findings.problem("cli crash", data, "".join(traceback.format_exception(
            result.exception)))
        return
    if SECRET in result.output:
        findings.problem("secret shown", data, result.output[-2000:])
        return
    want = 0 if expected else 1
    if result.exit_code != want:
        findings.problem(f"cli exit {result.exit_code}, expected {want}", data,
                         result.output[-2000:])
        return
    if not expected and name == SOURCE and not re.search(re.escape(str(path)) + r":[0-9]+:[0-9]+: ",
                                                         result.output):
        findings.problem("cli names no file:line:col", data, result.output[-2000:])


_APP: list = []


def cli_app():
    """``keyharvest.cli.commands`` if it has a ``validate`` command, else None."""
    if not _APP:
        try:
            from typer.main import get_command

            from keyharvest.cli.commands import app

            names = set(getattr(get_command(app), "commands", {}))
            _APP.append(app if "validate" in names else None)
        except Exception:  # noqa: BLE001 - no command line yet: the library path only
            _APP.append(None)
    return _APP[0]


# -- the loop -------------------------------------------------------------------------------------
def inputs(rng: random.Random, texts: list[str], vocab: list[str],
           generator: GrammarGenerator, positions: list[str] | None = None,
           position_share: float = 0.2):
    """An endless stream of (how it was made, input bytes); with ``positions``,
    ``position_share`` of them positions (their "how" starts with "position")."""
    names = list(MUTATIONS)
    while True:
        base = rng.choice(texts)
        roll = rng.random()
        if positions and roll < position_share:
            text: str | bytes = rng.choice(positions)
            how = ["position"]
            for _ in range(rng.choice([0, 1, 1, 2])):
                name = rng.choice(POSITION_MUTATIONS)
                how.append(name)
                if isinstance(text, bytes):
                    text = text.decode("utf-8", "replace")
                text = (MUTATIONS_OF_POSITIONS.get(name) or MUTATIONS[name])(text, rng, vocab)
            yield " + ".join(how), text if isinstance(text, bytes) else text.encode("utf-8")
            continue
        roll = (roll - position_share) / (1 - position_share) if positions else roll
        if roll < 0.12:
            head, players = front_matter(base)
            yield "grammar", (head + generator.movetext(rng, players)).encode("utf-8")
            continue
        if roll < 0.18:
            text = splice(base, rng.choice(texts), rng)
            yield "splice", text.encode("utf-8")
            continue
        if roll < 0.22:
            yield "as is", base.encode("utf-8")
            continue
        how = []
        text = base
        for _ in range(rng.choice([1, 1, 1, 2, 3])):
            name = rng.choice(names)
            how.append(name)
            if isinstance(text, bytes):
                text = text.decode("utf-8", "replace")
            text = MUTATIONS[name](text, rng, vocab)
        yield " + ".join(how), text if isinstance(text, bytes) else text.encode("utf-8")


def run(seconds: float, seed: int, *, cli: bool = False, limit: int | None = None,
        corpus_size: int = 12, folder: Path | None = None, cli_every: int = 10,
        progress: float = 0.0, position_share: float = 0.2) -> Findings:
    """Fuzz for ``seconds`` (or ``limit`` inputs) from ``seed``; returns what it found.
    With ``cli``, every ``cli_every``-th input goes through the command line too; with
    ``progress``, a line of counts goes to stderr every that many seconds;
    ``position_share`` of the inputs are positions."""
    import os
    import tempfile

    rng = random.Random(seed)
    texts = corpus(corpus_size, seed)
    positions = position_corpus(texts)
    vocab = vocabulary()
    generator = GrammarGenerator()
    findings = Findings()
    start = time.monotonic()
    end = start + seconds
    shown = start
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as tmp:
        where = folder or Path(tmp)
        plant(where)
        os.chdir(where)  # records name board files relative to their folder: this one
        try:
            made = inputs(rng, texts, vocab, generator, positions, position_share)
            for n, (how, data) in enumerate(made):
                now = time.monotonic()
                if now > end or (limit is not None and n >= limit):
                    break
                if progress and now - shown > progress:
                    shown = now
                    print(f"{n} inputs, {now - start:.0f} s: " + _counts(findings),
                          file=sys.stderr, flush=True)
                findings.mutations[how.split(" + ")[0]] += 1
                if how.startswith("position"):
                    verdict = validate_position(data, findings)
                    if cli and n % cli_every == 0:
                        validate_cli(data, verdict, findings, where, POSITION_SOURCE)
                    continue
                verdict = validate(data, findings)
                if cli and n % cli_every == 0:
                    validate_cli(data, verdict, findings, where)
        finally:
            os.chdir(here)
    return findings


def _counts(f: Findings) -> str:
    c = f.counts
    return (f"tracebacks {c['traceback']}, exit 3 {c['exit 3']}, unpositioned "
            f"{c['unpositioned']}, secret shown {c['secret shown']}, other findings "
            f"{c['other']}")


def report(f: Findings, seconds: float) -> str:
    lines = [(f"{f.inputs} inputs in {seconds:.0f} s ({f.positions} positions): {f.valid} "
              f"valid records and positions, {f.bad} bad inputs diagnosed, {f.violations} "
              f"positions breaking invariants (RULES.md J), {f.played_on} valid positions "
              f"played on (moves, moves --all, a few steps, a search every {HINT_EVERY}), "
              f"{f.cli_runs} through the command line, {len(f.crashes)} findings")]
    lines.append("findings: " + _counts(f))
    lines.append("diagnostics: " + ", ".join(f"{k} {v}" for k, v in f.kinds.most_common(25)))
    lines.append("inputs made by: " + ", ".join(f"{k} {v}" for k, v in
                                                 f.mutations.most_common()))
    for what, _, detail in f.crashes[:10]:
        lines.append(f"FINDING {what}: {detail.strip().splitlines()[-1][:300]}")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cli", action="store_true", help="also run every 10th input through "
                    "keyharvest validate (typer's CliRunner)")
    ap.add_argument("--out", type=Path, help="write each finding's input to this folder")
    ap.add_argument("--inputs", type=int, help="stop after this many inputs (no time limit)")
    ap.add_argument("--cli-every", type=int, default=10,
                    help="with --cli, every Nth input goes through the command line")
    ap.add_argument("--positions", type=float, default=0.2, metavar="SHARE",
                    help="the share of inputs that are positions (1: positions only, their "
                         "frame stack and pending mutated a third of the time)")
    ap.add_argument("--progress", type=float, default=0.0,
                    help="a line of counts on stderr every this many seconds")
    args = ap.parse_args()
    start = time.monotonic()
    seconds = float("inf") if args.inputs else args.seconds
    f = run(seconds, args.seed, cli=args.cli, limit=args.inputs, cli_every=args.cli_every,
            progress=args.progress, position_share=args.positions)
    print(report(f, time.monotonic() - start))
    if args.out and f.crashes:
        args.out.mkdir(parents=True, exist_ok=True)
        for i, (what, data, detail) in enumerate(f.crashes):
            (args.out / f"finding-{i:03d}.kh").write_bytes(data)
            (args.out / f"finding-{i:03d}.txt").write_text(f"{what}\n{detail}\n")
    return 1 if f.crashes else 0


if __name__ == "__main__":
    sys.exit(main())
