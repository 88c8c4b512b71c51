/**
 * A club's webhook endpoints and their deliveries. An endpoint is one item in the club's
 * partition (listed by one query; at most MAX_WEBHOOKS_PER_CLUB, counted in the transaction that
 * makes or deletes one) holding its signing secret, which only the delivery path reads. A
 * delivery is one item in its endpoint's partition (the log, newest first), written once and
 * moved on only by the attempt it expects, so a repeated or late attempt changes nothing.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  WEBHOOK_CHANGE_TYPES,
  WEBHOOK_DELIVERY_KEPT_DAYS,
  type Webhook,
  type WebhookChangeType,
  type WebhookDelivery,
} from '@clubs/shared';
import { keys, WEBHOOK_DELIVERY_PREFIX, WEBHOOK_ITEM_PREFIX } from '@clubs/shared/table-keys';
import { db, tableName } from '../client.ts';
import { sendRetryingConflicts } from '../counted-write.ts';
import { transactionConditionFailures, writeIfConditionHolds } from '../errors.ts';
import { getItem } from '../get-item.ts';
import { type Page, queryAll, queryPage } from '../query.ts';

type Item = Record<string, unknown>;

/** An endpoint as stored: what the owner sees, its club and its signing secret. */
export interface StoredWebhook extends Webhook {
  readonly clubId: string;
  readonly secret: string;
}

/** A delivery as stored: what the log shows, and the signed message's body. */
export interface StoredDelivery extends WebhookDelivery {
  readonly clubId: string;
  readonly webhookId: string;
  readonly payload: string;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const eventTypesOf = (value: unknown): WebhookChangeType[] =>
  Array.isArray(value)
    ? value.filter((type): type is WebhookChangeType =>
        (WEBHOOK_CHANGE_TYPES as readonly string[]).includes(type as string),
      )
    : [];

function toWebhook(item: Item): StoredWebhook {
  return {
    id: String(item.id),
    clubId: String(item.clubId),
    url: String(item.url),
    description: text(item.description) ?? '',
    eventTypes: eventTypesOf(item.eventTypes),
    status: item.status === 'disabled' ? 'disabled' : 'enabled',
    disabledReason:
      item.disabledReason === 'failing' || item.disabledReason === 'paused' ? item.disabledReason : null,
    createdAt: String(item.createdAt),
    failingSince: text(item.failingSince),
    secret: String(item.secret),
  };
}

function toDelivery(item: Item): StoredDelivery {
  const status = item.status === 'succeeded' || item.status === 'failed' ? item.status : 'pending';
  return {
    id: String(item.id),
    clubId: String(item.clubId),
    webhookId: String(item.webhookId),
    messageId: String(item.messageId),
    eventType: String(item.eventType),
    payload: String(item.payload),
    status,
    attempts: Number(item.attempts ?? 0),
    lastStatusCode: typeof item.lastStatusCode === 'number' ? item.lastStatusCode : null,
    lastError: text(item.lastError),
    createdAt: String(item.createdAt),
    lastAttemptAt: text(item.lastAttemptAt),
    nextAttemptAt: text(item.nextAttemptAt),
  };
}

/** The club's endpoints, newest first (ids are ULIDs): one query of the club's partition. */
export function listWebhooks(clubId: string): Promise<StoredWebhook[]> {
  return queryAll(
    { partition: keys.club(clubId).pk, sortKey: { beginsWith: WEBHOOK_ITEM_PREFIX }, order: 'descending' },
    toWebhook,
  );
}

export async function getWebhook(clubId: string, webhookId: string): Promise<StoredWebhook | null> {
  const item = await getItem(keys.webhook(clubId, webhookId), { consistent: true });
  return item ? toWebhook(item) : null;
}

/**
 * Stores a new endpoint unless the club already holds `max` (the count and the endpoint are
 * written together, so two at once cannot both pass the limit); false when the club is full.
 */
export async function putWebhook(webhook: StoredWebhook, max: number): Promise<boolean> {
  try {
    await sendRetryingConflicts({
      TransactItems: [
        {
          Update: {
            TableName: tableName(),
            Key: keys.webhookCount(webhook.clubId),
            UpdateExpression: 'SET #type = :type ADD #count :one',
            ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
            ExpressionAttributeNames: { '#type': 'type', '#count': 'count' },
            ExpressionAttributeValues: { ':type': 'webhook_count', ':one': 1, ':max': max },
          },
        },
        {
          Put: {
            TableName: tableName(),
            // Unset fields are left out rather than stored as null: failingSince is set only if absent.
            Item: {
              ...keys.webhook(webhook.clubId, webhook.id),
              type: 'webhook',
              ...Object.fromEntries(Object.entries(webhook).filter(([, value]) => value !== null)),
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
    });
    return true;
  } catch (error) {
    if (transactionConditionFailures(error)?.includes(0)) return false;
    throw error;
  }
}

/** Deletes an endpoint and its place in the count together; false when the club holds no such endpoint. */
export async function deleteWebhook(clubId: string, webhookId: string): Promise<boolean> {
  try {
    await sendRetryingConflicts({
      TransactItems: [
        {
          Delete: {
            TableName: tableName(),
            Key: keys.webhook(clubId, webhookId),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: keys.webhookCount(clubId),
            UpdateExpression: 'ADD #count :minusOne',
            ExpressionAttributeNames: { '#count': 'count' },
            ExpressionAttributeValues: { ':minusOne': -1 },
          },
        },
      ],
    });
    return true;
  } catch (error) {
    if (transactionConditionFailures(error)?.includes(0)) return false;
    throw error;
  }
}

export type WebhookChanges = Partial<
  Pick<StoredWebhook, 'url' | 'eventTypes' | 'status' | 'disabledReason' | 'failingSince' | 'secret'>
>;

/**
 * Sets the given fields of an endpoint that exists (null removes one), and answers it as
 * written; null when the club holds no such endpoint. `when` adds a condition on the stored one.
 */
export async function updateWebhook(
  clubId: string,
  webhookId: string,
  changes: WebhookChanges,
  when?: { status?: 'enabled'; failingSince?: string },
): Promise<StoredWebhook | null> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  const removes: string[] = [];
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    if (value === null) removes.push(`#${field}`);
    else {
      values[`:${field}`] = value;
      sets.push(`#${field} = :${field}`);
    }
  }
  const conditions = ['attribute_exists(pk)'];
  if (when?.status) {
    names['#whenStatus'] = 'status';
    values[':whenStatus'] = when.status;
    conditions.push('#whenStatus = :whenStatus');
  }
  if (when?.failingSince) {
    names['#whenFailing'] = 'failingSince';
    values[':whenFailing'] = when.failingSince;
    conditions.push('#whenFailing = :whenFailing');
  }
  const expression = [
    sets.length > 0 ? `SET ${sets.join(', ')}` : '',
    removes.length > 0 ? `REMOVE ${removes.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhook(clubId, webhookId),
        UpdateExpression: expression,
        ConditionExpression: conditions.join(' AND '),
        ExpressionAttributeNames: names,
        ...(Object.keys(values).length > 0 ? { ExpressionAttributeValues: values } : {}),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? toWebhook(Attributes) : null;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return null;
    throw error;
  }
}

/** Notes the endpoint failing from `at` on, unless it already was (answers it as written). */
export async function markWebhookFailing(
  clubId: string,
  webhookId: string,
  at: string,
): Promise<StoredWebhook | null> {
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhook(clubId, webhookId),
        UpdateExpression: 'SET #failingSince = if_not_exists(#failingSince, :at)',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#failingSince': 'failingSince' },
        ExpressionAttributeValues: { ':at': at },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? toWebhook(Attributes) : null;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return null;
    throw error;
  }
}

const expiresAtOf = (createdAt: string) =>
  Math.floor(Date.parse(createdAt) / 1000) + WEBHOOK_DELIVERY_KEPT_DAYS * 24 * 3600;

/** Stores a new delivery, once: false when one of that id is already in the endpoint's log. */
export function putDelivery(delivery: StoredDelivery): Promise<boolean> {
  return writeIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhookDelivery(delivery.webhookId, delivery.id),
        UpdateExpression:
          'SET #type = :type, #id = :id, clubId = :clubId, webhookId = :webhookId, messageId = :messageId, eventType = :eventType, payload = :payload, #status = :status, attempts = :attempts, createdAt = :createdAt, expiresAt = :expiresAt',
        ConditionExpression: 'attribute_not_exists(pk)',
        ExpressionAttributeNames: { '#type': 'type', '#id': 'id', '#status': 'status' },
        ExpressionAttributeValues: {
          ':type': 'webhook_delivery',
          ':id': delivery.id,
          ':clubId': delivery.clubId,
          ':webhookId': delivery.webhookId,
          ':messageId': delivery.messageId,
          ':eventType': delivery.eventType,
          ':payload': delivery.payload,
          ':status': delivery.status,
          ':attempts': delivery.attempts,
          ':createdAt': delivery.createdAt,
          ':expiresAt': expiresAtOf(delivery.createdAt),
        },
      }),
    ),
  );
}

export async function getDelivery(webhookId: string, deliveryId: string): Promise<StoredDelivery | null> {
  const item = await getItem(keys.webhookDelivery(webhookId, deliveryId), { consistent: true });
  return item ? toDelivery(item) : null;
}

/** The endpoint's log, newest first, by cursor. */
export function listDeliveries(
  webhookId: string,
  page: { limit: number; cursor?: string },
): Promise<Page<StoredDelivery>> {
  return queryPage(
    {
      partition: keys.webhookDelivery(webhookId, '').pk,
      sortKey: { beginsWith: WEBHOOK_DELIVERY_PREFIX },
      order: 'descending',
    },
    page,
    toDelivery,
  );
}

/** What one attempt came to. */
export interface AttemptOutcome {
  readonly attempt: number;
  readonly at: string;
  readonly status: WebhookDelivery['status'];
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly nextAttemptAt: string | null;
}

/**
 * Records an attempt's outcome, only if the delivery still waits for exactly that attempt (its
 * count is one less): false when another run of the same attempt recorded it first.
 */
export function recordAttempt(
  webhookId: string,
  deliveryId: string,
  outcome: AttemptOutcome,
): Promise<boolean> {
  const sets = ['#status = :status', 'attempts = :attempt', 'lastAttemptAt = :at'];
  const removes: string[] = [];
  const values: Record<string, unknown> = {
    ':status': outcome.status,
    ':attempt': outcome.attempt,
    ':before': outcome.attempt - 1,
    ':at': outcome.at,
    ':pending': 'pending',
  };
  const optional = {
    lastStatusCode: outcome.statusCode,
    lastError: outcome.error,
    nextAttemptAt: outcome.nextAttemptAt,
  };
  for (const [field, value] of Object.entries(optional)) {
    if (value === null) removes.push(field);
    else {
      sets.push(`${field} = :${field}`);
      values[`:${field}`] = value;
    }
  }
  return writeIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhookDelivery(webhookId, deliveryId),
        UpdateExpression: `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: 'attribute_exists(pk) AND #status = :pending AND attempts = :before',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: values,
      }),
    ),
  );
}
