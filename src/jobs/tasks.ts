// The job table: every task the worker runs, its payload type and its queue options, in one place.
// A job is enqueued with `enqueue(tx, 'task', payload)` inside the transaction of the write that
// needs it (graphile_worker.add_job is plain SQL, so the job commits or rolls back with that
// write); the compiler checks the task name and the payload, and src/jobs/worker.ts must bind an
// entry point to every task of this table. Nothing else names a task.
import type { Db } from '../db/client.ts';
import { currentTraceparent } from '../tracing.ts';

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

/**
 * What a job's payload carries besides its task's fields: the W3C `traceparent` of the span that
 * enqueued it, when tracing is on (src/tracing.ts), so that the job's span joins that trace.
 */
export interface JobTrace {
  traceparent?: string;
}

/** The payload as stored: the task's fields and, when tracing is on, the enqueuer's traceparent. */
function stored(payload: object): string {
  const traceparent = currentTraceparent();
  return JSON.stringify(traceparent ? { ...payload, traceparent } : payload);
}

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
   * - `report`, keyed by organization: an organization's exports and Proof Reports are produced
   *   one at a time, so one organization cannot take every report slot; they do not wait behind
   *   its ingest or Auto Consensus.
   */
  queue?: 'data' | 'report';
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
  // attempts only cover a crash of the worker in the middle of one. No job queue: an endpoint's
  // deliveries run concurrently, and the worker bounds them per endpoint and per organization
  // through the jobs' flags (deliveryFlags; src/jobs/webhook-lanes.ts).
  deliver_webhook: { maxAttempts: 5 },
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
  if (!key) throw new Error(`a ${task} job needs its ${family} queue key (organization id)`);
  return `${family}:${key}`;
}

/**
 * The flags of a webhook delivery's job: the worker takes no job whose organization or endpoint
 * already has as many deliveries in flight as it may (src/jobs/webhook-lanes.ts).
 */
export const deliveryFlags = (orgId: string, endpointId: string): string[] => [
  `org:${orgId}`,
  `endpoint:${endpointId}`,
];

/**
 * Enqueues one job of `task` in the caller's transaction; `runAt` delays it; `queueKey` names
 * its job queue for tasks of a queue family (the organization id for data and report tasks);
 * `flags` are graphile-worker's job flags (webhook deliveries: deliveryFlags).
 */
export async function enqueue<K extends TaskName>(
  sql: Db,
  task: K,
  payload: TaskPayloads[K],
  options: { runAt?: Date; queueKey?: string; flags?: string[] } = {},
): Promise<void> {
  const q = QUEUE[task] as QueueOptions<K>;
  await sql`
    select graphile_worker.add_job(${task}, ${stored(payload)}::text::json, run_at => ${options.runAt ?? null},
      max_attempts => ${q.maxAttempts}, job_key => ${jobKey(task, payload)},
      queue_name => ${queueName(task, options.queueKey)}, flags => ${options.flags ?? null}::text[])`;
}

/** Enqueues one job of `task` per payload, in one statement (a batch of decisions' deliveries). */
export async function enqueueEach<K extends TaskName>(
  sql: Db,
  task: K,
  jobs: { payload: TaskPayloads[K]; queueKey?: string; flags?: string[] }[],
): Promise<void> {
  if (jobs.length === 0) return;
  const q = QUEUE[task] as QueueOptions<K>;
  // Flags travel as one comma-joined text per job (unnest cannot take an array of arrays).
  await sql`
    select graphile_worker.add_job(${task}, x.payload::json, max_attempts => ${q.maxAttempts},
      job_key => nullif(x.job_key, ''),
      queue_name => nullif(x.queue_name, ''), flags => string_to_array(nullif(x.flags, ''), ','))
    from unnest(${jobs.map((j) => stored(j.payload))}::text[],
      ${jobs.map((j) => jobKey(task, j.payload) ?? '')}::text[],
      ${jobs.map((j) => queueName(task, j.queueKey) ?? '')}::text[],
      ${jobs.map((j) => (j.flags ?? []).join(','))}::text[]) as x(payload, job_key, queue_name, flags)`;
}
