/**
 * A club's ban list: for each ban, the e-mail addresses and card fingerprints the banned person
 * is known to pay with, each an item naming them. A membership checkout is refused when the
 * payer's address or card is on it, so a new account does not buy a banned person back in. The
 * owner's lifting of the ban deletes its entries (removals.ts keeps which they are).
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { BAN_MATCH_PREFIX, type BanMatchKind, keys } from '@clubs/shared/table-keys';
import { batchGet } from '../batch-get.ts';
import { db, tableName } from '../client.ts';
import { getItem } from '../get-item.ts';
import { queryFirst } from '../query.ts';

export interface BanMatch {
  kind: BanMatchKind;
  value: string;
}

/** The same match written once (addresses compare in lower case). */
export function distinctMatches(matches: readonly BanMatch[]): BanMatch[] {
  const seen = new Map<string, BanMatch>();
  for (const match of matches) {
    const value = match.kind === 'email' ? match.value.trim().toLowerCase() : match.value;
    if (value) seen.set(`${match.kind}#${value}`, { kind: match.kind, value });
  }
  return [...seen.values()];
}

/** Puts the banned person's addresses and cards on the club's ban list. */
export async function putBanMatches(
  clubId: string,
  userId: string,
  matches: readonly BanMatch[],
  now = new Date(),
): Promise<void> {
  await Promise.all(
    distinctMatches(matches).map((match) =>
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.banMatch(clubId, match.kind, match.value),
            type: 'banMatch',
            clubId,
            userId,
            kind: match.kind,
            value: match.value,
            bannedAt: now.toISOString(),
          },
        }),
      ),
    ),
  );
}

/** Takes entries off the club's ban list (the owner let the person back in). */
export async function deleteBanMatches(clubId: string, matches: readonly BanMatch[]): Promise<void> {
  await Promise.all(
    distinctMatches(matches).map((match) =>
      db().send(
        new DeleteCommand({ TableName: tableName(), Key: keys.banMatch(clubId, match.kind, match.value) }),
      ),
    ),
  );
}

/** Whether the club has banned anyone by address or card (one item read at most). */
export async function clubHasBanMatches(clubId: string): Promise<boolean> {
  const first = await queryFirst(
    { partition: `CLUB#${clubId}`, sortKey: { beginsWith: BAN_MATCH_PREFIX } },
    () => true,
    { pageSize: 1, maxPages: 1 },
  );
  return first === true;
}

/** The banned person an address belongs to on the club's ban list, or null (one GetItem). */
export async function bannedByEmail(
  clubId: string,
  email: string | null | undefined,
): Promise<string | null> {
  if (!email?.trim()) return null;
  const item = await getItem(keys.banMatch(clubId, 'email', email), { consistent: true });
  return typeof item?.userId === 'string' ? item.userId : null;
}

/** The banned person one of these addresses or cards belongs to, or null (one batch read). */
export async function findBanMatch(clubId: string, matches: readonly BanMatch[]): Promise<string | null> {
  const wanted = distinctMatches(matches);
  if (wanted.length === 0) return null;
  const found = await batchGet(
    wanted.map((match) => keys.banMatch(clubId, match.kind, match.value)),
    ['userId'],
    true,
  );
  for (const item of found.values()) if (typeof item.userId === 'string') return item.userId;
  return null;
}
