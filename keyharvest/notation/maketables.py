"""Write ``keyharvest/notation/lean.json``, the lean tables the parser runs on
(``keyharvest.notation.lalr``), from the grammar:

    python -m keyharvest.notation.maketables           # write it
    python -m keyharvest.notation.maketables --check   # exit 1 if it does not fit the grammar

Run it after ``grammar/keyharvest.lark`` changes (``tests/test_grammar_tables.py`` says when
it is due, and every command says so in one line on stderr); until then the parser runs
through ``Lark.parse``, which is correct but several times slower to start.

The tables are made from what Lark's public standalone generator writes
(``lark.tools.standalone``, the tool behind ``python -m lark.tools.standalone``): its
``DATA`` and ``MEMO``, Python literals of the LALR parse table, the rules and the terminals,
read back with ``ast.literal_eval`` (nothing of it runs). From them this module reckons what
Lark documents of a parser of this grammar's options (LALR, the contextual lexer, no
placeholders): each rule's tree shaping and ``Syntax`` method, and each parser state's
lexer. Nothing here, nor anywhere in the package, reads Lark's internal objects. It runs at
development time, in a maintainer's checkout: no command a user runs imports it. What it
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


def standalone(lark: lark.Lark) -> tuple[dict[Any, Any], dict[Any, Any], int]:
    """What Lark's standalone generator (``lark.tools.standalone``, the public tool behind
    ``python -m lark.tools.standalone``) writes for ``lark``: its ``DATA`` and ``MEMO``
    (the parse table, the rules and the terminals, as Python literals, read back with
    ``ast.literal_eval``: nothing of it runs) and its code of a shift action. Raises
    ``ValueError`` where the text is not of that shape."""
    import ast
    import io

    from lark.tools.standalone import gen_standalone

    out = io.StringIO()
    gen_standalone(lark, out=out)  # type: ignore[no-untyped-call]
    text = out.getvalue()
    found = re.search(r"\nDATA = \(\n(.*)\n\)\nMEMO = \(\n(.*)\n\)\nShift = (\d+)\n", text,
                      re.DOTALL)
    if found is None:
        raise ValueError("the standalone parser holds no DATA, MEMO and Shift")
    return (ast.literal_eval(found[1]), ast.literal_eval(found[2]), int(found[3]))


def lean_data(lark: lark.Lark) -> dict[str, Any]:
    """The lean tables of the grammar, to parse as ``lark`` (a parser of it with the
    embedded ``Syntax``) does: the parse table, each rule's callback as a recipe (Lark's
    filtering and inlining of children, then the transformer's method, or Lark's tree for
    an inlined rule), and each state's lexer as its regular expressions. Made from the
    standalone generator's output of the grammar's parser without a transformer (whose
    options are all literals). Raises ``ValueError`` where that output is not what this
    reads, or where the tables made from it do not parse the probes as ``lark`` does."""
    try:
        data = _lean_data(build_parser(strict=lark.options.strict))
        fits = agrees(LeanParser(data), lark)
    except Exception as exc:  # any surprise in Lark's output: no tables
        raise ValueError(f"no lean tables from this Lark: {exc!r}") from exc
    if not fits:
        raise ValueError("the lean tables do not parse the probes as Lark does")
    return data


def _lean_data(lark: lark.Lark) -> dict[str, Any]:
    data, memo, shift = standalone(lark)
    frontend = data["parser"]
    table = frontend["parser"]
    lexer_conf = frontend["lexer_conf"]
    if data["options"]["parser"] != "lalr" or lexer_conf["lexer_type"] != "contextual" or \
            data["options"]["postlex"] is not None or lexer_conf["use_bytes"]:
        raise ValueError("not an LALR parser with Lark's contextual lexer on text")
    tokens = table["tokens"]
    rules: list[Any] = []
    numbers: dict[int, int] = {}
    states: list[Any] = []
    for state, actions in table["states"].items():
        row = []
        for token, (action, arg) in actions.items():
            if action == shift:
                row.append([tokens[token], True, int(arg)])
                continue
            key = arg["@"]
            if key not in numbers:
                numbers[key] = len(rules)
                rules.append(_recipe(memo[key]))
            row.append([tokens[token], False, numbers[key]])
        states.append([int(state), row])
    accepts = {int(state): {tokens[t] for t in actions}
               for state, actions in table["states"].items()}
    patterns, lexers = _lexers(accepts, [memo[t["@"]] for t in lexer_conf["terminals"]],
                               lexer_conf["ignore"], lexer_conf["g_regex_flags"])
    return {"start_states": {str(k): int(v) for k, v in table["start_states"].items()},
            "end_states": {str(k): int(v) for k, v in table["end_states"].items()},
            "rules": rules, "states": states, "patterns": patterns, "lexers": lexers}


def _recipe(rule: dict[str, Any]) -> list[Any]:
    """A rule's callback as Lark builds it for an LALR parser without placeholders (its
    documented tree shaping: a ``?rule`` with one child is that child, a ``_rule``'s
    children are inlined into its parent, filtered-out tokens are dropped), then the
    ``Syntax`` method of its name, or a tree its parent inlines where there is none."""
    options, expansion = rule["options"], rule["expansion"]
    name = str(rule["origin"]["name"])
    if rule["alias"] or options["template_source"] or options["empty_indices"]:
        raise ValueError(f"the rule {name} has an alias, a template or placeholders")
    kept = [[i, not symbol.get("filter_out", False) and symbol["__type__"] == "NonTerminal"
             and symbol["name"].startswith("_")]
            for i, symbol in enumerate(expansion)
            if options["keep_all_tokens"] or not symbol.get("filter_out", False)]
    include = kept if len(kept) < len(expansion) or any(e for _, e in kept) else None
    method = getattr(Syntax, name, None)
    if method is not None and (name.startswith("_") or not callable(method)
                               or getattr(method, "visit_wrapper", None) is not None):
        raise ValueError(f"a callback of another shape for the rule {name}")
    return [len(expansion), name, None if method is None else name, include,
            bool(options["expand1"])]


def _regexp(terminal: dict[str, Any]) -> str:
    """A terminal's regular expression as Lark writes it: a string escaped, each flag
    around it."""
    pattern = terminal["pattern"]
    value = str(pattern["value"])
    text = re.escape(value) if pattern["__type__"] == "PatternStr" else value
    for flag in pattern["flags"]:
        text = f"(?{flag}:{text})"
    return text


def _lexers(accepts: dict[int, set[str]], terminals: list[dict[str, Any]], ignore: list[str],
            flags: int) -> tuple[list[list[Any]], list[list[Any]]]:
    """Each parser state's lexer as Lark's contextual lexer makes it (documented in Lark's
    "Parsers" page: a state matches only the terminals it expects, and the ignored ones):
    its terminals by priority, then longest possible match, then longest literal, then name;
    a string terminal that a regular expression of the same priority also matches is
    matched as that expression and then told apart by its whole text (``unless``)."""
    by_name = {t["name"]: t for t in terminals}
    patterns: list[list[Any]] = []
    seen: dict[str, int] = {}

    def numbered(group: list[dict[str, Any]]) -> list[int]:
        texts = [f"(?P<{t['name']}>{_regexp(t)})" for t in group]
        compiled = re.compile("|".join(texts), flags)
        out = []
        for text in texts:
            if text not in seen:
                seen[text] = len(patterns)
                patterns.append([text, compiled.flags])
            out.append(seen[text])
        return out

    def order(t: dict[str, Any]) -> tuple[int, int, int, str]:
        pattern = t["pattern"]
        width = (len(pattern["value"]) if pattern["__type__"] == "PatternStr"
                 else pattern["_width"][1])
        return (-t["priority"], -width, -len(pattern["value"]), t["name"])

    lexers: list[list[Any]] = []
    for state, names in accepts.items():
        group = sorted((by_name[n] for n in names | set(ignore) if n in by_name), key=order)
        newline = sorted(t["name"] for t in group if _has_newline(_regexp(t)))
        unless: dict[str, list[int]] = {}
        embedded: list[str] = []
        for regexp in (t for t in group if t["pattern"]["__type__"] == "PatternRE"):
            words = [t for t in group if t["pattern"]["__type__"] == "PatternStr"
                     and t["priority"] == regexp["priority"]
                     and _matches_all(_regexp(regexp), t["pattern"]["value"], flags)]
            if words:
                unless[regexp["name"]] = numbered(words)
            embedded += [t["name"] for t in words
                         if set(t["pattern"]["flags"]) <= set(regexp["pattern"]["flags"])]
        if set(unless) & set(ignore):
            raise ValueError("callbacks on ignored terminals are not supported")
        lexers.append([state, numbered([t for t in group if t["name"] not in embedded]),
                       sorted(ignore), newline, unless])
    return patterns, lexers


def _matches_all(regexp: str, text: str, flags: int) -> bool:
    """Whether ``regexp``'s match at the start of ``text`` is all of it."""
    found = re.match(regexp, text, flags)
    return found is not None and found[0] == text


def _has_newline(regexp: str) -> bool:
    """Whether a terminal may match a line break, as Lark guesses it from its expression
    (its line counting follows the terminals it marks so)."""
    return ("\n" in regexp or "\\n" in regexp or "\\s" in regexp or "[^" in regexp
            or ("(?s" in regexp and "." in regexp))


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
