"""The examples of docs/notation.md are what they say: the record of section 1 is a legal
record (``validate`` passes it) and the final table of section 4 scores; each is written
to a temporary folder first, so that the test runs from any folder. (The position of
section 4 shown key by key elides its bag with "...": a layout, not a file. docs/api.md's
examples: tests/test_api_doc.py.)"""

from __future__ import annotations

import re
from pathlib import Path

from cli_util import kh

DOC = Path(__file__).resolve().parent.parent / "docs" / "notation.md"
TEXT = DOC.read_text(encoding="utf-8")


def _section(title: str) -> str:
    return TEXT.split(f"\n## {title}", 1)[1].split("\n## ", 1)[0]


def test_the_record_of_section_1_is_legal(tmp_path: Path) -> None:
    (block,) = re.findall(r"```\n(\+\+\+\n.*?)```", _section("1. A record"), flags=re.DOTALL)
    record = tmp_path / "example.kh"
    record.write_text(block)
    run = kh("validate", record)
    assert run.code == 0, run.err
    assert run.out.startswith("1 record: 1 ok"), run.out
    # and it shows what the section describes: event answers on their own lines, a comment
    assert "\n    red: pass\n" in block and "# a comment stays" in block


def test_the_final_table_of_section_4_scores(tmp_path: Path) -> None:
    tables = re.findall(r"```toml\n(.*?)```", _section("4. Positions"), flags=re.DOTALL)
    (final,) = [t for t in tables if t.startswith('result = "finished"')]
    position = tmp_path / "final.toml"
    position.write_text(final)
    run = kh("score", position)
    assert run.code == 0, run.err
    assert "winner:" in run.out
