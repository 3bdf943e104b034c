"""Every public name of ``keyharvest`` has its real type for mypy and editors: the lazy
``__getattr__`` (which keeps ``import keyharvest`` cheap) is backed by ``TYPE_CHECKING``
imports of the same names from the same modules, and mypy --strict finds a mistake in a
user's program (a ``kh.*`` name typed ``Any`` would let it through)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import keyharvest as kh

INIT = Path(kh.__file__)


def typed_names() -> dict[str, str]:
    """The names the ``if TYPE_CHECKING:`` block of ``keyharvest/__init__.py`` imports,
    each with its module (relative to the package)."""
    tree = ast.parse(INIT.read_text(encoding="utf-8"))
    out: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for imp in node.body:
                assert isinstance(imp, ast.ImportFrom) and imp.level == 1
                for alias in imp.names:
                    out[alias.asname or alias.name] = imp.module or ""
    return out


def test_every_lazy_name_is_typed_from_its_own_module() -> None:
    lazy = dict(kh._EXPORTS)
    assert typed_names() == lazy
    assert set(kh.__all__) == set(lazy)


def test_import_keyharvest_loads_none_of_them() -> None:
    code = ("import sys, keyharvest; print(sorted(m for m in sys.modules "
            "if m.startswith('keyharvest.')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"


USER_PROGRAM = '''\
import random

import keyharvest as kh

game = kh.Game(kh.random_game(3, seed=7))
rng = random.Random(1)
while not game.is_terminal():
    game.apply_action(rng.choice(game.legal_actions()))
view: kh.Observation = game.observation(0)
print(kh.score(game.state).winner, game.returns(), view.describe())
other = kh.random_game("three", seed=8)   # the planted mistake: players is an int
'''


@pytest.mark.slow
def test_mypy_strict_finds_the_mistake_in_a_user_program(tmp_path: Path) -> None:
    """One mypy --strict run (no cache: nothing of an earlier run helps it) over a short
    program that uses the package: exactly one error, the planted one."""
    program = tmp_path / "user.py"
    program.write_text(USER_PROGRAM, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental",
         "--cache-dir", str(tmp_path / "cache"), program.name],
        cwd=tmp_path, capture_output=True, text=True, check=False)
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert len(errors) == 1, done.stdout + done.stderr
    assert errors[0].startswith("user.py:11:") and '"random_game"' in errors[0], errors
