// Listing and claiming at scale: in a project of many datapoints (the ingest benchmark's, or
// BENCH_LIST_DATAPOINTS seeded by SQL), the latency of the first page of
// `GET /projects/{projectId}/datapoints` (all, and status=pending) and of
// `POST /validator/v1/projects/{projectId}/claims`, measured from the client, one request at a
// time, BENCH_LIST_REQUESTS each (default 300) after 20 warm-up requests. Target:
// < 20 ms p99, flat in the size of the project and of the database.
import { randomBytes } from 'node:crypto';
import type { Sql } from '../src/db/client.ts';
import { hashToken, newSessionToken } from '../src/validator/tokens.ts';

const REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 300);
const VALIDATORS = 20;
const LIST_TARGET_MS = 20;

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;

/** Requests slower than this are reported with what Postgres was doing meanwhile (BENCH_LIST_TRACE=1). */
const SLOW_MS = 50;

interface Activity {
  at: number;
  rows: { pid: number; state: string; wait: string | null; backend: string; query: string }[];
}

/**
 * With BENCH_LIST_TRACE=1, samples pg_stat_activity every 20 ms from its own connection while
 * the requests run, so a slow request can be told apart: the server's statement waiting (on a
 * lock, I/O, a buffer) or Postgres idle while the time went elsewhere (the server process, the
 * machine).
 */
function traceActivity(sql: Sql | null): { stop: () => Promise<Activity[]> } {
  if (!sql) return { stop: async () => [] };
  const samples: Activity[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const rows = await sql<Activity['rows']>`
        select pid, state, case when wait_event is null then null else wait_event_type || ':' || wait_event end as
        wait, backend_type as backend, left(query, 100) as query
        from pg_stat_activity where pid <> pg_backend_pid() and (state is null or state <> 'idle')`;
      samples.push({ at: performance.now(), rows });
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return samples;
    },
  };
}

async function timed(
  n: number,
  request: (i: number) => Promise<Response>,
  trace: Sql | null = null,
  label = '',
): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  const slow: { start: number; ms: number }[] = [];
  const tracer = traceActivity(trace);
  for (let i = 0; i < n + 20; i++) {
    const start = performance.now();
    const res = await request(i);
    const body = await res.text();
    if (!res.ok) throw new Error(`${res.status} ${body}`);
    const ms = performance.now() - start;
    if (i >= 20) times.push(ms);
    if (ms > SLOW_MS) slow.push({ start, ms });
  }
  const samples = await tracer.stop();
  if (trace) {
    console.log(`\n(trace) ${label}: ${slow.length} of ${n + 20} requests over ${SLOW_MS} ms`);
    for (const s of slow) {
      console.log(`  ${s.ms.toFixed(0)} ms at +${(s.start - (samples[0]?.at ?? s.start)).toFixed(0)} ms`);
      const seen = new Set<string>();
      for (const a of samples.filter((x) => x.at >= s.start && x.at <= s.start + s.ms)) {
        for (const r of a.rows) {
          const line = `${r.backend} ${r.state ?? ''} ${r.wait ?? 'on CPU'}: ${r.query.replace(/\s+/g, ' ')}`;
          if (!seen.has(line)) {
            seen.add(line);
            console.log(`    ${line}`);
          }
        }
      }
    }
  }
  return { p50: pct(times, 50), p99: pct(times, 99) };
}

/** Validators assigned to the project, each with a live session token. */
async function validators(sql: Sql, projectId: string): Promise<string[]> {
  const [p] = await sql<{ org_id: string }[]>`select org_id from projects where id = ${projectId}`;
  const tokens: string[] = [];
  for (let i = 0; i < VALIDATORS; i++) {
    const email = `bench-${randomBytes(6).toString('hex')}@example.com`;
    const [u] = await sql<
      { id: string }[]
    >`insert into users (email, subject) values (${email}, ${`bench|${email}`}) returning id`;
    await sql`insert into project_assignments (org_id, project_id, user_id) values (${p!.org_id}, ${projectId},
      ${u!.id})`;
    const token = newSessionToken();
    await sql`insert into validator_sessions (user_id, token_hash, expires_at) values (${u!.id}, ${hashToken(token)},
      now() + interval '1 day')`;
    tokens.push(token);
  }
  return tokens;
}

export interface ListingFigures {
  list: { p50: number; p99: number };
  pending: { p50: number; p99: number };
  claim: { p50: number; p99: number };
}

export async function listingBench(sql: Sql, base: string, apiKey: string, projectId: string): Promise<ListingFigures> {
  const auth = { authorization: `Bearer ${apiKey}` };
  const trace = process.env.BENCH_LIST_TRACE === '1' ? sql : null;
  const list = await timed(
    REQUESTS,
    () => fetch(`${base}/developer/v1/projects/${projectId}/datapoints?limit=20`, { headers: auth }),
    trace,
    'first page',
  );
  const pending = await timed(
    REQUESTS,
    () => fetch(`${base}/developer/v1/projects/${projectId}/datapoints?limit=20&status=pending`, { headers: auth }),
    trace,
    'first pending page',
  );
  const tokens = await validators(sql, projectId);
  const claim = await timed(
    REQUESTS,
    (i) =>
      fetch(`${base}/validator/v1/projects/${projectId}/claims`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[i % tokens.length]}` },
      }),
    trace,
    'claim',
  );
  return { list, pending, claim };
}

export function listingLines(rows: { label: string; datapoints: number; f: ListingFigures }[]): string[] {
  const out = [
    `\nListing and claiming, ${REQUESTS} sequential requests each, client-side latency (target < ` +
      `${LIST_TARGET_MS} ms p99)\n`,
    '| database | project datapoints | first page p50 / p99 | first pending page p50 / p99 | claim p50 / p99 | ' +
      'target |',
    '|---|---|---|---|---|---|',
  ];
  for (const { label, datapoints, f } of rows) {
    const worst = Math.max(f.list.p99, f.pending.p99, f.claim.p99);
    out.push(
      `| ${label} | ${datapoints.toLocaleString('en')} | ${f.list.p50.toFixed(1)} / ${f.list.p99.toFixed(1)} ms | ` +
        `${f.pending.p50.toFixed(1)} / ${f.pending.p99.toFixed(1)} ms | ${f.claim.p50.toFixed(1)} / ` +
        `${f.claim.p99.toFixed(1)} ms | ${worst < LIST_TARGET_MS ? 'met' : 'NOT met'} |`,
    );
  }
  return out;
}
