# The project brings its own Node 24 (node_modules/.bin/node); every target runs on it.
export PATH := $(CURDIR)/node_modules/.bin:$(PATH)
SHELL := /bin/bash

.PHONY: dev test lint format codegen check-generated typecheck unit bench bench-soak fuzz clean-dev image clients

node_modules/.installed: package.json package-lock.json $(wildcard patches/*.patch)
	npm ci --no-fund --no-audit
	@touch $@

dev: node_modules/.installed
	node src/dev/main.ts

# Lint, drift check and type check first; the last line is always `N passed, N failed`.
test: node_modules/.installed
	@bash scripts/python-verify-venv.sh
	@bash scripts/python-clients-venv.sh
	@bash scripts/python-croissant-venv.sh
	@if $(MAKE) --no-print-directory lint check-generated typecheck; then \
		node scripts/test-summary.mjs; \
	else \
		echo "0 passed, 1 failed"; exit 1; \
	fi

# The contract and the two documents published from it (make codegen writes them); then the
# code: Biome's formatter and linter, the line width and citation rule, and knip (unused files,
# exports and dependencies). docs/development.md, "Style", says why these tools.
lint: node_modules/.installed
	redocly lint openapi.yaml src/generated/openapi.developer.json src/generated/openapi.validator.json --format=summary
	biome check --error-on-warnings .
	node scripts/check-style.ts
	knip --no-progress

# Rewrites the tree to the formatter's layout and applies the linter's safe fixes.
format: node_modules/.installed
	biome check --write .

codegen: node_modules/.installed
	node codegen/generate.ts

check-generated: node_modules/.installed
	node codegen/generate.ts --check

typecheck: node_modules/.installed
	tsc --noEmit -p . && tsc --noEmit -p web

bench: node_modules/.installed
	node bench/run.ts

# 10 minutes at 80% of the measured peak on GET /projects/{id} (bench/soak.ts; SOAK_SECONDS to shorten).
bench-soak: node_modules/.installed
	BENCH=soak node bench/run.ts

fuzz: node_modules/.installed
	bash scripts/fuzz.sh

# The OCI image localhost/assay:<version> (deploy/image/build.sh: mmdebstrap, buildah; no Docker).
image: node_modules/.installed
	bash deploy/image/build.sh

# The client packages a developer installs, versioned with the contract (scripts/build-clients.ts):
# clients/dist/assay-client-<version>.tgz (TypeScript) and assay_client-<version>-py3-none-any.whl.
clients: node_modules/.installed
	node scripts/build-clients.ts

clean-dev:
	rm -rf .data
