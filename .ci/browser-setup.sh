#!/usr/bin/env bash
# Installs what tests/test_render_browser.py needs, into this machine and the venv $1:
# Debian's chromium (plus the DejaVu fonts the pictures name) and Playwright for Python,
# which drives that chromium (Playwright's own browser download is never used).
# Idempotent and quiet: it does nothing when both are there, and prints only on failure.
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

if ! command -v chromium >/dev/null 2>&1 || [ ! -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]; then
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq >"$log" 2>&1 || fail "apt-get update"
    $sudo apt-get install -y -qq chromium fonts-dejavu-core >"$log" 2>&1 \
        || fail "apt-get install chromium"
fi

if ! "$py" -c "import playwright.sync_api" >/dev/null 2>&1; then
    "$py" -m pip install -q --disable-pip-version-check "playwright>=1.40" >"$log" 2>&1 \
        || fail "pip install playwright"
fi

chromium --headless --no-sandbox --disable-gpu --version >"$log" 2>&1 \
    || fail "starting chromium"
