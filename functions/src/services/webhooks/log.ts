/**
 * A webhook endpoint's delivery log as its owner reads it, and the deliveries the owner asks for:
 * "Send test event" (a signed webhook.test message) and "Resend" (a delivery again, as a new entry
 * with the same message id and body). Each is stored, then its first attempt put on the bus: the
 * request never waits for the endpoint.
 */
import {
  type Club,
  EVENT_BUS,
  type QueuedDelivery,
  WEBHOOK_ATTEMPT_TYPE,
  WEBHOOK_TEST_TYPE,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookDeliveryPage,
} from '@clubs/shared';
import { ulid } from 'ulid';
import { putBusEvents } from '../../bus/put-events.ts';
import {
  getDelivery,
  listDeliveries,
  putDelivery,
  type StoredDelivery,
  type StoredWebhook,
} from '../../data/repositories/webhooks.ts';
import { notFound } from '../../errors.ts';
import { webhookOfClub } from './endpoints.ts';

/** What the log shows of a delivery: never its body. */
export function toDelivery(stored: StoredDelivery): WebhookDelivery {
  const { payload: _payload, clubId: _clubId, webhookId: _webhookId, ...delivery } = stored;
  return delivery;
}

/** The bus entry of a delivery's attempt. */
export const attemptEntry = (
  delivery: Pick<StoredDelivery, 'clubId' | 'webhookId' | 'id'>,
  attempt: number,
) => ({
  source: EVENT_BUS.webhooksSource,
  detailType: WEBHOOK_ATTEMPT_TYPE,
  detail: JSON.stringify({
    clubId: delivery.clubId,
    webhookId: delivery.webhookId,
    deliveryId: delivery.id,
    attempt,
  } satisfies WebhookAttempt),
});

/** A delivery not yet attempted. */
export function newDelivery(
  webhook: StoredWebhook,
  fields: { id: string; messageId: string; eventType: string; payload: string; createdAt: string },
): StoredDelivery {
  return {
    ...fields,
    clubId: webhook.clubId,
    webhookId: webhook.id,
    status: 'pending',
    attempts: 0,
    lastStatusCode: null,
    lastError: null,
    lastAttemptAt: null,
    nextAttemptAt: null,
  };
}

/** Stores a delivery for the owner's request and puts its first attempt on the bus. */
async function queueDelivery(delivery: StoredDelivery): Promise<QueuedDelivery> {
  await putDelivery(delivery);
  await putBusEvents([attemptEntry(delivery, 1)]);
  return { delivery: toDelivery(delivery) };
}

export async function sendTestEvent(club: Club, webhookId: string): Promise<QueuedDelivery> {
  const webhook = await webhookOfClub(club, webhookId);
  const id = ulid();
  const createdAt = new Date().toISOString();
  const payload = JSON.stringify({
    type: WEBHOOK_TEST_TYPE,
    timestamp: createdAt,
    data: {
      clubId: club.id,
      webhookId,
      message: 'A test event from Clubs: this endpoint receives signed webhooks.',
    },
  });
  return queueDelivery(
    newDelivery(webhook, { id, messageId: `msg_${id}`, eventType: WEBHOOK_TEST_TYPE, payload, createdAt }),
  );
}

/** The delivery again, as a new entry of the log with the same message id and body. */
export async function resendDelivery(
  club: Club,
  webhookId: string,
  deliveryId: string,
): Promise<QueuedDelivery> {
  const webhook = await webhookOfClub(club, webhookId);
  const original = await getDelivery(webhook.id, deliveryId);
  if (!original) throw notFound('Delivery not found');
  return queueDelivery(
    newDelivery(webhook, {
      id: ulid(),
      messageId: original.messageId,
      eventType: original.eventType,
      payload: original.payload,
      createdAt: new Date().toISOString(),
    }),
  );
}

export async function deliveriesOf(
  club: Club,
  webhookId: string,
  page: { limit: number; cursor?: string },
): Promise<WebhookDeliveryPage> {
  const webhook = await webhookOfClub(club, webhookId);
  const read = await listDeliveries(webhook.id, page);
  return { items: read.items.map(toDelivery), nextCursor: read.nextCursor };
}
