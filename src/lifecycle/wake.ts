// Waking Auto Consensus: the one rule for "this project may have work for synthetic validators
// now". Called, in the writing transaction, by whatever can give it work: an ingest that opened
// slots, a release, an escalation, and turning the mode on, unpausing or unarchiving.
import type { Sql, TxSql } from '../db/client.ts';

/** Enqueues the project's Auto Consensus job (at most one queued per project: job_key). */
async function enqueueAutoConsensus(tx: TxSql | Sql, projectId: string): Promise<void> {
  await tx`select graphile_worker.add_job('auto_consensus', ${tx.json({ projectId })}::json, job_key => ${`auto_consensus:${projectId}`}, max_attempts => 3)`;
}

/** Enqueues Auto Consensus for the project when its mode is on and it is neither paused nor archived. */
export async function wakeAutoConsensus(tx: TxSql | Sql, projectId: string): Promise<void> {
  const [p] = await tx<{ on: boolean }[]>`
    select auto_consensus and paused_at is null and archived_at is null as on from projects where id = ${projectId}`;
  if (p?.on) await enqueueAutoConsensus(tx, projectId);
}
