#!/usr/bin/env bash
# `make fuzz`: Schemathesis (all checks; examples, coverage and fuzzing phases) against a freshly
# started Assay with its own key, once per published document (developer and validator API). No
# Docker engine runs here, so Schemathesis comes from PyPI in a venv under .venv/fuzz. Every
# operation is fuzzed. Every request goes to 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
SCHEMATHESIS_VERSION=4.32.5
VENV=.venv/fuzz

if [ ! -x "$VENV/bin/schemathesis" ] || ! "$VENV/bin/schemathesis" --version | grep -q "$SCHEMATHESIS_VERSION"; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi

info=$(mktemp)
node scripts/fuzz-stack.ts >"$info" &
stack_pid=$!
cleanup() { kill -TERM "$stack_pid" 2>/dev/null || true; wait "$stack_pid" 2>/dev/null || true; rm -f "$info"; }
trap cleanup EXIT
for _ in $(seq 1 120); do
  [ -s "$info" ] && break
  kill -0 $stack_pid 2>/dev/null || { echo "fuzz: the stack did not start"; exit 1; }
  sleep 0.5
done
origin=$(node -e 'process.stdout.write(JSON.parse(require("fs").readFileSync(process.argv[1],"utf8")).origin)' "$info")
key=$(node -e 'process.stdout.write(JSON.parse(require("fs").readFileSync(process.argv[1],"utf8")).apiKey)' "$info")
until curl -sf "$origin/healthz" >/dev/null; do sleep 0.2; done

session=$(node -e 'process.stdout.write(JSON.parse(require("fs").readFileSync(process.argv[1],"utf8")).sessionToken)' "$info")

# Rules the contract states in words (unique ids in a spec, a class the project declares, where
# a webhook receiver may be) are applied to generated valid requests by scripts/fuzz_hooks.py;
# it asks the API with this key.
export PYTHONPATH="$PWD/scripts" SCHEMATHESIS_HOOKS=fuzz_hooks ASSAY_FUZZ_BASE="$origin/developer/v1" ASSAY_FUZZ_KEY="$key"

# One run per published document, each against its own server with its own credential: the
# developer API with the API key, the validator API with a validator session token. One worker:
# with two, Hypothesis on Python 3.11 sometimes fails its own AST cache ("AST constructor
# recursion depth mismatch") and the run reports a runtime error instead of a result.
fuzz() {
  local document=$1 token=$2
  shift 2
  "$VENV/bin/schemathesis" --config-file "${FUZZ_CONFIG:-schemathesis.toml}" run "$origin$document/openapi.json" \
    --url "$origin$document" \
    --header "Authorization: Bearer $token" \
    --checks all \
    --phases examples,coverage,fuzzing \
    --max-examples "${FUZZ_MAX_EXAMPLES:-60}" \
    --workers "${FUZZ_WORKERS:-1}" \
    --suppress-health-check too_slow \
    "$@"
}
status=0
fuzz /developer/v1 "$key" || status=$?
# Signing out ends the session the other validator operations are fuzzed with: it runs last.
fuzz /validator/v1 "$session" --exclude-operation-id deleteValidatorSession || status=$?
fuzz /validator/v1 "$session" --include-operation-id deleteValidatorSession || status=$?
exit "$status"
