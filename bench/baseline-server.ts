// The baseline for the HTTP benchmark: a hand-written express 5 + postgres.js server doing the
// same work as Assay for GET /projects/{id} and GET /projects?limit=20 (bearer parse and key
// shape check, the same key lookup by SHA-256, the same org-scoped queries, the same JSON), and
// nothing else: no contract routing, no validation, no error registry.
import express from 'express';
import { createHash } from 'node:crypto';
import postgres from 'postgres';

const sql = postgres(process.env.DATABASE_URL!, { max: 10, onnotice: () => {} });
const app = express();
app.disable('x-powered-by');
app.set('etag', false);

const KEY = /^assay_live_[0-9A-Za-z]{32}$/;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const project = (r: any) => ({
  id: r.id,
  name: r.name,
  description: r.description,
  status: r.status,
  paused: r.paused_at !== null,
  pausedAt: iso(r.paused_at),
  archived: r.archived_at !== null,
  archivedAt: iso(r.archived_at),
  autoConsensus: r.auto_consensus,
  autoConsensusSpread: r.auto_consensus_spread,
  autoConsensusUsed: r.auto_consensus_used,
  numValidators: r.num_validators,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

async function auth(header: string | undefined): Promise<{ org_id: string; is_originator: boolean } | null> {
  const m = /^Bearer +(\S+) *$/i.exec(header ?? '');
  if (!m || !KEY.test(m[1])) return null;
  const hash = createHash('sha256').update(m[1]).digest();
  const [row] = await sql<{ org_id: string; is_originator: boolean }[]>`
    select k.id as key_id, k.org_id, o.code as org_code, m.user_id, m.is_originator
    from api_keys k join organizations o on o.id = k.org_id
    left join memberships m on m.org_id = k.org_id and m.user_id = k.created_by_user_id
    where k.key_hash = ${hash} and k.revoked_at is null and (k.expires_at is null or k.expires_at > now())`;
  return row ?? null;
}

app.get('/developer/v1/projects/:id', async (req, res) => {
  const a = await auth(req.headers.authorization);
  if (!a?.is_originator) return void res.status(401).json({ error: 'unauthorized' });
  const [row] =
    await sql`select *, to_char(created_at at time zone 'UTC', ${'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'}) as cursor_t from
      projects where org_id = ${a.org_id} and id = ${req.params.id}`;
  if (!row) return void res.status(404).json({ error: 'not found' });
  res.set('X-Request-Id', 'req_baseline').json(project(row));
});

app.get('/developer/v1/projects', async (req, res) => {
  const a = await auth(req.headers.authorization);
  if (!a?.is_originator) return void res.status(401).json({ error: 'unauthorized' });
  const limit = Number(req.query.limit ?? 20);
  const rows =
    await sql`select *, to_char(created_at at time zone 'UTC', ${'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'}) as cursor_t from
      projects where org_id = ${a.org_id} order by created_at desc, id desc limit ${limit + 1}`;
  const hasMore = rows.length > limit;
  const kept = rows.slice(0, limit);
  const last = kept[kept.length - 1];
  res.set('X-Request-Id', 'req_baseline').json({
    data: kept.map(project),
    hasMore,
    nextCursor: hasMore && last ? Buffer.from(`${last.cursor_t}|${last.id}`).toString('base64url') : null,
  });
});

const server = app.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}` }));
});
process.on('SIGTERM', () => server.close(() => sql.end().then(() => process.exit(0))));
