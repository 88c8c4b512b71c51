/**
 * The club search index follows every kind it holds besides posts and comments, through each
 * kind's own handler on DynamoDB Local and the change events it emits (indexed by the search
 * index's consumer before each search): events and courses as they are created, edited and
 * deleted (course sections' text without their markup), members as they join, change their
 * profile and leave (pending requests never shown).
 */
import { addLike } from '@clubs/functions/data/repositories/likes';
import { handler as events } from '@clubs/functions/routes/calendar-events';
import { handler as courses } from '@clubs/functions/routes/courses';
import { handler as feed } from '@clubs/functions/routes/feed';
import { handler as members } from '@clubs/functions/routes/members';
import { handler as profiles } from '@clubs/functions/routes/profiles';
import type { Course, EventView, RouteId, SearchResults, Section } from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { useSearchIndexing } from '../support/bus.ts';
import {
  type EventOptions,
  type GroupHandler,
  httpEvent,
  invoke,
  memberClaims,
} from '../support/http-event.ts';
import { useMediaStore } from '../support/media-store.ts';
import { addClubWithMember, addMember, addPerson } from '../support/members.ts';
import { newPost } from './repositories/helpers.ts';

// Course sections sign and check their media against a real store.
useMediaStore('clubs-search-media-test');
const indexed = useSearchIndexing();

const call = <T>(on: GroupHandler, id: RouteId, userId: string, options: EventOptions = {}) =>
  invoke<T>(on, httpEvent(id, { ...options, claims: memberClaims(userId) }));

const newClub = addClubWithMember;

const search = async (clubId: string, userId: string, q: string) => {
  await indexed();
  const res = await call<SearchResults>(feed, 'searchClub', userId, { params: { clubId }, query: { q } });
  expect(res.status).toBe(200);
  return res.body;
};

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe('the search index of events, courses and members', () => {
  it('follows an event created, edited and deleted', async () => {
    const { clubId, ownerId, member } = await newClub();
    const created = await call<EventView>(events, 'createEvent', ownerId, {
      params: { clubId },
      body: { title: 'Full moon hike', description: 'Bring a headlamp', date: inDays(5), timeZone: 'UTC' },
    });
    expect(created.status).toBe(201);
    const eventId = created.body.id;
    expect((await search(clubId, member, 'headlamp')).events.map((e) => e.id)).toEqual([eventId]);

    await call(events, 'updateEvent', ownerId, {
      params: { clubId, eventId },
      body: { description: 'Bring a torch', location: 'Ridge car park' },
    });
    expect((await search(clubId, member, 'headlamp')).events).toEqual([]);
    expect((await search(clubId, member, 'ridge torch')).events.map((e) => e.id)).toEqual([eventId]);

    await call(events, 'deleteEvent', ownerId, { params: { clubId, eventId } });
    expect((await search(clubId, member, 'moon')).events).toEqual([]);
  });

  it('follows a course, its sections (text, not markup) and its deletion', async () => {
    const { clubId, ownerId, member } = await newClub();
    const created = await call<Course>(courses, 'createCourse', ownerId, {
      params: { clubId },
      body: { title: 'Sourdough basics', mainTopic: 'Baking' },
    });
    expect(created.status).toBe(201);
    const courseId = created.body.id;
    expect((await search(clubId, member, 'sourdough')).courses.map((c) => c.id)).toEqual([courseId]);

    const section = await call<Section>(courses, 'addSection', ownerId, {
      params: { clubId, courseId },
      body: {
        title: 'Starter care',
        htmlContent: '<p>Feed the <strong>levain</strong> daily</p><p>class</p>',
      },
    });
    expect(section.body).toMatchObject({ id: expect.any(String) });
    expect((await search(clubId, member, 'levain')).courses.map((c) => c.id)).toEqual([courseId]);
    expect((await search(clubId, member, 'strong')).courses).toEqual([]);

    await call(courses, 'updateSection', ownerId, {
      params: { clubId, courseId, sectionId: section.body.id },
      body: { title: 'Starter care', htmlContent: '<p>Feed the starter twice</p>' },
    });
    expect((await search(clubId, member, 'levain')).courses).toEqual([]);
    expect((await search(clubId, member, 'twice')).courses.map((c) => c.id)).toEqual([courseId]);

    await call(courses, 'deleteCourse', ownerId, { params: { clubId, courseId } });
    expect((await search(clubId, member, 'sourdough')).courses).toEqual([]);
  });

  it("finds a course locked above the searcher's level by its title and description only, never its sections' text, until they reach it", async () => {
    const { clubId, ownerId, member } = await newClub();
    const moderator = await addMember(clubId, { role: 'club_moderator' });
    const created = await call<Course>(courses, 'createCourse', ownerId, {
      params: { clubId },
      body: { title: 'Masterclass', description: 'For the keen', unlockLevel: 2 },
    });
    const courseId = created.body.id;
    await call(courses, 'addSection', ownerId, {
      params: { clubId, courseId },
      body: { title: 'Secret lesson', htmlContent: '<p>The hidden hydration ratio</p>' },
    });
    const found = async (as: string, q: string) => (await search(clubId, as, q)).courses.map((c) => c.id);
    expect(await found(member, 'hydration')).toEqual([]);
    expect(await found(member, 'secret lesson')).toEqual([]);
    expect(await found(member, 'masterclass keen')).toEqual([courseId]);
    // The owner and moderators edit courses: they find it by its sections too.
    expect(await found(ownerId, 'hydration')).toEqual([courseId]);
    expect(await found(moderator, 'hydration')).toEqual([courseId]);
    // Five likes from others take the member to level 2.
    const post = await newPost(clubId, { authorId: member });
    for (let i = 0; i < 5; i++) {
      await addLike(clubId, { postId: post.id, userId: ulid(), createdAt: new Date().toISOString() }, member);
    }
    expect(await found(member, 'hydration')).toEqual([courseId]);
  });

  it('finds active members by name and bio, follows a profile change and a departure, never a pending one', async () => {
    const { clubId, member } = await newClub();
    const zoe = await addPerson('Zoe Quillfeather', { bio: 'Marathoner and hill repeats fan' });
    await addMember(clubId, { userId: zoe });
    const pending = await addPerson('Quinn Quillfeather');
    await addMember(clubId, { userId: pending, status: 'pending' });

    expect((await search(clubId, member, 'quillfeather')).members.map((m) => m.id)).toEqual([zoe]);
    expect((await search(clubId, member, 'marathoner')).members.map((m) => m.id)).toEqual([zoe]);

    const changed = await call(profiles, 'updateMe', zoe, { body: { bio: 'Swimmer now' } });
    expect(changed.status).toBe(200);
    expect((await search(clubId, member, 'marathoner')).members).toEqual([]);
    expect((await search(clubId, member, 'swimmer')).members.map((m) => m.id)).toEqual([zoe]);

    expect((await call(members, 'leaveClub', zoe, { params: { clubId } })).status).toBe(200);
    expect((await search(clubId, member, 'quillfeather')).members).toEqual([]);
  });
});
