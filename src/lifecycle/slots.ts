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
// locked` (it never waits on them); a release, a skip or an extension takes one slot row only.
//
// Skips stick: a datapoint a validator skipped (claim_skips) is not offered to them again unless
// they ask for skipped datapoints, which the app offers only when nothing else is left.
import type { Sql, TxSql } from '../db/client.ts';
import { wakeAutoConsensus } from './wake.ts';
import { uuidv7 } from '../domain/uuidv7.ts';
import { projectSpec } from '../db/projects.ts';
import type { ErrorCode } from '../errors.ts';
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

/** Why no slot was claimed: a code of the error registry (the handler adds only wording). */
export type ClaimRefusal = Extract<
  ErrorCode,
  | 'project_not_found'
  | 'validator_paused'
  | 'project_archived'
  | 'project_paused'
  | 'no_claimable_slot'
  | 'claim_limit_reached'
>;

export interface Claim {
  slotId: string;
  datapointId: string;
  content: unknown;
  instructions: string;
  /** The source's field order of the project's contents (jsonb does not keep it). */
  fieldOrder: string[];
  /** The source's key order of this content's objects (src/domain/key-order.ts); [] when none recorded. */
  keyOrder: string[][];
  claimedAt: Date;
  expiresAt: Date;
}

/**
 * Claims the next slot of a project for a validator assigned to it: never a slot of a datapoint
 * the validator rated or holds a live claim on, never one the validator skipped (unless
 * `includeSkipped`), and never past `maxLiveClaims` live claims of the validator on the project.
 * Two validators claiming at once never get the same slot (the pick is `for update skip locked`
 * and the claim is written in the same transaction); a project the validator is not assigned to
 * is `project_not_found`.
 */
export async function claimNextSlot(
  sql: Sql,
  projectId: string,
  userId: string,
  limits: { maxLiveClaims: number; includeSkipped?: boolean },
): Promise<{ claimed: Claim } | { refused: ClaimRefusal }> {
  return sql.begin(async (tx) => {
    // The project row for share (as votes take it): a pause waits for this claim.
    const [p] = await tx<
      {
        paused: boolean;
        archived: boolean;
        instructions: string | null;
        gold: unknown;
        validator_paused: boolean;
        field_order: string[];
      }[]
    >`
      select p.paused_at is not null as paused, p.archived_at is not null as archived,
        p.content_field_order as field_order,
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
    const claim = await pickAndClaim(tx, {
      projectId,
      userId,
      includeSkipped: limits.includeSkipped === true,
      goldRate: goldSettings(p.gold).rate,
    });
    if (!claim) return { refused: 'no_claimable_slot' };
    return {
      claimed: {
        slotId: claim.id,
        datapointId: claim.datapoint_id,
        content: claim.content,
        instructions: p.instructions ?? '',
        fieldOrder: p.field_order,
        keyOrder: claim.key_order ?? [],
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
  /** datapoints.content_key_order: the source's key order where jsonb loses it. */
  key_order: string[][] | null;
}

/** Neither a datapoint the validator rated nor one it holds a live claim on. `d` is the datapoint. */
const notMine = (tx: TxSql, userId: string) => tx`
  not exists (select 1 from votes v where v.datapoint_id = d.id and v.voter = ${userId})
  and not exists (select 1 from validation_slots c where c.datapoint_id = d.id and c.claimed_by = ${userId} and
  ${liveClaim(tx, 'c')})`;

/** What the picker is asked for: whose claim, on which project, whether skipped datapoints may come, the gold rate. */
export interface Pick {
  projectId: string;
  userId: string;
  /** Offer datapoints the validator skipped (asked for when nothing else is left). */
  includeSkipped: boolean;
  /** The spec's share of claims that are gold items (gold.ts). */
  goldRate: number;
}

/**
 * Which datapoints may be offered to the validator: not one they rated, not one they hold a live
 * claim on, and (unless asked) not one they skipped. `d` is the datapoint.
 */
export const offerable = (tx: TxSql, pick: Pick) => tx`
  ${notMine(tx, pick.userId)}
  ${
    pick.includeSkipped
      ? tx``
      : tx`and not exists (select 1 from claim_skips k where k.user_id = ${pick.userId} and
    k.datapoint_id = d.id)`
  }`;

/**
 * The picker: the one place that decides which datapoint a claim gets, and claims it. A gold
 * item at the spec's rate first (gold.ts); then a slot row the validator may take (released, or a claim that ran out)
 * first; rows locked by a concurrent
 * claim are skipped. Such rows are few (a row exists only once a slot was claimed) and both
 * kinds have their partial index (open rows; claimed rows by expiry). Then the counter: first
 * passing over datapoints a concurrent claim or vote holds (claims spread over datapoints), then,
 * if that found none, waiting for them (the last datapoints with open slots may all be held for
 * a moment; that is not "nothing to claim").
 */
async function pickAndClaim(tx: TxSql, pick: Pick): Promise<ClaimRow | undefined> {
  // A gold item at the spec's rate (gold.ts), else the ordinary picks.
  const gold = await goldClaim(tx, pick);
  if (gold) return gold;
  const [slot] = await tx<{ id: string }[]>`
    select s.id
    from validation_slots s join datapoints d on d.id = s.datapoint_id
    where s.project_id = ${pick.projectId} and ${takeable(tx)} and d.finalized_at is null and d.gold_rating is null
      and ${offerable(tx, pick)}
    limit 1
    for update of s skip locked`;
  if (slot) return claimRow(tx, slot.id, pick.userId);
  return (await claimFromCounter(tx, pick, 'skip')) ?? (await claimFromCounter(tx, pick, 'wait'));
}

async function claimRow(tx: TxSql, slotId: string, userId: string): Promise<ClaimRow> {
  const [claim] = await tx<ClaimRow[]>`
    update validation_slots s
    set status = 'claimed', claimed_by = ${userId}, claimed_at = now(),
      claim_expires_at = now() + make_interval(mins => ${CLAIM_MINUTES}), extended_at = null
    from datapoints d
    where s.id = ${slotId} and d.id = s.datapoint_id
    returning s.id, s.datapoint_id, s.claimed_at, s.claim_expires_at, d.content, d.content_key_order as key_order`;
  return claim!;
}

/**
 * A slot from the counter of the project's oldest datapoint that has one and that this
 * validator may claim: the datapoint is locked (`skip`: one held by a concurrent claim or vote is
 * passed over; `wait`: waited for, and checked again once locked), its counter taken down by one
 * and the slot written as a claimed row, so a counter is never claimed past zero. The walk is the
 * project's own range of the pending-datapoints index, in ingestion order.
 */
async function claimFromCounter(tx: TxSql, pick: Pick, locked: 'skip' | 'wait'): Promise<ClaimRow | undefined> {
  const { projectId, userId } = pick;
  const [d] = await tx<{ id: string }[]>`
    select d.id from datapoints d
    where d.project_id = ${projectId} and d.finalized_at is null and d.slots_open > 0 and ${offerable(tx, pick)}
    order by d.created_at, d.id
    limit 1
    for update of d ${locked === 'skip' ? tx`skip locked` : tx``}`;
  if (!d) return undefined;
  const [claim] = await tx<ClaimRow[]>`
    with taken as (update datapoints set slots_open = slots_open - 1 where id = ${d.id} returning id, content,
      content_key_order),
    slot as (
      insert into validation_slots (id, datapoint_id, project_id, status, claimed_by, claimed_at, claim_expires_at)
      select ${uuidv7()}, id, ${projectId}, 'claimed', ${userId}, now(), now() + make_interval(mins =>
      ${CLAIM_MINUTES}) from taken
      returning id, datapoint_id, claimed_at, claim_expires_at)
    select slot.id, slot.datapoint_id, slot.claimed_at, slot.claim_expires_at, taken.content,
      taken.content_key_order as key_order from slot join taken on
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
      update validation_slots set status = 'open', claimed_by = null, claimed_at = null, claim_expires_at = null,
      extended_at = null
      where id = ${slotId} and status = 'claimed' and claimed_by = ${userId}
      returning project_id`;
    if (released) await wakeAutoConsensus(tx, released.project_id);
    return Boolean(released);
  });
}

/**
 * Releases a claim and remembers the skip for this validator, with its optional reason (a second
 * skip of the same datapoint keeps the latest reason); false when the validator holds no claim on
 * the slot. The skip and the release are one transaction: a datapoint is never back in the pool
 * while the skip is not yet recorded, so the validator's next claim cannot get it.
 */
export async function skipClaim(sql: Sql, slotId: string, userId: string, reason: string | null): Promise<boolean> {
  return sql.begin(async (tx) => {
    const [released] = await tx<{ project_id: string; datapoint_id: string }[]>`
      update validation_slots set status = 'open', claimed_by = null, claimed_at = null, claim_expires_at = null,
      extended_at = null
      where id = ${slotId} and status = 'claimed' and claimed_by = ${userId}
      returning project_id, datapoint_id`;
    if (!released) return false;
    await tx`
      insert into claim_skips (datapoint_id, project_id, user_id, reason)
      values (${released.datapoint_id}, ${released.project_id}, ${userId}, ${reason})
      on conflict (user_id, datapoint_id) do update set reason = excluded.reason, created_at = now()`;
    await wakeAutoConsensus(tx, released.project_id);
    return true;
  });
}

/**
 * Extends a live claim to a full CLAIM_MINUTES from now, once per claim. Lapsed claims are not
 * revived (the slot may be someone else's by now).
 */
export async function extendClaim(
  sql: Sql,
  slotId: string,
  userId: string,
): Promise<
  | { extended: { expiresAt: Date; remainingSeconds: number } }
  | { refused: Extract<ErrorCode, 'claim_not_found' | 'claim_expired' | 'claim_already_extended'> }
> {
  return sql.begin(async (tx) => {
    const [s] = await tx<{ live: boolean; extended: boolean }[]>`
      select ${liveClaim(tx)} as live, s.extended_at is not null as extended
      from validation_slots s where s.id = ${slotId} and s.status = 'claimed' and s.claimed_by = ${userId}
      for update`;
    if (!s) return { refused: 'claim_not_found' };
    if (!s.live) return { refused: 'claim_expired' };
    if (s.extended) return { refused: 'claim_already_extended' };
    const [e] = await tx<{ expires_at: Date; remaining: number }[]>`
      update validation_slots set claim_expires_at = now() + make_interval(mins => ${CLAIM_MINUTES}), extended_at =
      now()
      where id = ${slotId}
      returning claim_expires_at as expires_at, ${CLAIM_MINUTES * 60}::int as remaining`;
    return { extended: { expiresAt: e!.expires_at, remainingSeconds: e!.remaining } };
  });
}

/**
 * The validator's live claims on a project, oldest first, as claimNextSlot returns them (so a page
 * reloaded resumes what it holds); `project_not_found` when the validator is not assigned.
 */
export async function liveClaims(
  sql: Sql,
  projectId: string,
  userId: string,
): Promise<{ claims: Claim[] } | { refused: 'project_not_found' }> {
  const [p] = await sql<{ instructions: string | null; field_order: string[] }[]>`
    select p.content_field_order as field_order, (select s.compiled #>> '{validation,instructions}' from
      ${projectSpec(sql, sql`p.id`)} s) as instructions
    from projects p
    where p.id = ${projectId} and p.archived_at is null
      and exists (select 1 from project_assignments a where a.project_id = p.id and a.user_id = ${userId} and
      a.revoked_at is null)`;
  if (!p) return { refused: 'project_not_found' };
  const rows = await sql<ClaimRow[]>`
    select s.id, s.datapoint_id, s.claimed_at, s.claim_expires_at, d.content, d.content_key_order as key_order
    from validation_slots s join datapoints d on d.id = s.datapoint_id
    where s.claimed_by = ${userId} and s.project_id = ${projectId} and ${liveClaim(sql)}
    order by s.claimed_at, s.id`;
  return {
    claims: rows.map((c) => ({
      slotId: c.id,
      datapointId: c.datapoint_id,
      content: c.content,
      instructions: p.instructions ?? '',
      fieldOrder: p.field_order,
      keyOrder: c.key_order ?? [],
      claimedAt: c.claimed_at,
      expiresAt: c.claim_expires_at,
    })),
  };
}

/**
 * What is left for one validator, per project: datapoints not terminal, not rated or skipped by
 * them, with a validation open to claim (the counter or a takeable row) or a live claim of theirs;
 * and the skipped ones still open. Read for figures, never to take a slot.
 */
export async function leftForValidator(
  sql: Sql,
  userId: string,
  projectIds: string[],
): Promise<Map<string, { left: number; skipped: number }>> {
  if (projectIds.length === 0) return new Map();
  const rows = await sql<{ id: string; left: number; skipped: number }[]>`
    select p.id,
      (select count(*) from datapoints d
        where d.project_id = p.id and d.finalized_at is null and d.gold_rating is null
          and not exists (select 1 from votes v where v.datapoint_id = d.id and v.voter = ${userId})
          and not exists (select 1 from claim_skips k where k.user_id = ${userId} and k.datapoint_id = d.id)
          and (d.slots_open > 0 or exists (
            select 1 from validation_slots s where s.datapoint_id = d.id
              and (${takeable(sql)} or (s.claimed_by = ${userId} and ${liveClaim(sql)})))))::int as left,
      (select count(*) from claim_skips k join datapoints d on d.id = k.datapoint_id
        where k.user_id = ${userId} and k.project_id = p.id and d.finalized_at is null
          and not exists (select 1 from votes v where v.datapoint_id = d.id and v.voter = ${userId}))::int as skipped
    from unnest(${projectIds}::uuid[]) as p(id)`;
  return new Map(rows.map((r) => [r.id, { left: r.left, skipped: r.skipped }]));
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
