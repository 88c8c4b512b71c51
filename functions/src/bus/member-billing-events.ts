/**
 * Tells the bus that a club's state changed in a way its members' billing follows (a suspension
 * or reactivation, a status its creator plan gave it); the club-billing handler then pauses,
 * resumes or ends their subscriptions at Stripe. The change itself is already stored: a put that
 * fails is logged for the operator rather than reported as a failed change.
 */
import { EVENT_BUS, PLATFORM_EVENTS } from '@clubs/shared';
import { logger } from '../logger.ts';
import { putBusEvent } from './put-events.ts';

export type MemberBillingCause = 'suspensionChanged' | 'statusChanged';

export async function announceMemberBilling(clubId: string, cause: MemberBillingCause): Promise<void> {
  try {
    await putBusEvent({
      source: EVENT_BUS.platformSource,
      detailType: PLATFORM_EVENTS[cause],
      detail: JSON.stringify({ clubId }),
    });
  } catch (error) {
    logger.error('member billing not queued after a club change', {
      clubId,
      cause,
      error: (error as Error).message,
    });
  }
}
