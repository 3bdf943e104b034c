"""The API reference (hatch_docs.py: pdoc over ``keyharvest``'s public names) builds
without a warning, and names every public name, each with its docstring."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import pytest
from scripts import load_script

ROOT = Path(__file__).resolve().parent.parent


def _hatch_docs() -> ModuleType:
    return load_script(ROOT / "hatch_docs.py", "hatch_docs")


def test_the_reference_builds_without_warnings_and_names_every_public_name(
        tmp_path: Path) -> None:
    pytest.importorskip("pdoc", reason="pip install -e '.[test]' (pdoc builds the reference)")
    import keyharvest

    page = _hatch_docs().build_reference(tmp_path)
    html = page.read_text()
    anchors = set(re.findall(r'<section id="([A-Za-z_][A-Za-z0-9_.]*)">', html))
    missing = [name for name in keyharvest.__all__ if name not in anchors]
    assert not missing, missing
    assert keyharvest.__version__ in html or "keyharvest" in html
    # a docstring of a function shows (not only its signature)
    first_line = keyharvest.score.__doc__.strip().splitlines()[0].split("``")[0]
    assert first_line.split()[0] in html


def test_a_warning_of_pdoc_fails_the_build(tmp_path: Path) -> None:
    """A name pdoc cannot resolve in a docstring's link is a warning, and so an error."""
    pytest.importorskip("pdoc", reason="pip install -e '.[test]' (pdoc builds the reference)")
    tree = tmp_path / "tree" / "kh_reference_probe"
    tree.mkdir(parents=True)
    (tree / "__init__.py").write_text(
        '"""A package."""\n__all__ = ["f"]\n\n'
        'def f(x: "NoSuchType") -> None:\n    """Does nothing."""\n')
    docs = _hatch_docs()
    with pytest.raises(docs.ReferenceError, match="pdoc warned"):
        docs.build_reference(tmp_path / "out", tmp_path / "tree", "kh_reference_probe")
