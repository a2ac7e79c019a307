import { inject } from 'vitest';
import {
  DEFAULT_MAX_LIVE_CLAIMS,
  DEFAULT_MCP_WAITS_PER_KEY,
  DEFAULT_HTTP_TIMEOUTS,
  DEFAULT_UPLOAD_FILE_LISTS,
  DEFAULT_REQUEST_BODIES,
  DEFAULT_QUOTAS,
  DEFAULT_TRUSTED_PROXIES,
  DEFAULT_WEBHOOK_DELIVERY,
  type Config,
} from '../../src/config.ts';

/** A fixed key is fine in tests: each test database is thrown away. */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');

/**
 * The environment of a server in its own process (`assay serve`, or test/fixtures/server-process.ts)
 * against the test database `databaseUrl` and the test S3, webhooks to loopback; `extra` wins.
 */
export function serverProcessEnv(databaseUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const s3 = inject('s3');
  return {
    PATH: process.env.PATH,
    DATABASE_URL: databaseUrl,
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    SECRETS_KEY: TEST_SECRETS_KEY,
    PUBLIC_BASE_URL: 'http://127.0.0.1',
    MAIL_MODE: 'log',
    HOST: '127.0.0.1',
    PORT: '0',
    WEBHOOK_RECEIVERS: 'loopback',
    WEBHOOK_DNS_SERVERS: inject('dnsServer'),
    ...extra,
  };
}

/** A complete Config for an in-process server against the test Postgres and S3. */
export function testConfig(overrides: Partial<Config> & { databaseUrl: string }): Config {
  return {
    s3: inject('s3'),
    publicBaseUrl: 'http://127.0.0.1',
    host: '127.0.0.1',
    port: 0,
    workerPort: null,
    otlpEndpoint: null,
    database: { poolSize: null, jobQueuePoolSize: null, transactionMode: false, prepare: true },
    signingKey: null,
    smtpUrl: null,
    // Tests read links from the log when no SMTP sink is configured (the development mode).
    mailMode: 'log',
    emailFrom: 'Assay <no-reply@assay.test>',
    secretsKey: TEST_SECRETS_KEY,
    logLevel: 'debug',
    // Nothing a test registers can leave the machine: loopback receivers only, names resolved by
    // the stub of test/global-setup.ts (never a real resolver).
    // Off unless a test turns them on (test/security/rate-limits.test.ts).
    rateLimits: { api: null, public: null, unauthenticated: null },
    trustProxyHops: 0,
    trustedProxies: DEFAULT_TRUSTED_PROXIES,
    invites: { perOrgPerHour: 100, perRecipientPerDay: 5, resendCooldownMinutes: 60 },
    reportWaitSeconds: 5,
    maxLiveClaimsPerValidator: DEFAULT_MAX_LIVE_CLAIMS,
    mcpMaxWaitsPerKey: DEFAULT_MCP_WAITS_PER_KEY,
    quotas: DEFAULT_QUOTAS,
    http: DEFAULT_HTTP_TIMEOUTS,
    uploadFileLists: DEFAULT_UPLOAD_FILE_LISTS,
    requestBodies: DEFAULT_REQUEST_BODIES,
    webhooks: {
      receivers: ['loopback'],
      dnsServers: [inject('dnsServer')],
      maxEndpointsPerOrg: 20,
      disableAfterFailures: 100,
      ...DEFAULT_WEBHOOK_DELIVERY,
      // Eight slots, as many as a test needs: every test file's worker shares one Postgres, and
      // 64 slots would open more job-queue connections than the tests' server allows.
      concurrency: 8,
    },
    ...overrides,
    databaseDirectUrl: overrides.databaseDirectUrl ?? overrides.databaseUrl,
  };
}
