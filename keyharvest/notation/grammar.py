"""Loading the Lark grammar of the movetext and building the (cached) LALR parser.

The grammar file lives at the top of the repository (``grammar/keyharvest.lark``) so that
it is easy to find and review; the wheel carries it inside the package as
``keyharvest/grammar/keyharvest.lark``. ``grammar_text`` looks there first and falls back to
the repository's folder for a source checkout.

The parser is LALR(1) in Lark's strict mode (no shift/reduce conflicts, no colliding
terminals), built once per process with the syntax transformer embedded, so that parsing
builds the notation's items directly without an intermediate tree.

Building it (the LALR analysis and the strict checks) takes some 0.2 s, more than a short
command has to spare, so the analysed grammar is kept between runs with Lark's ``cache``
in the user's cache folder (``cache_file``): a later process loads it in a few
milliseconds. The file is keyed on the grammar's text, the options (strict included) and
the versions of Lark and Python, so a cached parser is one that passed the strict checks
when it was built; a stale, foreign or damaged file is rebuilt. ``KEYHARVEST_NO_CACHE=1``
turns the cache off.
"""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from importlib import resources
from pathlib import Path

from lark import Lark

GRAMMAR_FILE = "keyharvest.lark"
#: The start symbols: ``start``, a record's movetext; ``steps``, steps on their own
#: (``parse_steps``).
STARTS = ("start", "steps")


def grammar_path() -> Path | None:
    """The grammar file of a source checkout (``<repo>/grammar/keyharvest.lark``), if any."""
    path = Path(__file__).resolve().parents[2] / "grammar" / GRAMMAR_FILE
    return path if path.is_file() else None


def grammar_text() -> str:
    """The text of the grammar: package data in an installed wheel, else the repo's copy.

    Raises ``FileNotFoundError`` when neither exists (a broken installation).
    """
    packaged = resources.files("keyharvest").joinpath("grammar", GRAMMAR_FILE)
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    path = grammar_path()
    if path is None:
        raise FileNotFoundError(f"the notation grammar {GRAMMAR_FILE} is missing: neither "
                                "keyharvest/grammar/ nor the repository's grammar/ holds it")
    return path.read_text(encoding="utf-8")


def cache_file() -> str | None:
    """Where the analysed grammar is kept between runs: ``keyharvest/`` in the user's cache
    folder (``$XDG_CACHE_HOME`` or ``~/.cache``), or None when ``KEYHARVEST_NO_CACHE`` is
    set or the folder cannot be made."""
    if os.environ.get("KEYHARVEST_NO_CACHE"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(base, "keyharvest")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:
        return None
    digest = hashlib.sha256(grammar_text().encode("utf-8")).hexdigest()[:16]
    return os.path.join(folder, f"grammar-{digest}.lark-cache")


def build_parser(*, strict: bool = True, transformer: object | None = None,
                 cache: str | None = None) -> Lark:
    """A new LALR parser for the grammar, loaded from the file ``cache`` (written there
    after the analysis) when one is given. Without ``interegular`` installed Lark cannot
    check terminal collisions, and the parser is built without strict mode."""
    from lark.exceptions import LexError

    options = {"parser": "lalr", "lexer": "contextual", "start": list(STARTS),
               "maybe_placeholders": False, "transformer": transformer,
               "cache": cache or False}
    try:
        return Lark(grammar_text(), strict=strict, **options)
    except LexError as exc:
        if strict and "interegular" in str(exc):
            return Lark(grammar_text(), strict=False, **options)
        raise


@lru_cache(maxsize=1)
def parser() -> Lark:
    """The process's parser, with the syntax transformer of ``keyharvest.notation.syntax``."""
    from .syntax import Syntax

    return build_parser(transformer=Syntax(), cache=cache_file())


@lru_cache(maxsize=1)
def lean_parser():
    """The process's parser run by the lean driver of ``keyharvest.notation.lalr`` (or by
    ``Lark.parse`` where that driver does not fit the installed Lark)."""
    from .lalr import lean_driver

    return lean_driver(parser())
