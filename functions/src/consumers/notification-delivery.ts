/**
 * Target of the notification rules of the event manifest. A change event from the bus notifies
 * the people it concerns (a club-wide one is split into batches put back on the bus); a batch
 * arrives through a queue (an SQS event whose records carry the bus's events) and is written; a
 * notification e-mail arrives through its own queue, one reader per message, and is sent; SES's
 * bounce and complaint events suppress the addresses they name; an event's reminder falling due
 * (its schedule's event) tells the club's members in batches, unless the event moved or went
 * since; a digest schedule's run is split into batches of subscribers, each of which queues its
 * digests as e-mails on the same queue; each e-mail waits for its slot of SES's send rate
 * (send-pace.ts), so the queue's consumers together never send faster than SES takes. A failed record is reported alone, so only it is delivered again (an e-mail SES refused is retried, then parked in the
 * dead-letter queue), and writing is idempotent per change and recipient, so a repeat notifies
 * nobody twice. Anything else is acknowledged and ignored.
 */
import {
  changeEventSchema,
  DIGEST_BATCH_TYPE,
  DIGEST_DUE_TYPE,
  DIGEST_EMAIL_TYPE,
  digestBatchSchema,
  digestDueSchema,
  digestEmailSchema,
  EVENT_BUS,
  EVENT_REMINDER_BATCH_TYPE,
  EVENT_REMINDER_DUE_TYPE,
  emailFeedbackDetailSchema,
  eventReminderBatchSchema,
  eventReminderDueSchema,
  NOTIFICATION_BATCH_TYPE,
  NOTIFICATION_EMAIL_TYPE,
  notificationBatchSchema,
  notificationEmailSchema,
} from '@clubs/shared';
import type { EventBridgeEvent, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { queuedEmailPacer } from '../email/send-pace.ts';
import { logger } from '../logger.ts';
import { type DeliveryReport, deliverBatch, notifyChange } from '../services/notifications/delivery.ts';
import {
  type DigestReport,
  deliverDigestBatch,
  type PlanReport,
  planDigests,
} from '../services/notifications/digest.ts';
import { applyEmailFeedback } from '../services/notifications/email-feedback.ts';
import { sendDigestEmail, sendNotificationEmail } from '../services/notifications/mail.ts';
import { deliverReminderBatch, remindOfEvent } from '../services/notifications/reminders.ts';

type BusEvent = EventBridgeEvent<string, unknown>;

type Report = DeliveryReport | PlanReport | DigestReport | { email: string } | { suppressed: number };

async function deliver(event: BusEvent): Promise<Report | null> {
  if (event.source === EVENT_BUS.domainSource) {
    const change = changeEventSchema.safeParse({ ...(event.detail as object), type: event['detail-type'] });
    if (change.success) return notifyChange(change.data);
  } else if (event.source === EVENT_BUS.notificationsSource) {
    if (event['detail-type'] === NOTIFICATION_BATCH_TYPE) {
      const batch = notificationBatchSchema.safeParse(event.detail);
      if (batch.success) return deliverBatch(batch.data);
    } else if (event['detail-type'] === NOTIFICATION_EMAIL_TYPE) {
      const email = notificationEmailSchema.safeParse(event.detail);
      if (email.success) {
        await queuedEmailPacer().take();
        return { email: await sendNotificationEmail(email.data) };
      }
    } else if (event['detail-type'] === EVENT_REMINDER_BATCH_TYPE) {
      const batch = eventReminderBatchSchema.safeParse(event.detail);
      if (batch.success) return deliverReminderBatch(batch.data);
    } else if (event['detail-type'] === DIGEST_BATCH_TYPE) {
      const batch = digestBatchSchema.safeParse(event.detail);
      if (batch.success) return deliverDigestBatch(batch.data);
    } else if (event['detail-type'] === DIGEST_EMAIL_TYPE) {
      const digest = digestEmailSchema.safeParse(event.detail);
      if (digest.success) {
        await queuedEmailPacer().take();
        return { email: await sendDigestEmail(digest.data) };
      }
    }
  } else if (event.source === EVENT_BUS.schedulerSource && event['detail-type'] === EVENT_REMINDER_DUE_TYPE) {
    const due = eventReminderDueSchema.safeParse(event.detail);
    if (due.success) return remindOfEvent(due.data);
  } else if (event.source === EVENT_BUS.schedulerSource && event['detail-type'] === DIGEST_DUE_TYPE) {
    const due = digestDueSchema.safeParse(event.detail);
    if (due.success) return planDigests(due.data);
  } else if (event.source === EVENT_BUS.sesSource) {
    const feedback = emailFeedbackDetailSchema.safeParse(event.detail);
    if (feedback.success) return { suppressed: await applyEmailFeedback(feedback.data) };
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
