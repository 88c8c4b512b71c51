/**
 * Target of the ClubSuspension rule of the event manifest: the app's own event, put on the bus
 * after a super admin suspended or reactivated a club. Its members' subscriptions follow the
 * club's current state (payments/suspension-billing.ts); applying it twice changes nothing, so a
 * retried delivery is harmless. Anything else is acknowledged and ignored.
 */
import { EVENT_BUS, idSchema, PLATFORM_EVENTS } from '@clubs/shared';
import type { EventBridgeEvent } from 'aws-lambda';
import * as z from 'zod';
import { logger } from '../logger.ts';
import { syncSuspensionBilling } from '../payments/suspension-billing.ts';

const detailSchema = z.object({ clubId: idSchema });

export async function handler(event: EventBridgeEvent<string, unknown>): Promise<{ status: string }> {
  const detail = detailSchema.safeParse(event.detail);
  if (
    event.source !== EVENT_BUS.platformSource ||
    event['detail-type'] !== PLATFORM_EVENTS.suspensionChanged ||
    !detail.success
  ) {
    logger.warn('ignored malformed event', { source: event.source, detailType: event['detail-type'] });
    return { status: 'ignored' };
  }
  const result = await syncSuspensionBilling(detail.data.clubId);
  if (!result) {
    logger.info('no such club', { clubId: detail.data.clubId });
    return { status: 'ignored' };
  }
  logger.info('member billing follows the suspension', { clubId: detail.data.clubId, ...result });
  return { status: 'processed' };
}
