/**
 * Joining and a person's own memberships. Every answer is about
 * the caller only, decided on the server from the stored club and membership.
 */
import {
  type Club,
  inactiveClubVerdict,
  type JoinAnswersInput,
  type JoinRequestResult,
  type Membership,
  type MyMembership,
  type PublicClub,
  toPublicClub,
  type ViewerMembership,
} from '@clubs/shared';
import { cardChangeOutbox, changeOutbox } from '../bus/change-events.ts';
import type { Caller } from '../caller.ts';
import { getSubscriptionRecord } from '../data/repositories/billing.ts';
import { getClub, getClubs } from '../data/repositories/clubs.ts';
import { newestActiveClubsExcept } from '../data/repositories/directory.ts';
import { getClubWithMembership } from '../data/repositories/member-faces.ts';
import { addMembership } from '../data/repositories/membership-writes.ts';
import { getMembership, listMembershipsOfUserPage } from '../data/repositories/memberships.ts';
import { isRemoved, notRemoved, REMOVED_MESSAGE } from '../data/repositories/removals.ts';
import { clubNotActive, conflict, forbidden, notFound } from '../errors.ts';
import { trialDaysFor } from '../payments/trials.ts';
import { answersToKeep } from './membership-questions.ts';
import { profileOfCaller } from './profiles.ts';

/** Clubs that can be joined or looked at: active ones. Others answer like missing ones. */
async function activeClub(clubId: string): Promise<Club> {
  const club = await getClub(clubId);
  if (club?.status !== 'active') throw notFound('Club not found');
  return club;
}

type Standing = Omit<ViewerMembership, 'trialAvailable'>;

function viewOf(club: Club, userId: string, membership: Membership | null): Standing {
  // The owner counts as active even without a membership item.
  if (club.ownerId === userId) return { status: 'active', role: 'club_owner' };
  if (!membership) return { status: 'not_member', role: null };
  return { status: membership.status, role: membership.role };
}

/**
 * The caller's standing in an active club (not_member, pending or active) and whether its free
 * trial is still theirs: the club with the membership, and the subscription record, read at once.
 * Of a club that is not active, its members learn only that (the club space says so) and everyone
 * else, its owner included (who reaches it through their owned clubs), that it is not found.
 */
export async function clubMembershipOf(clubId: string, userId: string): Promise<ViewerMembership> {
  const [{ club, membership }, record] = await Promise.all([
    getClubWithMembership(clubId, userId),
    getSubscriptionRecord({ kind: 'membership', clubId, userId }),
  ]);
  if (!club) throw notFound('Club not found');
  if (club.status !== 'active') {
    const owner = club.ownerId === userId;
    throw !owner && inactiveClubVerdict({ membership }) === 'not_active'
      ? clubNotActive()
      : notFound('Club not found');
  }
  const standing = viewOf(club, userId, membership);
  return { ...standing, trialAvailable: club.ownerId !== userId && trialDaysFor(club, record) > 0 };
}

/**
 * A free club's join request: a pending membership, created once. A repeat (double click,
 * second tab) answers the membership as it stands and writes nothing. A paid club is joined
 * through its membership checkout instead.
 */
export async function requestMembership(
  clubId: string,
  caller: Caller,
  input?: JoinAnswersInput,
): Promise<JoinRequestResult> {
  const userId = caller.userId;
  const club = await activeClub(clubId);
  const current = viewOf(club, userId, await getMembership(clubId, userId));
  if (current.status !== 'not_member') return { status: current.status, created: false };
  if (club.price > 0) throw conflict('This club is paid: join through its membership checkout');
  const answers = answersToKeep(club, input);
  if (await isRemoved(clubId, userId)) throw forbidden(REMOVED_MESSAGE);
  const now = new Date();
  const result = await addMembership(
    {
      clubId,
      userId,
      role: 'club_member',
      status: 'pending',
      createdAt: now.toISOString(),
      ...(answers ? { answers } : {}),
    },
    [
      // A removal meanwhile refuses the request in its own transaction.
      notRemoved(clubId, userId),
      // The request's own transaction announces it: its card in the club's search, the owner told.
      ...cardChangeOutbox({ clubId, userId }, now),
      ...changeOutbox({ type: 'membership.requested', clubId, actorId: userId }, now),
    ],
    await profileOfCaller(caller),
  );
  if (result.created) return { status: 'pending', created: true };
  if (result.reason === 'no_club') throw notFound('Club not found');
  if (await isRemoved(clubId, userId)) throw forbidden(REMOVED_MESSAGE);
  // Another request of the same person won the race: answer what it wrote.
  const existing = await getMembership(clubId, userId);
  return { status: existing?.status ?? 'pending', created: false };
}

/**
 * The caller's memberships with their clubs: one query on the user index and one batch of key
 * lookups. A club that is not active shows only to its owner (an unpaid club being set up).
 */
export async function myMemberships(
  userId: string,
  query: { status?: Membership['status']; limit: number; cursor?: string },
): Promise<{ items: MyMembership[]; nextCursor: string | null }> {
  const page = await listMembershipsOfUserPage(userId, query);
  const clubs = new Map((await getClubs(page.items.map((m) => m.clubId))).map((c) => [c.id, c]));
  const items = page.items.flatMap((membership) => {
    const club = clubs.get(membership.clubId);
    if (!club) return [];
    if (club.status !== 'active' && club.ownerId !== userId) return [];
    return [{ membership, club: toPublicClub(club) }];
  });
  return { items, nextCursor: page.nextCursor };
}

/** Memberships considered when excluding the caller's clubs from Discover. */
const DISCOVER_MEMBERSHIPS = 100;

/** Newest active clubs the caller has no membership in (dashboard Discover). */
export async function discoverClubs(userId: string, limit: number): Promise<PublicClub[]> {
  const page = await listMembershipsOfUserPage(userId, { limit: DISCOVER_MEMBERSHIPS });
  const clubs = await newestActiveClubsExcept(new Set(page.items.map((m) => m.clubId)), limit);
  return clubs.map(toPublicClub);
}
