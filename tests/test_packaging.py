"""Packaging: the wheel carries the grammar (mapped from top-level grammar/) and the standard
board, and an installed, non-editable copy finds both. The wheel (the compiled one) is conftest's
``wheel``, built once a run, and its install conftest's ``compiled``, both shared with
tests/test_compiled.py."""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Callable
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
def test_installed_wheel_loads_grammar_and_board(compiled: Path, tmp_path: Path) -> None:
    py = compiled  # a fresh venv with the wheel installed
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


#: The tests an unpacked sdist runs as its own (besides collecting every test without an
#: error): those that read the files around the package (the benchmarks, the CI scripts,
#: the README's examples, the scenarios' goldens), which an incomplete sdist broke.
SDIST_TESTS = ["tests/test_bench.py", "tests/test_ci_setup.py", "tests/test_fuzz.py",
               "tests/test_readme.py", "tests/test_playthrough.py", "tests/test_scenarios.py"]


@pytest.fixture(scope="session")
def sdist(once: Callable[[str, Callable[[Path], None]], Path]) -> Path:
    """The project's sdist (``python -m build --sdist``), unpacked: made once a run."""
    def build(out: Path) -> None:
        subprocess.run([sys.executable, "-m", "build", "--sdist", "-o", str(out), str(ROOT)],
                       check=True, capture_output=True)
        (archive,) = out.glob("keyharvest-*.tar.gz")
        with tarfile.open(archive) as tar:
            tar.extractall(out, filter="data")

    (top,) = (p for p in once("sdist", build).iterdir() if p.is_dir())
    return top


@pytest.mark.slow
def test_sdist_metadata_names_license_version_and_pythons(sdist: Path) -> None:
    import keyharvest

    meta = (sdist / "PKG-INFO").read_text()
    fields = [line.split(": ", 1) for line in meta.splitlines() if ": " in line]
    assert ["Version", keyharvest.__version__] in fields
    assert ["License-Expression", "MIT"] in fields
    assert ["License-File", "LICENSE"] in fields
    pythons = {v for k, v in fields if k == "Classifier" and v.startswith("Programming")}
    assert {"Programming Language :: Python :: 3.11", "Programming Language :: Python :: 3.12",
            "Programming Language :: Python :: 3.13"} <= pythons
    assert (sdist / "LICENSE").read_text() == (ROOT / "LICENSE").read_text()
    assert (sdist / "CHANGELOG.md").read_text() == (ROOT / "CHANGELOG.md").read_text()


@pytest.mark.slow
def test_the_sdist_carries_the_api_reference(sdist: Path) -> None:
    """hatch_docs.py's hook built the reference into the sdist (pdoc, warnings as errors)."""
    import keyharvest

    page = (sdist / "docs" / "reference" / "keyharvest.html").read_text()
    for name in keyharvest.__all__:
        assert f'<section id="{name}">' in page, name


@pytest.mark.slow
def test_unpacked_sdist_runs_its_own_tests(sdist: Path) -> None:
    """From the unpacked sdist (its own keyharvest first on sys.path: ``python -m pytest``
    puts the working folder there), every test collects and the tests that need the files
    around the package pass."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    probe = subprocess.run([sys.executable, "-c", "import keyharvest; print(keyharvest.__file__)"],
                           cwd=sdist, env=env, capture_output=True, text=True, check=True)
    assert Path(probe.stdout.strip()).is_relative_to(sdist)
    collect = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q",
                              "-p", "no:cacheprovider"], cwd=sdist, env=env,
                             capture_output=True, text=True, check=False)
    assert collect.returncode == 0, collect.stdout[-3000:] + collect.stderr[-3000:]
    run = subprocess.run([sys.executable, "-m", "pytest", "-m", "not slow", "-x", "-q",
                          "-p", "no:cacheprovider", *SDIST_TESTS], cwd=sdist, env=env,
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
