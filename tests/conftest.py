import os
import shutil
import subprocess
import sys
import venv
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

sys.path.insert(0, str(Path(__file__).parent))

# No test is timed (speed is the benchmark's, benchmarks/bench.py): hypothesis's deadline
# per example would fail a test on a loaded machine (a first example building a parser
# took 300 ms under xdist on 2 busy cores), so it is off for every test.
settings.register_profile("keyharvest", deadline=None)
settings.load_profile("keyharvest")

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless chromium driven by Playwright, for the tests in a browser (those modules
    skip, or fail in CI, where it is missing: ``browser_util.required``)."""
    from browser_util import launched

    yield from launched()


@pytest.fixture
def artefacts(tmp_path: Path) -> Path:
    """Where the browser tests' screenshots go (``browser_util.artefacts_dir``)."""
    from browser_util import artefacts_dir

    return artefacts_dir(tmp_path)


@pytest.fixture
def terminal() -> Iterator[Any]:
    """Starts a program at a pseudo-terminal: ``terminal(program, args, **options)`` gives a
    ``terminal_util.Terminal`` (pexpect's dialogue, without forking this threaded process);
    each one started is closed after the test (its program killed if still running)."""
    pytest.importorskip("pexpect")
    from terminal_util import Terminal

    started: list[Terminal] = []

    def start(program: str, args: list[str], **options: Any) -> Terminal:
        started.append(Terminal(program, args, **options))
        return started[-1]

    yield start
    for one in started:
        one.close(force=True)


@pytest.fixture(scope="session")
def once(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str, Callable[[Path], None]],
                                                                Path]:
    """``once(name, make)``: the folder ``name`` of this run, filled by ``make(folder)`` the
    first time it is asked for. The workers of pytest-xdist share it (their run's folder
    is the one above each worker's): the first to ask makes it while holding a lock, the
    others wait and take it, so a wheel, a venv or an sdist is made once a run, not once a
    worker (pytest-xdist's own recipe for a session's setup, with ``fcntl``'s lock)."""
    import fcntl

    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent

    def make_once(name: str, make: Callable[[Path], None]) -> Path:
        folder, done = base / name, base / f"{name}.done"
        with open(base / f"{name}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not done.exists():
                shutil.rmtree(folder, ignore_errors=True)
                folder.mkdir()
                make(folder)
                done.touch()
        return folder

    return make_once


@pytest.fixture(scope="session")
def wheel(once: Callable[[str, Callable[[Path], None]], Path]) -> Path:
    """The project's compiled wheel, built once a run (``KEYHARVEST_COMPILE=1 pip wheel .``,
    some 90 s: the build hook compiles the engine with mypyc, and fails if it cannot) for
    tests/test_packaging.py and tests/test_compiled.py.

    ``KEYHARVEST_WHEEL=DIR`` gives a folder holding that wheel, built beforehand from this
    very tree (noxfile.py's ``slow`` session does so, before pytest starts)."""
    given = os.environ.get("KEYHARVEST_WHEEL")
    if given:
        (whl,) = Path(given).glob("keyharvest-*.whl")
        return whl

    def build(out: Path) -> None:
        env = {**os.environ, "KEYHARVEST_COMPILE": "1"}
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                        str(out), str(ROOT)], check=True, env=env)

    (whl,) = once("dist", build).glob("keyharvest-*.whl")
    return whl


@pytest.fixture(scope="session")
def compiled(wheel: Path, once: Callable[[str, Callable[[Path], None]], Path]) -> Path:
    """The python of a fresh venv with the compiled wheel installed (and its dependencies),
    made once a run: tests/test_compiled.py runs the commands there, tests/test_packaging.py
    checks what the installed package finds."""
    def install(env_dir: Path) -> None:
        venv.create(env_dir, with_pip=True)
        subprocess.run([str(env_dir / "bin" / "python"), "-m", "pip", "install", "-q",
                        str(wheel)], check=True)

    return once("compiled-venv", install) / "bin" / "python"
