// The job table: every task the worker runs, its payload type and its queue options, in one place.
// A job is enqueued with `enqueue(tx, 'task', payload)` inside the transaction of the write that
// needs it (graphile_worker.add_job is plain SQL, so the job commits or rolls back with that
// write); the compiler checks the task name and the payload, and src/jobs/worker.ts must bind an
// entry point to every task of this table. Nothing else names a task.
import type { Db } from '../db/client.ts';

export interface TaskPayloads {
  /**
   * Ingest an upload session's files (src/jobs/ingest.ts). `requestId` is the process call's;
   * a run re-queued by src/jobs/ingest-redrive.ts has none.
   */
  ingest: { runId: string; requestId?: string };
  /** Synthetic validators fill a project's open slots (src/jobs/auto-consensus.ts). */
  auto_consensus: { projectId: string };
  /** One attempt of one webhook delivery (src/jobs/deliver-webhook.ts). */
  deliver_webhook: { deliveryId: string; attempt: number };
  /** Send one email_outbox row (src/jobs/send-email.ts). */
  send_email: { outboxId: string };
  /**
   * Produce one report artifact, an export or a Proof Report (src/jobs/build-report.ts); the
   * request that claimed it gave its `requestId`.
   */
  build_report: { artifactId: string; requestId?: string };
}

export type TaskName = keyof TaskPayloads;

// graphile-worker's own typing: its TaskList and Task<name> take their payload types from here.
declare global {
  namespace GraphileWorker {
    interface Tasks extends TaskPayloads {}
  }
}

interface QueueOptions<K extends TaskName> {
  /** graphile-worker's retries (exponential backoff) before a job is given up. */
  maxAttempts: number;
  /**
   * The id of the row the job works on: its job key is `<task>:<id>` (jobKeyPrefix). At most one
   * job per key is queued (a second enqueue replaces a queued one; a running one keeps running
   * and a new one is queued), and "is there still a live job for this row" is asked of the key
   * (src/db/jobs.ts).
   */
  keyId?: (payload: TaskPayloads[K]) => string;
  /**
   * The family of graphile-worker job queues the task's jobs go in, one queue per `queueKey`
   * given at enqueue: a job queue runs one job at a time, in order (docs/operations.md).
   * - `data`, keyed by organization: an organization's ingest and Auto Consensus jobs run one at
   *   a time, so one organization cannot take every data slot;
   * - `webhook`, keyed by endpoint: an endpoint's deliveries run one at a time, so a dead
   *   receiver holds one webhook slot at most;
   * - `report`, keyed by organization: an organization's exports and Proof Reports are produced
   *   one at a time, so one organization cannot take every report slot; they do not wait behind
   *   its ingest or Auto Consensus.
   */
  queue?: 'data' | 'webhook' | 'report';
}

/** The tasks whose jobs carry a key (one job per row): the table below must give them `keyId`. */
export type KeyedTask = 'ingest' | 'auto_consensus' | 'send_email' | 'build_report';

const QUEUE: {
  [K in TaskName]: QueueOptions<K> & (K extends KeyedTask ? Required<Pick<QueueOptions<K>, 'keyId'>> : unknown);
} = {
  // One attempt: the task records its own failures on the run; a retry is the user's process call.
  // One job per run: the re-drive asks whether the run still has one.
  ingest: { maxAttempts: 1, keyId: (p) => p.runId, queue: 'data' },
  // One queued per project: however many writes wake it, one job fills the slots.
  auto_consensus: { maxAttempts: 3, keyId: (p) => p.projectId, queue: 'data' },
  // Each attempt is a job of its own (the task enqueues the next one with its delay); these
  // attempts only cover a crash of the worker in the middle of one.
  deliver_webhook: { maxAttempts: 5, queue: 'webhook' },
  // SMTP refusals are retried with graphile-worker's backoff (src/jobs/send-email.ts). One job
  // per message: the sweep re-enqueues a message whose job gave up.
  send_email: { maxAttempts: 8, keyId: (p) => p.outboxId },
  // The task records its own failures on the artifact (the next request re-arms it); these
  // attempts cover a worker stopped or killed in the middle of one. One job per artifact.
  build_report: { maxAttempts: 3, keyId: (p) => p.artifactId, queue: 'report' },
};

/** The job key of a keyed task's job is this prefix and the row's id (src/db/jobs.ts asks by it). */
export function jobKeyPrefix(task: KeyedTask): string {
  return `${task}:`;
}

/** The job key of a job of `task` with `payload`, or null for a task without keys. */
export function jobKey<K extends TaskName>(task: K, payload: TaskPayloads[K]): string | null {
  const keyId = (QUEUE[task] as QueueOptions<K>).keyId;
  return keyId ? `${task}:${keyId(payload)}` : null;
}

/** The job queue of a task's job: `<family>:<key>`; a task of a queue family needs its key. */
export function queueName(task: TaskName, key: string | undefined): string | null {
  const family = QUEUE[task].queue;
  if (!family) return null;
  if (!key)
    throw new Error(
      `a ${task} job needs its ${family} queue key (${family === 'webhook' ? 'endpoint' : 'organization'} id)`,
    );
  return `${family}:${key}`;
}

/**
 * Enqueues one job of `task` in the caller's transaction; `runAt` delays it; `queueKey` names
 * its job queue for tasks of a queue family (the organization id for data tasks, the endpoint id
 * for webhook deliveries).
 */
export async function enqueue<K extends TaskName>(
  sql: Db,
  task: K,
  payload: TaskPayloads[K],
  options: { runAt?: Date; queueKey?: string } = {},
): Promise<void> {
  const q = QUEUE[task] as QueueOptions<K>;
  await sql`
    select graphile_worker.add_job(${task}, ${JSON.stringify(payload)}::text::json, run_at => ${options.runAt ?? null},
      max_attempts => ${q.maxAttempts}, job_key => ${jobKey(task, payload)},
      queue_name => ${queueName(task, options.queueKey)})`;
}

/** Enqueues one job of `task` per payload, in one statement (a batch of decisions' deliveries). */
export async function enqueueEach<K extends TaskName>(
  sql: Db,
  task: K,
  jobs: { payload: TaskPayloads[K]; queueKey?: string }[],
): Promise<void> {
  if (jobs.length === 0) return;
  const q = QUEUE[task] as QueueOptions<K>;
  await sql`
    select graphile_worker.add_job(${task}, x.payload::json, max_attempts => ${q.maxAttempts},
      job_key => nullif(x.job_key, ''),
      queue_name => nullif(x.queue_name, ''))
    from unnest(${jobs.map((j) => JSON.stringify(j.payload))}::text[],
      ${jobs.map((j) => jobKey(task, j.payload) ?? '')}::text[],
      ${jobs.map((j) => queueName(task, j.queueKey) ?? '')}::text[]) as x(payload, job_key, queue_name)`;
}
