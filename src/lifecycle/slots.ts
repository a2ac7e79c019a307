// Validation slots and claims: how a datapoint's required validations are stored, offered,
// claimed and released. This folder (src/lifecycle/) is the one owner of the slot / claim /
// vote lifecycle; handlers, jobs and the ingest path call it and hold none of its SQL.
//
// Lifecycle of a slot: `open` -> `claimed` (a validator holds it for CLAIM_MINUTES) ->
// `submitted` (its vote is in, votes.ts), or back to `open` on release; `expired` when the
// datapoint reaches terminal consensus before it was used. Claims are never swept: a claim past
// its expiry counts as open wherever slots are taken (`takeable` below is the one spelling of
// that rule), so it returns to the pool in place.
//
// Lock order, for every path that takes more than one of these locks (so none can deadlock with
// another): the project row `for share` (a pause or archive waits for work in flight), then the
// datapoints `for update` in id order, then their slots `for update`, then the voter's class
// grant `for share`. A claim takes the project, then one slot with `skip locked` (it never waits
// on a slot); a release takes one slot only.
import type { Sql, TxSql } from '../db/client.ts';
import { wakeAutoConsensus } from './wake.ts';
import { projectSpec } from '../db/projects.ts';

/** How long a claim is the validator's. */
export const CLAIM_MINUTES = 10;

type AnySql = Sql | TxSql;

/** A claim that ran out: it counts as open. `s` is the alias of validation_slots in the query. */
export const lapsedClaim = (sql: AnySql, s = 's') => sql`(${sql(s)}.status = 'claimed' and ${sql(s)}.claim_expires_at <= now())`;

/** A claim still held: the negation of lapsedClaim for a claimed slot. */
export const liveClaim = (sql: AnySql, s = 's') => sql`(${sql(s)}.status = 'claimed' and ${sql(s)}.claim_expires_at > now())`;

/** A slot a vote or a claim may take: open, or claimed by a claim that ran out. */
export const takeable = (sql: AnySql, s = 's') => sql`(${sql(s)}.status = 'open' or ${lapsedClaim(sql, s)})`;

/**
 * Validations still open to claim, per project: takeable slots (a lapsed claim counts). Read for
 * "what is left" figures, never to take a slot.
 */
export async function takeableSlotCounts(sql: Sql, projectIds: string[]): Promise<Map<string, number>> {
  if (projectIds.length === 0) return new Map();
  const rows = await sql<{ id: string; n: number }[]>`
    select p.id, (select count(*)::int from validation_slots s where s.project_id = p.id and ${takeable(sql)}) as n
    from unnest(${projectIds}::uuid[]) as p(id)`;
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Opens `numValidators` slots for every datapoint the ingest run wrote (inside its transaction). */
export async function openSlotsForRun(tx: TxSql, runId: string, numValidators: number): Promise<number> {
  const slots = await tx`
    insert into validation_slots (datapoint_id, project_id)
    select d.id, d.project_id from datapoints d cross join generate_series(1, ${numValidators}) g
    where d.run_id = ${runId}`;
  return slots.count;
}

export type ClaimRefusal = 'project_not_found' | 'project_archived' | 'project_paused' | 'no_claimable_slot';

export interface Claim {
  slotId: string;
  datapointId: string;
  content: unknown;
  instructions: string;
  claimedAt: Date;
  expiresAt: Date;
}

/**
 * Claims the next slot of a project for a validator assigned to it: never a slot of a datapoint
 * the validator rated or holds a live claim on. Two validators claiming at once never get the
 * same slot (the pick is `for update skip locked` and the claim is written in the same
 * transaction); a project the validator is not assigned to is `project_not_found`.
 */
export async function claimNextSlot(sql: Sql, projectId: string, userId: string): Promise<{ claimed: Claim } | { refused: ClaimRefusal }> {
  return sql.begin(async (tx) => {
    // The project row for share (as votes take it): a pause waits for this claim.
    const [p] = await tx<{ paused: boolean; archived: boolean; instructions: string | null }[]>`
      select p.paused_at is not null as paused, p.archived_at is not null as archived,
        (select s.compiled #>> '{validation,instructions}' from ${projectSpec(tx, tx`p.id`)} s) as instructions
      from projects p
      where p.id = ${projectId}
        and exists (select 1 from project_assignments a where a.project_id = p.id and a.user_id = ${userId} and a.revoked_at is null)
      for share of p`;
    if (!p) return { refused: 'project_not_found' };
    if (p.archived) return { refused: 'project_archived' };
    if (p.paused) return { refused: 'project_paused' };
    // One claim at a time per validator and project, so two concurrent claims of one validator
    // cannot both pick slots of the same datapoint (neither would see the other's claim).
    await tx`select pg_advisory_xact_lock(hashtextextended(${`claim:${userId}:${projectId}`}, 0))`;
    const slot = (await pickSlot(tx, projectId, userId, tx`s.status = 'open'`)) ?? (await pickSlot(tx, projectId, userId, lapsedClaim(tx)));
    if (!slot) return { refused: 'no_claimable_slot' };
    const [claim] = await tx<{ claimed_at: Date; claim_expires_at: Date; content: unknown }[]>`
      update validation_slots s
      set status = 'claimed', claimed_by = ${userId}, claimed_at = now(), claim_expires_at = now() + make_interval(mins => ${CLAIM_MINUTES})
      from datapoints d
      where s.id = ${slot.id} and d.id = s.datapoint_id
      returning s.claimed_at, s.claim_expires_at, d.content`;
    return {
      claimed: {
        slotId: slot.id, datapointId: slot.datapoint_id, content: claim!.content, instructions: p.instructions ?? '',
        claimedAt: claim!.claimed_at, expiresAt: claim!.claim_expires_at,
      },
    };
  });
}

/**
 * The first slot of the project matching `which` that this validator may claim, locked; slots
 * locked by a concurrent claim are skipped. Open slots first (their partial index), then lapsed
 * claims (the claimed-slots index): two plain index walks that stop at the first hit, where one
 * query with an OR would have to collect every open slot of a large project first.
 */
async function pickSlot(tx: TxSql, projectId: string, userId: string, which: ReturnType<typeof lapsedClaim>): Promise<{ id: string; datapoint_id: string } | undefined> {
  const [slot] = await tx<{ id: string; datapoint_id: string }[]>`
    select s.id, s.datapoint_id
    from validation_slots s join datapoints d on d.id = s.datapoint_id
    where s.project_id = ${projectId} and d.finalized_at is null and ${which}
      and not exists (select 1 from votes v where v.datapoint_id = s.datapoint_id and v.voter = ${userId})
      and not exists (select 1 from validation_slots c where c.datapoint_id = s.datapoint_id and c.claimed_by = ${userId} and ${liveClaim(tx, 'c')})
    limit 1
    for update of s skip locked`;
  return slot;
}

/**
 * Gives a claimed slot back to the pool; false when the validator holds no claim on it. The
 * freed slot is work for Auto Consensus, which is woken in the same transaction.
 */
export async function releaseClaim(sql: Sql, slotId: string, userId: string): Promise<boolean> {
  return sql.begin(async (tx) => {
    const [released] = await tx<{ project_id: string }[]>`
      update validation_slots set status = 'open', claimed_by = null, claimed_at = null, claim_expires_at = null
      where id = ${slotId} and status = 'claimed' and claimed_by = ${userId}
      returning project_id`;
    if (released) await wakeAutoConsensus(tx, released.project_id);
    return Boolean(released);
  });
}

/**
 * Datapoints of a project with a slot a synthetic vote may take, in id order after `after`:
 * what Auto Consensus votes on next. For each: its checksum, votes so far, takeable slots and
 * escalations.
 */
export async function datapointsWithTakeableSlots(sql: Sql, projectId: string, after: string, limit: number) {
  return sql<{ id: string; checksum: string; votes: number; open: number; escalations: number }[]>`
    select d.id, d.checksum, d.escalations,
      (select count(*) from votes v where v.datapoint_id = d.id)::int as votes,
      count(*)::int as open
    from validation_slots s join datapoints d on d.id = s.datapoint_id
    where s.project_id = ${projectId} and d.finalized_at is null and d.id > ${after}
      -- A live human claim is never filled.
      and ${takeable(sql)}
    group by d.id
    order by d.id
    limit ${limit}`;
}
