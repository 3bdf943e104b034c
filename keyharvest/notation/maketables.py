"""Write ``keyharvest/notation/tables.json``, the parser's tables as data, from the grammar,
and beside it ``lean.json``, the lean tables made from them (``keyharvest.notation.lalr``):

    python -m keyharvest.notation.maketables

Run it after ``grammar/keyharvest.lark`` changes, or after Lark is upgraded
(``tests/test_grammar_tables.py`` says when it is due); until then the parser is built from
the grammar at every start, which is correct but some 0.2 s slower. (Lark numbers the LALR
states in an order that varies from run to run, so the bytes differ between runs; the
tables are the same.)
"""

from __future__ import annotations

import sys


def main() -> int:
    from .grammar import dump_lean, dump_tables, lean_path, tables_path

    path = tables_path()
    path.write_text(dump_tables(), encoding="utf-8")
    print(path)
    path = lean_path()
    path.write_text(dump_lean(), encoding="utf-8")
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
