"""The parser's tables ship as plain data (issues 13, 18 and 28): nothing executable is
loaded from a cache, one artefact ships (the lean tables), keyed to today's grammar and to
nothing of Lark's, it parses exactly as a parser built from the grammar, and tables that do
not fit (stale, damaged) are refused, with one line on stderr, for ``Lark.parse``."""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
from test_itemcache import MOVETEXTS

from keyharvest.notation import grammar, lalr, maketables
from keyharvest.notation.grammar import (
    build_parser,
    grammar_digest,
    lean_from_tables,
    lean_path,
)
from keyharvest.notation.syntax import Syntax

PACKAGE = Path(grammar.__file__).resolve().parents[1]

TWO = Path(__file__).resolve().parent.parent / "scenarios" / "games" / "two-players.kh"


class _Plant:
    """Unpickling this makes a file: the proof that a pickle was loaded."""

    def __init__(self, marker: str) -> None:
        self.marker = marker

    def __reduce__(self):
        return (open, (self.marker, "w"))


def test_no_pickle_is_loaded_from_the_users_cache_folder(tmp_path: Path) -> None:
    marker = tmp_path / "code-ran"
    cache = tmp_path / "cache" / "keyharvest"
    cache.mkdir(parents=True)
    digest = grammar_digest()[:16]
    # where the parser's cache used to be, and whatever Lark itself might look for
    for name in (f"grammar-{digest}.lark-cache", "grammar.lark-cache"):
        (cache / name).write_bytes(b"0" * 64 + b"\n" + pickle.dumps(_Plant(str(marker))))
    env = {**os.environ, "HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "cache"),
           "TMPDIR": str(tmp_path)}
    env.pop("KEYHARVEST_NO_CACHE", None)
    for args in (["validate", str(TWO)], ["moves", str(TWO), "--to", "3"]):
        done = subprocess.run([sys.executable, "-m", "keyharvest", *args], env=env,
                              capture_output=True, text=True, check=False, timeout=120)
        assert done.returncode == 0, done.stderr
    assert not marker.exists()
    assert sorted(p.name for p in cache.iterdir()) == sorted(
        [f"grammar-{digest}.lark-cache", "grammar.lark-cache"])  # nothing new written
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".lark")]


def test_one_artefact_ships_the_lean_tables() -> None:
    notation = PACKAGE / "notation"
    assert sorted(p.name for p in notation.glob("*.json")) == ["lean.json"]  # tables.json gone
    document = json.loads(lean_path().read_text(encoding="utf-8"))  # plain JSON, no hook
    assert document["grammar_sha256"] == hashlib.sha256(
        grammar.grammar_text().encode("utf-8")).hexdigest()


#: Lark's internal modules and attributes, and its private entry points: the table writer
#: reads the standalone generator's output instead.
_INTERNALS = ("lark.parsers", "lark.lexer", "lark.parse_tree_builder", "lark.load_grammar",
              "_load_from_dict", "_mres", "parse_table", "memo_serialize", "_callbacks")


def test_no_module_reads_larks_internals() -> None:
    readers = {str(path.relative_to(PACKAGE)): [w for w in _INTERNALS if w in path.read_text(
        encoding="utf-8")] for path in sorted(PACKAGE.rglob("*.py"))}
    assert {k: v for k, v in readers.items() if v} == {}


def test_the_shipped_lean_tables_are_those_of_todays_grammar() -> None:
    assert maketables.main(["--check"]) == 0, (
        "keyharvest/notation/lean.json does not fit the grammar: "
        "run `python -m keyharvest.notation.maketables` to write it again")


def test_the_shipped_lean_tables_parse_as_the_parser_built_from_the_grammar() -> None:
    lean = lean_from_tables()
    built = build_parser(strict=True, transformer=Syntax())
    assert lean is not None and built.options.strict
    for _, text in MOVETEXTS:
        assert maketables.same(lean.parse(text, "start"), built.parse(text, start="start"))
    for bad in ("1. red: harvest B6 @", "1. red: offer for", "red: buy"):
        with pytest.raises(lalr.Unparsed):
            lean.parse(bad, "start")


def test_tables_written_today_parse_as_the_shipped_ones() -> None:
    """``maketables`` writes tables that parse as the shipped ones (Lark numbers the LALR
    states differently from run to run, so the bytes may differ)."""
    fresh = lean_from_tables(maketables.dump_lean())
    shipped = lean_from_tables()
    assert fresh is not None and shipped is not None
    for _, text in MOVETEXTS:
        assert maketables.same(fresh.parse(text, "start"), shipped.parse(text, "start"))


def test_the_table_writer_checks_and_refuses_stale_tables(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    assert maketables.main(["--check"]) == 0
    assert "fits the grammar" in capsys.readouterr().out
    monkeypatch.setattr(grammar, "grammar_digest", lambda text=None: "0" * 64)
    assert maketables.main(["--check"]) == 1
    assert "does not fit the grammar" in capsys.readouterr().err
    assert maketables.main(["--wrong"]) == 2


def test_without_tables_lark_parses(monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("KEYHARVEST_NO_TABLES", "1")
    grammar.lean_parser.cache_clear()
    try:
        driver = grammar.lean_parser()
        assert isinstance(driver, lalr.LarkDriver) and grammar.parser().options.strict
        text = MOVETEXTS[0][1]
        assert maketables.same(driver.parse(text, "start"), lean_from_tables().parse(
            text, "start"))
        assert capsys.readouterr().err == ""  # asked for: no warning
    finally:
        grammar.lean_parser.cache_clear()


# -- the lean tables (issue 18, item 5) --------------------------------------------------------
def _lean() -> dict:
    return json.loads(lean_path().read_text(encoding="utf-8"))


@pytest.mark.parametrize("spoil", [
    lambda d: d.update(grammar_sha256="0" * 64),  # a stale file after a grammar change
    lambda d: d.update(format=99),
    lambda d: d.update(starts=["start"]),
    lambda d: d.update(data=[]),
    lambda d: d["data"].pop("lexers"),  # damaged
    lambda d: d["data"]["rules"][0].__setitem__(2, "__class__"),  # no rule calls that
    lambda d: d["data"]["rules"][0].__setitem__(2, "no_such_rule"),
    lambda d: d["data"]["patterns"].pop(),
    lambda d: d["data"]["lexers"].pop(),
    lambda d: d["data"]["states"][0][1].append(["WORD", True, 10**6]),  # shift to nowhere
    lambda d: d["data"]["states"][0][1].append(["WORD", False, 10**6]),  # reduce no rule
])
def test_lean_tables_that_do_not_fit_are_refused(spoil) -> None:
    document = _lean()
    spoil(document)
    assert lean_from_tables(json.dumps(document)) is None


def test_a_lexer_that_does_not_compile_leaves_the_text_to_lark() -> None:
    from keyharvest.notation.lalr import Unparsed

    document = _lean()
    for pattern in document["data"]["patterns"]:
        pattern[0] = "(?P<x"  # no regular expression: compiled when a state needs it
    lean = lean_from_tables(json.dumps(document))
    assert lean is not None
    for _ in range(2):
        with pytest.raises(Unparsed):
            lean.parse("red: pass", "steps")


def test_damaged_lean_json_is_refused() -> None:
    assert lean_from_tables("{not json") is None
    assert lean_from_tables("[" * 100_000 + "]" * 100_000) is None
    assert lean_from_tables(lean_path().read_text()[:5000]) is None


def test_refused_lean_tables_leave_the_text_to_lark_parse_and_say_so(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(grammar, "lean_path", lambda: lean_path().with_name("nothing.json"))
    grammar.lean_parser.cache_clear()
    try:
        driver = grammar.lean_parser()
        assert isinstance(driver, lalr.LarkDriver)
        assert "lean.json does not fit the grammar" in capsys.readouterr().err
    finally:
        grammar.lean_parser.cache_clear()


READ = """
import sys
from keyharvest.formats.records import load_records, read_source
from keyharvest.formats.diagnostics import diagnose
from keyharvest.errors import KeyHarvestError
text = read_source(sys.argv[1])
try:
    print([str(s) for r in load_records(text, "x.kh") for s in r.steps][:3])
except KeyHarvestError as exc:
    print(diagnose(exc, text, "x.kh"))
print("lark" in sys.modules)
"""


def test_valid_movetext_is_read_without_lark_and_an_error_with_it(tmp_path: Path) -> None:
    bad = tmp_path / "bad.kh"
    bad.write_text(TWO.read_text(encoding="utf-8").replace("; harvest B6", "; harvets B6", 1),
                   encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "KEYHARVEST_NO_TABLES"}
    out = {}
    for path in (TWO, bad):
        done = subprocess.run([sys.executable, "-c", READ, str(path)], capture_output=True,
                              text=True, check=True, env=env, timeout=120)
        out[path] = done.stdout.splitlines()
    assert out[TWO][-1] == "False" and out[TWO][0].startswith("['")
    assert out[bad][-1] == "True" and "harvets" in out[bad][0]


# -- the lean tables are keyed to the grammar, not to Lark's version (issue 28, item 3) --------
def test_the_lean_tables_carry_no_lark_version() -> None:
    assert "lark" not in _lean()
    assert set(_lean()) == {"format", "grammar_sha256", "starts", "data"}


def test_another_lark_1x_keeps_the_lean_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    import lark

    monkeypatch.setattr(lark, "__version__", "1.9.0")
    lean = lean_from_tables()
    assert lean is not None
    assert type(lean).__name__ == "LeanParser"


def test_a_grammar_the_lean_tables_do_not_fit_is_said_on_stderr(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(grammar, "grammar_digest", lambda text=None: "0" * 64)
    assert lean_from_tables() is None
    grammar.lean_parser.cache_clear()
    try:
        grammar.lean_parser()
    finally:
        grammar.lean_parser.cache_clear()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "lean.json does not fit the grammar" in err


_FAKE_LARK = """
import sys
sys.path.insert(0, sys.argv[1])
from keyharvest.notation import grammar
lean = grammar.lean_parser()
items = lean.parse("red: pass", "steps")
print(type(lean).__name__, "lark" in sys.modules, len(items))
"""


def test_start_up_is_the_same_under_a_lark_of_another_version(tmp_path: Path) -> None:
    """A ``lark`` package of another 1.x version first on the path (one that would fail if
    imported): the lean tables are used all the same and Lark is not imported."""
    fake = tmp_path / "lark"
    fake.mkdir()
    (fake / "__init__.py").write_text('__version__ = "1.99.0"\nraise ImportError("not me")\n')
    done = subprocess.run([sys.executable, "-c", _FAKE_LARK, str(tmp_path)],
                          capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["LeanParser", "False", "1"], done.stderr
    assert done.stderr == ""
