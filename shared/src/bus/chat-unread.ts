/**
 * The e-mail for a chat message left unread: a message arms its recipient's side of the
 * conversation with a check due `delayMs` later (only when none is armed, so many messages arm it
 * once); a recurring sweep (schedules.ts) takes the checks that fell due from their sparse index
 * and queues one e-mail each, unless the conversation was read since (reading disarms it) or an
 * e-mail of it went to the reader less than `gapMs` ago (the check then waits until the gap is
 * over). The e-mail honours the reader's chat setting, their notification preference for the
 * conversation's club (only 'immediate' mails at once) and the suppressed addresses.
 */
import * as z from 'zod';
import { idSchema, isoDateTime } from '../domain/common.ts';

export const CHAT_UNREAD_MAIL = {
  /** How long a message waits unread before it is e-mailed. */
  delayMs: 15 * 60 * 1000,
  /** At most one e-mail per reader and conversation in this long. */
  gapMs: 60 * 60 * 1000,
  /** The due checks are spread over this many index partitions, so no one partition takes every write. */
  shards: 8,
  /** Due checks one sweep takes from each partition (the next sweep takes the rest). */
  perShard: 200,
} as const;

/** The detail-type of the sweep's recurring run (source EVENT_BUS.schedulerSource). */
export const CHAT_UNREAD_DUE_TYPE = 'chat.unread-due';
export const chatUnreadDueSchema = z.object({ sweep: z.literal('chat-unread'), scheduledAt: isoDateTime });
export type ChatUnreadDue = z.infer<typeof chatUnreadDueSchema>;

/** The detail-type of one unread-chat e-mail to one reader (a queue message each, retried alone). */
export const CHAT_UNREAD_EMAIL_TYPE = 'notifications.chat-unread-email';
export const chatUnreadEmailSchema = z.object({
  recipientId: idSchema,
  conversationId: idSchema,
  /** The newest message when the check fell due: the e-mail is sent once per such message. */
  messageId: idSchema,
});
export type ChatUnreadEmail = z.infer<typeof chatUnreadEmailSchema>;
