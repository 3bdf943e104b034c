"""Write ``keyharvest/model/prebuilt_methods.py``, the methods ``@dataclass`` makes for the
package's dataclasses as compiled source (``keyharvest.model.prebuilt``):

    python -m keyharvest.model.makeprebuilt           # write it
    python -m keyharvest.model.makeprebuilt --check   # exit 1 if it is not today's

Run it after a dataclass of the package is added or its fields change
(``tests/test_prebuilt.py`` says when it is due); until then the methods of that class are
compiled at every start, as ``@dataclass`` does, which is correct but slower. It imports
every module of the package in a fresh process and writes each text that ``@dataclass``
compiles, once, in the order made.
"""

from __future__ import annotations

import sys
from pathlib import Path

HEADER = '''\\
# ruff: noqa
# mypy: ignore-errors
"""Written by ``python -m keyharvest.model.makeprebuilt``: do not edit.

The methods ``@dataclass`` makes for the package's dataclasses, each as the text it
compiles (CPython 3.11's ``dataclasses``), and under that text in ``CODES``."""

CODES = {}
'''


def target() -> Path:
    return Path(__file__).with_name("prebuilt_methods.py")


def package_modules() -> list[str]:
    """Every module of the package but the one written here and those run as scripts."""
    root = Path(__file__).resolve().parent.parent
    names = []
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] in ("__init__", "__main__", "prebuilt_methods"):
            continue
        names.append(".".join(parts))
    return names


def recorded_texts() -> list[str]:
    """The texts compiled while every module of the package is imported (only the first
    import of a module makes its classes: run in a process that made none yet)."""
    import importlib

    from . import prebuilt

    prebuilt.RECORDED = recorded = list[str]()
    try:
        for name in package_modules():
            importlib.import_module(name)
        return recorded
    finally:
        prebuilt.RECORDED = None


def module_text(texts: list[str]) -> str:
    parts = [HEADER]
    for txt in dict.fromkeys(texts):
        parts.append(f"\n{txt}\n\nCODES[{txt!r}] = __create_fn__.__code__\n")
    return "".join(parts)


def main(argv: list[str]) -> int:
    from .prebuilt import FITS

    if not FITS:
        print("keyharvest.model.prebuilt does not fit this Python (CPython 3.11 only)",
              file=sys.stderr)
        return 1
    text = module_text(recorded_texts())
    path = target()
    if argv == ["--check"]:
        if path.exists() and path.read_text(encoding="utf-8") == text:
            return 0
        print(f"{path} is not today's: run `python -m keyharvest.model.makeprebuilt`",
              file=sys.stderr)
        return 1
    path.write_text(text, encoding="utf-8")
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
