"""``formats.tomlwrite.flat_dumps``: the text ``tomltext.dumps`` writes, for the shapes it
knows (a record's front matter), and None for any other, which ``dumps`` then writes."""

from __future__ import annotations

import datetime
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from keyharvest.errors import KeyHarvestError
from keyharvest.formats.records import front_matter, load_records
from keyharvest.formats.tomltext import dumps
from keyharvest.formats.tomlwrite import flat_dumps
from keyharvest.play.selfplay import selfplay_game

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"

keys = st.one_of(st.sampled_from(["event", "round", "red", "bot", "seed", "a-b", "x_1"]),
                 st.text(max_size=8))
strings = st.one_of(st.sampled_from(["red", "B6", "wheat", "self-play", ""]),
                    st.text(max_size=30))
flat = st.one_of(strings, st.integers(), st.lists(strings, max_size=30))
other = st.one_of(st.booleans(), st.floats(allow_nan=False), st.dates(),
                  st.lists(st.integers(), min_size=1, max_size=3), st.tuples(strings),
                  st.lists(st.dictionaries(keys, flat, max_size=2), min_size=1, max_size=2))


@given(st.dictionaries(keys, st.one_of(flat, st.dictionaries(keys, flat, max_size=5)),
                       max_size=12))
@settings(max_examples=400, deadline=None)
def test_the_shapes_of_a_front_matter_are_written_as_dumps_writes_them(data) -> None:
    """Strings (quotes, backslashes, control characters and all), ints, lists of strings
    (short, empty, wrapped past the width) and tables of those: ``dumps``'s text."""
    assert flat_dumps(data) == dumps(data)


@given(st.dictionaries(keys, st.one_of(flat, other, st.dictionaries(
    keys, st.one_of(flat, other, st.dictionaries(keys, flat, max_size=2)), max_size=4)),
    max_size=8))
@settings(max_examples=300, deadline=None)
def test_any_other_shape_is_left_to_dumps(data) -> None:
    """A bool, a float, a date, a list of anything but strings, a tuple, a list of tables,
    a table in a table: None (``dumps`` writes it), or the text ``dumps`` writes."""
    got = flat_dumps(data)
    assert got is None or got == dumps(data)


def test_a_date_a_float_or_a_nested_table_is_left_to_dumps() -> None:
    assert flat_dumps({"date": datetime.date(2024, 5, 1)}) is None
    assert flat_dumps({"meta": {"rating": 1.5}}) is None
    assert flat_dumps({"meta": {"a": {"b": "c"}}}) is None
    assert flat_dumps({"ok": True}) is None
    assert flat_dumps({"players": ["red", 3]}) is None


def test_every_scenario_record_and_self_play_front_matter_is_written_as_dumps_writes_it() -> None:
    fronts = []
    for path in sorted(SCENARIOS.rglob("*.kh")):
        try:
            fronts += [front_matter(r) for r in load_records(path.read_text(), str(path))]
        except KeyHarvestError:  # the scenarios of bad records
            continue
    fronts += [front_matter(selfplay_game(n, 5, i)) for n in (2, 3, 4) for i in range(3)]
    assert len(fronts) > 50
    written = [f for f in fronts if flat_dumps(f) is not None]
    assert len(written) > len(fronts) // 2  # most are: the writer is used
    for f in fronts:
        assert flat_dumps(f) in (None, dumps(f))


# -- a record's front matter written from the record (records._front_text) ---------------------
def _general_front(record) -> str:
    data = front_matter(record)
    return flat_dumps(data) or dumps(data)


_meta_values = st.one_of(flat, other, st.dictionaries(keys, st.one_of(flat, other), max_size=4))


@given(st.sampled_from([(n, i) for n in (2, 3, 4) for i in range(4)]),
       st.dictionaries(st.sampled_from(["event", "site", "date", "round", "table",
                                        "annotator", "meta", "notes", "names", "other"]),
                       _meta_values, max_size=7),
       st.sampled_from(["standard", "boards/my board.toml", 'a"b']),
       st.sampled_from([None, 0, 400]), st.booleans())
@settings(max_examples=300, deadline=None)
def test_a_front_matter_written_from_its_record_is_the_one_written_from_its_table(
        game, metadata, board, max_turns, unknown) -> None:
    """``_front_text`` (no table of the front matter made) writes what ``front_matter`` and
    ``flat_dumps``/``dumps`` write, for any metadata, board, turn limit and removed events,
    or leaves it to them (None)."""
    import dataclasses

    from keyharvest.formats.records import Record, _front_text

    setup = selfplay_game(game[0], 3, game[1]).setup
    setup = dataclasses.replace(setup, max_turns=max_turns,
                                removed=None if unknown else setup.removed)
    record = Record(setup, [], metadata, board)
    got = _front_text(record)
    assert got is None or got == _general_front(record)


def test_the_front_matter_of_self_play_and_scenario_records_is_written_from_the_record() -> None:
    from keyharvest.formats.records import _front_text

    records = []
    for path in sorted(SCENARIOS.rglob("*.kh")):
        try:
            records += load_records(path.read_text(), str(path))
        except KeyHarvestError:  # the scenarios of bad records
            continue
    games = [selfplay_game(n, 5, i) for n in (2, 3, 4) for i in range(3)]
    assert all(_front_text(r) is not None for r in games)
    assert len(records) > 50
    for r in records + games:
        assert _front_text(r) in (None, _general_front(r))
