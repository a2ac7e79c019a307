// Listing and claiming at scale: in a project of many datapoints (the ingest benchmark's, or
// BENCH_LIST_DATAPOINTS seeded by SQL), the latency of the first page of
// `GET /projects/{projectId}/datapoints` (all, and status=pending) and of
// `POST /validator/v1/projects/{projectId}/claims`, measured from the client, one request at a
// time, BENCH_LIST_REQUESTS each (default 300) after 20 warm-up requests. Target (issue 11):
// < 20 ms p99, flat in the size of the project and of the database.
import { randomBytes } from 'node:crypto';
import type { Sql } from '../src/db/client.ts';
import { hashToken, newSessionToken } from '../src/validator/tokens.ts';

const REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 300);
const VALIDATORS = 20;
export const LIST_TARGET_MS = 20;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;

async function timed(n: number, request: (i: number) => Promise<Response>): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < n + 20; i++) {
    const start = performance.now();
    const res = await request(i);
    const body = await res.text();
    if (!res.ok) throw new Error(`${res.status} ${body}`);
    if (i >= 20) times.push(performance.now() - start);
  }
  return { p50: pct(times, 50), p99: pct(times, 99) };
}

/** Validators assigned to the project, each with a live session token. */
async function validators(sql: Sql, projectId: string): Promise<string[]> {
  const [p] = await sql<{ org_id: string }[]>`select org_id from projects where id = ${projectId}`;
  const tokens: string[] = [];
  for (let i = 0; i < VALIDATORS; i++) {
    const email = `bench-${randomBytes(6).toString('hex')}@example.com`;
    const [u] = await sql<{ id: string }[]>`insert into users (email, subject) values (${email}, ${`bench|${email}`}) returning id`;
    await sql`insert into project_assignments (org_id, project_id, user_id) values (${p!.org_id}, ${projectId}, ${u!.id})`;
    const token = newSessionToken();
    await sql`insert into validator_sessions (user_id, token_hash, expires_at) values (${u!.id}, ${hashToken(token)}, now() + interval '1 day')`;
    tokens.push(token);
  }
  return tokens;
}

export interface ListingFigures { list: { p50: number; p99: number }; pending: { p50: number; p99: number }; claim: { p50: number; p99: number } }

export async function listingBench(sql: Sql, base: string, apiKey: string, projectId: string): Promise<ListingFigures> {
  const auth = { authorization: `Bearer ${apiKey}` };
  const list = await timed(REQUESTS, () => fetch(`${base}/developer/v1/projects/${projectId}/datapoints?limit=20`, { headers: auth }));
  const pending = await timed(REQUESTS, () => fetch(`${base}/developer/v1/projects/${projectId}/datapoints?limit=20&status=pending`, { headers: auth }));
  const tokens = await validators(sql, projectId);
  const claim = await timed(REQUESTS, (i) => fetch(`${base}/validator/v1/projects/${projectId}/claims`, { method: 'POST', headers: { authorization: `Bearer ${tokens[i % tokens.length]}` } }));
  return { list, pending, claim };
}

export function listingLines(rows: { label: string; datapoints: number; f: ListingFigures }[]): string[] {
  const out = [`\nListing and claiming, ${REQUESTS} sequential requests each, client-side latency (target < ${LIST_TARGET_MS} ms p99)\n`,
    '| database | project datapoints | first page p50 / p99 | first pending page p50 / p99 | claim p50 / p99 | target |', '|---|---|---|---|---|---|'];
  for (const { label, datapoints, f } of rows) {
    const worst = Math.max(f.list.p99, f.pending.p99, f.claim.p99);
    out.push(`| ${label} | ${datapoints.toLocaleString('en')} | ${f.list.p50.toFixed(1)} / ${f.list.p99.toFixed(1)} ms | ${f.pending.p50.toFixed(1)} / ${f.pending.p99.toFixed(1)} ms | ${f.claim.p50.toFixed(1)} / ${f.claim.p99.toFixed(1)} ms | ${worst < LIST_TARGET_MS ? 'met' : 'NOT met'} |`);
  }
  return out;
}
