// Invites over the developer API (an API key of an originator). The rules (the upsert, the class,
// the invitation mail and its limits) are src/services/invites.ts's, shared with the originator's
// session door (handlers/originator.ts).
import type {
  CancelProjectInviteInput,
  CancelProjectInviteResult,
  CreateInviteInput,
  CreateInviteResult,
  ListProjectInvitesInput,
  ListProjectInvitesResult,
} from '../generated/handlers.ts';
import type { RequestContext } from '../context.ts';
import { requireProject } from './projects.ts';
import { cancelInvite, invitesOf, inviteToProject } from '../services/invites.ts';

export async function createInvite(
  { params, body }: CreateInviteInput,
  ctx: RequestContext,
): Promise<CreateInviteResult> {
  const project = await requireProject(ctx, params.projectId);
  const invite = await inviteToProject(
    ctx.sql,
    ctx.config,
    { orgId: ctx.auth.orgId, userId: ctx.auth.userId },
    project,
    body,
  );
  return { status: 200, body: invite };
}

export async function listProjectInvites(
  { params, query }: ListProjectInvitesInput,
  ctx: RequestContext,
): Promise<ListProjectInvitesResult> {
  const project = await requireProject(ctx, params.projectId);
  return { status: 200, body: await invitesOf(ctx.sql, project.id, query) };
}

export async function cancelProjectInvite(
  { params }: CancelProjectInviteInput,
  ctx: RequestContext,
): Promise<CancelProjectInviteResult> {
  const project = await requireProject(ctx, params.projectId);
  await cancelInvite(ctx.sql, project.id, params.inviteId);
  return { status: 200, body: { cancelled: true } };
}
