// The job worker process: graphile-worker over the same Postgres. Tasks are added by the issues
// that need them (ingest, auto-consensus, webhooks, email); each lives in its own file here.
import { run, type Runner, type TaskList } from 'graphile-worker';
import type { Config } from '../config.ts';

export const taskList: TaskList = {};

export async function startWorker(config: Config, options: { concurrency?: number } = {}): Promise<{ stop(): Promise<void> }> {
  const runner: Runner = await run({
    connectionString: config.databaseUrl,
    concurrency: options.concurrency ?? 4,
    noHandleSignals: true,
    pollInterval: 1000,
    taskList,
    crontab: '', // no recurring jobs (and no lookup of a crontab file)
  });
  return { stop: () => runner.stop() };
}
