// One vote through the vote entry point (src/lifecycle/votes.ts), its refusal thrown as the
// registry error it names: what the tests of finalization and Auto Consensus need, and nothing
// the service itself calls.
import type { Sql } from '../../src/db/client.ts';
import { ApiError } from '../../src/errors.ts';
import { recordVotes, type VoteInput, type VoteOutcome } from '../../src/lifecycle/votes.ts';

export async function recordVote(sql: Sql, v: VoteInput): Promise<VoteOutcome> {
  const [result] = await recordVotes(sql, [v]);
  if (result!.kind === 'refused') throw new ApiError(result!.refused);
  return result!;
}
