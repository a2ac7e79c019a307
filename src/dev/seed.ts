// The development organization `make dev` starts with: one originator and a fresh key each start
// (keys are shown once, so the previous one cannot be printed again).
import type { Sql } from '../db/client.ts';
import {
  addMember,
  createApiKey,
  createOrganization,
  createUser,
  organizationIdByCode,
  userIdByEmail,
} from '../admin/admin.ts';

const DEV_ORG_CODE = 'DEV';
const DEV_EMAIL = 'dev@assay.local';

export async function seedDev(sql: Sql): Promise<{ apiKey: string; orgId: string; userId: string }> {
  let org = await organizationIdByCode(sql, DEV_ORG_CODE);
  if (!org) org = await createOrganization(sql, { name: 'Development', code: DEV_ORG_CODE });
  let user = await userIdByEmail(sql, DEV_EMAIL);
  if (!user) user = await createUser(sql, { email: DEV_EMAIL, subject: `dev|${DEV_EMAIL}` });
  await addMember(sql, { orgId: org.id, userId: user.id, originator: true, validator: true });
  const { key } = await createApiKey(sql, {
    orgId: org.id,
    userId: user.id,
    name: `make dev ${new Date().toISOString()}`,
  });
  return { apiKey: key, orgId: org.id, userId: user.id };
}
