/**
 * A change event on the bus becomes one delivery per enabled endpoint of its club subscribed to
 * its type: each stored in its endpoint's log under the change's id (a repeated event finds it
 * there), then its first attempt put on the bus. The message is Standard Webhooks' shape:
 * `{ type, timestamp, data }`, `data` the change as the bus carried it and, for a change about a
 * member (joined, asked, paid, registered, completed a course), the member (name, e-mail, role,
 * status) read now.
 */
import { type AnyChangeEvent, WEBHOOK_CHANGE_TYPES, type WebhookChangeType } from '@clubs/shared';
import { putBusEvents } from '../../bus/put-events.ts';
import { getMembership } from '../../data/repositories/memberships.ts';
import { getProfile } from '../../data/repositories/profiles.ts';
import {
  getDelivery,
  listWebhooks,
  putDelivery,
  type StoredDelivery,
} from '../../data/repositories/webhooks.ts';
import { attemptEntry, newDelivery } from './log.ts';

const isWebhookType = (type: string): type is WebhookChangeType =>
  (WEBHOOK_CHANGE_TYPES as readonly string[]).includes(type);

/** The member a change is about (who joined, asked, paid, registered or completed), if any. */
function memberOf(change: AnyChangeEvent): string | null {
  switch (change.type) {
    case 'membership.requested':
      return change.actorId;
    case 'membership.approved':
    case 'membership.paid':
    case 'event.rsvp':
    case 'course.completed':
      return change.memberId;
    default:
      return null;
  }
}

/** The message's `data` (see the module's comment): two GetItems for a member's change, none otherwise. */
async function dataOf(change: AnyChangeEvent): Promise<Record<string, unknown>> {
  const { type: _type, id: _id, at: _at, ...fields } = change;
  const memberId = memberOf(change);
  if (!memberId) return fields;
  const [membership, profile] = await Promise.all([
    getMembership(change.clubId, memberId),
    getProfile(memberId),
  ]);
  if (!membership || !profile) return { ...fields, memberId };
  const { answers: _answers, postsApproved: _postsApproved, ...standing } = membership;
  return {
    ...fields,
    memberId,
    member: { ...standing, name: profile.fullName, email: profile.email },
  };
}

/**
 * The change's deliveries, one per enabled endpoint of the club subscribed to its type, each
 * stored once under the change's id (a repeated event finds them there) and its first attempt put
 * on the bus. Answers how many were stored now.
 */
export async function fanOutChange(change: AnyChangeEvent): Promise<number> {
  if (!isWebhookType(change.type)) return 0;
  const type = change.type;
  const endpoints = (await listWebhooks(change.clubId)).filter(
    (webhook) => webhook.status === 'enabled' && webhook.eventTypes.includes(type),
  );
  if (endpoints.length === 0) return 0;
  const payload = JSON.stringify({ type, timestamp: change.at, data: await dataOf(change) });
  const queued: StoredDelivery[] = [];
  for (const webhook of endpoints) {
    const delivery = newDelivery(webhook, {
      id: change.id,
      messageId: `msg_${change.id}`,
      eventType: type,
      payload,
      createdAt: change.at,
    });
    if (await putDelivery(delivery)) queued.push(delivery);
    else {
      // Stored by an earlier run of this event: its first attempt may not have gone on the bus.
      const stored = await getDelivery(webhook.id, change.id);
      if (stored?.status === 'pending' && stored.attempts === 0) queued.push(stored);
    }
  }
  if (queued.length > 0) await putBusEvents(queued.map((delivery) => attemptEntry(delivery, 1)));
  return queued.length;
}
