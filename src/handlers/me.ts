// Who is signed in (/validator/v1/me): the person behind the session and their memberships. The
// web app uses it to offer originators their organization's projects; a session is a person's,
// and each originator operation checks the membership itself (handlers/originator.ts).
import type { GetMeResult } from '../generated/handlers.ts';
import type { ValidatorRequestContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { personOf } from '../db/me.ts';

export async function getMe(_input: unknown, ctx: ValidatorRequestContext): Promise<GetMeResult> {
  const person = await personOf(ctx.sql, ctx.session.userId);
  // A session outlives nothing: users are not deleted while sessions point at them.
  if (!person) throw new ApiError('session_token_invalid');
  return { status: 200, body: { userId: ctx.session.userId, ...person } };
}
