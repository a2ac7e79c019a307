// Events are written in the transaction that causes them: terminal decisions and their
// `datapoint.consensus_reached` events commit together or not at all. Deliveries (one per
// subscribed endpoint) and their first jobs are enqueued in the same statement; an organization
// without a subscribed endpoint pays one cheap query and stores nothing.
import type { TxSql } from '../db/client.ts';
import type { components } from '../generated/openapi-types.ts';

export type WebhookEventType = components['schemas']['WebhookEventType'];
type ConsensusData = Omit<components['schemas']['DatapointConsensus'], '$schema'>;

/** The Standard Webhooks body: `{type, timestamp, data}`. */
export function eventBody(type: WebhookEventType, data: object, at: Date): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

/** The `webhook-id` of a decision's event: stable, and traceable to the decision. */
export const consensusEventId = (decisionId: string): string => `msg_${decisionId.replaceAll('-', '')}`;

export async function emitConsensusReached(tx: TxSql, decisions: ConsensusData[]): Promise<void> {
  if (decisions.length === 0) return;
  const type: WebhookEventType = 'datapoint.consensus_reached';
  const at = new Date();
  await tx`
    with event_in as (
      select * from unnest(${decisions.map((d) => consensusEventId(d.consensusDecisionId))}::text[],
        ${decisions.map((d) => d.projectId)}::uuid[], ${decisions.map((d) => eventBody(type, d, at))}::text[]) as x(id, project_id, body)
    ), subscribed as (
      select p.id as project_id, p.org_id, e.id as endpoint_id
      from projects p join webhook_endpoints e on e.org_id = p.org_id
      where p.id in (select project_id from event_in) and e.status = 'enabled' and ${type} = any(e.event_types)
    ), event as (
      insert into webhook_events (id, org_id, type, body)
      select i.id, p.org_id, ${type}, i.body from event_in i join projects p on p.id = i.project_id
      where exists (select 1 from subscribed s where s.project_id = i.project_id)
      returning id
    ), delivery as (
      insert into webhook_deliveries (event_id, endpoint_id)
      select event.id, s.endpoint_id from event join event_in i on i.id = event.id join subscribed s on s.project_id = i.project_id
      returning id, endpoint_id
    )
    -- One job queue per endpoint: its deliveries run one at a time, in order, so a slow or dead
    -- receiver holds at most one webhook slot (src/jobs/worker.ts).
    select graphile_worker.add_job('deliver_webhook', json_build_object('deliveryId', delivery.id, 'attempt', 1), max_attempts => 5,
      queue_name => 'webhook:' || delivery.endpoint_id)
    from delivery`;
}
