/**
 * Target of the notification rules of the event manifest. A change event from the bus notifies
 * the people it concerns (a club-wide one is split into batches put back on the bus); a batch
 * arrives through a queue (an SQS event whose records carry the bus's events) and is written; a
 * notification e-mail arrives through its own queue, one reader per message, and is sent; SES's
 * bounce and complaint events suppress the addresses they name; an event's reminder falling due
 * (its schedule's event) tells the club's members in batches, unless the event moved or went
 * since; a digest schedule's run is split into batches of subscribers, each of which queues its
 * digests as e-mails on the same queue; the sweep of chat messages left unread queues their
 * e-mails on it too; each e-mail waits for its slot of SES's send rate
 * (send-pace.ts), so the queue's consumers together never send faster than SES takes. A failed
 * record is reported alone, so only it is delivered again (an e-mail SES refused is retried, then
 * parked in the dead-letter queue), and writing is idempotent per change and recipient, so a
 * repeat notifies nobody twice.
 */
import {
  CHANGE_EVENT_TYPES,
  CHAT_UNREAD_DUE_TYPE,
  CHAT_UNREAD_EMAIL_TYPE,
  changeEventSchema,
  chatUnreadDueSchema,
  chatUnreadEmailSchema,
  DIGEST_BATCH_TYPE,
  DIGEST_DUE_TYPE,
  DIGEST_EMAIL_TYPE,
  digestBatchSchema,
  digestDueSchema,
  digestEmailSchema,
  EVENT_REMINDER_BATCH_TYPE,
  EVENT_REMINDER_DUE_TYPE,
  emailFeedbackDetailSchema,
  eventReminderBatchSchema,
  eventReminderDueSchema,
  NOTIFICATION_BATCH_TYPE,
  NOTIFICATION_EMAIL_TYPE,
  notificationBatchSchema,
  notificationEmailSchema,
  SES_EVENTS,
} from '@clubs/shared';
import type * as z from 'zod';
import {
  type ConsumerEntry,
  type Delivery,
  defineConsumer,
  type Outcome,
  sameForEach,
  withDetailType,
} from '../bus/consumer-handler.ts';
import { queuedEmailPacer } from '../email/send-pace.ts';
import { logger } from '../logger.ts';
import { sendChatUnreadEmail, sweepUnreadChats } from '../services/notifications/chat-unread.ts';
import { deliverBatch, notifyChange } from '../services/notifications/delivery.ts';
import { deliverDigestBatch, planDigests } from '../services/notifications/digest.ts';
import { applyEmailFeedback } from '../services/notifications/email-feedback.ts';
import { sendDigestEmail, sendNotificationEmail } from '../services/notifications/mail.ts';
import { deliverReminderBatch, remindOfEvent } from '../services/notifications/reminders.ts';

/** Handles a detail and logs what it came to: a queued record by its message, an event by its type. */
const notified =
  <Detail>(deliver: (detail: Detail) => Promise<object>) =>
  async (detail: Detail, { event, messageId }: Delivery): Promise<Outcome> => {
    const report = await deliver(detail);
    if (messageId) logger.info('batch notified', { messageId, ...report });
    else logger.info('notified', { detailType: event['detail-type'], ...report });
    return 'processed';
  };

const notifying = <Detail>(
  schema: z.ZodType<Detail>,
  deliver: (detail: Detail) => Promise<object>,
): ConsumerEntry<Detail> => ({ schema, handle: notified(deliver) });

/** An e-mail is sent in its slot of SES's send rate. */
const paced = async (send: () => Promise<string>) => {
  await queuedEmailPacer().take();
  return { email: await send() };
};

const emailFeedback = notifying(emailFeedbackDetailSchema, async (feedback) => ({
  suppressed: await applyEmailFeedback(feedback),
}));

export const handler = defineConsumer(
  'notification-delivery',
  {
    ...sameForEach(
      Object.values(CHANGE_EVENT_TYPES),
      (type) => withDetailType(type, changeEventSchema),
      notified(notifyChange),
    ),
    [NOTIFICATION_BATCH_TYPE]: notifying(notificationBatchSchema, deliverBatch),
    [EVENT_REMINDER_BATCH_TYPE]: notifying(eventReminderBatchSchema, deliverReminderBatch),
    [DIGEST_BATCH_TYPE]: notifying(digestBatchSchema, deliverDigestBatch),
    [NOTIFICATION_EMAIL_TYPE]: notifying(notificationEmailSchema, (email) =>
      paced(() => sendNotificationEmail(email)),
    ),
    [DIGEST_EMAIL_TYPE]: notifying(digestEmailSchema, (digest) => paced(() => sendDigestEmail(digest))),
    [CHAT_UNREAD_EMAIL_TYPE]: notifying(chatUnreadEmailSchema, (email) =>
      paced(() => sendChatUnreadEmail(email)),
    ),
    [CHAT_UNREAD_DUE_TYPE]: notifying(chatUnreadDueSchema, (due) =>
      sweepUnreadChats(new Date(due.scheduledAt)),
    ),
    [EVENT_REMINDER_DUE_TYPE]: notifying(eventReminderDueSchema, remindOfEvent),
    [DIGEST_DUE_TYPE]: notifying(digestDueSchema, planDigests),
    [SES_EVENTS.bounce]: emailFeedback,
    [SES_EVENTS.complaint]: emailFeedback,
  },
  { failureMessage: 'batch failed' },
);
