// The job table (src/jobs/tasks.ts): what enqueue and enqueueEach write into graphile-worker's
// queue, read through its public surface only: the `jobs` view (the task's attempts, its job key
// and queue, a delay) and, for the payload the view leaves out, the payload a task function
// receives when `runOnce` runs the due jobs (it must be a JSON object, not a JSON string); and
// nothing when the transaction rolls back.
import { Logger, runOnce } from 'graphile-worker';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { deliveryFlags, enqueue, enqueueEach } from '../../src/jobs/tasks.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

interface Job {
  id: string;
  task: string;
  /** What the task function received; undefined for a job not yet due (runOnce leaves it queued). */
  payload: unknown;
  kind: string;
  key: string | null;
  max_attempts: number;
  run_at: Date;
  queue: string | null;
  flags: Record<string, boolean> | null;
}

const silent = new Logger(() => () => {});

/** The task's queued jobs from the public view; the due ones are then run once, recording each payload. */
async function jobs(task: string): Promise<Job[]> {
  const rows = await db.sql<Omit<Job, 'payload' | 'kind'>[]>`
    select id::text as id, task_identifier as task, key, max_attempts, run_at, queue_name as queue, flags
    from graphile_worker.jobs where task_identifier = ${task} order by id`;
  const received = new Map<string, unknown>();
  // The run's own pool, ended here: runOnce can resolve while its completion of the jobs is still
  // being written, and a database dropped under that write failed a run with an unhandled error.
  // For the same reason a job of a named queue can be left for later: its queue stays locked until
  // the previous job's completion is written, and runOnce ends when it finds nothing to take (a
  // loaded CI run once left `auto_consensus:p2` unrun that way). So it runs again, a bounded number
  // of times, until every job that was due when read has run.
  const [{ now }] = await db.sql<{ now: Date }[]>`select now()`;
  const due = rows.filter((r) => r.run_at <= now).map((r) => r.id);
  const pgPool = new pg.Pool({ connectionString: db.databaseUrl });
  try {
    for (let round = 0; round < 20 && due.some((id) => !received.has(id)); round++) {
      if (round > 0) await new Promise((r) => setTimeout(r, 50));
      await runOnce({
        pgPool,
        logger: silent,
        noHandleSignals: true,
        taskList: {
          [task]: async (payload, helpers) => {
            received.set(String(helpers.job.id), payload);
          },
        },
      });
    }
  } finally {
    await pgPool.end();
  }
  return rows.map((row) => {
    const payload = received.get(row.id);
    const kind = payload === undefined ? 'not due' : Array.isArray(payload) ? 'array' : typeof payload;
    return { ...row, payload, kind };
  });
}

describe('enqueue', () => {
  it("writes the payload as a JSON object with the task's attempts, keyed by its row", async () => {
    await db.sql.begin((tx) => enqueue(tx, 'send_email', { outboxId: '6d1f8a52-8c5e-4a8e-9d3e-111111111111' }));
    expect(await jobs('send_email')).toEqual([
      expect.objectContaining({
        payload: { outboxId: '6d1f8a52-8c5e-4a8e-9d3e-111111111111' },
        kind: 'object',
        key: 'send_email:6d1f8a52-8c5e-4a8e-9d3e-111111111111',
        max_attempts: 8,
      }),
    ]);
  });

  it('keys auto_consensus by project, so a second wake replaces the queued job', async () => {
    await db.sql.begin((tx) => enqueue(tx, 'auto_consensus', { projectId: 'p1' }, { queueKey: 'org-1' }));
    await db.sql.begin((tx) => enqueue(tx, 'auto_consensus', { projectId: 'p1' }, { queueKey: 'org-1' }));
    await db.sql.begin((tx) => enqueue(tx, 'auto_consensus', { projectId: 'p2' }, { queueKey: 'org-1' }));
    const queued = await jobs('auto_consensus');
    expect(queued.map((j) => [j.key, j.payload, j.max_attempts])).toEqual([
      ['auto_consensus:p1', { projectId: 'p1' }, 3],
      ['auto_consensus:p2', { projectId: 'p2' }, 3],
    ]);
  });

  it('delays a job to runAt', async () => {
    const runAt = new Date(Date.now() + 3_600_000);
    await db.sql.begin((tx) =>
      enqueue(tx, 'deliver_webhook', { deliveryId: 'later', attempt: 2 }, { runAt, queueKey: 'endpoint-1' }),
    );
    const [job] = (await jobs('deliver_webhook')).filter((j) => j.run_at.getTime() > Date.now());
    expect(job!.run_at.getTime()).toBe(runAt.getTime());
    expect(job!.kind).toBe('not due');
    expect(job!.max_attempts).toBe(5);
  });

  it('enqueues nothing when the transaction rolls back', async () => {
    await expect(
      db.sql.begin(async (tx) => {
        await enqueue(tx, 'ingest', { runId: 'r1', requestId: 'req_1' }, { queueKey: 'org-1' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await jobs('ingest')).toEqual([]);
  });
});

describe('enqueueEach', () => {
  it('writes one job per payload in one statement, keyed when the task is', async () => {
    await db.sql.begin((tx) =>
      enqueueEach(tx, 'deliver_webhook', [
        { payload: { deliveryId: 'a', attempt: 1 }, flags: deliveryFlags('org-1', 'endpoint-a') },
        { payload: { deliveryId: 'b', attempt: 1 }, flags: deliveryFlags('org-1', 'endpoint-b') },
      ]),
    );
    await db.sql.begin((tx) =>
      enqueueEach(tx, 'auto_consensus', [{ payload: { projectId: 'p3' }, queueKey: 'org-3' }]),
    );
    // Read once: reading runs the due jobs.
    const webhookJobs = await jobs('deliver_webhook');
    const consensusJobs = await jobs('auto_consensus');
    const deliveries = webhookJobs.filter((j) => (j.payload as { attempt?: number } | undefined)?.attempt === 1);
    expect(deliveries.map((j) => [j.payload, j.kind, j.key])).toEqual([
      [{ deliveryId: 'a', attempt: 1 }, 'object', null],
      [{ deliveryId: 'b', attempt: 1 }, 'object', null],
    ]);
    expect(consensusJobs.map((j) => j.key)).toContain('auto_consensus:p3');
    // Deliveries in no job queue (an endpoint's run concurrently), each flagged with its
    // organization's and endpoint's lanes; Auto Consensus in its organization's queue.
    const queues = [...webhookJobs, ...consensusJobs] as {
      payload: { deliveryId?: string; projectId?: string } | undefined;
      queue: string | null;
      flags: Record<string, boolean> | null;
    }[];
    const a = queues.find((j) => j.payload?.deliveryId === 'a');
    expect(a?.queue).toBeNull();
    expect(Object.keys(a?.flags ?? {}).sort()).toEqual(['endpoint:endpoint-a', 'org:org-1']);
    expect(Object.keys(queues.find((j) => j.payload?.deliveryId === 'b')?.flags ?? {}).sort()).toEqual([
      'endpoint:endpoint-b',
      'org:org-1',
    ]);
    expect(queues.find((j) => j.payload?.projectId === 'p3')?.queue).toBe('data:org-3');
  });

  it('refuses a job of a queue family without its queue key', async () => {
    await expect(db.sql.begin((tx) => enqueue(tx, 'ingest', { runId: 'r2' }))).rejects.toThrow(
      'a ingest job needs its data queue key (organization id)',
    );
  });

  it('writes nothing for no payloads', async () => {
    const before = (await db.sql<{ n: number }[]>`select count(*)::int as n from graphile_worker.jobs`)[0]!.n;
    await db.sql.begin((tx) => enqueueEach(tx, 'send_email', []));
    expect((await db.sql<{ n: number }[]>`select count(*)::int as n from graphile_worker.jobs`)[0]!.n).toBe(before);
  });
});
