"""The parser's tables ship as plain data (issue 13): nothing executable is loaded from a
cache, the shipped tables are those of today's grammar, they parse exactly as a parser
built from the grammar, and tables that do not fit (stale, another Lark, options that
could hold code, damaged) are refused for a build."""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
from test_itemcache import MOVETEXTS, shape

from keyharvest.notation import grammar
from keyharvest.notation.grammar import (
    build_parser,
    dump_lean,
    grammar_digest,
    lean_from_tables,
    lean_path,
    load_tables,
    parser_from_tables,
    tables_path,
)
from keyharvest.notation.syntax import Syntax

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


def test_the_shipped_tables_are_those_of_todays_grammar() -> None:
    text = tables_path().read_text(encoding="utf-8")
    assert load_tables(text) is not None, (
        "keyharvest/notation/tables.json does not fit the grammar or this Lark: "
        "run `python -m keyharvest.notation.maketables` to write it again")
    document = json.loads(text)  # plain JSON: no hook is needed to read it
    assert document["grammar_sha256"] == hashlib.sha256(
        grammar.grammar_text().encode("utf-8")).hexdigest()


def test_the_tables_hold_the_rules_and_terminals_of_the_grammar() -> None:
    loaded = parser_from_tables()
    built = build_parser(strict=True)
    assert loaded is not None
    assert sorted(map(str, loaded.rules)) == sorted(map(str, built.rules))
    assert sorted((t.name, t.pattern.value) for t in loaded.terminals) == sorted(
        (t.name, t.pattern.value) for t in built.terminals)
    table = loaded.parser.parser.parser.parse_table
    assert len(table.states) == len(built.parser.parser.parser.parse_table.states)


def test_the_loaded_parser_parses_as_the_built_one() -> None:
    loaded = parser_from_tables(Syntax())
    built = build_parser(strict=True, transformer=Syntax())
    assert loaded is not None and built.options.strict
    assert grammar.parser() is not built
    for _, text in MOVETEXTS:
        assert shape(loaded.parse(text, start="start")) == shape(built.parse(text, start="start"))
    for bad in ("1. red: harvest B6 @", "1. red: offer for", "red: buy"):
        with pytest.raises(Exception) as a:
            loaded.parse(bad, start="start")
        with pytest.raises(Exception) as b:
            built.parse(bad, start="start")
        assert (type(a.value), str(a.value)) == (type(b.value), str(b.value))


def _tables() -> dict:
    return json.loads(tables_path().read_text(encoding="utf-8"))


@pytest.mark.parametrize("spoil", [
    lambda d: d.update(grammar_sha256="0" * 64),  # a stale file after a grammar change
    lambda d: d.update(lark="0.0.1"),  # written by another Lark
    lambda d: d.update(strict=False),
    lambda d: d.update(format=99),
    lambda d: d["data"]["options"].update(postlex="anything"),  # options that hold code
    lambda d: d["data"]["options"].update(tree_class="Tree"),
    lambda d: d["data"]["options"].update(lexer_callbacks={"WORD": 1}),
    lambda d: d["data"].pop("parser"),  # damaged: Lark cannot load it
    lambda d: d.update(memo=[]),
])
def test_tables_that_do_not_fit_are_refused(spoil) -> None:
    document = _tables()
    spoil(document)
    assert parser_from_tables(Syntax(), json.dumps(document)) is None


def test_damaged_json_is_refused() -> None:
    assert parser_from_tables(Syntax(), "{not json") is None
    assert parser_from_tables(Syntax(), "[" * 100_000 + "]" * 100_000) is None
    assert parser_from_tables(Syntax(), tables_path().read_text()[:5000]) is None


def test_without_tables_the_parser_is_built(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KEYHARVEST_NO_TABLES", "1")
    grammar.parser.cache_clear()
    try:
        fresh = grammar.parser()
        assert fresh.options.strict
        text = MOVETEXTS[0][1]
        assert shape(fresh.parse(text, start="start")) == shape(
            parser_from_tables(Syntax()).parse(text, start="start"))
    finally:
        grammar.parser.cache_clear()
        grammar.lean_parser.cache_clear()


# -- the lean tables (issue 18, item 5) --------------------------------------------------------
def _lean() -> dict:
    return json.loads(lean_path().read_text(encoding="utf-8"))


def test_the_shipped_lean_tables_are_those_of_the_shipped_tables() -> None:
    assert lean_from_tables() is not None
    assert json.loads(dump_lean()) == _lean(), (
        "keyharvest/notation/lean.json does not fit tables.json: run "
        "`python -m keyharvest.notation.maketables` to write both again")


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


def test_refused_lean_tables_leave_the_driver_over_larks_parser(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from keyharvest.notation import lalr

    monkeypatch.setattr(grammar, "lean_path", lambda: tables_path().with_name("nothing.json"))
    grammar.lean_parser.cache_clear()
    try:
        driver = grammar.lean_parser()
        assert isinstance(driver, lalr.LeanParser) and driver.token is not lalr.Token
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
