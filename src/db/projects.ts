// Project queries. Every query takes the organization id from the API key: a project of another
// organization is simply not found.
import type { Db, Fragment, Sql, TxSql } from './client.ts';
import { keysetPage, type Page, type PageRequest } from './pagination.ts';
import type { CompiledSpec } from '../domain/spec-compiler.ts';
import type { Spread } from '../domain/synthetic.ts';

export interface ProjectRow {
  id: string;
  name: string;
  description: string | null;
  status: 'draft' | 'active';
  paused_at: Date | null;
  archived_at: Date | null;
  auto_consensus: boolean;
  auto_consensus_spread: 'tight' | 'medium' | 'wild';
  auto_consensus_used: boolean;
  num_validators: number;
  /** The source's field order of the contents (jsonb does not keep it). */
  content_field_order: string[];
  created_at: Date;
  updated_at: Date;
}

/**
 * The project's compiled spec, as a subquery with the columns id, version, sha256 and compiled:
 * `join lateral ${projectSpec(sql, sql`p.id`)} s on true`, or `(select s.compiled -> 'consensus'
 * from ${projectSpec(sql, sql`p.id`)} s)`. A spec is compiled and locked when the project is
 * created (insertProject writes it in the same transaction and nothing writes another; see
 * docs/spec-format.md), so this is the project's first and only spec row.
 */
export const projectSpec = (sql: Db, projectId: Fragment | string): Fragment =>
  sql`(select id, version, sha256, compiled from project_specs where project_id = ${projectId} order by created_at
    limit 1)`;

/**
 * Appends the fields a run met, in their source order, to the project's field order (a field
 * already known keeps its place). Runs of a project are serialized by its ingest lock.
 */
export async function appendContentFieldOrder(sql: Db, projectId: string, fields: string[]): Promise<void> {
  if (fields.length === 0) return;
  await sql`
    update projects p
    set content_field_order = p.content_field_order || array(
      select f from unnest(${fields}::text[]) with ordinality as x(f, n)
      where f <> all(p.content_field_order) order by n)
    where p.id = ${projectId}`;
}

/** The project's field order as recorded so far. */
export async function contentFieldOrder(sql: Db, projectId: string): Promise<string[]> {
  const [p] = await sql<{ field_order: string[] }[]>`
    select content_field_order as field_order from projects where id = ${projectId}`;
  return p?.field_order ?? [];
}

export async function getProject(sql: Db, orgId: string, projectId: string): Promise<ProjectRow | undefined> {
  const [row] = await sql<ProjectRow[]>`select * from projects where org_id = ${orgId} and id = ${projectId}`;
  return row;
}

export async function listProjects(sql: Sql, orgId: string, page: PageRequest): Promise<Page<ProjectRow>> {
  return keysetPage<ProjectRow>(sql, sql`select * from projects where org_id = ${orgId}`, 'created_at', page);
}

/** Whether Auto Consensus may run on the project now: the mode on, neither paused nor archived. */
/** The project's organization when its Auto Consensus may run now (on, not paused, not archived); else null. */
export async function autoConsensusRunnable(sql: Db, projectId: string): Promise<string | null> {
  const [p] = await sql<{ on: boolean; org_id: string }[]>`
    select auto_consensus and paused_at is null and archived_at is null as on, org_id from projects where id =
    ${projectId}`;
  return p?.on ? p.org_id : null;
}

/** What a round of Auto Consensus (src/jobs/auto-consensus.ts) reads of its project. */
export interface AutoConsensusProject {
  org_id: string;
  auto_consensus: boolean;
  auto_consensus_spread: Spread;
  paused_at: Date | null;
  archived_at: Date | null;
  /** From the compiled spec; 0 when it has none. */
  escalation_step: number;
  max_escalations: number;
}

export async function autoConsensusProject(sql: Db, projectId: string): Promise<AutoConsensusProject | undefined> {
  const [p] = await sql<AutoConsensusProject[]>`
    select p.org_id, auto_consensus, auto_consensus_spread, paused_at, archived_at,
      coalesce((s.compiled #>> '{consensus,escalationStep}')::int, 0) as escalation_step,
      coalesce((s.compiled #>> '{consensus,maxEscalations}')::int, 0) as max_escalations
    from projects p
    left join lateral ${projectSpec(sql, sql`p.id`)} s on true
    where p.id = ${projectId}`;
  return p;
}

export interface ProjectChanges {
  name?: string;
  description?: string;
  paused?: boolean;
  archived?: boolean;
  autoConsensus?: boolean;
  autoConsensusSpread?: 'tight' | 'medium' | 'wild';
}

/** Applies only the supplied fields. Pausing an already paused project keeps its pausedAt. */
export async function updateProject(
  sql: Db,
  orgId: string,
  projectId: string,
  c: ProjectChanges,
): Promise<ProjectRow | undefined> {
  const [row] = await sql<ProjectRow[]>`
    update projects set
      name = ${c.name === undefined ? sql`name` : c.name},
      description = ${c.description === undefined ? sql`description` : c.description === '' ? null : c.description},
      paused_at = ${c.paused === undefined ? sql`paused_at` : c.paused ? sql`coalesce(paused_at, now())` : null},
      archived_at = ${
        c.archived === undefined
          ? sql`archived_at`
          : c.archived
            ? sql`coalesce(archived_at,
        now())`
            : null
      },
      auto_consensus = ${c.autoConsensus === undefined ? sql`auto_consensus` : c.autoConsensus},
      auto_consensus_spread =
        ${c.autoConsensusSpread === undefined ? sql`auto_consensus_spread` : c.autoConsensusSpread},
      updated_at = now()
    where org_id = ${orgId} and id = ${projectId}
    returning *`;
  return row;
}

export interface QualificationConflict {
  key: string;
  existingType: string;
  newType: string;
}

/**
 * Registers the spec's qualification fields in the organization's catalog. A key already in
 * the catalog with another type is a conflict; enum values accumulate.
 */
export async function registerQualifications(
  tx: TxSql,
  orgId: string,
  spec: CompiledSpec,
): Promise<QualificationConflict | null> {
  for (const q of spec.qualifications) {
    const values = q.type === 'enum' ? (q.values ?? []) : null;
    const [row] = await tx<{ type: string }[]>`
      insert into qualification_catalog (org_id, key, type, enum_values)
      values (${orgId}, ${q.key}, ${q.type}, ${values})
      on conflict (org_id, key) do update set
        enum_values = case when qualification_catalog.type = 'enum' and excluded.type = 'enum'
          then array(select distinct unnest(qualification_catalog.enum_values || excluded.enum_values) order by 1)
          else qualification_catalog.enum_values end
      returning type`;
    if (row.type !== q.type) return { key: q.key, existingType: row.type, newType: q.type };
  }
  return null;
}

export async function insertProject(
  tx: TxSql,
  p: {
    orgId: string;
    userId: string;
    name: string;
    numValidators: number;
    version: string;
    source: unknown;
    compiled: CompiledSpec;
    sha256: string;
  },
): Promise<{ projectId: string; specId: string }> {
  const [project] = await tx<{ id: string }[]>`
    insert into projects (org_id, created_by_user_id, name, description, num_validators)
    values (${p.orgId}, ${p.userId}, ${p.name}, null, ${p.numValidators})
    returning id`;
  const [spec] = await tx<{ id: string }[]>`
    insert into project_specs (project_id, version, source, compiled, sha256)
    values (${project.id}, ${p.version}, ${tx.json(p.source as never)}, ${tx.json(p.compiled as never)}, ${p.sha256})
    returning id`;
  const classes = p.compiled.validators.classes.map((c, i) => ({
    project_id: project.id,
    class_id: c.id,
    position: i,
    label: c.label,
    type: c.type,
    reward_cents: c.rewardCents,
    stake_wei: c.stakeWei,
    consensus_weight: c.consensusWeight,
    model: c.model ?? null,
  }));
  if (classes.length) await tx`insert into validator_classes ${tx(classes)}`;
  return { projectId: project.id, specId: spec.id };
}

export interface ClassRow {
  class_id: string;
  label: string;
  type: 'human' | 'ai';
  reward_cents: string;
  stake_wei: string;
  consensus_weight: number;
  model: string | null;
}

export async function listClasses(sql: Sql, projectId: string): Promise<ClassRow[]> {
  return sql<ClassRow[]>`
    select class_id, label, type, reward_cents, stake_wei::text as stake_wei, consensus_weight, model
    from validator_classes where project_id = ${projectId} order by position`;
}
