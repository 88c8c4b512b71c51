/**
 * Announces that a club's state changed in a way its members' billing follows (a suspension or
 * reactivation, a status its creator plan gave it): an outbox item written in the club's own
 * transaction (ClubRewrite.alsoPut), which the table's stream hands to the change-stream consumer;
 * it puts the platform event on the bus and the club-billing handler then pauses, resumes or ends
 * the members' subscriptions at Stripe. So a stored change always reaches their billing and a
 * refused one never does.
 */
import {
  CHANGE_OUTBOX,
  PLATFORM_EVENTS,
  type PlatformChange,
  platformChangeSchema,
  TABLE,
} from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import { ulid } from 'ulid';

export type MemberBillingCause = 'suspensionChanged' | 'statusChanged';

/** The outbox item of the club's billing change, to put with the club's write (in the club's outbox partition). */
export function memberBillingOutbox(
  clubId: string,
  cause: MemberBillingCause,
  now = new Date(),
): Record<string, unknown> {
  const event: PlatformChange = platformChangeSchema.parse({
    id: ulid(now.getTime()),
    at: now.toISOString(),
    detailType: PLATFORM_EVENTS[cause],
    clubId,
  });
  return {
    ...keys.changeOutbox(clubId, event.id),
    type: CHANGE_OUTBOX.itemType,
    [CHANGE_OUTBOX.platformAttribute]: event,
    [TABLE.ttlAttribute]: Math.floor(now.getTime() / 1000) + CHANGE_OUTBOX.keptSeconds,
  };
}
