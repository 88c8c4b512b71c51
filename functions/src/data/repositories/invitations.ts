/**
 * Invitations: the club's invite link (one item holding its current token), e-mailed invitations
 * (one item per single-use token, expiring), the addresses invited (one item per address, so a
 * repeat within a day is skipped, listing the tokens it holds so they can be revoked) and the club's daily count of e-mails
 * (rate-windows.ts). All live in the club's partition, so deleting a club takes them along.
 */
import { DeleteCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Club, type InviteLink, type Membership, type PendingInvitation, TABLE } from '@clubs/shared';
import { INVITATION_WAITING_PREFIX, keys, withoutKeys } from '@clubs/shared/table-keys';
import { batchGet, keyId } from '../batch-get.ts';
import { db, tableName } from '../client.ts';
import type { TransactItem } from '../counted-write.ts';
import { isConditionFailed, transactionConditionFailures, writeIfConditionHolds } from '../errors.ts';
import { getItem } from '../get-item.ts';
import { type Page, queryPage } from '../query.ts';
import { type RateWindow, rateWindowCount, rateWindowKey, retryOnConflict } from '../rate-windows.ts';
import { toMembership } from './memberships.ts';
import { clubFromItem } from './stored-club.ts';

export interface StoredInvitation {
  clubId: string;
  token: string;
  name: string;
  email: string;
  createdBy: string;
  createdAt: string;
  /** Until when the token works. (The table's TTL attribute, in epoch seconds, removes it later.) */
  validUntil: string;
  acceptedBy?: string;
  acceptedAt?: string;
}

/** Items each invitation adds to a reservation: its address mark, the invitation, its waiting item. */
const INVITATION_ITEMS = 3;

const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

function linkOf(item: Record<string, unknown> | null | undefined): InviteLink | null {
  if (!item || typeof item.token !== 'string' || typeof item.createdAt !== 'string') return null;
  return { token: item.token, createdAt: item.createdAt };
}

export async function getInviteLink(clubId: string): Promise<InviteLink | null> {
  const item = await getItem(keys.inviteLink(clubId));
  return linkOf(item);
}

/**
 * Stores the club's link unless it has one; of two first reads at once, one link is kept and
 * both answer it.
 */
export async function keepFirstInviteLink(
  clubId: string,
  link: InviteLink,
  createdBy: string,
): Promise<InviteLink> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.inviteLink(clubId), type: 'invite_link', ...link, createdBy },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return link;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    const stored = await getInviteLink(clubId);
    if (!stored) throw new Error('invite link vanished');
    return stored;
  }
}

/** Replaces the club's link: the old token stops working with this write. */
export async function replaceInviteLink(clubId: string, link: InviteLink, createdBy: string): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.inviteLink(clubId), type: 'invite_link', ...link, createdBy },
    }),
  );
}

/**
 * What a send needs to know before it writes, in one request: when each address was last invited
 * to the club, and how many e-mails the club has sent in the current window.
 */
export async function readSendState(
  clubId: string,
  emails: readonly string[],
  rate: RateWindow,
  now: Date,
  accountRate: RateWindow,
): Promise<{
  lastInvited: Map<string, string>;
  /** The tokens each address was sent before (kept on its mark, so they can be revoked). */
  earlierTokens: Map<string, SentToken[]>;
  sentInWindow: number;
  accountSentInWindow: number;
}> {
  const windowKey = rateWindowKey(rate, now);
  const accountKey = rateWindowKey(accountRate, now);
  const found = await batchGet([
    windowKey,
    accountKey,
    ...emails.map((email) => keys.invitedAddress(clubId, email)),
  ]);
  const lastInvited = new Map<string, string>();
  const earlierTokens = new Map<string, SentToken[]>();
  for (const email of emails) {
    const mark = found.get(keyId(keys.invitedAddress(clubId, email)));
    if (typeof mark?.sentAt === 'string') lastInvited.set(email, mark.sentAt);
    if (mark) earlierTokens.set(email, tokensOf(mark));
  }
  const countOf = (key: typeof windowKey) => {
    const count = found.get(keyId(key))?.count;
    return typeof count === 'number' ? count : 0;
  };
  return {
    lastInvited,
    earlierTokens,
    sentInWindow: countOf(windowKey),
    accountSentInWindow: countOf(accountKey),
  };
}

export type ReserveResult =
  | { reserved: true }
  /** The club's window (`club`) or the sender's across their clubs (`account`) is full. */
  | { reserved: false; reason: 'limit'; scope: 'club' | 'account' }
  /** Addresses another send invited meanwhile. */
  | { reserved: false; reason: 'invited'; emails: string[] };

/**
 * Stores the invitations about to be e-mailed, marks their addresses as invited and counts them
 * in the club's window, all in one transaction: the limit holds under concurrent sends, and an
 * address invited meanwhile (its mark newer than `repeatAfter`) refuses the whole reservation so
 * the caller can answer it as skipped and try the others again.
 */
export async function reserveInvitations(
  invitations: readonly StoredInvitation[],
  rate: RateWindow,
  now: Date,
  repeatAfterSeconds: number,
  accountRate: RateWindow,
  earlierTokens: ReadonlyMap<string, SentToken[]> = new Map(),
  tokenDays = 14,
): Promise<ReserveResult> {
  const since = new Date(now.getTime() - repeatAfterSeconds * 1000).toISOString();
  const sentAt = now.toISOString();
  // A mark lists the tokens its address holds that may still work, and lives as long as they do.
  const stillValid = new Date(now.getTime() - tokenDays * 86_400_000).toISOString();
  const tokensFor = (invitation: StoredInvitation): SentToken[] => [
    ...(earlierTokens.get(invitation.email) ?? []).filter((sent) => sent.sentAt > stillValid),
    { token: invitation.token, sentAt },
  ];
  const items: TransactItem[] = [
    rateWindowCount(rate, now, invitations.length),
    ...invitations.flatMap((invitation): TransactItem[] => [
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.invitedAddress(invitation.clubId, invitation.email),
            type: 'invited_address',
            token: invitation.token,
            tokens: tokensFor(invitation),
            sentAt,
            [TABLE.ttlAttribute]: epochSeconds(invitation.validUntil),
          },
          ConditionExpression: 'attribute_not_exists(pk) OR sentAt < :since',
          ExpressionAttributeValues: { ':since': since },
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.invitation(invitation.clubId, invitation.token),
            type: 'invitation',
            ...invitation,
            [TABLE.ttlAttribute]: epochSeconds(invitation.validUntil),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.invitationWaiting(invitation.clubId, invitation.token),
            type: 'invitation_waiting',
            email: invitation.email,
            name: invitation.name,
            createdAt: invitation.createdAt,
            validUntil: invitation.validUntil,
            [TABLE.ttlAttribute]: epochSeconds(invitation.validUntil),
          },
        },
      },
    ]),
    // The sender's count across their clubs, last.
    rateWindowCount(accountRate, now, invitations.length),
  ];
  try {
    await retryOnConflict(() => db().send(new TransactWriteCommand({ TransactItems: items })));
    return { reserved: true };
  } catch (error) {
    const failed = transactionConditionFailures(error);
    if (!failed) throw error;
    if (failed.includes(0)) return { reserved: false, reason: 'limit', scope: 'club' };
    if (failed.includes(items.length - 1)) return { reserved: false, reason: 'limit', scope: 'account' };
    // Items 1, 4, 7 … are the address marks, in the order of `invitations`.
    const emails = failed.flatMap((index) =>
      index % INVITATION_ITEMS === 1 ? [invitations[(index - 1) / INVITATION_ITEMS]?.email ?? ''] : [],
    );
    if (emails.length === 0) throw error;
    return { reserved: false, reason: 'invited', emails };
  }
}

/**
 * Undoes the reservation of an invitation whose e-mail was not sent: the invitation, its
 * address mark (if still this invitation's) and its unit of each count (the club's, the
 * sender's), together.
 */
export async function releaseInvitation(
  invitation: StoredInvitation,
  rates: readonly RateWindow[],
  reservedAt: Date,
) {
  await retryOnConflict(() =>
    db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: tableName(), Key: keys.invitation(invitation.clubId, invitation.token) } },
          {
            Delete: {
              TableName: tableName(),
              Key: keys.invitationWaiting(invitation.clubId, invitation.token),
            },
          },
          {
            Delete: {
              TableName: tableName(),
              Key: keys.invitedAddress(invitation.clubId, invitation.email),
              ConditionExpression: 'attribute_not_exists(pk) OR #token = :token',
              ExpressionAttributeNames: { '#token': 'token' },
              ExpressionAttributeValues: { ':token': invitation.token },
            },
          },
          ...rates.map((rate) => rateWindowCount(rate, reservedAt, -1)),
        ],
      }),
    ),
  );
}

/** A token sent to an address, as its mark lists it. */
export interface SentToken {
  token: string;
  sentAt: string;
}

function tokensOf(mark: Record<string, unknown>): SentToken[] {
  const listed = Array.isArray(mark.tokens) ? (mark.tokens as SentToken[]) : [];
  const fallback =
    typeof mark.token === 'string' && typeof mark.sentAt === 'string'
      ? [{ token: mark.token, sentAt: mark.sentAt }]
      : [];
  return listed.length > 0 ? listed : fallback;
}

/**
 * Revokes every e-mailed invitation the club sent to `email` that may still work: the
 * invitations and the address's mark go in one transaction (so the address may be invited again).
 * Null when the address holds none.
 */
export async function revokeInvitationsTo(clubId: string, email: string): Promise<number | null> {
  const mark = await getItem(keys.invitedAddress(clubId, email), { consistent: true });
  if (!mark) return null;
  const tokens = tokensOf(mark);
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: tableName(), Key: keys.invitedAddress(clubId, email) } },
        ...tokens.flatMap(({ token }) => [
          { Delete: { TableName: tableName(), Key: keys.invitation(clubId, token) } },
          { Delete: { TableName: tableName(), Key: keys.invitationWaiting(clubId, token) } },
        ]),
      ],
    }),
  );
  return tokens.length;
}

/**
 * One page of the club's e-mailed invitations that still wait: one query of their waiting items
 * (an accepted, held or revoked invitation has none), in token order, leaving out those past
 * their validity that the table's TTL has not removed yet (so reads do not grow with history).
 */
export function listPendingInvitations(
  clubId: string,
  page: { limit: number; cursor?: string },
  now: Date,
): Promise<Page<PendingInvitation>> {
  return queryPage(
    {
      partition: keys.invitationWaiting(clubId, '').pk,
      sortKey: { beginsWith: INVITATION_WAITING_PREFIX },
      filter: {
        expression: '#validUntil > :now',
        names: { '#validUntil': 'validUntil' },
        values: { ':now': now.toISOString() },
      },
    },
    page,
    (item) => ({
      email: String(item.email),
      name: String(item.name ?? ''),
      sentAt: String(item.createdAt),
      validUntil: String(item.validUntil),
    }),
  );
}

/** What opening or accepting an invitation reads, in one request. */
export interface InvitationFacts {
  club: Club | null;
  membership: Membership | null;
  link: InviteLink | null;
  invitation: StoredInvitation | null;
  /** The caller was removed from the club (removals.ts). */
  removed: boolean;
}

export async function readInvitationFacts(
  clubId: string,
  token: string,
  userId: string,
): Promise<InvitationFacts> {
  const wanted = {
    club: keys.club(clubId),
    membership: keys.membership(clubId, userId),
    link: keys.inviteLink(clubId),
    invitation: keys.invitation(clubId, token),
    removal: keys.removal(clubId, userId),
  };
  const found = await batchGet(Object.values(wanted));
  const club = found.get(keyId(wanted.club));
  const membership = found.get(keyId(wanted.membership));
  const invitation = found.get(keyId(wanted.invitation));
  return {
    club: club ? clubFromItem(club) : null,
    membership: membership ? toMembership(membership) : null,
    link: linkOf(found.get(keyId(wanted.link))),
    invitation: invitation ? invitationOf(invitation) : null,
    removed: found.has(keyId(wanted.removal)),
  };
}

function invitationOf(item: Record<string, unknown>): StoredInvitation {
  const { [TABLE.ttlAttribute]: _ttl, ...stored } = withoutKeys(item);
  return stored as unknown as StoredInvitation;
}

/** A condition that the club's link still has `token` (it was not regenerated meanwhile). */
export function linkStillValid(clubId: string, token: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: keys.inviteLink(clubId),
      ConditionExpression: '#token = :token',
      ExpressionAttributeNames: { '#token': 'token' },
      ExpressionAttributeValues: { ':token': token },
    },
  };
}

/**
 * Uses up an e-mailed invitation for `userId`: refused when it is gone, expired, or already used
 * by someone else (the same person may use it again, e.g. after leaving a checkout). With it, the
 * invitation stops waiting (waitingEnds).
 */
export function claimInvitation(clubId: string, token: string, userId: string, now: Date): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.invitation(clubId, token),
      UpdateExpression: 'SET acceptedBy = :user, acceptedAt = if_not_exists(acceptedAt, :now)',
      ConditionExpression:
        'attribute_exists(pk) AND validUntil > :now AND (attribute_not_exists(acceptedBy) OR acceptedBy = :user)',
      ExpressionAttributeValues: { ':user': userId, ':now': now.toISOString() },
    },
  };
}

/** Holds an e-mailed invitation for `userId` on its own (a paid club: they join by paying). */
export async function holdInvitation(
  clubId: string,
  token: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  const { Update } = claimInvitation(clubId, token, userId, now);
  if (!Update) throw new Error('claimInvitation builds an update');
  const held = await writeIfConditionHolds(db().send(new UpdateCommand(Update)));
  if (held)
    await db().send(
      new DeleteCommand({ TableName: tableName(), Key: keys.invitationWaiting(clubId, token) }),
    );
  return held;
}

/** Ends an invitation's waiting, in the transaction that claims it (the pending list leaves it out). */
export function waitingEnds(clubId: string, token: string): TransactItem {
  return { Delete: { TableName: tableName(), Key: keys.invitationWaiting(clubId, token) } };
}
