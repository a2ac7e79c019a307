// Auto Consensus (test mode): synthetic validators fill the open slots of a project whose
// `autoConsensus` is on, through the same vote entry point as people (recordVotes), until none
// is left. Each round takes a batch of datapoints with open slots and offers, per datapoint,
// the synthetic votes that could still be needed (its open slots plus the slots every remaining
// escalation would add), in voter order; the entry point applies them one by one, finalizing or
// escalating as it goes, and refuses the surplus (no open slot, already terminal) without
// writing anything. The result is the same as voting one slot at a time, in one transaction
// per batch instead of one per vote.
//
// It stops as soon as the project is paused, archived or switched off (checked per batch, and
// every batch re-checks paused/archived under lock), and is woken again by the writes that can
// give it work (src/lifecycle/wake.ts).
import type { Sql } from '../db/client.ts';
import { logOrganization, type Logger } from '../log.ts';
import { recordVotes, type VoteInput } from '../lifecycle/votes.ts';
import { datapointsWithTakeableSlots, type WorkCursor } from '../lifecycle/slots.ts';
import { syntheticRating } from '../domain/synthetic.ts';
import { autoConsensusProject } from '../db/projects.ts';

/** Datapoints per transaction: small enough that a pause waits well under a second. */
const BATCH = 250;

export async function runAutoConsensus(
  deps: { sql: Sql; log: Logger; signal?: AbortSignal },
  projectId: string,
): Promise<void> {
  const { sql } = deps;
  let after: WorkCursor | null = null;
  for (;;) {
    // The worker is shutting down: stop between batches; the job fails and runs again later.
    deps.signal?.throwIfAborted();
    const p = await autoConsensusProject(sql, projectId);
    if (!p?.auto_consensus || p.paused_at || p.archived_at) return;
    logOrganization(p.org_id);
    // Datapoints with an open slot, in ingestion order from where the last batch ended; when the
    // end is reached, start over once more (a batch's escalations leave fresh open slots behind it).
    const open = await datapointsWithTakeableSlots(sql, projectId, after, BATCH);
    if (open.length === 0) {
      if (after === null) return;
      after = null;
      continue;
    }
    const last = open[open.length - 1]!;
    after = { createdAt: last.created_at, id: last.id };
    const votes: VoteInput[] = [];
    for (const d of open) {
      const offered = d.open + Math.max(0, p.max_escalations - d.escalations) * p.escalation_step;
      for (let k = 1; k <= offered; k++) {
        const index = d.votes + k;
        votes.push({
          datapointId: d.id,
          voter: `synthetic:${index}`,
          userId: null,
          synthetic: true,
          rating: syntheticRating(d.checksum, index, p.auto_consensus_spread),
          weight: 1,
          classId: null,
        });
      }
    }
    const results = await recordVotes(sql, votes);
    if (
      results.some((r) => r.kind === 'refused' && (r.refused === 'project_paused' || r.refused === 'project_archived'))
    )
      return;
  }
}
