// The limits `make dev` runs with. The production defaults (src/config.ts) are for many tenants
// on one deployment: 600 requests a minute per key stops a local integration suite after a few
// seconds (157 black-box tests got 429s), 5 invitation emails per address a day stop a suite that
// invites the same test address, and large request bodies paced to 1 MiB a second per
// organization slow a suite that declares big upload sessions. Locally there is one tenant, its
// own: the limits are sized for a test suite, and an environment variable set by the developer
// still wins. Production defaults are unchanged.
const DEV_LIMITS: Readonly<Record<string, string>> = Object.freeze({
  RATE_LIMIT_API: '100000/60',
  RATE_LIMIT_PUBLIC: '10000/60',
  RATE_LIMIT_UNAUTHENTICATED: '100000/60',
  INVITE_EMAILS_PER_ORG_PER_HOUR: '100000',
  INVITE_EMAILS_PER_RECIPIENT_PER_DAY: '1000',
  INVITE_RESEND_COOLDOWN_MINUTES: '0',
  REQUEST_BODY_BYTES_PER_SECOND: String(1024 ** 3),
  REQUEST_BODY_BURST_BYTES: String(1024 ** 3),
});

/** DEV_LIMITS, except where `env` names a value of its own. */
export const devLimits = (env: NodeJS.ProcessEnv): Record<string, string> =>
  Object.fromEntries(Object.entries(DEV_LIMITS).map(([k, v]) => [k, env[k] ?? v]));
