// Configuration fails closed and lists every problem at once.
import { describe, expect, it } from 'vitest';
import { chmodSync, chownSync, statSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, DEFAULT_TRUSTED_PROXIES, loadConfig } from '../../src/config.ts';

const full = {
  DATABASE_URL: 'postgres://u:p@db.internal:5432/assay',
  S3_ENDPOINT: 'https://s3.example.com',
  S3_BUCKET: 'assay',
  S3_ACCESS_KEY_ID: 'AK',
  S3_SECRET_ACCESS_KEY: 'SK',
  PUBLIC_BASE_URL: 'https://assay.example.com',
};

describe('loadConfig', () => {
  it('lists every missing key for the server in one error', () => {
    let err: ConfigError | undefined;
    try {
      loadConfig({}, { db: true, s3: true, http: true });
    } catch (e) {
      err = e as ConfigError;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect(err!.problems).toEqual([
      'DATABASE_URL is required',
      'S3_ENDPOINT is required',
      'S3_BUCKET is required',
      'S3_ACCESS_KEY_ID is required',
      'S3_SECRET_ACCESS_KEY is required',
      'PUBLIC_BASE_URL is required',
    ]);
  });

  it('asks only for what the entry point needs', () => {
    expect(loadConfig({ DATABASE_URL: full.DATABASE_URL }, { db: true }).databaseUrl).toBe(full.DATABASE_URL);
  });

  it.each([
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres: or postgresql: URL'],
    [{ PORT: '70000' }, 'PORT must be an integer 0..65535'],
    [{ S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE must be true or false'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of debug, info, warn, error, silent'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL must be a smtp: or smtps: URL'],
  ])('refuses %j', (env, problem) => {
    expect(() => loadConfig({ ...full, ...env }, { db: true, s3: true, http: true })).toThrow(problem);
  });

  it('sends mail from the public host unless EMAIL_FROM says otherwise', () => {
    expect(
      loadConfig({ ...full, PUBLIC_BASE_URL: 'https://assay.example.com/' }, { db: true, s3: true, http: true })
        .emailFrom,
    ).toBe('Assay <no-reply@assay.example.com>');
    expect(
      loadConfig({ ...full, EMAIL_FROM: 'QA <qa@example.org>' }, { db: true, s3: true, http: true }).emailFrom,
    ).toBe('QA <qa@example.org>');
  });

  it('needs a mail transport for serve and worker unless the development mail mode is named', () => {
    expect(() => loadConfig(full, { db: true, s3: true, http: true, mail: true })).toThrow(
      /SMTP_URL is required.*MAIL_MODE=log/,
    );
    expect(loadConfig({ ...full, SMTP_URL: 'smtp://mail.internal:25' }, { db: true, mail: true }).mailMode).toBe(
      'smtp',
    );
    expect(loadConfig({ ...full, MAIL_MODE: 'log' }, { db: true, mail: true }).mailMode).toBe('log');
    expect(() =>
      loadConfig({ ...full, MAIL_MODE: 'log', SMTP_URL: 'smtp://mail.internal:25' }, { db: true, mail: true }),
    ).toThrow(/unset SMTP_URL or MAIL_MODE/);
    expect(() => loadConfig({ ...full, MAIL_MODE: 'print' }, { db: true })).toThrow(/MAIL_MODE must be/);
  });

  it('webhook receivers are public by default; private ranges cannot be configured', () => {
    expect(loadConfig(full, { db: true }).webhooks).toEqual({
      receivers: ['public'],
      dnsServers: null,
      maxEndpointsPerOrg: 20,
      disableAfterFailures: 100,
      concurrency: 64,
      perEndpoint: 48,
      perOrg: 48,
      latencyBudgetMs: 5000,
    });
    expect(
      loadConfig(
        { ...full, WEBHOOK_RECEIVERS: 'public, loopback', WEBHOOK_DNS_SERVERS: '127.0.0.1:5353' },
        { db: true },
      ).webhooks,
    ).toMatchObject({ receivers: ['public', 'loopback'], dnsServers: ['127.0.0.1:5353'] });
    for (const bad of ['private', 'public,private', 'all', ',']) {
      expect(() => loadConfig({ ...full, WEBHOOK_RECEIVERS: bad }, { db: true })).toThrow(/WEBHOOK_RECEIVERS must be/);
    }
  });

  it('rate limits: defaults, <requests>/<seconds>, off', () => {
    expect(loadConfig(full, { db: true }).rateLimits).toEqual({
      api: { points: 600, windowSeconds: 60 },
      public: { points: 30, windowSeconds: 60 },
      unauthenticated: { points: 300, windowSeconds: 60 },
    });
    expect(loadConfig({ ...full, RATE_LIMIT_API: '10/1', RATE_LIMIT_PUBLIC: 'off' }, { db: true }).rateLimits).toEqual({
      api: { points: 10, windowSeconds: 1 },
      public: null,
      unauthenticated: { points: 300, windowSeconds: 60 },
    });
    for (const bad of ['10', '0/60', '10/0', 'lots'])
      expect(() => loadConfig({ ...full, RATE_LIMIT_API: bad }, { db: true })).toThrow(/RATE_LIMIT_API must be/);
  });

  it('TRUSTED_PROXIES: loopback and private ranges by default, or the list given; anything else refused', () => {
    expect(loadConfig(full, { db: true }).trustedProxies).toEqual(DEFAULT_TRUSTED_PROXIES);
    expect(loadConfig({ ...full, TRUSTED_PROXIES: '192.0.2.10, 2001:db8::/32' }, { db: true }).trustedProxies).toEqual([
      '192.0.2.10',
      '2001:db8::/32',
    ]);
    for (const bad of ['proxy.internal', '10.0.0.0/33', '10.0.0.0/x'])
      expect(() => loadConfig({ ...full, TRUSTED_PROXIES: bad }, { db: true })).toThrow(/TRUSTED_PROXIES must be/);
  });

  it('SIGNING_KEY_FILE: read when only its owner can access it, refused otherwise', () => {
    const dir = mkdtempSync(join(tmpdir(), 'assay-key-'));
    try {
      const file = join(dir, 'signing.pem');
      writeFileSync(file, '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIA==\n-----END PRIVATE KEY-----\n', {
        mode: 0o600,
      });
      expect(loadConfig({ ...full, SIGNING_KEY_FILE: file }, { db: true }).signingKey).toContain('BEGIN PRIVATE KEY');
      const refused = (mode: number) => {
        chmodSync(file, mode);
        expect(() => loadConfig({ ...full, SIGNING_KEY_FILE: file }, { db: true }), mode.toString(8)).toThrow(
          /accessible by group or others.*chmod 600/,
        );
      };
      // Owned by root (the tests run as root here and in CI): its group may read it, no more.
      if (statSync(file).uid === 0) {
        for (const mode of [0o640, 0o440, 0o400]) {
          chmodSync(file, mode);
          expect(loadConfig({ ...full, SIGNING_KEY_FILE: file }, { db: true }).signingKey, mode.toString(8)).toContain(
            'BEGIN PRIVATE KEY',
          );
        }
        for (const mode of [0o604, 0o660, 0o644, 0o650]) refused(mode);
        // The same 0640 owned by anyone else (nobody) is refused.
        chownSync(file, 65534, 65534);
      }
      for (const mode of [0o640, 0o604, 0o660, 0o644]) refused(mode);
      chmodSync(file, 0o600);
      expect(() => loadConfig({ ...full, SIGNING_KEY_FILE: file, SIGNING_KEY: 'x' }, { db: true })).toThrow(/not both/);
      expect(() => loadConfig({ ...full, SIGNING_KEY_FILE: join(dir, 'missing.pem') }, { db: true })).toThrow(
        /cannot be read \(ENOENT\)/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads a secret from KEY_FILE (a mounted secret), never from both', () => {
    const dir = mkdtempSync(join(tmpdir(), 'assay-secret-'));
    try {
      const file = join(dir, 'database-url');
      writeFileSync(file, 'postgres://u:from-file@db.internal:5432/assay\n');
      const { DATABASE_URL: _, ...rest } = full;
      expect(loadConfig({ ...rest, DATABASE_URL_FILE: file }, { db: true }).databaseUrl).toBe(
        'postgres://u:from-file@db.internal:5432/assay',
      );
      expect(() => loadConfig({ ...full, DATABASE_URL_FILE: file }, { db: true })).toThrow(/not both/);
      expect(() => loadConfig({ ...rest, DATABASE_URL_FILE: join(dir, 'none') }, { db: true })).toThrow(
        /DATABASE_URL_FILE .* cannot be read \(ENOENT\)/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('returns a frozen object with defaults that are not secrets', () => {
    const c = loadConfig(full, { db: true, s3: true, http: true });
    expect(Object.isFrozen(c)).toBe(true);
    expect(Object.isFrozen(c.s3)).toBe(true);
    expect(c).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      signingKey: null,
      smtpUrl: null,
      logLevel: 'info',
      s3: { region: 'us-east-1', forcePathStyle: true },
    });
  });
});
