#!/usr/bin/env bash
# Creates .venv/clients with openapi-python-client (pinned), for the test that generates a Python
# client from each published document and calls the test server through it
# (test/clients/generated-clients.test.ts), and setuptools + wheel (pinned) that `make clients`
# builds the Python client's wheel with (scripts/build-clients.ts). Idempotent. It never fails `make test` itself: without
# python3, venv or the registry it says why and writes the reason to .venv/clients-skip-reason;
# the test then skips showing that reason, or fails when CI=true (CI must not pass without it).
set -uo pipefail
cd "$(dirname "$0")/.."
VENV=.venv/clients
REASON=.venv/clients-skip-reason
VERSION=0.29.1
BUILD_TOOLS=(setuptools==75.8.0 wheel==0.45.1)
mkdir -p .venv
skip() { echo "python-clients-venv: $1; the generated Python client test will skip (fail under CI=true)" >&2; echo "$1" > "$REASON"; exit 0; }
installed() {
  "$VENV/bin/openapi-python-client" --version 2>/dev/null | grep -q "version: $VERSION\$" &&
    "$VENV/bin/python" -m pip freeze --all --disable-pip-version-check 2>/dev/null | grep -qx "${BUILD_TOOLS[1]}"
}
if [ -x "$VENV/bin/python" ] && installed; then rm -f "$REASON"; exit 0; fi
command -v python3 >/dev/null 2>&1 || skip "no python3 on PATH"
python3 -m venv --clear "$VENV" >/dev/null 2>&1 || skip "python3 -m venv failed (is the venv module installed?)"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "openapi-python-client==$VERSION" "${BUILD_TOOLS[@]}" || skip "pip could not install openapi-python-client==$VERSION ${BUILD_TOOLS[*]}"
installed || skip "openapi-python-client $VERSION does not run after install"
rm -f "$REASON"
