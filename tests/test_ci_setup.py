"""``.ci/browser-setup.sh`` run against stand-ins for apt-get, sudo and id, so that what it
would do on a fresh machine is checked here: apt-get waits for the dpkg lock, root needs
no sudo, and one line says what is installed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / ".ci" / "browser-setup.sh"

# apt-get writes its arguments to the log and, once asked to install, a chromium appears
APT_GET = """#!/bin/sh
echo "apt-get $*" >> "$LOG"
case "$*" in *install*) printf '#!/bin/sh\\necho chromium 1\\n' > "$BIN/chromium"
                        chmod +x "$BIN/chromium";; esac
"""


def _setup(tmp_path: Path, uid: int) -> tuple[subprocess.CompletedProcess, str]:
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    log = tmp_path / "log"
    log.write_text("")
    for tool in ("mktemp", "rm", "cat", "chmod", "dirname"):
        target = subprocess.run(["sh", "-c", f"command -v {tool}"], capture_output=True,
                                text=True, check=True).stdout.strip()
        (bin_ / tool).symlink_to(target)
    scripts = {"apt-get": APT_GET, "id": f"#!/bin/sh\necho {uid}\n",
               "sudo": '#!/bin/sh\necho "sudo $1" >> "$LOG"\nexec "$@"\n'}
    for name, text in scripts.items():
        (bin_ / name).write_text(text)
        (bin_ / name).chmod(0o755)
    venv = tmp_path / "venv" / "bin"
    venv.mkdir(parents=True)
    # a python in which Playwright imports, so that only the apt part is exercised
    (venv / "python").write_text("#!/bin/sh\nexit 0\n")
    (venv / "python").chmod(0o755)
    env = {"PATH": str(bin_), "LOG": str(log), "BIN": str(bin_)}
    r = subprocess.run(["/bin/bash", str(SCRIPT), str(tmp_path / "venv")], env=env,
                       capture_output=True, text=True, timeout=60, check=False)
    return r, log.read_text()


@pytest.mark.skipif(not sys.platform.startswith("linux") or not os.path.exists("/bin/bash"),
                    reason="the CI script is for Debian")
@pytest.mark.parametrize("uid", [0, 1000])
def test_browser_setup_waits_for_the_dpkg_lock_and_says_what_it_installs(
        tmp_path: Path, uid: int) -> None:
    r, log = _setup(tmp_path, uid)
    assert r.returncode == 0, r.stderr
    calls = [line for line in log.splitlines() if line.startswith("apt-get")]
    assert len(calls) == 2 and all("-o DPkg::Lock::Timeout=600" in c for c in calls)
    assert "install -y -qq chromium fonts-dejavu-core" in calls[1]
    assert ("sudo apt-get" in log) == (uid != 0)  # root needs no sudo
    assert r.stderr.splitlines() == [
        "browser-setup: installing Debian's chromium and fonts-dejavu-core (apt-get)"]
