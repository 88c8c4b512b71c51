/**
 * Clubs, people and memberships written straight through the repositories, for tests that
 * arrange which clubs there are and who is in them. Each membership's card is announced as the
 * API announces it (an outbox item in its own transaction), so a test with the bus up finds the
 * member in the club's search.
 */
import { cardChangeOutbox } from '@clubs/functions/bus/change-events';
import { createClubWithOwner } from '@clubs/functions/data/repositories/clubs';
import { addMembership } from '@clubs/functions/data/repositories/membership-writes';
import { createProfileIfAbsent } from '@clubs/functions/data/repositories/profiles';
import type { Club, ClubRole, MembershipStatus, Profile } from '@clubs/shared';
import { ulid } from 'ulid';
import { clubFixture } from './fixtures.ts';

/** A club (clubFixture with `overrides`) created with its owner's membership, as the API creates one. */
export async function addClub(overrides: Parameters<typeof clubFixture>[0] = {}): Promise<Club> {
  const fixture = clubFixture(overrides);
  const { club } = await createClubWithOwner(
    fixture,
    undefined,
    undefined,
    undefined,
    cardChangeOutbox({ clubId: fixture.id, userId: fixture.ownerId }),
  );
  return club;
}

/** A club with its owner and one active member: the ids a club's own tests start from. */
export async function addClubWithMember(): Promise<{ clubId: string; ownerId: string; member: string }> {
  const ownerId = ulid();
  const club = await addClub({ ownerId });
  return { clubId: club.id, ownerId, member: await addMember(club.id) };
}

export interface MemberOptions {
  /** A person of the test's own (a profile it wrote); a fresh id unless given. */
  userId?: string;
  role?: ClubRole;
  status?: MembershipStatus;
  /** When they joined (now unless given): a member of long standing has tenure. */
  since?: Date;
}

/**
 * Puts a person in a club (an active member unless told otherwise), with the card and count the
 * repository writes alongside, and answers their id. A membership that is not created fails the
 * test's arrangement here rather than in a later, puzzling assertion.
 */
export async function addMember(clubId: string, options: MemberOptions = {}): Promise<string> {
  const { userId = ulid(), role = 'club_member', status = 'active', since = new Date() } = options;
  const added = await addMembership(
    { clubId, userId, role, status, createdAt: since.toISOString() },
    cardChangeOutbox({ clubId, userId }),
  );
  if (!added.created) throw new Error(`membership not added: ${added.reason}`);
  return userId;
}

/** A person with a profile (an empty bio and location, no avatar); answers their id. */
export async function addPerson(fullName: string, overrides: Partial<Omit<Profile, 'fullName'>> = {}) {
  const id = overrides.id ?? ulid();
  await createProfileIfAbsent({
    id,
    email: `${id.toLowerCase()}@clubs.test`,
    fullName,
    bio: '',
    location: '',
    avatarUrl: null,
    createdAt: new Date().toISOString(),
    ...overrides,
  });
  return id;
}
