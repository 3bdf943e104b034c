"""Dataclasses whose generated methods come compiled (issue 18: start-up).

``@dataclass`` writes the text of each method it adds (``__init__``, ``__repr__``,
``__eq__``, ``__hash__``, a frozen class's ``__setattr__`` and ``__delattr__``) and compiles
it with ``exec`` when the class is made: at import, every time the package is loaded, some
60 classes, a tenth of ``keyharvest validate``'s start-up. ``prebuilt_methods`` holds the
same texts as ordinary Python source, compiled to bytecode once like any other module;
:func:`dataclass` here is ``dataclasses.dataclass`` itself, every step of it, except that
a method whose text is found there is made from that module's compiled code instead of
compiling the text again. The classes are the same dataclasses, to the byte of their
methods' bytecode (``tests/test_prebuilt.py`` compares them, and that the module holds the
texts of today's classes; ``python -m keyharvest.model.makeprebuilt`` writes it again).

A fenced use of the standard library's internals: ``dataclasses._create_fn`` of CPython
3.11 (the function that compiles each method) is swapped for the one below while a class
is made, and only on 3.11 and only if it is there; anywhere else, and for any text not
found, it is plain ``dataclasses.dataclass``.
"""

from __future__ import annotations

import dataclasses
import sys
from types import CodeType, FunctionType
from typing import TYPE_CHECKING, Any

_MISSING = dataclasses.MISSING
_ORIGINAL = getattr(dataclasses, "_create_fn", None)
#: The fence: the standard library's function that this module's copy stands in for.
FITS = (sys.version_info[:2] == (3, 11) and isinstance(_ORIGINAL, FunctionType)
        and _ORIGINAL.__code__.co_varnames[:6]
        == ("name", "args", "body", "globals", "locals", "return_type"))
#: While ``keyharvest.model.makeprebuilt`` runs: every text made, in order.
RECORDED: list[str] | None = None
_codes: dict[str, CodeType] | None = None


def _compiled() -> dict[str, CodeType]:
    global _codes
    if _codes is None:
        try:
            from . import prebuilt_methods
        except ImportError:  # not written yet: every text is compiled
            _codes = {}
        else:
            _codes = prebuilt_methods.CODES
    return _codes


def _create_fn(name: str, args: Any, body: Any, *, globals: Any = None,
               locals: Any = None, return_type: Any = _MISSING) -> Any:
    """``dataclasses._create_fn`` of CPython 3.11, whose ``exec`` of the text is a look-up
    of its compiled code when there is one."""
    if locals is None:
        locals = {}
    return_annotation = ""
    if return_type is not _MISSING:
        locals["_return_type"] = return_type
        return_annotation = "->_return_type"
    args = ",".join(args)
    body = "\n".join(f"  {b}" for b in body)
    txt = f" def {name}({args}){return_annotation}:\n{body}"
    local_vars = ", ".join(locals.keys())
    txt = f"def __create_fn__({local_vars}):\n{txt}\n return {name}"
    if RECORDED is not None:
        RECORDED.append(txt)
    code = _compiled().get(txt) if globals is not None else None
    if code is None:
        ns: dict[str, Any] = {}
        exec(txt, globals, ns)  # noqa: S102 - the standard library's own text
        return ns["__create_fn__"](**locals)
    return FunctionType(code, globals)(**locals)


if TYPE_CHECKING:  # what mypy knows of it: the standard library's own
    from dataclasses import dataclass as dataclass  # noqa: PLC0414 - a re-export
else:
    def dataclass(cls=None, /, **options):
        """``dataclasses.dataclass(cls, **options)``, its methods' code compiled before."""
        def wrap(cls):
            if not FITS:
                return dataclasses.dataclass(cls, **options)
            saved = dataclasses._create_fn
            dataclasses._create_fn = _create_fn
            try:
                return dataclasses.dataclass(cls, **options)
            finally:
                dataclasses._create_fn = saved
        return wrap if cls is None else wrap(cls)
