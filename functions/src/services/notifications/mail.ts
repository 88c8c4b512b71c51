/**
 * The e-mail that goes with a notification the reader should not miss: a reply to their post, a
 * mention, an approval, an announcement. It is queued once, with the notification's first writing
 * (a repeated delivery writes nothing and queues nothing): one message per reader on the bus,
 * which a queue hands to sendNotificationEmail. A message SES refuses fails, so the queue delivers
 * it again, and after its last try parks it in the dead-letter queue (`npm run replay-dead-letters`
 * sends it again); a reader whose address is suppressed, or who has none, is skipped for good.
 * Each e-mail goes to the address of the reader's profile, with a text and an HTML part
 * (email/notification-email.ts) and a link to their notification settings, and carries the
 * reader's own signed unsubscribe link (for the club it is from) in the footer and as
 * `List-Unsubscribe` with `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058), so a
 * mail client's unsubscribe button works without a sign-in.
 */
import {
  EVENT_BUS,
  NOTIFICATION_EMAIL_TYPE,
  type NotificationEmail,
  type NotificationKind,
} from '@clubs/shared';
import type { NotificationContent } from '../../data/repositories/notifications.ts';
import { getProfile } from '../../data/repositories/profiles.ts';
import { notificationSubject, renderNotificationEmail } from '../../email/notification-email.ts';
import { EmailSuppressed, sendEmail } from '../../email/send-email.ts';
import { type BusEntry, putBusEvents } from '../../events/bus.ts';
import { logger } from '../../logger.ts';
import { siteUrl } from '../../stripe/config.ts';
import { signUnsubscribeToken } from './unsubscribe-token.ts';

/** What is e-mailed at once, with the words of its subject and its button. */
const MAILED: Partial<Record<NotificationKind, { says: string; action: string }>> = {
  reply: { says: 'commented on your post', action: 'Open the post' },
  mention: { says: 'mentioned you', action: 'Open the post' },
  approved: { says: 'approved your request to join', action: 'Open the club' },
  announcement: { says: 'posted an announcement', action: 'Read the announcement' },
};

export const isMailed = (kind: NotificationKind): boolean => MAILED[kind] !== undefined;

const targetPath = (content: NotificationContent) => {
  const club = `/communities/${encodeURIComponent(content.clubId)}`;
  return content.target.kind === 'post' ? `${club}?post=${encodeURIComponent(content.target.postId)}` : club;
};

/** Puts one e-mail message per reader on the bus (ten per request); answers how many. */
export async function queueNotificationEmails(
  content: NotificationContent,
  recipientIds: readonly string[],
): Promise<number> {
  if (!isMailed(content.kind) || recipientIds.length === 0) return 0;
  const entries: BusEntry[] = recipientIds.map((recipientId) => {
    const message: NotificationEmail = { recipientId, notification: content };
    return {
      source: EVENT_BUS.notificationsSource,
      detailType: NOTIFICATION_EMAIL_TYPE,
      detail: JSON.stringify(message),
    };
  });
  await putBusEvents(entries);
  return entries.length;
}

export type EmailOutcome = 'sent' | 'suppressed' | 'no-address' | 'not-mailed';

/**
 * Sends one queued notification e-mail. Throws when SES (or the configuration) refuses it, so the
 * queue tries again; an outcome that no retry can change is answered instead.
 */
export async function sendNotificationEmail({
  recipientId,
  notification: content,
}: NotificationEmail): Promise<EmailOutcome> {
  const words = MAILED[content.kind];
  if (!words) return 'not-mailed';
  const to = (await getProfile(recipientId))?.email;
  if (!to) return 'no-address';
  const origin = siteUrl();
  const token = encodeURIComponent(
    await signUnsubscribeToken({ userId: recipientId, clubId: content.clubId, email: to }),
  );
  const unsubscribePage = `${origin}/unsubscribe?token=${token}`;
  const input = {
    headline: `${content.actorName} ${words.says}`,
    clubName: content.clubName,
    excerpt: content.excerpt,
    actionUrl: `${origin}${targetPath(content)}`,
    actionLabel: words.action,
    settingsUrl: `${origin}/settings`,
    unsubscribeUrl: unsubscribePage,
  };
  const parts = await renderNotificationEmail(input);
  try {
    await sendEmail({
      to,
      subject: notificationSubject(input),
      html: parts.html,
      text: parts.text,
      headers: {
        'List-Unsubscribe': `<${origin}/api/unsubscribe?token=${token}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    return 'sent';
  } catch (error) {
    if (error instanceof EmailSuppressed) return 'suppressed';
    logger.error('notification e-mail not sent', { kind: content.kind, error: (error as Error).message });
    throw error;
  }
}
