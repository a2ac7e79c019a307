#!/usr/bin/env bash
# Creates .venv/croissant with mlcroissant (pinned), for the test that runs `mlcroissant validate`
# on the Croissant export (test/reports/standard-exports.test.ts). Idempotent. It never fails
# `make test` itself: without python3, venv or the registry it says why and writes the reason to
# .venv/croissant-skip-reason; the test then skips showing that reason, or fails when CI=true.
set -uo pipefail
cd "$(dirname "$0")/.."
VENV=.venv/croissant
REASON=.venv/croissant-skip-reason
VERSION=1.1.1
mkdir -p .venv
skip() { echo "python-croissant-venv: $1; the Croissant validation test will skip (fail under CI=true)" >&2; echo "$1" > "$REASON"; exit 0; }
installed() { "$VENV/bin/python" -c "import mlcroissant, importlib.metadata as m; assert m.version('mlcroissant') == '$VERSION'" 2>/dev/null; }
if [ -x "$VENV/bin/python" ] && installed; then rm -f "$REASON"; exit 0; fi
command -v python3 >/dev/null 2>&1 || skip "no python3 on PATH"
python3 -m venv --clear "$VENV" >/dev/null 2>&1 || skip "python3 -m venv failed (is the venv module installed?)"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "mlcroissant==$VERSION" || skip "pip could not install mlcroissant==$VERSION"
installed || skip "mlcroissant $VERSION does not import after install"
rm -f "$REASON"
