"""A lean driver for the parser Lark builds from ``grammar/keyharvest.lark``.

``Lark.parse`` costs some 15 µs per call before it reads a character (a lexer thread, a
parser state, generators, exception frames), which dominates the parse of one short item
(``offer C7 for wheat``). ``LeanParser`` runs the same parse with none of that: the same
LALR(1) table, the same per-state compiled regular expressions of Lark's contextual lexer
(so a word is a keyword exactly where Lark's lexer says so), the same line and column
bookkeeping and the same callbacks (the embedded ``Syntax`` transformer, with Lark's
filtering and inlining of children). It builds exactly the objects ``Lark.parse`` builds,
with tokens of the same type, text and positions.

It does not report errors: wherever Lark would raise (a character no terminal matches, a
token the table does not expect) it raises ``Unparsed`` and the caller asks Lark, which
says what went wrong in its usual words. ``tests/test_itemcache.py`` checks that it agrees
with ``Lark.parse``.

It is made in one of two ways:

- from the *lean tables* (``LeanParser.from_data``): plain data, written next to Lark's own
  tables by ``python -m keyharvest.notation.maketables`` from the Lark parser
  (``lean_data``). Made that way it needs no Lark at all, so that a command reading valid
  records does not import Lark (some 60 ms of a short command's start); Lark is imported
  only where the lean parser gives up, to say what is wrong. The data is checked before use
  (``keyharvest.notation.grammar.lean_from_tables``). A state's lexer is Lark's alternation
  of its terminals' expressions, tried one alternative after the other (the first that
  matches wins, as in the alternation), each expression compiled once, when a state first
  needs it.
- from a Lark parser (``lean_driver``), where the lean tables do not fit.

The fence: the driver reads Lark's internals (the parse table, its ``Shift`` action, the
contextual lexer's scanners, the callbacks' filters), which are not Lark's public API.
``lean_data`` and ``lean_driver`` read them only when they have the shape they were written
for (Lark 1.x, pinned ``<2``) and the result parses probes exactly as ``Lark.parse`` does;
otherwise ``lean_driver`` gives ``LarkDriver``, the same ``parse`` through ``Lark.parse``
itself: slower, with an identical result and no warning, and ``lean_data`` raises (no lean
tables are written).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from .syntax import Syntax, Token

if TYPE_CHECKING:
    import lark

#: Texts parsed by both drivers before the lean one is trusted (a start symbol each):
#: keywords, names, a prefix, separators, a comment-free line break and a turn number.
PROBES = (("1. red: harvest B6 B7 instead wheat; offer A1 for wheat, wine\n    draw Q\n", "start"),
          ("green: play steward at B2", "steps"))

#: Words remembered per lexer state as keyword or not (the rest are looked up again).
KEYWORD_MEMO = 1 << 12


class Unparsed(Exception):
    """The lean driver stops here; ``Lark.parse`` will raise the error."""


def __getattr__(name: str) -> Any:
    """``Shift``, Lark's shift action (an internal, imported when first asked for: where
    another Lark keeps it elsewhere, it is None and the fallback is used)."""
    if name == "Shift":
        shift: Any
        try:
            from lark.parsers.lalr_analysis import Shift as shift
        except ImportError:  # pragma: no cover - depends on the installed Lark
            shift = None
        globals()["Shift"] = shift
        return shift
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _shift() -> Any:
    return globals()["Shift"] if "Shift" in globals() else __getattr__("Shift")


def lean_driver(lark: lark.Lark) -> LeanParser | LarkDriver:
    """The lean driver for ``lark`` when Lark's internals are what it expects and it parses
    the probes as ``Lark.parse`` does; else ``LarkDriver(lark)``. Either has the same
    ``parse`` (raising ``Unparsed`` where Lark raises)."""
    try:
        lean = LeanParser(lark)
        fits = agrees(lean, lark)
    except Exception:  # noqa: BLE001 - any surprise in Lark's internals means: do not use them
        return LarkDriver(lark)
    return lean if fits else LarkDriver(lark)


def agrees(lean: LeanParser, lark: lark.Lark) -> bool:
    """Whether ``lean`` parses the probes as ``lark`` does."""
    return all(_same(lean.parse(text, start), lark.parse(text, start=start))
               for text, start in PROBES)


class LarkDriver:
    """``LeanParser``'s ``parse`` by ``Lark.parse``: the fallback where Lark's internals are
    not what the lean driver reads."""

    def __init__(self, lark: lark.Lark) -> None:
        self.lark = lark

    def parse(self, text: str, start: str) -> Any:
        from lark.exceptions import UnexpectedInput

        try:
            return self.lark.parse(text, start=start)
        except UnexpectedInput:
            raise Unparsed from None


def _same(a: Any, b: Any) -> bool:
    """Whether two parse results are the same objects' values: tokens (Lark's or the lean
    tables') with their type and every position, lists item by item, the transformer's
    slotted objects field by field."""
    if isinstance(a, str) and hasattr(a, "end_pos"):
        return isinstance(b, str) and hasattr(b, "end_pos") and _where(a) == _where(b)
    if type(a) is not type(b):
        return False
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(map(_same, a, b))
    slots = getattr(type(a), "__slots__", None)
    if slots:
        return all(_same(getattr(a, f, None), getattr(b, f, None)) for f in slots)
    return bool(a == b)


def _where(token: Any) -> tuple[Any, ...]:
    return (token.type, str(token), token.start_pos, token.line, token.column, token.end_line,
            token.end_column, token.end_pos)


def parse_tables(lark: lark.Lark) -> tuple[Any, Any, Any]:
    """The internals the lean driver reads: the LALR parse table, its callbacks and the
    contextual lexer (raises ``AttributeError`` on a Lark that keeps them elsewhere)."""
    frontend = lark.parser
    inner = frontend.parser.parser
    return inner.parse_table, inner.callbacks, frontend.lexer


def _internals(lark: lark.Lark) -> tuple[Any, Any, Any, Any]:
    """Lark's ``Shift`` action and ``parse_tables(lark)``; raises ``ValueError`` where they
    are not what the lean driver reads."""
    shift = _shift()
    if shift is None:
        raise ValueError("this Lark has no lalr_analysis.Shift")
    table, callbacks, contextual = parse_tables(lark)
    if any(isinstance(k, str) for k in callbacks):
        raise ValueError("terminal callbacks are not supported")
    return shift, table, callbacks, contextual


# -- the lean tables: Lark's parser as plain data --------------------------------------------
def lean_data(lark: lark.Lark) -> dict[str, Any]:
    """The lean tables of ``lark`` (a parser with the embedded ``Syntax``): the parse table,
    each rule's callback as a recipe (Lark's filtering and inlining of children, then the
    transformer's method, or Lark's tree for an inlined rule), and each state's lexer as its
    regular expressions. Raises ``ValueError`` where Lark's internals are not what this
    reads, or where the tables made from the data do not parse the probes as Lark does."""
    try:
        data = _lean_data(lark)
        fits = agrees(LeanParser.from_data(data), lark)
    except Exception as exc:  # any surprise in Lark's internals: no tables
        raise ValueError(f"no lean tables from this Lark: {exc!r}") from exc
    if not fits:
        raise ValueError("the lean tables do not parse the probes as Lark does")
    return data


def _lean_data(lark: lark.Lark) -> dict[str, Any]:
    from lark import Tree
    from lark.lexer import UnlessCallback
    from lark.parse_tree_builder import ChildFilterLALR_NoPlaceholders, ExpandSingleChild

    shift, table, callbacks, contextual = _internals(lark)
    rules: list[Any] = []
    numbers: dict[Any, int] = {}

    def recipe(rule: Any) -> list[Any]:
        f = callbacks[rule]
        include = None
        if type(f) is ChildFilterLALR_NoPlaceholders:
            include = [[int(i), bool(e)] for i, e in f.to_include]
            f = f.node_builder
        expand1 = type(f) is ExpandSingleChild
        if expand1:
            f = f.node_builder
        name = str(rule.origin.name)
        if isinstance(f, partial) and f.args == (name,) and not f.keywords and (
                f.func is Tree or getattr(f.func, "__name__", "") == "default_callback"):
            method = None  # an inlined rule: Lark builds a Tree that its parent opens
        elif getattr(f, "__self__", None).__class__ is Syntax and getattr(
                Syntax, name, None) is getattr(f, "__func__", None) and not name.startswith("_"):
            method = name
        else:
            raise ValueError(f"a callback of another shape for the rule {name}")
        return [len(rule.expansion), name, method, include, expand1]

    states: list[Any] = []
    for state, actions in table.states.items():
        row = []
        for name, (action, arg) in actions.items():
            if action is shift:
                row.append([str(name), True, int(arg)])
            else:
                if arg not in numbers:
                    numbers[arg] = len(rules)
                    rules.append(recipe(arg))
                row.append([str(name), False, numbers[arg]])
        states.append([int(state), row])
    patterns: list[list[Any]] = []
    seen: dict[tuple[str, int], int] = {}

    def alternatives(scanner: Any) -> list[int]:
        """Lark's expression of a scanner, one alternative (one terminal) each, in order."""
        if len(scanner._mres) != 1 or getattr(scanner, "use_bytes", True):
            raise ValueError("a lexer of several regular expressions is not supported")
        compiled = scanner._mres[0]
        if type(compiled) is not re.Pattern:
            raise ValueError("a lexer that is not Python's re")
        texts = [f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in scanner.terminals]
        if "|".join(texts) != compiled.pattern:
            raise ValueError("a lexer's expression is not its terminals' alternatives")
        out = []
        for key in ((text, compiled.flags) for text in texts):
            if key not in seen:
                seen[key] = len(patterns)
                patterns.append(list(key))
            out.append(seen[key])
        return out

    lexers: list[Any] = []
    for state, lexer in contextual.lexers.items():
        scanner = lexer.scanner  # built on first use, and with it the keyword callbacks
        unless = {}
        for name, cb in lexer.callback.items():
            if type(cb) is not UnlessCallback:  # Lark's keywords: Scanner.fullmatch
                raise ValueError("a keyword callback of another shape")
            unless[str(name)] = alternatives(cb.scanner)
        if set(unless) & set(lexer.ignore_types):
            raise ValueError("callbacks on ignored terminals are not supported")
        lexers.append([int(state), alternatives(scanner), sorted(lexer.ignore_types),
                       sorted(lexer.newline_types), unless])
    return {"start_states": {str(k): int(v) for k, v in table.start_states.items()},
            "end_states": {str(k): int(v) for k, v in table.end_states.items()},
            "rules": rules, "states": states, "patterns": patterns, "lexers": lexers}


class _Inlined:
    """The value of a rule its parent inlines (Lark's tree of it): its children."""

    __slots__ = ("children",)

    def __init__(self, children: list[Any]) -> None:
        self.children = children


def _callback(builder: object, recipe: list[Any]) -> Callable[[list[Any]], Any]:
    """Lark's callback of a rule, from its recipe (see ``lean_data``)."""
    _, _, method, include, expand1 = recipe
    f: Callable[[list[Any]], Any] = _Inlined if method is None else getattr(builder, method)
    if expand1:
        f = partial(_expand_single_child, f)
    if include is not None:
        f = partial(_filter_children, tuple((int(i), bool(e)) for i, e in include), f)
    return f


def _expand_single_child(build: Callable[[list[Any]], Any], children: list[Any]) -> Any:
    """Lark's ``ExpandSingleChild``: a ``?rule`` with one child is that child."""
    return children[0] if len(children) == 1 else build(children)


def _filter_children(include: tuple[tuple[int, bool], ...], build: Callable[[list[Any]], Any],
                     children: list[Any]) -> Any:
    """Lark's ``ChildFilterLALR_NoPlaceholders``: the children kept (punctuation left out),
    the inlined rules' children put in their place."""
    filtered: list[Any] = []
    for i, to_expand in include:
        if to_expand:
            if filtered:
                filtered += children[i].children
            else:  # as Lark: the list of a left recursion is carried on
                filtered = children[i].children
        else:
            filtered.append(children[i])
    return build(filtered)


def _first_match(matches: list[Callable[[str, int], re.Match[str] | None]],
                 ) -> Callable[[str, int], re.Match[str] | None]:
    """``match(text, pos)`` of the alternation of ``matches`` (``(?P<A>a)|(?P<B>b)|...``),
    one expression an alternative: the first alternative that matches at ``pos``, as the
    alternation does (nothing follows it), without compiling the alternation of each state,
    in which Python's ``re`` compiles the same character classes again and again (the
    alternatives of the 25 states' expressions compile in a seventh of the time)."""
    if len(matches) == 1:
        return matches[0]

    def match(text: str, pos: int) -> re.Match[str] | None:
        for one in matches:
            found = one(text, pos)
            if found is not None:
                return found
        return None

    return match


def _first_fullmatch(fullmatches: list[Callable[[str], re.Match[str] | None]],
                     ) -> Callable[[str], str | None]:
    """Lark's ``Scanner.fullmatch`` over the alternatives: the name of the first terminal
    that matches all of ``text`` (the alternation's answer), or None."""

    def fullmatch(text: str) -> str | None:
        for one in fullmatches:
            found = one(text)
            if found is not None:
                return found.lastgroup
        return None

    return fullmatch


class _Lexers(dict[int, tuple[Any, ...]]):
    """The lexer of each parser state, compiled when a state first needs it."""

    def __init__(self, make: Callable[[int], tuple[Any, ...]]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, state: int) -> tuple[Any, ...]:
        lexer = self[state] = self.make(state)
        return lexer


class LeanParser:
    """``parse(text, start)`` for a Lark LALR parser built with the contextual lexer and an
    embedded transformer; see the module docstring. Build it through ``lean_driver``,
    which checks that Lark's internals fit, or from the lean tables (``from_data``)."""

    def __init__(self, lark: lark.Lark) -> None:
        from lark import Token as LarkToken

        shift, table, callbacks, contextual = _internals(lark)
        self.token: type[str] = LarkToken
        self.start_states = dict(table.start_states)
        self.end_states = dict(table.end_states)
        states: dict[int, dict[str, tuple[bool, Any]]] = {}
        for state, actions in table.states.items():
            row: dict[str, tuple[bool, Any]] = {}
            for name, (action, arg) in actions.items():
                if action is shift:
                    row[str(name)] = (True, arg)
                else:  # reduce: how many values, the callback, the rule's name (a str)
                    row[str(name)] = (False, (len(arg.expansion), callbacks[arg],
                                              str(arg.origin.name)))
            states[state] = row
        self.states = states
        self.lexers: dict[int, tuple[Any, ...]] = {}
        for state, lexer in contextual.lexers.items():
            scanner = lexer.scanner
            if len(scanner._mres) != 1:
                raise ValueError("a lexer of several regular expressions is not supported")
            unless: dict[str, tuple[Any, dict[str, Any]]] = {
                name: (cb.scanner.fullmatch, {}) for name, cb in lexer.callback.items()}
            if set(unless) & set(lexer.ignore_types):
                raise ValueError("callbacks on ignored terminals are not supported")
            self.lexers[state] = (scanner._mres[0].match, lexer.ignore_types,
                                  lexer.newline_types, unless)

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> LeanParser:
        """The parser of the lean tables ``data`` (see ``lean_data``), with this module's
        ``Token`` and without Lark. Raises ``ValueError``, ``KeyError``, ``TypeError`` or
        ``re.error`` on data of another shape."""
        self = cls.__new__(cls)
        self.token = Token
        builder = Syntax()
        rules = []
        for recipe in data["rules"]:
            if len(recipe) != 5 or not isinstance(recipe[0], int) or not isinstance(
                    recipe[1], str) or recipe[2] is not None and (
                    not isinstance(recipe[2], str) or recipe[2].startswith("_")):
                raise ValueError("a rule of another shape")
            rules.append((recipe[0], _callback(builder, recipe), recipe[1]))
        self.start_states = {str(k): int(v) for k, v in data["start_states"].items()}
        self.end_states = {str(k): int(v) for k, v in data["end_states"].items()}
        self.states = {int(state): {str(name): (True, int(arg)) if shift else
                                    (False, rules[arg]) for name, shift, arg in row}
                       for state, row in data["states"]}
        targets = {arg for row in self.states.values() for shift, arg in row.values() if shift}
        if not targets | set(self.start_states.values()) | set(
                self.end_states.values()) <= set(self.states):
            raise ValueError("a parse table of another shape")
        patterns = [(str(p), int(f)) for p, f in data["patterns"]]
        compiled: dict[int, re.Pattern[str]] = {}

        def regexes(alternatives: tuple[int, ...]) -> list[re.Pattern[str]]:
            for i in alternatives:
                if i not in compiled:
                    compiled[i] = re.compile(*patterns[i])
            return [compiled[i] for i in alternatives]

        plans = {int(state): (tuple(map(int, alts)), frozenset(ignore), frozenset(newline),
                              {str(k): tuple(map(int, v)) for k, v in unless.items()})
                 for state, alts, ignore, newline, unless in data["lexers"]}
        named = {i for alts, _, _, unless in plans.values()
                 for i in (*alts, *(i for u in unless.values() for i in u))}
        if not named <= set(range(len(patterns))) or not set(plans) >= set(self.states):
            raise ValueError("a lexer of another shape")

        def make(state: int) -> tuple[Any, ...]:
            alts, ignore, newline, unless = plans[state]
            try:
                match = _first_match([r.match for r in regexes(alts)])
                keywords: dict[str, tuple[Callable[[str], str | None], dict[str, Any]]] = {
                    name: (_first_fullmatch([r.fullmatch for r in regexes(u)]), {})
                    for name, u in unless.items()}
            except re.error:  # damaged tables: Lark parses the text instead
                raise Unparsed from None
            return (match, ignore, newline, keywords)

        self.lexers = _Lexers(make)
        return self

    def parse(self, text: str, start: str) -> Any:
        """What ``Lark.parse(text, start=start)`` returns; raises ``Unparsed`` where Lark
        would raise an error."""
        states = self.states
        lexers = self.lexers
        state_stack = [self.start_states[start]]
        values: list[Any] = []
        end_state = self.end_states[start]
        pos = 0
        line = 1
        line_start = 0
        size = len(text)
        new = str.__new__
        token_class = self.token
        while pos < size:
            try:
                match, ignore, newline, unless = lexers[state_stack[-1]]
            except KeyError:  # pragma: no cover - every state has its lexer
                raise Unparsed from None
            m = match(text, pos)
            if m is None:
                raise Unparsed
            kind = m.lastgroup
            end = m.end()
            if kind in ignore:
                if kind in newline:  # a terminal that may hold a line end (Lark's guess)
                    value = m.group()
                    count = value.count("\n")
                    if count:
                        line += count
                        line_start = pos + value.rindex("\n") + 1
                pos = end
                continue
            value = m.group()
            token: Any = new(token_class, value)
            token.type = kind
            token.value = value
            token.start_pos = pos
            token.line = line
            token.column = pos - line_start + 1
            if kind in newline:
                count = value.count("\n")
                if count:
                    line += count
                    line_start = pos + value.rindex("\n") + 1
            token.end_line = line
            token.end_column = end - line_start + 1
            token.end_pos = end
            retype = unless.get(kind)
            if retype is not None:  # a keyword where Lark's lexer would say so
                fullmatch, seen = retype
                try:
                    other = seen[value]
                except KeyError:
                    if len(seen) >= KEYWORD_MEMO:  # bounded: words come from the input
                        seen.clear()
                    other = seen[value] = fullmatch(value)
                if other is not None:
                    token.type = kind = other
            pos = end
            while True:
                try:
                    shift, arg = states[state_stack[-1]][kind]
                except KeyError:
                    raise Unparsed from None
                if shift:
                    state_stack.append(arg)
                    values.append(token)
                    break
                self._reduce(arg, state_stack, values)
        while True:
            try:
                shift, arg = states[state_stack[-1]]["$END"]
            except KeyError:
                raise Unparsed from None
            if shift:  # pragma: no cover - $END is never shifted
                raise Unparsed
            self._reduce(arg, state_stack, values)
            if state_stack[-1] == end_state:
                return values[-1]

    def _reduce(self, rule: tuple[Any, ...], state_stack: list[int], values: list[Any]) -> None:
        n, callback, origin = rule
        if n:
            children = values[-n:]
            del state_stack[-n:]
            del values[-n:]
        else:
            children = []
        values.append(callback(children))
        state_stack.append(self.states[state_stack[-1]][origin][1])
