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
 * mail client's unsubscribe button works without a sign-in. A digest (digest.ts, its template
 * email/digest-email.ts) goes the same way, one message per reader and club, claimed per
 * cadence, period and club.
 */
import {
  type DigestEmail,
  EVENT_BUS,
  NOTIFICATION_EMAIL_TYPE,
  type NotificationEmail,
  type NotificationKind,
} from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import { type BusEntry, putBusEvents } from '../../bus/put-events.ts';
import { batchGet, keyId } from '../../data/batch-get.ts';
import {
  claimNotificationEmail,
  markNotificationEmailSent,
  releaseNotificationEmail,
} from '../../data/repositories/notification-emails.ts';
import type { NotificationContent } from '../../data/repositories/notifications.ts';
import { getProfile, getProfiles } from '../../data/repositories/profiles.ts';
import { clubFromItem } from '../../data/repositories/stored-club.ts';
import { suppressedAmong } from '../../data/repositories/suppressed-addresses.ts';
import { type DigestEmailInput, digestSubject, renderDigestEmail } from '../../email/digest-email.ts';
import { notificationSubject, renderNotificationEmail } from '../../email/notification-email.ts';
import { EmailSuppressed, sendEmail } from '../../email/send-email.ts';
import { logger } from '../../logger.ts';
import { siteUrl } from '../../stripe/config.ts';
import { isClubInService } from '../club-in-service.ts';
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
export async function mailableAddresses(recipientIds: readonly string[]): Promise<Map<string, string>> {
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

export type EmailOutcome =
  | 'sent'
  | 'sent-before'
  | 'suppressed'
  | 'no-address'
  | 'not-mailed'
  | 'not-a-member'
  | 'club-not-in-service'
  | 'read';

/**
 * Asked again as the e-mail is about to leave, since a queued message may wait minutes (or days,
 * replayed from the dead-letter queue): whether the reader is still an active member, and whether
 * the club is still in service (a suspended or unpaid club sends nothing in its name). One
 * BatchGetItem of the club and the membership.
 */
async function standingOf(clubId: string, recipientId: string): Promise<EmailOutcome | null> {
  const clubKey = keys.club(clubId);
  const membershipKey = keys.membership(clubId, recipientId);
  const found = await batchGet([clubKey, membershipKey], undefined, true);
  const club = found.get(keyId(clubKey));
  if (!club || !isClubInService(clubFromItem(club))) return 'club-not-in-service';
  return found.get(keyId(membershipKey))?.status === 'active' ? null : 'not-a-member';
}

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

/** A reader's signed unsubscribe link for a club: the page that asks, and the one-click headers. */
export async function unsubscribeLinks(recipientId: string, clubId: string, to: string) {
  const origin = siteUrl();
  const token = encodeURIComponent(await signUnsubscribeToken({ userId: recipientId, clubId, email: to }));
  return {
    page: `${origin}/unsubscribe?token=${token}`,
    headers: {
      'List-Unsubscribe': `<${origin}/api/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export interface ClaimedEmail {
  recipientId: string;
  /** What the claim is keyed on with the reader: one e-mail per reader and claim id, ever. */
  claimId: string;
  to: string;
  suppressionChecked: boolean;
  subject: string;
  parts: { html: string; text: string };
  headers: Record<string, string>;
  /** Named in the log of a refusal. */
  kind: string;
}

/**
 * Sends an e-mail at most once per reader and claim id: a claim written before SES is called
 * (notification-emails.ts) is marked sent after, so a message delivered again after its mail
 * went (a retry of a delivery that timed out) sends nothing, and one delivered while another
 * delivery sends it waits for that one's outcome. Throws when SES (or the configuration) refuses
 * it, giving the claim back, so the queue tries again; an outcome that no retry can change is
 * answered instead.
 */
export async function sendClaimed(email: ClaimedEmail): Promise<EmailOutcome> {
  if ((await claimOrWait(email.recipientId, email.claimId)) === 'sent') return 'sent-before';
  try {
    await sendEmail({
      to: email.to,
      suppressionChecked: email.suppressionChecked,
      subject: email.subject,
      html: email.parts.html,
      text: email.parts.text,
      headers: email.headers,
    });
  } catch (error) {
    await releaseNotificationEmail(email.recipientId, email.claimId);
    if (error instanceof EmailSuppressed) return 'suppressed';
    logger.error('notification e-mail not sent', { kind: email.kind, error: (error as Error).message });
    throw error;
  }
  await markNotificationEmailSent(email.recipientId, email.claimId, new Date());
  return 'sent';
}

/** Sends one queued notification e-mail, at most once per reader and notification (sendClaimed). */
export async function sendNotificationEmail({
  recipientId,
  notification: content,
  to: carried,
}: NotificationEmail): Promise<EmailOutcome> {
  const words = MAILED[content.kind];
  if (!words) return 'not-mailed';
  const refused = await standingOf(content.clubId, recipientId);
  if (refused) return refused;
  const to = carried ?? (await getProfile(recipientId))?.email;
  if (!to) return 'no-address';
  const origin = siteUrl();
  const links = await unsubscribeLinks(recipientId, content.clubId, to);
  const input = {
    headline: words.actorFree ? words.says : `${content.actorName} ${words.says}`,
    clubName: content.clubName,
    excerpt: content.excerpt,
    actionUrl: `${origin}${targetPath(content)}`,
    actionLabel: words.action,
    settingsUrl: `${origin}/settings`,
    unsubscribeUrl: links.page,
  };
  return sendClaimed({
    recipientId,
    claimId: content.id,
    to,
    suppressionChecked: carried !== undefined,
    subject: notificationSubject(input),
    parts: await renderNotificationEmail(input),
    headers: links.headers,
    kind: content.kind,
  });
}

/** The claim id of a digest: one per cadence, period and club (with the reader). */
export const digestClaimId = (digest: Pick<DigestEmail, 'cadence' | 'period' | 'club'>) =>
  `DIGEST#${digest.cadence}#${digest.period}#${digest.club.id}`;

/** Sends one queued digest e-mail, at most once per reader, cadence, period and club. */
export async function sendDigestEmail(digest: DigestEmail): Promise<EmailOutcome> {
  const refused = await standingOf(digest.club.id, digest.recipientId);
  if (refused) return refused;
  const origin = siteUrl();
  const links = await unsubscribeLinks(digest.recipientId, digest.club.id, digest.to);
  const clubPath = `${origin}/communities/${encodeURIComponent(digest.club.id)}`;
  const input: DigestEmailInput = {
    cadence: digest.cadence,
    clubName: digest.club.name,
    clubUrl: clubPath,
    posts: digest.posts.map((post) => ({ ...post, url: `${clubPath}?post=${encodeURIComponent(post.id)}` })),
    more: digest.more,
    settingsUrl: `${origin}/settings`,
    unsubscribeUrl: links.page,
  };
  return sendClaimed({
    recipientId: digest.recipientId,
    claimId: digestClaimId(digest),
    to: digest.to,
    suppressionChecked: true,
    subject: digestSubject(input),
    parts: await renderDigestEmail(input),
    headers: links.headers,
    kind: `digest-${digest.cadence}`,
  });
}
