"""Every command's ``--format json`` output, as the commands really print it, holds to the
JSON Schemas shipped in the package (``keyharvest/schemas/``, one file per command, one
definition per line type; docs/json.md is the vocabulary they share).

The schemas allow no key they do not name, so a key renamed in the code and not in its
schema (or the other way round) fails here."""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
import referencing  # jsonschema's own dependency, whose Registry its validators take
from cli_util import FINAL_TABLE, GAMES, ROOT, THREE, TWO, kh
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

SCHEMAS = files("keyharvest") / "schemas"
BAD = ROOT / "scenarios" / "rules" / "C.1-no-c-after-d.kh"


def _schema(name: str) -> dict[str, Any]:
    return json.loads(SCHEMAS.joinpath(f"{name}.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def registry() -> Any:
    """The shipped schemas, each under its file name (their ``$ref`` to ``common.json``
    is relative, as a validator reading the files from disk resolves it)."""
    Resource = referencing.Resource
    return referencing.Registry().with_resources(
        (p.name, Resource.from_contents(json.loads(p.read_text(encoding="utf-8"))))
        for p in SCHEMAS.iterdir() if p.name.endswith(".json"))


def _short_record(tmp: Path) -> Path:
    """The two-player example cut after its third turn: a game in progress, a few
    decisions for ``analyse``."""
    text = TWO.read_text(encoding="utf-8")
    head, sep, moves = text.rpartition("+++\n")
    path = tmp / "short.kh"
    path.write_text(head + sep + "".join(moves.splitlines(keepends=True)[:4]), encoding="utf-8")
    return path


def _runs(tmp: Path) -> list[tuple[str, ...]]:
    short = _short_record(tmp)
    copy = tmp / "copy.kh"
    copy.write_text(TWO.read_text(encoding="utf-8"), encoding="utf-8")
    # a folder holding only a link out of it: the link is skipped, the folder has nothing
    # to read (the lines "skipped" and "file")
    links = tmp / "links"
    links.mkdir()
    (links / "out.kh").symlink_to(TWO)
    return [
        ("validate", str(links)),
        ("fmt", str(links)),
        ("validate", str(GAMES), str(FINAL_TABLE), str(BAD)),
        ("filter", "players = 2", str(GAMES)),
        ("standings", str(GAMES)),
        ("stats", str(GAMES)),
        ("replay", str(TWO), "--to", "3"),
        ("replay", str(TWO), "--to", "2", "--each"),
        ("replay", str(TWO), "--to", "3", "--view", "red"),
        ("replay", str(TWO), "--to", "1", "--view", "red", "--each"),
        ("score", str(TWO), str(FINAL_TABLE), str(BAD)),
        ("diff", str(TWO), str(THREE)),
        ("diff", str(FINAL_TABLE), str(FINAL_TABLE)),
        ("moves", str(TWO), "--to", "5"),
        ("moves", str(FINAL_TABLE)),
        ("hint", str(TWO), "--to", "5", "--budget", "4"),
        ("hint", str(BAD)),  # bad input: the summary alone, with the diagnostic
        ("analyse", str(short), "--budget", "2"),
        ("fmt", str(copy)),
        ("fmt", "--check", str(copy)),
        ("new", "-p", "2", "-s", "1"),
        ("selfplay", "-n", "1", "-s", "1", "--bot", "random"),
        ("selfplay", "-n", "1", "-s", "1", "--bot", "random", "--out", str(tmp / "sp")),
        ("arena", "random", "random", "-n", "1", "-s", "1", "--out", str(tmp / "ar")),
        ("render", str(TWO), "-o", str(tmp / "final.svg")),
        ("board",),
        ("rules",),
        ("rules", "C.4"),
    ]


def test_every_command_s_json_holds_to_its_shipped_schema(tmp_path: Path, registry: Any
                                                          ) -> None:
    commands = {p.name.removesuffix(".json") for p in SCHEMAS.iterdir()} - {"common"}
    runs = _runs(tmp_path)
    assert {args[0] for args in runs} == commands  # a schema for each command, each run
    made: set[tuple[str, str]] = set()
    for args in runs:
        schema = _schema(args[0])
        Draft202012Validator.check_schema(schema)
        validator = Draft202012Validator(schema, registry=registry)
        run = kh(*args, "--format", "json")
        assert run.code in (0, 1), run
        for line in run.objects():
            error = best_match(validator.iter_errors(line))
            assert error is None, (args, line, error.message if error else None)
            made.add((args[0], line["type"]))
    assert made == {(c, t) for c in commands for t in _schema(c)["$defs"]}  # every type


def test_a_key_the_schema_does_not_name_fails_it(registry: Any) -> None:
    """The schemas are closed: an old key (arena's ``colour``, now ``player``), or a key
    left out, is an error, so the test above holds the code and the schemas together."""
    validator = Draft202012Validator(_schema("arena"), registry=registry)
    seat = {"bot": "random", "player": "red", "win": 1.0, "points": 30}
    game = {"type": "game", "ok": True, "game": 1, "status": "finished", "seats": [seat]}
    assert validator.is_valid(game)
    old = {**seat, "colour": seat["player"]}
    del old["player"]
    assert not validator.is_valid({**game, "seats": [old]})
    assert not validator.is_valid({k: v for k, v in game.items() if k != "ok"})
    assert not validator.is_valid({**game, "result": "finished"})


def test_the_example_of_docs_json_runs() -> None:
    """docs/json.md's example validates a line with the shipped schemas, as written."""
    import re

    text = (ROOT / "docs" / "json.md").read_text(encoding="utf-8")
    (block,) = re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)
    exec(compile(block, "docs/json.md", "exec"), {})
