/**
 * Target of the SearchIndex rule of the event manifest: each change event on the bus that touched
 * a post, comment, event, course or member card brings those documents' postings to what is
 * stored now (services/search/index-change.ts). Anything malformed is acknowledged and ignored; a
 * failure is thrown, so the event is delivered again (a reconcile may run any number of times).
 */
import { anyChangeEventSchema } from '@clubs/shared';
import type { EventBridgeEvent } from 'aws-lambda';
import { logger } from '../logger.ts';
import { indexChange } from '../services/search/index-change.ts';

export async function handler(event: EventBridgeEvent<string, unknown>): Promise<{ status: string }> {
  const change = anyChangeEventSchema.safeParse({ ...(event.detail as object), type: event['detail-type'] });
  if (!change.success) {
    logger.warn('ignored malformed event', { source: event.source, detailType: event['detail-type'] });
    return { status: 'ignored' };
  }
  const report = await indexChange(change.data);
  logger.info('search index', { type: change.data.type, id: change.data.id, ...report });
  return { status: 'processed' };
}
