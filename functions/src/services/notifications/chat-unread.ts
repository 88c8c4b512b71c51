/**
 * The e-mails of chat messages left unread (shared/src/bus/chat-unread.ts says when one goes):
 * the sweep takes the checks that fell due and queues one e-mail message each on the bus, which
 * the e-mail queue hands to sendChatUnreadEmail; a check whose conversation was read since is
 * dropped, one whose last e-mail is less than an hour old waits until the hour is over. The
 * e-mail itself looks again as it leaves (the conversation may have been read meanwhile), and is
 * sent at most once per reader and message (mail.ts's claim).
 */
import { CHAT_UNREAD_EMAIL_TYPE, CHAT_UNREAD_MAIL, type ChatUnreadEmail, EVENT_BUS } from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import { type BusEntry, putBusEvents } from '../../bus/put-events.ts';
import { batchGet, keyId } from '../../data/batch-get.ts';
import { getEntries } from '../../data/repositories/chat.ts';
import { chatSettingsOf } from '../../data/repositories/chat-controls.ts';
import {
  type DueCheck,
  disarmCheck,
  dueChecks,
  markMailed,
  moveCheck,
} from '../../data/repositories/chat-mail-checks.ts';
import { effectivePreference, getPreferences } from '../../data/repositories/notification-preferences.ts';
import { chatUnreadSubject, renderChatUnreadEmail } from '../../email/chat-unread-email.ts';
import { siteUrl } from '../../stripe/config.ts';
import { type EmailOutcome, mailableAddresses, sendClaimed, unsubscribeLinks } from './mail.ts';

/** Where the e-mail's button opens the conversation in the site. */
export const conversationPath = (conversationId: string) => `/messages/${encodeURIComponent(conversationId)}`;

type Decision = 'queue' | 'drop' | 'wait';

function decide(check: DueCheck, now: Date): Decision {
  if (!check.unread || !check.lastMessageId) return 'drop';
  if (check.lastMailedAt && now.getTime() - Date.parse(check.lastMailedAt) < CHAT_UNREAD_MAIL.gapMs)
    return 'wait';
  return 'queue';
}

/**
 * One run of the sweep: every shard's checks due by `now`. The e-mails are put on the bus before
 * their checks are disarmed, so a run that fails halfway loses none (a repeat is sent once).
 */
export async function sweepUnreadChats(
  now = new Date(),
): Promise<{ queued: number; waiting: number; dropped: number }> {
  const shards = Array.from({ length: CHAT_UNREAD_MAIL.shards }, (_, shard) => shard);
  const due = (
    await Promise.all(shards.map((shard) => dueChecks(shard, now, CHAT_UNREAD_MAIL.perShard)))
  ).flat();
  const decided = due.map((check) => ({ check, decision: decide(check, now) }));
  const queued = decided.filter((d) => d.decision === 'queue').map((d) => d.check);
  const entries: BusEntry[] = queued.map((check) => {
    const email: ChatUnreadEmail = {
      recipientId: check.userId,
      conversationId: check.conversationId,
      messageId: check.lastMessageId as string,
    };
    return {
      source: EVENT_BUS.notificationsSource,
      detailType: CHAT_UNREAD_EMAIL_TYPE,
      detail: JSON.stringify(email),
    };
  });
  if (entries.length > 0) await putBusEvents(entries);
  await Promise.all(
    decided.map(({ check, decision }) =>
      decision === 'wait'
        ? moveCheck(check, new Date(Date.parse(check.lastMailedAt as string) + CHAT_UNREAD_MAIL.gapMs))
        : disarmCheck(check),
    ),
  );
  const count = (decision: Decision) => decided.filter((d) => d.decision === decision).length;
  return { queued: queued.length, waiting: count('wait'), dropped: count('drop') };
}

/** What the e-mail says, read at once: the sender's name, the club's, the reader's chat settings. */
async function readMailContext(recipientId: string, senderId: string, clubId: string) {
  const senderKey = keys.profile(senderId);
  const clubKey = keys.club(clubId);
  const settingsKey = keys.chatSettings(recipientId);
  const found = await batchGet(
    [senderKey, clubKey, settingsKey],
    ['fullName', 'name', 'emailUnread', 'whoCanStart'],
  );
  const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
  return {
    senderName: text(found.get(keyId(senderKey))?.fullName, 'A member'),
    clubName: text(found.get(keyId(clubKey))?.name, ''),
    settings: chatSettingsOf(found.get(keyId(settingsKey))),
  };
}

/** Sends one queued unread-chat e-mail, unless the conversation was read or the reader does not want it. */
export async function sendChatUnreadEmail(email: ChatUnreadEmail, now = new Date()): Promise<EmailOutcome> {
  const entry = (await getEntries(email.conversationId, [email.recipientId], true)).get(email.recipientId);
  if (!entry?.unread) return 'read';
  const context = await readMailContext(email.recipientId, entry.otherUserId, entry.clubId);
  if (!context.settings.emailUnread) return 'not-mailed';
  const stored = (await getPreferences([email.recipientId], entry.clubId)).get(email.recipientId);
  // Only a reader who takes e-mails at once from the club gets this one (not bell-only, off, or digests).
  if (!stored || effectivePreference(stored) !== 'immediate') return 'not-mailed';
  const to = (await mailableAddresses([email.recipientId])).get(email.recipientId);
  if (!to) return 'suppressed';
  const origin = siteUrl();
  const links = await unsubscribeLinks(email.recipientId, entry.clubId, to);
  const input = {
    senderName: context.senderName,
    clubName: context.clubName,
    preview: entry.lastMessagePreview,
    conversationUrl: `${origin}${conversationPath(email.conversationId)}`,
    settingsUrl: `${origin}/settings`,
    unsubscribeUrl: links.page,
  };
  const outcome = await sendClaimed({
    recipientId: email.recipientId,
    claimId: `CHAT#${email.conversationId}#${email.messageId}`,
    to,
    suppressionChecked: true,
    subject: chatUnreadSubject(input),
    parts: await renderChatUnreadEmail(input),
    headers: links.headers,
    kind: 'chat-unread',
  });
  if (outcome === 'sent') await markMailed(email.recipientId, email.conversationId, now);
  return outcome;
}
