// What an organization holds (datapoints, bytes of content as JSON text), for its quotas
// (docs/security.md, "Quotas"). One row per organization, added to by the transaction that
// commits an ingest run.
import type { Db, TxSql } from './client.ts';

export interface OrgUsage {
  datapoints: number;
  contentBytes: number;
}

export async function orgUsage(sql: Db, orgId: string): Promise<OrgUsage> {
  const [row] = await sql<{ datapoints: string; content_bytes: string }[]>`
    select datapoints::text, content_bytes::text from org_usage where org_id = ${orgId}`;
  return row
    ? { datapoints: Number(row.datapoints), contentBytes: Number(row.content_bytes) }
    : { datapoints: 0, contentBytes: 0 };
}

/**
 * Adds a run's datapoints and bytes to its organization and returns the new totals. The row stays
 * locked until the caller's transaction ends, so concurrent runs of one organization are added
 * (and checked against the quota) one after the other.
 */
export async function addOrgUsage(tx: TxSql, orgId: string, add: OrgUsage): Promise<OrgUsage> {
  const [row] = await tx<{ datapoints: string; content_bytes: string }[]>`
    insert into org_usage (org_id, datapoints, content_bytes) values (${orgId}, ${add.datapoints}, ${add.contentBytes})
    on conflict (org_id) do update set datapoints = org_usage.datapoints + excluded.datapoints,
      content_bytes = org_usage.content_bytes + excluded.content_bytes
    returning datapoints::text, content_bytes::text`;
  return { datapoints: Number(row.datapoints), contentBytes: Number(row.content_bytes) };
}
