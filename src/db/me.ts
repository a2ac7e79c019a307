// The signed-in person and their memberships (getMe): the web app offers originators their
// organization's projects from it.
import type { Sql } from './client.ts';

export interface Membership {
  orgId: string;
  code: string;
  name: string;
  originator: boolean;
  validator: boolean;
}

export async function personOf(
  sql: Sql,
  userId: string,
): Promise<{ email: string; organizations: Membership[] } | undefined> {
  const [user] = await sql<{ email: string | null }[]>`select email from users where id = ${userId}`;
  if (!user) return undefined;
  const organizations = await sql<Membership[]>`
    select o.id as "orgId", o.code, o.name, m.is_originator as originator, m.is_validator as validator
    from memberships m join organizations o on o.id = m.org_id
    where m.user_id = ${userId}
    order by o.name, o.id`;
  return { email: user.email ?? '', organizations };
}
