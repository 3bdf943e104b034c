"""Messages about hostile input (issue 13): look-alike letters are shown escaped with a
note, "nested too deeply" points at the value, and a worker process that dies is said to
be one, without blaming the input."""

from __future__ import annotations

from pathlib import Path

from cli_util import FINAL_TABLE, TWO, kh

from keyharvest.errors import lookalike_note, quoted

CYRILLIC_O = "\u043e"


def test_quoted_escapes_what_is_not_plain_ascii_and_cuts_what_is_long() -> None:
    assert quoted("hopz") == "'hopz'"
    assert quoted(f"br{CYRILLIC_O}wn") == "'br\\u043ewn'"
    assert quoted("caf\u00e9") == "'caf\\xe9'"
    long = quoted("x" * 10_000)
    assert len(long) < 80 and "…" in long
    assert quoted(7) == "7"
    assert lookalike_note("brown") is None
    assert "U+043E CYRILLIC SMALL LETTER O" in lookalike_note(f"br{CYRILLIC_O}wn")


def test_a_look_alike_player_in_the_front_matter(tmp_path: Path) -> None:
    path = tmp_path / "look.kh"
    path.write_text(TWO.read_text().replace('"red"', f'"r{CYRILLIC_O}d"'.replace(
        CYRILLIC_O, "e\u0301"), 1).replace('players = ["', f'players = ["br{CYRILLIC_O}wn", "', 1))
    r = kh("validate", path)
    assert r.code == 1
    assert "unknown player 'br\\u043ewn'" in r.err
    assert "= note: 'br\\u043ewn' holds characters outside ASCII (U+043E CYRILLIC SMALL " \
           "LETTER O)" in r.err
    assert "= help: did you mean 'brown'?" in r.err
    assert f"br{CYRILLIC_O}wn'" not in r.err.split("\n")[0]  # the headline is escaped
    d = kh("validate", path, "--format", "json").jsonl()[0]["diagnostics"][0]
    assert "'br\\u043ewn'" in d["message"] and "U+043E" in d["notes"][0]


def test_a_look_alike_in_the_movetext(tmp_path: Path) -> None:
    text = TWO.read_text()
    head, sep, moves = text.rpartition("+++\n")
    kelvin = "\u212a"  # KELVIN SIGN: Lark's case-blind WORD reads it as a letter
    path = tmp_path / "look.kh"
    path.write_text(head + sep + moves.replace("green:", f"blac{kelvin}:", 1))
    r = kh("validate", path)
    assert r.code == 1
    assert "'blac\\u212a'" in r.err and "U+212A KELVIN SIGN" in r.err, r.err


def test_a_look_alike_in_a_position(tmp_path: Path) -> None:
    path = tmp_path / "look.toml"
    path.write_text(FINAL_TABLE.read_text().replace("[red]", f'["r{CYRILLIC_O}d"]'.replace(
        CYRILLIC_O, "\u0435"), 1))
    r = kh("validate", path)
    assert r.code == 1
    assert "'r\\u0435d'" in r.err and "U+0435 CYRILLIC SMALL LETTER IE" in r.err, r.err


def test_nested_too_deeply_points_at_the_value(tmp_path: Path) -> None:
    text = TWO.read_text()
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("start = "))
    lines.insert(at + 1, "meta = " + "[" * 3000 + "]" * 3000)
    path = tmp_path / "deep.kh"
    path.write_text("\n".join(lines))
    d = kh("validate", path, "--format", "json").jsonl()[0]["diagnostics"][0]
    assert "values nested too deeply" in d["message"]
    assert (d["line"], d["column"]) == (at + 2, 8)  # the '[' after 'meta = '
    position = tmp_path / "deep.toml"
    position.write_text('result = "finished"\n# a comment [[[\nx = "[[[["\n'
                        "y = " + "{a=" * 3000 + "1" + "}" * 3000 + "\n")
    d = kh("validate", position, "--format", "json").jsonl()[0]["diagnostics"][0]
    assert "values nested too deeply" in d["message"]
    assert (d["line"], d["column"]) == (4, 5)


def _killed_at_the_second(batch_of_units: list) -> list:
    import os
    import signal

    from keyharvest.play import batch as batches

    if any(u.index == 2 for u in batch_of_units):
        os.kill(os.getpid(), signal.SIGKILL)
    return [batches.check_unit(u) for u in batch_of_units]


def test_a_dead_worker_is_said_to_be_one_not_the_inputs_fault(tmp_path: Path,
                                                               monkeypatch) -> None:
    from keyharvest.play import batch as batches

    many = tmp_path / "many.kh"
    many.write_text("\n".join([TWO.read_text()] * 4))
    monkeypatch.setattr(batches, "BATCH_UNITS", 1)
    monkeypatch.setattr(batches, "_check_batch", _killed_at_the_second)
    for output in ("text", "json"):
        r = kh("validate", many, "--jobs", 2, "--format", output)
        assert r.code == 3
        assert "ended by signal 9 (SIGKILL) before its work was done" in r.err, r.err
        assert "with the input that caused it" not in r.err + r.out
        assert "not a problem of the input" in r.err
        if output == "json":
            assert r.summary()["diagnostics"][0]["kind"] == "internal"
