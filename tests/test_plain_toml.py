"""The front matter's plain TOML (issue 18, reading faster): ``tomltext.loads`` reads a text
of plain lines itself and gives anything else to ``tomllib``; either way the data (or the
error) is ``tomllib``'s."""

from __future__ import annotations

import tomllib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from keyharvest.formats import tomltext
from keyharvest.formats.records import format_records
from keyharvest.play.selfplay import selfplay_game


def outcome(text: str) -> object:
    """What ``tomllib`` makes of ``text``: its data (with the types of every value), or
    its error message."""
    try:
        return typed(tomllib.loads(text))
    except tomllib.TOMLDecodeError as exc:
        return ("error", str(exc))


def typed(value: object) -> object:
    if isinstance(value, dict):
        return {k: typed(v) for k, v in value.items()}, list(value)
    if isinstance(value, list):
        return [typed(v) for v in value]
    return type(value).__name__, value


def mine(text: str) -> object:
    try:
        return typed(tomltext.loads(text))
    except tomllib.TOMLDecodeError as exc:
        return ("error", str(exc))


def test_written_front_matter_is_plain_and_read_alike() -> None:
    text = format_records([selfplay_game(players, 5, i) for players in (2, 3, 4)
                           for i in range(3)])
    fronts = text.split("+++\n")[1::2]
    assert len(fronts) == 9
    for front in fronts:
        assert tomltext._plain(front) is not None  # the fast way reads it
        assert mine(front) == outcome(front)


NEAR = [
    'a = "x"\na = 1',  # a key twice
    "[t]\nx = 1\n[t]\ny = 2",  # a table twice
    "t = 1\n[t]",  # a key, then a table of that name
    "a = 01", "a = -1", "a = +1", "a = 1_000", "a = 1.5", "a = 1979-05-27",
    'a = "\\n"', 'a = "tab\there"', 'a = "\x7f"', "a = 'literal'", 'a = """x"""',
    'a = ["x","y"]', 'a = [ "x" ]', 'a = ["x", 1]', 'a = [["x"]]', 'a = {b = "c"}',
    'a = "x" # a comment', "# a comment", "  a = 1", "a = 1 ", "a=1", "a  = 1",
    "a.b = 1", '"a" = 1', "[a.b]", "[[a]]", "[ a ]", "\ufeffa = 1", "a = 1\r\nb = 2",
    "a = []", 'a = [""]', "1 = 0", "a = true", 'a = "unclosed', "[t", "= 1", "a =",
    'players = ["red", "green"]\n\n[tiles]\nred = ["B6", "G1"]\n\n[tiles]\ngreen = []',
    'a = "\u00e9t\u00e9 \u2028"',
    # inline tables, arrays of arrays and comment lines (the standard board's TOML)
    'a = { b = "c", d = 0 }', 'a = { b = 1, b = 2 }', 'a = {b = 1}', 'a = { b = 1 }\n[a]',
    'a = { }', 'a = {}', 'a = { b = 1, }', 'a = { b = [] }', 'a = { b = { c = 1 } }',
    'a = { "b" = 1 }', 'a = { b = 01 }', 'a = { b = "x, c = 1" }', 'a = { b = ' + "9" * 40 + ' }',
    'a = [["x", "y"], ["z"]]', 'a = [[], ["z"]]', 'a = [["x"],["y"]]', 'a = [["x"], "y"]',
    'a = [["[x]"], ["y, z"]]', 'a = [[["x"]]]', 'a = [ ["x"] ]',
    "# a comment\na = 1", "#", "# \t tab", "# \x01", "# \x7f", "#\r", "# \u00e9",
    "[t]\n# comment\nb = 1", " # indented",
]


@pytest.mark.parametrize("text", NEAR)
def test_near_misses_are_tomllibs(text: str) -> None:
    assert mine(text) == outcome(text)


PIECES = st.sampled_from([
    "a", "b", "red", "tiles", "1", "-", "_x", " = ", "=", " ", '"', '"x"', '""', "[", "]",
    ", ", ",", "0", "7", "01", "\n", "\n\n", "[t]", "[a]", '["x", "y"]', "[]", "#", "\\",
    "\t", "\u00e9", "\x01", ".", "'", "-3", "true",
    "{ ", " }", "{", "}", "[[", "]]", "# c", "b = 1", '["x"]', "\x7f",
])


@settings(max_examples=400, deadline=None)
@given(st.lists(PIECES, max_size=24))
def test_any_text_is_read_as_tomllib_reads_it(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert mine(text) == outcome(text)


def test_the_standard_board_is_plain_and_read_alike() -> None:
    from importlib import resources

    text = resources.files("keyharvest").joinpath("data", "board.toml").read_text("utf-8")
    assert tomltext._plain(text) is not None  # read without tomllib
    assert mine(text) == outcome(text)


def test_a_valid_record_is_read_without_importing_tomllib(tmp_path) -> None:
    import subprocess
    import sys

    path = tmp_path / "one.kh"
    path.write_text(format_records([selfplay_game(4, 1, 0)]), encoding="utf-8")
    code = ("import sys\n"
            "from keyharvest.formats.records import load_records, replay\n"
            "from keyharvest.formats.boardfile import standard_board\n"
            "standard_board()\n"
            f"(record,) = load_records(open({str(path)!r}, encoding='utf-8').read())\n"
            "replay(record)\n"
            "print('tomllib' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False"]
    # and bad TOML is still tomllib's error, its class asked for only then
    with pytest.raises(tomltext.TOMLDecodeError):
        tomltext.loads("a = 'x")
    assert tomltext.TOMLDecodeError is tomllib.TOMLDecodeError
    with pytest.raises(AttributeError):
        tomltext.no_such_name  # noqa: B018


def test_long_numbers_are_tomllibs_and_too_long_ones_an_error_with_a_position() -> None:
    text = "a = 1\nb = " + "9" * 40 + "\n"
    assert tomltext.loads(text) == tomllib.loads(text)  # read by tomllib, past MAX_DIGITS
    with pytest.raises(tomllib.TOMLDecodeError) as caught:
        tomltext.loads("a = 1\n[t]\nb = 1_" + "2" * 5000 + "\n")
    assert tomltext.decode_error(caught.value, "")[1:] == (3, 5)
    assert "5001 digits" in str(caught.value)


def test_a_line_read_again_gives_a_value_of_its_own_and_the_memo_is_bounded(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Plain lines are remembered once read (``tomltext._LINES``), but each text gets lists
    and tables of its own: changing one text's data leaves the next text's alone. The memo
    holds at most ``_LINES_HELD`` lines, none longer than ``_LINE_HELD``."""
    text = ('players = ["red", "green"]\nround = 3\nnested = [["a"], []]\n'
            'inline = { a = 1, b = "x" }\n[tiles]\nred = ["B6", "G1"]\n')
    first = tomltext.loads(text)
    assert typed(first) == outcome(text)
    first["players"].append("blue")
    first["tiles"]["red"].clear()
    first["nested"][0].append("b")
    first["inline"]["a"] = 2
    again = tomltext.loads(text)
    assert typed(again) == outcome(text)
    assert again["players"] is not first["players"]
    monkeypatch.setattr(tomltext, "_LINES_HELD", 8)
    long = "notes = \"" + "x" * tomltext._LINE_HELD + "\""
    for n in range(30):
        assert tomltext.loads(f"n{n} = {n}\n{long}\n") == {f"n{n}": n, "notes": long[9:-1]}
        assert len(tomltext._LINES) <= 8 and long not in tomltext._LINES
