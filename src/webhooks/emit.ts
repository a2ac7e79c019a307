// Events are written in the transaction that causes them: a terminal decision and its
// `datapoint.consensus_reached` event commit together or not at all. Deliveries (one per
// subscribed endpoint) and their first job are enqueued in the same statement; an organization
// without a subscribed endpoint pays one cheap query and stores nothing.
import type { TxSql } from '../db/client.ts';
import type { components } from '../generated/openapi-types.ts';

export type WebhookEventType = components['schemas']['WebhookEventType'];
type ConsensusData = Omit<components['schemas']['DatapointConsensus'], '$schema'>;

/** The Standard Webhooks body: `{type, timestamp, data}`. */
export function eventBody(type: WebhookEventType, data: object, at: Date): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

export async function emitConsensusReached(tx: TxSql, data: ConsensusData): Promise<void> {
  await emit(tx, data.projectId, 'datapoint.consensus_reached', `msg_${data.consensusDecisionId.replaceAll('-', '')}`, data);
}

async function emit(tx: TxSql, projectId: string, type: WebhookEventType, eventId: string, data: object): Promise<void> {
  const body = eventBody(type, data, new Date());
  await tx`
    with endpoint as (
      select e.id from webhook_endpoints e join projects p on p.org_id = e.org_id
      where p.id = ${projectId} and e.status = 'enabled' and ${type} = any(e.event_types)
    ), event as (
      insert into webhook_events (id, org_id, type, body)
      select ${eventId}, p.org_id, ${type}, ${body} from projects p
      where p.id = ${projectId} and exists (select 1 from endpoint)
      returning id
    ), delivery as (
      insert into webhook_deliveries (event_id, endpoint_id)
      select event.id, endpoint.id from event cross join endpoint
      returning id
    )
    select graphile_worker.add_job('deliver_webhook', json_build_object('deliveryId', delivery.id, 'attempt', 1), max_attempts => 5)
    from delivery`;
}
