// Projects: create (spec compiled and locked), list newest first, get, update flags.
import type {
  CreateProjectInput,
  CreateProjectResult,
  GetProjectInput,
  GetProjectResult,
  ListProjectsInput,
  ListProjectsResult,
  UpdateProjectInput,
  UpdateProjectResult,
} from '../generated/handlers.ts';
import type { components } from '../generated/openapi-types.ts';
import type { RequestContext } from '../context.ts';
import { ApiError, errors } from '../errors.ts';
import { mapPage } from '../db/pagination.ts';
import { compileSpec, SpecError } from '../domain/spec-compiler.ts';
import * as db from '../db/projects.ts';
import { wakeAutoConsensus } from '../lifecycle/wake.ts';

type Project = components['schemas']['Project'];

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export function toProject(row: db.ProjectRow): Project {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    paused: row.paused_at !== null,
    pausedAt: iso(row.paused_at),
    archived: row.archived_at !== null,
    archivedAt: iso(row.archived_at),
    autoConsensus: row.auto_consensus,
    autoConsensusSpread: row.auto_consensus_spread,
    autoConsensusUsed: row.auto_consensus_used,
    numValidators: row.num_validators,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Loads a project of the key's organization, or project_not_found. */
export async function requireProject(ctx: RequestContext, projectId: string): Promise<db.ProjectRow> {
  const row = await db.getProject(ctx.sql, ctx.auth.orgId, projectId);
  if (!row) throw errors.projectNotFound(projectId);
  return row;
}

export async function createProject({ body }: CreateProjectInput, ctx: RequestContext): Promise<CreateProjectResult> {
  let compilation: ReturnType<typeof compileSpec>;
  try {
    compilation = compileSpec(body.spec);
  } catch (err) {
    if (err instanceof SpecError) throw new ApiError('project_spec_invalid', err.message, err.path);
    throw err;
  }
  const { compiled, sha256, numValidators } = compilation;
  const userId = ctx.auth.userId!; // requireOriginator ran before the handler
  const created = await ctx.sql.begin(async (tx) => {
    const conflict = await db.registerQualifications(tx, ctx.auth.orgId, compiled);
    if (conflict) {
      throw new ApiError(
        'qualification_catalog_conflict',
        `Qualification \`${conflict.key}\` is already in the organization's catalog as type ` +
          `${conflict.existingType}; the spec declares it as ${conflict.newType}.`,
        'spec.qualifications',
      );
    }
    return db.insertProject(tx, {
      orgId: ctx.auth.orgId,
      userId,
      name: body.name,
      numValidators,
      version: compiled.version,
      source: body.spec,
      compiled,
      sha256,
    });
  });
  return {
    status: 201,
    body: { projectId: created.projectId, specId: created.specId, specVersion: compiled.version, status: 'active' },
  };
}

export async function listProjects({ query }: ListProjectsInput, ctx: RequestContext): Promise<ListProjectsResult> {
  const page = await db.listProjects(ctx.sql, ctx.auth.orgId, { limit: query.limit, cursor: query.cursor });
  return { status: 200, body: mapPage(page, toProject) };
}

export async function getProject({ params }: GetProjectInput, ctx: RequestContext): Promise<GetProjectResult> {
  return { status: 200, body: toProject(await requireProject(ctx, params.projectId)) };
}

export async function updateProject(
  { params, body }: UpdateProjectInput,
  ctx: RequestContext,
): Promise<UpdateProjectResult> {
  const row = await changeProject(ctx.sql, ctx.auth.orgId, params.projectId, body);
  if (!row) throw errors.projectNotFound(params.projectId);
  return { status: 200, body: toProject(row) };
}

/** A project change, for the developer API and the originator's session alike. */
export async function changeProject(
  sql: RequestContext['sql'],
  orgId: string,
  projectId: string,
  body: UpdateProjectInput['body'],
): Promise<db.ProjectRow | undefined> {
  return sql.begin(async (tx) => {
    const updated = await db.updateProject(tx, orgId, projectId, body);
    // Turning Auto Consensus on, unpausing or unarchiving can give synthetic validators work.
    const mayResume = body.autoConsensus === true || body.paused === false || body.archived === false;
    if (updated && mayResume) await wakeAutoConsensus(tx, updated.id);
    return updated;
  });
}
