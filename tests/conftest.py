import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's wheel, built once a run (`pip wheel .`, some 45 s: the build hook
    compiles the engine with mypyc) for tests/test_packaging.py and tests/test_compiled.py.
    ``KEYHARVEST_REQUIRE_COMPILED`` makes a failure to compile fail the build, rather than
    give a pure wheel that would pass for the compiled one."""
    out = tmp_path_factory.mktemp("dist")
    env = {**os.environ, "KEYHARVEST_REQUIRE_COMPILED": "1"}
    env.pop("KEYHARVEST_PURE_PYTHON", None)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out),
                    str(ROOT)], check=True, env=env)
    (whl,) = out.glob("keyharvest-*.whl")
    return whl
