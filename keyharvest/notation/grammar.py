"""Loading the Lark grammar of the movetext and the LALR parser built from it.

The grammar file lives at the top of the repository (``grammar/keyharvest.lark``) so that
it is easy to find and review; the wheel carries it inside the package as
``keyharvest/grammar/keyharvest.lark``. ``grammar_text`` looks there first and falls back to
the repository's folder for a source checkout.

The parser is LALR(1) in Lark's strict mode (no shift/reduce conflicts, no colliding
terminals), built once per process with the syntax transformer embedded, so that parsing
builds the notation's items directly without an intermediate tree.

Building it (the LALR analysis and the strict checks) takes some 0.2 s, more than a short
command has to spare. So the analysed grammar ships with the package as plain data,
``keyharvest/notation/tables.json`` (Lark's own serialised form of the parser, written as
JSON: strings, numbers, lists and tables, nothing that can run), made by
``python -m keyharvest.notation.maketables`` after the grammar changes. Nothing is read from
or written to the user's folders (an earlier version kept a pickle in ``~/.cache``, which
whoever could write that folder could have turned into code). Before use the tables are
checked: their format, the SHA-256 of the grammar text they were made from, the Lark
version and the strict mode must all match, and the options must be plain; anything else
(a stale file after a grammar change, another Lark, a damaged file) and the parser is built
from the grammar instead, as it is with ``KEYHARVEST_NO_TABLES=1``.

Loading serialised tables uses ``Lark._load_from_dict``, the entry point of Lark's own
standalone parsers, which is not public: it is fenced here (the Lark version must be the
one that wrote the tables, and any failure falls back to building) and tested
(``tests/test_grammar_tables.py``).

Beside them ship the *lean tables*, ``keyharvest/notation/lean.json``: the same parser as
the plain data the lean driver of ``keyharvest.notation.lalr`` runs on (``lean_data``), so
that reading valid movetext imports no Lark at all (importing Lark and loading its parser
cost some 60 ms, a third of a short command). They are Lark-free data (the driver makes its
own tokens and compiles its own expressions) and so are checked against the grammar only,
not against the installed Lark: their format, the grammar's SHA-256 and the start symbols.
Where they do not fit (a grammar changed without ``maketables``), ``lean_parser`` says so
in one line on stderr, a 7x slower start never goes unnoticed, and falls back to
the driver over Lark's parser when they do not fit. Lark is imported only where that
parser gives up on a text, to say what is wrong with it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lark import Lark

    from .lalr import LarkDriver, LeanParser

GRAMMAR_FILE = "keyharvest.lark"
TABLES_FILE = "tables.json"
TABLES_FORMAT = 1
LEAN_FILE = "lean.json"
#: The start symbols: ``start``, a record's movetext; ``steps``, steps on their own
#: (``parse_steps``).
STARTS = ("start", "steps")
#: The format of ``lean.json`` (``keyharvest.notation.lalr.lean_data``).
LEAN_FORMAT = 2
#: Options that may hold code when Lark saves a parser (classes, callbacks): in shipped
#: tables they must be empty.
_CODE_OPTIONS = ("transformer", "postlex", "tree_class", "lexer_callbacks", "edit_terminals",
                 "_plugins")


def grammar_path() -> Path | None:
    """The grammar file of a source checkout (``<repo>/grammar/keyharvest.lark``), if any."""
    path = Path(__file__).resolve().parents[2] / "grammar" / GRAMMAR_FILE
    return path if path.is_file() else None


def grammar_text() -> str:
    """The text of the grammar: package data in an installed wheel, else the repo's copy.

    Raises ``FileNotFoundError`` when neither exists (a broken installation).
    """
    from importlib import resources

    packaged = resources.files("keyharvest").joinpath("grammar", GRAMMAR_FILE)
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    path = grammar_path()
    if path is None:
        raise FileNotFoundError(f"the notation grammar {GRAMMAR_FILE} is missing: neither "
                                "keyharvest/grammar/ nor the repository's grammar/ holds it")
    return path.read_text(encoding="utf-8")


def grammar_digest(text: str | None = None) -> str:
    """The SHA-256 of the grammar's text, which the shipped tables must have been made from."""
    import hashlib

    return hashlib.sha256((grammar_text() if text is None else text).encode("utf-8")).hexdigest()


def build_parser(*, strict: bool = True, transformer: object | None = None) -> Lark:
    """A new LALR parser analysed from the grammar (no tables). Without ``interegular``
    installed Lark cannot check terminal collisions, and the parser is built without
    strict mode."""
    from lark import Lark
    from lark.exceptions import LexError

    options = {"parser": "lalr", "lexer": "contextual", "start": list(STARTS),
               "maybe_placeholders": False, "transformer": transformer}
    try:
        return Lark(grammar_text(), strict=strict, **options)
    except LexError as exc:
        if strict and "interegular" in str(exc):
            return Lark(grammar_text(), strict=False, **options)
        raise


# -- the shipped tables ----------------------------------------------------------------------
def _encode(value: Any) -> Any:
    """Lark's serialised data as JSON: tables with keys other than strings and tuples are
    tagged, so that they read back exactly."""
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value):
            return {k: _encode(v) for k, v in value.items()}
        return {"~map": [[_encode(k), _encode(v)] for k, v in value.items()]}
    if isinstance(value, tuple):
        return {"~tuple": [_encode(v) for v in value]}
    if isinstance(value, list):
        return [_encode(v) for v in value]
    if value is None or isinstance(value, (bool, int, str)):
        return value
    raise TypeError(f"Lark's tables hold a {type(value).__name__}, which JSON cannot")


def _decode(table: dict[str, Any]) -> Any:
    if len(table) == 1:
        if "~map" in table:
            return {(tuple(k) if isinstance(k, list) else k): v for k, v in table["~map"]}
        if "~tuple" in table:
            return tuple(table["~tuple"])
    return table


def dump_tables(parser: Lark | None = None) -> str:
    """The JSON of ``tables.json`` for a parser built in strict mode from the grammar."""
    import json

    from lark import __version__ as lark_version
    from lark.grammar import Rule
    from lark.lexer import TerminalDef

    parser = parser or build_parser(strict=True)
    if not parser.options.strict:
        raise RuntimeError("the tables are made in strict mode (install lark[interegular])")
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    document = {"format": TABLES_FORMAT, "grammar_sha256": grammar_digest(),
                "lark": lark_version, "strict": True,
                "data": _encode(data), "memo": _encode(memo)}
    return json.dumps(document, separators=(",", ":")) + "\n"


def tables_path() -> Path:
    return Path(__file__).resolve().parent / TABLES_FILE


def _shipped(text: str, form: int, lark: str | None,
             object_hook: Callable[[dict[str, Any]], Any] | None = None
             ) -> dict[str, Any] | None:
    """The JSON document of shipped tables, or None unless it is one of format ``form``
    made from this grammar (and, for ``tables.json``, by Lark ``lark``; ``lark=None``: the
    lean tables, which are Lark-free data and carry no Lark version)."""
    import json

    try:
        document = json.loads(text, object_hook=object_hook)
    except (ValueError, RecursionError):
        return None
    if (not isinstance(document, dict) or document.get("format") != form
            or document.get("grammar_sha256") != grammar_digest()
            or (lark is not None and document.get("lark") != lark)):
        return None
    return document


def load_tables(text: str) -> tuple[dict[str, Any], dict[Any, Any]] | None:
    """Lark's serialised parser from the JSON ``text`` of ``tables.json``, or None when it
    is not tables of this grammar for this Lark (see the module docstring)."""
    from lark import __version__ as version

    document = _shipped(text, TABLES_FORMAT, version, _decode)
    if document is None or document.get("strict") is not True:
        return None
    data, memo = document.get("data"), document.get("memo")
    if not isinstance(data, dict) or not isinstance(memo, dict):
        return None
    options = data.get("options")
    if not isinstance(options, dict) or any(options.get(k) for k in _CODE_OPTIONS):
        return None
    if options.get("parser") != "lalr" or options.get("lexer") != "contextual" or list(
            options.get("start") or ()) != list(STARTS):
        return None
    return data, memo


def parser_from_tables(transformer: object | None = None,
                       text: str | None = None) -> Lark | None:
    """The parser loaded from the shipped tables (``text``: their JSON, by default the
    file's), or None when there are none that fit (see ``load_tables``) or Lark cannot load
    them."""
    if text is None:
        try:
            text = tables_path().read_text(encoding="utf-8")
        except OSError:
            return None
    tables = load_tables(text)
    if tables is None:
        return None
    data, memo = tables
    from lark import Lark

    try:  # a private entry point of Lark's (its standalone parsers use it): fenced
        loaded = Lark._load_from_dict(  # type: ignore[no-untyped-call]
            data, memo, transformer=transformer)
    except Exception:  # noqa: BLE001 - tables Lark cannot load: build the parser instead
        return None
    return loaded if isinstance(loaded, Lark) else None


@lru_cache(maxsize=1)
def parser() -> Lark:
    """The process's parser, with the syntax transformer of ``keyharvest.notation.syntax``:
    loaded from the shipped tables, or built from the grammar when they do not fit."""
    from .syntax import Syntax

    if not os.environ.get("KEYHARVEST_NO_TABLES"):
        loaded = parser_from_tables(Syntax())
        if loaded is not None:
            return loaded
    return build_parser(transformer=Syntax())


def parse(text: str, start: str) -> Any:
    """``parser().parse(text, start=start)``: with the embedded transformer the result is
    what ``Syntax`` builds (a list of lines, of steps …), not a tree."""
    return parser().parse(text, start=start)


@lru_cache(maxsize=1)
def lean_parser() -> LeanParser | LarkDriver:
    """The process's parser run by the lean driver of ``keyharvest.notation.lalr``: made
    from the shipped lean tables without Lark, or where they do not fit from the Lark
    parser (and run by ``Lark.parse`` where that driver does not fit the installed Lark)."""
    from .lalr import lean_driver

    if not os.environ.get("KEYHARVEST_NO_TABLES"):
        lean = lean_from_tables()
        if lean is not None:
            return lean
        print(f"keyharvest: warning: {LEAN_FILE} does not fit the grammar {GRAMMAR_FILE} "
              "(run python -m keyharvest.notation.maketables); building the parser",
              file=sys.stderr)
    return lean_driver(parser())


# -- the lean tables ---------------------------------------------------------------------------
def lean_path() -> Path:
    return Path(__file__).resolve().parent / LEAN_FILE


def dump_lean(parser: Lark | None = None) -> str:
    """The JSON of ``lean.json``: the lean tables (``lalr.lean_data``) of the parser loaded
    from ``tables.json`` (or of ``parser``, one with the embedded ``Syntax``). Raises
    ``ValueError`` where the lean driver does not fit this Lark."""
    import json

    from .lalr import lean_data
    from .syntax import Syntax

    if parser is None:
        parser = parser_from_tables(Syntax())
        if parser is None:
            raise ValueError("tables.json does not fit: write it first")
    document = {"format": LEAN_FORMAT, "grammar_sha256": grammar_digest(),
                "starts": list(STARTS), "data": lean_data(parser)}
    return json.dumps(document, separators=(",", ":")) + "\n"


def lean_from_tables(text: str | None = None) -> LeanParser | None:
    """The lean parser of the shipped lean tables (``text``: their JSON, by default the
    file's), or None when there are none that fit: another format, grammar, Lark or start
    symbols, or data of another shape."""
    from .lalr import LeanParser

    if text is None:
        try:
            text = lean_path().read_text(encoding="utf-8")
        except OSError:
            return None
    document = _shipped(text, LEAN_FORMAT, None)
    if document is None or document.get("starts") != list(STARTS):
        return None
    data = document.get("data")
    if not isinstance(data, dict):
        return None
    try:
        return LeanParser.from_data(data)
    except Exception:  # noqa: BLE001 - data of another shape: the parser from Lark's tables
        return None
