/**
 * From change events to notifications, off the request path. Each change names the people it
 * concerns: the post's author for a comment (and earlier commenters, and anyone mentioned), the
 * author for a like (one notification per post and day), the club's managers for a join request,
 * the member for an approval (and the author of a liked post, once per level their points reach:
 * level-up.ts); a new event or an announcement concerns every active member, who
 * are put back on the bus in batches of NOTIFICATION_BATCH_SIZE recipients (through a queue in
 * AWS) and written batch by batch. Nobody is notified of their own change, and each person at
 * most once per change, however often a change or a batch is delivered. Each person's preference
 * for the club (else their account's) decides: 'off' writes nothing, 'immediate' also queues an
 * e-mail of the kinds that are mailed (mail.ts), and the bell-only and digest choices write the notification alone.
 */
import {
  type ChangeEvent,
  type ChangeEventOf,
  type Club,
  EVENT_BUS,
  NOTIFICATION_BATCH_SIZE,
  NOTIFICATION_BATCH_TYPE,
  type NotificationBatch,
  type NotificationKind,
  type NotificationTarget,
} from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import { type BusEntry, putBusEvents } from '../../bus/put-events.ts';
import { batchGet, keyId } from '../../data/batch-get.ts';
import { activeModeratorIds, listClubMembers } from '../../data/repositories/club-members.ts';
import { listComments } from '../../data/repositories/comments.ts';
import { cardOf, type MemberCard, memberCardOf } from '../../data/repositories/member-cards.ts';
import { activeMembersAmong } from '../../data/repositories/memberships.ts';
import { effectivePreference, getPreferences } from '../../data/repositories/notification-preferences.ts';
import {
  likeBatchId,
  type NotificationContent,
  recordLike,
  writeNotifications,
} from '../../data/repositories/notifications.ts';
import { getProfile } from '../../data/repositories/profiles.ts';
import { clubFromItem } from '../../data/repositories/stored-club.ts';
import { tellNotified } from '../live/fan-out.ts';
import { levelReached } from './level-up.ts';
import { queueNotificationEmails } from './mail.ts';
import { mentionedMembers } from './mentions.ts';

/** Characters of a post, comment or event quoted in a notification. */
const EXCERPT_LENGTH = 140;
/** Members read per query while a club-wide change is split into batches. */
const MEMBERS_PER_READ = 1000;
/** Comments read (pages of 100) to find who else commented on a post. */
const THREAD_PAGES = 5;

export interface DeliveryReport {
  /** Notifications written now. */
  written: number;
  /** Batches of recipients put on the bus for a club-wide change. */
  batches: number;
}

interface Context {
  club: Club;
  actor: MemberCard;
}

/** The club and the actor's card: one batch (and the actor's profile if they have no card). */
async function contextOf(change: ChangeEvent): Promise<Context | null> {
  const clubKey = keys.club(change.clubId);
  const actorKey = keys.membership(change.clubId, change.actorId);
  const found = await batchGet([clubKey, actorKey]);
  const clubItem = found.get(keyId(clubKey));
  if (!clubItem) return null;
  const actorItem = found.get(keyId(actorKey));
  const actor = (actorItem && cardOf(actorItem)) ?? memberCardOf(await getProfile(change.actorId));
  return { club: clubFromItem(clubItem), actor };
}

export const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat;
};

function contentOf(
  change: ChangeEvent,
  context: Context,
  kind: NotificationKind,
  fields: { id?: string; excerpt: string; target: NotificationTarget },
): NotificationContent {
  return {
    id: fields.id ?? change.id,
    kind,
    clubId: context.club.id,
    clubName: context.club.name,
    actorId: change.actorId,
    actorName: context.actor.name,
    actorAvatar: context.actor.avatarUrl,
    excerpt: excerpt(fields.excerpt),
    target: fields.target,
    createdAt: change.at,
  };
}

/** The kind a club-wide change notifies every member with, if it is one. */
function clubWideKind(change: ChangeEvent): NotificationKind | null {
  if (change.type === 'post.created' && change.announcement) return 'announcement';
  if (change.type === 'event.created') return 'new_event';
  return null;
}

/** What a change is about, for every kind of notification it makes. */
function subjectOf(change: ChangeEvent): { excerpt: string; target: NotificationTarget } {
  switch (change.type) {
    case 'post.created':
      return { excerpt: change.title || change.content, target: { kind: 'post', postId: change.postId } };
    case 'comment.created':
      return { excerpt: change.content, target: { kind: 'post', postId: change.postId } };
    case 'post.liked':
      return { excerpt: change.postTitle, target: { kind: 'post', postId: change.postId } };
    case 'membership.requested':
      return { excerpt: '', target: { kind: 'members' } };
    case 'membership.approved':
      return { excerpt: '', target: { kind: 'club' } };
    case 'event.created':
      return { excerpt: change.title, target: { kind: 'event', eventId: change.eventId } };
  }
}

/** The people a change concerns directly, each with the kind of notification they get. */
async function directRecipients(change: ChangeEvent, club: Club): Promise<Map<string, NotificationKind>> {
  const recipients = new Map<string, NotificationKind>();
  const add = (ids: readonly string[], kind: NotificationKind) => {
    for (const id of ids) if (!recipients.has(id)) recipients.set(id, kind);
  };
  switch (change.type) {
    case 'post.created':
      add(await mentionedMembers(change.clubId, `${change.title}\n${change.content}`), 'mention');
      break;
    case 'comment.created': {
      add([change.postAuthorId], 'reply');
      add(await mentionedMembers(change.clubId, change.content), 'mention');
      add(await earlierCommenters(change.postId), 'thread_reply');
      break;
    }
    case 'membership.requested':
      add([club.ownerId, ...(await activeModeratorIds(change.clubId))], 'join_request');
      break;
    case 'membership.approved':
      add([change.memberId], 'approved');
      break;
    case 'post.liked':
    case 'event.created':
      break;
  }
  recipients.delete(change.actorId);
  return recipients;
}

async function earlierCommenters(postId: string): Promise<string[]> {
  const authors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < THREAD_PAGES; page++) {
    const read = await listComments(postId, { limit: 100, cursor });
    for (const comment of read.items) authors.add(comment.authorId);
    if (!read.nextCursor) break;
    cursor = read.nextCursor;
  }
  return [...authors];
}

interface Audience {
  /** Who gets the notification in their bell. */
  notified: string[];
  /** Of them, who also wants it e-mailed at once. */
  mailed: Set<string>;
}

/**
 * Splits recipients by their preference for the club, keeping only its active members: a post's
 * author or an earlier commenter may have been removed, banned or have lapsed since, and a
 * members-only excerpt must not reach them. One BatchGetItem per 50 people for the preferences
 * and one per 100 for the memberships, read side by side.
 */
async function audienceOf(clubId: string, recipientIds: readonly string[]): Promise<Audience> {
  const [stored, members] = await Promise.all([
    getPreferences(recipientIds, clubId),
    activeMembersAmong(clubId, recipientIds),
  ]);
  const audience: Audience = { notified: [], mailed: new Set() };
  for (const id of recipientIds) {
    if (!members.has(id)) continue;
    const preference = effectivePreference(stored.get(id) ?? { account: null, club: null });
    if (preference === 'off') continue;
    audience.notified.push(id);
    if (preference === 'immediate') audience.mailed.add(id);
  }
  return audience;
}

/** Writes a notification to the audience and queues e-mail to those the first writing reached who want it. */
export async function writeAndMail(
  content: NotificationContent,
  recipientIds: readonly string[],
): Promise<number> {
  const audience = await audienceOf(content.clubId, recipientIds);
  if (audience.notified.length === 0) return 0;
  const outcome = await writeNotifications(content, audience.notified);
  // Their open pages' bells follow at once.
  await tellNotified(outcome.written);
  await queueNotificationEmails(
    content,
    outcome.written.filter((id) => audience.mailed.has(id)),
  );
  return outcome.written.length;
}

/** Adds the liker to the day's like notification of the post's author (never for a self-like). */
async function notifyLike(
  change: ChangeEventOf<'post.liked'>,
  context: Context,
  subject: ReturnType<typeof subjectOf>,
): Promise<number> {
  if (change.postAuthorId === change.actorId) return 0;
  const audience = await audienceOf(change.clubId, [change.postAuthorId]);
  if (audience.notified.length === 0) return 0;
  const content = contentOf(change, context, 'likes', {
    ...subject,
    id: likeBatchId(change.postId, new Date(change.at)),
  });
  const created = await recordLike(content, change.postAuthorId);
  if (created) await tellNotified([change.postAuthorId]);
  return created ? 1 : 0;
}

/** Tells the post's author of a level the like's point brought them to (level-up.ts), opening the classroom. */
async function notifyLevel(change: ChangeEventOf<'post.liked'>, context: Context): Promise<number> {
  const reached = await levelReached(change.clubId, change.postAuthorId, change.id);
  if (!reached) return 0;
  const content = contentOf(
    { ...change, actorId: change.postAuthorId },
    { club: context.club, actor: reached.member },
    'level_up',
    { excerpt: reached.opened, target: { kind: 'courses' } },
  );
  return writeAndMail({ ...content, level: reached.level }, [change.postAuthorId]);
}

/** Notifies the people a change concerns; a club-wide change is split into batches on the bus. */
export async function notifyChange(change: ChangeEvent): Promise<DeliveryReport> {
  const context = await contextOf(change);
  if (!context) return { written: 0, batches: 0 };
  const subject = subjectOf(change);
  if (change.type === 'post.liked') {
    const [liked, leveled] = await Promise.all([
      notifyLike(change, context, subject),
      notifyLevel(change, context),
    ]);
    return { written: liked + leveled, batches: 0 };
  }
  const byKind = new Map<NotificationKind, string[]>();
  for (const [id, kind] of await directRecipients(change, context.club)) {
    byKind.set(kind, [...(byKind.get(kind) ?? []), id]);
  }
  let written = 0;
  for (const [kind, ids] of byKind) {
    written += await writeAndMail(contentOf(change, context, kind, subject), ids);
  }
  const kind = clubWideKind(change);
  const batches = kind ? await splitIntoBatches(change) : 0;
  return { written, batches };
}

/** Puts every active member but the actor on the bus, NOTIFICATION_BATCH_SIZE per batch. */
function splitIntoBatches(change: ChangeEvent): Promise<number> {
  return batchMembers(change.clubId, change.actorId, (recipientIds) => {
    const batch: NotificationBatch = { change, recipientIds };
    return {
      source: EVENT_BUS.notificationsSource,
      detailType: NOTIFICATION_BATCH_TYPE,
      detail: JSON.stringify(batch),
    };
  });
}

/**
 * Puts every active member of a club (but `skip`, if named) on the bus, NOTIFICATION_BATCH_SIZE
 * per batch, each batch the entry `entryOf` makes of its recipients; answers how many batches.
 */
export async function batchMembers(
  clubId: string,
  skip: string | null,
  entryOf: (recipientIds: string[]) => BusEntry,
): Promise<number> {
  let entries: BusEntry[] = [];
  let batches = 0;
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    entries.push(entryOf(pending));
    pending = [];
  };
  let cursor: string | undefined;
  do {
    const page = await listClubMembers(
      clubId,
      { by: 'all' },
      { limit: MEMBERS_PER_READ, cursor, activeOnly: true },
    );
    for (const { membership } of page.items) {
      if (membership.userId === skip) continue;
      pending.push(membership.userId);
      if (pending.length === NOTIFICATION_BATCH_SIZE) flush();
    }
    cursor = page.nextCursor ?? undefined;
    if (!cursor) flush();
    // Each page's batches go on the bus before the next page is read, so memory stays bounded.
    await putBusEvents(entries);
    batches += entries.length;
    entries = [];
  } while (cursor);
  return batches;
}

/** Writes one batch of a club-wide change's notifications (a repeat writes nothing). */
export async function deliverBatch(batch: NotificationBatch): Promise<DeliveryReport> {
  const { change } = batch;
  const kind = clubWideKind(change);
  const context = kind ? await contextOf(change) : null;
  if (!kind || !context) return { written: 0, batches: 0 };
  const recipients = batch.recipientIds.filter((id) => id !== change.actorId);
  const written = await writeAndMail(contentOf(change, context, kind, subjectOf(change)), recipients);
  return { written, batches: 0 };
}
