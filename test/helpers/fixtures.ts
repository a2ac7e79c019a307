// THE fixture module: every test that needs data the public API cannot make directly (datapoints
// without running an ingest, terminal decisions, slots, votes, claims, accepted invites...) gets
// it here, and every test that reads those tables to check a result reads them through here.
// SQL against datapoints, validation slots, votes, consensus decisions, ingest tables and the
// people tables lives in this file only: when the storage model changes (e.g. slots stop being
// one row per datapoint x validator), this is the one test file to change.
//
// Prefer the API: project(), invite(), webhookEndpoint(), uploadSession() and signInDirect()
// go through real requests; only what the API cannot do in one step is written with SQL.
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { call, type TestApp } from './app.ts';
import { validSpec } from '../fixtures/specs.ts';
import { putToUrl } from './uploads.ts';
import { addMember, createUser } from '../../src/admin/admin.ts';
import { issueSignInLink } from '../../src/validator/sign-in-links.ts';
import { TEST_SECRETS_KEY } from './config.ts';
import type { Sql } from '../../src/db/client.ts';

let n = 0;
const unique = () => `${Date.now().toString(36)}${(++n).toString(36)}${randomBytes(2).toString('hex')}`;

// ---------------------------------------------------------------- through the API

/** A project created through the API (validSpec: classes `senior` and `gpt`); returns its id. */
export async function project(app: TestApp, opts: { key?: string; spec?: object; name?: string } = {}): Promise<string> {
  const res = await call(app, 'createProject', { key: opts.key, body: { name: opts.name ?? `Fixture ${unique()}`, spec: opts.spec ?? validSpec() } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.projectId;
}

/** A pending invite created through the API; returns its id. */
export async function invite(app: TestApp, projectId: string, opts: { key?: string; email?: string; classId?: string } = {}): Promise<{ id: string; email: string }> {
  const email = opts.email ?? `invitee-${unique()}@example.com`;
  const body: Record<string, unknown> = { email, sendEmail: false };
  if (opts.classId) Object.assign(body, { classId: opts.classId, evidenceNote: 'Passed the reviewer exam' });
  const res = await call(app, 'createInvite', { key: opts.key, params: { projectId }, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.id, email };
}

/** A webhook endpoint registered through the API (the URL is loopback and never called without a worker). */
export async function webhookEndpoint(app: TestApp, opts: { key?: string; url?: string } = {}): Promise<string> {
  const res = await call(app, 'createWebhookEndpoint', { key: opts.key, body: { url: opts.url ?? 'http://127.0.0.1:9/hooks', eventTypes: ['datapoint.consensus_reached'] } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.webhookEndpointId;
}

/** An open upload session with the files declared; `put: true` also uploads their bytes. */
export async function uploadSession(app: TestApp, projectId: string, files: Record<string, string>, opts: { key?: string; put?: boolean } = {}): Promise<string> {
  const declared = Object.entries(files).map(([relPath, content]) => ({ relPath, size: Buffer.byteLength(content) }));
  const res = await call(app, 'createUploadSession', { key: opts.key, params: { projectId }, body: { files: declared } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  if (opts.put) {
    for (const f of res.body.files) {
      const put = await putToUrl(f.uploadUrl, files[f.relPath]!);
      expect(put.status, await put.text()).toBe(200);
    }
  }
  return res.body.uploadId;
}

/** Assigns a validator of the organization to a project through the API. */
export async function assign(app: TestApp, validatorId: string, projectId: string, key?: string): Promise<void> {
  const res = await call(app, 'assignValidator', { key, params: { validatorId }, body: { projects: [{ id: projectId }] } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/**
 * A validator session for `email`, through the real redemption endpoint: the sign-in link is
 * issued directly (as the emailing handler does), so no SMTP server is needed. A requested link
 * accepts no invite; `acceptInvites` accepts every pending one through the validator API, as the
 * person would.
 */
export async function signInDirect(app: TestApp, email: string, opts: { acceptInvites?: boolean } = {}): Promise<{ sessionToken: string; userId: string; acceptedInvites: number }> {
  const { token } = await app.sql.begin((tx) => issueSignInLink(tx, { email, publicBaseUrl: 'http://127.0.0.1', secretsKey: TEST_SECRETS_KEY }));
  const res = await call(app, 'createValidatorSession', { key: null, body: { token } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  if (opts.acceptInvites) {
    for (const inv of (await call(app, 'listMyInvites', { key: res.body.sessionToken })).body.data) {
      expect((await call(app, 'acceptMyInvite', { key: res.body.sessionToken, params: { inviteId: inv.inviteId } })).status).toBe(200);
    }
  }
  return res.body;
}

// ---------------------------------------------------------------- people (admin functions, not SQL)

/** A user who is a member of `orgId` with the given flags. */
export async function member(app: TestApp, orgId: string, flags: { validator?: boolean; originator?: boolean } = {}): Promise<{ id: string; email: string }> {
  const email = `person-${unique()}@example.com`;
  const user = await createUser(app.sql, { email, subject: `test|${email}` });
  await addMember(app.sql, { orgId, userId: user.id, ...flags });
  return { id: user.id, email };
}

// ---------------------------------------------------------------- data the API makes only by ingesting

/**
 * Inserts `n` datapoints (content may carry hostile text) in one completed run, with
 * `slotsPerDatapoint` open validation slots each (0: none, as a finalized-only fixture needs);
 * returns their ids in ingestion order.
 */
export async function addDatapoints(sql: Sql, projectId: string, n: number, opts: { content?: (i: number) => unknown; slotsPerDatapoint?: number } = {}): Promise<string[]> {
  const content = opts.content ?? ((i: number) => ({ id: String(i), text: `item ${i}` }));
  const [p] = await sql<{ org_id: string }[]>`select org_id from projects where id = ${projectId}`;
  const [session] = await sql<{ id: string }[]>`
    insert into upload_sessions (org_id, project_id, status, key_prefix) values (${p!.org_id}, ${projectId}, 'complete', ${'test/' + randomBytes(8).toString('hex')}) returning id`;
  const [run] = await sql<{ id: string }[]>`
    insert into ingest_runs (session_id, project_id, status, dry_run, skip_existing) values (${session!.id}, ${projectId}, 'ok', false, false) returning id`;
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    // Open slots are the datapoint's counter (src/lifecycle/slots.ts); rows exist only once claimed.
    const [row] = await sql<{ id: string }[]>`
      insert into datapoints (project_id, run_id, checksum, source_file, source_row, content, slots_open)
      values (${projectId}, ${run!.id}, ${randomBytes(32)}, 'a.csv', ${i + 1}, ${sql.json(content(i) as never)}, ${opts.slotsPerDatapoint ?? 0}) returning id`;
    ids.push(row!.id);
  }
  return ids;
}

/** Finalizes the given datapoints in that order with figures derived from their position. */
export async function finalize(sql: Sql, projectId: string, datapointIds: string[], synthetic = false): Promise<void> {
  for (const [i, id] of datapointIds.entries()) {
    const mean = (i * 37) % 101 + 0.25;
    await sql`
      insert into consensus_decisions (datapoint_id, project_id, quality_rating_mean, quality_rating_median, consensus_strength, contested, vote_count, synthetic_votes, escalations)
      values (${id}, ${projectId}, ${Math.min(mean, 100)}, ${Math.min(mean + 0.5, 100)}, ${0.5 + (i % 5) / 10}, false, 3, ${synthetic ? 3 : 0}, 0)`;
    await sql`update datapoints set finalized_at = now() where id = ${id}`;
  }
  if (synthetic) await sql`update projects set auto_consensus_used = true where id = ${projectId}`;
}

/** A project of `key`'s organization whose `n` datapoints have all reached terminal consensus. */
export async function finalizedProject(app: TestApp, n = 2, key?: string): Promise<{ projectId: string; datapointIds: string[] }> {
  const projectId = await project(app, { key });
  const datapointIds = await addDatapoints(app.sql, projectId, n);
  await finalize(app.sql, projectId, datapointIds);
  return { projectId, datapointIds };
}

// ---------------------------------------------------------------- "nothing was written"

/**
 * A fingerprint of every table the service writes (the public schema and graphile-worker's
 * job queue): per table, its row count and a hash of its rows. Two equal snapshots mean no
 * insert, update or delete happened in between.
 */
export async function snapshot(sql: Sql): Promise<Record<string, string>> {
  const tables = await sql<{ schema: string; name: string }[]>`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE'
      and (table_schema = 'public' or (table_schema = 'graphile_worker' and table_name like '%jobs%'))
      and table_name <> 'schema_migrations'
    order by 1, 2`;
  const out: Record<string, string> = {};
  for (const t of tables) {
    const ident = `"${t.schema}"."${t.name}"`;
    const [row] = await sql.unsafe<{ n: string; h: string }[]>(`select count(*)::text as n, coalesce(md5(string_agg(x::text, ',' order by x::text)), '') as h from ${ident} x`);
    out[`${t.schema}.${t.name}`] = `${row!.n}:${row!.h}`;
  }
  return out;
}

// ---------------------------------------------------------------- claims and votes

/** Makes validatorA's live claim on the slot lapse now (a claim lasts 10 minutes otherwise). */
export async function expireClaim(sql: Sql, slotId: string): Promise<void> {
  await sql`update validation_slots set claim_expires_at = now() - interval '1 second' where id = ${slotId}`;
}

/** Marks an upload session complete, as a finished ingest leaves it (without running one). */
export async function completeUploadSession(sql: Sql, uploadId: string): Promise<void> {
  await sql`update upload_sessions set status = 'complete' where id = ${uploadId}`;
}
