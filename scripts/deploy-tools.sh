#!/usr/bin/env bash
# The recipe checkers test/deploy/recipes.test.ts runs, installed into .tools/ when missing:
# podman-compose from PyPI (in a venv; Debian's 1.0.3 has no `config`), helm from the Go module
# proxy (built with the machine's Go). Both pinned. `.ci/run` runs this; so can a developer.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tools
if [ ! -x .tools/venv/bin/podman-compose ]; then
  python3 -m venv .tools/venv
  .tools/venv/bin/pip install --quiet --disable-pip-version-check podman-compose==1.6.0
fi
if [ ! -x .tools/bin/helm ]; then
  GOBIN="$PWD/.tools/bin" GOFLAGS=-mod=mod go install helm.sh/helm/v3/cmd/helm@v3.21.4
fi
