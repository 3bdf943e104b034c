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

It runs on the *lean tables* (``keyharvest/notation/lean.json``): plain data, the parse
table, each rule's callback as a recipe and each state's lexer as its regular expressions,
written by ``python -m keyharvest.notation.maketables`` from what Lark's standalone
generator writes for the grammar (at development time; it checks that the data it writes
parses probes exactly as ``Lark.parse`` does). Made from them, the parser needs no Lark at
all, so that a command reading valid records does not import Lark (some 60 ms of a short
command's start); Lark is imported only where the lean parser gives up, to say what is
wrong. The data is checked before use against the grammar's SHA-256 only
(``keyharvest.notation.grammar.lean_from_tables``), never against the installed Lark's
version or internals. A state's lexer is Lark's alternation of its terminals'
expressions, tried one alternative after the other (the first that matches wins, as in the
alternation), each expression compiled once, when a state first needs it.

Where the lean tables do not fit the grammar, ``LarkDriver`` runs the same ``parse``
through ``Lark.parse`` itself (public API): slower, with an identical result.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from .syntax import Syntax, Token

if TYPE_CHECKING:
    import lark

#: Words remembered per lexer state as keyword or not (the rest are looked up again).
KEYWORD_MEMO = 1 << 12


class Unparsed(Exception):
    """The lean driver stops here; ``Lark.parse`` will raise the error."""


class LarkDriver:
    """``LeanParser``'s ``parse`` by ``Lark.parse``: the fallback where the lean tables do
    not fit the grammar."""

    def __init__(self, lark: lark.Lark) -> None:
        self.lark = lark

    def parse(self, text: str, start: str) -> Any:
        from lark.exceptions import UnexpectedInput

        try:
            return self.lark.parse(text, start=start)
        except UnexpectedInput:
            raise Unparsed from None


class _Inlined:
    """The value of a rule its parent inlines (Lark's tree of it): its children."""

    __slots__ = ("children",)

    def __init__(self, children: list[Any]) -> None:
        self.children = children


def _callback(builder: object, recipe: list[Any]) -> Callable[[list[Any]], Any]:
    """Lark's callback of a rule, from its recipe (see ``maketables.lean_data``)."""
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
    embedded transformer, run on the lean tables; see the module docstring."""

    def __init__(self, data: dict[str, Any]) -> None:
        """The parser of the lean tables ``data`` (see ``maketables.lean_data``), with this
        module's ``Token`` and without Lark. Raises ``ValueError``, ``KeyError``,
        ``TypeError`` or ``re.error`` on data of another shape."""
        self.token: type[str] = Token
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
        self.states: dict[int, dict[str, tuple[bool, Any]]] = {
            int(state): {str(name): (True, int(arg)) if shift else (False, rules[arg])
                         for name, shift, arg in row}
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

        self.lexers: dict[int, tuple[Any, ...]] = _Lexers(make)

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
