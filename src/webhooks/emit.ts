// Events are written in the transaction that causes them: terminal decisions and their
// `datapoint.consensus_reached` events commit together or not at all. Deliveries (one per
// subscribed endpoint) are written in the same statement as the events (src/db/webhooks.ts) and
// their first deliver_webhook jobs enqueued in the same transaction.
import type { TxSql } from '../db/client.ts';
import type { components } from '../generated/openapi-types.ts';
import { insertEvents, type WebhookEventType } from '../db/webhooks.ts';
import { deliveryFlags, enqueueEach } from '../jobs/tasks.ts';

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
  const deliveries = await insertEvents(
    tx,
    type,
    decisions.map((d) => ({
      id: consensusEventId(d.consensusDecisionId),
      projectId: d.projectId,
      body: eventBody(type, d, at),
    })),
  );
  await enqueueEach(
    tx,
    'deliver_webhook',
    deliveries.map((d) => ({ payload: { deliveryId: d.id, attempt: 1 }, flags: deliveryFlags(d.orgId, d.endpointId) })),
  );
}
