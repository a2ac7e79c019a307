// Auto Consensus (test mode): synthetic validators fill the open slots of a project whose
// `autoConsensus` is on, through the same vote entry point as people, until none is left. It
// stops as soon as the project is paused, archived or switched off (checked per batch; every
// vote also re-checks paused/archived under the datapoint lock), and is enqueued again by the
// writes that can give it work: turning the mode on, unpausing, unarchiving, an ingest.
import type { Sql, TxSql } from '../db/client.ts';
import type { Logger } from '../log.ts';
import { recordVote, VoteRefused } from '../consensus/record-vote.ts';
import { syntheticRating, type Spread } from '../domain/synthetic.ts';

const BATCH = 200;

/** Enqueues the project's Auto Consensus job (one queued per project: job_key). */
export async function enqueueAutoConsensus(tx: TxSql | Sql, projectId: string): Promise<void> {
  await tx`select graphile_worker.add_job('auto_consensus', ${tx.json({ projectId })}::json, job_key => ${`auto_consensus:${projectId}`}, max_attempts => 3)`;
}

interface Project { auto_consensus: boolean; auto_consensus_spread: Spread; paused_at: Date | null; archived_at: Date | null }

export async function runAutoConsensus(deps: { sql: Sql; log: Logger }, projectId: string): Promise<void> {
  const { sql } = deps;
  for (;;) {
    const [p] = await sql<Project[]>`select auto_consensus, auto_consensus_spread, paused_at, archived_at from projects where id = ${projectId}`;
    if (!p || !p.auto_consensus || p.paused_at || p.archived_at) return;
    // One open slot per datapoint per round: the next voter's index depends on the votes so far.
    const open = await sql<{ datapoint_id: string; checksum: string; votes: number }[]>`
      select distinct on (s.datapoint_id) s.datapoint_id, d.checksum,
        (select count(*) from votes v where v.datapoint_id = s.datapoint_id)::int as votes
      from validation_slots s join datapoints d on d.id = s.datapoint_id
      where s.project_id = ${projectId} and s.status = 'open' and d.finalized_at is null
      order by s.datapoint_id
      limit ${BATCH}`;
    if (open.length === 0) return;
    for (const slot of open) {
      const index = slot.votes + 1;
      try {
        await recordVote(sql, {
          datapointId: slot.datapoint_id, voter: `synthetic:${index}`, userId: null, synthetic: true,
          rating: syntheticRating(slot.checksum, index, p.auto_consensus_spread), weight: 1, classId: null,
        });
      } catch (err) {
        if (!(err instanceof VoteRefused)) throw err;
        if (err.reason === 'project_paused' || err.reason === 'project_archived') return;
        // already_voted / already_finalized: another voter got there first; move on.
      }
    }
  }
}
