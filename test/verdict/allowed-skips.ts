// Skips the run may contain OUTSIDE CI, each with the reason it is allowed. In CI (CI=true) no
// skip is allowed at all: a test that did not run is not a test that passed. Any skip not listed
// here fails the run everywhere (scripts/test-summary.mjs reads this list).
export interface AllowedSkip {
  /** Test file, relative to the repository root. */
  file: string;
  /** Matches the test's full name (suites joined with ' > '). */
  name: RegExp;
  why: string;
}

export const allowedSkips: readonly AllowedSkip[] = [
  {
    file: 'test/cli/verify-routes.test.ts',
    name: /^Python route \(cryptography \+ rfc8785\) — SKIPPED: /,
    why: 'a developer machine may lack python3 or PyPI; CI must have both (scripts/python-verify-venv.sh)',
  },
  {
    file: 'test/cli/verify-routes.test.ts',
    name: /^shell route \(sh \+ openssl \+ jq\) — SKIPPED: /,
    why: 'a developer machine may lack jq or OpenSSL 3; CI must have them',
  },
  {
    file: 'test/clients/generated-clients.test.ts',
    name: /^Python clients \(openapi-python-client\) — SKIPPED: /,
    why: 'a developer machine may lack python3 or PyPI; CI must have both (scripts/python-clients-venv.sh)',
  },
  ...['rate', 'content', 'originator', 'standing'].map((f) => ({
    file: `test/browser/${f}.test.ts`,
    name: /— SKIPPED: Chromium is not installed/,
    why: 'a developer machine may lack Chromium (apt-get install chromium); CI installs it (.ci/run) and never skips',
  })),
  {
    file: 'test/db/pgbouncer.test.ts',
    name: /— SKIPPED: .* is not installed/,
    why: 'a developer machine may lack PgBouncer (apt-get install pgbouncer); CI installs it (.ci/run) and never skips',
  },
  {
    file: 'test/deploy/image.test.ts',
    name: /— SKIPPED: .* not installed/,
    why: 'a developer machine may lack podman, buildah, mmdebstrap or runc; CI installs them (.ci/run) and never skips',
  },
  {
    file: 'test/deploy/recipes.test.ts',
    name: /— SKIPPED: (podman-compose|helm) not installed/,
    why: 'a developer machine may lack them (scripts/deploy-tools.sh installs both); CI runs it and never skips',
  },
  {
    file: 'test/deploy/compose.test.ts',
    name: /— SKIPPED: podman-compose not installed/,
    why: 'a developer machine may lack it (scripts/deploy-tools.sh installs it); CI runs it and never skips',
  },
];
