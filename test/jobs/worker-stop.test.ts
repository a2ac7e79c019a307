// The database ending the job queue's connections is a warning while the worker runs, and expected
// once it is stopping (`make dev`: Ctrl-C reaches Postgres with the worker): then it is said once,
// at info, instead of a warning per connection and an error per UNLISTEN.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { testConfig } from '../helpers/config.ts';
import { until } from '../helpers/wait.ts';
import { createLogger } from '../../src/log.ts';
import { JOB_QUEUE_APPLICATION, startWorker } from '../../src/jobs/worker.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

interface Line {
  level: string;
  msg: string;
  events?: number;
}

/** Ends every job queue session of this database (as Postgres does at a fast shutdown): their pids. */
async function endJobQueueSessions(): Promise<number[]> {
  const ended = await db.sql<{ pid: number }[]>`
    select pid, pg_terminate_backend(pid) from pg_stat_activity
    where datname = current_database() and application_name = ${JOB_QUEUE_APPLICATION}`;
  return ended.map((r) => r.pid);
}

/** The pids of this database's job queue sessions. */
const jobQueuePids = async () =>
  (
    await db.sql<{ pid: number }[]>`select pid from pg_stat_activity
      where datname = current_database() and application_name = ${JOB_QUEUE_APPLICATION}`
  ).map((r) => r.pid);

it('warns of lost job queue connections while running, and says them once, at info, when stopping', async () => {
  const raw: string[] = [];
  const log = createLogger('debug', (l) => raw.push(l));
  const lines = (from = 0) => raw.slice(from).map((l) => JSON.parse(l) as Line);
  const loud = (from = 0) => lines(from).filter((l) => l.level === 'warn' || l.level === 'error');
  const worker = await startWorker(testConfig({ databaseUrl: db.databaseUrl }), {
    concurrency: 1,
    log,
    // The job below is found by polling: a notification sent before the listener's new session
    // has run its LISTEN is not heard.
    pollIntervalMs: 200,
  });
  const reserved = await db.sql.reserve();
  let stopping: Promise<void> | undefined;
  try {
    // The pool's start-up warning about its size is its design, not a fault.
    expect(loud()).toEqual([]);
    expect((await jobQueuePids()).length).toBeGreaterThan(0);

    // Running: each lost connection is a warning (graphile-worker also says, at error, that its
    // listener retries).
    const first = await endJobQueueSessions();
    expect(first.length).toBeGreaterThan(0);
    const warned = () => loud().filter((l) => l.msg === 'job queue connection lost' && l.level === 'warn');
    await until(
      async () => warned().length,
      (n) => n > 0,
    );
    // The listener has a session again (the ended ones may still be listed for a moment).
    await until(jobQueuePids, (pids) => pids.some((pid) => !first.includes(pid)));

    // Stopping while a job runs (its query waits on the projects table, which this transaction
    // holds), so the stop waits for it: the queue's sessions are ended in that wait.
    await reserved`begin`;
    await reserved`lock table projects in access exclusive mode`;
    const [job] = await db.sql<{ id: string }[]>`
      select (graphile_worker.add_job('auto_consensus', json_build_object('projectId', gen_random_uuid()))).id::text as
      id`;
    await until(
      async () => (await db.sql`select locked_at from graphile_worker.jobs where id = ${job!.id}`)[0]?.locked_at,
      (at) => at !== null && at !== undefined,
    );
    const from = raw.length;
    stopping = worker.stop();
    const second = await endJobQueueSessions();
    expect(second.length).toBeGreaterThan(0);
    // The ended sessions are gone (their clients have read why) before the job may finish.
    await until(jobQueuePids, (pids) => !pids.some((pid) => second.includes(pid)));
    await reserved`commit`;
    await stopping;
    expect(loud(from)).toEqual([]);
    const said = lines(from).filter((l) => l.msg === 'job queue connections ended by the database while stopping');
    expect(said).toHaveLength(1);
    expect(said[0]!.level).toBe('info');
    expect(said[0]!.events).toBeGreaterThan(0);
  } finally {
    reserved.release();
    if (!stopping) await worker.stop();
    else await stopping.catch(() => {});
  }
}, 60_000);
