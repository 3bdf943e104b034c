"""``mypyc_attr``, the one mark the compiled build reads (hatch_build.py): for the classes of
compiled modules that Python must be able to make without ``__init__`` (``cls.__new__(cls)``:
``copy``, ``pickle``, a frame read from a position) or subclass.

Pure Python, never compiled itself: mypyc reads the mark when it compiles a module and never
calls it; at run time it does nothing, and pure Python needs no ``mypy_extensions``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr  # noqa: PLC0414 (re-exported)
else:
    _C = TypeVar("_C")

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[_C], _C]:
        """``mypy_extensions.mypyc_attr`` at run time, where it does nothing."""
        return lambda cls: cls

__all__ = ["mypyc_attr"]
