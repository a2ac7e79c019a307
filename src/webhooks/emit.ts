// Events are written in the transaction that causes them: terminal decisions and their
// `datapoint.consensus_reached` events commit together or not at all, and so do a validator's
// pause and its `validator.paused` event. Deliveries (one per
// subscribed endpoint) are written in the same statement as the events (src/db/webhooks.ts) and
// their first deliver_webhook jobs enqueued in the same transaction.
import type { TxSql } from '../db/client.ts';
import type { components } from '../generated/openapi-types.ts';
import { insertEvents, type WebhookEventType } from '../db/webhooks.ts';
import { deliveryFlags, enqueueEach } from '../jobs/tasks.ts';

type ConsensusData = Omit<components['schemas']['DatapointConsensus'], '$schema'>;

/** The Standard Webhooks body: `{type, timestamp, data}`. */
function eventBody(type: WebhookEventType, data: object, at: Date): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

/** The `webhook-id` of a decision's event: stable, and traceable to the decision. */
const consensusEventId = (decisionId: string): string => `msg_${decisionId.replaceAll('-', '')}`;

/** Writes the events and their deliveries, and enqueues each delivery's first attempt. */
async function emit(tx: TxSql, type: WebhookEventType, events: { id: string; projectId: string; body: string }[]) {
  const deliveries = await insertEvents(tx, type, events);
  await enqueueEach(
    tx,
    'deliver_webhook',
    deliveries.map((d) => ({ payload: { deliveryId: d.id, attempt: 1 }, flags: deliveryFlags(d.orgId, d.endpointId) })),
  );
}

export async function emitConsensusReached(tx: TxSql, decisions: ConsensusData[]): Promise<void> {
  if (decisions.length === 0) return;
  const type: WebhookEventType = 'datapoint.consensus_reached';
  const at = new Date();
  await emit(
    tx,
    type,
    decisions.map((d) => ({
      id: consensusEventId(d.consensusDecisionId),
      projectId: d.projectId,
      body: eventBody(type, d, at),
    })),
  );
}

type PauseData = Omit<components['schemas']['ValidatorPause'], '$schema'> & { projectId: string; validatorId: string };

/** `validator.paused`: written with the pause, in the transaction of the vote that caused it. */
export async function emitValidatorPaused(tx: TxSql, pauseId: string, data: PauseData): Promise<void> {
  const type: WebhookEventType = 'validator.paused';
  await emit(tx, type, [
    {
      id: `msg_${pauseId.replaceAll('-', '')}`,
      projectId: data.projectId,
      body: eventBody(type, data, new Date(data.pausedAt)),
    },
  ]);
}
