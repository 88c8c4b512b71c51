/**
 * What the digests read and write: the sparse partition of digest subscribers per cadence (the
 * preference items that chose one, indexKeys.digestSubscriber), a club's posts written in a time
 * range (one query of the club's partition: post ids are ULIDs, so a time range is a key range),
 * and each member's last digest of a club (keys.digestMarker).
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { type DigestCadence, digestCadenceSchema, TABLE } from '@clubs/shared';
import {
  DIGEST_ACCOUNT_PREFIX,
  DIGEST_CLUB_PREFIX,
  indexKeys,
  keys,
  prefixes,
} from '@clubs/shared/table-keys';
import { encodeTime } from 'ulid';
import * as z from 'zod';
import { db, tableName } from '../client.ts';
import { type Page, queryPage } from '../query.ts';
import { type StoredPost, toPost } from './posts.ts';

/** One subscriber: who, and the club they chose the cadence for (null: their account). */
export interface DigestSubscriber {
  userId: string;
  clubId: string | null;
}

function subscriberOf(item: Record<string, unknown>): DigestSubscriber {
  const sk = String(item.gsi1sk);
  if (sk.startsWith(DIGEST_ACCOUNT_PREFIX))
    return { userId: sk.slice(DIGEST_ACCOUNT_PREFIX.length), clubId: null };
  const [clubId = '', userId = ''] = sk.slice(DIGEST_CLUB_PREFIX.length).split('#');
  return { userId, clubId };
}

/** One page of a cadence's subscribers: the account's choices, then the clubs', grouped by club. */
export function digestSubscribersPage(
  cadence: DigestCadence,
  page: { limit: number; cursor?: string },
): Promise<Page<DigestSubscriber>> {
  return queryPage(
    { index: TABLE.indexes.byStatus, partition: indexKeys.digestPartition(cadence) },
    page,
    subscriberOf,
  );
}

/** The smallest post id (a ULID) written at `at` or later. */
const postIdFloor = (at: Date) => `${encodeTime(at.getTime(), 10)}${'0'.repeat(16)}`;

/**
 * A club's posts written in [from, until), newest first, at most `limit` of them: one query of
 * the club's partition between the two times' smallest ids.
 */
export async function postsWrittenBetween(
  clubId: string,
  from: Date,
  until: Date,
  limit: number,
): Promise<StoredPost[]> {
  if (from >= until) return [];
  const page = await queryPage(
    {
      partition: keys.club(clubId).pk,
      sortKey: { between: [`${prefixes.post}${postIdFloor(from)}`, `${prefixes.post}${postIdFloor(until)}`] },
      order: 'descending',
      // The pin item sorts after every post id; nothing else of the club's shares the range.
      filter: { expression: '#type = :post', names: { '#type': 'type' }, values: { ':post': 'post' } },
    },
    { limit },
    toPost,
  );
  const [start, end] = [from.getTime(), until.getTime()];
  return page.items.filter((post) => {
    const at = Date.parse(post.createdAt);
    return at >= start && at < end;
  });
}

/** A member's last digest of a club. */
export const digestMarkerSchema = z.object({
  cadence: digestCadenceSchema,
  period: z.string(),
  /** The digest listed posts written before this time. */
  until: z.iso.datetime(),
});
export type DigestMarker = z.infer<typeof digestMarkerSchema>;

export function markerOf(item: Record<string, unknown> | undefined): DigestMarker | null {
  const parsed = digestMarkerSchema.safeParse(item);
  return parsed.success ? parsed.data : null;
}

/** Records a member's digest of a club (the next one lists what is written after `until`). */
export async function setDigestMarker(userId: string, clubId: string, marker: DigestMarker): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.digestMarker(userId, clubId), type: 'digestMarker', ...marker },
    }),
  );
}
