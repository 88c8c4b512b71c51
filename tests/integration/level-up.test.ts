/**
 * Levels announced: likes through the feed's routes move a member's points, the local bus hands
 * each like to the notification delivery, and the member's bell says once per level that they
 * reached it, naming the courses that open at it and leading to the classroom. Dropping below
 * the level and climbing back, or the same like delivered twice, tells nothing more.
 */
import { addLike } from '@clubs/functions/data/repositories/likes';
import { handler as coursesHandler } from '@clubs/functions/routes/courses';
import { handler as feedHandler } from '@clubs/functions/routes/feed';
import { handler as notificationsHandler } from '@clubs/functions/routes/notifications';
import { notifyChange } from '@clubs/functions/services/notifications/delivery';
import { openedText } from '@clubs/functions/services/notifications/level-up';
import type { Course, NotificationPage, Post } from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { addClub, addMember, addPerson } from '../support/members.ts';
import { callAs, useNotificationStack } from '../support/notification-stack.ts';
import { newPost } from './repositories/helpers.ts';

const { bus } = useNotificationStack();

async function levelNotices(userId: string) {
  await bus().idle();
  const res = await callAs<NotificationPage>(notificationsHandler, 'listNotifications', userId);
  expect(res.status).toBe(200);
  return res.body.items.filter((item) => item.kind === 'level_up');
}

/** A club whose member Ava wrote a post, with `likers` other members ready to like it. */
async function climbingClub(likers: number) {
  const ownerId = await addPerson('Olivia Owner');
  const club = await addClub({ ownerId, name: 'Morning Runners' });
  const ava = await addMember(club.id, { userId: await addPerson('Ava Author') });
  const fans: string[] = [];
  for (let i = 0; i < likers; i++) fans.push(await addMember(club.id));
  const posted = await callAs<Post>(feedHandler, 'createPost', ava, {
    params: { clubId: club.id },
    body: { title: 'My first 10k', content: 'Done!' },
  });
  expect(posted.status).toBe(201);
  const params = { clubId: club.id, postId: posted.body.id };
  const like = async (userId: string) =>
    expect((await callAs(feedHandler, 'likePost', userId, { params })).status).toBe(200);
  const unlike = async (userId: string) =>
    expect((await callAs(feedHandler, 'unlikePost', userId, { params })).status).toBe(200);
  const course = async (title: string, unlockLevel: number | null) => {
    const res = await callAs<Course>(coursesHandler, 'createCourse', ownerId, {
      params: { clubId: club.id },
      body: { title, unlockLevel },
    });
    expect(res.status).toBe(201);
  };
  return { club, ava, fans, like, unlike, course };
}

describe('level up', () => {
  it('tells the member once when their points reach a level, naming the courses it opens; down and up again tells nothing more', async () => {
    const { ava, fans, like, unlike, course } = await climbingClub(5);
    await course('Tempo Runs', 2);
    await course('Marathon Plan', 4);
    await course('Warm-ups', null);
    const [f1, f2, f3, f4, f5] = fans as [string, string, string, string, string];
    for (const fan of [f1, f2, f3, f4]) await like(fan);
    expect(await levelNotices(ava)).toEqual([]);

    // The fifth point reaches level 2 (5 points).
    await like(f5);
    const [notice, ...more] = await levelNotices(ava);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({
      kind: 'level_up',
      level: 2,
      excerpt: '“Tempo Runs” is now open',
      target: { kind: 'courses' },
      actor: { id: ava, name: 'Ava Author' },
      read: false,
    });

    // Below the threshold and back over it, twice, by the same fan and another.
    await unlike(f5);
    await like(f5);
    await unlike(f1);
    await like(f1);
    expect(await levelNotices(ava)).toHaveLength(1);
  });

  it('tells once when the like that reached the level is delivered twice', async () => {
    const { club, ava, fans } = await climbingClub(0);
    const post = await newPost(club.id, { authorId: ava });
    // Five likes written without their change events; the fifth's event is then delivered twice.
    for (let i = 0; i < 5; i++) {
      await addLike(club.id, { postId: post.id, userId: ulid(), createdAt: new Date().toISOString() }, ava);
    }
    const change = {
      type: 'post.liked' as const,
      id: ulid(),
      clubId: club.id,
      actorId: fans[0] ?? ulid(),
      at: new Date().toISOString(),
      postId: post.id,
      postAuthorId: ava,
      postTitle: post.title,
    };
    const deliveries = await Promise.all([notifyChange(change), notifyChange(change)]);
    // The day's like notification and the level's, each written once.
    expect(deliveries.reduce((sum, report) => sum + report.written, 0)).toBe(2);
    const notices = await levelNotices(ava);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ id: change.id, level: 2, excerpt: '' });
  });

  it('names up to three courses and counts the rest', () => {
    expect(openedText([])).toBe('');
    expect(openedText(['A', 'B'])).toBe('“A” and “B” are now open');
    expect(openedText(['A', 'B', 'C'])).toBe('“A”, “B” and “C” are now open');
    expect(openedText(['A', 'B', 'C', 'D', 'E'])).toBe('“A”, “B”, “C” and 2 more are now open');
  });
});
