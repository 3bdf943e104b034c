"""The test matrix: ``nox`` (``.ci/run`` calls it) runs the sessions below, ``tests`` on the
Python versions the project supports (by default the newest). A version this machine
lacks is skipped with nox's line saying so (``Session tests-3.12 skipped: Python
interpreter 3.12 not found``), never silently; ``.ci/run`` puts pyenv's interpreters on
``PATH`` when pyenv is there.

- ``lint``: mypy (``--strict`` as pyproject.toml configures it, for the oldest and the
  newest Python) and ruff, once.
- ``tests``: the fast tests (``-m 'not slow'``) on a version, in parallel (pytest-xdist,
  ``-n auto``); by default on the newest (3.13) only: ``.ci/run`` runs 3.11's at the lowest
  declared versions (``.ci/min-versions.sh``), and 3.12, between the two, has no code of
  its own (nothing in the package or the tests asks which Python runs it), so its run
  would repeat theirs for some 530 s of CPU (4-5 of CI's minutes on 2 idle cores).
  ``nox -s tests-3.12`` runs it (before a release, or after a change that touches what
  Python versions do differently).
- ``slow``: the slow tests on the newest version: the compiled wheel (mypyc) built and held
  to the pure tree byte for byte, the installed wheel, the unpacked sdist's own tests, the
  long runs; in parallel, sharing one wheel built first.

The browser test of the HTML viewer needs Debian's chromium and Playwright
(``.ci/browser-setup.sh`` installs them into each session's venv); with
``KEYHARVEST_REQUIRE_BROWSER=1``, ``KEYHARVEST_REQUIRE_CLUSTER=1``,
``KEYHARVEST_REQUIRE_OPENSPIEL=1`` and ``KEYHARVEST_REQUIRE_STANDINGS=1`` in the environment (as
``.ci/run`` sets them) a missing browser, dask.distributed, pyspiel or openskill fails instead of
skipping.

Usage: ``nox`` (every session), ``nox -s tests-3.13``, ``nox -s lint``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import nox

PYTHONS = ["3.11", "3.12", "3.13"]
NEWEST = PYTHONS[-1]
LINTED = ["keyharvest", "tests", "benchmarks", "scenarios", "hatch_build.py", "hatch_docs.py",
          "noxfile.py"]

#: What ``nox`` runs with no ``-s`` (and so ``.ci/run``): the fast tests on the newest
#: Python; 3.11's run at the lowest declared versions instead (``.ci/min-versions.sh``,
#: beside nox), and 3.12's only when asked (``nox -s tests-3.12``: see ``tests`` above),
#: which keeps the whole run within some 15 minutes on 2 cores; ``nox -s tests-3.11`` runs
#: 3.11's at the newest versions. ``slow`` before ``tests``: much of ``slow`` (its install,
#: mypyc's build of the wheel) is one core's work, which min-versions.sh's tests beside it
#: fill, while the fast tests keep both cores busy by themselves, to the end of the run.
nox.options.sessions = ["lint", "slow", f"tests-{NEWEST}"]
nox.options.error_on_missing_interpreters = False  # a missing version is skipped, and said
nox.options.reuse_existing_virtualenvs = False


def _install(session: nox.Session) -> None:
    session.install("-e", ".[test,cluster,openspiel,standings]")
    session.run("bash", ".ci/browser-setup.sh", session.virtualenv.location, external=True)


@nox.session(python=PYTHONS[0])
def lint(session: nox.Session) -> None:
    """mypy for the oldest and the newest Python, and ruff."""
    session.install("-e", ".[test,cluster,openspiel,standings]")
    session.run("mypy")
    session.run("mypy", "--python-version", NEWEST)
    session.run("ruff", "check", *LINTED)


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """The fast tests, in parallel."""
    _install(session)
    session.run("python", "-m", "pytest", "-n", "auto", "-m", "not slow", *session.posargs)


@nox.session(python=NEWEST)
def slow(session: nox.Session) -> None:
    """The slow tests, on the newest Python, in parallel: the compiled wheel is built once
    first (tests/conftest.py's ``wheel`` takes it from ``KEYHARVEST_WHEEL``)."""
    _install(session)
    dist = Path(session.create_tmp()) / "dist"
    shutil.rmtree(dist, ignore_errors=True)
    session.run("python", "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), ".",
                env={"KEYHARVEST_COMPILE": "1"})
    session.run("python", "-m", "pytest", "-n", "auto", "-m", "slow", *session.posargs,
                env={"KEYHARVEST_WHEEL": str(dist)})
