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
export async function project(
  app: TestApp,
  opts: { key?: string; spec?: object; name?: string } = {},
): Promise<string> {
  const res = await call(app, 'createProject', {
    key: opts.key,
    body: { name: opts.name ?? `Fixture ${unique()}`, spec: opts.spec ?? validSpec() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.projectId;
}

/** A pending invite created through the API; returns its id. */
export async function invite(
  app: TestApp,
  projectId: string,
  opts: { key?: string; email?: string; classId?: string } = {},
): Promise<{ id: string; email: string }> {
  const email = opts.email ?? `invitee-${unique()}@example.com`;
  const body: Record<string, unknown> = { email, sendEmail: false };
  if (opts.classId) Object.assign(body, { classId: opts.classId, evidenceNote: 'Passed the reviewer exam' });
  const res = await call(app, 'createInvite', { key: opts.key, params: { projectId }, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.id, email };
}

/** A webhook endpoint registered through the API (the URL is loopback and never called without a worker). */
export async function webhookEndpoint(app: TestApp, opts: { key?: string; url?: string } = {}): Promise<string> {
  const res = await call(app, 'createWebhookEndpoint', {
    key: opts.key,
    body: { url: opts.url ?? 'http://127.0.0.1:9/hooks', eventTypes: ['datapoint.consensus_reached'] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.webhookEndpointId;
}

/** An AI validator created through the API on the project with its AI class `gpt` (validSpec), with its first key. */
export async function aiValidator(
  app: TestApp,
  projectId: string,
  key?: string,
): Promise<{ id: string; key: string; keyId: string }> {
  const res = await call(app, 'createAiValidator', {
    key,
    body: { name: `Judge ${unique()}`, projects: [{ id: projectId, classId: 'gpt' }] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.validator.validatorId, key: res.body.key.key, keyId: res.body.key.id };
}

/** An open upload session with the files declared; `put: true` also uploads their bytes. */
export async function uploadSession(
  app: TestApp,
  projectId: string,
  files: Record<string, string>,
  opts: { key?: string; put?: boolean } = {},
): Promise<string> {
  const declared = Object.entries(files).map(([relPath, content]) => ({ relPath, size: Buffer.byteLength(content) }));
  const res = await call(app, 'createUploadSession', {
    key: opts.key,
    params: { projectId },
    body: { files: declared },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  if (opts.put) {
    for (const f of res.body.files!) {
      const put = await putToUrl(f.uploadUrl, files[f.relPath]!);
      expect(put.status, await put.text()).toBe(200);
    }
  }
  return res.body.uploadId;
}

/** Assigns a validator of the organization to a project through the API. */
export async function assign(app: TestApp, validatorId: string, projectId: string, key?: string): Promise<void> {
  const res = await call(app, 'assignValidator', {
    key,
    params: { validatorId },
    body: { projects: [{ id: projectId }] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/**
 * A validator session for `email`, through the real redemption endpoint: the sign-in link is
 * issued directly (as the emailing handler does), so no SMTP server is needed. A requested link
 * accepts no invite; `acceptInvites` accepts every pending one through the validator API, as the
 * person would.
 */
export async function signInDirect(
  app: TestApp,
  email: string,
  opts: { acceptInvites?: boolean } = {},
): Promise<{ sessionToken: string; userId: string; acceptedInvites: number }> {
  const { token } = await app.sql.begin((tx) =>
    issueSignInLink(tx, { email, publicBaseUrl: 'http://127.0.0.1', secretsKey: TEST_SECRETS_KEY }),
  );
  const res = await call(app, 'createValidatorSession', { key: null, body: { token } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  if (opts.acceptInvites) {
    for (const inv of (await call(app, 'listMyInvites', { key: res.body.sessionToken })).body.data) {
      expect(
        (await call(app, 'acceptMyInvite', { key: res.body.sessionToken, params: { inviteId: inv.inviteId } })).status,
      ).toBe(200);
    }
  }
  return res.body;
}

// ---------------------------------------------------------------- people (admin functions, not SQL)

/** A user who is a member of `orgId` with the given flags. */
export async function member(
  app: TestApp,
  orgId: string,
  flags: { validator?: boolean; originator?: boolean } = {},
): Promise<{ id: string; email: string }> {
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
export async function addDatapoints(
  sql: Sql,
  projectId: string,
  n: number,
  opts: { content?: (i: number) => unknown; slotsPerDatapoint?: number } = {},
): Promise<string[]> {
  const content = opts.content ?? ((i: number) => ({ id: String(i), text: `item ${i}` }));
  const [p] = await sql<{ org_id: string }[]>`select org_id from projects where id = ${projectId}`;
  const [session] = await sql<{ id: string }[]>`
    insert into upload_sessions (org_id, project_id, status, key_prefix) values (${p!.org_id}, ${projectId},
    'complete', ${'test/' + randomBytes(8).toString('hex')}) returning id`;
  const [run] = await sql<{ id: string }[]>`
    insert into ingest_runs (session_id, project_id, status, dry_run, skip_existing) values (${session!.id},
    ${projectId}, 'ok', false, false) returning id`;
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    // Open slots are the datapoint's counter (src/lifecycle/slots.ts); rows exist only once claimed.
    const [row] = await sql<{ id: string }[]>`
      insert into datapoints (project_id, run_id, checksum, source_file, source_row, content, slots_open)
      values (${projectId}, ${run!.id}, ${randomBytes(32)}, 'a.csv', ${i + 1}, ${sql.json(content(i) as never)},
      ${opts.slotsPerDatapoint ?? 0}) returning id`;
    ids.push(row!.id);
  }
  return ids;
}

/** Finalizes the given datapoints in that order with figures derived from their position. */
export async function finalize(sql: Sql, projectId: string, datapointIds: string[], synthetic = false): Promise<void> {
  for (const [i, id] of datapointIds.entries()) {
    const mean = ((i * 37) % 101) + 0.25;
    await sql`
      insert into consensus_decisions (datapoint_id, project_id, quality_rating_mean, quality_rating_median,
      consensus_strength, contested, vote_count, synthetic_votes, escalations)
      values (${id}, ${projectId}, ${Math.min(mean, 100)}, ${Math.min(mean + 0.5, 100)}, ${0.5 + (i % 5) / 10}, false,
      3, ${synthetic ? 3 : 0}, 0)`;
    await sql`update datapoints set finalized_at = now() where id = ${id}`;
  }
  if (synthetic) await sql`update projects set auto_consensus_used = true where id = ${projectId}`;
}

/**
 * Weak terminal decisions for the datapoints in ONE statement (as Auto Consensus writes a batch),
 * every `contested(i)` one marked contested; not reflected on the datapoints.
 */
export async function insertDecisions(
  sql: Sql,
  projectId: string,
  datapointIds: string[],
  contested: (i: number) => boolean,
): Promise<void> {
  await sql`
    insert into consensus_decisions (datapoint_id, project_id, quality_rating_mean, quality_rating_median,
    consensus_strength, contested, vote_count, synthetic_votes, escalations)
    select id, ${projectId}, 50, 50, 0.4, id = any(${datapointIds.filter((_, i) => contested(i))}::uuid[]), 5, 0, 2
    from unnest(${datapointIds}::uuid[]) as t(id)`;
}

/**
 * `n` terminal datapoints in each project, in a few statements (for fixtures of thousands): the
 * projects' decisions are written in one statement, interleaved, so that a project's seqs are not
 * dense (seq is global); each project finalizes in reverse ingestion order, figures derived from
 * the position. Returns each project's datapoint ids in ingestion order.
 */
export async function finalizedInBulk(sql: Sql, projectIds: string[], n: number): Promise<string[][]> {
  const out: string[][] = [];
  for (const projectId of projectIds) {
    const [p] = await sql<{ org_id: string }[]>`select org_id from projects where id = ${projectId}`;
    const [session] = await sql<{ id: string }[]>`
      insert into upload_sessions (org_id, project_id, status, key_prefix) values (${p!.org_id}, ${projectId},
      'complete', ${'test/' + randomBytes(8).toString('hex')}) returning id`;
    const [run] = await sql<{ id: string }[]>`
      insert into ingest_runs (session_id, project_id, status, dry_run, skip_existing) values (${session!.id},
      ${projectId}, 'ok', false, false) returning id`;
    await sql`
      insert into datapoints (project_id, run_id, checksum, source_file, source_row, content, slots_open, finalized_at)
      select ${projectId}, ${run!.id}, sha256(convert_to(${projectId}::text || ':' || g, 'UTF8')), 'bulk.csv', g,
      jsonb_build_object('id', g::text), 0, now()
      from generate_series(1, ${n}::int) g order by g`;
    out.push(
      (await sql<{ id: string }[]>`select id from datapoints where project_id = ${projectId} order by seq`).map(
        (r) => r.id,
      ),
    );
  }
  await sql`
    insert into consensus_decisions (datapoint_id, project_id, quality_rating_mean, quality_rating_median,
    consensus_strength, contested, vote_count, synthetic_votes, escalations)
    select id, project_id, (source_row * 37) % 101 + 0.25, least((source_row * 37) % 101 + 0.75, 100), 0.5 +
    (source_row % 5) / 10.0, false, 3, 0, 0
    from datapoints where project_id = any(${projectIds}::uuid[])
    order by source_row desc, array_position(${projectIds}::uuid[], project_id)`;
  return out;
}

/**
 * Sets a decision's mean rating: an edit behind the service's back (decisions never change, and
 * a trigger refuses it: the edit runs with triggers off, as a replica applies rows). Returns the
 * old value.
 */
export async function editDecisionMean(sql: Sql, datapointId: string, mean: number): Promise<number> {
  return sql.begin(async (tx) => {
    await tx`set local session_replication_role = replica`;
    const [row] = await tx<{ old: number }[]>`
      update consensus_decisions c set quality_rating_mean = ${mean} from consensus_decisions o
      where c.datapoint_id = ${datapointId} and o.id = c.id returning o.quality_rating_mean as old`;
    return row!.old;
  });
}

/** Deletes a datapoint's decision (nothing in the service does; the summary must follow anyway). */
export async function deleteDecision(sql: Sql, datapointId: string): Promise<void> {
  await sql`delete from consensus_decisions where datapoint_id = ${datapointId}`;
}

/** A project of `key`'s organization whose `n` datapoints have all reached terminal consensus. */
export async function finalizedProject(
  app: TestApp,
  n = 2,
  key?: string,
): Promise<{ projectId: string; datapointIds: string[] }> {
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
      -- (a worker's heartbeat row and its sweeps' leases move on their own: the worker's
      -- bookkeeping, not a write of any request)
      and table_name not in ('schema_migrations', 'worker_processes', 'worker_sweeps')
    order by 1, 2`;
  const out: Record<string, string> = {};
  for (const t of tables) {
    const ident = `"${t.schema}"."${t.name}"`;
    const [row] = await sql.unsafe<{ n: string; h: string }[]>(
      `select count(*)::text as n, coalesce(md5(string_agg(x::text, ',' order by x::text)), '') as h from ${ident} x`,
    );
    out[`${t.schema}.${t.name}`] = `${row!.n}:${row!.h}`;
  }
  return out;
}

// ---------------------------------------------------------------- claims and votes

/** Makes validatorA's live claim on the slot lapse now (a claim lasts 10 minutes otherwise). */
export async function expireClaim(sql: Sql, slotId: string): Promise<void> {
  await sql`update validation_slots set claim_expires_at = now() - interval '1 second' where id = ${slotId}`;
}

/**
 * Holds the datapoint's row lock (as a vote or another claim in flight would) until release():
 * for tests of what waits for it and what passes over it.
 */
export async function holdDatapoint(sql: Sql, datapointId: string): Promise<{ release(): Promise<void> }> {
  const conn = await sql.reserve();
  await conn`begin`;
  await conn`select 1 from datapoints where id = ${datapointId} for update`;
  return {
    async release() {
      await conn`commit`;
      conn.release();
    },
  };
}

/** Locks the decisions table (access exclusive) until released: every read of it waits, as on a slow aggregate. */
export async function holdDecisionsTable(sql: Sql): Promise<{ release(): Promise<void> }> {
  const conn = await sql.reserve();
  await conn`begin`;
  await conn`lock table consensus_decisions in access exclusive mode`;
  return {
    async release() {
      await conn`commit`;
      conn.release();
    },
  };
}

/**
 * Locks the upload files table (access exclusive) until released: every read of it waits, as a
 * session's file list being built does. `waiting()` counts the statements waiting on it.
 */
export async function holdUploadFilesTable(
  sql: Sql,
): Promise<{ waiting(): Promise<number>; release(): Promise<void> }> {
  const conn = await sql.reserve();
  await conn`begin`;
  await conn`lock table upload_files in access exclusive mode`;
  return {
    async waiting() {
      const [{ n }] = await sql<{ n: number }[]>`
        select count(*)::int as n from pg_stat_activity
        where wait_event_type = 'Lock' and query like '%upload_files%' and pid <> pg_backend_pid()`;
      return n;
    },
    async release() {
      await conn`commit`;
      conn.release();
    },
  };
}

/** Makes every live claim on the datapoint lapse now (the page under test holds one; its slot id is not shown). */
export async function expireClaimsOn(sql: Sql, datapointId: string): Promise<void> {
  await sql`update validation_slots set claim_expires_at = now() - interval '1 second' where datapoint_id =
    ${datapointId} and status = 'claimed'`;
}

/** Marks an upload session complete, as a finished ingest leaves it (without running one). */
export async function completeUploadSession(sql: Sql, uploadId: string): Promise<void> {
  await sql`update upload_sessions set status = 'complete' where id = ${uploadId}`;
}

/** Moves the vote on the slot `minutes` into the past (past the window in which it may change). */
export async function backdateVote(sql: Sql, slotId: string, minutes: number): Promise<void> {
  await sql`update votes set created_at = created_at - ${minutes} * interval '1 minute' where slot_id = ${slotId}`;
}

/** Clears every datapoint's open-slot counter in the project (a column no signed leaf is hashed from). */
export async function clearOpenSlots(sql: Sql, projectId: string): Promise<void> {
  await sql`update datapoints set slots_open = 0 where project_id = ${projectId}`;
}

// ---------------------------------------------------------------- reading the data model
// What tests check about datapoints, slots, votes and decisions, asked as questions about the
// model (how many, in which state, in which order) rather than as table layouts. Rows keep the
// column names the tests compare against.

export interface DatapointRow {
  id: string;
  checksum: string;
  content: any;
  source_file: string;
  source_row: number;
  finalized_at: Date | null;
  escalations: number;
}

/** The project's datapoints in ingestion order. */
export function datapoints(sql: Sql, projectId: string): Promise<DatapointRow[]> {
  return sql<DatapointRow[]>`
    select id, encode(checksum, 'hex') as checksum, content, source_file, source_row, finalized_at, escalations from
    datapoints where project_id = ${projectId} order by seq`;
}

/** One datapoint (undefined when it does not exist). */
export async function datapoint(sql: Sql, id: string): Promise<(DatapointRow & { project_id: string }) | undefined> {
  const [row] = await sql<(DatapointRow & { project_id: string })[]>`
    select id, project_id, encode(checksum, 'hex') as checksum, content, source_file, source_row, finalized_at,
    escalations from datapoints where id = ${id}`;
  return row;
}

/** Datapoints of any project that came from `sourceFile`, in ingestion order. */
export function datapointsFromFile(sql: Sql, sourceFile: string): Promise<DatapointRow[]> {
  return sql<DatapointRow[]>`
    select id, encode(checksum, 'hex') as checksum, content, source_file, source_row, finalized_at, escalations from
    datapoints where source_file = ${sourceFile} order by seq`;
}

/** Renames the source file of every datapoint of the project (hostile names in exports). */
export async function setSourceFile(sql: Sql, projectId: string, sourceFile: string): Promise<void> {
  await sql`update datapoints set source_file = ${sourceFile} where project_id = ${projectId}`;
}

export interface ProjectCounts {
  datapoints: number;
  /** Datapoints that reached terminal consensus. */
  terminal: number;
  /** Datapoints escalated at least once. */
  escalated: number;
  /**
   * Validation work: every slot, and those open (claimable now) or held by a claim. Slots nobody
   * took are the datapoint's counter and a vote that took one from it has no slot row
   * (src/lifecycle/slots.ts): both count here as the slots they are.
   */
  slots: number;
  openSlots: number;
  claimedSlots: number;
  votes: number;
  syntheticVotes: number;
  decisions: number;
}

/** Everything countable about a project's data, in one read. */
export async function counts(sql: Sql, projectId: string): Promise<ProjectCounts> {
  const [row] = await sql<ProjectCounts[]>`
    select
      (select count(*) from datapoints where project_id = ${projectId})::int as datapoints,
      (select count(finalized_at) from datapoints where project_id = ${projectId})::int as terminal,
      (select count(*) from datapoints where project_id = ${projectId} and escalations > 0)::int as escalated,
      ((select coalesce(sum(slots_open), 0) from datapoints where project_id = ${projectId})
        + (select count(*) from validation_slots where project_id = ${projectId})
        + (select count(*) from votes where project_id = ${projectId} and slot_id is null))::int as slots,
      ((select coalesce(sum(slots_open), 0) from datapoints where project_id = ${projectId} and finalized_at is null)
        + (select count(*) from validation_slots where project_id = ${projectId} and status = 'open'))::int as
        "openSlots",
      (select count(*) from validation_slots where project_id = ${projectId} and status = 'claimed')::int as
      "claimedSlots",
      (select count(*) from votes where project_id = ${projectId})::int as votes,
      (select count(*) from votes where project_id = ${projectId} and synthetic)::int as "syntheticVotes",
      (select count(*) from consensus_decisions where project_id = ${projectId})::int as decisions`;
  return row!;
}

/**
 * A datapoint's slots by state (`open`, `claimed`, `submitted`, `expired`), only states present:
 * its counter counts as open slots, and a vote that took a slot from it as a submitted one.
 */
export async function slotStates(sql: Sql, datapointId: string): Promise<Record<string, number>> {
  const rows = await sql<{ status: string; n: number }[]>`
    select status, sum(n)::int as n from (
      select status, count(*) as n from validation_slots where datapoint_id = ${datapointId} group by status
      union all select 'open', slots_open from datapoints where id = ${datapointId} and finalized_at is null
      union all select 'submitted', count(*) from votes where datapoint_id = ${datapointId} and slot_id is null
    ) x group by status having sum(n) > 0`;
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** The ids of a datapoint's slot rows (a slot is a row once claimed or written by a fixture). */
export async function slotsOf(sql: Sql, datapointId: string): Promise<string[]> {
  return (
    await sql<{ id: string }[]>`select id from validation_slots where datapoint_id = ${datapointId} order by id`
  ).map((r) => r.id);
}

/** One slot's state and holder. */
export async function slot(
  sql: Sql,
  slotId: string,
): Promise<{ status: string; claimed_by: string | null } | undefined> {
  const [row] = await sql<
    { status: string; claimed_by: string | null }[]
  >`select status, claimed_by from validation_slots where id = ${slotId}`;
  return row;
}

/** Datapoints of the project that still have open slots, with their vote counts, in id order. */
export function datapointsWithOpenSlots(
  sql: Sql,
  projectId: string,
): Promise<{ id: string; checksum: string; votes: number }[]> {
  return sql<{ id: string; checksum: string; votes: number }[]>`
    select d.id, encode(d.checksum, 'hex') as checksum, (select count(*) from votes v where v.datapoint_id = d.id)::int
    as votes
    from datapoints d
    where d.project_id = ${projectId} and d.finalized_at is null
      and (d.slots_open > 0 or exists (select 1 from validation_slots s where s.datapoint_id = d.id and s.status =
      'open'))
    order by d.id`;
}

export interface VoteRow {
  voter: string;
  user_id: string | null;
  synthetic: boolean;
  rating: number;
  weight: number;
  class_id: string | null;
  comment: string | null;
}

/** Inserts votes directly (no slots, no consensus run): the data of statistics tests. */
export async function insertVotes(
  sql: Sql,
  projectId: string,
  rows: { datapointId: string; voter: string; rating: number; weight?: number; classId?: string | null }[],
): Promise<void> {
  // One statement, in the given order (created_at is the statement's time: the id breaks ties).
  await sql`
    insert into votes (id, datapoint_id, project_id, voter, synthetic, rating, weight, class_id)
    select gen_random_uuid(), d, ${projectId}, v, false, r, w, c
    from unnest(${rows.map((r) => r.datapointId)}::uuid[], ${rows.map((r) => r.voter)}::text[],
      ${rows.map((r) => r.rating)}::float8[], ${rows.map((r) => r.weight ?? 1)}::float8[],
      ${rows.map((r) => r.classId ?? null)}::text[]) as t(d, v, r, w, c)`;
}

/** Votes of a project or of some datapoints, oldest first (then by voter). */
export function votes(sql: Sql, of: { projectId: string } | { datapointIds: string[] }): Promise<VoteRow[]> {
  return 'projectId' in of
    ? sql<VoteRow[]>`select voter, user_id, synthetic, rating, weight, class_id, comment from votes where project_id =
      ${of.projectId} order by created_at, voter`
    : sql<
        VoteRow[]
      >`select voter, user_id, synthetic, rating, weight, class_id, comment from votes where datapoint_id in
      ${sql(of.datapointIds)} order by created_at, voter`;
}

/** The project's votes with the weight each carried in its decision (null: none recorded), oldest first. */
export function voteWeights(
  sql: Sql,
  projectId: string,
): Promise<{ datapoint_id: string; voter: string; rating: number; decision_weight: number | null }[]> {
  return sql<{ datapoint_id: string; voter: string; rating: number; decision_weight: number | null }[]>`
    select datapoint_id, voter, rating, decision_weight from votes where project_id = ${projectId}
    order by created_at, id`;
}

/** Writes a vote's rating behind the lifecycle (what a decided vote's trigger must refuse). */
export async function setVoteRating(sql: Sql, datapointId: string, voter: string, rating: number): Promise<void> {
  await sql`update votes set rating = ${rating} where datapoint_id = ${datapointId} and voter = ${voter}`;
}

/** Deletes a datapoint's votes behind the lifecycle. */
export async function deleteVotes(sql: Sql, datapointId: string): Promise<void> {
  await sql`delete from votes where datapoint_id = ${datapointId}`;
}

/** Deletes a project as an operator would (its datapoints, votes and decisions go with it). */
export async function deleteProject(sql: Sql, projectId: string): Promise<void> {
  await sql`delete from projects where id = ${projectId}`;
}

/** Rows of the project left in its datapoint, vote and decision tables. */
export async function projectRowsLeft(sql: Sql, projectId: string): Promise<number> {
  const [r] = await sql<{ n: number }[]>`
    select (select count(*) from datapoints where project_id = ${projectId})::int
      + (select count(*) from votes where project_id = ${projectId})::int
      + (select count(*) from consensus_decisions where project_id = ${projectId})::int as n`;
  return r!.n;
}

/** The project's ratings with their datapoints, in the order the table returns them. */
export function voteRatings(sql: Sql, projectId: string): Promise<{ datapoint_id: string; rating: number }[]> {
  return sql<{ datapoint_id: string; rating: number }[]>`
    select datapoint_id, rating from votes where project_id = ${projectId}`;
}

/** The logged changes of the votes on a datapoint. */
export function voteChanges(sql: Sql, datapointId: string): Promise<{ old_rating: number; new_rating: number }[]> {
  return sql<{ old_rating: number; new_rating: number }[]>`
    select old_rating, new_rating from vote_changes c join votes v on v.id = c.vote_id
    where v.datapoint_id = ${datapointId}`;
}

/** The datapoint a slot belongs to. */
export async function slotDatapoint(sql: Sql, slotId: string): Promise<string> {
  const [d] = await sql<{ id: string }[]>`select datapoint_id as id from validation_slots where id = ${slotId}`;
  return d!.id;
}

/** A datapoint's expected rating as a gold item (null: not gold). */
export async function goldRating(sql: Sql, datapointId: string): Promise<number | null> {
  const [row] = await sql<
    { gold_rating: number | null }[]
  >`select gold_rating from datapoints where id = ${datapointId}`;
  return row!.gold_rating;
}

/** The project's datapoints' content, gold rating and open-slot counter, in ingestion order. */
export function goldState(
  sql: Sql,
  projectId: string,
): Promise<{ content: any; gold_rating: number | null; slots_open: number }[]> {
  return sql<{ content: any; gold_rating: number | null; slots_open: number }[]>`
    select content, gold_rating, slots_open from datapoints where project_id = ${projectId} order by seq`;
}

export interface DecisionRow {
  id: string;
  datapoint_id: string;
  project_id: string;
  quality_rating_mean: number;
  quality_rating_median: number;
  consensus_strength: number;
  contested: boolean;
  vote_count: number;
  synthetic_votes: number;
  escalations: number;
  seq: string;
  decided_at: Date;
  checksum: string;
}

/** The project's terminal decisions in finalization order, each with its datapoint's checksum. */
export function decisions(sql: Sql, projectId: string): Promise<DecisionRow[]> {
  return sql<DecisionRow[]>`
    select c.id, c.datapoint_id, c.project_id, c.quality_rating_mean, c.quality_rating_median, c.consensus_strength,
    c.contested,
      c.vote_count, c.synthetic_votes, c.escalations, c.seq, c.decided_at, encode(d.checksum, 'hex') as checksum
    from consensus_decisions c join datapoints d on d.id = c.datapoint_id
    where c.project_id = ${projectId} order by c.seq`;
}

/** A datapoint's decision, and how many decision rows it has (exactly one once terminal). */
export async function decisionOf(
  sql: Sql,
  datapointId: string,
): Promise<{ decision: DecisionRow | undefined; rows: number }> {
  const rows = await sql<DecisionRow[]>`
    select c.id, c.datapoint_id, c.project_id, c.quality_rating_mean, c.quality_rating_median, c.consensus_strength,
    c.contested,
      c.vote_count, c.synthetic_votes, c.escalations, c.seq, c.decided_at, encode(d.checksum, 'hex') as checksum
    from consensus_decisions c join datapoints d on d.id = c.datapoint_id where c.datapoint_id = ${datapointId}`;
  return { decision: rows[0], rows: rows.length };
}

// ---------------------------------------------------------------- uploads and the data-state summary

/** How many upload sessions the project has. */
export async function uploadSessionCount(sql: Sql, projectId: string): Promise<number> {
  const [row] = await sql<
    { n: number }[]
  >`select count(*)::int as n from upload_sessions where project_id = ${projectId}`;
  return row!.n;
}

/** The object-storage key a session's file is stored under. */
export async function uploadObjectKey(sql: Sql, uploadId: string, relPath: string): Promise<string> {
  const [row] = await sql<{ key_prefix: string }[]>`select key_prefix from upload_sessions where id = ${uploadId}`;
  return `${row!.key_prefix}/${relPath}`;
}

/** How many files an upload session has declared. */
export async function uploadFileCount(sql: Sql, uploadId: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from upload_files where session_id = ${uploadId}`;
  return row!.n;
}

/**
 * Declares `n` more one-byte files (`bulk/1`...) in the session directly (no declare calls, no
 * quota check), after its last file, counted on the session as a declare counts them.
 */
export async function addUploadFiles(sql: Sql, uploadId: string, n: number): Promise<void> {
  await sql`
    with added as (
      insert into upload_files (session_id, rel_path, size, position)
      select ${uploadId}, 'bulk/' || g, 1, s.next_position + g - 1
      from upload_sessions s, generate_series(1, ${n}) g
      where s.id = ${uploadId}
      returning 1
    )
    update upload_sessions
    set file_count = file_count + (select count(*) from added)::int, next_position = next_position + ${n}
    where id = ${uploadId}`;
}

/**
 * An upload session with its files written as the storage before migration 20261130200001 held
 * them (no path key, no counters on the session): each file as [path, size, position].
 */
export async function addPreKeyUploadSession(
  sql: Sql,
  s: { id: string; orgId: string; projectId: string; status: string },
  files: [string, number, number][],
): Promise<void> {
  await sql`
    insert into upload_sessions (id, org_id, project_id, key_prefix, status)
    values (${s.id}, ${s.orgId}, ${s.projectId}, ${`uploads/${s.id}/`}, ${s.status})`;
  for (const [relPath, size, position] of files)
    await sql`
      insert into upload_files (session_id, rel_path, size, position)
      values (${s.id}, ${relPath}, ${size}, ${position})`;
}

/** A session's files as stored, in their order, with their path keys. */
export const storedUploadFiles = (sql: Sql, sessionId: string) =>
  sql<{ rel_path: string; size: string; position: number; path_key: Buffer }[]>`
    select rel_path, size::text, position, path_key
    from upload_files where session_id = ${sessionId} order by position`;

/** Deletes an upload session directly (the service never does; its files must go with it). */
export async function deleteUploadSession(sql: Sql, sessionId: string): Promise<void> {
  await sql`delete from upload_sessions where id = ${sessionId}`;
}

/** A session's counters of its files: how many, and the position the next new one takes. */
export async function uploadSessionCounters(
  sql: Sql,
  sessionId: string,
): Promise<{ fileCount: number; nextPosition: number }> {
  const [row] = await sql<{ file_count: number; next_position: number }[]>`
    select file_count, next_position from upload_sessions where id = ${sessionId}`;
  return { fileCount: row!.file_count, nextPosition: row!.next_position };
}

/** Opens `n` upload sessions on the project directly (no quota check). */
export async function addOpenUploadSessions(sql: Sql, orgId: string, projectId: string, n: number): Promise<void> {
  await sql`
    insert into upload_sessions (org_id, project_id, key_prefix)
    select ${orgId}, ${projectId}, 'uploads/' || ${projectId} || '/bulk/' || g || '/'
    from generate_series(1, ${n}) g`;
}

/** `n` pending invites of the project, created now (the organization's quota of new invites counts them). */
export async function addInvites(sql: Sql, orgId: string, projectId: string, n: number): Promise<void> {
  await sql`
    insert into invites (org_id, project_id, email)
    select ${orgId}, ${projectId}, 'bulk-' || g || '@invites.example' from generate_series(1, ${n}) g`;
}

/** Records that the organization holds `datapoints` datapoints (unless it has a usage row already). */
export async function setOrgUsage(sql: Sql, orgId: string, datapoints: number): Promise<void> {
  await sql`
    insert into org_usage (org_id, datapoints, content_bytes) values (${orgId}, ${datapoints}, 0)
    on conflict (org_id) do nothing`;
}

/** The datapoints and content bytes the organization holds against its quotas. */
export async function orgUsage(sql: Sql, orgId: string): Promise<{ datapoints: number; contentBytes: number }> {
  const [row] = await sql<{ datapoints: number; contentBytes: number }[]>`
    select coalesce(sum(datapoints), 0)::int as datapoints, coalesce(sum(content_bytes), 0)::int as "contentBytes"
    from org_usage where org_id = ${orgId}`;
  return row!;
}

export interface DataState {
  datapoints: number;
  datapoint_max_seq: number;
  decisions: number;
  decision_max_seq: number;
  contested: number;
}

/** The project's data-state summary row as the writing statements keep it (undefined if none). */
export async function keptDataState(sql: Sql, projectId: string): Promise<DataState | undefined> {
  const [row] = await sql<DataState[]>`
    select datapoints::int, datapoint_max_seq::int, decisions::int, decision_max_seq::int, contested::int from
    project_data_state where project_id = ${projectId}`;
  return row;
}

/** The same summary recounted from the datapoints and decisions themselves. */
export async function countedDataState(sql: Sql, projectId: string): Promise<DataState> {
  const [row] = await sql<DataState[]>`
    select (select count(*)::int from datapoints where project_id = ${projectId}) as datapoints,
      (select coalesce(max(seq), 0)::int from datapoints where project_id = ${projectId}) as datapoint_max_seq,
      (select count(*)::int from consensus_decisions where project_id = ${projectId}) as decisions,
      (select coalesce(max(seq), 0)::int from consensus_decisions where project_id = ${projectId}) as decision_max_seq,
      (select count(*)::int from consensus_decisions where project_id = ${projectId} and contested) as contested`;
  return row!;
}

/** An ingest run's state as the worker keeps it (status, phase, rows read so far). */
export async function ingestRun(
  sql: Sql,
  runId: string,
): Promise<{ status: string; phase: string; row_count: number }> {
  const [row] = await sql<
    { status: string; phase: string; row_count: number }[]
  >`select status, phase, row_count from ingest_runs where id = ${runId}`;
  return row!;
}

/** Raw writes that the schema must refuse (tenancy constraints): an upload session of `orgId` on `projectId`. */
export function insertUploadSessionRaw(sql: Sql, orgId: string, projectId: string): Promise<unknown> {
  return sql`insert into upload_sessions (org_id, project_id, key_prefix) values (${orgId}, ${projectId},
    'uploads/mixed/')`;
}

/** Moves an upload session to another organization (what the schema must refuse). */
export function moveUploadSessionRaw(sql: Sql, uploadId: string, orgId: string): Promise<unknown> {
  return sql`update upload_sessions set org_id = ${orgId} where id = ${uploadId}`;
}

/**
 * A slot, a vote and a decision that name `datapointId` under `projectId` (the schema must refuse a project other than
 * the datapoint's).
 */
export const mismatchedRowsRaw = {
  slot: (sql: Sql, datapointId: string, projectId: string) => sql`
    insert into validation_slots (datapoint_id, project_id, status) values (${datapointId}, ${projectId}, 'open')`,
  vote: (sql: Sql, datapointId: string, projectId: string, slotId: string | null = null) => sql`
    insert into votes (datapoint_id, project_id, slot_id, voter, synthetic, rating, weight) values (${datapointId},
    ${projectId}, ${slotId}, ${`synthetic:${slotId ?? 'x'}`}, true, 50, 1)`,
  decision: (sql: Sql, datapointId: string, projectId: string) => sql`
    insert into consensus_decisions (datapoint_id, project_id, quality_rating_mean, quality_rating_median,
    consensus_strength, contested, vote_count, synthetic_votes, escalations)
    values (${datapointId}, ${projectId}, 50, 50, 1, false, 1, 1, 0)`,
  /** Moves a slot to another project (what the schema must refuse too). */
  moveSlot: (sql: Sql, datapointId: string, projectId: string) =>
    sql`update validation_slots set project_id = ${projectId} where datapoint_id = ${datapointId}`,
};

/** Raw writes to the rows signed leaves are hashed from, in the project (what the schema must refuse). */
export const signedRowEditsRaw = {
  /** A decision for `datapointId` numbered just before `seq` (before the signed leaves when `seq` is the first). */
  decisionBefore: (sql: Sql, datapointId: string, projectId: string, seq: string) => sql`
    insert into consensus_decisions (datapoint_id, project_id, seq, quality_rating_mean,
    quality_rating_median, consensus_strength, contested, vote_count, synthetic_votes, escalations)
    overriding system value values (${datapointId}, ${projectId}, ${seq}::bigint - 1, 50, 50, 1, false, 3, 0, 0)`,
  decisionMean: (sql: Sql, projectId: string) =>
    sql`update consensus_decisions set quality_rating_mean = 1 where project_id = ${projectId}`,
  decisionSeq: (sql: Sql, projectId: string) =>
    sql`update consensus_decisions set seq = default where project_id = ${projectId}`,
  checksum: (sql: Sql, projectId: string) =>
    sql`update datapoints set checksum = ${Buffer.alloc(32)} where project_id = ${projectId}`,
  /** Marks every datapoint but `exceptId` a gold item. */
  goldRating: (sql: Sql, projectId: string, exceptId: string) =>
    sql`update datapoints set gold_rating = 50 where project_id = ${projectId} and id <> ${exceptId}`,
};

// ---------------------------------------------------------------- storage before migration 20261124700001
// For the test of that migration only, on a database rolled back past it: checksums as 64 hex
// characters, one validation_slots row per slot written at ingest.

/**
 * `n` datapoints as ingest wrote them before the migration, each with `open` open slot rows and,
 * when `claimedBy` is given, one more slot row claimed by that user (a live claim); returns their
 * ids and checksums (hex) in ingestion order.
 */
export async function addPreScaleDatapoints(
  sql: Sql,
  projectId: string,
  n: number,
  open: number,
  claimedBy?: string,
): Promise<{ id: string; checksum: string }[]> {
  const [p] = await sql<{ org_id: string }[]>`select org_id from projects where id = ${projectId}`;
  const [session] = await sql<{ id: string }[]>`
    insert into upload_sessions (org_id, project_id, status, key_prefix) values (${p!.org_id}, ${projectId},
    'complete', ${'test/' + randomBytes(8).toString('hex')}) returning id`;
  const [run] = await sql<{ id: string }[]>`
    insert into ingest_runs (session_id, project_id, status, dry_run, skip_existing) values (${session!.id},
    ${projectId}, 'ok', false, false) returning id`;
  const out: { id: string; checksum: string }[] = [];
  for (let i = 0; i < n; i++) {
    const checksum = randomBytes(32).toString('hex');
    const [row] = await sql<{ id: string }[]>`
      insert into datapoints (project_id, run_id, checksum, source_file, source_row, content, created_at)
      values (${projectId}, ${run!.id}, ${checksum}, 'a.csv', ${i + 1}, ${sql.json({ id: String(i) })}, now() +
      make_interval(secs => ${i})) returning id`;
    await sql`insert into validation_slots (datapoint_id, project_id) select ${row!.id}, ${projectId} from
      generate_series(1, ${open})`;
    if (claimedBy) {
      await sql`
        insert into validation_slots (datapoint_id, project_id, status, claimed_by, claimed_at, claim_expires_at)
        values (${row!.id}, ${projectId}, 'claimed', ${claimedBy}, now(), now() + interval '10 minutes')`;
    }
    out.push({ id: row!.id, checksum });
  }
  return out;
}

/**
 * The project's datapoints as stored (either side of the migration): checksum as text, open counter (null before), slot
 * rows by state.
 */
export async function storedDatapoints(
  sql: Sql,
  projectId: string,
): Promise<{ id: string; checksum: string; slots_open: number | null; rows: Record<string, number> }[]> {
  const [{ counter }] = await sql<{ counter: boolean }[]>`
    select exists (select 1 from information_schema.columns where table_name = 'datapoints' and column_name =
    'slots_open') as counter`;
  return sql<{ id: string; checksum: string; slots_open: number | null; rows: Record<string, number> }[]>`
    select d.id, ${counter ? sql`encode(d.checksum, 'hex')` : sql`d.checksum`} as checksum,
      ${counter ? sql`d.slots_open` : sql`null::int`} as slots_open,
      coalesce((select jsonb_object_agg(status, n) from (select status, count(*)::int as n from validation_slots s
      where s.datapoint_id = d.id group by status) x), '{}') as rows
    from datapoints d where d.project_id = ${projectId}
    order by d.created_at, d.id`;
}

/**
 * What the planner knows of the project's datapoints: whether the project id is among the most
 * common values of datapoints.project_id in the table's statistics (written by ANALYZE).
 */
export async function plannerSeesProject(sql: Sql, projectId: string): Promise<boolean> {
  const [row] = await sql<{ seen: boolean }[]>`
    select coalesce(${projectId} = any(most_common_vals::text::text[]), false) as seen
    from pg_stats where schemaname = current_schema() and tablename = 'datapoints' and attname = 'project_id'`;
  return row?.seen ?? false;
}

/** The votes of the project's decided datapoints. */
export async function decidedVoteCount(sql: Sql, projectId: string): Promise<number> {
  const [row] = await sql<{ n: string }[]>`
    select count(*) as n from votes v join consensus_decisions c on c.datapoint_id = v.datapoint_id
    where v.project_id = ${projectId}`;
  return Number(row!.n);
}

/** The rating of the vote cast in a slot. */
export async function slotVoteRating(sql: Sql, slotId: string): Promise<number | undefined> {
  const [row] = await sql<{ rating: number }[]>`select rating from votes where slot_id = ${slotId}`;
  return row?.rating;
}

/** Each datapoint's stored checksum and content. */
export function storedChecksums(sql: Sql, projectId: string): Promise<{ checksum: Buffer; content: unknown }[]> {
  return sql<{ checksum: Buffer; content: unknown }[]>`
    select checksum, content from datapoints where project_id = ${projectId}`;
}

/** The recorded source key order of the projects' datapoints, in ingestion order. */
export async function contentKeyOrders(sql: Sql, projectIds: string[]): Promise<unknown[]> {
  const rows = await sql<{ key_order: unknown }[]>`
    select content_key_order as key_order from datapoints where project_id in ${sql(projectIds)}
    order by seq`;
  return rows.map((r) => r.key_order);
}
