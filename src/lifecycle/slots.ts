// Validation slots and claims: how a datapoint's required validations are stored, offered,
// claimed and released. This folder (src/lifecycle/) is the one owner of the slot / claim /
// vote lifecycle; handlers, jobs and the ingest path call it and hold none of its SQL.
//
// Storage. A datapoint is written with `slots_open` = the project's numValidators: slots nobody
// has taken yet are a counter, not rows (ingest writes one row per datapoint, not 1 +
// numValidators). A slot becomes a `validation_slots` row when a validator claims it, and stays
// one: `claimed` (the validator holds it for CLAIM_MINUTES) -> `submitted` (its vote is in,
// votes.ts), or back to `open` on release; `expired` when the datapoint reaches terminal
// consensus first. A vote that needs no claim (Auto Consensus) takes a row that is open, else
// one from the counter; an escalation adds to the counter.
//
// Claims are never swept: a claim past its expiry counts as open wherever slots are taken
// (`takeable` below is the one spelling of that rule), so it returns to the pool in place.
//
// Lock order, for every path that takes more than one of these locks (so none can deadlock with
// another): the project row `for share` (a pause or archive waits for work in flight), then the
// datapoints `for update` in id order, then their slot rows `for update`, then the voter's class
// grant `for share`. A claim takes the project, then one slot row or one datapoint with `skip
// locked` (it never waits on them); a release takes one slot row only.
import type { Sql, TxSql } from '../db/client.ts';
import { wakeAutoConsensus } from './wake.ts';
import { uuidv7 } from '../domain/uuidv7.ts';
import { projectSpec } from '../db/projects.ts';
import { validatorPaused } from '../db/validator-pauses.ts';
import { goldSettings } from '../domain/spec-compiler.ts';
import { goldClaim } from './gold.ts';

/** How long a claim is the validator's. */
export const CLAIM_MINUTES = 10;

type AnySql = Sql | TxSql;

/** A claim that ran out: it counts as open. `s` is the alias of validation_slots in the query. */
const lapsedClaim = (sql: AnySql, s = 's') =>
  sql`(${sql(s)}.status = 'claimed' and ${sql(s)}.claim_expires_at <= now())`;

/** A claim still held: the negation of lapsedClaim for a claimed slot. */
export const liveClaim = (sql: AnySql, s = 's') =>
  sql`(${sql(s)}.status = 'claimed' and ${sql(s)}.claim_expires_at > now())`;

/** A slot a vote or a claim may take: open, or claimed by a claim that ran out. */
export const takeable = (sql: AnySql, s = 's') => sql`(${sql(s)}.status = 'open' or ${lapsedClaim(sql, s)})`;

/** The slots a new datapoint starts with (its `slots_open`): the project's numValidators. */
export const initialSlots = (numValidators: number): number => numValidators;

/**
 * Validations still open to claim, per project: the counters of its pending datapoints plus its
 * takeable slot rows (released, or a lapsed claim). A terminal datapoint has a zero counter and
 * no takeable row (its rows expire with the decision), so the counters are read through the
 * project's range of the pending-datapoints index. Read for "what is left" figures, never to
 * take a slot.
 */
export async function takeableSlotCounts(sql: Sql, projectIds: string[]): Promise<Map<string, number>> {
  if (projectIds.length === 0) return new Map();
  const rows = await sql<{ id: string; n: number }[]>`
    select p.id,
      (select coalesce(sum(d.slots_open), 0) from datapoints d where d.project_id = p.id and d.finalized_at is
      null)::int
        + (select count(*) from validation_slots s where s.project_id = p.id and ${takeable(sql)}
           and ${notGoldSlot(sql)})::int as n
    from unnest(${projectIds}::uuid[]) as p(id)`;
  return new Map(rows.map((r) => [r.id, r.n]));
}

/**
 * A slot row that is not of a gold item: gold items are served by the gold path of a claim only
 * (gold.ts), so their released or lapsed claims are never open work.
 */
const notGoldSlot = (sql: AnySql, s = 's') =>
  sql`not exists (select 1 from datapoints g where g.id = ${sql(s)}.datapoint_id and g.gold_rating is not null)`;

export type ClaimRefusal =
  | 'project_not_found'
  | 'validator_paused'
  | 'project_archived'
  | 'project_paused'
  | 'no_claimable_slot'
  | 'claim_limit_reached';

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
 * the validator rated or holds a live claim on, and never past `maxLiveClaims` live claims of
 * the validator on the project. Two validators claiming at once never get the
 * same slot (the pick is `for update skip locked` and the claim is written in the same
 * transaction); a project the validator is not assigned to is `project_not_found`.
 */
export async function claimNextSlot(
  sql: Sql,
  projectId: string,
  userId: string,
  limits: { maxLiveClaims: number },
): Promise<{ claimed: Claim } | { refused: ClaimRefusal }> {
  return sql.begin(async (tx) => {
    // The project row for share (as votes take it): a pause waits for this claim.
    const [p] = await tx<
      { paused: boolean; archived: boolean; instructions: string | null; gold: unknown; validator_paused: boolean }[]
    >`
      select p.paused_at is not null as paused, p.archived_at is not null as archived,
        (select s.compiled #>> '{validation,instructions}' from ${projectSpec(tx, tx`p.id`)} s) as instructions,
        (select s.compiled -> 'gold' from ${projectSpec(tx, tx`p.id`)} s) as gold,
        ${validatorPaused(tx, tx`p.id`, userId)} as validator_paused
      from projects p
      where p.id = ${projectId}
        and exists (select 1 from project_assignments a where a.project_id = p.id and a.user_id = ${userId} and
        a.revoked_at is null)
      for share of p`;
    if (!p) return { refused: 'project_not_found' };
    if (p.archived) return { refused: 'project_archived' };
    if (p.paused) return { refused: 'project_paused' };
    if (p.validator_paused) return { refused: 'validator_paused' };
    // One claim at a time per validator and project, so two concurrent claims of one validator
    // cannot both pick slots of the same datapoint (neither would see the other's claim).
    await tx`select pg_advisory_xact_lock(hashtextextended(${`claim:${userId}:${projectId}`}, 0))`;
    // A validator holds at most maxLiveClaims live claims on a project, so no one can take a
    // project's work out of the pool. Counted under the lock above, so concurrent claims of the
    // same validator cannot pass it together; lapsed claims do not count (their index: claimed
    // rows by validator).
    const [{ live }] = await tx<{ live: number }[]>`
      select count(*)::int as live from validation_slots s
      where s.claimed_by = ${userId} and s.project_id = ${projectId} and ${liveClaim(tx)}`;
    if (live >= limits.maxLiveClaims) return { refused: 'claim_limit_reached' };
    // A gold item at the spec's rate (gold.ts), else the ordinary picks.
    const gold = await goldClaim(tx, projectId, userId, goldSettings(p.gold).rate);
    const picked = gold ? undefined : await pickSlotRow(tx, projectId, userId);
    // From the counter: first passing over datapoints a concurrent claim or vote holds (claims
    // spread over datapoints), then, if that found none, waiting for them (the last datapoints
    // with open slots may all be held for a moment; that is not "nothing to claim").
    const claim =
      gold ??
      (picked
        ? await claimRow(tx, picked.id, userId)
        : ((await claimFromCounter(tx, projectId, userId, 'skip')) ??
          (await claimFromCounter(tx, projectId, userId, 'wait'))));
    if (!claim) return { refused: 'no_claimable_slot' };
    return {
      claimed: {
        slotId: claim.id,
        datapointId: claim.datapoint_id,
        content: claim.content,
        instructions: p.instructions ?? '',
        claimedAt: claim.claimed_at,
        expiresAt: claim.claim_expires_at,
      },
    };
  });
}

export interface ClaimRow {
  id: string;
  datapoint_id: string;
  claimed_at: Date;
  claim_expires_at: Date;
  content: unknown;
}

/** Neither a datapoint the validator rated nor one it holds a live claim on. `d` is the datapoint. */
export const notMine = (tx: TxSql, userId: string) => tx`
  not exists (select 1 from votes v where v.datapoint_id = d.id and v.voter = ${userId})
  and not exists (select 1 from validation_slots c where c.datapoint_id = d.id and c.claimed_by = ${userId} and
  ${liveClaim(tx, 'c')})`;

/**
 * A slot row of the project this validator may take (released, or a claim that ran out),
 * locked; rows locked by a concurrent claim are skipped. Such rows are few (a row exists only
 * once a slot was claimed) and both kinds have their partial index (open rows; claimed rows by
 * expiry).
 */
async function pickSlotRow(tx: TxSql, projectId: string, userId: string): Promise<{ id: string } | undefined> {
  const [slot] = await tx<{ id: string }[]>`
    select s.id
    from validation_slots s join datapoints d on d.id = s.datapoint_id
    where s.project_id = ${projectId} and ${takeable(tx)} and d.finalized_at is null and d.gold_rating is null
      and ${notMine(tx, userId)}
    limit 1
    for update of s skip locked`;
  return slot;
}

async function claimRow(tx: TxSql, slotId: string, userId: string): Promise<ClaimRow> {
  const [claim] = await tx<ClaimRow[]>`
    update validation_slots s
    set status = 'claimed', claimed_by = ${userId}, claimed_at = now(), claim_expires_at = now() + make_interval(mins
    => ${CLAIM_MINUTES})
    from datapoints d
    where s.id = ${slotId} and d.id = s.datapoint_id
    returning s.id, s.datapoint_id, s.claimed_at, s.claim_expires_at, d.content`;
  return claim!;
}

/**
 * A slot from the counter of the project's oldest datapoint that has one and that this
 * validator may claim: the datapoint is locked (`skip`: one held by a concurrent claim or vote is
 * passed over; `wait`: waited for, and checked again once locked), its counter taken down by one
 * and the slot written as a claimed row, so a counter is never claimed past zero. The walk is the
 * project's own range of the pending-datapoints index, in ingestion order.
 */
async function claimFromCounter(
  tx: TxSql,
  projectId: string,
  userId: string,
  locked: 'skip' | 'wait',
): Promise<ClaimRow | undefined> {
  const [d] = await tx<{ id: string }[]>`
    select d.id from datapoints d
    where d.project_id = ${projectId} and d.finalized_at is null and d.slots_open > 0 and ${notMine(tx, userId)}
    order by d.created_at, d.id
    limit 1
    for update of d ${locked === 'skip' ? tx`skip locked` : tx``}`;
  if (!d) return undefined;
  const [claim] = await tx<ClaimRow[]>`
    with taken as (update datapoints set slots_open = slots_open - 1 where id = ${d.id} returning id, content),
    slot as (
      insert into validation_slots (id, datapoint_id, project_id, status, claimed_by, claimed_at, claim_expires_at)
      select ${uuidv7()}, id, ${projectId}, 'claimed', ${userId}, now(), now() + make_interval(mins =>
      ${CLAIM_MINUTES}) from taken
      returning id, datapoint_id, claimed_at, claim_expires_at)
    select slot.id, slot.datapoint_id, slot.claimed_at, slot.claim_expires_at, taken.content from slot join taken on
    taken.id = slot.datapoint_id`;
  return claim;
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

/** Where the previous batch of datapointsWithTakeableSlots ended. */
export interface WorkCursor {
  createdAt: string;
  id: string;
}

/**
 * Datapoints of a project with a slot a synthetic vote may take (the counter, an open row or a
 * lapsed claim; a live claim is never filled), in ingestion order after `after`: what Auto
 * Consensus votes on next. For each: its checksum (hex), votes so far, takeable slots and
 * escalations. Walks the project's own range of the pending-datapoints index.
 */
export async function datapointsWithTakeableSlots(
  sql: Sql,
  projectId: string,
  after: WorkCursor | null,
  limit: number,
) {
  return sql<{ id: string; checksum: string; votes: number; open: number; escalations: number; created_at: string }[]>`
    select d.id, encode(d.checksum, 'hex') as checksum, d.escalations, d.created_at::text as created_at,
      (select count(*) from votes v where v.datapoint_id = d.id)::int as votes,
      d.slots_open + (select count(*) from validation_slots s where s.datapoint_id = d.id and ${takeable(sql)})::int as
      open
    from datapoints d
    where d.project_id = ${projectId} and d.finalized_at is null and d.gold_rating is null
      ${after ? sql`and (d.created_at, d.id) > (${after.createdAt}::text::timestamptz, ${after.id}::uuid)` : sql``}
      and (d.slots_open > 0 or exists (select 1 from validation_slots s where s.datapoint_id = d.id and
      ${takeable(sql)}))
    order by d.created_at, d.id
    limit ${limit}`;
}
