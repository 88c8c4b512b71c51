import { createClubWithOwner } from '@clubs/functions/data/repositories/clubs';
import { addLike } from '@clubs/functions/data/repositories/likes';
import { removeMembership } from '@clubs/functions/data/repositories/membership-writes';
import { handler } from '@clubs/functions/routes/calendar-events';
import { handler as feedHandler } from '@clubs/functions/routes/feed';
import { handler as membersHandler } from '@clubs/functions/routes/members';
import type { Leaderboard, LeaderboardStanding, MemberPage, PostPage, RouteId } from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { clubFixture } from '../support/fixtures.ts';
import { type EventOptions, httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { addMember, addPerson } from '../support/members.ts';
import { newPost } from './repositories/helpers.ts';

type ErrorBody = { error: { code: string; message: string } };

const call = <T>(id: RouteId, userId: string, options: EventOptions = {}, group = handler) =>
  invoke<T & ErrorBody>(group, httpEvent(id, { ...options, claims: memberClaims(userId) }));

const DAY = 86_400_000;

const person = async (clubId: string, fullName: string) =>
  addMember(clubId, { userId: await addPerson(fullName) });

/** `count` likes by different people on a post of `authorId`, made `daysAgo` days ago. */
async function likes(clubId: string, authorId: string, count: number, daysAgo = 0) {
  const post = await newPost(clubId, { authorId });
  const createdAt = new Date(Date.now() - daysAgo * DAY).toISOString();
  for (let i = 0; i < count; i++) {
    await addLike(clubId, { postId: post.id, userId: ulid(), createdAt }, authorId);
  }
}

async function clubWithPoints() {
  const ownerId = ulid();
  const { club } = await createClubWithOwner(clubFixture({ ownerId }));
  const [ann, bob, cat, dan] = [
    await person(club.id, 'Ann Able'),
    await person(club.id, 'Bob Brown'),
    await person(club.id, 'Cat Cole'),
    await person(club.id, 'Dan Dell'),
  ];
  await likes(club.id, ann, 5);
  await likes(club.id, bob, 3);
  await likes(club.id, cat, 3);
  await likes(club.id, dan, 1, 10);
  await likes(club.id, dan, 1, 40);
  return { clubId: club.id, ownerId, ann, bob, cat, dan };
}

const rows = (board: Leaderboard) =>
  board.items.map(({ rank, name, points, level }) => ({ rank, name, points, level }));

describe('leaderboard', () => {
  it('ranks members by points, ties sharing a rank across pages, with levels from all-time points', async () => {
    const { clubId, ann } = await clubWithPoints();
    const first = await call<Leaderboard>('getLeaderboard', ann, {
      params: { clubId },
      query: { period: 'all', limit: '2' },
    });
    expect(first.status).toBe(200);
    expect(rows(first.body)).toEqual([
      { rank: 1, name: 'Ann Able', points: 5, level: 2 },
      { rank: 2, name: expect.stringMatching(/^(Bob Brown|Cat Cole)$/), points: 3, level: 1 },
    ]);
    expect(first.body.items[0]?.badges).toEqual(['Level 2']);
    const second = await call<Leaderboard>('getLeaderboard', ann, {
      params: { clubId },
      query: { period: 'all', limit: '2', cursor: first.body.nextCursor ?? '' },
    });
    expect(rows(second.body)).toEqual([
      { rank: 2, name: expect.stringMatching(/^(Bob Brown|Cat Cole)$/), points: 3, level: 1 },
      { rank: 4, name: 'Dan Dell', points: 2, level: 1 },
    ]);
    expect(second.body.nextCursor).toBeNull();
  });

  it('counts only the likes of the last 7 and 30 days in those tabs, with the level still all-time', async () => {
    const { clubId, ann } = await clubWithPoints();
    const week = await call<Leaderboard>('getLeaderboard', ann, {
      params: { clubId },
      query: { period: 'last7' },
    });
    expect(week.body.items.map((row) => row.points)).toEqual([5, 3, 3]);
    const month = await call<Leaderboard>('getLeaderboard', ann, {
      params: { clubId },
      query: { period: 'last30' },
    });
    expect(rows(month.body).at(-1)).toEqual({ rank: 4, name: 'Dan Dell', points: 1, level: 1 });
  });

  it("answers the caller's own rank, after everyone with points when they have none", async () => {
    const { clubId, ownerId, dan } = await clubWithPoints();
    const mine = await call<LeaderboardStanding>('getLeaderboardStanding', dan, {
      params: { clubId },
      query: { period: 'all' },
    });
    expect(mine.body).toMatchObject({
      period: 'all',
      rankBeyond: null,
      me: { rank: 4, name: 'Dan Dell', points: 2 },
    });
    const week = await call<LeaderboardStanding>('getLeaderboardStanding', dan, {
      params: { clubId },
      query: { period: 'last7' },
    });
    expect(week.body.me).toMatchObject({ rank: 4, points: 0 });
    const owner = await call<LeaderboardStanding>('getLeaderboardStanding', ownerId, { params: { clubId } });
    expect(owner.body.me).toMatchObject({ rank: 5, points: 0, level: 1 });
  });

  it('keeps a departed member in the rankings under their profile name', async () => {
    const { clubId, ann, bob } = await clubWithPoints();
    expect((await removeMembership(clubId, ann)).removed).toBe(true);
    const board = await call<Leaderboard>('getLeaderboard', bob, {
      params: { clubId },
      query: { limit: '1' },
    });
    expect(rows(board.body)).toEqual([{ rank: 1, name: 'Ann Able', points: 5, level: 2 }]);
  });

  it('refuses a cursor it did not issue or issued for another tab', async () => {
    const { clubId, ann } = await clubWithPoints();
    const forged = await call('getLeaderboard', ann, {
      params: { clubId },
      query: { cursor: 'bm90LWpzb24' },
    });
    expect(forged.status).toBe(400);
    const first = await call<Leaderboard>('getLeaderboard', ann, {
      params: { clubId },
      query: { limit: '1' },
    });
    const otherTab = await call('getLeaderboard', ann, {
      params: { clubId },
      query: { period: 'last7', cursor: first.body.nextCursor ?? '' },
    });
    expect(otherTab.status).toBe(400);
  });

  it('shows each author’s level beside their name in the feed (the pinned post too) and on the members page', async () => {
    const { clubId, ownerId, ann, bob } = await clubWithPoints();
    const annPost = await newPost(clubId, { authorId: ann, authorName: 'Ann Able' });
    const pinned = await call('pinPost', ownerId, { params: { clubId, postId: annPost.id } }, feedHandler);
    expect(pinned.status).toBe(200);
    await newPost(clubId, { authorId: bob, authorName: 'Bob Brown' });
    const feed = await call<PostPage>(
      'listPosts',
      bob,
      { params: { clubId }, query: { limit: '3' } },
      feedHandler,
    );
    const levels = feed.body.items.map((post) => [post.author.id, post.author.level]);
    expect(levels[0]).toEqual([ann, 2]);
    expect(levels).toContainEqual([bob, 1]);
    const members = await call<MemberPage>('listClubMembers', bob, { params: { clubId } }, membersHandler);
    const byId = new Map(members.body.items.map((member) => [member.userId, member.level]));
    expect(byId.get(ann)).toBe(2);
    expect(byId.get(bob)).toBe(1);
  });
});
