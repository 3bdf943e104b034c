"""A lean driver for the parser Lark builds from ``grammar/keyharvest.lark``.

``Lark.parse`` costs some 15 µs per call before it reads a character (a lexer thread, a
parser state, generators, exception frames), which dominates the parse of one short item
(``offer C7 for wheat``). ``LeanParser`` runs the same parse with none of that: the same
LALR(1) table, the same per-state compiled regular expressions of Lark's contextual lexer
(so a word is a keyword exactly where Lark's lexer says so), the same line and column
bookkeeping and the same callbacks (the embedded ``Syntax`` transformer). It builds exactly
the tokens and objects ``Lark.parse`` builds.

It does not report errors: wherever Lark would raise (a character no terminal matches, a
token the table does not expect) it raises ``Unparsed`` and the caller asks Lark, which
says what went wrong in its usual words. ``tests/test_itemcache.py`` checks that it agrees
with ``Lark.parse``.

The fence: the driver reads Lark's internals (the parse table, its ``Shift`` action, the
contextual lexer's scanners), which are not Lark's public API. ``lean_driver`` builds it
only when they have the shape it was written for (Lark 1.x, pinned ``<2``) and it parses a
probe exactly as ``Lark.parse`` does; otherwise it gives ``LarkDriver``, the same
``parse`` through ``Lark.parse`` itself: slower, with an identical result and no warning.
"""

from __future__ import annotations

from typing import Any

from lark import Lark, Token
from lark.exceptions import UnexpectedInput

try:  # a Lark internal: where another Lark keeps it elsewhere, the fallback is used
    from lark.parsers.lalr_analysis import Shift
except ImportError:  # pragma: no cover - depends on the installed Lark
    Shift = None  # type: ignore[assignment]

#: Texts parsed by both drivers before the lean one is trusted (a start symbol each):
#: keywords, names, a prefix, separators, a comment-free line break and a turn number.
PROBES = (("1. red: harvest B6 B7 instead wheat; offer A1 for wheat, wine\n    draw Q\n", "start"),
          ("green: play steward at B2", "steps"))


#: Words remembered per lexer state as keyword or not (the rest are looked up again).
KEYWORD_MEMO = 1 << 12


class Unparsed(Exception):
    """The lean driver stops here; ``Lark.parse`` will raise the error."""


def lean_driver(lark: Lark) -> LeanParser | LarkDriver:
    """The lean driver for ``lark`` when Lark's internals are what it expects and it parses
    the probes as ``Lark.parse`` does; else ``LarkDriver(lark)``. Either has the same
    ``parse`` (raising ``Unparsed`` where Lark raises)."""
    try:
        lean = LeanParser(lark)
        fits = all(_same(lean.parse(text, start), lark.parse(text, start=start))
                   for text, start in PROBES)
    except Exception:  # noqa: BLE001 - any surprise in Lark's internals means: do not use them
        return LarkDriver(lark)
    return lean if fits else LarkDriver(lark)


class LarkDriver:
    """``LeanParser``'s ``parse`` by ``Lark.parse``: the fallback where Lark's internals are
    not what the lean driver reads."""

    def __init__(self, lark: Lark) -> None:
        self.lark = lark

    def parse(self, text: str, start: str) -> Any:
        try:
            return self.lark.parse(text, start=start)
        except UnexpectedInput:
            raise Unparsed from None


def _same(a: Any, b: Any) -> bool:
    """Whether two parse results are the same objects' values: tokens with their type and
    every position, lists item by item, the transformer's slotted objects field by field."""
    if type(a) is not type(b):
        return False
    if isinstance(a, Token):
        return (a.type, str(a), a.start_pos, a.line, a.column, a.end_line, a.end_column,
                a.end_pos) == (b.type, str(b), b.start_pos, b.line, b.column, b.end_line,
                               b.end_column, b.end_pos)
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(map(_same, a, b))
    slots = getattr(type(a), "__slots__", None)
    if slots:
        return all(_same(getattr(a, f, None), getattr(b, f, None)) for f in slots)
    return bool(a == b)


def parse_tables(lark: Lark) -> tuple[Any, Any, Any]:
    """The internals the lean driver reads: the LALR parse table, its callbacks and the
    contextual lexer (raises ``AttributeError`` on a Lark that keeps them elsewhere)."""
    frontend = lark.parser
    inner = frontend.parser.parser
    return inner.parse_table, inner.callbacks, frontend.lexer


class LeanParser:
    """``parse(text, start)`` for a Lark LALR parser built with the contextual lexer and an
    embedded transformer; see the module docstring. Build it through ``lean_driver``,
    which checks that Lark's internals fit."""

    def __init__(self, lark: Lark) -> None:
        if Shift is None:
            raise ValueError("this Lark has no lalr_analysis.Shift")
        table, callbacks, contextual = parse_tables(lark)
        if any(isinstance(k, str) for k in callbacks):
            raise ValueError("terminal callbacks are not supported")
        self.start_states = dict(table.start_states)
        self.end_states = dict(table.end_states)
        states: dict[int, dict[str, tuple[bool, Any]]] = {}
        for state, actions in table.states.items():
            row: dict[str, tuple[bool, Any]] = {}
            for name, (action, arg) in actions.items():
                if action is Shift:
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
        while pos < size:
            match, ignore, newline, unless = lexers[state_stack[-1]]
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
            token = new(Token, value)
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
