// Waking Auto Consensus: the one rule for "this project may have work for synthetic validators
// now". Called, in the writing transaction, by whatever can give it work: an ingest that opened
// slots, a release, an escalation, and turning the mode on, unpausing or unarchiving.
import type { Db } from '../db/client.ts';
import { autoConsensusRunnable } from '../db/projects.ts';
import { enqueue } from '../jobs/tasks.ts';

/** Enqueues Auto Consensus for the project when its mode is on and it is neither paused nor archived. */
export async function wakeAutoConsensus(tx: Db, projectId: string): Promise<void> {
  const orgId = await autoConsensusRunnable(tx, projectId);
  // In the organization's data queue (src/jobs/tasks.ts).
  if (orgId) await enqueue(tx, 'auto_consensus', { projectId }, { queueKey: orgId });
}
