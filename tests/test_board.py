"""The country board and board files (RULES.md H, A.3)."""

from __future__ import annotations

from collections import Counter
from importlib import resources

import pytest

from keyharvest.errors import BoardError, PositionError
from keyharvest.formats.boardfile import load_board, parse_board, standard_board
from keyharvest.model.board import Board

STANDARD_TEXT = resources.files("keyharvest").joinpath("data", "board.toml").read_text("utf-8")


def standard_mapping() -> dict:
    b = standard_board()
    return {
        "name": "copy",
        "spaces": {r: {"crop": b.crops[r], "x": b.positions[r][0], "y": b.positions[r][1]}
                   for r in b.references},
        "starting_pairs": [list(p) for p in b.starting_pairs],
    }


def to_toml(data: dict) -> str:
    lines = [f'name = "{data["name"]}"',
             "starting_pairs = [" + ", ".join(
                 "[" + ", ".join(f'"{r}"' for r in p) + "]" for p in data["starting_pairs"])
             + "]", "", "[spaces]"]
    for ref, s in data["spaces"].items():
        lines.append(f'{ref} = {{ crop = "{s["crop"]}", x = {s["x"]}, y = {s["y"]} }}')
    return "\n".join(lines) + "\n"


def board_error(text: str, source: str = "my.toml") -> BoardError:
    with pytest.raises(BoardError) as info:
        parse_board(text, source)
    assert info.value.rule == "H"
    assert isinstance(info.value, PositionError)
    return info.value


# -- the standard board -------------------------------------------------------------------
def test_H_standard_board_has_56_spaces_and_4_starting_pairs():
    b = standard_board()
    assert len(b.references) == 56 == len(set(b.references))
    assert len(b.starting_pairs) == 4
    flat = [r for p in b.starting_pairs for r in p]
    assert len(set(flat)) == 8 and all(r in b for r in flat)
    assert load_board() is b and load_board("standard") is b


def test_H_standard_board_adjacency_is_symmetric_with_at_most_6_neighbours():
    b = standard_board()
    for ref in b.references:
        assert 1 <= len(b.neighbours[ref]) <= 6
        assert ref not in b.neighbours[ref]
        for n in b.neighbours[ref]:
            assert b.is_adjacent(n, ref)
    # an inner space has all six (rows B and D around C4), a corner has fewer
    assert set(b.neighbours["C4"]) == {"B4", "B5", "C3", "C5", "D4", "D5"}
    assert set(b.neighbours["A1"]) == {"A2", "B2"}


def test_A3_standard_board_has_12_wheat_and_11_of_each_other_crop():
    counts = Counter(standard_board().crops.values())
    assert counts == {"wheat": 12, "hops": 11, "vegetables": 11, "apples": 11, "wine": 11}


def test_H_references_sort_by_row_then_number():
    b = standard_board()
    assert b.references[:3] == ("A1", "A2", "A3")
    assert b.references[-1] == "G8"


# -- other board files ----------------------------------------------------------------------
def test_H_another_board_file_of_the_same_form_is_accepted(tmp_path):
    data = standard_mapping()
    data["name"] = "mirrored"
    for s in data["spaces"].values():  # mirror left-right, and swap wheat and hops
        s["x"] = 16 - s["x"]
        s["crop"] = {"wheat": "hops", "hops": "wheat"}.get(s["crop"], s["crop"])
    data["starting_pairs"] = [["A1", "G8"], ["A8", "G1"], ["C1", "E8"], ["C8", "E1"]]
    path = tmp_path / "mirrored.toml"
    path.write_text(to_toml(data), encoding="utf-8")
    b = load_board(path)
    assert b.name == "mirrored"
    assert len(b.references) == 56
    assert b.starting_pairs[0] == ("A1", "G8")
    assert Counter(b.crops.values())["hops"] == 12
    for ref in b.references:
        for n in b.neighbours[ref]:
            assert ref in b.neighbours[n]


def test_H_board_from_mapping_equals_the_standard_file():
    b = Board.from_mapping(standard_mapping())
    s = standard_board()
    assert b.references == s.references
    assert dict(b.neighbours) == dict(s.neighbours)
    assert dict(b.crops) == dict(s.crops)


def test_H_the_standard_text_round_trips_through_parse_board():
    b = parse_board(STANDARD_TEXT, "x.toml")
    assert dict(b.neighbours) == dict(standard_board().neighbours)


# -- malformed board files ----------------------------------------------------------------
#: A line of the standard board file changed (the text, and what it becomes), and the
#: board error it makes: the key path, and words its message holds.
MALFORMED = {
    "unknown crop, the crops expected listed": (
        'A1 = { crop = "apples"', 'A1 = { crop = "grapes"', "spaces.A1",
        ("unknown crop 'grapes'", "wheat")),
    "overlapping positions": (
        'A2 = { crop = "vegetables", x = 2, y = 0 }', 'A2 = { crop = "vegetables", x = 0, y = 0 }',
        "spaces.A2", ("overlaps A1 at position (0, 0)",)),
    "a position off the hex grid": (
        'A2 = { crop = "vegetables", x = 2, y = 0 }', 'A2 = { crop = "vegetables", x = 3, y = 0 }',
        "spaces.A2", ("off the hex grid",)),
    "a starting pair naming an unknown space": (
        '["A2", "E6"]', '["A2", "Z9"]', "starting_pairs[0]",
        ("starting pair names unknown space 'Z9'",)),
    "a space in two starting pairs": (
        '["A8", "G8"]', '["A8", "E6"]', "starting_pairs[1]", ("in two starting pairs",)),
    "three starting pairs": (', ["D9", "F4"]', "", "starting_pairs", ("4 pairs",)),
    "a bad reference": ("A1 = {", "a1 = {", "spaces.a1", ("bad reference 'a1'",)),
    "an unknown key in a space": (
        'A1 = { crop = "apples", x = 0, y = 0 }', 'A1 = { crop = "apples", x = 0, y = 0, z = 1 }',
        "spaces.A1", ("unknown key 'z'",)),
    "a position not in integers": (
        'A1 = { crop = "apples", x = 0, y = 0 }', 'A1 = { crop = "apples", x = "0", y = 0 }',
        "spaces.A1", ("x and y must be integers",)),
}


@pytest.mark.parametrize("case", MALFORMED)
def test_H_a_malformed_board_file_is_a_board_error_with_its_key_path(case: str) -> None:
    old, new, path, words = MALFORMED[case]
    assert old in STANDARD_TEXT
    e = board_error(STANDARD_TEXT.replace(old, new))
    assert e.path == path
    assert all(w in e.message for w in words), e.message


def test_H_duplicate_reference_is_a_board_error():
    data = standard_mapping()
    # "A01" is reference A1 written another way (references compare by letter and number)
    data["spaces"]["A01"] = {"crop": "wheat", "x": 0, "y": 8}
    with pytest.raises(BoardError) as info:
        Board.from_mapping(data, "my.toml")
    e = info.value
    assert e.message == "duplicate reference 'A01' (already given as 'A1')"
    assert e.path == "my.toml: spaces.A01"


def test_H_duplicate_reference_as_a_TOML_duplicate_key_names_the_reference():
    text = STANDARD_TEXT.replace('A2 = { crop = "vegetables"', 'A1 = { crop = "vegetables"')
    e = board_error(text)
    assert "duplicate reference 'A1'" in e.message
    assert e.path == "spaces.A1"
    # at the line that writes A1 again (where A2 was), from its first character
    row = 1 + STANDARD_TEXT[:STANDARD_TEXT.index('A2 = { crop = "vegetables"')].count("\n")
    assert e.span is not None and (e.span.line, e.span.column) == (row, 1)


def test_H_board_with_55_spaces_is_a_board_error():
    data = standard_mapping()
    del data["spaces"]["C4"]
    e = board_error(to_toml(data))
    assert e.path == "spaces"
    assert e.message == "a board has 56 spaces, this one has 55"


def test_H_board_with_57_spaces_is_a_board_error():
    data = standard_mapping()
    data["spaces"]["H1"] = {"crop": "wheat", "x": 0, "y": 8}
    e = board_error(to_toml(data))
    assert e.message == "a board has 56 spaces, this one has 57"


def test_H_missing_spaces_table_is_a_board_error():
    e = board_error('name = "empty"\nstarting_pairs = []\n')
    assert e.path == "spaces"
    assert "missing table [spaces]" in e.message


def test_H_bad_TOML_is_a_board_error_with_line_and_column():
    text = STANDARD_TEXT.replace('A1 = { crop = "apples", x = 0, y = 0 }',
                                 'A1 = { crop = "apples", x = 0, y = 0')
    e = board_error(text)
    assert e.path == ""
    assert e.message.startswith("bad TOML: ")
    assert "(at line" not in e.message  # the span says where, not the message
    row = 1 + STANDARD_TEXT[:STANDARD_TEXT.index('A1 = { crop = "apples"')].count("\n")
    assert e.span is not None and (e.span.source, e.span.line) == ("my.toml", row)


def test_H_missing_board_file_is_a_board_error(tmp_path):
    missing = tmp_path / "nowhere.toml"
    with pytest.raises(BoardError) as info:
        load_board(missing)
    e = info.value
    assert e.path == str(missing)
    assert e.message.startswith("cannot read board file")
    assert e.rule == "H"


def test_H_duplicate_reference_as_a_TOML_table_declared_twice_names_the_reference():
    text = ('name = "t"\nstarting_pairs = []\n[spaces.B6]\ncrop = "hops"\nx = 9\ny = 1\n'
            '[spaces.B6]\ncrop = "wheat"\nx = 1\ny = 1\n')
    e = board_error(text)
    assert "duplicate reference 'B6'" in e.message
    assert e.path == "spaces.B6"


@pytest.mark.parametrize("name", ["/dev/zero", "/dev/null", "folder", "huge.toml"])
def test_H_a_board_path_that_is_not_a_sensible_file_is_refused_unread(tmp_path, name):
    # a record names its board file: a hostile one must not make validate read /dev/zero
    (tmp_path / "folder").mkdir()
    (tmp_path / "huge.toml").write_bytes(b"#" * (2 << 20))
    path = name if name.startswith("/") else tmp_path / name
    with pytest.raises(BoardError, match="cannot read board file"):
        load_board(path)


def test_standard_board_is_read_through_importlib_resources_when_not_beside(monkeypatch):
    """A package that is not a folder of files (a zip) has no board.toml beside the module:
    standard_board reads it through importlib.resources, and gets the same board. (For a
    package of files, importlib.resources reads the same file as a Path: only the first
    reading fails here.)"""
    from pathlib import Path

    from keyharvest.formats import boardfile

    beside = Path(boardfile.__file__).parent.parent / "data" / "board.toml"
    assert beside.read_text("utf-8") == STANDARD_TEXT  # the file it reads first
    real = Path.read_text
    asked: list[Path] = []

    def no_file_beside(self: Path, *args: object, **kwargs: object) -> str:
        if self == beside and not asked:  # (importlib.resources reads it as a Path too)
            asked.append(self)
            raise FileNotFoundError(self)
        return real(self, *args, **kwargs)  # type: ignore[arg-type]

    before = standard_board()
    monkeypatch.setattr(Path, "read_text", no_file_beside)
    again = standard_board.__wrapped__()  # read again, past the cache (which stays as it is)
    assert asked == [beside]
    assert again is not before
    assert (again.crops, again.positions, again.starting_pairs, again.neighbours) == (
        before.crops, before.positions, before.starting_pairs, before.neighbours)
