"""Packaging: the wheel carries the grammar (mapped from top-level grammar/) and the standard
board, and an installed, non-editable copy finds both. The wheel (the compiled one) is conftest's
``wheel``, built once a run and shared with tests/test_compiled.py."""

from __future__ import annotations

import os
import subprocess
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_wheel_contains_grammar_board_and_typing_marker(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert "keyharvest/grammar/keyharvest.lark" in names
    assert "keyharvest/data/board.toml" in names
    assert "keyharvest/data/RULES.md" in names  # the rules errors cite (keyharvest rules)
    assert "keyharvest/py.typed" in names
    grammar = zipfile.ZipFile(wheel).read("keyharvest/grammar/keyharvest.lark").decode()
    assert grammar == (ROOT / "grammar" / "keyharvest.lark").read_text()


@pytest.mark.slow
def test_installed_wheel_loads_grammar_and_board(wheel: Path, tmp_path: Path) -> None:
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    py = env_dir / "bin" / "python"
    subprocess.run([str(py), "-m", "pip", "install", "-q", str(wheel)], check=True)
    probe = (
        "import keyharvest, lark, importlib.resources as r\n"
        "path = r.files('keyharvest').joinpath('grammar', 'keyharvest.lark')\n"
        "assert path.is_file(), path\n"
        "assert 'site-packages' in keyharvest.__file__, keyharvest.__file__\n"
        "lark.Lark(path.read_text(), parser='lalr')\n"
        "from keyharvest.notation import grammar, parse_step\n"
        "assert grammar.grammar_path() is None  # no source checkout to fall back on\n"
        "assert grammar.grammar_text() == path.read_text()\n"
        "assert str(parse_step('red: harvest B6,B7')) == 'red: harvest B6 B7'\n"
        "assert grammar.lean_from_tables() is not None  # the lean tables ship in the wheel\n"
        "from keyharvest.formats.rulebook import section\n"
        "assert section('C.4').title.startswith('Action c'), section('C.4')\n"
        "b = keyharvest.standard_board()\n"
        "print(len(b.references))\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
    env["KEYHARVEST_NO_TABLES"] = "1"  # build the parser from the packaged grammar itself
    done = subprocess.run([str(py), "-c", probe], cwd=tmp_path, env=env, capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[0] == "56"
