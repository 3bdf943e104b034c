"""One TOML value checker (issue 12, item 7): a record's front matter and a position check
their values with ``formats.tomltext.ValueChecker``, so a value means the same and is
worded the same in both. These tests hold the places where the two readers used to differ.
"""

from __future__ import annotations

import pytest
from cli_util import TWO

from keyharvest.errors import NotationError, PositionError, every_error
from keyharvest.formats.positions import load_position
from keyharvest.formats.records import load_records

#: The front matter of a sound record.
RECORD = "+++\n" + TWO.read_text(encoding="utf-8").split("+++\n")[1] + "+++\n"


def position_problems(text: str) -> list[tuple[str, str, int, int]]:
    with pytest.raises(PositionError) as info:
        load_position(text, "p.toml")
    return [(e.path, e.message, e.span.line, e.span.column) for e in every_error(info.value)]


def record_problems(text: str) -> list[str]:
    with pytest.raises(NotationError) as info:
        load_records(text, "r.kh")
    return [e.message for e in every_error(info.value)]


def test_a_colour_is_worded_alike_in_a_position_and_a_record() -> None:
    # a colour of the game that is not seated: "not playing" in both (a position said
    # "unknown player" of a colour it knew); a value that is not text: "a player's colour"
    got = position_problems("players = ['red', 'green']\nend_trigger = 'yellow'\n"
                            "turn = { player = 3 }\n[red]\n[green]\n")
    assert got == [
        ("turn.player", "expected a player's colour, not 3", 3, 1),
        ("end_trigger", "yellow is not playing (the players are red, green)", 2, 15),
    ], got
    assert record_problems(RECORD.replace('start = "green"', 'start = "yellow"')) == [
        "start: yellow is not playing (the players are red, green)"]
    assert record_problems(RECORD.replace('start = "green"', "start = 3")) == [
        "start: expected a player's colour, not 3"]


def test_a_colour_is_read_without_its_spaces_in_a_position_as_in_a_record() -> None:
    p = load_position("players = ['red', 'green']\nend_trigger = ' Green '\n"
                      "turn = { player = 'green ' }\n[red]\n[green]\n", "p.toml")
    assert p.state.end_trigger == "green"
    assert p.state.players[p.state.turn.player].colour == "green"
    (rec,) = load_records(RECORD.replace('start = "green"', 'start = " Red "'), "r.kh")
    assert rec.setup.start == "red"


def test_an_unknown_colour_among_the_players_is_hinted_with_the_colours() -> None:
    with pytest.raises(PositionError) as info:
        load_position("players = ['red', 'pink']\n[red]\n", "p.toml")
    first = every_error(info.value)[0]
    assert (first.path, first.message) == ("players", "unknown player 'pink'")
    assert first.hint == "players are colours: brown, green, orange, red, yellow"  # type: ignore[attr-defined]


@pytest.mark.parametrize("old, new, message", [
    ('players = ["red", "green"]', "players = 7",
     'players: expected a list of colours, like ["red", "green"], not 7'),
    ('red = ["vegetables", "apples", "wheat"]', "red = 5",
     'crops.red: expected a list of crops, like ["wheat", "wine"], not 5'),
    ('red = ["F4", "D9"]', "red = 4",
     'tiles.red: expected a list of references, like ["B6", "G1"], not 4'),
    ("removed = []", "removed = 3", 'removed: expected a list of events, like ["M", "P"], not 3'),
])
def test_a_list_in_the_front_matter_is_shown_by_an_example_of_its_own_kind(
        old: str, new: str, message: str) -> None:
    # every list was shown as ["B6", "G1"], a list of references, crops and colours too
    assert RECORD.count(old) == 1
    assert message in record_problems(RECORD.replace(old, new))


def test_the_letters_of_each_reader_keep_their_words_and_rule() -> None:
    got = record_problems(RECORD.replace("removed = []", 'removed = ["M", "A"]'))
    assert got == ["removed: unknown event 'A' (events are M to Z)"]
    with pytest.raises(NotationError) as info:
        load_records(RECORD.replace("removed = []", 'removed = ["M", "A"]'), "r.kh")
    assert info.value.rule == "B.8"
    got = position_problems("players = ['red', 'green']\nremoved = ['M', 'A', 'B']\n[red]\n"
                            "[green]\n")
    assert [m for _, m, _, _ in got] == ["'A' is not an event (M to Z)",
                                         "'B' is not an event (M to Z)"]


def test_both_readers_check_with_the_one_checker() -> None:
    from keyharvest.formats import positions, records, tomltext

    for reader in (positions._Reader, records._FrontMatter):
        assert issubclass(reader, tomltext.ValueChecker)
        for name in ("words", "integer", "string", "table", "colour", "crop_words", "letters"):
            assert name not in vars(reader), (reader, name)


@pytest.mark.parametrize(("value", "want"), [
    ([" B6", "G1 "], ["B6", "G1"]), ([], []), ("B6, G1  C4", ["B6", "G1", "C4"]),
    ([1, "G1"], None), (["B6", 2], None), (["B6", "G1", ["C4"]], None), (("B6",), None),
    ({"a": "B6"}, None), (3, None)])
def test_words_are_a_list_of_strings_or_a_string_of_words(value: object, want: object) -> None:
    """``ValueChecker.words``: a list of strings (each stripped) or a string of words; a
    list with anything but a string in it, wherever, or any other value, is an error at
    its path that names the kind of words and shows the value."""
    from keyharvest.formats.records import _FrontMatter

    checker = _FrontMatter(RECORD, "r.kh", 1)
    if want is not None:
        assert checker.words(value, "tiles.red", "references") == want
        return
    with pytest.raises(NotationError) as info:
        checker.words(value, "tiles.red", "references")
    shown = "a list" if isinstance(value, list) else "a table" if isinstance(
        value, dict) else repr(value)
    assert info.value.message == (
        f'tiles.red: expected a list of references, like ["B6", "G1"], not {shown}')
