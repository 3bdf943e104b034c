#!/usr/bin/env bash
# The lower bounds of pyproject.toml, tried: a second venv (.venv-min) with every runtime
# dependency (and the extras keyharvest[record]'s and [standings]') at the lowest version
# the project declares (typer>=X installs typer==X, and so on), so too the test extra's
# libraries the tests call (jsonschema), and the packages the code reaches through them
# (TRANSITIVE: click, through typer's command line and test runner; referencing, through
# jsonschema) at the lowest version those lowest versions allow (typer 0.19 allows click
# 8.0.0); the package itself with --no-deps, then the fast tests (-m 'not slow'). A bound
# that is not true fails here.
# Usage: bash .ci/min-versions.sh        (from .ci/run, or alone)
set -euo pipefail
cd "$(dirname "$0")/.."
# the oldest Python the project supports (requires-python), where the machine has it
py=python3
if command -v python3.11 >/dev/null 2>&1; then py=python3.11; fi
echo "min-versions: on $("$py" --version)" >&2
# lowest runtime|test|build: the lowest version of each requirement pyproject.toml declares,
# as NAME==VERSION (runtime: the dependencies and the extras keyharvest[record]'s and
# [standings]'; test: those of the test extra that the tests use as a library, TESTED
# below; build: [build-system] requires and the hook's compile-requires); a requirement
# with no lower bound (>= or an exact ==) is an error
lowest() {
    "$py" - "$1" <<'PY'
import re, sys, tomllib
with open("pyproject.toml", "rb") as f:
    toml = tomllib.load(f)
project = toml["project"]
hook = toml["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]
extras = project["optional-dependencies"]
# the test extra's libraries the tests call (jsonschema: tests/test_json_schemas.py); its
# tools (pytest, mypy, ruff, build ...) are installed as below, not at their lowest
TESTED = ("jsonschema",)
deps = {"runtime": project["dependencies"] + extras["record"] + extras["standings"],
        "test": [d for d in extras["test"] if re.match(r"\s*([A-Za-z0-9_.-]+)", d).group(1)
                 in TESTED],
        # the backend, and what KEYHARVEST_COMPILE=1 adds (hatch_build.py)
        "build": toml["build-system"]["requires"] + hook["compile-requires"]}[sys.argv[1]]
for dep in deps:
    m = re.fullmatch(r"\s*([A-Za-z0-9_.-]+(?:\[[^\]]*\])?)\s*((?:[<>=!~]=?[^,;\s]+\s*,?\s*)+)", dep)
    low = re.search(r"(?:>=|==)\s*([^,;\s]+)", m.group(2)) if m else None
    if low is None:
        raise SystemExit(f"min-versions: {dep!r} declares no lower bound (>= or ==)")
    print(f"{m.group(1)}=={low.group(1)}")
PY
}
pins="$(lowest runtime)"
test_pins="$(lowest test)"
echo "min-versions: $(echo $pins) (tests: $(echo $test_pins))" >&2
"$py" -m venv .venv-min
.venv-min/bin/python -m pip install -q --disable-pip-version-check $pins $test_pins \
    "pytest>=8" "pytest-xdist>=3.5" "hypothesis>=6.100" "pexpect>=4.8"
# TRANSITIVE, each at the lowest version the installed packages' own requirements allow
# (their metadata, read with importlib.metadata): not declared by keyharvest, but its code
# and tests use them, so the tests run at their bottom too (referencing: jsonschema's, whose
# Registry tests/test_json_schemas.py builds)
TRANSITIVE="click referencing"
trans_pins="$(.venv-min/bin/python - $TRANSITIVE <<'PY'
import re, sys
from importlib.metadata import distributions
for name in sys.argv[1:]:
    lows = [re.search(r">=\s*([^,;\s)]+)", req) for dist in distributions()
            for req in dist.requires or ()
            if re.match(rf"{name}\s*(?:[<>=!~;(]|$)", req, re.I) and "extra ==" not in req]
    lows = [m.group(1) for m in lows if m]
    if not lows:
        raise SystemExit(f"min-versions: no installed package requires {name} with a bound")
    print(f"{name}=={max(lows, key=lambda v: tuple(int(p) for p in v.split('.') if p.isdigit()))}")
PY
)"
echo "min-versions (transitive): $(echo $trans_pins)" >&2
.venv-min/bin/python -m pip install -q --disable-pip-version-check $trans_pins
.venv-min/bin/python -m pip check
.venv-min/bin/python -m pip install -q --disable-pip-version-check --no-deps -e .
env -u KEYHARVEST_REQUIRE_BROWSER .venv-min/bin/python -m pytest -n auto -m "not slow" -p no:cacheprovider

# The build's lower bounds too ([build-system] requires: hatchling; and the hook's
# compile-requires: mypy at its exact pin for mypyc, setuptools), in a venv of their own
# with the runtime pins above (mypyc analyses the
# modules with what they import): the compiled wheel builds with them (no build
# isolation, so these very versions build it; KEYHARVEST_COMPILE=1 asks for it and
# fails if it cannot), and, installed, plays self-play to the bytes of the editable install.
build_pins="$(lowest build)"
echo "min-versions (build): $(echo $build_pins)" >&2
"$py" -m venv .venv-min-build
.venv-min-build/bin/python -m pip install -q --disable-pip-version-check $build_pins $pins
rm -rf .venv-min-build/dist
KEYHARVEST_COMPILE=1 .venv-min-build/bin/python -m pip wheel -q \
    --disable-pip-version-check --no-deps --no-build-isolation -w .venv-min-build/dist .
.venv-min-build/bin/python -m pip install -q --disable-pip-version-check --no-deps \
    .venv-min-build/dist/keyharvest-*.whl
compiled="$(cd .venv-min-build && bin/python -c 'import keyharvest.rules.actions as a; print(a.__file__)')"
case "$compiled" in
    *.so) ;;
    *) echo "min-versions: the wheel built at the lowest build versions is not compiled ($compiled)" >&2
       exit 1 ;;
esac
want="$(.venv-min/bin/keyharvest selfplay -p 4 -n 40 -s 2024 | md5sum)"
got="$(cd .venv-min-build && bin/keyharvest selfplay -p 4 -n 40 -s 2024 | md5sum)"
if [ "$want" != "$got" ]; then
    echo "min-versions: the compiled wheel's self-play differs from the editable install's" >&2
    exit 1
fi
echo "min-versions (build): the compiled wheel built and played the same 40 games" >&2
