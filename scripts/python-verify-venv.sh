#!/usr/bin/env bash
# Creates .venv/verify with the two packages docs/verifying.md uses (pinned), for the test that
# runs the Python verification route (test/cli/verify-routes.test.ts). Idempotent. It never
# fails `make test`: without python3, venv or the registry it says why, writes the reason to
# .venv/verify-skip-reason, and the test skips showing that reason.
set -uo pipefail
cd "$(dirname "$0")/.."
VENV=.venv/verify
REASON=.venv/verify-skip-reason
PINS=("cryptography==48.0.0" "rfc8785==0.1.4")
mkdir -p .venv
skip() { echo "python-verify-venv: $1; the Python route test will skip" >&2; echo "$1" > "$REASON"; exit 0; }
if [ -x "$VENV/bin/python" ] && "$VENV/bin/python" -c 'import cryptography, rfc8785' 2>/dev/null; then rm -f "$REASON"; exit 0; fi
command -v python3 >/dev/null 2>&1 || skip "no python3 on PATH"
python3 -m venv --clear "$VENV" >/dev/null 2>&1 || skip "python3 -m venv failed (is the venv module installed?)"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "${PINS[@]}" || skip "pip could not install ${PINS[*]}"
"$VENV/bin/python" -c 'import cryptography, rfc8785' 2>/dev/null || skip "cryptography or rfc8785 does not import after install"
rm -f "$REASON"
