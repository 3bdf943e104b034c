"""The compiled wheel (hatch_build.py: the engine's hot modules compiled by mypyc) behaves
exactly as the pure source tree: every module of ``hatch_build.COMPILED`` is an extension
in an install of the wheel, and a battery of command lines (and tests/_compiled_probe.py,
the engine stepped through every scenario and bot games) gives the same exit code, stdout,
stderr and files written, byte for byte, from that install and from this checkout, bad
input included (a type hint that mypyc turns into a run-time check must not turn a bad
record into a ``TypeError``). The switch: a source build is pure by default, the compiled
one is asked for by ``KEYHARVEST_COMPILE=1``, and asked for it fails loudly where it cannot
compile (a failing C compiler, an editable install) instead of giving a pure wheel.
``keyharvest --version`` names the build.

The wheel is conftest's ``wheel``, built once a run (with ``KEYHARVEST_COMPILE=1``), and
the venv it is installed in conftest's ``compiled``, made once a run: both shared with
tests/test_packaging.py."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
import zipfile
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType

import pytest
from scripts import load_script

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
PROBE = Path(__file__).resolve().parent / "_compiled_probe.py"


def _hatch_build() -> ModuleType:
    return load_script(ROOT / "hatch_build.py", "hatch_build")


#: The compiled modules, as paths from the top ("keyharvest/rules/actions.py"): read from
#: the build hook, which may compile more of them one day.
COMPILED: list[str] = list(_hatch_build().COMPILED)


def _module(path: str) -> str:
    parts = path.removesuffix(".py").split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _env() -> dict[str, str]:
    """The same environment for both sides: no PYTHONPATH, no KEYHARVEST_* switches, a
    fixed terminal width."""
    env = {k: v for k, v in os.environ.items()
           if k != "PYTHONPATH" and not k.startswith("KEYHARVEST_")}
    env.update(COLUMNS="100", NO_COLOR="1", TERM="dumb")
    return env


_FILES = ("import importlib, sys\n"
          "for name in sys.argv[1:]:\n"
          "    print(importlib.import_module(name).__file__)\n")


def _files_of(python: Path, cwd: Path) -> list[str]:
    """Where ``python`` imports each compiled module from."""
    names = [_module(p) for p in COMPILED]
    done = subprocess.run([str(python), "-c", _FILES, *names], cwd=cwd, env=_env(),
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    files = done.stdout.splitlines()
    assert len(files) == len(names)
    return files


@pytest.fixture(scope="module")
def pure(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This checkout's python (its editable install), checked to import the pure engine."""
    files = _files_of(Path(sys.executable), tmp_path_factory.mktemp("pure-probe"))
    compiled_here = [f for f in files if not f.endswith(".py")]
    assert not compiled_here, ("the checkout's engine is not pure: remove the extensions "
                               f"compiled in place: {compiled_here}")
    return Path(sys.executable)


def _damage(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of scenarios/ (games/, rules/, positions/) and corpus/: good records and
    damaged ones."""
    top = tmp_path_factory.mktemp("inputs")
    for part in ("games", "rules", "positions"):
        shutil.copytree(ROOT / "scenarios" / part, top / part)
    games = ROOT / "scenarios" / "games"
    two = (games / "two-players.kh").read_text()
    three = (games / "three-players.kh").read_text()
    four = (games / "four-players.kh").read_text()
    corpus = top / "corpus"
    corpus.mkdir()
    (corpus / "ok.kh").write_text(two)
    lines = four.splitlines(keepends=True)
    (corpus / "truncated.kh").write_text("".join(lines[:100]) + lines[100][:25])
    (corpus / "illegal.kh").write_text(
        _damage(three, "1. green: end\n", "1. green: harvest B6 G1\n"))
    (corpus / "no-such-square.kh").write_text(_damage(two, "harvest B6\n", "harvest J9\n"))
    (corpus / "bad-setup.kh").write_text(
        _damage(two, 'players = ["red", "green"]', 'players = ["red", "red"]'))
    (corpus / "garbage.kh").write_bytes(b"+++\nplayers = [\n\xff\xfe\x00 not a record\n")
    (corpus / "empty.kh").write_text("")
    (corpus / "two-games.kh").write_text(two + "\n" + three)
    (corpus / "moved.kh").write_text(_damage(three, "2. yellow:", "2.  yellow:"))
    # front matter of the wrong types and sizes, where the compiled reader's type hints are
    # checked at run time: each must be a diagnosis, as in the pure tree
    front = two.split("+++", 2)[1]
    for name, (old, new) in {
        "players-numbers": ('players = ["red", "green"]', "players = [1, 2]"),
        "players-table": ('players = ["red", "green"]', "players = { red = 1 }"),
        "players-string": ('players = ["red", "green"]', 'players = "red"'),
        "players-nested": ('players = ["red", "green"]', 'players = [["red"], ["green"]]'),
        "players-empty": ('players = ["red", "green"]', "players = []"),
    }.items():
        assert old in front, old
        (corpus / f"{name}.kh").write_text(_damage(two, old, new))
    for name, head in {"seed-string": 'seed = "x"\n', "seed-float": "seed = 1.5\n",
                       "seed-huge": "seed = 99999999999999999999999\n",
                       "board-number": "board = 3\n", "meta-number": "meta = 5\n",
                       "meta-array": 'meta = ["x"]\n', "date-value": "seed = 1979-05-27\n",
                       "unknown-key": "colour = true\n"}.items():
        (corpus / f"{name}.kh").write_text(two.replace("+++\n", "+++\n" + head, 1))
    (corpus / "turn-huge.kh").write_text(_damage(two, "1. ", "123456789012345678901234. "))
    (corpus / "nul-bytes.kh").write_bytes(two.encode().replace(b"harvest", b"har\x00vest", 1))
    (corpus / "crlf.kh").write_bytes(two.encode().replace(b"\n", b"\r\n"))
    (corpus / "bom.kh").write_bytes(b"\xef\xbb\xbf" + two.encode())
    (top / "runs").mkdir()  # selfplay -o runs -s 1 would replace this record: refused
    (top / "runs" / "selfplay-1-0002.kh").write_text(two)
    return top


def _run(python: Path, args: list[str], stdin: str | None, work: Path
         ) -> tuple[int, bytes, bytes, dict[str, bytes]]:
    data = (work / stdin).read_bytes() if stdin else b""
    done = subprocess.run([str(python), *args], cwd=work, input=data, capture_output=True,
                          env=_env(), timeout=600, check=False)
    files = {p.relative_to(work).as_posix(): p.read_bytes()
             for p in sorted(work.rglob("*")) if p.is_file()}
    return done.returncode, done.stdout, done.stderr, files


KH = ["-m", "keyharvest"]

#: (id, arguments, a file of the inputs for stdin or None, the exit code expected)
CASES: list[tuple[str, list[str], str | None, int]] = [
    ("selfplay-2p", [*KH, "selfplay", "-p", "2", "-n", "3", "-s", "1"], None, 0),
    ("selfplay-3p", [*KH, "selfplay", "-p", "3", "-n", "3", "-s", "2"], None, 0),
    ("selfplay-4p", [*KH, "selfplay", "-p", "4", "-n", "3", "-s", "3"], None, 0),
    ("selfplay-4p-2024", [*KH, "selfplay", "-p", "4", "-n", "20", "-s", "2024"], None, 0),
    ("selfplay-json", [*KH, "selfplay", "-p", "3", "-n", "2", "-s", "5", "-f", "json"], None,
     0),
    ("selfplay-greedy-2p", [*KH, "selfplay", "-p", "2", "-n", "2", "-s", "7", "-b", "greedy"],
     None, 0),
    ("selfplay-greedy-4p", [*KH, "selfplay", "-p", "4", "-n", "1", "-s", "8", "-b", "greedy"],
     None, 0),
    ("selfplay-out", [*KH, "selfplay", "-p", "3", "-n", "3", "-s", "9", "-o", "out"], None, 0),
    ("selfplay-out-exists", [*KH, "selfplay", "-p", "2", "-n", "2", "-s", "1", "-o", "runs"],
     None, 1),
    ("selfplay-no-such-bot", [*KH, "selfplay", "-b", "nosuch"], None, 2),
    ("validate-scenarios", [*KH, "validate", "games", "rules", "positions"], None, 1),
    ("validate-scenarios-json", [*KH, "validate", "-f", "json", "-v", "games", "rules",
                                 "positions"], None, 1),
    ("validate-strict", [*KH, "validate", "--strict", "-v", "games"], None, 0),
    ("validate-corpus", [*KH, "validate", "corpus"], None, 1),
    ("validate-corpus-json", [*KH, "validate", "-f", "json", "-v", "corpus"], None, 1),
    ("validate-rejects", [*KH, "validate", "--rejects", "rejected.kh", "corpus", "rules"],
     None, 1),
    ("validate-jobs", [*KH, "validate", "-j", "2", "corpus", "games"], None, 1),
    ("validate-fail-fast", [*KH, "validate", "-x", "corpus"], None, 1),
    ("validate-stdin", [*KH, "validate", "-"], "games/three-players.kh", 0),
    ("validate-stdin-bad", [*KH, "validate", "-"], "corpus/illegal.kh", 1),
    ("replay-text", [*KH, "replay", "games/four-players.kh", "--to", "100"], None, 0),
    ("replay-toml", [*KH, "replay", "games/two-players.kh", "--to", "turn 20", "-f", "toml"],
     None, 0),
    ("replay-json", [*KH, "replay", "games/three-players.kh", "-f", "json"], None, 0),
    ("replay-each", [*KH, "replay", "--each", "games/two-players.kh"], None, 0),
    ("replay-each-displaced", [*KH, "replay", "--each",
                               "rules/D.2-displaced-and-reactivated.kh"], None, 0),
    ("replay-refused", [*KH, "replay", "rules/C.1-no-c-after-d.kh"], None, 1),
    ("replay-position", [*KH, "replay", "positions/final-table.toml"], None, 0),
    ("replay-stdin", [*KH, "replay", "-", "--to", "50"], "games/two-players.kh", 0),
    ("replay-second-game", [*KH, "replay", "corpus/two-games.kh", "-g", "2", "--to", "40"],
     None, 0),
    ("score", [*KH, "score", "games/two-players.kh", "games/three-players.kh",
               "games/four-players.kh", "positions/final-table.toml"], None, 0),
    ("score-json", [*KH, "score", "-f", "json", "games/four-players.kh", "--to", "200"], None,
     0),
    ("score-refused", [*KH, "score", "rules/C.1-no-c-after-d.kh"], None, 1),
    ("moves", [*KH, "moves", "games/two-players.kh", "--to", "7"], None, 0),
    ("moves-json", [*KH, "moves", "-f", "json", "games/four-players.kh", "--to", "50"], None,
     0),
    ("moves-displaced", [*KH, "moves", "rules/D.2-displaced-and-reactivated.kh"], None, 0),
    ("diff", [*KH, "diff", "games/two-players.kh", "games/three-players.kh"], None, 1),
    ("diff-json", [*KH, "diff", "-f", "json", "games/three-players.kh", "corpus/illegal.kh"],
     None, 1),
    ("diff-same", [*KH, "diff", "games/two-players.kh", "corpus/ok.kh"], None, 0),
    ("fmt", [*KH, "fmt", "games/two-players.kh", "corpus/moved.kh"], None, 0),
    ("fmt-check", [*KH, "fmt", "--check", "games", "corpus"], None, 1),
    ("fmt-diff", [*KH, "fmt", "--diff", "corpus"], None, 1),
    ("fmt-write", [*KH, "fmt", "-w", "corpus"], None, 1),
    ("new", [*KH, "new", "-p", "red,green,yellow", "-s", "5"], None, 0),
    ("render-svg", [*KH, "render", "games/two-players.kh", "--to", "30", "-o", "pic.svg"],
     None, 0),
    ("render-html", [*KH, "render", "games/three-players.kh", "--to", "60", "-o", "game.html"],
     None, 0),
    # the search (play/search.py, compiled): the same simulations, visits and values
    ("hint", [*KH, "hint", "games/four-players.kh", "--to", "49", "--budget", "60", "-s", "3",
              "-k", "6"], None, 0),
    ("hint-json", [*KH, "hint", "games/two-players.kh", "--to", "turn 20", "--budget", "40",
                   "-f", "json"], None, 0),
    ("arena-mcts", [*KH, "arena", "mcts", "greedy", "-p", "2", "-n", "1", "--budget", "3",
                    "-s", "5", "-f", "json"], None, 0),
    ("probe", [str(PROBE)], None, 0),
]


@pytest.mark.parametrize(("args", "stdin", "code"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_compiled_install_gives_the_same_bytes_as_the_pure_tree(
        args: list[str], stdin: str | None, code: int, compiled: Path, pure: Path,
        inputs: Path, tmp_path: Path) -> None:
    (tmp_path / "pure").mkdir()
    (tmp_path / "compiled").mkdir()
    runs = {}
    for side, python in (("pure", pure), ("compiled", compiled)):
        work = tmp_path / side / "work"
        shutil.copytree(inputs, work)
        runs[side] = _run(python, args, stdin, work)
    p_code, p_out, p_err, p_files = runs["pure"]
    c_code, c_out, c_err, c_files = runs["compiled"]
    assert p_code == code, p_err.decode(errors="replace")[-2000:]  # the case is what it says
    assert b"internal error" not in p_err
    assert c_code == p_code, c_err.decode(errors="replace")[-2000:]
    assert c_err == p_err
    assert c_out == p_out
    assert c_files.keys() == p_files.keys()
    for name in p_files:
        assert c_files[name] == p_files[name], name


def test_every_compiled_module_is_an_extension_in_the_install(compiled: Path,
                                                               tmp_path: Path) -> None:
    assert "keyharvest/rules/actions.py" in COMPILED
    for path, file in zip(COMPILED, _files_of(compiled, tmp_path), strict=True):
        assert file.endswith(tuple(EXTENSION_SUFFIXES)), (path, file)
        assert "site-packages" in file, (path, file)


def test_the_wheel_holds_each_compiled_module_as_source_and_extension(wheel: Path) -> None:
    assert not wheel.name.endswith("-py3-none-any.whl"), wheel.name  # a platform wheel
    names = zipfile.ZipFile(wheel).namelist()
    for path in COMPILED:
        assert path in names, path
        stem = path.removesuffix(".py")
        assert any(n.startswith(stem + ".") and n.endswith(tuple(EXTENSION_SUFFIXES))
                   for n in names), path


def _build(out: Path, **switches: str) -> subprocess.CompletedProcess[str]:
    """``pip wheel .`` (verbose: the build hook's messages) with these variables set."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("KEYHARVEST_")}
    env.update(switches)
    return subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w",
                           str(out), str(ROOT)], env=env, capture_output=True, text=True,
                          check=False)


def _compile_pin(name: str) -> str:
    """The exact version of ``name`` in the hook's ``compile-requires`` (pyproject.toml)."""
    import tomllib

    toml = tomllib.loads((ROOT / "pyproject.toml").read_text())
    hook = toml["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]
    (pin,) = (r.split("==")[1] for r in hook["compile-requires"] if r.startswith(f"{name}=="))
    return str(pin)


def _pure_wheel(out: Path) -> Path:
    (whl,) = out.glob("keyharvest-*.whl")
    assert whl.name.endswith("-py3-none-any.whl"), whl.name
    names = zipfile.ZipFile(whl).namelist()
    assert not [n for n in names if n.endswith(tuple(EXTENSION_SUFFIXES))]
    assert set(COMPILED) <= set(names)
    return whl


def _build_environment(said: str) -> list[str]:
    """The packages pip installed into the isolated build environment (its verbose
    ``Successfully installed`` lines: the build requirements, then the hook's)."""
    return [name.rsplit("-", 1)[0].lower() for line in said.splitlines()
            if line.strip().startswith("Successfully installed")
            for name in line.split()[2:]]


def test_a_source_build_is_pure_by_default_and_needs_no_compiler(tmp_path: Path) -> None:
    done = _build(tmp_path, CC="false")  # a compiler that fails: never asked for
    said = done.stdout + done.stderr
    assert done.returncode == 0, said[-3000:]
    _pure_wheel(tmp_path)
    assert "compiling the engine with mypyc" not in said
    # the build backend alone: no mypy, setuptools or runtime dependency is installed
    installed = _build_environment(said)
    assert "hatchling" in installed, said[-3000:]
    assert not {"mypy", "setuptools", "typer", "lark", "pydantic", "rich"} & set(installed)


def test_keyharvest_compile_with_a_failing_compiler_fails_loudly(tmp_path: Path) -> None:
    asked = _build(tmp_path, CC="false", KEYHARVEST_COMPILE="1")
    said = asked.stdout + asked.stderr
    assert asked.returncode != 0
    # asked to compile, the hook brought mypy at its exact pin, setuptools and the
    # runtime dependencies into the build environment
    installed = _build_environment(said)
    assert {"mypy", "setuptools", "typer", "lark"} <= set(installed), said[-3000:]
    assert f"mypy-{_compile_pin('mypy')}" in said
    assert "KEYHARVEST_COMPILE asks for the compiled build, and it failed" in said, said[-3000:]
    assert "CompileError" in said, said[-3000:]  # it is the C compiler that failed
    assert not list(tmp_path.glob("*.whl"))


def test_keyharvest_compile_refuses_an_editable_install(tmp_path: Path) -> None:
    """``pip install -e .`` asked to compile: an editable install is its sources, so it fails
    with the reason (CI's own editable install, unasked, is the pure case)."""
    venv.create(tmp_path / "venv", with_pip=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("KEYHARVEST_")}
    asked = subprocess.run([str(tmp_path / "venv" / "bin" / "python"), "-m", "pip", "install",
                            "--no-deps", "-e", str(ROOT)], env={**env, "KEYHARVEST_COMPILE": "1"},
                           capture_output=True, text=True, check=False)
    said = asked.stdout + asked.stderr
    assert asked.returncode != 0
    assert "an editable install is pure Python" in said, said[-3000:]


_VERSION = [*("-m", "keyharvest"), "--version"]


def test_keyharvest_version_names_the_build(compiled: Path, pure: Path, tmp_path: Path) -> None:
    said = {}
    for side, python in (("compiled", compiled), ("pure", pure)):
        done = subprocess.run([str(python), *_VERSION], cwd=tmp_path, env=_env(),
                              capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr
        said[side] = done.stdout
    assert "compiled (mypyc)" in said["compiled"] and "pure Python" not in said["compiled"]
    assert "pure Python" in said["pure"] and "compiled" not in said["pure"]


def test_a_closed_stream_is_one_line_and_exit_2_in_both_builds(compiled: Path, pure: Path,
                                                              tmp_path: Path) -> None:
    """``>&-`` and ``<&-`` (issue 34, item 3): the same line, exit 2, in either build."""
    import os

    said = {}
    for side, python in (("compiled", compiled), ("pure", pure)):
        for fd, args in ((1, ["--version"]), (1, ["validate", "-"]), (0, ["validate", "-"]),
                         (0, ["score", "-"])):
            done = subprocess.run([str(python), "-m", "keyharvest", *args], cwd=tmp_path,
                                  env=_env(), stderr=subprocess.PIPE, text=True, check=False,
                                  preexec_fn=lambda fd=fd: os.close(fd))
            said[side, fd, args[0]] = (done.returncode, done.stderr)
    for key, (code, err) in said.items():
        stream = "write to standard output" if key[1] == 1 else "read from standard input"
        assert (code, err) == (2, f"keyharvest: cannot {stream}: Bad file descriptor\n"), key


#: The engine's own tests (of the rules, the bots, self-play, positions, the movetext
#: writer and the record reader) that run again against the compiled modules: some 50 s.
#: Tests marked ``pure_only`` (they monkeypatch or introspect a compiled module) are left
#: out.
ENGINE_TESTS = [
    "test_actions.py", "test_alternatives.py", "test_bag.py", "test_bots.py",
    "test_bounds.py", "test_events.py", "test_events_track.py", "test_frame_data.py",
    "test_golden_scenarios.py", "test_invariants.py", "test_kinds.py",
    "test_listing_counts.py", "test_memo.py", "test_notation_movetext.py",
    "test_pick_memo.py", "test_playthrough.py", "test_positions.py", "test_properties.py",
    "test_refusals.py", "test_scenarios.py", "test_scoring.py", "test_timeline.py",
    "test_turn.py", "test_validate_invariants.py", "test_workers.py",
    "test_workers_farmhands.py", "test_workers_random.py", "test_workers_townsfolk.py",
    # the reading path (notation/itemcache.py, formats/records.py)
    "test_itemcache.py", "test_records.py", "test_many_errors.py", "test_plain_toml.py",
]


def test_the_engine_tests_pass_against_the_compiled_modules(wheel: Path,
                                                            tmp_path: Path) -> None:
    """A copy of the source tree with the wheel's extensions beside the sources (as an
    in-place compile would put them), and ``ENGINE_TESTS`` run there."""
    tree = tmp_path / "tree"
    skip = shutil.ignore_patterns("__pycache__", "*.so", ".hypothesis")
    for part in ("keyharvest", "tests", "scenarios", "grammar", "docs"):
        shutil.copytree(ROOT / part, tree / part, ignore=skip)
    for name in ("pyproject.toml", "README.md", "hatch_build.py"):
        shutil.copy2(ROOT / name, tree / name)
    with zipfile.ZipFile(wheel) as whl:
        for name in whl.namelist():
            if name.endswith(tuple(EXTENSION_SUFFIXES)):
                whl.extract(name, tree)
    env = {**_env(), "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-c", _FILES, *(_module(p) for p in COMPILED)],
                          cwd=tree, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    for path, file in zip(COMPILED, done.stdout.splitlines(), strict=True):
        assert file.startswith(str(tree)) and file.endswith(tuple(EXTENSION_SUFFIXES)), (
            path, file)
    for name in ENGINE_TESTS:
        assert (tree / "tests" / name).is_file(), name
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-m",
         "not slow and not pure_only", *(f"tests/{name}" for name in ENGINE_TESTS)],
        cwd=tree, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
    assert " passed" in done.stdout
