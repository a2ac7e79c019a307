// Waking Auto Consensus: the one rule for "this project may have work for synthetic validators
// now". Called, in the writing transaction, by whatever can give it work: an ingest that opened
// slots, a release, an escalation, and turning the mode on, unpausing or unarchiving.
import type { Sql, TxSql } from '../db/client.ts';

/**
 * Enqueues the project's Auto Consensus job (at most one queued per project: job_key), in its
 * organization's data queue: one data job (ingest, Auto Consensus) of an organization runs at a
 * time, so one organization cannot take every data slot (docs/operations.md).
 */
async function enqueueAutoConsensus(tx: TxSql | Sql, projectId: string, orgId: string): Promise<void> {
  await tx`select graphile_worker.add_job('auto_consensus', ${tx.json({ projectId })}::json, job_key => ${`auto_consensus:${projectId}`}, max_attempts => 3, queue_name => ${`data:${orgId}`})`;
}

/** Enqueues Auto Consensus for the project when its mode is on and it is neither paused nor archived. */
export async function wakeAutoConsensus(tx: TxSql | Sql, projectId: string): Promise<void> {
  const [p] = await tx<{ on: boolean; org_id: string }[]>`
    select auto_consensus and paused_at is null and archived_at is null as on, org_id from projects where id = ${projectId}`;
  if (p?.on) await enqueueAutoConsensus(tx, projectId, p.org_id);
}
