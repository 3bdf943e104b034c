#!/usr/bin/env bash
# Installs what tests/test_render_browser.py needs, into this machine and the venv $1:
# Debian's chromium (plus the DejaVu fonts the pictures name) and Playwright for Python,
# which drives that chromium (Playwright's own browser download is never used).
# Idempotent: it does nothing when both are there; otherwise one line says what it installs
# (on stderr), and the tools' output is shown only on failure. As root it needs no sudo;
# apt-get waits for the dpkg lock (KEYHARVEST_APT_LOCK_TIMEOUT seconds, default 600).
# Usage: .ci/browser-setup.sh VENV
set -euo pipefail
venv="${1:?usage: $0 VENV (the virtualenv that runs pytest)}"
py="$venv/bin/python"
if [ ! -x "$py" ]; then
    echo "browser-setup: no python at $py" >&2
    exit 2
fi
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
fail() {
    echo "browser-setup: $1 failed:" >&2
    cat "$log" >&2
    exit 1
}

# apt-get waits this long for another apt or dpkg to let go of the lock (an unattended
# upgrade, a second CI job) instead of failing at once
lock_wait="-o DPkg::Lock::Timeout=${KEYHARVEST_APT_LOCK_TIMEOUT:-600}"
if ! command -v chromium >/dev/null 2>&1 || [ ! -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]; then
    echo "browser-setup: installing Debian's chromium and fonts-dejavu-core (apt-get)" >&2
    sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null 2>&1 \
            || { echo "browser-setup: not root and no sudo: install chromium and fonts-dejavu-core, or run the tests without the browser (see the README)" >&2; exit 1; }
        sudo=(sudo)
    fi
    export DEBIAN_FRONTEND=noninteractive
    # shellcheck disable=SC2086
    "${sudo[@]}" apt-get $lock_wait update -qq >"$log" 2>&1 || fail "apt-get update"
    # shellcheck disable=SC2086
    "${sudo[@]}" apt-get $lock_wait install -y -qq chromium fonts-dejavu-core >"$log" 2>&1 \
        || fail "apt-get install chromium"
fi

if ! "$py" -c "import playwright.sync_api" >/dev/null 2>&1; then
    echo "browser-setup: installing Playwright for Python into $venv (pip; its own browser download is not used)" >&2
    "$py" -m pip install -q --disable-pip-version-check "playwright>=1.40" >"$log" 2>&1 \
        || fail "pip install playwright"
fi

chromium --headless --no-sandbox --disable-gpu --version >"$log" 2>&1 \
    || fail "starting chromium"
