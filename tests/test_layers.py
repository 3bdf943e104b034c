"""The package's layers (docs/design.md, "The layers"): imports point one way and never in a circle.

Every module's imports are read with ``ast`` (lazy imports inside functions and imports
under ``TYPE_CHECKING`` included) and checked against the order

    errors <- model <- rules <- formats <- play <- render <- cli
                    <- notation (beside rules: it imports errors and model only)
                                                      <- openspiel (beside render)

A module may import any module of a lower layer and modules of its own folder; the engine
(``model/``, ``rules/``) imports none of lark, typer, tomllib, tomli_w and rich. The
OpenSpiel game (``keyharvest/openspiel.py``, the extra ``keyharvest[openspiel]``) is
imported by no module, and no other module imports pyspiel or numpy.

A module's private names (``_name``) are its own: no other module of the package imports
one (``from .x import _name``) or reads one off an imported module (``x._name``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "keyharvest"

RANK = {"errors": 0, "model": 1, "rules": 2, "notation": 2, "formats": 3, "play": 4,
        "render": 5, "openspiel": 5, "cli": 6}
#: What a folder may import besides the lower ranks: notation sits beside rules, not on it;
#: the OpenSpiel game is an optional extra that nothing of the core imports.
FORBIDDEN = {"notation": {"rules"}, "rules": {"notation"}, "cli": {"openspiel"}}
ENGINE_MUST_NOT_IMPORT = {"lark", "typer", "tomllib", "tomli_w", "rich", "click"}


def module_name(path: Path, root: Path = PACKAGE) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(root: Path = PACKAGE) -> dict[str, Path]:
    return {module_name(p, root): p for p in sorted(root.rglob("*.py"))}


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules ``name`` imports: package modules by full name, others by top name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:  # ``from . import x`` may name a module
                sub = f"{target}.{alias.name}"
                out.add(sub if sub in known else target)
    return {m if m in known or not m.startswith("keyharvest") else _owner(m, known)
            for m in out}


def _owner(name: str, known: set[str]) -> str:
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name


def graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    mods = modules(root)
    known = set(mods)
    return {name: imports_of(name, path, known) - {name} for name, path in mods.items()}


def layer(name: str) -> str | None:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in RANK else None


def layer_errors(g: dict[str, set[str]]) -> list[str]:
    errors = []
    for name, deps in sorted(g.items()):
        here = layer(name)
        if here is None:  # keyharvest/__init__.py and __main__.py sit above everything
            continue
        for dep in sorted(deps):
            if here in ("model", "rules") and dep.split(".")[0] in ENGINE_MUST_NOT_IMPORT:
                errors.append(f"{name} imports {dep}: the engine imports no text or file library")
            if not dep.startswith("keyharvest"):
                continue
            there = layer(dep)
            if there is None and dep == "keyharvest" and here == "cli":
                continue  # the command line prints the package's __version__
            if there is None:
                errors.append(f"{name} imports {dep}, the top of the package")
            elif there != here and (RANK[there] >= RANK[here]
                                    or there in FORBIDDEN.get(here, ())):
                errors.append(f"{name} ({here}) imports {dep} ({there}): against the layers")
    return errors


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected component of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in g.get(v, ()):
            if w not in g:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return found


def private_imports(root: Path = PACKAGE) -> set[tuple[str, str, str]]:
    """(module, the module it reads from, the private name) for every private name of one
    package module that another imports or reads off an imported module."""
    mods = modules(root)
    known = set(mods)
    out: set[tuple[str, str, str]] = set()
    for name, path in mods.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        bound: dict[str, str] = {}  # a local name -> the package module it stands for
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                target = (".".join(base + ([node.module] if node.module else []))
                          if node.level else node.module or "")
                if not target.startswith("keyharvest"):
                    continue
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    if sub in known:
                        bound[alias.asname or alias.name] = sub
                    elif alias.name.startswith("_") and not alias.name.startswith("__"):
                        out.add((name, _owner(target, known), alias.name))
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname and alias.name in known:
                        bound[alias.asname] = alias.name
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id in bound and node.attr.startswith("_")
                    and not node.attr.startswith("__")):
                out.add((name, bound[node.value.id], node.attr))
    return {row for row in out if row[0] != row[1]}


#: Private names of ``rules/actions.py`` still read by its neighbours: the engine's rebuild
#: (which owns ``actions.py``) gives them a public home. Held exact, so that the list only
#: shrinks: an entry no longer true fails as a new one does.
def test_no_module_reads_another_modules_private_names() -> None:
    assert private_imports() == set()


@pytest.mark.parametrize("line", [
    "from .tomltext import _BARE\n",
    "from . import tomltext\n_ = tomltext._BARE\n",
])
def test_a_planted_private_import_fails(tmp_path: Path, line: str) -> None:
    formats = tmp_path / "keyharvest" / "formats"
    formats.mkdir(parents=True)
    for name in ("../__init__.py", "__init__.py", "tomltext.py"):
        (formats / name).write_text("_BARE = 1\n", encoding="utf-8")
    records = formats / "records.py"
    records.write_text("from .tomltext import loads\n", encoding="utf-8")
    assert private_imports(tmp_path / "keyharvest") == set()
    records.write_text(line, encoding="utf-8")
    assert private_imports(tmp_path / "keyharvest") == {
        ("keyharvest.formats.records", "keyharvest.formats.tomltext", "_BARE")}


#: Files of the engine's rebuild that still tell an event from a field tile by hand; they
#: switch to ``catalogue.is_event``. Held exact, so that the list only shrinks.
def test_one_test_tells_an_event_from_a_field_tile() -> None:
    """A bag item is an event by ``catalogue.is_event`` alone: ``isalpha`` is written in
    its definition and nowhere else."""
    writers = {str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py")
               if "isalpha" in path.read_text(encoding="utf-8")}
    assert writers == {"model/catalogue.py"}


def test_only_the_openspiel_game_imports_pyspiel_and_nothing_imports_it() -> None:
    g = graph()
    assert "keyharvest.openspiel" in g
    assert {"pyspiel", "numpy"} <= g["keyharvest.openspiel"]
    users = sorted(name for name, deps in g.items()
                   if name != "keyharvest.openspiel"
                   and deps & {"keyharvest.openspiel", "pyspiel", "numpy", "open_spiel"})
    assert users == []


def test_every_module_sits_in_a_layer() -> None:
    loose = [m for m in graph() if layer(m) is None and m not in
             ("keyharvest", "keyharvest.__main__", "keyharvest.errors")]
    assert loose == []


def test_imports_follow_the_layers() -> None:
    assert layer_errors(graph()) == []


def test_no_import_cycles() -> None:
    assert cycles(graph()) == []


@pytest.mark.parametrize("plant", [
    ("model/board.py", "from ..rules import engine\n"),           # upward
    ("notation/names.py", "from ..rules.scoring import score\n"),  # notation beside rules
    ("rules/engine.py", "import tomllib\n"),                       # the engine reads no files
    ("rules/bag.py", "from .abilities import AbilityFrame\n"),     # a circle inside rules
])
def test_a_planted_import_fails(tmp_path: Path, plant: tuple[str, str]) -> None:
    import shutil

    copy = tmp_path / "keyharvest"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    rel, line = plant
    target = copy / rel
    target.write_text(target.read_text(encoding="utf-8") + "\n" + line, encoding="utf-8")
    g = graph(copy)
    assert layer_errors(g) or cycles(g)
