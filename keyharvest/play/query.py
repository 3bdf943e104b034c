"""The query language of ``keyharvest filter``: which games of a collection to keep.

A query is read by its own Lark grammar, ``grammar/query.lark`` (package data in a
wheel, loaded as ``notation.grammar`` loads the notation's), and compiled by ``compile_query``
into a ``Query``: a predicate over a ``collection.Game``. docs/query.md is the reference;
in short::

    players = 4 and winner = red and has "buy B7 from *"
    names.red = "Ann" and (date >= 2024-05-01 or event ~ "Club*")
    has "offer *" by green before turn 10 and not finished

- **fields** name the front matter (``event``, ``site``, ``date``, ``round``, ``table``,
  ``annotator``, ``notes``, ``players``, ``start``, ``board``, ``max_turns``,
  ``names.COLOUR``, ``names``, ``meta.KEY``) and the result (``finished``, ``result``,
  ``winner``, ``winners``, ``points.COLOUR``, ``margin``, ``turns``, ``steps``);
- **comparisons** ``= != < <= > >=`` and ``~`` (a wildcard pattern: ``*`` any run of
  characters, ``?`` one); text compares without regard to case; a list (``players``,
  ``winners``, ``names``) compares its count with a number and tests a member with
  ``contains``; a field alone is true when it is set (``finished`` when the game is);
- **steps**: ``has "PATTERN"`` is true when a step's canonical text (without its speaker,
  unless the pattern has one: ``"red: buy *"``) matches; ``by COLOUR``, ``before turn N``,
  ``after turn N`` and ``in turn N`` narrow which steps count;
- ``and``, ``or``, ``not`` and parentheses, ``not`` binding tightest, then ``and``.

A missing field (a front matter without ``event``, ``points.red`` of a game red did not
play) makes every comparison on it false, ``!=`` included (test it with the field alone).

A query that does not read, or names a field or colour that does not exist, raises
``QueryError`` (a ``NotationError``) at its column in the query, with a help line, so that
``filter`` reports it as a record's syntax error is reported. This module knows the
language, not the files (``play.collection``) nor the command line.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import IO, TYPE_CHECKING, Any, NamedTuple

from ..errors import NotationError, Span
from ..model.catalogue import PLAYER_COLOURS
from ..notation.names import did_you_mean
from .batch import Report, Unit
from .collection import Game

if TYPE_CHECKING:
    from lark import Lark, Token, Tree

GRAMMAR_FILE = "query.lark"
SOURCE = "<query>"
#: The longest query read (a query is a line or two; its parse must stay small).
MAX_QUERY = 4000

#: The kinds of value a field holds.
TEXT, NUMBER, DATE, LIST, BOOL, ANY = "text", "number", "date", "list", "yes/no", "any"

#: The fields, with their kind (``names.COLOUR``, ``points.COLOUR`` and ``meta.KEY`` apart).
FIELDS: dict[str, str] = {
    "event": TEXT, "site": TEXT, "date": DATE, "round": ANY, "table": ANY,
    "annotator": TEXT, "notes": TEXT, "players": LIST, "start": TEXT, "board": TEXT,
    "max_turns": NUMBER, "names": LIST, "finished": BOOL, "result": TEXT, "winner": TEXT,
    "winners": LIST, "margin": NUMBER, "turns": NUMBER, "steps": NUMBER,
}
#: Fields that take a second part: its kind, and whether the part is a colour.
DOTTED: dict[str, tuple[str, bool]] = {"names": (TEXT, True), "points": (NUMBER, True),
                                       "meta": (ANY, False)}

KEYWORDS = ("and", "or", "not", "has", "contains", "before", "after", "in", "by", "turn")
_META_FIELDS = ("event", "site", "round", "table", "annotator", "notes")
HELP = "see docs/query.md: a field, an operator and a value, joined by and, or, not"

Predicate = Callable[["Game"], bool]


class QueryError(NotationError):
    """A query that does not read or does not make sense: at its column in the query."""

    kind = "syntax"


@dataclass(frozen=True)
class Query:
    """A compiled query: ``query(game)`` says whether ``game`` matches. ``moves`` says
    whether it reads the steps (``has``), which the games must then carry
    (``collection.games_of(unit, moves=True)``)."""

    text: str
    test: Predicate
    moves: bool

    def __call__(self, game: Game) -> bool:
        return self.test(game)


# -- the grammar -----------------------------------------------------------------------------------
def grammar_text() -> str:
    """The text of ``query.lark``: package data in a wheel, else the repository's copy.
    Raises ``FileNotFoundError`` when neither is there (a broken installation)."""
    from importlib import resources
    from pathlib import Path

    packaged = resources.files("keyharvest").joinpath("grammar", GRAMMAR_FILE)
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    path = Path(__file__).resolve().parents[2] / "grammar" / GRAMMAR_FILE
    if not path.is_file():
        raise FileNotFoundError(f"the query grammar {GRAMMAR_FILE} is missing: neither "
                                "keyharvest/grammar/ nor the repository's grammar/ holds it")
    return path.read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def parser() -> Lark:
    """The LALR parser of the query language, built once per process."""
    from lark import Lark

    return Lark(grammar_text(), parser="lalr", propagate_positions=True)


# -- errors ----------------------------------------------------------------------------------------
def _error(message: str, column: int, width: int = 1, hint: str | None = HELP) -> QueryError:
    return QueryError(message, Span(1, column, 1, column + max(width, 1), SOURCE), hint=hint)


_TERMINALS = {"WORD": "a field or a word", "STRING": 'a quoted pattern or text ("...")',
              "NUMBER": "a number", "DATE": "a date (2024-05-01)", "INT": "a turn number",
              "OP": "an operator (= != < <= > >= ~)", "LPAR": "'('", "RPAR": "')'",
              "_OR": "'or'", "_AND": "'and'", "_NOT": "'not'", "_HAS": "'has'",
              "_CONTAINS": "'contains'", "_BEFORE": "'before'", "_AFTER": "'after'",
              "_IN": "'in'", "_BY": "'by'", "_TURN": "'turn'", "DOT": "'.'", "$END": "the end"}


def _expected(names: Iterable[str]) -> str:
    words = sorted({_TERMINALS.get(n, n.lower()) for n in names})
    return ", ".join(words[:-1]) + (" or " if len(words) > 1 else "") + words[-1] if words else ""


def _syntax_error(text: str, exc: Exception) -> QueryError:
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    if isinstance(exc, UnexpectedToken):
        token = exc.token
        expected = _expected(exc.accepts or exc.expected)
        if token.type == "$END":
            column = len(text.rstrip()) + 1
            return _error(f"the query ends too soon: expected {expected}", column,
                          hint="finish the query, or drop the word before the end")
        column = token.column or 1
        shown = str(token)[:40]
        return _error(f"unexpected {shown!r}: expected {expected}", column, len(shown))
    if isinstance(exc, UnexpectedCharacters):
        column = exc.column or 1
        pos = exc.pos_in_stream or 0
        char = text[pos] if pos < len(text) else ""
        hint = ('close the quoted text with "' if char == '"'
                else "words, numbers, dates, quoted text, ( ) and = != < <= > >= ~ only")
        return _error(f"unexpected character {char!r}", column, hint=hint)
    if isinstance(exc, UnexpectedEOF):
        return _error("the query ends too soon", len(text) + 1)
    return _error(str(exc).splitlines()[0], 1)


# -- compiling -------------------------------------------------------------------------------------
def compile_query(text: str) -> Query:
    """The ``Query`` that ``text`` says. Raises ``QueryError`` with the column of the
    problem and a help line."""
    if len(text) > MAX_QUERY:
        raise _error(f"the query is too long ({len(text)} characters; at most {MAX_QUERY})",
                     MAX_QUERY + 1, hint="split it, or select in two passes through a pipe")
    if "\n" in text or "\r" in text:
        at = min(i for i in (text.find("\n"), text.find("\r")) if i >= 0)
        raise _error("a query is one line", at + 1, hint="join its lines with spaces")
    if not text.strip():
        raise _error("the query is empty", 1, hint='for example: winner = red and has "buy *"')
    from lark.exceptions import LarkError

    try:
        tree = parser().parse(text)
    except LarkError as exc:
        raise _syntax_error(text, exc) from None
    builder = _Builder()
    top = tree.children[0]
    assert not isinstance(top, str)  # the start rule holds one expression
    test = builder.build(top)
    return Query(text, test, builder.moves)


@lru_cache(maxsize=8)
def cached(text: str) -> Query:
    """``compile_query(text)``, once per process (a worker compiles the query it is sent)."""
    return compile_query(text)


def _sub(node: Tree[Token]) -> list[Any]:
    """The children of ``node``: trees and tokens, as the grammar's rule says."""
    return list(node.children)


def _column(node: Tree[Token] | Token) -> int:
    meta = getattr(node, "meta", None)
    if meta is not None and not getattr(meta, "empty", True):
        return int(meta.column)
    return int(getattr(node, "column", 1) or 1)


def _width(node: Tree[Token] | Token) -> int:
    meta = getattr(node, "meta", None)
    if meta is not None and not getattr(meta, "empty", True):
        return int(meta.end_column) - int(meta.column)
    return len(str(node))


@dataclass(frozen=True)
class _Field:
    name: str
    kind: str
    get: Callable[[Game], Any]


def _get(name: str) -> Callable[[Game], Any]:
    """How field ``name`` (one word) is read of a game."""
    getters: dict[str, Callable[[Game], Any]] = {
        "date": lambda g: g.date(),
        "players": lambda g: g.players,
        "start": lambda g: g.start,
        "board": lambda g: g.board,
        "max_turns": lambda g: g.max_turns,
        "names": lambda g: tuple(g.names().values()),
        "finished": lambda g: g.finished,
        "result": lambda g: g.status,
        "winner": lambda g: g.winner,
        "winners": lambda g: g.winners,
        "margin": lambda g: g.margin,
        "turns": lambda g: g.turns,
        "steps": lambda g: g.steps,
    }
    if name in getters:
        return getters[name]
    assert name in _META_FIELDS
    return lambda g: g.metadata.get(name)


def _dotted(head: str, part: str) -> Callable[[Game], Any]:
    if head == "names":
        return lambda g: g.names().get(part)
    if head == "points":
        def points(g: Game) -> Any:
            seat = g.seat(part)
            return None if seat is None else seat.points
        return points

    def meta(g: Game) -> Any:
        value = g.metadata.get("meta")
        return value.get(part) if isinstance(value, dict) else None
    return meta


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "=": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
}


def _glob(pattern: str) -> re.Pattern[str]:
    """A wildcard pattern (``*``, ``?``) as an expression over text, case and runs of
    white space ignored."""
    words = " ".join(pattern.split()).lower()
    return re.compile(fnmatch.translate(words), re.DOTALL)


def _folded(value: Any) -> str:
    from .collection import plain

    return " ".join(str(plain(value)).split()).lower()


class _Builder:
    """Turns the parse tree into closures over a ``Game``, checking names as it goes."""

    def __init__(self) -> None:
        self.moves = False

    def build(self, node: Tree[Token]) -> Predicate:
        kind = str(node.data)
        if kind == "or_":
            parts = [self.build(child) for child in _sub(node)]
            return lambda g: any(p(g) for p in parts)
        if kind == "and_":
            parts = [self.build(child) for child in _sub(node)]
            return lambda g: all(p(g) for p in parts)
        if kind == "negation":
            inner = self.build(_sub(node)[0])
            return lambda g: not inner(g)
        if kind == "truth":
            return self.truth(self.field(_sub(node)[0]))
        if kind == "compare":
            return self.compare(node)
        if kind == "contains":
            return self.contains(node)
        if kind == "has":
            return self.has(node)
        raise _error(f"unknown part {kind!r} of the query", _column(node))  # grammar drift

    # -- fields ------------------------------------------------------------------------------
    def field(self, node: Tree[Token]) -> _Field:
        words = [str(t) for t in _sub(node)]
        head = words[0].lower()
        column = _column(node)
        if head in KEYWORDS:
            raise _error(f"unexpected {words[0]!r}: expected a field", column, len(head),
                         hint="a field or '(' after and, or, not")
        if head in DOTTED:
            kind, colour = DOTTED[head]
            if len(words) == 1:
                if head == "names":
                    return _Field("names", LIST, _get("names"))
                raise _error(f"'{head}' needs a second part: {head}.COLOUR" if colour
                             else "'meta' needs a second part: meta.KEY", column, _width(node),
                             hint=f"for example: {head}.red" if colour else "for example: "
                             "meta.seed")
            if len(words) > 2:
                raise _error(f"'{'.'.join(words)}' has too many parts", column, _width(node),
                             hint=f"{head}.{words[1]}")
            part = words[1].lower() if colour else words[1]
            if colour and part not in PLAYER_COLOURS:
                hint = did_you_mean(part, PLAYER_COLOURS) or (
                    f"a colour: {', '.join(PLAYER_COLOURS)}")
                raise _error(f"unknown colour {words[1]!r}", column + len(words[0]) + 1,
                             len(words[1]), hint=hint)
            return _Field(f"{head}.{part}", kind, _dotted(head, part))
        if len(words) > 1 or head not in FIELDS:
            name = ".".join(words)
            hint = did_you_mean(head, [*FIELDS, *DOTTED]) or (
                "the fields: " + ", ".join([*FIELDS, "names.COLOUR", "points.COLOUR",
                                            "meta.KEY"]))
            raise _error(f"unknown field {name!r}", column, _width(node), hint=hint)
        return _Field(head, FIELDS[head], _get(head))

    def truth(self, field: _Field) -> Predicate:
        get = field.get
        if field.kind == BOOL:
            return lambda g: bool(get(g))
        return lambda g: get(g) not in (None, "", (), [])

    # -- values ------------------------------------------------------------------------------
    def value(self, node: Tree[Token]) -> tuple[str, Any]:
        token = _sub(node)[0]
        kind = str(node.data)
        raw = str(token)
        if kind == "text":
            return TEXT, _unquote(raw, _column(node))
        if kind == "number":
            return NUMBER, float(raw) if "." in raw else int(raw)
        if kind == "date":
            return DATE, raw
        low = raw.lower()
        if low in ("true", "yes"):
            return BOOL, True
        if low in ("false", "no"):
            return BOOL, False
        return TEXT, raw

    def compare(self, node: Tree[Token]) -> Predicate:
        field_node, op_token, value_node = _sub(node)
        field = self.field(field_node)
        op = str(op_token)
        kind, value = self.value(value_node)
        get = field.get
        where = _column(value_node), _width(value_node)
        if field.kind == LIST:
            if kind != NUMBER or op == "~":
                raise _error(f"'{field.name}' is a list: compare its count with a number, or "
                             "test a member with 'contains'", *where,
                             hint=f"{field.name} = 2, or {field.name} contains red")
            test = _COMPARE[op]
            return lambda g: test(len(get(g)), value)
        if field.kind == BOOL:
            if kind != BOOL or op not in ("=", "!="):
                raise _error(f"'{field.name}' is yes or no", *where,
                             hint=f"{field.name}, or not {field.name}")
            want = value if op == "=" else not value
            return lambda g: bool(get(g)) == want
        if op == "~":
            if kind not in (TEXT, DATE):
                raise _error("'~' takes a pattern in quotes", *where,
                             hint=f'{field.name} ~ "Club*"')
            pattern = _glob(str(value))

            def like(g: Game) -> bool:
                got = get(g)
                return got is not None and pattern.fullmatch(_folded(got)) is not None
            return like
        if field.kind == NUMBER and kind != NUMBER:
            raise _error(f"'{field.name}' is a number", *where,
                         hint=f"for example: {field.name} {op} 10")
        if field.kind == DATE and kind not in (DATE, TEXT):
            raise _error(f"'{field.name}' is a date", *where,
                         hint=f"for example: {field.name} {op} 2024-05-01")
        test = _COMPARE[op]
        if kind == NUMBER:
            def numeric(g: Game) -> bool:
                got = get(g)
                if isinstance(got, str):
                    try:
                        got = float(got)
                    except ValueError:
                        return False
                return _is_number(got) and test(got, value)
            return numeric
        folded = _folded(value)

        def textual(g: Game) -> bool:
            got = get(g)
            return got is not None and test(_folded(got), folded)
        return textual

    def contains(self, node: Tree[Token]) -> Predicate:
        field_node, value_node = _sub(node)
        field = self.field(field_node)
        _, value = self.value(value_node)
        if field.kind != LIST:
            raise _error(f"'{field.name}' is not a list: 'contains' tests a member of "
                         "players, winners or names", _column(field_node), _width(field_node),
                         hint=f"{field.name} = ..." if field.kind != BOOL else field.name)
        folded = _folded(value)
        if field.name in ("players", "winners") and folded not in PLAYER_COLOURS:
            raise _error(f"unknown colour {str(value)!r}", _column(value_node),
                         _width(value_node),
                         hint=did_you_mean(folded, PLAYER_COLOURS) or "a colour: "
                         + ", ".join(PLAYER_COLOURS))
        get = field.get
        return lambda g: any(_folded(x) == folded for x in get(g))

    # -- steps -------------------------------------------------------------------------------
    def has(self, node: Tree[Token]) -> Predicate:
        self.moves = True
        pattern_token, *conditions = _sub(node)
        column = _column(pattern_token)
        pattern = _unquote(str(pattern_token), column)
        if not pattern.strip():
            raise _error("an empty pattern matches no step", column, len(str(pattern_token)),
                         hint='has "buy *", has "harvest B6"')
        speaker = None
        head, sep, rest = pattern.partition(":")
        if sep:
            speaker = head.strip().lower()
            if speaker not in PLAYER_COLOURS:
                raise _error(f"unknown colour {head.strip()!r} before ':'", column + 1,
                             len(head), hint=did_you_mean(speaker, PLAYER_COLOURS))
            pattern = rest
        if not any(c in pattern for c in "*?["):
            pattern = _canonical(pattern, column)
        glob = _glob(pattern)
        tests: list[Callable[[Any], bool]] = []
        if speaker is not None:
            tests.append(lambda m: m.player == speaker)
        for cond in conditions:
            tests.append(self.condition(cond))

        def has(g: Game) -> bool:
            return any(glob.fullmatch(m.text.lower()) is not None
                       and all(t(m) for t in tests) for m in g.moves)
        return has

    def condition(self, node: Tree[Token]) -> Callable[[Any], bool]:
        kind = str(node.data)
        token = _sub(node)[0]
        if kind == "by":
            colour = str(token).lower()
            if colour not in PLAYER_COLOURS:
                raise _error(f"unknown colour {str(token)!r}", _column(token), len(str(token)),
                             hint=did_you_mean(colour, PLAYER_COLOURS) or "a colour: "
                             + ", ".join(PLAYER_COLOURS))
            return lambda m: m.player == colour
        n = int(str(token))
        if kind == "before":
            return lambda m: m.turn < n
        if kind == "after":
            return lambda m: m.turn > n
        return lambda m: m.turn == n


def _unquote(raw: str, column: int) -> str:
    """The text of a quoted string (``\\"`` and ``\\\\`` escapes)."""
    body = raw[1:-1]
    out = []
    i = 0
    while i < len(body):
        c = body[i]
        if c == "\\":
            nxt = body[i + 1]
            if nxt not in '"\\':
                raise _error(f"unknown escape '\\{nxt}' in quoted text", column + 1 + i, 2,
                             hint='only \\" and \\\\ are escapes')
            out.append(nxt)
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def _canonical(pattern: str, column: int) -> str:
    """A pattern without wildcards is a step in notation: its canonical text, so that
    ``has "Harvest b6"`` finds ``harvest B6``. Raises ``QueryError`` where it is not one."""
    from ..formats.boardfile import standard_board
    from ..notation import parse_step

    try:
        step = parse_step(pattern.strip(), "red", board=standard_board())
    except NotationError as exc:
        span = exc.span
        at = column + 1 + (len(pattern) - len(pattern.lstrip())) + (
            span.column - 1 if span is not None else 0)
        raise _error(f"not a step: {exc}", at, hint=exc.hint or "a step in notation "
                     "(docs/notation.md), or a pattern with * or ?") from None
    text = str(step)
    return text.split(": ", 1)[1] if step.player else text


# -- selecting ----------------------------------------------------------------------------------
class Verdict(NamedTuple):
    """What ``filter`` makes of one record: ``kept`` (it matches, or with ``invert`` it does
    not), the game (its steps left out) or ``validate``'s report on a bad record, and the
    record's exact bytes when it is kept."""

    kept: bool
    game: Game | None
    report: Report | None
    data: bytes | None


def judge_unit(text: str, invert: bool, unit: Unit) -> list[Verdict]:
    """The verdicts of query ``text`` on the records of ``unit`` (a worker's work: the
    query is sent as text and compiled once per process). A unit holds one record, cut as
    the reader cuts (``batch.units``): its bytes are the record's, as written."""
    import dataclasses

    from .collection import games_of

    query = cached(text)
    out = []
    for entry in games_of(unit, moves=query.moves):
        if not isinstance(entry, Game):
            out.append(Verdict(False, None, entry, None))
            continue
        kept = query(entry) != invert
        out.append(Verdict(kept, dataclasses.replace(entry, moves=()) if kept else None, None,
                           unit.data if kept and not out else None))
    return out


def select(query: Query, paths: Iterable[str], *, invert: bool = False, jobs: int = 1,
           client: Any = None, stdin: IO[bytes] | None = None,
           limit: int | None = None) -> Iterator[Verdict]:
    """The verdict of ``query`` on every record of ``paths``, in input order, read in
    one process, ``jobs`` processes or on the cluster of ``client``
    (``collection.collect``): the same verdicts whichever."""
    from functools import partial

    from .collection import collect

    for verdicts in collect(partial(judge_unit, query.text, invert), paths, jobs=jobs,
                            client=client, stdin=stdin, limit=limit):
        yield from verdicts


__all__ = ["FIELDS", "Query", "QueryError", "Verdict", "cached", "compile_query",
           "grammar_text", "judge_unit", "parser", "select"]
