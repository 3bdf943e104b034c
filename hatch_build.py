"""The wheel's build hook: asked for, the engine's hot modules compiled to C extensions by
mypyc, as black and mypy ship theirs.

A source install is pure Python and quick by default (``pip install .``, ``pip wheel .``,
an editable install): nothing is compiled and no compiler is needed. The compiled build is
asked for explicitly, as mypy's ``MYPY_USE_MYPYC=1``::

    KEYHARVEST_COMPILE=1 pip install .

Then the modules listed in ``COMPILED`` also come as C extensions compiled by mypyc (part of
mypy, the project's type checker): the same source, the same behaviour and output bytes
(``tests/test_compiled.py`` holds them to the pure-Python modules, on bad input too), some
1.4 times the self-play speed. The ``.py`` files ship beside them; Python imports an
extension before a source file of the same name. Asked for and impossible (no C compiler,
mypyc refusing a module), the build fails, loudly, with the reason: it never falls back to
a pure wheel in silence. ``keyharvest --version`` says which build is installed. An
editable install is always pure (the sources are the package, and a change to them takes
effect at once, as a developer expects).

Which modules: those of a self-play game's and a replay's every step (the table's classes
``model/state.py``, the rules but ``rules/engine.py``, the bots, self-play, the movetext
writer), those of the game for programs (``rules/game.py``, ``rules/choices.py``) and of
the search bot (``play/search.py``, ``play/points.py``), and those of reading a record
for ``keyharvest validate`` (the fast movetext reader ``notation/itemcache.py`` and the
record reader ``formats/records.py``). ``rules/engine.py`` stays pure (its ``Frame``, the
base of every frame class, registers them and reckons their ``schema`` in
``__init_subclass__``): what runs at every step lives apart, compiled (the step loop,
``advance`` and ``settle``, in ``rules/stepping.py``; a frame's copy, ``copy_frame``, in
``model/state.py``). The frame classes of the
compiled modules are mypyc native classes (as ordinary Python classes they would lose the
speed): ``Frame``'s docstring says what that asks of them.

Public APIs only: hatchling's ``BuildHookInterface``, ``mypyc.build.mypycify`` (what a
``setup.py`` calls) and setuptools' ``build_ext`` command, run from a ``Distribution``.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # tests/test_compiled.py imports compile_modules without hatchling
    BuildHookInterface = object  # type: ignore[assignment,misc]

#: The modules compiled, as paths from the project's top (mypyc compiles them as one group
#: and calls between them directly).
COMPILED = [
    # the table (its classes native: a search copies states by the thousand) and the game
    # for programs (``kh.Game``: its listing and action numbers)
    "keyharvest/model/state.py",
    "keyharvest/rules/game.py",
    "keyharvest/rules/choices.py",
    "keyharvest/rules/__init__.py",
    "keyharvest/rules/abilities.py",
    "keyharvest/rules/actions.py",
    "keyharvest/rules/bag.py",
    "keyharvest/rules/crops.py",
    "keyharvest/rules/fields.py",
    "keyharvest/rules/invariants.py",
    "keyharvest/rules/memo.py",
    "keyharvest/rules/placement.py",
    "keyharvest/rules/scoring.py",
    "keyharvest/rules/stepping.py",
    "keyharvest/rules/view.py",
    "keyharvest/rules/events/__init__.py",
    "keyharvest/rules/events/base.py",
    "keyharvest/rules/events/draws.py",
    "keyharvest/rules/events/exchanges.py",
    "keyharvest/rules/events/harvests.py",
    "keyharvest/rules/events/workers.py",
    "keyharvest/play/bots.py",
    "keyharvest/play/points.py",
    "keyharvest/play/search.py",
    "keyharvest/play/selfplay.py",
    "keyharvest/notation/movetext.py",
    # validate's reading: the fast movetext reader and the record reader
    "keyharvest/notation/itemcache.py",
    "keyharvest/formats/records.py",
]

#: The environment variable that asks for the compiled build (``1``, ``true`` or ``yes``).
COMPILE_FLAG = "KEYHARVEST_COMPILE"

#: The name of the shared library that holds the compiled group (``keyharvest__mypyc``).
GROUP = "keyharvest"


def compile_modules(root: Path, out: Path, *, inplace: bool = False) -> list[tuple[Path, str]]:
    """Compile ``COMPILED`` (paths below ``root``) with mypyc; the extensions go below
    ``out`` (or beside their sources, ``inplace``). Returns each extension's path and its
    path in the package tree (``keyharvest/rules/actions.cpython-311-….so``). Raises on any
    failure (mypy's analysis, the C compiler)."""
    from mypyc.build import mypycify
    from setuptools import Distribution

    work = Path(tempfile.mkdtemp(prefix="keyharvest-mypyc-"))
    cwd = Path.cwd()
    try:
        os.chdir(root)  # mypyc names the modules by their paths from here
        extensions = mypycify(list(COMPILED), opt_level="3", target_dir=str(work / "c"),
                              group_name=GROUP, multi_file=True)
        dist = Distribution({"name": "keyharvest", "ext_modules": extensions,
                             "packages": [], "py_modules": []})
        build = dist.get_command_obj("build_ext")
        build.build_lib = str(out)  # type: ignore[attr-defined]
        build.build_temp = str(work / "temp")  # type: ignore[attr-defined]
        build.inplace = inplace  # type: ignore[attr-defined]
        build.parallel = os.cpu_count() or 1  # type: ignore[attr-defined]
        dist.run_command("build_ext")
        base = root if inplace else out
        return [(Path(p), Path(p).resolve().relative_to(base.resolve()).as_posix())
                for p in build.get_outputs()]  # type: ignore[attr-defined]
    finally:
        os.chdir(cwd)
        shutil.rmtree(work, ignore_errors=True)


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() not in ("", "0", "false", "no")


class CompileHook(BuildHookInterface):  # type: ignore[misc]
    """Adds the compiled extensions to a standard (not editable) wheel when
    ``KEYHARVEST_COMPILE`` asks for them."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """What the build environment needs besides the backend: nothing for the default,
        pure build; asked to compile, the hook's ``compile-requires`` (pyproject.toml: mypy
        at an exact release for mypyc, setuptools for ``build_ext``) and the package's own
        dependencies (mypyc analyses the compiled modules with what they import: the
        notation imports lark)."""
        if not _flag(COMPILE_FLAG):
            return []
        return [*self.config.get("compile-requires", []), *self.metadata.core.dependencies]

    def initialize(self, version: str, build_data: dict) -> None:  # type: ignore[type-arg]
        if self.target_name != "wheel" or not _flag(COMPILE_FLAG):
            return
        if version == "editable":
            raise RuntimeError(f"keyharvest: {COMPILE_FLAG} asks for the compiled build, but an "
                               "editable install is pure Python (its sources are the "
                               "package): install without -e to compile")
        self.app.display_info(f"keyharvest: {COMPILE_FLAG} is set: compiling the engine with "
                              "mypyc (a C compiler is needed; about a minute or two)")
        out = Path(tempfile.mkdtemp(prefix="keyharvest-ext-"))
        try:
            built = compile_modules(Path(self.root), out)
        except (Exception, SystemExit) as exc:  # any failure (mypyc exits on a type error)
            shutil.rmtree(out, ignore_errors=True)
            raise RuntimeError(f"keyharvest: {COMPILE_FLAG} asks for the compiled build, and it "
                               f"failed ({type(exc).__name__}: {exc}); unset {COMPILE_FLAG} "
                               "for the pure-Python build") from exc
        self._out = out
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        for path, name in built:
            build_data["force_include"][str(path)] = name

    def finalize(self, version: str, build_data: dict, artifact_path: str) -> None:  # type: ignore[type-arg]
        out = getattr(self, "_out", None)
        if out is not None:
            shutil.rmtree(out, ignore_errors=True)
