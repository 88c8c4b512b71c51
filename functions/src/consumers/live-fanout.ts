/**
 * Target of the LiveUpdates rule of the event manifest: each change event on the bus is sent, as
 * one live message, to the connections following its club (services/live/fan-out.ts). Anything
 * malformed is acknowledged and ignored.
 */
import { anyChangeEventSchema } from '@clubs/shared';
import type { EventBridgeEvent } from 'aws-lambda';
import { logger } from '../logger.ts';
import { fanOutChange } from '../services/live/fan-out.ts';

export async function handler(event: EventBridgeEvent<string, unknown>): Promise<{ status: string }> {
  const change = anyChangeEventSchema.safeParse({ ...(event.detail as object), type: event['detail-type'] });
  if (!change.success) {
    logger.warn('ignored malformed event', { source: event.source, detailType: event['detail-type'] });
    return { status: 'ignored' };
  }
  const report = await fanOutChange(change.data);
  // A change that reached nobody (a card change, a club nobody follows) is not worth an INFO line.
  const log = report.sent + report.gone + report.skipped > 0 ? logger.info : logger.debug;
  log.call(logger, 'live fan-out', { type: change.data.type, id: change.data.id, ...report });
  return { status: 'processed' };
}
