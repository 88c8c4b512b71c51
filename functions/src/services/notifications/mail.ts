/**
 * The e-mail that goes with a notification the reader should not miss: a reply to their post, a
 * mention, an approval. It is sent once, with the notification's first writing (a repeated
 * delivery writes nothing and mails nothing), to the address of the reader's profile, with a
 * text and an HTML part (email/notification-email.ts) and a link to their notification settings.
 * Each carries its reader's own signed unsubscribe link (for the club it is from) in the footer
 * and as `List-Unsubscribe` with `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058),
 * so a mail client's unsubscribe button works without a sign-in. A message SES does not take is
 * logged; the notification stays in the bell.
 */
import type { NotificationKind } from '@clubs/shared';
import type { NotificationContent } from '../../data/repositories/notifications.ts';
import { getProfiles } from '../../data/repositories/profiles.ts';
import { notificationSubject, renderNotificationEmail } from '../../email/notification-email.ts';
import { sendEmail } from '../../email/send-email.ts';
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

/** Stands in the rendered parts for each reader's own unsubscribe link (it has no characters React escapes). */
const UNSUBSCRIBE_PLACEHOLDER = 'https://unsubscribe.invalid/link';

const targetPath = (content: NotificationContent) => {
  const club = `/communities/${encodeURIComponent(content.clubId)}`;
  return content.target.kind === 'post' ? `${club}?post=${encodeURIComponent(content.target.postId)}` : club;
};

export async function mailNotification(
  content: NotificationContent,
  recipientIds: readonly string[],
): Promise<number> {
  const words = MAILED[content.kind];
  if (!words || recipientIds.length === 0) return 0;
  let origin: string;
  try {
    origin = siteUrl();
  } catch {
    logger.error('SITE_URL is not set: no notification e-mail can be sent');
    return 0;
  }
  const input = {
    headline: `${content.actorName} ${words.says}`,
    clubName: content.clubName,
    excerpt: content.excerpt,
    actionUrl: `${origin}${targetPath(content)}`,
    actionLabel: words.action,
    settingsUrl: `${origin}/settings`,
    unsubscribeUrl: UNSUBSCRIBE_PLACEHOLDER,
  };
  const [parts, profiles] = await Promise.all([renderNotificationEmail(input), getProfiles(recipientIds)]);
  let sent = 0;
  for (const id of recipientIds) {
    const to = profiles.get(id)?.email;
    if (!to) continue;
    try {
      const token = encodeURIComponent(
        await signUnsubscribeToken({ userId: id, clubId: content.clubId, email: to }),
      );
      const page = `${origin}/unsubscribe?token=${token}`;
      await sendEmail({
        to,
        subject: notificationSubject(input),
        html: parts.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, page),
        text: parts.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, page),
        headers: {
          'List-Unsubscribe': `<${origin}/api/unsubscribe?token=${token}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      sent += 1;
    } catch (error) {
      logger.error('notification e-mail not sent', { kind: content.kind, error: (error as Error).message });
    }
  }
  return sent;
}
