/**
 * The few member faces the club home shows, kept on the club item and trusted only while the
 * club's members version still matches the one they were read at.
 */

import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Club, Membership } from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import { batchGet, keyId } from '../batch-get.ts';
import { db, tableName } from '../client.ts';
import { writeIfConditionHolds } from '../errors.ts';
import { CARD, cardOf, type MemberCard } from './member-cards.ts';
import { toMembership } from './memberships.ts';
import { clubFromItem, MEMBERS_VERSION } from './stored-club.ts';

/**
 * Every change of who is an active member of a club (each member count change, each new card of
 * a member) counts the club item's `membersVersion` up, in the same write. The few faces the club
 * home shows are kept on the club item with the version they were read at, so the access check's
 * read of the club brings them along and they are trusted only while the version still matches.
 */
export { MEMBERS_VERSION };

const FACES = 'memberFaces';

/** Faces the club item holds for the members version it was read at (null: none valid). */
export interface ClubFaces {
  version: number;
  faces: (MemberCard & { id: string })[] | null;
}

function facesOf(item: Record<string, unknown>): ClubFaces {
  const stored = item[MEMBERS_VERSION];
  const version = typeof stored === 'number' ? stored : 0;
  const cached = item[FACES] as { version?: unknown; faces?: unknown } | undefined;
  if (cached?.version !== version || !Array.isArray(cached.faces)) return { version, faces: null };
  const faces = cached.faces.flatMap((face: Record<string, unknown>) => {
    const card = cardOf({ [CARD]: face });
    return card && typeof face.id === 'string' ? [{ id: face.id, ...card }] : [];
  });
  return { version, faces };
}

/**
 * The faces read with each club item, by the club made from it: whoever holds that club (the
 * sidebar) finds them without a second read, and nothing between (the access check, the route's
 * request) needs to carry them.
 */
const facesReadWith = new WeakMap<Club, ClubFaces>();

/** The faces kept on the club item `club` was read from, if it was read by `getClubWithMembership`. */
export const facesReadWithClub = (club: Club): ClubFaces | null => facesReadWith.get(club) ?? null;

/** A club and one person's membership in it, read together in one request. */
export async function getClubWithMembership(
  clubId: string,
  userId: string,
): Promise<{ club: Club | null; membership: Membership | null }> {
  const found = await batchGet([keys.club(clubId), keys.membership(clubId, userId)]);
  const item = found.get(keyId(keys.club(clubId)));
  const membership = found.get(keyId(keys.membership(clubId, userId)));
  const club = item ? clubFromItem(item) : null;
  if (club && item) facesReadWith.set(club, facesOf(item));
  return { club, membership: membership ? toMembership(membership) : null };
}

/**
 * Keeps the faces read for `version` on the club item; a change of members since then has moved
 * the version on and the faces are not kept (the next visit reads them again).
 */
export async function keepClubFaces(clubId: string, faces: ClubFaces & { faces: unknown[] }): Promise<void> {
  await writeIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.club(clubId),
        UpdateExpression: 'SET #faces = :faces',
        ConditionExpression:
          faces.version === 0
            ? 'attribute_exists(pk) AND attribute_not_exists(#version)'
            : 'attribute_exists(pk) AND #version = :version',
        ExpressionAttributeNames: { '#faces': FACES, '#version': MEMBERS_VERSION },
        ExpressionAttributeValues: {
          ':faces': { version: faces.version, faces: faces.faces },
          ...(faces.version === 0 ? {} : { ':version': faces.version }),
        },
      }),
    ),
  );
}

/** A member's new card makes the faces the club item keeps out of date. */
export async function countMembersVersion(clubId: string): Promise<void> {
  await writeIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.club(clubId),
        UpdateExpression: 'ADD #version :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#version': MEMBERS_VERSION },
        ExpressionAttributeValues: { ':one': 1 },
      }),
    ),
  );
}
