/**
 * What the club home costs the table, counted on the real document client: the first feed page
 * and the sidebar in a fixed number of DynamoDB requests whatever the club's size, and the
 * sidebar's member faces read from the memberships (their cards) once, kept on the club item
 * and read again after a join, a departure or a profile change.
 */
import { db } from '@clubs/functions/data/client';
import { createClubWithOwner } from '@clubs/functions/data/repositories/clubs';
import { removeMembership } from '@clubs/functions/data/repositories/membership-writes';
import { handler as feedHandler } from '@clubs/functions/routes/feed';
import { handler as profilesHandler } from '@clubs/functions/routes/profiles';
import { meterRequests, type RequestMeter } from '@clubs/infra/local/request-meter.ts';
import type { ClubSidebar, Me, PostPage } from '@clubs/shared';
import { ulid } from 'ulid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clubFixture } from '../support/fixtures.ts';
import { httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { addMember, addPerson } from '../support/members.ts';

let meter: RequestMeter;
beforeEach(() => {
  meter = meterRequests(db());
});
afterEach(() => meter.stop());

async function clubWithMembers(names: string[]) {
  const ownerId = ulid();
  const { club } = await createClubWithOwner(clubFixture({ ownerId }));
  const members: string[] = [];
  for (const fullName of names) {
    members.push(await addMember(club.id, { userId: await addPerson(fullName) }));
  }
  return { club, ownerId, members };
}

const sidebar = (clubId: string, userId: string) =>
  invoke<ClubSidebar>(
    feedHandler,
    httpEvent('getClubSidebar', { params: { clubId }, claims: memberClaims(userId) }),
  );

describe('the cost of the club home', () => {
  it('reads the sidebar in one access batch and two queries once the faces are kept, and follows a name change, a join and a departure', async () => {
    const { club, members } = await clubWithMembers(['Ann One', 'Ben Two', 'Cat Three']);
    const [ann] = members as [string];

    meter.reset();
    const first = await sidebar(club.id, ann);
    expect(first.status).toBe(200);
    const names = first.body.members.map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(['Ann One', 'Ben Two', 'Cat Three']));
    // Members joining get their card with the membership; the first listing fills the one card
    // that is missing (the owner's, created with the club: one profile batch and one write) and
    // keeps the faces on the club (one more write).
    expect(meter.commands.filter((c) => /BatchGet/.test(c))).toHaveLength(2);
    expect(meter.commands.filter((c) => /Query/.test(c))).toHaveLength(3);
    expect(meter.commands.filter((c) => /Update/.test(c))).toHaveLength(2);

    meter.reset();
    const second = await sidebar(club.id, ann);
    expect(second.body.members.map((m) => m.name)).toEqual(names);
    expect(meter.commands.sort()).toEqual(['BatchGetItemCommand', 'QueryCommand', 'QueryCommand']);

    const renamed = await invoke<Me>(
      profilesHandler,
      httpEvent('updateMe', { body: { fullName: 'Ann Renamed' }, claims: memberClaims(ann) }),
    );
    expect(renamed.status).toBe(200);
    meter.reset();
    const third = await sidebar(club.id, ann);
    expect(third.body.members.map((m) => m.name)).toContain('Ann Renamed');
    expect(third.body.members.map((m) => m.name)).not.toContain('Ann One');
    // The faces are read again once (the cards are already filled) and kept anew.
    expect(meter.commands.sort()).toEqual([
      'BatchGetItemCommand',
      'QueryCommand',
      'QueryCommand',
      'QueryCommand',
      'UpdateItemCommand',
    ]);
    meter.reset();
    expect((await sidebar(club.id, ann)).body.members.map((m) => m.name)).toContain('Ann Renamed');
    expect(meter.requests).toBe(3);

    // A departure and a join move the members version on: the kept faces are not trusted.
    const [, ben] = members as [string, string];
    expect((await removeMembership(club.id, ben)).removed).toBe(true);
    const afterLeave = (await sidebar(club.id, ann)).body.members.map((m) => m.name);
    expect(afterLeave).not.toContain('Ben Two');
    const dan = ulid();
    await addMember(club.id, { userId: dan });
    expect((await sidebar(club.id, ann)).body.members.map((m) => m.id)).toContain(dan);
  });

  it('reads the first feed page in three requests, pinned post or not, however many posts there are', async () => {
    const { club, ownerId } = await clubWithMembers([]);
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await invoke<{ id: string }>(
        feedHandler,
        httpEvent('createPost', {
          params: { clubId: club.id },
          body: { title: `post ${i}`, content: 'text' },
          claims: memberClaims(ownerId),
        }),
      );
      ids.push(res.body.id);
    }
    const page = () =>
      invoke<PostPage>(
        feedHandler,
        httpEvent('listPosts', { params: { clubId: club.id }, claims: memberClaims(ownerId) }),
      );
    meter.reset();
    expect((await page()).body.items).toHaveLength(20);
    // The access check's batch, the page's query, one batch of the caller's likes.
    expect(meter.commands).toEqual(['BatchGetItemCommand', 'QueryCommand', 'BatchGetItemCommand']);
    await invoke(
      feedHandler,
      httpEvent('pinPost', {
        params: { clubId: club.id, postId: ids[3] as string },
        claims: memberClaims(ownerId),
      }),
    );
    meter.reset();
    const pinned = (await page()).body.items;
    expect(pinned).toHaveLength(20);
    expect(pinned[0]?.id).toBe(ids[3]);
    // The pinned post is read in the likes batch.
    expect(meter.commands).toEqual(['BatchGetItemCommand', 'QueryCommand', 'BatchGetItemCommand']);
  });
});
