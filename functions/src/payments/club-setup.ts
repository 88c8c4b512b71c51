/**
 * Creating a club and what its owner reads while setting it up (the create-club dialog, the
 * /club-setup callback, the membership-success page). Nothing here calls Stripe: these routes
 * run in the small club-admin function.
 */
import { createHash } from 'node:crypto';
import {
  type Club,
  type CreateClubInput,
  type MembershipCheckoutState,
  NEW_CLUB_DEFAULTS,
  UNPAID_CLUBS_PER_ACCOUNT,
  type ViewerMembershipStatus,
} from '@clubs/shared';
import { ulid } from 'ulid';
import { cardChangeOutbox } from '../bus/change-events.ts';
import type { Caller } from '../caller.ts';
import { transactionConditionFailures } from '../data/errors.ts';
import { refreshAdminEntry } from '../data/repositories/admin-clubs.ts';
import { createClubWithOwner, getClub, updateClub } from '../data/repositories/clubs.ts';
import { getMembership } from '../data/repositories/memberships.ts';
import { newestOwnedClubWithStatus } from '../data/repositories/owned-clubs.ts';
import { AppError, conflict, notFound } from '../errors.ts';

/**
 * A new club, unpaid, with its owner's active club_owner membership, in one transaction
 *. With a requestId the club's id is derived from it, so a repeated
 * submission (a double click, a retry after a lost answer) finds the club it made instead of
 * making a second one; while that club is unpaid, changed details replace its old ones.
 */
export async function createClub(
  auth: Caller,
  input: CreateClubInput & { requestId?: string },
  now = new Date(),
): Promise<{ club: Club; created: boolean }> {
  const id = input.requestId ? clubIdFor(auth.userId, input.requestId) : ulid(now.getTime());
  const club: Omit<Club, 'memberCount'> = {
    id,
    ownerId: auth.userId,
    name: input.name,
    description: input.description,
    logoUrl: null,
    coverImageUrl: null,
    createdAt: now.toISOString(),
    price: NEW_CLUB_DEFAULTS.price,
    currency: NEW_CLUB_DEFAULTS.currency,
    trialPeriod: NEW_CLUB_DEFAULTS.trialPeriod,
    category: null,
    status: NEW_CLUB_DEFAULTS.status,
  };
  try {
    // The owner is found in the club's search by name and bio: the creation announces their card.
    const { club: stored } = await createClubWithOwner(
      club,
      club.createdAt,
      { name: auth.name, email: auth.email },
      UNPAID_CLUBS_PER_ACCOUNT,
      cardChangeOutbox({ clubId: id, userId: auth.userId }, now),
    );
    return { club: stored, created: true };
  } catch (error) {
    const failed = transactionConditionFailures(error);
    // The club's own put (the first item) failing is a repeated request; the owner's count of
    // unpaid clubs (the last) failing alone is the cap.
    if (failed && !failed.includes(0)) throw new UnpaidClubsCap();
    if (!input.requestId || !failed) throw error;
    const existing = await getClub(id);
    if (!existing || existing.ownerId !== auth.userId) throw conflict('This request was already used');
    // The dialog's Back step lets the details change before payment: the same club takes them.
    const changed = existing.name !== input.name || existing.description !== input.description;
    if (changed && existing.status === 'unpaid') {
      const updated = await updateClub(id, { name: input.name, description: input.description });
      if (updated) {
        await refreshAdminEntry(updated, null);
        return { club: updated, created: false };
      }
    }
    return { club: existing, created: false };
  }
}

/** An account holding UNPAID_CLUBS_PER_ACCOUNT unpaid clubs creates no more until one is paid or deleted. */
export class UnpaidClubsCap extends AppError {
  constructor() {
    super(
      'conflict',
      `You already have ${UNPAID_CLUBS_PER_ACCOUNT} clubs waiting for their plan: finish or delete one before creating another.`,
    );
  }
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The club id of a create request: 26 Crockford base32 characters (a ULID's shape) derived from
 * the requester and their request id, so it is the same on every retry and differs between
 * people who happen to send the same request id.
 */
export function clubIdFor(userId: string, requestId: string): string {
  const digest = createHash('sha256').update(`club:${userId}:${requestId}`).digest();
  let id = '';
  for (let i = 0; i < 26; i++) id += CROCKFORD[(digest[i] as number) % 32];
  return id;
}

export async function latestActiveOwnedClub(auth: Caller): Promise<{ club: Club | null }> {
  return { club: await newestOwnedClubWithStatus(auth.userId, 'active') };
}

/** The caller's membership of a club as stored (the owner counts as active). */
export async function membershipCheckoutState(
  auth: Caller,
  clubId: string,
): Promise<MembershipCheckoutState> {
  const club = await getClub(clubId);
  if (!club || (club.status !== 'active' && club.ownerId !== auth.userId)) throw notFound('Club not found');
  let status: ViewerMembershipStatus = 'not_member';
  if (club.ownerId === auth.userId) status = 'active';
  else {
    const membership = await getMembership(clubId, auth.userId);
    if (membership) status = membership.status;
  }
  return { clubId, clubName: club.name, status };
}
