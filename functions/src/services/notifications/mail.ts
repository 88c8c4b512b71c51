/**
 * The e-mail that goes with a notification the reader should not miss: a reply to their post, a
 * mention, an approval, an announcement. It is queued once, with the notification's first writing
 * (a repeated delivery writes nothing and queues nothing): one message per reader on the bus,
 * which a queue hands to sendNotificationEmail, which sends it at most once per reader and
 * notification however often the message is delivered. A message SES refuses fails, so the
 * queue delivers it again, and after its last try parks it in the dead-letter queue (`npm run
 * replay-dead-letters` sends it again); a reader whose address is suppressed, or who has none, is
 * skipped for good (found for the whole batch of readers when their messages are queued). Each
 * e-mail goes to the address of the reader's profile, with a text and an HTML part
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
import {
  claimNotificationEmail,
  markNotificationEmailSent,
  releaseNotificationEmail,
} from '../../data/repositories/notification-emails.ts';
import type { NotificationContent } from '../../data/repositories/notifications.ts';
import { getProfile, getProfiles } from '../../data/repositories/profiles.ts';
import { suppressedAmong } from '../../data/repositories/suppressed-addresses.ts';
import { notificationSubject, renderNotificationEmail } from '../../email/notification-email.ts';
import { EmailSuppressed, sendEmail } from '../../email/send-email.ts';
import { type BusEntry, putBusEvents } from '../../events/bus.ts';
import { logger } from '../../logger.ts';
import { siteUrl } from '../../stripe/config.ts';
import { signUnsubscribeToken } from './unsubscribe-token.ts';

/**
 * What is e-mailed at once, with the words of its subject (after the actor's name, or alone for
 * a kind nobody acted in) and its button.
 */
const MAILED: Partial<Record<NotificationKind, { says: string; action: string; actorFree?: true }>> = {
  reply: { says: 'commented on your post', action: 'Open the post' },
  mention: { says: 'mentioned you', action: 'Open the post' },
  approved: { says: 'approved your request to join', action: 'Open the club' },
  announcement: { says: 'posted an announcement', action: 'Read the announcement' },
  event_reminder: { says: 'An event starts tomorrow', action: 'See the event', actorFree: true },
};

export const isMailed = (kind: NotificationKind): boolean => MAILED[kind] !== undefined;

const targetPath = (content: NotificationContent) => {
  const club = `/communities/${encodeURIComponent(content.clubId)}`;
  if (content.target.kind === 'post') return `${club}?post=${encodeURIComponent(content.target.postId)}`;
  return content.target.kind === 'event' ? `${club}/events` : club;
};

/**
 * The readers' addresses that may be mailed: their profiles and the addresses' suppression read
 * for the whole batch (one BatchGetItem each per 100 readers), not one lookup per e-mail.
 */
async function mailableAddresses(recipientIds: readonly string[]): Promise<Map<string, string>> {
  const profiles = await getProfiles(recipientIds);
  const addresses = new Map<string, string>();
  for (const [id, profile] of profiles) if (profile.email) addresses.set(id, profile.email);
  const suppressed = await suppressedAmong([...addresses.values()]);
  for (const [id, email] of addresses) if (suppressed.has(email)) addresses.delete(id);
  return addresses;
}

/**
 * Puts one e-mail message per reader with a mailable address on the bus (ten per request), the
 * address carried in it; answers how many.
 */
export async function queueNotificationEmails(
  content: NotificationContent,
  recipientIds: readonly string[],
): Promise<number> {
  if (!isMailed(content.kind) || recipientIds.length === 0) return 0;
  const addresses = await mailableAddresses(recipientIds);
  const entries: BusEntry[] = [...addresses].map(([recipientId, to]) => {
    const message: NotificationEmail = { recipientId, notification: content, to };
    return {
      source: EVENT_BUS.notificationsSource,
      detailType: NOTIFICATION_EMAIL_TYPE,
      detail: JSON.stringify(message),
    };
  });
  if (entries.length > 0) await putBusEvents(entries);
  return entries.length;
}

export type EmailOutcome = 'sent' | 'sent-before' | 'suppressed' | 'no-address' | 'not-mailed';

/** The longest pause between two looks at a claim another delivery holds. */
const CLAIM_POLL_MAX_MS = 2_000;

/**
 * Claims the e-mail, waiting while another delivery of the same message holds it: it is sent
 * (nothing to do) or given back (a refusal) or, past its time limit (EMAIL_CLAIM_MS), stale and
 * then ours.
 */
async function claimOrWait(recipientId: string, notificationId: string): Promise<'claimed' | 'sent'> {
  for (let pause = 100; ; pause = Math.min(pause * 2, CLAIM_POLL_MAX_MS)) {
    const claim = await claimNotificationEmail(recipientId, notificationId, new Date());
    if (claim !== 'in-flight') return claim;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/**
 * Sends one queued notification e-mail, at most once per reader and notification: a claim
 * written before SES is called (notification-emails.ts) is marked sent after, so a message
 * delivered again after its mail went (a retry of a delivery that timed out) sends nothing, and
 * one delivered while another delivery sends it waits for that one's outcome.
 * Throws when SES (or the configuration) refuses it, giving the claim back, so the queue tries
 * again; an outcome that no retry can change is answered instead.
 */
export async function sendNotificationEmail({
  recipientId,
  notification: content,
  to: carried,
}: NotificationEmail): Promise<EmailOutcome> {
  const words = MAILED[content.kind];
  if (!words) return 'not-mailed';
  const to = carried ?? (await getProfile(recipientId))?.email;
  if (!to) return 'no-address';
  const origin = siteUrl();
  const token = encodeURIComponent(
    await signUnsubscribeToken({ userId: recipientId, clubId: content.clubId, email: to }),
  );
  const unsubscribePage = `${origin}/unsubscribe?token=${token}`;
  const input = {
    headline: words.actorFree ? words.says : `${content.actorName} ${words.says}`,
    clubName: content.clubName,
    excerpt: content.excerpt,
    actionUrl: `${origin}${targetPath(content)}`,
    actionLabel: words.action,
    settingsUrl: `${origin}/settings`,
    unsubscribeUrl: unsubscribePage,
  };
  const parts = await renderNotificationEmail(input);
  if ((await claimOrWait(recipientId, content.id)) === 'sent') return 'sent-before';
  try {
    await sendEmail({
      to,
      suppressionChecked: carried !== undefined,
      subject: notificationSubject(input),
      html: parts.html,
      text: parts.text,
      headers: {
        'List-Unsubscribe': `<${origin}/api/unsubscribe?token=${token}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
  } catch (error) {
    await releaseNotificationEmail(recipientId, content.id);
    if (error instanceof EmailSuppressed) return 'suppressed';
    logger.error('notification e-mail not sent', { kind: content.kind, error: (error as Error).message });
    throw error;
  }
  await markNotificationEmailSent(recipientId, content.id, new Date());
  return 'sent';
}
