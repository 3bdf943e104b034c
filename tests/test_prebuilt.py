"""The package's dataclasses get their methods from compiled source (issue 18: start-up):
``keyharvest/model/prebuilt_methods.py`` holds today's texts, every method of every
dataclass comes from it, and each is the method ``@dataclass`` makes itself, to the byte of
its bytecode, with the same fields, parameters, slots and behaviour."""

from __future__ import annotations

import dataclasses
import json
import pickle
import subprocess
import sys

import pytest

from keyharvest.model import prebuilt
from keyharvest.model.steps import STEP_TYPES, Buy, Draw, EndTurn, Grant, Harvest

pytestmark = pytest.mark.skipif(not prebuilt.FITS, reason="CPython 3.11's dataclasses only")

#: Run in a fresh process: imports every module of the package (the prebuilt methods used
#: or not, as argv[1] says) and prints each dataclass of the package, as JSON: its fields,
#: parameters, slots, and for each method made by @dataclass its code, all but the file
#: name and first line, and where that code was compiled.
DESCRIBE = r'''
import dataclasses, importlib, json, re, sys
from keyharvest.model import makeprebuilt, prebuilt
prebuilt.FITS = sys.argv[1] == "prebuilt"
MADE = ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__")

def code(c):
    return [c.co_name, c.co_qualname, c.co_argcount, c.co_posonlyargcount,
            c.co_kwonlyargcount, c.co_flags, c.co_code.hex(), repr(c.co_consts),
            c.co_names, c.co_varnames, c.co_freevars, c.co_cellvars,
            c.co_linetable.hex(), c.co_exceptiontable.hex()]

def method(f):
    f = getattr(f, "__wrapped__", f)  # __repr__: dataclasses' recursion guard
    cells = [repr(c.cell_contents) for c in f.__closure__ or ()]
    return {"code": code(f.__code__), "file": f.__code__.co_filename,
            "qualname": f.__qualname__, "defaults": repr(f.__defaults__),
            "kwdefaults": repr(f.__kwdefaults__), "annotations": repr(f.__annotations__),
            "cells": cells, "globals": f.__globals__ is sys.modules[f.__module__].__dict__}

out = {}
for name in makeprebuilt.package_modules():
    module = importlib.import_module(name)
    for cls in vars(module).values():
        if (isinstance(cls, type) and dataclasses.is_dataclass(cls)
                and cls.__module__ == name):
            own = vars(cls)
            out[f"{name}.{cls.__qualname__}"] = {
                "fields": [[k, f.name, repr(f.type), repr(f.default), repr(f.default_factory),
                            f.init, f.repr, f.hash, f.compare, repr(f.metadata),
                            repr(f.kw_only), repr(f._field_type)]
                           for k, f in getattr(cls, "__dataclass_fields__").items()],
                "params": repr(getattr(cls, "__dataclass_params__")),
                "slots": repr(own.get("__slots__")), "match": repr(own.get("__match_args__")),
                "names": sorted(own), "doc": cls.__doc__,
                "methods": {m: method(own[m]) for m in MADE if callable(own.get(m))}}
print(re.sub(r" at 0x[0-9a-f]+", "", json.dumps(out)))  # the same objects, not addresses
'''


#: Below the model's layer, so made by dataclasses.dataclass itself.
BELOW_MODEL = {"keyharvest.errors.Span"}


def describe(mode: str) -> dict:
    done = subprocess.run([sys.executable, "-c", DESCRIBE, mode], capture_output=True,
                          text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def described() -> tuple[dict, dict]:
    return describe("prebuilt"), describe("plain")


def test_the_shipped_methods_are_those_of_todays_classes() -> None:
    done = subprocess.run([sys.executable, "-m", "keyharvest.model.makeprebuilt", "--check"],
                          capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr


def test_every_method_comes_compiled_from_the_prebuilt_module(described) -> None:
    made, plain = described
    assert len(made) > 60  # every dataclass of the package, the steps among them
    assert "keyharvest.model.steps.Harvest" in made
    files = {(name, m): meth["file"] for name, cls in made.items()
             for m, meth in cls["methods"].items()
             if name not in BELOW_MODEL  # and not a method the class has of its own:
             and plain[name]["methods"][m]["file"] == "<string>"}
    assert len(files) > 200
    assert all(f.endswith("prebuilt_methods.py") for f in files.values()), files


def test_the_classes_are_those_dataclass_makes_to_the_byte(described) -> None:
    made, plain = described
    assert sorted(made) == sorted(plain)
    for name, cls in made.items():
        other = plain[name]
        for meth in (*cls["methods"].values(), *other["methods"].values()):
            del meth["file"]
        assert cls == other, name


def test_a_text_not_prebuilt_is_compiled_as_dataclass_does() -> None:
    @prebuilt.dataclass(frozen=True, slots=True)
    class Unheard:  # a class no module of the package has
        x: int
        y: tuple[str, ...] = ()

    u = Unheard(1)
    assert u.__init__.__code__.co_filename == "<string>"
    assert u == Unheard(1) and hash(u) == hash(Unheard(1)) and u != Unheard(1, ("a",))
    assert repr(u).endswith(".<locals>.Unheard(x=1, y=())")
    with pytest.raises(dataclasses.FrozenInstanceError):
        u.x = 2  # type: ignore[misc]
    assert dataclasses._create_fn is not prebuilt._create_fn  # type: ignore[attr-defined]


def test_steps_behave_as_frozen_dataclasses() -> None:
    buy = Buy("red", "3", "blue", ("wheat",))
    assert STEP_TYPES and all(dataclasses.is_dataclass(t) for t in STEP_TYPES)
    assert [f.name for f in dataclasses.fields(buy)] == ["player", "tile", "seller", "pay",
                                                        "span"]
    assert repr(buy) == "Buy(player='red', tile='3', seller='blue', pay=('wheat',))"
    assert dataclasses.replace(buy, tile="4") == Buy("red", "4", "blue", ("wheat",))
    assert Harvest("red", ("1",)) == Harvest("red", ("1",), span=object())  # type: ignore[arg-type]
    assert hash(EndTurn("red")) == hash(("red",)) and EndTurn("red") != EndTurn("blue")
    assert Draw("A").player is None and Draw("A").__match_args__ == ("item",)
    assert pickle.loads(pickle.dumps(Grant("red", (("blue", "wheat"),)))) == Grant(
        "red", (("blue", "wheat"),))
    with pytest.raises(dataclasses.FrozenInstanceError):
        buy.tile = "5"  # type: ignore[misc]
    with pytest.raises(TypeError):
        Buy("red", "3")  # type: ignore[call-arg]
