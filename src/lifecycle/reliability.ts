// Reliability-weighted consensus (`consensus.method: reliability`; docs/quality.md): a vote's
// weight is its class weight times the voter's estimated precision from the rater model
// (src/domain/rater-model.ts), estimated per project from the decided votes. The estimates are a
// cache (rater_estimates), refreshed in a deciding transaction when the project's decided votes
// have grown by a tenth (and at least 20) since the last estimate: O(votes) work every time the
// data grows by 10%, O(1) amortized per vote. The decided votes are a running count
// (rater_model_state.decided_votes), so a deciding transaction whose estimate is not due reads
// one row. A voter without an estimate yet has precision 1
// (the pool's). The weights a decision used are recorded with its votes (votes.decision_weight).
import type { TxSql } from '../db/client.ts';
import { fitRaterModel, type RaterModelParameters } from '../domain/rater-model.ts';

export { reliabilitySettings } from '../domain/rater-model.ts';

/** The voters' current precision on each project (voters without an estimate are absent: 1). */
export async function loadPrecisions(tx: TxSql, projectIds: string[]): Promise<Map<string, Map<string, number>>> {
  const out = new Map<string, Map<string, number>>(projectIds.map((p) => [p, new Map()]));
  if (projectIds.length === 0) return out;
  const rows = await tx<{ project_id: string; voter: string; precision: number }[]>`
    select project_id, voter, precision from rater_estimates where project_id = any(${projectIds}::uuid[])`;
  for (const r of rows) out.get(r.project_id)!.set(r.voter, r.precision);
  return out;
}

/**
 * Re-estimates the project's rater model (with the project's parameters, `reliabilitySettings`)
 * when its decided votes grew enough; the row lock serializes it.
 * `decidedVotes`: the votes the caller's decisions made decided (every vote of each decided datapoint),
 * added to the project's running count under the state row's lock, so the check is O(1): every
 * decision of a reliability-weighted project passes here (its spec, and so its method, never changes).
 */
export async function refreshRaterModel(
  tx: TxSql,
  projectId: string,
  params: RaterModelParameters,
  decidedVotes: number,
): Promise<boolean> {
  const [state] = await tx<{ votes_at_estimate: number; decided_votes: number }[]>`
    insert into rater_model_state (project_id, votes_at_estimate, decided_votes)
    values (${projectId}, 0, ${decidedVotes})
    on conflict (project_id) do update set decided_votes = rater_model_state.decided_votes + excluded.decided_votes
    returning votes_at_estimate::float8 as votes_at_estimate, decided_votes::float8 as decided_votes`;
  const n = state!.decided_votes;
  if (n < Math.max(state!.votes_at_estimate * 1.1, state!.votes_at_estimate + 20)) return false;
  const ratings = await tx<{ unit: string; rater: string; rating: number }[]>`
    select v.datapoint_id::text as unit, v.voter as rater, v.rating
    from votes v join consensus_decisions c on c.datapoint_id = v.datapoint_id
    where v.project_id = ${projectId}`;
  const model = fitRaterModel(ratings, params);
  const est = [...model.raters.values()];
  await tx`
    insert into rater_estimates (project_id, voter, votes, bias, inconsistency, precision)
    select ${projectId}, * from unnest(${est.map((e) => e.rater)}::text[], ${est.map((e) => e.votes)}::int[],
      ${est.map((e) => e.bias)}::float8[], ${est.map((e) => e.inconsistency)}::float8[],
      ${est.map((e) => e.precision)}::float8[])
    on conflict (project_id, voter) do update set votes = excluded.votes, bias = excluded.bias,
      inconsistency = excluded.inconsistency, precision = excluded.precision`;
  // The votes read are the decided votes (this statement's snapshot, under the row's lock): the
  // count starts from them again, so it cannot drift from what the estimate saw.
  await tx`update rater_model_state set votes_at_estimate = ${ratings.length}, decided_votes = ${ratings.length},
    estimated_at = now() where project_id = ${projectId}`;
  return true;
}

/** Records the weight each vote of the decided datapoints carried (votes are inserted before this). */
export async function recordDecisionWeights(
  tx: TxSql,
  weights: { datapointId: string; voter: string; weight: number }[],
): Promise<void> {
  if (weights.length === 0) return;
  await tx`
    update votes v set decision_weight = x.w
    from unnest(${weights.map((w) => w.datapointId)}::uuid[], ${weights.map((w) => w.voter)}::text[],
      ${weights.map((w) => w.weight)}::float8[]) as x(datapoint_id, voter, w)
    where v.datapoint_id = x.datapoint_id and v.voter = x.voter`;
}
