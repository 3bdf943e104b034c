"""The rules ship with the program (issue 29, item 4): ``keyharvest/data/RULES.md`` is the
project's RULES.md, ``keyharvest rules ID`` prints a section, and every rule id the code,
its help texts and its documents cite resolves there."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_util import kh

from keyharvest.formats.rulebook import parse_rules, rules_text, section, sections

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "keyharvest"
#: A rule id with a number (``C.4``, ``I.55``), as messages, help and documents cite one.
NUMBERED = re.compile(r"(?<![\w.])([A-J]\.[0-9]{1,2})(?![\w]|\.[0-9])")
#: A part cited alone (``H``, ``J``): where the code names a rule (a ``rule=`` or an
#: ``IllegalStep``), in an error's tag, or after "RULES.md".
PART = re.compile(r"""(?:rule=|IllegalStep\(|error\[|RULES\.md |rule: )["']?([A-J0])\b""")


def _cited() -> dict[str, set[str]]:
    """Each rule id cited, and where: in the package's sources (messages, ``-h`` texts,
    docstrings, comments; ``rulebook`` itself, whose examples include unknown ids, left
    out), the README and docs/."""
    texts = [p for p in sorted(PACKAGE.rglob("*.py")) if p.name != "rulebook.py"]
    texts += [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    found: dict[str, set[str]] = {}
    for path in texts:
        text = path.read_text(encoding="utf-8")
        for rule in {*NUMBERED.findall(text), *PART.findall(text)}:
            found.setdefault(rule, set()).add(str(path.relative_to(ROOT)))
    return found


def test_the_shipped_rules_are_the_projects() -> None:
    shared = Path("/work/shared/RULES.md")
    if shared.is_file():  # (the project's specification, where this checkout has it)
        assert rules_text() == shared.read_text(encoding="utf-8")
    assert rules_text().startswith("# Key Harvest: the rules specification")


def test_every_rule_id_the_code_cites_resolves() -> None:
    cited = _cited()
    assert {"C.4", "D.1", "I.55", "I.10", "J", "H", "G.1", "B.5"} <= set(cited)  # found
    missing = {rule: sorted(where) for rule, where in cited.items() if rule not in sections()}
    assert not missing, missing


def test_ids_are_parts_subsections_and_numbered_items() -> None:
    s = sections()
    assert s["C"].title == "Turn structure and actions"
    assert s["C.4"].text.startswith('### C.4 Action c: Field tiles from stores')
    assert s["I.55"].title == "Scoring a game that has not ended"
    assert s["G.4"].title == "Crops" and "Winner" not in s["G.4"].text
    assert "C.4" in s["C"].text and s["C.5"].text not in s["C.4"].text
    # numbered items of a part with subsections are not ids (C.4's steps 1, 2 ...)
    assert not any(k.startswith("C.") and int(k[2:]) > 5 for k in s)
    doc = "## Q. Part\n\n1. **One:** a\n   more\n2. Two things. [X]\n\nText.\n1. not an item\n"
    assert [(x.id, x.title) for x in parse_rules(doc).values()] == [
        ("Q", "Part"), ("Q.1", "One"), ("Q.2", "Two things")]
    assert parse_rules(doc)["Q.1"].text == "1. **One:** a\n   more"


def test_rules_prints_a_section() -> None:
    r = kh("rules", "C.4")
    assert r.code == 0 and r.err == ""
    assert r.out.startswith('### C.4 Action c: Field tiles from stores to your board ("buy")')
    assert r.out == section("C.4").text + "\n"
    assert kh("rules", "c.4").out == r.out  # as a user may type it
    assert kh("rules", "[I.55]").out.startswith("55. **Scoring a game that has not ended**")


def test_rules_lists_the_sections() -> None:
    r = kh("rules")
    assert r.code == 0
    lines = r.out.splitlines()
    assert len(lines) == len(sections())
    assert "C     Turn structure and actions" in lines
    assert '  C.4   Action c: Field tiles from stores to your board ("buy")' in lines
    assert "  I.55  Scoring a game that has not ended" in lines


def test_rules_json() -> None:
    *rows, summary = kh("rules", "--format", "json").objects()
    assert summary == {"type": "summary", "ok": True, "sections": len(sections()),
                       "diagnostics": []}
    assert rows[0] == {"type": "rule", "ok": True, "id": "0",
                       "title": "Sources and how reliable they are"}
    (one, _) = kh("rules", "J", "-f", "json").objects()
    assert one["id"] == "J" and one["text"].startswith("## J. Engine invariants")


@pytest.mark.parametrize(("typed", "nearest"), [("C.9", "C.5"), ("I.99", "I.9"),
                                                ("D.12", "D.2")])
def test_an_unknown_id_is_exit_1_with_the_nearest(typed: str, nearest: str) -> None:
    r = kh("rules", typed)
    assert r.code == 1 and r.out == ""
    assert r.err.startswith(f"RULES.md: error: no section '{typed}': did you mean "
                            f"'{nearest}' (")
    bad = json.loads(kh("rules", typed, "-f", "json").out.splitlines()[-1])
    assert bad["ok"] is False and bad["diagnostics"][0]["kind"] == "name"


def test_readme_points_at_the_shipped_rules() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "keyharvest rules" in readme and "keyharvest/data/RULES.md" in readme
