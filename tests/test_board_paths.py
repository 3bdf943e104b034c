"""Board files by consent (issue 13): a record or a position may name a board file only by
a relative path that stays, symbolic links followed, inside its own folder; anything else
is refused with an error that quotes only the record's text, and nothing a named board
file holds ever appears in an error (text or JSON). ``--board FILE`` overrides,
``--trust-board-paths`` opts in."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from cli_util import FINAL_TABLE, TWO, kh

from keyharvest.errors import NotationError
from keyharvest.formats.boardfile import BoardAccess, BoardRefused, consented_path
from keyharvest.formats.records import load_record, read_source

STANDARD = Path(__file__).resolve().parent.parent / "keyharvest" / "data" / "board.toml"
#: What a secret file holds: none of it may ever reach the output.
SECRET = 'API_TOKEN = "SECRET-VALUE-42"\n[spaces]\nA1 = "SECRET-CROP-7"\n'
LEAKS = ("API_TOKEN", "SECRET-VALUE-42", "SECRET-CROP-7", "spaces", "0x")


def _with_board(text: str, spec: str) -> str:
    lines = text.split("\n")
    i = next(n for n, line in enumerate(lines) if line.startswith("board = "))
    lines[i] = f"board = {json.dumps(spec)}"
    return "\n".join(lines)


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """tmp/records/ (where records are) and tmp/private/secret.toml (outside it)."""
    (tmp_path / "records").mkdir()
    (tmp_path / "private").mkdir()
    (tmp_path / "private" / "secret.toml").write_text(SECRET)
    return tmp_path


def _record(tree: Path, spec: str, name: str = "game.kh") -> Path:
    path = tree / "records" / name
    path.write_text(_with_board(TWO.read_text(), spec))
    return path


def _assert_no_leak(*outputs: str) -> None:
    for out in outputs:
        for word in LEAKS:
            assert word not in out, (word, out)


@pytest.mark.parametrize("spec, why", [
    ("ABSOLUTE", "is an absolute path"),
    ("../private/secret.toml", "leaves the record's folder"),
    ("../../../../../../../../etc/passwd", "leaves the record's folder"),
    ("sub/../../private/secret.toml", "leaves the record's folder"),
    ("link.toml", "leads out of the record's folder through a symbolic link"),
    ("linkdir/secret.toml", "leads out of the record's folder through a symbolic link"),
])
def test_a_board_path_out_of_the_folder_is_refused_positioned(tree: Path, spec: str,
                                                              why: str) -> None:
    os.symlink(tree / "private" / "secret.toml", tree / "records" / "link.toml")
    os.symlink(tree / "private", tree / "records" / "linkdir")
    if spec == "ABSOLUTE":
        spec = str(tree / "private" / "secret.toml")
    path = _record(tree, spec)
    for output in ("text", "json"):
        r = kh("validate", path, "--format", output)
        assert r.code == 1, r
        _assert_no_leak(r.out, r.err)
        if output == "text":
            assert f"{path}:7:9: error: board: cannot load the board: " in r.err
            assert why in r.err and repr(spec) in r.err
            assert f'7 | board = {json.dumps(spec)}' in r.err  # the record's own line
            assert "--trust-board-paths" in r.err
        else:
            d = r.jsonl()[0]["diagnostics"][0]
            assert (d["line"], d["column"], d["path"]) == (7, 9, "board")
            assert why in d["message"]


def test_the_refusal_does_not_say_whether_the_file_outside_exists(tree: Path) -> None:
    there = kh("validate", _record(tree, "../private/secret.toml")).err
    absent = kh("validate", _record(tree, "../private/absent.toml")).err
    assert there.replace("secret", "absent") == absent


def test_a_record_read_from_stdin_may_not_name_a_board_file(tree: Path) -> None:
    (tree / "records" / "mine.toml").write_text(STANDARD.read_text())
    text = _with_board(TWO.read_text(), "mine.toml")
    r = kh("validate", "-", input=text)
    assert r.code == 1
    assert "<stdin>:7:9: error: board: cannot load the board: 'mine.toml': a record read " \
           "from standard input has no folder" in r.err
    assert kh("validate", "-", "--board", tree / "records" / "mine.toml", input=text).code == 0


def test_a_board_file_inside_the_folder_is_read(tree: Path) -> None:
    (tree / "records" / "boards").mkdir()
    (tree / "records" / "boards" / "mine.toml").write_text(STANDARD.read_text())
    assert kh("validate", _record(tree, "boards/mine.toml")).code == 0
    assert kh("validate", _record(tree, "./boards/../boards/mine.toml")).code == 0
    # a link that stays inside the folder is followed
    os.symlink("boards/mine.toml", tree / "records" / "inner.toml")
    assert kh("validate", _record(tree, "inner.toml")).code == 0


def test_a_bad_board_file_a_record_names_is_never_quoted(tree: Path) -> None:
    (tree / "records" / "bad.toml").write_text(SECRET)
    (tree / "records" / "binary.toml").write_bytes(b"x = 1\n\xff\xfe SECRET-VALUE-42")
    (tree / "records" / "huge.toml").write_bytes(b"# SECRET-VALUE-42\n" * 100_000)
    (tree / "records" / "dupe.toml").write_text('[spaces]\nA1 = "SECRET-CROP-7"\n'
                                                'A1 = "SECRET-CROP-7"\n')
    for name in ("bad.toml", "binary.toml", "huge.toml", "dupe.toml"):
        path = _record(tree, name)
        for command in ("validate", "score", "replay", "moves", "fmt"):
            for output in ("text", "json"):
                r = kh(command, path, "--format", output)
                assert r.code == 1, (name, command, r)
                _assert_no_leak(r.out, r.err)
                assert f"'{name}': not a valid board file (RULES.md H)" in r.out + r.err
    # the user who names it on the command line hears what is wrong with it
    r = kh("validate", path, "--board", tree / "records" / "bad.toml")
    assert r.code == 1 and "unknown key 'API_TOKEN'" in r.err


def test_board_overrides_the_board_a_record_names(tree: Path) -> None:
    (tree / "mine.toml").write_text(STANDARD.read_text())
    path = _record(tree, "/etc/passwd")
    for command in ("validate", "score", "replay", "moves"):
        assert kh(command, path).code == 1, command
        assert kh(command, path, "--board", tree / "mine.toml").code == 0, command
    assert kh("fmt", path, "--board", tree / "mine.toml").out.count('board = "/etc/passwd"') == 1
    assert kh("render", path, "--board", tree / "mine.toml", "-o", tree / "a.svg").code == 0
    assert kh("diff", path, path, "--board", tree / "mine.toml").code == 0


def test_trust_board_paths_opens_what_the_record_names(tree: Path) -> None:
    (tree / "private" / "board.toml").write_text(STANDARD.read_text())
    path = _record(tree, "../private/board.toml")
    assert kh("validate", path).code == 1
    assert kh("validate", path, "--trust-board-paths").code == 0
    path = _record(tree, str(tree / "private" / "board.toml"))
    assert kh("validate", path, "--trust-board-paths", "--jobs", "2").code == 0


def test_positions_follow_the_same_rule(tree: Path) -> None:
    text = FINAL_TABLE.read_text()
    assert "board" not in text.split("[", 1)[0]
    path = tree / "records" / "final.toml"
    path.write_text('board = "../private/secret.toml"\n' + text)
    for command in ("validate", "score"):
        r = kh(command, path)
        assert r.code == 1 and "leaves the record's folder" in r.err, r
        _assert_no_leak(r.out, r.err)
    assert kh("score", path, "--board", STANDARD).code == 0


def test_the_library_refuses_by_default_too(tree: Path) -> None:
    path = _record(tree, "../private/secret.toml")
    with pytest.raises(NotationError, match="leaves the record's folder"):
        load_record(read_source(path), str(path))
    with pytest.raises(BoardRefused):
        consented_path("/etc/passwd", str(path))
    with pytest.raises(BoardRefused):
        consented_path("x\x00.toml", str(path))
    assert consented_path("/etc/passwd", str(path), trust=True) == Path("/etc/passwd")
    (tree / "private" / "board.toml").write_text(STANDARD.read_text())
    record = load_record(read_source(path).replace("secret", "board"), str(path),
                         access=BoardAccess(trust_paths=True))
    assert record.load_board().name == "standard"
