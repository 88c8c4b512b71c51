/**
 * Target of the ClubSuspension rule of the event manifest: the app's own events, put on the bus
 * after a super admin suspended or reactivated a club, or after its creator plan moved it to
 * another status. Its members' subscriptions follow the club's current state
 * (payments/member-billing.ts); applying it twice changes nothing, so a retried delivery is
 * harmless. Anything else is acknowledged and ignored.
 */
import { EVENT_BUS, idSchema, PLATFORM_EVENTS } from '@clubs/shared';
import type { EventBridgeEvent } from 'aws-lambda';
import * as z from 'zod';
import { logger } from '../logger.ts';
import { syncMemberBilling } from '../payments/member-billing.ts';

const detailSchema = z.object({ clubId: idSchema });
const DETAIL_TYPES: ReadonlySet<string> = new Set([
  PLATFORM_EVENTS.suspensionChanged,
  PLATFORM_EVENTS.statusChanged,
]);

export async function handler(event: EventBridgeEvent<string, unknown>): Promise<{ status: string }> {
  const detail = detailSchema.safeParse(event.detail);
  if (
    event.source !== EVENT_BUS.platformSource ||
    !DETAIL_TYPES.has(event['detail-type']) ||
    !detail.success
  ) {
    logger.warn('ignored malformed event', { source: event.source, detailType: event['detail-type'] });
    return { status: 'ignored' };
  }
  const result = await syncMemberBilling(detail.data.clubId);
  if (!result) {
    logger.info('no such club', { clubId: detail.data.clubId });
    return { status: 'ignored' };
  }
  logger.info('member billing follows the club', { clubId: detail.data.clubId, ...result });
  return { status: 'processed' };
}
