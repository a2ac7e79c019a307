// A throwaway Assay for fuzzing: embedded Postgres + S3 in a temp dir, migrated and seeded,
// configured as a full deployment (report signing key, its real address as public URL), API
// served on a free port. Prints one JSON line {baseUrl, apiKey, sessionToken, origin} and runs until
// SIGTERM/SIGINT, then removes everything.
import { mkdtempSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { startDevStack } from '../src/dev/stack.ts';
import { migrate } from '../src/db/migrate.ts';
import { createSql } from '../src/db/client.ts';
import { seedDev } from '../src/dev/seed.ts';
import { hashToken, newSessionToken } from '../src/validator/tokens.ts';
import { startServer } from '../src/server.ts';
import { createLogger } from '../src/log.ts';
import { generateSigningKeyPem } from '../src/domain/signing.ts';
import { documents } from '../src/generated/operations.ts';
import {
  DEFAULT_MAX_LIVE_CLAIMS,
  DEFAULT_MCP_WAITS_PER_KEY,
  DEFAULT_HTTP_TIMEOUTS,
  DEFAULT_UPLOAD_FILE_LISTS,
  DEFAULT_QUOTAS,
  DEFAULT_TRUSTED_PROXIES,
  DEFAULT_WEBHOOK_DELIVERY,
  type Config,
} from '../src/config.ts';

const dir = mkdtempSync(join(tmpdir(), 'assay-fuzz-'));
chmodSync(dir, 0o755);
const stack = await startDevStack({ dataDir: join(dir, 'stack'), persistent: false });
await migrate(stack.databaseUrl, { quiet: true });
const sql = createSql(stack.databaseUrl, { max: 1 });
const { apiKey, userId } = await seedDev(sql);
// A validator session of the same user, so the /validator/v1 operations are fuzzed signed in
// (with the API key they would only ever answer 401).
const sessionToken = newSessionToken();
await sql`insert into validator_sessions (user_id, token_hash, expires_at) values (${userId},
  ${hashToken(sessionToken)}, now() + interval '1 day')`;
await sql.end();
// The service's public URL is its real address, as in a deployment: a webhook URL pointing at it
// is refused (it is "this service itself"), and nothing else is.
const port = await new Promise<number>((resolve, reject) => {
  const probe = createServer()
    .listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => resolve(free));
    })
    .on('error', reject);
});
const config: Config = {
  databaseUrl: stack.databaseUrl,
  databaseDirectUrl: stack.databaseUrl,
  s3: stack.s3,
  publicBaseUrl: `http://127.0.0.1:${port}`,
  host: '127.0.0.1',
  port,
  workerPort: null,
  otlpEndpoint: null,
  database: { poolSize: null, jobQueuePoolSize: null, transactionMode: false, prepare: true },
  signingKey: generateSigningKeyPem(),
  smtpUrl: null,
  mailMode: 'log',
  emailFrom: 'Assay <no-reply@localhost>',
  secretsKey: randomBytes(32).toString('base64'),
  logLevel: 'error',
  // The fuzzer registers webhook endpoints with generated URLs: nothing it registers may ever
  // receive traffic. Loopback receivers only, and names resolve through a port where no DNS
  // server listens, so every name is refused at registration; no worker runs either, so no
  // delivery is even attempted. (scripts/fuzz_hooks.py points valid requests at a loopback
  // receiver, the one kind this deployment allows.)
  // Schemathesis sends thousands of requests: limits would only make it see 429s.
  rateLimits: { api: null, public: null, unauthenticated: null },
  trustProxyHops: 0,
  trustedProxies: DEFAULT_TRUSTED_PROXIES,
  // Likewise the invitation email limits (their 429s are tested in test/security/roles.test.ts).
  invites: { perOrgPerHour: 1_000_000, perRecipientPerDay: 1_000_000, resendCooldownMinutes: 0 },
  // No worker produces reports here: a report request answers at once that it is being prepared
  // (with Retry-After), instead of waiting for a job that never runs.
  reportWaitSeconds: 0,
  maxLiveClaimsPerValidator: DEFAULT_MAX_LIVE_CLAIMS,
  mcpMaxWaitsPerKey: DEFAULT_MCP_WAITS_PER_KEY,
  quotas: DEFAULT_QUOTAS,
  http: DEFAULT_HTTP_TIMEOUTS,
  uploadFileLists: DEFAULT_UPLOAD_FILE_LISTS,
  // Off, as the rate limits: the fuzzer's large bodies would only wait.
  requestBodies: { bytesPerSecond: 2 ** 40, burstBytes: 2 ** 40 },
  webhooks: {
    receivers: ['loopback'],
    dnsServers: ['127.0.0.1:9'],
    maxEndpointsPerOrg: 20,
    disableAfterFailures: 100,
    ...DEFAULT_WEBHOOK_DELIVERY,
  },
};
// Internal errors are what fuzzing looks for: log them to stderr so the run shows the cause.
const server = await startServer(config, { log: createLogger('error', (l) => process.stderr.write(l + '\n')) });
console.log(
  JSON.stringify({ origin: server.url, baseUrl: `${server.url}${documents.developer.server}`, apiKey, sessionToken }),
);
const stop = async () => {
  await server.close();
  await stack.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
