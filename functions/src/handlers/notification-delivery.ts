/**
 * Target of the DomainNotifications and NotificationBatches rules of the event manifest. A change
 * event from the bus notifies the people it concerns (a club-wide one is split into batches put
 * back on the bus); a batch arrives through the queue (an SQS event whose records carry the bus's
 * events) and is written; a failed record is reported alone, so only it is delivered again, and
 * writing is idempotent per change and recipient, so a repeat notifies nobody twice. Anything
 * else is acknowledged and ignored.
 */
import {
  changeEventSchema,
  EVENT_BUS,
  NOTIFICATION_BATCH_TYPE,
  notificationBatchSchema,
} from '@clubs/shared';
import type { EventBridgeEvent, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '../logger.ts';
import { type DeliveryReport, deliverBatch, notifyChange } from '../services/notifications/delivery.ts';

type BusEvent = EventBridgeEvent<string, unknown>;

async function deliver(event: BusEvent): Promise<DeliveryReport | null> {
  if (event.source === EVENT_BUS.domainSource) {
    const change = changeEventSchema.safeParse({ ...(event.detail as object), type: event['detail-type'] });
    if (change.success) return notifyChange(change.data);
  } else if (
    event.source === EVENT_BUS.notificationsSource &&
    event['detail-type'] === NOTIFICATION_BATCH_TYPE
  ) {
    const batch = notificationBatchSchema.safeParse(event.detail);
    if (batch.success) return deliverBatch(batch.data);
  }
  logger.warn('ignored malformed event', { source: event.source, detailType: event['detail-type'] });
  return null;
}

const isQueueEvent = (event: BusEvent | SQSEvent): event is SQSEvent =>
  Array.isArray((event as SQSEvent).Records);

export async function handler(event: BusEvent | SQSEvent): Promise<SQSBatchResponse | { status: string }> {
  if (!isQueueEvent(event)) {
    const report = await deliver(event);
    if (report) logger.info('notified', { detailType: event['detail-type'], ...report });
    return { status: report ? 'processed' : 'ignored' };
  }
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      const report = await deliver(JSON.parse(record.body) as BusEvent);
      if (report) logger.info('batch notified', { messageId: record.messageId, ...report });
    } catch (error) {
      logger.error('batch failed', { messageId: record.messageId, error: error as Error });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}
