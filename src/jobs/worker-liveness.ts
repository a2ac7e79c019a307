// Worker process liveness, so that a killed worker's jobs run again soon.
//
// graphile-worker locks a job for the worker that runs it and only considers the lock stale after
// four hours: a worker killed mid-job (SIGKILL, OOM, a lost machine) would leave its webhook
// delivery, email or Auto Consensus job waiting that long. Each worker process here records the
// graphile-worker ids (pool and workers) it runs jobs under and a heartbeat; every live worker's sweep removes
// processes whose heartbeat is older than DEAD_AFTER_SECONDS and unlocks their jobs and job queues
// (graphile_worker.force_unlock_workers). The jobs then run again on a live worker, as retries of
// the attempt that was cut: each task is written to be re-run (an ingest run is failed by its
// own heartbeat sweep; a webhook attempt is recorded only once, conditionally on its number).
import { randomUUID } from 'node:crypto';
import type { Sql } from '../db/client.ts';
import { beatWorkerProcess, removeDeadWorkerProcesses, removeWorkerProcess } from '../db/worker-processes.ts';

const HEARTBEAT_MS = 5000;
/** A worker process silent for this long is dead (several missed heartbeats, not one slow one). */
export const DEAD_AFTER_SECONDS = 30;

export interface WorkerLiveness {
  readonly processId: string;
  /** Records one graphile-worker id of this process (from its `worker:create` event). */
  add(graphileWorkerId: string): void;
  start(): Promise<void>;
  /** Unlocks the jobs of worker processes that stopped heartbeating; returns how many processes. */
  sweep(deadAfterSeconds?: number): Promise<number>;
  /** Stops heartbeating and removes this process's row (its jobs were finished or released). */
  stop(): Promise<void>;
}

export function createLiveness(sql: Sql, options: { heartbeatMs?: number } = {}): WorkerLiveness {
  const processId = `assay-worker-${randomUUID()}`;
  const ids = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  const beat = () => beatWorkerProcess(sql, processId, [...ids]);
  return {
    processId,
    add(id) {
      ids.add(id);
      // Recorded at once, not at the next heartbeat: the runner may lock a job under this id now.
      if (timer) void beat().catch(() => {});
    },
    async start() {
      await beat();
      timer = setInterval(() => void beat().catch(() => {}), options.heartbeatMs ?? HEARTBEAT_MS);
    },
    sweep(deadAfterSeconds = DEAD_AFTER_SECONDS) {
      return removeDeadWorkerProcesses(sql, processId, deadAfterSeconds);
    },
    async stop() {
      if (timer) clearInterval(timer);
      await removeWorkerProcess(sql, processId).catch(() => {});
    },
  };
}
