/**
 * The digest e-mails, off the request path. A schedule's run (`digest.due`) pages its cadence's
 * subscribers (a sparse index partition of the preference items that chose it, never the
 * members) and puts them on the bus in batches of DIGEST_LIMITS.batchSize, through the
 * notification queue. A batch finds each subscriber's clubs: the one they chose the cadence for,
 * or, for an account-wide choice, each active membership whose club has no choice of its own
 * (a club's own choice wins, so it is digested through that choice's entry or not at all). For
 * each member and club it lists the posts written by others since their last digest of that
 * club (at most DIGEST_LIMITS.lookbackPeriods periods back, one period for a first digest) that
 * they can see (not hidden), most liked first, and queues one e-mail per member and club through
 * the notification e-mail queue, whose claim keyed on (cadence, period, club) sends it once. A
 * member with nothing new gets nothing; one who left the club, or whose club is not in service,
 * gets nothing; their own posts are never listed (they know them). Each member's digest of a
 * club is recorded with the period, so a repeated run of the same period sends nothing again
 * and the next period starts where it ended.
 */
import {
  DIGEST_BATCH_TYPE,
  DIGEST_EMAIL_TYPE,
  DIGEST_LIMITS,
  type DigestBatch,
  type DigestCadence,
  type DigestDue,
  type DigestEmail,
  type DigestPost,
  EVENT_BUS,
} from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import { type BusEntry, putBusEvents } from '../../bus/put-events.ts';
import { batchGet, keyId } from '../../data/batch-get.ts';
import {
  type DigestMarker,
  type DigestSubscriber,
  digestSubscribersPage,
  markerOf,
  postsWrittenBetween,
  setDigestMarker,
} from '../../data/repositories/digests.ts';
import { listMembershipsOfUser, toMembership } from '../../data/repositories/memberships.ts';
import type { StoredPost } from '../../data/repositories/posts.ts';
import { clubFromItem } from '../../data/repositories/stored-club.ts';
import { isClubInService } from '../club-in-service.ts';
import { mailableAddresses } from './mail.ts';

/** Subscribers read per query while a run is split into batches. */
const SUBSCRIBERS_PER_READ = 1000;
/** Characters of a post's text quoted under its title. */
const EXCERPT_LENGTH = 160;
const DAY_MS = 24 * 3600 * 1000;

const periodMs = (cadence: DigestCadence) => (cadence === 'daily' ? DAY_MS : 7 * DAY_MS);

/** The period a run is the digest of: its UTC day, or the Monday of its (ISO) week. */
export function digestPeriod(cadence: DigestCadence, scheduledAt: Date): string {
  const day = new Date(
    Date.UTC(scheduledAt.getUTCFullYear(), scheduledAt.getUTCMonth(), scheduledAt.getUTCDate()),
  );
  if (cadence === 'weekly') day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

export interface PlanReport {
  subscribers: number;
  batches: number;
}

/** Puts a run's subscribers on the bus in batches, the clubs' choices grouped by club. */
export async function planDigests(due: DigestDue): Promise<PlanReport> {
  const report: PlanReport = { subscribers: 0, batches: 0 };
  let pending: { clubId: string | null; userIds: string[] } | null = null;
  let entries: BusEntry[] = [];
  const flush = () => {
    if (!pending || pending.userIds.length === 0) return;
    const batch: DigestBatch = { due, clubId: pending.clubId, userIds: pending.userIds };
    entries.push({
      source: EVENT_BUS.notificationsSource,
      detailType: DIGEST_BATCH_TYPE,
      detail: JSON.stringify(batch),
    });
    pending = null;
  };
  const add = ({ userId, clubId }: DigestSubscriber) => {
    if (pending && (pending.clubId !== clubId || pending.userIds.length === DIGEST_LIMITS.batchSize)) flush();
    pending ??= { clubId, userIds: [] };
    pending.userIds.push(userId);
    report.subscribers += 1;
  };
  let cursor: string | undefined;
  do {
    const page = await digestSubscribersPage(due.cadence, { limit: SUBSCRIBERS_PER_READ, cursor });
    for (const subscriber of page.items) add(subscriber);
    cursor = page.nextCursor ?? undefined;
    if (!cursor) flush();
    // Each page's batches go on the bus before the next page is read, so memory stays bounded.
    if (entries.length > 0) await putBusEvents(entries);
    report.batches += entries.length;
    entries = [];
  } while (cursor);
  return report;
}

/** One member's digest of one club, before the choice of posts. */
interface Digestible {
  userId: string;
  clubId: string;
  marker: DigestMarker | null;
}

/**
 * The (member, club) pairs of a batch: a club's subscribers who are still active members of it,
 * or an account's subscribers' active memberships of clubs with no choice of their own; each
 * with the member's last digest of the club. One BatchGetItem per 50 pairs, and for an account
 * batch one query of each member's memberships.
 */
async function digestiblesOf(batch: DigestBatch): Promise<Digestible[]> {
  const pairs: { userId: string; clubId: string }[] = batch.clubId
    ? batch.userIds.map((userId) => ({ userId, clubId: batch.clubId as string }))
    : (
        await Promise.all(
          batch.userIds.map(async (userId) =>
            (await listMembershipsOfUser(userId, 'active')).map((m) => ({ userId, clubId: m.clubId })),
          ),
        )
      ).flat();
  const found = await batchGet(
    pairs.flatMap(({ userId, clubId }) => [
      keys.digestMarker(userId, clubId),
      batch.clubId ? keys.membership(clubId, userId) : keys.notificationPreference(userId, clubId),
    ]),
  );
  return pairs.flatMap(({ userId, clubId }) => {
    if (batch.clubId) {
      const membership = found.get(keyId(keys.membership(clubId, userId)));
      if (!membership || toMembership(membership).status !== 'active') return [];
    } else if (found.has(keyId(keys.notificationPreference(userId, clubId)))) {
      return [];
    }
    return [{ userId, clubId, marker: markerOf(found.get(keyId(keys.digestMarker(userId, clubId)))) }];
  });
}

const excerptOf = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat;
};

const digestPostOf = (post: StoredPost): DigestPost => ({
  id: post.id,
  title: post.title,
  excerpt: excerptOf(post.content),
  authorName: post.authorName,
  likeCount: post.likeCount,
  commentCount: post.commentCount,
  createdAt: post.createdAt,
});

/** Most liked first; among equals, the newest. */
const byLikes = (a: StoredPost, b: StoredPost) =>
  b.likeCount - a.likeCount || b.createdAt.localeCompare(a.createdAt);

export interface DigestReport {
  /** Member and club pairs looked at. */
  members: number;
  /** E-mails queued. */
  queued: number;
}

/**
 * Queues the digests of one batch of subscribers: per club, one read of the club and one query
 * of its posts in the widest window any of its members needs; per member, the posts of their
 * own window. Then their addresses (with suppression) for the whole batch, one message each on
 * the bus, and each member's digest recorded (after it is queued: a retried batch queues it
 * again, and the e-mail's claim sends it once).
 */
export async function deliverDigestBatch(batch: DigestBatch): Promise<DigestReport> {
  const { cadence } = batch.due;
  const until = new Date(batch.due.scheduledAt);
  const period = digestPeriod(cadence, until);
  const earliest = until.getTime() - DIGEST_LIMITS.lookbackPeriods * periodMs(cadence);
  const windowStart = (marker: DigestMarker | null) =>
    marker ? Math.max(Date.parse(marker.until), earliest) : until.getTime() - periodMs(cadence);

  const due = (await digestiblesOf(batch)).filter(
    ({ marker }) => !marker || (marker.period !== period && Date.parse(marker.until) < until.getTime()),
  );
  const byClub = new Map<string, Digestible[]>();
  for (const item of due) byClub.set(item.clubId, [...(byClub.get(item.clubId) ?? []), item]);
  const clubs = await batchGet([...byClub.keys()].map((id) => keys.club(id)));

  const digests: Omit<DigestEmail, 'to'>[] = [];
  for (const [clubId, members] of byClub) {
    const item = clubs.get(keyId(keys.club(clubId)));
    if (!item) continue;
    const club = clubFromItem(item);
    if (!isClubInService(club)) continue;
    const from = Math.min(...members.map(({ marker }) => windowStart(marker)));
    const posts = (await postsWrittenBetween(clubId, new Date(from), until, DIGEST_LIMITS.postsRead))
      .filter((post) => !post.hidden)
      .sort(byLikes);
    for (const { userId, marker } of members) {
      const start = windowStart(marker);
      const theirs = posts.filter((post) => post.authorId !== userId && Date.parse(post.createdAt) >= start);
      if (theirs.length === 0) continue;
      digests.push({
        recipientId: userId,
        cadence,
        period,
        club: { id: club.id, name: club.name },
        posts: theirs.slice(0, DIGEST_LIMITS.posts).map(digestPostOf),
        more: Math.max(0, theirs.length - DIGEST_LIMITS.posts),
      });
    }
  }
  if (digests.length === 0) return { members: due.length, queued: 0 };

  const addresses = await mailableAddresses([...new Set(digests.map((d) => d.recipientId))]);
  const queued = digests.flatMap((digest) => {
    const to = addresses.get(digest.recipientId);
    return to ? [{ ...digest, to }] : [];
  });
  if (queued.length > 0) {
    await putBusEvents(
      queued.map((message) => ({
        source: EVENT_BUS.notificationsSource,
        detailType: DIGEST_EMAIL_TYPE,
        detail: JSON.stringify(message satisfies DigestEmail),
      })),
    );
  }
  const marker = { cadence, period, until: until.toISOString() };
  await Promise.all(queued.map((digest) => setDigestMarker(digest.recipientId, digest.club.id, marker)));
  return { members: due.length, queued: queued.length };
}
