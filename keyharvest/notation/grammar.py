"""Loading the Lark grammar of the movetext and the LALR parser built from it.

The grammar file lives at the top of the repository (``grammar/keyharvest.lark``) so that
it is easy to find and review; the wheel carries it inside the package as
``keyharvest/grammar/keyharvest.lark``. ``grammar_text`` looks there first and falls back to
the repository's folder for a source checkout.

The parser is LALR(1) in Lark's strict mode (no shift/reduce conflicts, no colliding
terminals), built once per process with the syntax transformer embedded, so that parsing
builds the notation's items directly without an intermediate tree.

Building it (the LALR analysis and the strict checks) takes some 0.2 s, more than a short
command has to spare, and ``Lark.parse`` costs some 15 µs a call before it reads a
character. So what a command runs on valid movetext ships with the package as plain data:
the *lean tables*, ``keyharvest/notation/lean.json`` (strings, numbers and lists, nothing
that can run), which the lean driver of ``keyharvest.notation.lalr`` parses with, without
importing Lark. They are written by ``python -m keyharvest.notation.maketables`` after the
grammar changes, and checked before use against the grammar only: their format, the
SHA-256 of the grammar text they were made from, and the start symbols. Nothing of the
installed Lark's (its version, its internals) is read, so any Lark 1.x that builds the
grammar runs on them alike. Where they do not fit (a grammar changed without
``maketables``, a damaged file), ``lean_parser`` says so in one line on stderr, so that a
slower start never goes unnoticed, and parses through ``Lark.parse`` (``LarkDriver``).

Lark itself is imported only where the lean parser gives up on a text, to say what is
wrong with it: ``parser()`` builds the Lark parser from the grammar, once per process, with
Lark's public API. Nothing is read from or written to the user's folders (an earlier
version kept a pickle in ``~/.cache``, which whoever could write that folder could have
turned into code).
"""

from __future__ import annotations

import os
import sys
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lark import Lark

    from .lalr import LarkDriver, LeanParser

GRAMMAR_FILE = "keyharvest.lark"
LEAN_FILE = "lean.json"
#: The start symbols: ``start``, a record's movetext; ``steps``, steps on their own
#: (``parse_steps``).
STARTS = ("start", "steps")
#: The format of ``lean.json`` (``keyharvest.notation.maketables.lean_data``).
LEAN_FORMAT = 2


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


@lru_cache(maxsize=1)
def parser() -> Lark:
    """The process's Lark parser, with the syntax transformer of
    ``keyharvest.notation.syntax``, built from the grammar (for the texts the lean parser
    gives up on: Lark says what is wrong with them)."""
    from .syntax import Syntax

    return build_parser(transformer=Syntax())


def parse(text: str, start: str) -> Any:
    """``parser().parse(text, start=start)``: with the embedded transformer the result is
    what ``Syntax`` builds (a list of lines, of steps …), not a tree."""
    return parser().parse(text, start=start)


@lru_cache(maxsize=1)
def lean_parser() -> LeanParser | LarkDriver:
    """The process's parser: the lean driver of ``keyharvest.notation.lalr`` made from the
    shipped lean tables without Lark, or where they do not fit (or with
    ``KEYHARVEST_NO_TABLES=1``) ``Lark.parse`` through ``LarkDriver``."""
    from .lalr import LarkDriver

    if not os.environ.get("KEYHARVEST_NO_TABLES"):
        lean = lean_from_tables()
        if lean is not None:
            return lean
        print(f"keyharvest: warning: {LEAN_FILE} does not fit the grammar {GRAMMAR_FILE} "
              "(run python -m keyharvest.notation.maketables); building the parser",
              file=sys.stderr)
    return LarkDriver(parser())


# -- the lean tables ---------------------------------------------------------------------------
def lean_path() -> Path:
    return Path(__file__).resolve().parent / LEAN_FILE


def lean_from_tables(text: str | None = None) -> LeanParser | None:
    """The lean parser of the shipped lean tables (``text``: their JSON, by default the
    file's), or None when there are none that fit: another format, grammar or start
    symbols, or data of another shape."""
    import json

    from .lalr import LeanParser

    if text is None:
        try:
            text = lean_path().read_text(encoding="utf-8")
        except OSError:
            return None

    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if (not isinstance(document, dict) or document.get("format") != LEAN_FORMAT
            or document.get("grammar_sha256") != grammar_digest()
            or document.get("starts") != list(STARTS)):
        return None
    data = document.get("data")
    if not isinstance(data, dict):
        return None
    try:
        return LeanParser(data)
    except Exception:  # noqa: BLE001 - data of another shape: Lark parses instead
        return None
