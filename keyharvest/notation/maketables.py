"""Write ``keyharvest/notation/lean.json``, the lean tables the parser runs on
(``keyharvest.notation.lalr``), from the grammar:

    python -m keyharvest.notation.maketables           # write it
    python -m keyharvest.notation.maketables --check   # exit 1 if it does not fit the grammar

Run it after ``grammar/keyharvest.lark`` changes (``tests/test_grammar_tables.py`` says when
it is due, and every command says so in one line on stderr); until then the parser runs
through ``Lark.parse``, which is correct but several times slower to start.

This is the one module that reads Lark's internal tables (the LALR parse table, its
``Shift`` action, the contextual lexer's scanners, the callbacks' filters), and only here,
at development time, in a maintainer's checkout: no command a user runs imports it. What it
writes is plain data keyed to the grammar's SHA-256 and to nothing of Lark's, and it is
written only when a parser made from it parses the probes exactly as ``Lark.parse`` does
(``tests/test_itemcache.py`` compares the two over every example record and thousands of
mutated texts). (Lark numbers the LALR states in an order that varies from run to run, so
the bytes differ between runs; the parser is the same.)
"""

from __future__ import annotations

import json
import re
import sys
from functools import partial
from typing import TYPE_CHECKING, Any

from .grammar import LEAN_FORMAT, STARTS, build_parser, grammar_digest, lean_from_tables, lean_path
from .lalr import LeanParser
from .syntax import Syntax

if TYPE_CHECKING:
    import lark

#: Texts parsed by both drivers before the lean one is trusted (a start symbol each):
#: keywords, names, a prefix, separators, a comment-free line break and a turn number.
PROBES = (("1. red: harvest B6 B7 instead wheat; offer A1 for wheat, wine\n    draw Q\n", "start"),
          ("green: play steward at B2", "steps"))


def agrees(lean: LeanParser, lark: lark.Lark) -> bool:
    """Whether ``lean`` parses the probes as ``lark`` does."""
    return all(same(lean.parse(text, start), lark.parse(text, start=start))
               for text, start in PROBES)


def same(a: Any, b: Any) -> bool:
    """Whether two parse results are the same objects' values: tokens (Lark's or the lean
    tables') with their type and every position, lists item by item, the transformer's
    slotted objects field by field."""
    if isinstance(a, str) and hasattr(a, "end_pos"):
        return isinstance(b, str) and hasattr(b, "end_pos") and _where(a) == _where(b)
    if type(a) is not type(b):
        return False
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(map(same, a, b))
    slots = getattr(type(a), "__slots__", None)
    if slots:
        return all(same(getattr(a, f, None), getattr(b, f, None)) for f in slots)
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
    from lark.parsers.lalr_analysis import Shift as shift

    table, callbacks, contextual = parse_tables(lark)
    if any(isinstance(k, str) for k in callbacks):
        raise ValueError("terminal callbacks are not supported")
    return shift, table, callbacks, contextual


def lean_data(lark: lark.Lark) -> dict[str, Any]:
    """The lean tables of ``lark`` (a parser with the embedded ``Syntax``): the parse table,
    each rule's callback as a recipe (Lark's filtering and inlining of children, then the
    transformer's method, or Lark's tree for an inlined rule), and each state's lexer as its
    regular expressions. Raises ``ValueError`` where Lark's internals are not what this
    reads, or where the tables made from the data do not parse the probes as Lark does."""
    try:
        data = _lean_data(lark)
        fits = agrees(LeanParser(data), lark)
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


def dump_lean(parser: lark.Lark | None = None) -> str:
    """The JSON of ``lean.json``: the lean tables of ``parser`` (one with the embedded
    ``Syntax``; by default the strict parser built from the grammar). Raises ``ValueError``
    where they cannot be made (see ``lean_data``)."""
    if parser is None:
        parser = build_parser(transformer=Syntax())
    document = {"format": LEAN_FORMAT, "grammar_sha256": grammar_digest(),
                "starts": list(STARTS), "data": lean_data(parser)}
    return json.dumps(document, separators=(",", ":")) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    path = lean_path()
    if args == ["--check"]:
        if lean_from_tables() is None:
            print(f"{path} does not fit the grammar: run python -m keyharvest.notation.maketables",
                  file=sys.stderr)
            return 1
        print(f"{path} fits the grammar")
        return 0
    if args:
        print("usage: python -m keyharvest.notation.maketables [--check]", file=sys.stderr)
        return 2
    path.write_text(dump_lean(), encoding="utf-8")
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
