// An in-process Assay server over a fresh database cloned from the migrated template, with a
// seeded world: organization A (originator, plain member, key without actor) and organization B.
import { connect } from 'node:net';
import { createTestDatabase } from './db.ts';
import { testConfig } from './config.ts';
import { startServer } from '../../src/server.ts';
import { Api } from '../../src/http/api.ts';
import { buildHandlers } from '../../src/handlers/index.ts';
import { startWorker, type WorkerOptions } from '../../src/jobs/worker.ts';
import { createLogger } from '../../src/log.ts';
import { addMember, createApiKey, createOrganization, createUser } from '../../src/admin/admin.ts';
import { operationTable, type OperationId } from '../../src/generated/operations.ts';
import type { HandlerResult } from '../../src/generated/handlers.ts';
import type { components } from '../../src/generated/openapi-types.ts';
import { expectContract, warmContract } from './contract.ts';
import type { Sql } from '../../src/db/client.ts';
import type { Config } from '../../src/config.ts';

interface Org {
  id: string;
  code: string;
  originatorKey: string;
  originatorUserId: string;
}

export interface TestApp {
  url: string;
  sql: Sql;
  /** The test database, for a second server on the same data (e.g. with another configuration). */
  databaseUrl: string;
  orgA: Org & { memberKey: string; noActorKey: string; revokedKey: string; expiredKey: string };
  orgB: Org;
  logs: string[];
  close(): Promise<void>;
}

let seq = 0;
async function seedOrg(sql: Sql, code: string): Promise<Org> {
  const org = await createOrganization(sql, { name: `Org ${code}`, code });
  const user = await createUser(sql, {
    email: `owner-${code.toLowerCase()}@example.com`,
    subject: `test|owner-${code}`,
  });
  await addMember(sql, { orgId: org.id, userId: user.id, originator: true });
  const { key } = await createApiKey(sql, { orgId: org.id, userId: user.id });
  return { id: org.id, code, originatorKey: key, originatorUserId: user.id };
}

/**
 * `worker: true` runs a job worker beside the server; an object passes it worker options.
 * `config` overrides parts of the test configuration (e.g. `smtpUrl` of an SMTP sink).
 */
export async function startTestApp(
  options: {
    worker?: boolean | WorkerOptions;
    config?: Partial<Config>;
    /** Configuration derived from the test database's URL (a pooler in front of it); stopped on close. */
    connect?: (databaseUrl: string) => Promise<{ config: Partial<Config>; stop(): Promise<void> }>;
  } = {},
): Promise<TestApp> {
  // The server's validators compile once per process (seconds, holding the event loop): first,
  // before this app opens a connection whose connect timeout the compile could run out.
  await Api.create(buildHandlers());
  const [db] = await Promise.all([createTestDatabase(), warmContract()]);
  const n = ++seq;
  const orgA = await seedOrg(db.sql, `ORGA${n}`);
  const orgB = await seedOrg(db.sql, `ORGB${n}`);
  const member = await createUser(db.sql, { email: `member-${n}@example.com`, subject: `test|member-${n}` });
  await addMember(db.sql, { orgId: orgA.id, userId: member.id, validator: true });
  const memberKey = (await createApiKey(db.sql, { orgId: orgA.id, userId: member.id })).key;
  const noActorKey = (await createApiKey(db.sql, { orgId: orgA.id, userId: null })).key;
  const revoked = await createApiKey(db.sql, { orgId: orgA.id, userId: orgA.originatorUserId });
  await db.sql`update api_keys set revoked_at = now() where id = ${revoked.id}`;
  const expiredKey = (
    await createApiKey(db.sql, {
      orgId: orgA.id,
      userId: orgA.originatorUserId,
      expiresAt: new Date(Date.now() - 1000),
    })
  ).key;

  const logs: string[] = [];
  const log = createLogger('debug', (l) => logs.push(l));
  const connected = await options.connect?.(db.databaseUrl);
  const config = testConfig({ ...options.config, databaseUrl: db.databaseUrl, port: 0, ...connected?.config });
  const server = await startServer(config, { log });
  const workerOptions = typeof options.worker === 'object' ? options.worker : {};
  const worker = options.worker
    ? await startWorker(config, { concurrency: 2, log, sweepIntervalMs: 500, ...workerOptions })
    : null;
  return {
    url: server.url,
    sql: db.sql,
    databaseUrl: db.databaseUrl,
    orgA: { ...orgA, memberKey, noActorKey, revokedKey: revoked.key, expiredKey },
    orgB,
    logs,
    async close() {
      await worker?.stop();
      await server.close();
      await connected?.stop();
      await db.drop();
    },
  };
}

export interface CallOptions {
  key?: string | null;
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  /** Skip the contract check (for deliberately invalid requests that still get checked by hand). */
  unchecked?: boolean;
}

type ErrorEnvelope = components['schemas']['ErrorEnvelope'];
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
/** Every success body of the operation at once (a 200 and a 202 body: the fields of both). */
type SuccessBody<K extends OperationId> = UnionToIntersection<Exclude<HandlerResult<K>['body'], undefined>>;

/**
 * What `call` answers for operation K. Its body is typed by the operation's responses: the
 * fields of its success bodies and the error envelope's, together, so that a test reads either
 * after asserting the status (which the type cannot see) and a misspelt field fails the type
 * check. The contract check (expectContract) proves the body is the one its status declares.
 */
export interface CallResult<K extends OperationId> {
  status: number;
  headers: Headers;
  body: SuccessBody<K> & ErrorEnvelope;
}

/**
 * A response of no one operation: `raw` requests (bytes the contract may not describe) and tables
 * over every operation. Its body is whatever JSON came back, unchecked by the type.
 */
export interface RawResult {
  status: number;
  headers: Headers;
  body: any;
}

/** Calls an operation by operationId over real HTTP and checks the response against the contract. */
export async function call<K extends OperationId>(
  app: TestApp,
  operationId: K,
  opts: CallOptions = {},
): Promise<CallResult<K>> {
  const info = operationTable[operationId];
  const path = info.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(opts.params?.[name] ?? `missing-${name}`),
  );
  const qs = opts.query
    ? '?' + new URLSearchParams(Object.entries(opts.query).map(([k, v]) => [k, String(v)])).toString()
    : '';
  // The operation's server: /developer/v1, or the root (validator API, JWKS) whose paths are full.
  const prefix = info.server === '/' ? '' : info.server;
  const res = await raw(app, info.method.toUpperCase(), `${prefix}${path}${qs}`, {
    key: opts.key === undefined ? app.orgA.originatorKey : opts.key,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    contentType: opts.body === undefined ? undefined : 'application/json',
  });
  if (!opts.unchecked) await expectContract(operationId, res);
  return res as CallResult<K>;
}

export async function raw(
  app: TestApp,
  method: string,
  path: string,
  opts: { key?: string | null; body?: string; contentType?: string; headers?: Record<string, string> } = {},
): Promise<RawResult> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  if (opts.contentType) headers['content-type'] = opts.contentType;
  const res = await fetch(app.url + path, { method, headers, body: opts.body, redirect: 'manual' });
  const text = await res.text();
  let body: unknown;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: res.status, headers: res.headers, body };
}

/**
 * Sends only a POST's request head (no body) to `app` and returns what the server answers, up to
 * its blank line: for refusals a server must make before reading a body.
 */
export function postHeadOnly(app: TestApp, path: string, headers: Record<string, string>): Promise<string> {
  const { port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
      socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${lines.join('')}\r\n`);
    });
    let data = '';
    socket.on('data', (d) => {
      data += d.toString('latin1');
      if (data.includes('\r\n\r\n')) {
        resolve(data);
        socket.destroy();
      }
    });
    socket.on('error', reject);
  });
}
