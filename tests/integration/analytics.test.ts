/**
 * Creator analytics on DynamoDB Local: the roll-ups written by the feed's and the memberships'
 * own writes stay exact under concurrency (likes and distinct active members), the route answers
 * the owner everything, a moderator engagement without money, and refuses everyone else, and
 * the CSV carries the same series.
 */

import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@clubs/functions/data/client';
import { rebuildAnalytics } from '@clubs/functions/data/club-stats-rebuild';
import { queryAll } from '@clubs/functions/data/query';
import { createClubWithOwner } from '@clubs/functions/data/repositories/clubs';
import { createCourse } from '@clubs/functions/data/repositories/courses';
import { addSections } from '@clubs/functions/data/repositories/sections';
import { handler as admin } from '@clubs/functions/routes/club-admin';
import { handler as clubs } from '@clubs/functions/routes/clubs';
import { handler as courses } from '@clubs/functions/routes/courses';
import { handler as feed } from '@clubs/functions/routes/feed';
import { likePost } from '@clubs/functions/services/feed/reactions';
import type { Analytics, Post, RouteId } from '@clubs/shared';
import { statsKeys } from '@clubs/shared/table-keys';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { clubFixture } from '../support/fixtures.ts';
import {
  type EventOptions,
  type GroupHandler,
  httpEvent,
  invoke,
  lambdaContext,
  memberClaims,
} from '../support/http-event.ts';
import { addMember } from '../support/members.ts';
import { adminClaims } from '../support/super-admin.ts';
import { courseFixture } from './repositories/helpers.ts';

type ErrorBody = { error: { code: string; message: string } };

const call = <T>(
  handler: GroupHandler,
  id: RouteId,
  claims: Record<string, string> | null,
  options: EventOptions = {},
) => invoke<T & ErrorBody>(handler, httpEvent(id, { ...options, ...(claims ? { claims } : {}) }));

const as = (userId: string) => memberClaims(userId);
const today = () => new Date().toISOString().slice(0, 10);

async function clubWithPost() {
  const ownerId = ulid();
  const { club } = await createClubWithOwner(clubFixture({ ownerId, status: 'active' }));
  const created = await call<Post>(feed, 'createPost', as(ownerId), {
    params: { clubId: club.id },
    body: { title: 'Welcome', content: 'Say hello' },
  });
  expect(created.status).toBe(201);
  return { clubId: club.id, ownerId, postId: created.body.id };
}

const analytics = (clubId: string, claims: Record<string, string> | null, period = '7d') =>
  call<Analytics>(admin, 'getClubAnalytics', claims, { params: { clubId }, query: { period } });

describe('analytics roll-ups', () => {
  it('counts 50 concurrent likes and their 50 distinct active members exactly, and a second like or a repeat activity never twice', async () => {
    const { clubId, ownerId, postId } = await clubWithPost();
    const members = await Promise.all(Array.from({ length: 50 }, () => addMember(clubId)));
    // Through the services (the handler's Lambda deadline is not what is measured here).
    const liked = await Promise.all(members.map((member) => likePost(clubId, postId, member)));
    expect(liked.filter((like) => like.changed)).toHaveLength(50);
    // The same people again, at once: already liked, and already active today.
    await Promise.all(members.slice(0, 10).map((member) => likePost(clubId, postId, member)));
    await Promise.all(
      members
        .slice(0, 10)
        .map((member) =>
          call(feed, 'addComment', as(member), { params: { clubId, postId }, body: { content: 'Nice' } }),
        ),
    );

    const owner = await analytics(clubId, as(ownerId));
    expect(owner.status).toBe(200);
    const day = owner.body.series.find((point) => point.bucket === today());
    // The owner's post made them active too: 51 people, each counted once.
    expect(day).toMatchObject({
      likes: 50,
      comments: 10,
      posts: 1,
      activeMembers: 51,
      joins: 51,
      members: 51,
    });
    expect(owner.body.headline.members).toEqual({ value: 51, previous: 0 });
    expect(owner.body.headline.posts.value).toBe(1);
    expect(owner.body.topPosts).toEqual([{ postId, title: 'Welcome', engagement: 60, likeCount: 50 }]);
    expect(owner.body.funnel).toMatchObject({ joins: 51 });
  });

  it('takes an unlike back from the day the like counted on', async () => {
    const { clubId, ownerId, postId } = await clubWithPost();
    const fan = await addMember(clubId);
    await call(feed, 'likePost', as(fan), { params: { clubId, postId } });
    await call(feed, 'unlikePost', as(fan), { params: { clubId, postId } });
    const day = (await analytics(clubId, as(ownerId))).body.series.at(-1);
    expect(day).toMatchObject({ bucket: today(), likes: 0, activeMembers: 2 });
  });
});

describe('rebuilding the roll-ups', () => {
  it('rebuilds wiped engagement roll-ups from the posts, comments and likes to the same figures, and repairs a corrupted shard while keeping what no fact dates', async () => {
    const { clubId, ownerId, postId } = await clubWithPost();
    const members = await Promise.all(Array.from({ length: 6 }, () => addMember(clubId)));
    await Promise.all(members.map((member) => likePost(clubId, postId, member)));
    await Promise.all(
      members
        .slice(0, 3)
        .map((member) =>
          call(feed, 'addComment', as(member), { params: { clubId, postId }, body: { content: 'Hi' } }),
        ),
    );
    const engagement = (body: Analytics) => ({
      series: body.series.map(({ bucket, posts, comments, likes, activeMembers }) => ({
        bucket,
        posts,
        comments,
        likes,
        activeMembers,
      })),
      topPosts: body.topPosts,
      posts: body.headline.posts,
      activeMembers: body.headline.activeMembers,
    });
    const before = (await analytics(clubId, as(ownerId))).body;
    expect(before.series.at(-1)).toMatchObject({
      likes: 6,
      comments: 3,
      posts: 1,
      activeMembers: 7,
      joins: 7,
    });
    const rollUps = async () =>
      (await queryAll({ partition: statsKeys.partition(clubId) }, (item) => item)).filter((item) =>
        /^[DM]#/.test(String(item.sk)),
      );

    // A shard inflated by a bad write: repaired, and the joins (no fact dates them) kept.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: statsKeys.day(clubId, today(), 5),
        UpdateExpression: 'SET #bucket = :bucket ADD likes :five',
        ExpressionAttributeNames: { '#bucket': 'bucket' },
        ExpressionAttributeValues: { ':bucket': today(), ':five': 5 },
      }),
    );
    expect((await analytics(clubId, as(ownerId))).body.series.at(-1)?.likes).toBe(11);
    await rebuildAnalytics([clubId]);
    const repaired = (await analytics(clubId, as(ownerId))).body;
    expect(engagement(repaired)).toEqual(engagement(before));
    expect(repaired.series.at(-1)).toMatchObject({ joins: 7 });
    // One item per bucket now: the day's and the month's.
    expect((await rollUps()).map((item) => item.sk).sort()).toEqual([
      `D#${today()}`,
      `M#${today().slice(0, 7)}`,
    ]);

    // Wiped altogether: the engagement comes back from the facts.
    for (const item of await rollUps()) {
      await db().send(new DeleteCommand({ TableName: tableName(), Key: { pk: item.pk, sk: item.sk } }));
    }
    expect((await analytics(clubId, as(ownerId))).body.series.at(-1)?.likes ?? 0).toBe(0);
    await rebuildAnalytics([clubId]);
    expect(engagement((await analytics(clubId, as(ownerId))).body)).toEqual(engagement(before));
  });
});

describe('public page views', () => {
  it("counts the public page's reads (view=page) as visitors, not the club layout's reads, and writes nothing for an unknown club", async () => {
    const { clubId, ownerId } = await clubWithPost();
    const read = (id: string, query?: Record<string, string>) =>
      call(clubs, 'getClub', null, { params: { clubId: id }, ...(query ? { query } : {}) });
    const visits = await Promise.all(Array.from({ length: 12 }, () => read(clubId, { view: 'page' })));
    expect(visits.map((visit) => visit.status)).toEqual(Array(12).fill(200));
    expect((await read(clubId)).status).toBe(200);
    expect((await read(clubId, { view: 'all' })).status).toBe(400);

    const owner = await analytics(clubId, as(ownerId));
    expect(owner.body.funnel).toEqual({ visitors: 12, requests: 0, joins: 1 });
    expect(owner.body.series.at(-1)).toMatchObject({ bucket: today(), views: 12 });

    const unknown = ulid();
    expect((await read(unknown, { view: 'page' })).status).toBe(404);
    const written = await queryAll({ partition: statsKeys.partition(unknown) }, (item) => item);
    expect(written).toEqual([]);
  });
});

describe('course completion', () => {
  it('counts each member once at 1 section, halfway and finished, and a section marked twice at once as one completion', async () => {
    const { clubId, ownerId } = await clubWithPost();
    const learner = await addMember(clubId);
    // The course and its sections as the course editor stores them.
    const course = courseFixture(clubId, { title: 'Sourdough at Home' });
    expect((await createCourse(course)).created).toBe(true);
    const courseId = course.id;
    const sections = ['Starter', 'Dough', 'Bake', 'Serve'].map((title, i) => ({
      id: ulid(),
      courseId,
      title,
      htmlContent: '',
      sortOrder: i + 1,
      featuredImage: null,
      updatedAt: new Date().toISOString(),
    }));
    expect((await addSections(clubId, sections)).created).toBe(true);
    const mark = (sectionId: string, completed = true) =>
      call(courses, completed ? 'completeSection' : 'uncompleteSection', as(learner), {
        params: { clubId, courseId, sectionId },
      });
    // Two tabs mark the first section at once: one completion, one start.
    expect(
      (await Promise.all([mark(sections[0]?.id as string), mark(sections[0]?.id as string)])).map(
        (r) => r.status,
      ),
    ).toEqual([200, 200]);
    await mark(sections[1]?.id as string);
    // Unmarking and marking again does not count the member twice.
    await mark(sections[1]?.id as string, false);
    await mark(sections[1]?.id as string);
    await Promise.all(sections.slice(2).map((section) => mark(section.id)));
    const figures = (await analytics(clubId, as(ownerId))).body;
    expect(figures.courses).toEqual([
      { courseId, title: 'Sourdough at Home', started: 1, halfway: 1, finished: 1 },
    ]);
    expect(figures.series.at(-1)).toMatchObject({ completions: 5 });
  });
});

describe('analytics route access', () => {
  it('answers the owner money, a moderator engagement only (money left out), and refuses members, pending people and strangers', async () => {
    const { clubId, ownerId } = await clubWithPost();
    const moderator = await addMember(clubId, { role: 'club_moderator' });
    const member = await addMember(clubId);
    const pending = await addMember(clubId, { status: 'pending' });

    const owner = await analytics(clubId, as(ownerId), '12m');
    expect(owner.status).toBe(200);
    expect(owner.body).toMatchObject({ revenueShown: true, bucket: 'month' });
    expect(owner.body.headline.mrr).toEqual({ value: 0, previous: 0 });
    expect(owner.body.revenueByMonth).toHaveLength(12);
    expect(owner.body.series).toHaveLength(12);

    const mod = await analytics(clubId, as(moderator), '30d');
    expect(mod.status).toBe(200);
    expect(mod.body.revenueShown).toBe(false);
    expect(mod.body.series).toHaveLength(30);
    for (const name of ['mrr', 'churn', 'trialConversion', 'activeSubscriptions']) {
      expect(mod.body.headline).not.toHaveProperty(name);
    }
    expect(mod.body).not.toHaveProperty('revenueByMonth');
    expect(mod.body).not.toHaveProperty('currency');
    expect(mod.body.series.at(-1)).not.toHaveProperty('revenue');
    expect(mod.body.series.at(-1)).toHaveProperty('likes');

    const admin = await analytics(clubId, adminClaims(), '90d');
    expect(admin.status).toBe(200);
    expect(admin.body.revenueShown).toBe(true);

    expect((await analytics(clubId, as(member))).status).toBe(403);
    expect((await analytics(clubId, as(pending))).status).toBe(403);
    expect((await analytics(clubId, as(ulid()))).status).toBe(403);
    expect((await analytics(clubId, null)).status).toBe(401);
    expect((await analytics(ulid(), as(ownerId))).status).toBe(404);
    const bad = await analytics(clubId, as(ownerId), '1y');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBeTypeOf('string');
  });

  it('exports the series as a CSV attachment, without money for a moderator', async () => {
    const { clubId, ownerId } = await clubWithPost();
    const moderator = await addMember(clubId, { role: 'club_moderator' });
    const csvOf = async (userId: string) => {
      const result = await admin(
        httpEvent('exportClubAnalytics', { params: { clubId }, query: { period: '7d' }, claims: as(userId) }),
        lambdaContext,
      );
      expect(result.statusCode).toBe(200);
      expect(result.headers?.['content-type']).toMatch(/^text\/csv/);
      expect(result.headers?.['content-disposition']).toMatch(/^attachment; filename="analytics-.+\.csv"$/);
      return String(result.body).trim().split('\r\n');
    };
    const owner = await csvOf(ownerId);
    expect(owner).toHaveLength(8);
    expect(owner[0]).toMatch(/^date,members,joins,.*,revenue,refunds,mrrChange$/);
    expect(owner.at(-1)).toMatch(new RegExp(`^${today()},2,`));
    const mod = await csvOf(moderator);
    expect(mod[0]).not.toContain('revenue');
    const refused = await call(admin, 'exportClubAnalytics', as(ulid()), { params: { clubId } });
    expect(refused.status).toBe(403);
  });
});
