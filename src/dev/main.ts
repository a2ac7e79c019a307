// `make dev`: the whole service on one machine with nothing but npm. Starts PostgreSQL and an
// S3 server under ./.data (kept across restarts), migrates, seeds the development organization
// with a fresh originator key and a report signing key, and runs API + MCP + worker in this
// process. Prints the URLs and the key and writes them to .data/dev.env. Ctrl-C stops it all.
import { randomBytes } from 'node:crypto';
import { writeFileSync, existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startDevStack } from './stack.ts';
import { seedDev } from './seed.ts';
import { migrate } from '../db/migrate.ts';
import { createSql } from '../db/client.ts';
import { loadConfig } from '../config.ts';
import { startServer } from '../server.ts';
import { startWorker } from '../jobs/worker.ts';
import { surviveLostConnections } from '../crash-guard.ts';
import { createLogger } from '../log.ts';
import { generateSigningKeyPem } from '../domain/signing.ts';
import { documents } from '../generated/operations.ts';
import { devLimits } from './limits.ts';

const dataDir = resolve(process.env.ASSAY_DATA_DIR ?? '.data');
const port = Number(process.env.PORT ?? 3000);

surviveLostConnections(createLogger('info'));
const stack = await startDevStack({ dataDir, persistent: true });
const stopAll: (() => Promise<void>)[] = [() => stack.stop()];
let stopping = false;
async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    for (const stop of stopAll) await stop().catch((err: unknown) => console.error('stop failed:', err));
  }
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  await migrate(stack.databaseUrl, { quiet: true });
  const sql = createSql(stack.databaseUrl, { max: 2 });
  const { apiKey } = await seedDev(sql);
  await sql.end({ timeout: 5 });

  // A development signing key, created once and kept with the rest of the dev data.
  const keyFile = join(dataDir, 'signing-key.pem');
  if (!existsSync(keyFile)) writeFileSync(keyFile, generateSigningKeyPem(), { mode: 0o600 });
  // The key that seals webhook secrets in the database, likewise created once.
  const secretsFile = join(dataDir, 'secrets-key');
  if (!existsSync(secretsFile)) writeFileSync(secretsFile, randomBytes(32).toString('base64'), { mode: 0o600 });

  const config = loadConfig(
    {
      ...process.env,
      DATABASE_URL: stack.databaseUrl,
      S3_ENDPOINT: stack.s3.endpoint,
      S3_REGION: stack.s3.region,
      S3_BUCKET: stack.s3.bucket,
      S3_ACCESS_KEY_ID: stack.s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: stack.s3.secretAccessKey,
      PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL ?? `http://127.0.0.1:${port}`,
      PORT: String(port),
      SIGNING_KEY: readFileSync(keyFile, 'utf8'),
      SECRETS_KEY: readFileSync(secretsFile, 'utf8').trim(),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      // Local receivers (scripts/webhook-receiver.ts) are loopback: allowed in development only.
      // Without SMTP_URL, emails (and their sign-in links) go to the log: development only.
      MAIL_MODE: process.env.MAIL_MODE ?? (process.env.SMTP_URL ? 'smtp' : 'log'),
      WEBHOOK_RECEIVERS: process.env.WEBHOOK_RECEIVERS ?? 'public,loopback',
      // Limits sized for a local test suite, not for a shared deployment (src/dev/limits.ts).
      ...devLimits(process.env),
    },
    { db: true, s3: true, http: true, secrets: true },
  );

  const server = await startServer(config);
  stopAll.unshift(() => server.close());
  const worker = await startWorker(config);
  stopAll.unshift(() => worker.stop());

  // DATABASE_URL lets the admin CLI (`npm run assay -- admin ...`) work on the dev database.
  const env = {
    BASE_URL: `${server.url}${documents.developer.server}`,
    MCP_URL: `${server.url}/mcp`,
    API_KEY: apiKey,
    DATABASE_URL: stack.databaseUrl,
  };
  // `export`, so that `. .data/dev.env` hands them to the programs started after it.
  writeFileSync(
    join(dataDir, 'dev.env'),
    Object.entries(env)
      .map(([k, v]) => `export ${k}='${v}'`)
      .join('\n') + '\n',
    { mode: 0o600 },
  );
  console.log(`
Assay is running (data in ${dataDir}).
  BASE_URL=${env.BASE_URL}
  MCP_URL=${env.MCP_URL}
  API_KEY=${env.API_KEY}
  JWKS: ${server.url}/.well-known/jwks.json
  API reference: ${server.url}/docs
  Web app: ${server.url}/app/ (sign-in links are printed in this log: no SMTP_URL, MAIL_MODE=log)
These are also in ${join(dataDir, 'dev.env')} (\`. .data/dev.env\`). Ctrl-C stops everything.`);
} catch (err) {
  console.error('make dev failed:', err instanceof Error ? err.message : err);
  await shutdown(1);
}
