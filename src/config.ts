// Configuration is read once, at start, into a frozen typed object. Every missing or invalid
// key is listed in one error and the process exits: nothing fails open (no default secrets,
// no default database password), and nothing reads the environment at import time.
import { readFileSync, statSync } from 'node:fs';
import ipaddr from 'ipaddr.js';

export interface Config {
  readonly databaseUrl: string;
  /**
   * DATABASE_DIRECT_URL: a connection that bypasses any pooler, for what needs a session of its
   * own: migrations (their advisory lock) and the worker's LISTEN. Default: DATABASE_URL.
   */
  readonly databaseDirectUrl: string;
  /** Connections to Postgres (docs/operations.md, "Connections and PgBouncer"). */
  readonly database: {
    /** DATABASE_POOL_SIZE: the process's main pool (default: 10 for serve, 12 for worker). */
    readonly poolSize: number | null;
    /** JOB_QUEUE_POOL_SIZE: the worker's job queue pool (default: its task sets' concurrency + 1 each, + 1). */
    readonly jobQueuePoolSize: number | null;
    /** DATABASE_POOL_MODE=transaction: DATABASE_URL is a pooler in transaction mode (default `session`). */
    readonly transactionMode: boolean;
    /** DATABASE_PREPARED_STATEMENTS (default true): false sends every statement unnamed. */
    readonly prepare: boolean;
  };
  readonly s3: {
    readonly endpoint: string;
    readonly region: string;
    readonly bucket: string;
    readonly accessKeyId: string;
    readonly secretAccessKey: string;
    readonly forcePathStyle: boolean;
    /**
     * S3_PUBLIC_ENDPOINT: the endpoint presigned URLs name, when clients reach the store at
     * another address than the processes do (compose: `http://s3:9000` inside, the published
     * port outside). Only signing uses it; every request of the processes goes to `endpoint`.
     * null: presigned URLs name `endpoint`.
     */
    readonly publicEndpoint: string | null;
  };
  readonly publicBaseUrl: string;
  readonly host: string;
  readonly port: number;
  /**
   * OTEL_EXPORTER_OTLP_ENDPOINT: the OTLP/HTTP collector spans are sent to (src/tracing.ts; the
   * exporter reads the other OTEL_EXPORTER_OTLP_* variables itself). null: tracing is off.
   */
  readonly otlpEndpoint: string | null;
  /** WORKER_PORT: where `assay worker` serves /healthz and /readyz (on HOST); null: no listener. */
  readonly workerPort: number | null;
  /** PKCS#8 PEM of the Ed25519 report signing key; null when reports cannot be signed. */
  readonly signingKey: string | null;
  readonly smtpUrl: string | null;
  /**
   * MAIL_MODE: `smtp` (default: SMTP_URL is required by serve and worker) or `log` (development:
   * without SMTP_URL, emails, with their sign-in links and recipients, are written to the log).
   */
  readonly mailMode: 'smtp' | 'log';
  /** Sender of invitation and sign-in emails (EMAIL_FROM). */
  readonly emailFrom: string;
  /**
   * Base64 of 32 random bytes: the AES-256-GCM key that seals secrets stored in the database
   * (webhook signing secrets). Required by the API and the worker; null for tools that need
   * neither (migrate, admin).
   */
  readonly secretsKey: string | null;
  readonly logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Request rate limits (docs/security.md); a policy is null when switched off. */
  readonly rateLimits: {
    /** RATE_LIMIT_API: per API key (REST and MCP together) and per validator session; default 600/60. */
    readonly api: { readonly points: number; readonly windowSeconds: number } | null;
    /** RATE_LIMIT_PUBLIC: per client address on the public validator operations; default 30/60. */
    readonly public: { readonly points: number; readonly windowSeconds: number } | null;
    /**
     * RATE_LIMIT_UNAUTHENTICATED: per client address and process, in memory, before any database
     * work: requests without a credential and failed authentications; default 300/60.
     */
    readonly unauthenticated: { readonly points: number; readonly windowSeconds: number } | null;
  };
  /** TRUST_PROXY_HOPS: proxies in front whose X-Forwarded-For is believed (default 0). */
  readonly trustProxyHops: number;
  /**
   * TRUSTED_PROXIES: the addresses (CIDR ranges, comma-separated) those proxies connect from; a
   * peer outside them is the client whatever X-Forwarded-For says. Default: loopback and private.
   */
  readonly trustedProxies: readonly string[];
  /** Invitation email limits (docs/security.md). */
  readonly invites: {
    /** INVITE_EMAILS_PER_ORG_PER_HOUR (default 100). */
    readonly perOrgPerHour: number;
    /** INVITE_EMAILS_PER_RECIPIENT_PER_DAY, all organizations together (default 5). */
    readonly perRecipientPerDay: number;
    /** INVITE_RESEND_COOLDOWN_MINUTES: before the same invite is emailed again (default 60). */
    readonly resendCooldownMinutes: number;
  };
  /**
   * REPORT_WAIT_SECONDS: how long a request for an export or a Proof Report that is being
   * produced by its job waits for it before answering that it is being prepared (default 5; 0
   * answers at once).
   */
  readonly reportWaitSeconds: number;
  /** MAX_LIVE_CLAIMS_PER_VALIDATOR: live claims one validator may hold on one project (default 10). */
  readonly maxLiveClaimsPerValidator: number;
  /**
   * MCP_MAX_WAITS_PER_KEY: MCP wait tools (long polls) one API key may have running at once in
   * one server process (default 4); one more is `rate_limited`.
   */
  readonly mcpMaxWaitsPerKey: number;
  /** Quotas of content, files and sessions (docs/security.md, "Quotas"). */
  readonly quotas: Quotas;
  /** HTTP server timeouts (docs/security.md, "Slow clients"). */
  readonly http: {
    /** HTTP_HEADERS_TIMEOUT_MS: to receive a request's headers (default 10,000). */
    readonly headersTimeoutMs: number;
    /** HTTP_REQUEST_TIMEOUT_MS: to receive a whole request, body included (default 30,000). */
    readonly requestTimeoutMs: number;
    /** HTTP_KEEP_ALIVE_TIMEOUT_MS: an idle keep-alive socket is closed after (default 65,000). */
    readonly keepAliveTimeoutMs: number;
  };
  /**
   * Upload sessions' file lists served by GET (src/handlers/uploads.ts `getUploadSession`,
   * docs/security.md "Reading full sessions").
   */
  readonly uploadFileLists: {
    /** UPLOAD_FILE_LIST_CACHE_BYTES: the lists a server process keeps, together (default 32 MiB; 0: none). */
    readonly cacheBytes: number;
    /**
     * UPLOAD_FILE_LIST_BUILD_BYTES_PER_SECOND and UPLOAD_FILE_LIST_BUILD_BURST_BYTES: list bytes an
     * organization may have built from the database per second, and at once (defaults 2 MiB, 8
     * MiB); a GET over the budget waits, it is not refused.
     */
    readonly buildBytesPerSecond: number;
    readonly buildBurstBytes: number;
    /**
     * UPLOAD_FILE_LIST_READ_BYTES_PER_SECOND and UPLOAD_FILE_LIST_READ_BURST_BYTES: list bytes an
     * organization may have answered per second, and at once, whether from the cache or built
     * (defaults 32 MiB, 64 MiB); a GET over the budget waits, it is not refused.
     */
    readonly readBytesPerSecond: number;
    readonly readBurstBytes: number;
  };
  /**
   * REQUEST_BODY_BYTES_PER_SECOND and REQUEST_BODY_BURST_BYTES: bytes of large request bodies
   * (64 KiB or more, or of no declared length), and of their answers, a server process handles per
   * organization (per address without one) each second, and at once (defaults 1 MiB, 4 MiB); a
   * request over the budget waits before its body is read, up to 10 s (src/http/pipeline.ts
   * `readBody`).
   */
  readonly requestBodies: {
    readonly bytesPerSecond: number;
    readonly burstBytes: number;
  };
  /** Webhook egress and limits (docs/security.md). */
  readonly webhooks: {
    /**
     * WEBHOOK_RECEIVERS: the address classes a receiver may have. Default `public`; `make dev`
     * sets `public,loopback`, the tests and `make fuzz` `loopback`. Private ranges never.
     */
    readonly receivers: readonly ('public' | 'loopback')[];
    /** WEBHOOK_DNS_SERVERS: resolvers for receiver names (`host[:port]`, comma-separated); null: the system's. */
    readonly dnsServers: readonly string[] | null;
    /** WEBHOOK_MAX_ENDPOINTS: endpoints per organization (default 20). */
    readonly maxEndpointsPerOrg: number;
    /** WEBHOOK_DISABLE_AFTER_FAILURES: consecutive failed attempts that disable an endpoint (default 100). */
    readonly disableAfterFailures: number;
    /**
     * WEBHOOK_LATENCY_BUDGET_MS: an attempt that takes longer counts against the endpoint like a
     * failed one (it never resets the count), even when it succeeds (default 5,000).
     */
    readonly latencyBudgetMs: number;
    /** WEBHOOK_CONCURRENCY: deliveries in flight per worker process (default 64). */
    readonly concurrency: number;
    /** WEBHOOK_ENDPOINT_CONCURRENCY: deliveries in flight per endpoint, per worker process (default 48). */
    readonly perEndpoint: number;
    /** WEBHOOK_ORG_CONCURRENCY: deliveries in flight per organization, per worker process (default 48). */
    readonly perOrg: number;
  };
}

export interface Quotas {
  /** UPLOAD_MAX_FILES_PER_SESSION: files one upload session may hold (default 10,000). */
  readonly maxFilesPerSession: number;
  /** UPLOAD_MAX_OPEN_SESSIONS_PER_ORG: upload sessions of one organization open at once (default 1,000). */
  readonly maxOpenSessionsPerOrg: number;
  /** INGEST_MAX_DATAPOINTS_PER_RUN: datapoints one ingest run may write (default 20,000,000). */
  readonly maxDatapointsPerRun: number;
  /** INGEST_MAX_CONTENT_BYTES_PER_RUN: bytes of content (JSON text) one run may write (default 20 GiB). */
  readonly maxContentBytesPerRun: number;
  /** ORG_MAX_DATAPOINTS: datapoints one organization may hold (default 200,000,000). */
  readonly maxDatapointsPerOrg: number;
  /** ORG_MAX_CONTENT_BYTES: bytes of content one organization may hold (default 500 GiB). */
  readonly maxContentBytesPerOrg: number;
  /**
   * INGEST_BATCH_BYTES: the most record bytes the parser thread hands the writer at once; it
   * parses on only when the writer has taken them (default 4 MiB).
   */
  readonly ingestBatchBytes: number;
  /**
   * ORG_MAX_INVITES_PER_DAY: new invites (with or without an email) one organization may create
   * in 24 hours (default 10,000).
   */
  readonly maxInvitesPerOrgPerDay: number;
}

const GiB = 1024 ** 3;
/** The quotas unless the environment says otherwise (docs/security.md lists them). */
export const DEFAULT_QUOTAS: Quotas = Object.freeze({
  maxFilesPerSession: 10_000,
  maxOpenSessionsPerOrg: 1_000,
  maxDatapointsPerRun: 20_000_000,
  maxContentBytesPerRun: 20 * GiB,
  maxDatapointsPerOrg: 200_000_000,
  maxContentBytesPerOrg: 500 * GiB,
  ingestBatchBytes: 4 * 1024 * 1024,
  maxInvitesPerOrgPerDay: 10_000,
});

/**
 * Webhook delivery concurrency and latency budget (docs/webhooks.md): 48 in flight to one
 * endpoint deliver more than 300 a second to a receiver answering in 100 ms; an organization
 * takes at most 48 of a process's 64 slots, so the others stay free for other organizations.
 */
export const DEFAULT_WEBHOOK_DELIVERY = Object.freeze({
  latencyBudgetMs: 5_000,
  concurrency: 64,
  perEndpoint: 48,
  perOrg: 48,
});

export const DEFAULT_UPLOAD_FILE_LISTS = Object.freeze({
  // Three sessions at the file cap with the longest paths (about 10 MB each), and many small ones.
  cacheBytes: 32 * 1024 * 1024,
  // A full session's list (about 10 MB) costs the API tens of ms of CPU, and about 20 MB of
  // buffers (the socket's reads and their concatenation) that V8 answers with a full collection:
  // with --trace-gc, one mark-compact (10-35 ms paused) per build when full sessions are read in
  // turn (bench/README.md, hostile tenants). Held to one such build about every 5 s per
  // organization, after one at once: a burst of three (60 MB of buffers in a second) started a
  // full collection every few seconds while an organization read five full sessions in turn
  // (2026-11-30), where one at a time started none.
  buildBytesPerSecond: 2 * 1024 * 1024,
  buildBurstBytes: 8 * 1024 * 1024,
  // A list from the cache still costs the API about 8-10 ms of CPU per 10 MB answered (the
  // socket's writes, external memory the collector must account for): four readers of one
  // session in a loop took 10-18 answers a second and every other tenant's tail with them. About
  // three full sessions a second per organization, after six.
  readBytesPerSecond: 32 * 1024 * 1024,
  readBurstBytes: 64 * 1024 * 1024,
});

export const DEFAULT_REQUEST_BODIES = Object.freeze({
  // A declare of 1,000 files of 900-character paths is about 1 MB of body and 3 MB of answer (a key
  // and a signed URL per path): parsing, validating, writing and answering it costs the API tens of
  // ms of CPU, whose turns every tenant waits behind. One organization declaring in a loop kept the
  // other tenant's p99 at 1.5-3x its quiet figure (bench/README.md, hostile tenants). About one
  // such declare every four seconds per organization; a session's 10,000 files with 100-character
  // paths (about 12 MB of bodies and answers in 10 calls) take about 8 s (docs/decisions.md).
  bytesPerSecond: 1024 * 1024,
  burstBytes: 4 * 1024 * 1024,
});

/**
 * HTTP server timeouts. Idle keep-alive sockets live longer here than in clients (undici,
 * browsers, load balancers keep them for seconds to a minute), so it is always the client that
 * closes an idle socket: when the server closed first (Node's default, 5 s), a client sending its
 * next request at that moment got ECONNRESET.
 */
export const DEFAULT_HTTP_TIMEOUTS = Object.freeze({
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 65_000,
});

/** Live claims one validator may hold on one project unless MAX_LIVE_CLAIMS_PER_VALIDATOR says otherwise. */
export const DEFAULT_MAX_LIVE_CLAIMS = 10;
export const DEFAULT_MCP_WAITS_PER_KEY = 4;

/**
 * Where a reverse proxy connects from unless TRUSTED_PROXIES says otherwise: loopback and the
 * private ranges (a cluster's ingress, a sidecar). A client on the internet never has these.
 */
export const DEFAULT_TRUSTED_PROXIES: readonly string[] = Object.freeze([
  '127.0.0.0/8',
  '::1/128',
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  'fc00::/7',
]);

export interface ConfigNeeds {
  db?: boolean;
  s3?: boolean;
  http?: boolean;
  /** SECRETS_KEY: the API and the worker seal and open webhook secrets. */
  secrets?: boolean;
  /** A mail transport: SMTP_URL, unless MAIL_MODE=log names the development mode. */
  mail?: boolean;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`configuration is incomplete:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/**
 * Secrets that may come from a file named by KEY_FILE instead of the variable KEY (a Kubernetes
 * or compose secret mounted as a file). SIGNING_KEY_FILE has rules of its own (its mode).
 */
const SECRET_FILE_KEYS = new Set([
  'DATABASE_URL',
  'DATABASE_DIRECT_URL',
  'SECRETS_KEY',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'SMTP_URL',
]);

const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;

export function loadConfig(env: NodeJS.ProcessEnv, needs: ConfigNeeds): Config {
  const problems: string[] = [];
  const get = (key: string, required: boolean): string => {
    let v = env[key]?.trim() ?? '';
    // KEY_FILE for a secret: its value read from a file (how orchestrators mount secrets), never both.
    const file = SECRET_FILE_KEYS.has(key) ? (env[`${key}_FILE`]?.trim() ?? '') : '';
    if (file) {
      if (v) problems.push(`set ${key} or ${key}_FILE, not both`);
      try {
        v = readFileSync(file, 'utf8').trim();
      } catch (err) {
        problems.push(`${key}_FILE ${file} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
      }
    }
    if (required && v === '') problems.push(`${key} is required`);
    return v;
  };
  const url = (key: string, required: boolean, protocols: string[]): string => {
    const v = get(key, required);
    if (v === '') return v;
    try {
      const u = new URL(v);
      if (!protocols.includes(u.protocol)) problems.push(`${key} must be a ${protocols.join(' or ')} URL`);
    } catch {
      problems.push(`${key} is not a valid URL`);
    }
    return v;
  };
  const bool = (key: string, fallback: boolean): boolean => {
    const v = get(key, false).toLowerCase();
    if (v === '') return fallback;
    if (['true', '1', 'yes'].includes(v)) return true;
    if (['false', '0', 'no'].includes(v)) return false;
    problems.push(`${key} must be true or false`);
    return fallback;
  };

  const databaseUrl = url('DATABASE_URL', needs.db === true, ['postgres:', 'postgresql:']);
  const databaseDirectUrl = url('DATABASE_DIRECT_URL', false, ['postgres:', 'postgresql:']) || databaseUrl;
  const poolMode = get('DATABASE_POOL_MODE', false) || 'session';
  if (poolMode !== 'session' && poolMode !== 'transaction')
    problems.push('DATABASE_POOL_MODE must be `session` or `transaction`');
  const s3 = {
    endpoint: url('S3_ENDPOINT', needs.s3 === true, ['http:', 'https:']),
    region: get('S3_REGION', false) || 'us-east-1',
    bucket: get('S3_BUCKET', needs.s3 === true),
    accessKeyId: get('S3_ACCESS_KEY_ID', needs.s3 === true),
    secretAccessKey: get('S3_SECRET_ACCESS_KEY', needs.s3 === true),
    forcePathStyle: bool('S3_FORCE_PATH_STYLE', true),
    publicEndpoint: url('S3_PUBLIC_ENDPOINT', false, ['http:', 'https:']) || null,
  };
  const publicBaseUrl = url('PUBLIC_BASE_URL', needs.http === true, ['http:', 'https:']);
  const host = get('HOST', false) || '127.0.0.1';
  const portText = get('PORT', false) || '3000';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push('PORT must be an integer 0..65535');
  const workerPortText = get('WORKER_PORT', false);
  const workerPort = workerPortText === '' ? null : Number(workerPortText);
  if (workerPort !== null && (!Number.isInteger(workerPort) || workerPort < 0 || workerPort > 65535))
    problems.push('WORKER_PORT must be an integer 0..65535');
  const otlpEndpoint = url('OTEL_EXPORTER_OTLP_ENDPOINT', false, ['http:', 'https:']) || null;
  const logLevel = (get('LOG_LEVEL', false) || 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  let signingKey = get('SIGNING_KEY', false).replace(/\\n/g, '\n') || null;
  // SIGNING_KEY_FILE: the PEM in a file only its owner may read or write (like ssh's keys), or,
  // as PostgreSQL allows for its key file, one owned by root that its group may read (0640 or
  // less): how a secret is mounted for a non-root process (Kubernetes' fsGroup, a root-owned
  // file in the service's group). Anything more open is refused, not used.
  const signingKeyFile = get('SIGNING_KEY_FILE', false);
  if (signingKeyFile) {
    if (signingKey) problems.push('set SIGNING_KEY or SIGNING_KEY_FILE, not both');
    try {
      const { mode, uid } = statSync(signingKeyFile);
      const allowed = uid === 0 ? 0o640 : 0o600;
      if ((mode & 0o777 & ~allowed) !== 0)
        problems.push(
          `SIGNING_KEY_FILE ${signingKeyFile} is accessible by group or others (mode ` +
            `${(mode & 0o777).toString(8)}); chmod 600 it (or 640 when owned by root)`,
        );
      else signingKey = readFileSync(signingKeyFile, 'utf8');
    } catch (err) {
      problems.push(
        `SIGNING_KEY_FILE ${signingKeyFile} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
  }
  const smtpUrl = url('SMTP_URL', false, ['smtp:', 'smtps:']) || null;
  const emailFrom = get('EMAIL_FROM', false) || defaultSender(publicBaseUrl);
  const mailMode = (get('MAIL_MODE', false) || 'smtp') as Config['mailMode'];
  if (mailMode !== 'smtp' && mailMode !== 'log') problems.push('MAIL_MODE must be `smtp` or `log`');
  else if (mailMode === 'smtp' && needs.mail === true && !smtpUrl) {
    problems.push(
      'SMTP_URL is required to send invitation and sign-in emails (or MAIL_MODE=log in development: emails are then ' +
        'written to the log)',
    );
  } else if (mailMode === 'log' && smtpUrl)
    problems.push('MAIL_MODE=log writes emails to the log instead of sending them: unset SMTP_URL or MAIL_MODE');
  const secretsKey = get('SECRETS_KEY', needs.secrets === true) || null;
  // One key, or several separated by commas (newest first: it seals; all open): rotation.
  if (secretsKey !== null && !secretsKey.split(',').every((k) => isSecretsKey(k.trim())))
    problems.push(
      'SECRETS_KEY must be the base64 of 32 bytes (openssl rand -base64 32), or several such keys separated by ' +
        'commas (newest first)',
    );

  const int = (key: string, fallback: number, min: number, max: number): number => {
    const v = get(key, false);
    if (v === '') return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) problems.push(`${key} must be an integer ${min}..${max}`);
    return n;
  };
  const receivers = (get('WEBHOOK_RECEIVERS', false) || 'public')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  if (!receivers.length || receivers.some((r) => r !== 'public' && r !== 'loopback')) {
    problems.push(
      'WEBHOOK_RECEIVERS must be `public`, `loopback` or `public,loopback` (private ranges are never allowed)',
    );
  }
  const dnsText = get('WEBHOOK_DNS_SERVERS', false);
  const webhooks = {
    receivers: [...new Set(receivers)] as ('public' | 'loopback')[],
    dnsServers: dnsText
      ? dnsText
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : null,
    maxEndpointsPerOrg: int('WEBHOOK_MAX_ENDPOINTS', 20, 1, 10_000),
    disableAfterFailures: int('WEBHOOK_DISABLE_AFTER_FAILURES', 100, 1, 1_000_000),
    latencyBudgetMs: int('WEBHOOK_LATENCY_BUDGET_MS', DEFAULT_WEBHOOK_DELIVERY.latencyBudgetMs, 100, 15_000),
    concurrency: int('WEBHOOK_CONCURRENCY', DEFAULT_WEBHOOK_DELIVERY.concurrency, 1, 1_000),
    perEndpoint: int('WEBHOOK_ENDPOINT_CONCURRENCY', DEFAULT_WEBHOOK_DELIVERY.perEndpoint, 1, 1_000),
    perOrg: int('WEBHOOK_ORG_CONCURRENCY', DEFAULT_WEBHOOK_DELIVERY.perOrg, 1, 1_000),
  };
  const policy = (key: string, fallback: string) => {
    const v = get(key, false) || fallback;
    if (v === 'off') return null;
    const m = /^(\d+)\/(\d+)$/.exec(v);
    if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) {
      problems.push(`${key} must be <requests>/<seconds> (e.g. 600/60) or off`);
      return null;
    }
    return { points: Number(m[1]), windowSeconds: Number(m[2]) };
  };
  const rateLimits = {
    api: policy('RATE_LIMIT_API', '600/60'),
    public: policy('RATE_LIMIT_PUBLIC', '30/60'),
    unauthenticated: policy('RATE_LIMIT_UNAUTHENTICATED', '300/60'),
  };
  const trustProxyHops = int('TRUST_PROXY_HOPS', 0, 0, 10);
  const trustedProxies = (get('TRUSTED_PROXIES', false) || DEFAULT_TRUSTED_PROXIES.join(','))
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  for (const r of trustedProxies) {
    const [address, bits] = r.split('/');
    const ok = ipaddr.isValid(address!) && (bits === undefined || (/^\d+$/.test(bits) && ipaddr.isValidCIDR(r)));
    if (!ok) problems.push(`TRUSTED_PROXIES must be addresses or CIDR ranges separated by commas (not ${r})`);
  }
  const reportWaitSeconds = int('REPORT_WAIT_SECONDS', 5, 0, 60);
  const invites = {
    perOrgPerHour: int('INVITE_EMAILS_PER_ORG_PER_HOUR', 100, 1, 1_000_000),
    perRecipientPerDay: int('INVITE_EMAILS_PER_RECIPIENT_PER_DAY', 5, 1, 1_000),
    resendCooldownMinutes: int('INVITE_RESEND_COOLDOWN_MINUTES', 60, 0, 10_080),
  };

  const D = DEFAULT_QUOTAS;
  const quotas: Quotas = {
    maxFilesPerSession: int('UPLOAD_MAX_FILES_PER_SESSION', D.maxFilesPerSession, 1, 10_000_000),
    maxOpenSessionsPerOrg: int('UPLOAD_MAX_OPEN_SESSIONS_PER_ORG', D.maxOpenSessionsPerOrg, 1, 10_000_000),
    maxInvitesPerOrgPerDay: int('ORG_MAX_INVITES_PER_DAY', D.maxInvitesPerOrgPerDay, 1, 100_000_000),
    maxDatapointsPerRun: int('INGEST_MAX_DATAPOINTS_PER_RUN', D.maxDatapointsPerRun, 1, 2 ** 31 - 1),
    maxContentBytesPerRun: int('INGEST_MAX_CONTENT_BYTES_PER_RUN', D.maxContentBytesPerRun, 1, 2 ** 50),
    maxDatapointsPerOrg: int('ORG_MAX_DATAPOINTS', D.maxDatapointsPerOrg, 1, 2 ** 50),
    maxContentBytesPerOrg: int('ORG_MAX_CONTENT_BYTES', D.maxContentBytesPerOrg, 1, 2 ** 50),
    ingestBatchBytes: int('INGEST_BATCH_BYTES', D.ingestBatchBytes, 64 * 1024, 1024 ** 3),
  };

  const http = {
    headersTimeoutMs: int('HTTP_HEADERS_TIMEOUT_MS', DEFAULT_HTTP_TIMEOUTS.headersTimeoutMs, 100, 600_000),
    requestTimeoutMs: int('HTTP_REQUEST_TIMEOUT_MS', DEFAULT_HTTP_TIMEOUTS.requestTimeoutMs, 100, 3_600_000),
    keepAliveTimeoutMs: int('HTTP_KEEP_ALIVE_TIMEOUT_MS', DEFAULT_HTTP_TIMEOUTS.keepAliveTimeoutMs, 1_000, 600_000),
  };
  const U = DEFAULT_UPLOAD_FILE_LISTS;
  const uploadFileLists = {
    cacheBytes: int('UPLOAD_FILE_LIST_CACHE_BYTES', U.cacheBytes, 0, 2 ** 40),
    buildBytesPerSecond: int('UPLOAD_FILE_LIST_BUILD_BYTES_PER_SECOND', U.buildBytesPerSecond, 1, 2 ** 40),
    buildBurstBytes: int('UPLOAD_FILE_LIST_BUILD_BURST_BYTES', U.buildBurstBytes, 0, 2 ** 40),
    readBytesPerSecond: int('UPLOAD_FILE_LIST_READ_BYTES_PER_SECOND', U.readBytesPerSecond, 1, 2 ** 40),
    readBurstBytes: int('UPLOAD_FILE_LIST_READ_BURST_BYTES', U.readBurstBytes, 0, 2 ** 40),
  };
  const requestBodies = {
    bytesPerSecond: int('REQUEST_BODY_BYTES_PER_SECOND', DEFAULT_REQUEST_BODIES.bytesPerSecond, 1, 2 ** 40),
    burstBytes: int('REQUEST_BODY_BURST_BYTES', DEFAULT_REQUEST_BODIES.burstBytes, 0, 2 ** 40),
  };
  if (http.requestTimeoutMs < http.headersTimeoutMs)
    problems.push('HTTP_REQUEST_TIMEOUT_MS must be at least HTTP_HEADERS_TIMEOUT_MS');

  const optionalInt = (key: string, min: number, max: number): number | null =>
    get(key, false) === '' ? null : int(key, 0, min, max);
  const database = {
    poolSize: optionalInt('DATABASE_POOL_SIZE', 1, 1000),
    jobQueuePoolSize: optionalInt('JOB_QUEUE_POOL_SIZE', 2, 1000),
    transactionMode: poolMode === 'transaction',
    prepare: bool('DATABASE_PREPARED_STATEMENTS', true),
  };

  const maxLiveClaimsPerValidator = int('MAX_LIVE_CLAIMS_PER_VALIDATOR', DEFAULT_MAX_LIVE_CLAIMS, 1, 10_000);
  const mcpMaxWaitsPerKey = int('MCP_MAX_WAITS_PER_KEY', DEFAULT_MCP_WAITS_PER_KEY, 1, 1_000);

  if (problems.length) throw new ConfigError(problems);
  return deepFreeze({
    databaseUrl,
    databaseDirectUrl,
    database,
    s3,
    publicBaseUrl,
    host,
    port,
    workerPort,
    otlpEndpoint,
    signingKey,
    smtpUrl,
    mailMode,
    emailFrom,
    secretsKey,
    logLevel,
    rateLimits,
    trustProxyHops,
    trustedProxies,
    invites,
    reportWaitSeconds,
    maxLiveClaimsPerValidator,
    mcpMaxWaitsPerKey,
    quotas,
    http,
    uploadFileLists,
    requestBodies,
    webhooks,
  });
}

function isSecretsKey(value: string): boolean {
  return /^[A-Za-z0-9+/]{43}=$/.test(value) && Buffer.from(value, 'base64').length === 32;
}

/** `Assay <no-reply@host of PUBLIC_BASE_URL>`, so mail comes from the domain links point at. */
function defaultSender(publicBaseUrl: string): string {
  let host = 'localhost';
  try {
    if (publicBaseUrl) host = new URL(publicBaseUrl).hostname || host;
  } catch {
    // reported by the PUBLIC_BASE_URL check
  }
  return `Assay <no-reply@${host}>`;
}
