"""The API reference: one HTML page made by pdoc from the docstrings of ``keyharvest``'s
public names (its ``__all__``), and the sdist's build hook that ships it.

Build it by hand (``pip install -e '.[test]'`` brings pdoc)::

    python hatch_docs.py OUT          # writes OUT/keyharvest.html; any warning is an error

``python -m build --sdist`` runs the hook below, which builds the page into the sdist as
``docs/reference/keyharvest.html``. The page is never committed (it would go stale with
the docstrings): it is made from the sources each time, and a warning of pdoc's (a name
it cannot resolve, an annotation it cannot read) fails the build, as it fails
``tests/test_reference.py`` in CI. Only building an sdist needs pdoc (the hook's
``dependencies`` in pyproject.toml); a wheel, and so ``pip install``, never does.

Public APIs only: ``pdoc.pdoc`` and ``pdoc.render.configure``, and hatchling's
``BuildHookInterface``.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import warnings
from pathlib import Path

try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # tests/test_reference.py imports build_reference without hatchling
    BuildHookInterface = object  # type: ignore[assignment,misc]

ROOT = Path(__file__).resolve().parent

#: Where the page goes in the sdist.
IN_SDIST = "docs/reference/keyharvest.html"


class ReferenceError(RuntimeError):
    """pdoc warned: the reference would be wrong or incomplete."""


def build_reference(out: Path, root: Path = ROOT, package: str = "keyharvest") -> Path:
    """Write the reference of ``package`` (below ``root``) to ``out/PACKAGE.html`` and
    return its path. Raises ``ReferenceError`` on any warning while it is made."""
    import pdoc
    import pdoc.render

    pdoc.render.configure(docformat="restructuredtext", show_source=False, search=False,
                          footer_text="keyharvest: the API reference (pdoc)")
    sys.path.insert(0, str(root))  # this tree's keyharvest, not an installed one
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            pdoc.pdoc(package, output_directory=out)
    finally:
        sys.path.remove(str(root))
    if caught:
        said = "; ".join(f"{w.category.__name__}: {w.message}" for w in caught)
        raise ReferenceError(f"pdoc warned {len(caught)} time(s) building the reference: "
                             f"{said}")
    return out / f"{package}.html"


class ReferenceHook(BuildHookInterface):  # type: ignore[misc]
    """Builds the reference into the sdist (``IN_SDIST``)."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:  # type: ignore[type-arg]
        if self.target_name != "sdist":
            return
        self._out = Path(tempfile.mkdtemp(prefix="keyharvest-reference-"))
        page = build_reference(self._out, Path(self.root))
        build_data["force_include"][str(page)] = IN_SDIST

    def finalize(self, version: str, build_data: dict, artifact_path: str) -> None:  # type: ignore[type-arg]
        out = getattr(self, "_out", None)
        if out is not None:
            shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python hatch_docs.py OUT")
    try:
        print(build_reference(Path(sys.argv[1])))
    except ReferenceError as exc:
        sys.exit(f"hatch_docs: {exc}")
