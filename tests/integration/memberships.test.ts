import { createClubWithOwner, getClub } from '@clubs/functions/data/repositories/clubs';
import { addMembership } from '@clubs/functions/data/repositories/membership-writes';
import { getMembership, listMembershipsOfUser } from '@clubs/functions/data/repositories/memberships';
import type { Membership } from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { clubFixture } from '../support/fixtures.ts';

const membership = (clubId: string, userId: string, status: Membership['status'] = 'active'): Membership => ({
  clubId,
  userId,
  role: 'club_member',
  status,
  createdAt: new Date().toISOString(),
});

describe('memberships (transactions)', () => {
  it('creates a club and its owner membership together, counting the owner', async () => {
    const { club } = await createClubWithOwner(clubFixture());
    expect((await getClub(club.id))?.memberCount).toBe(1);
    expect(await getMembership(club.id, club.ownerId)).toMatchObject({
      role: 'club_owner',
      status: 'active',
    });
    await expect(createClubWithOwner(clubFixture({ id: club.id }))).rejects.toThrow();
  });

  it('keeps the member count exact under 25 concurrent joins', async () => {
    const { club } = await createClubWithOwner(clubFixture());
    const users = Array.from({ length: 25 }, () => ulid());
    const results = await Promise.all(users.map((u) => addMembership(membership(club.id, u))));
    expect(results.every((r) => r.created)).toBe(true);
    expect((await getClub(club.id))?.memberCount).toBe(26);
  });

  it('creates one membership when the same person joins twice at once', async () => {
    const { club } = await createClubWithOwner(clubFixture());
    const user = ulid();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => addMembership(membership(club.id, user))),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(results.filter((r) => !r.created && r.reason === 'exists')).toHaveLength(4);
    expect((await getClub(club.id))?.memberCount).toBe(2);
  });

  it('does not count pending requests, and refuses a missing club without writing', async () => {
    const { club } = await createClubWithOwner(clubFixture());
    const user = ulid();
    expect((await addMembership(membership(club.id, user, 'pending'))).created).toBe(true);
    expect((await getClub(club.id))?.memberCount).toBe(1);
    const ghost = ulid();
    expect(await addMembership(membership(ghost, user))).toEqual({ created: false, reason: 'no_club' });
    expect(await getMembership(ghost, user)).toBeNull();
  });

  it("lists a user's memberships by status from the user index", async () => {
    const user = ulid();
    const { club: a } = await createClubWithOwner(clubFixture());
    const { club: b } = await createClubWithOwner(clubFixture());
    await addMembership(membership(a.id, user, 'active'));
    await addMembership(membership(b.id, user, 'pending'));
    expect((await listMembershipsOfUser(user)).map((m) => m.clubId).sort()).toEqual([a.id, b.id].sort());
    expect((await listMembershipsOfUser(user, 'pending')).map((m) => m.clubId)).toEqual([b.id]);
    expect((await listMembershipsOfUser(user, 'active')).map((m) => m.clubId)).toEqual([a.id]);
  });
});
