"""The commands of ``keyharvest`` (issue #6): replay, score, diff, moves, fmt, new, render.

``validate`` and ``selfplay`` are in test_cli_batch.py; the contract shared by every command
(exit codes, bad input, internal errors, stdin, start-up) in test_cli_contract.py.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from cli_util import (
    FINAL_TABLE,
    FOUR,
    README_COMMANDS,
    ROOT,
    THREE,
    TWO,
    TWO_ILLEGAL,
    TWO_MOVE,
    edited,
    kh,
)

from keyharvest.formats.boardfile import standard_board
from keyharvest.formats.positions import dump_position, load_position
from keyharvest.formats.records import load_records, read_source, replay
from keyharvest.notation import parse_step
from keyharvest.rules import apply, representative_steps


def test_help_lists_every_command() -> None:
    r = kh("--help")
    assert r.code == 0
    for name in ("validate", "replay", "score", "diff", "moves", "fmt", "new", "selfplay",
                 "render"):
        assert re.search(rf"^\s+{name}\s", r.out, re.MULTILINE), name
    assert kh("--version").out.startswith("keyharvest ")


def test_board_draws_every_space_with_its_crop_and_pair() -> None:
    r = kh("board")
    assert r.code == 0 and r.out.startswith("standard: 56 spaces")
    lines = r.out.splitlines()
    assert lines[1].split()[:4] == ["A1", "O", "A2", "G1"]  # apples; vegetables, pair 1
    assert lines[2].startswith("    B2 R")  # the rows sit offset, as on the board
    board = standard_board()
    drawn = re.findall(r"\b([A-G]\d) ([YRGOB])(\d?)", "\n".join(lines[1:8]))
    assert [ref for ref, _, _ in drawn] == list(board.references)
    pairs = {ref: n for ref, _, n in drawn if n}
    assert sorted(pairs) == sorted(ref for p in board.starting_pairs for ref in p)
    assert "starting pairs: 1 A2-E6, 2 A8-G8, 3 B6-G1, 4 D9-F4" in r.out
    data = kh("board", "--format", "json")
    spaces = data.results()
    assert [x["space"] for x in spaces] == list(board.references)
    assert {x["space"]: x["crop"] for x in spaces} == dict(board.crops)
    assert data.summary()["spaces"] == 56 and data.summary()["starting_pairs"][0] == ["A2", "E6"]
    assert sum(data.summary()["crops"].values()) == 56


def test_board_of_a_board_file(tmp_path: Path) -> None:
    text = (ROOT / "keyharvest" / "data" / "board.toml").read_text()
    custom = tmp_path / "custom.toml"
    custom.write_text(text.replace('name = "standard"', 'name = "club"'))
    r = kh("board", custom)
    assert r.code == 0 and r.out.startswith("club: 56 spaces")
    assert kh("board", "-", input=text).out == kh("board").out
    missing = kh("board", tmp_path / "none.toml")
    assert missing.code == 2 and "does not exist" in missing.err
    broken = tmp_path / "broken.toml"
    broken.write_text('name = "x"\n')
    bad = kh("board", broken, "-f", "json")
    assert bad.code == 1 and bad.err == "" and bad.summary()["ok"] is False


BOARD_TEXT = (ROOT / "keyharvest" / "data" / "board.toml").read_text()
A1_ROW = 1 + BOARD_TEXT[:BOARD_TEXT.index("A1 = {")].count("\n")


@pytest.mark.parametrize(("change", "where", "message", "width"), [
    # a bad value: at the value, the key path in the message, the file named once
    (('crop = "apples", x = 0, y = 0', 'crop = "grapes", x = 0, y = 0'), f"{A1_ROW}:6",
     "spaces.A1: unknown crop 'grapes'", 33),  # the space's inline table
    # a bad key: at the key
    (("A1 = {", "a1 = {"), f"{A1_ROW}:1", "spaces.a1: bad reference 'a1'", 2),
    (('name = "standard"', 'name = "standard"\ncolour = "red"'), "14:1",
     "colour: unknown key 'colour'", 6),
    # bad TOML: at tomllib's line and column, not in the message's words
    (("A1 = { crop", "A1 = { crop crop"), f"{A1_ROW}:13", "bad TOML: expected '='", 1),
    # a space written twice: at the line that writes it again
    (('A2 = { crop = "vegetables"', 'A1 = { crop = "vegetables"'), f"{A1_ROW + 1}:1",
     "spaces.A1: duplicate reference 'A1'", 42),  # the whole line
])
def test_a_bad_board_file_is_shown_at_its_line(tmp_path: Path, change: tuple[str, str],
                                               where: str, message: str, width: int) -> None:
    bad = tmp_path / "club.toml"
    bad.write_text(BOARD_TEXT.replace(*change, 1))
    row, column = map(int, where.split(":"))
    shown = BOARD_TEXT.replace(*change, 1).split("\n")[row - 1]
    for r in (kh("board", bad), kh("validate", "--board", bad, TWO)):
        assert r.code == 1 and r.out == ""
        first, excerpt, marks = r.err.splitlines()[:3]
        assert first.startswith(f"{bad}:{where}: error[H]: {message}")
        assert first.count(str(bad)) == 1
        assert excerpt == f"{row:>5} | {shown}"
        assert marks.rstrip() == " " * 6 + "| " + " " * (column - 1) + "^" * width
    piped = kh("board", "-", input=BOARD_TEXT.replace(*change, 1))
    assert piped.code == 1 and piped.err.startswith(f"<stdin>:{where}: error[H]: {message}")
    assert piped.err.count("<stdin>") == 1


def test_a_board_file_nested_too_deeply_is_bad_input_not_a_crash(tmp_path: Path) -> None:
    deep = tmp_path / "deep.toml"
    deep.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n")  # tomllib recurses per level
    for r in (kh("board", deep), kh("validate", "--board", deep, TWO)):
        assert r.code == 1
        assert r.err.startswith(f"{deep}:1:5: error[H]: bad TOML: values nested too deeply")


def test_a_missing_board_file_is_named_once(tmp_path: Path) -> None:
    r = kh("validate", "--board", tmp_path / "none.toml", TWO)
    assert r.code == 1
    assert r.err.startswith(f"{tmp_path / 'none.toml'}: error[H]: cannot read board file: "
                            "no such file")


def test_the_readme_shows_every_command() -> None:
    assert {"validate", "replay", "score", "diff", "moves", "fmt", "new", "selfplay",
            "render"} <= README_COMMANDS


# -- replay --------------------------------------------------------------------------------------
def test_replay_to_a_step_in_every_format() -> None:
    record = load_records(read_source(TWO))[0]
    want = replay(record, upto=12).state
    text = kh("replay", TWO, "--to", 12)
    assert text.code == 0 and text.err == ""
    assert text.out.startswith(f"{TWO}, after step 12 (turn 3): in progress\n")
    assert "red: 2 tiles" in text.out and "legend:" in text.out
    toml = kh("replay", TWO, "--to", 12, "--format", "toml")
    assert toml.out == dump_position(want)
    # the position file reads back to the same table
    assert dump_position(load_position(toml.out).state) == toml.out
    data = kh("replay", TWO, "--to", 12, "-f", "json").result()
    assert data["type"] == "position" and data["step"] == 12 and data["turn"] == 3
    assert data["position"]["steps"] == 12 and data["diagnostics"] == []


def test_replay_to_a_turn_is_the_start_of_that_turn() -> None:
    record = load_records(read_source(TWO))[0]
    done = replay(record, each=True)
    data = kh("replay", TWO, "--to", "turn 4", "-f", "json").result()
    step = data["step"]
    # the step before it ended turn 3; the position waits for turn 4's player
    assert str(record.steps[step - 1]).endswith(": end")
    assert done.states[step].turn.number == 4 and done.states[step - 1].turn.number == 3
    assert data["position"]["pending"]["kind"] == "turn"
    assert data["position"]["turn"] == {"player": "red", "number": 4, "used": "", "count": 0}
    assert kh("replay", TWO, "--to", "turn 4 red", "-f", "json").result()["step"] == step
    assert kh("replay", TWO, "--to", "turn 1", "-f", "json").result()["step"] == 0
    wrong = kh("replay", TWO, "--to", "turn 4 green")
    assert wrong.code == 1 and "turn 4 is red's, not green's" in wrong.err
    beyond = kh("replay", TWO, "--to", "turn 999")
    assert beyond.code == 1 and "there is no turn 999" in beyond.err
    assert kh("replay", TWO, "--to", 999).code == 1


@pytest.mark.parametrize("point", ["banana", "turn", "turn 0", "turn 3 purple", "-1"])
def test_replay_refuses_a_bad_point_as_a_usage_error(point: str) -> None:
    r = kh("replay", TWO, "--to", point)
    assert r.code == 2 and "--to" in r.err and r.out == ""


def test_replay_each_gives_every_position_as_json_lines() -> None:
    r = kh("replay", TWO, "--to", 5, "--each")
    lines = r.results()
    assert {x["type"] for x in lines} == {"step"} and r.summary()["steps"] == 6
    assert [x["step"] for x in lines] == list(range(6))
    assert lines[0]["move"] is None and lines[1]["move"] == "green: offer B8 for hops wine"
    assert lines[5]["position"]["steps"] == 5
    text = kh("replay", TWO, "--to", 2, "--each", "-f", "text")
    assert text.out.count("== step ") == 3
    assert kh("replay", TWO, "--each", "-f", "toml").code == 2


def test_replay_chooses_a_game_of_a_file_of_several(tmp_path: Path) -> None:
    both = tmp_path / "both.kh"
    both.write_text(TWO.read_text() + "\n" + THREE.read_text())
    first = kh("replay", both)
    assert first.code == 0 and "holds more than one record" in first.err
    first = kh("replay", both, "-f", "json")  # the note goes into the summary
    assert first.err == "" and "holds more than one record" in str(first.summary())
    assert first.result()["position"]["players"] == ["red", "green"]
    second = kh("replay", both, "--game", 2, "-f", "json").result()
    assert second["game"] == 2 and len(second["position"]["players"]) == 3
    assert kh("replay", both, "--game", 3).code == 1


def test_replay_of_a_position_shows_it_and_has_no_steps() -> None:
    r = kh("replay", FINAL_TABLE)
    assert r.code == 0 and "(position, partial): finished" in r.out
    assert kh("replay", FINAL_TABLE, "--to", 3).code == 1


def test_replay_reports_the_illegal_step_before_the_point(tmp_path: Path) -> None:
    bad = tmp_path / "bad.kh"
    bad.write_text(edited(TWO, TWO_MOVE, TWO_ILLEGAL))
    r = kh("replay", bad)
    assert r.code == 1 and r.out == ""
    assert f"{bad}:25:9: error[C.4]" in r.err and "^^^" in r.err
    assert kh("replay", bad, "--to", 10).code == 0  # before the illegal step
    j = kh("replay", bad, "-f", "json")
    assert j.code == 1 and j.summary()["ok"] is False and j.err == ""
    assert j.summary()["diagnostics"][0]["rule"] == "C.4"


# -- score ---------------------------------------------------------------------------------------
def test_score_of_a_finished_record_is_an_aligned_table() -> None:
    r = kh("score", TWO)
    assert r.code == 0 and r.err == ""
    lines = r.out.splitlines()
    assert lines[0] == f"{TWO}, after step 435: finished"
    header = lines[1]
    assert header.split() == ["player", "rule", "item", "points", "detail"]
    rows = [line for line in lines[2:] if line.startswith(("red ", "green "))]
    # every row puts its points under the header's "points", right-aligned
    end = header.index("points") + len("points")
    for row in rows:
        assert row[:end].rstrip().split()[-1].isdigit(), row
        assert row[end - 1].isdigit(), row
    assert any("G.3" in row and "second group" in row and "A6 A7 A8 B7 C6" in row
               for row in rows)
    assert "red           total                    35" in r.out
    assert lines[-2] == "winner: red (decided by points)"
    # the footer says what the lines mean (G.1-G.4) and labels the tie-break counts
    assert lines[-1] == ("G.1 workers: their numbers; G.2 largest group x1, G.3 second group "
                         "x2 per tile; G.4 1 per crop held most; ties: field tiles, then crops")
    assert "red           total                    35  tie-breaks: " in r.out


def test_score_as_json_lines_per_game() -> None:
    (data,) = kh("score", TWO, "-f", "json").results()
    assert data["type"] == "score"
    assert data["winner"] == "red" and data["decided_by"] == "points" and data["finished"]
    red = next(p for p in data["players"] if p["player"] == "red")
    assert red["points"] == sum(line["points"] for line in red["lines"]) == 35
    assert {line["rule"] for line in red["lines"]} >= {"G.1", "G.2", "G.3", "G.4"}
    many = kh("score", TWO, THREE, FOUR, FINAL_TABLE, "-f", "json")
    assert [d["kind"] for d in many.results()] == ["record"] * 3 + ["position"]
    assert many.summary()["ok"] is True


def test_score_of_a_hand_written_final_table() -> None:
    r = kh("score", FINAL_TABLE)
    assert r.code == 0 and "(position, partial): finished" in r.out
    assert "winner: red" in r.out


def test_score_notes_a_game_that_is_not_finished() -> None:
    r = kh("score", TWO, "--to", "turn 20")
    assert r.code == 0  # the standings are a valid answer (README: exit codes)
    assert "note: the game is not finished" in r.err
    lines = r.out.splitlines()
    assert "in progress" in lines[0]
    assert lines[1] == "not finished: the standings so far, no winner (I.55)"
    assert lines[2].split() == ["player", "rule", "item", "points", "detail"]
    assert "red           total                    12" in r.out
    assert lines[-2] == "leading: red (12 points)" and lines[-1].startswith("G.1 workers")
    assert "winner:" not in r.out and "decided by" not in r.out and "draw" not in r.out
    data = kh("score", TWO, "--to", 40, "-f", "json").result()
    assert data["finished"] is False and data["notes"]
    # I.55: no winner, no tie-break; who leads on points (here a 6-6 tie)
    assert data["winner"] is None and data["winners"] == [] and data["decided_by"] is None
    assert data["leading"] == ["red", "green"]


def test_score_of_a_finished_game_names_the_winner_and_who_led() -> None:
    data = kh("score", FINAL_TABLE, "-f", "json").result()
    assert data["finished"] is True and data["winner"] == "red"
    assert data["leading"] == ["red"] and data["decided_by"] == "points"


def test_score_goes_on_after_a_bad_record_and_exits_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.kh"
    bad.write_text(edited(TWO, TWO_MOVE, TWO_ILLEGAL) + "\n" + THREE.read_text())
    r = kh("score", bad, FOUR)
    assert r.code == 1
    assert "error[C.4]" in r.err
    assert r.out.count("winner:") == 2  # the second game of the file and FOUR


def test_score_refuses_a_broken_position(tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text(FINAL_TABLE.read_text().replace('tiles = "A2', 'tiles = "A6 A2'))
    r = kh("score", broken)
    assert r.code == 1 and r.out == "" and "error[J]" in r.err


# -- diff ----------------------------------------------------------------------------------------
def test_diff_of_the_same_game_exits_0(tmp_path: Path) -> None:
    other = tmp_path / "other.kh"
    other.write_text(edited(TWO, 'event = "keyharvest examples"', 'event = "Club night"'))
    r = kh("diff", TWO, other)
    assert r.code == 0 and "the same game" in r.out
    assert "event: " in r.out  # the metadata differs, the game does not
    assert kh("diff", TWO, TWO, "-f", "json").result()["same"] is True


def test_diff_shows_where_records_part_and_how_the_positions_differ(tmp_path: Path) -> None:
    other = tmp_path / "other.kh"
    other.write_text(edited(TWO, TWO_MOVE, "4. red: harvest F4; play A at E4; pass"))
    r = kh("diff", TWO, other)
    assert r.code == 1
    assert "the records part at step 18 (turn 4):" in r.out
    assert f"A {TWO}:25: {TWO_MOVE}" in r.out
    assert f"B {other}:25: 4. red: harvest F4; play A at E4; pass" in r.out
    assert "step 18: red: play A at E4" in r.out and "step 18: red: harvest F4" in r.out
    assert "red.harvested: only in B: F4" in r.out
    data = kh("diff", TWO, other, "--format", "json").result()
    assert data["same"] is False and data["split"]["step"] == 18
    assert data["split"]["a"] == {"source": str(TWO), "line": 25, "text": TWO_MOVE,
                                  "move": "red: play A at E4"}
    assert {"path": "red.workers.E4", "a": "A", "b": None} in data["at_split"]
    assert data["at_end"] == []  # the same moves in another order: the same end


def test_diff_of_a_record_and_its_beginning(tmp_path: Path) -> None:
    text = TWO.read_text()
    short = tmp_path / "short.kh"
    short.write_text(text[:text.index("\n5. green")] + "\n")
    r = kh("diff", short, TWO)
    assert r.code == 1
    # turn 4 ends with the header of turn 5 (an implied "end"): the short record lacks it
    assert "no step 21: the record ends after step 20" in r.out
    assert "result: A (none), B finished" in r.out


def test_diff_of_two_positions(tmp_path: Path) -> None:
    final = tmp_path / "final.toml"
    final.write_text(FINAL_TABLE.read_text().replace('crops = "hops hops apples wheat"',
                                                     'crops = "hops apples wheat"'))
    r = kh("diff", FINAL_TABLE, final)
    assert r.code == 1 and "red.crops: only in A: hops" in r.out
    assert kh("diff", FINAL_TABLE, FINAL_TABLE).code == 0


def test_diff_trouble_exits_2(tmp_path: Path) -> None:
    broken = tmp_path / "broken.kh"
    broken.write_text("+++\nplayers = [\n+++\n")
    missing = kh("diff", TWO, tmp_path / "missing.kh")
    assert missing.code == 2 and "does not exist" in missing.err and missing.out == ""
    syntax = kh("diff", broken, TWO, "-f", "json")
    assert syntax.code == 2 and syntax.summary()["ok"] is False
    assert kh("diff", "-", "-").code == 2


def test_diff_warns_about_an_illegal_step_and_still_compares(tmp_path: Path) -> None:
    bad = tmp_path / "bad.kh"
    bad.write_text(edited(TWO, TWO_MOVE, TWO_ILLEGAL))
    r = kh("diff", TWO, bad)
    assert r.code == 1 and "warning[C.4]" in r.err
    assert "the records part at step 18" in r.out


# -- moves ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("point", ["0", "1", "17", "turn 10", "turn 30 red"])
def test_every_move_listed_parses_and_applies(point: str) -> None:
    r = kh("moves", TWO, "--to", point)
    assert r.code == 0 and r.out
    data = kh("replay", TWO, "--to", point, "-f", "toml").out
    state = load_position(data).state
    listed = r.out.splitlines()
    assert listed == [str(s) for s in representative_steps(state)]
    for line in listed:
        apply(state, parse_step(line))  # raises if it does not apply


def test_moves_as_json_and_at_the_end_of_a_game() -> None:
    j = kh("moves", TWO, "--to", 1, "-f", "json")
    data = j.summary()
    assert data["pending"]["kind"] == "chance" and data["moves"] == len(j.results())
    assert all(m["type"] == "move" and m["move"].startswith("draw ") for m in j.results())
    over = kh("moves", TWO)
    assert over.code == 0 and over.out == "" and "the game is over (finished)" in over.err
    assert kh("moves", FINAL_TABLE).code == 0


# -- fmt -----------------------------------------------------------------------------------------
def _messy(path: Path) -> str:
    """The text of ``path`` written carelessly: no turn numbers, odd case and spacing."""
    text = path.read_text()
    return re.sub(r"^\d+\. ", "", text, flags=re.MULTILINE).replace("; draw", ";   DRAW")


def test_fmt_writes_canonical_text_to_stdout(tmp_path: Path) -> None:
    messy = tmp_path / "messy.kh"
    messy.write_text(_messy(TWO))
    r = kh("fmt", messy)
    assert r.code == 0 and r.out == TWO.read_text()
    assert kh("fmt", "-", input=_messy(TWO)).out == TWO.read_text()
    assert kh("fmt", TWO, THREE).out == TWO.read_text() + "\n" + THREE.read_text()
    (data,) = kh("fmt", messy, "-f", "json").results()
    assert data["canonical"] is False and data["text"] == TWO.read_text()


def test_fmt_check_lists_files_that_are_not_canonical(tmp_path: Path) -> None:
    messy = tmp_path / "messy.kh"
    messy.write_text(_messy(TWO))
    crlf = tmp_path / "crlf.kh"
    crlf.write_bytes(TWO.read_bytes().replace(b"\n", b"\r\n"))
    before = messy.read_bytes()
    assert kh("fmt", "--check", TWO, THREE).code == 0
    r = kh("fmt", "--check", TWO, messy, crlf)
    assert r.code == 1 and r.out.splitlines() == [str(messy), str(crlf)]
    assert messy.read_bytes() == before


def test_fmt_write_replaces_files_atomically(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    messy = tmp_path / "messy.kh"
    messy.write_text(_messy(TWO))
    os.chmod(messy, 0o640)
    good = tmp_path / "good.kh"
    good.write_text(THREE.read_text())
    good_stat = good.stat()
    replaced: list[tuple[str, str]] = []
    real_replace = os.replace

    def spy(src: str, dst: str) -> None:
        assert Path(src).parent == Path(dst).parent  # a temporary file in the same folder
        assert Path(src).read_text() == TWO.read_text()  # complete before the rename
        replaced.append((str(src), str(dst)))
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    r = kh("fmt", "--write", tmp_path)
    assert r.code == 0 and r.out.splitlines() == [str(messy)]
    assert replaced and replaced[0][1] == str(messy)
    assert messy.read_text() == TWO.read_text()
    assert messy.stat().st_mode & 0o777 == 0o640
    assert good.stat().st_mtime_ns == good_stat.st_mtime_ns  # canonical: not rewritten
    assert sorted(p.name for p in tmp_path.iterdir()) == ["good.kh", "messy.kh"]


def test_fmt_write_never_touches_a_file_that_does_not_read(tmp_path: Path) -> None:
    bad = tmp_path / "bad.kh"
    bad.write_bytes(_messy(TWO).replace("buy", "buuy", 1).encode())
    before = bad.read_bytes(), bad.stat().st_mtime_ns
    messy = tmp_path / "messy.kh"
    messy.write_text(_messy(THREE))
    r = kh("fmt", "--write", bad, messy)
    assert r.code == 1 and f"{bad}:" in r.err
    assert (bad.read_bytes(), bad.stat().st_mtime_ns) == before
    assert messy.read_text() == THREE.read_text()  # the other file is still formatted


def test_fmt_usage_errors_and_positions() -> None:
    assert kh("fmt", "--check", "--write", TWO).code == 2
    assert kh("fmt", "--write", "-", input="").code == 2
    r = kh("fmt", FINAL_TABLE)
    assert r.code == 1 and "not a record" in r.err


# -- new -----------------------------------------------------------------------------------------
def test_new_deals_a_seeded_setup_ready_to_fill_in(tmp_path: Path) -> None:
    r = kh("new", "--players", "red,green,yellow", "--seed", 7, "--event", "Club night",
           "--date", "2024-05-01")
    assert r.code == 0
    assert r.out == kh("new", "--players", "red, green, yellow", "--seed", 7, "--event",
                       "Club night", "--date", "2024-05-01").out  # reproducible
    assert 'event = "Club night"\ndate = 2024-05-01\n' in r.out
    assert "[meta]\nseed = 7\n" in r.out
    assert "# A dealt setup (keyharvest new, seed 7)" in r.out
    (record,) = load_records(r.out)
    assert record.players == ("red", "green", "yellow") and record.steps == []
    assert len(record.setup.removed) == 2
    path = tmp_path / "new.kh"
    path.write_text(r.out)
    v = kh("validate", path, "-f", "json").results()
    assert v[0]["ok"] and v[0]["status"] == "in progress"
    assert kh("fmt", "--check", path).code == 0  # already canonical


def test_new_without_a_seed_writes_the_seed_it_used() -> None:
    r = kh("new", "--players", "2")
    seed = int(re.search(r"^seed = (\d+)$", r.out, re.MULTILINE).group(1))
    again = kh("new", "--players", "brown,green", "--seed", seed)  # the first 2 colours
    assert r.out.split("players")[1] == again.out.split("players")[1]


def test_new_start_and_json() -> None:
    data = kh("new", "-p", "brown,red", "-s", 1, "--start", "red", "-f", "json").result()
    assert data["start"] == "red" and data["seed"] == 1
    assert 'start = "red"' in data["record"]


@pytest.mark.parametrize("args", [["--players", "red,purple"], ["--players", "red"],
                                  ["--players", "red,red"], ["--players", "5"],
                                  ["-p", "red,green", "--start", "yellow"],
                                  ["-p", "red,green", "--date", "2024-13-01"], []])
def test_new_refuses_bad_arguments_as_usage_errors(args: list[str]) -> None:
    r = kh("new", *args)
    assert r.code == 2 and r.out == ""


# -- render --------------------------------------------------------------------------------------
def test_render_svg_and_html(tmp_path: Path) -> None:
    svg = tmp_path / "pos.svg"
    r = kh("render", TWO, "--to", "turn 10", "-o", svg)
    assert r.code == 0 and r.out.strip() == str(svg)
    assert svg.read_text().startswith("<svg") or "<svg" in svg.read_text()[:500]
    html = tmp_path / "game.html"
    data = kh("render", TWO, "--to", 30, "-o", html, "-f", "json").result()
    assert data["frames"] == 31 and data["output"] == str(html)
    assert "<html" in html.read_text()[:500].lower()
    one = tmp_path / "red.svg"
    assert kh("render", FINAL_TABLE, "--player", "red", "-o", one).code == 0


def test_render_errors(tmp_path: Path) -> None:
    assert kh("render", TWO, "-o", tmp_path / "x.png").code == 2
    assert kh("render", TWO).code == 2  # -o is required
    unknown = kh("render", TWO, "--player", "brown", "-o", tmp_path / "x.svg")
    assert unknown.code == 1 and "brown" in unknown.err
    nowhere = kh("render", TWO, "-o", tmp_path / "no" / "such" / "x.svg")
    assert nowhere.code == 1 and "cannot write" in nowhere.err
