#!/usr/bin/env bash
# The lower bounds of pyproject.toml, tried: a second venv (.venv-min) with every runtime
# dependency (and the extra keyharvest[record]'s) at the lowest version the project declares
# (typer>=X installs typer==X, and so on; what those need, pip chooses as any user's pip
# would), the package itself with --no-deps, then the fast tests (-m 'not slow'). A bound
# that is not true fails here.
# Usage: bash .ci/min-versions.sh        (from .ci/run, or alone)
set -euo pipefail
cd "$(dirname "$0")/.."
pins="$(python3 - <<'PY'
import re, tomllib
with open("pyproject.toml", "rb") as f:
    project = tomllib.load(f)["project"]
# the runtime dependencies, and those of the optional runtime extra (keyharvest record)
deps = project["dependencies"] + project["optional-dependencies"]["record"]
for dep in deps:
    m = re.fullmatch(r"\s*([A-Za-z0-9_.-]+(?:\[[^\]]*\])?)\s*((?:[<>=!~]=?[^,;\s]+\s*,?\s*)+)", dep)
    low = re.search(r">=\s*([^,;\s]+)", m.group(2)) if m else None
    if low is None:
        raise SystemExit(f"min-versions: {dep!r} declares no lower bound (>=)")
    print(f"{m.group(1)}=={low.group(1)}")
PY
)"
echo "min-versions: $(echo $pins)" >&2
python3 -m venv .venv-min
.venv-min/bin/python -m pip install -q --disable-pip-version-check $pins \
    "pytest>=8" "hypothesis>=6.100" "pexpect>=4.8"
.venv-min/bin/python -m pip install -q --disable-pip-version-check --no-deps -e .
env -u KEYHARVEST_REQUIRE_BROWSER .venv-min/bin/python -m pytest -m "not slow" -p no:cacheprovider
