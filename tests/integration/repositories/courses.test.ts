import {
  createCourse,
  getCourse,
  listCourses,
  updateCourse,
} from '@clubs/functions/data/repositories/courses';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { courseFixture, newClub } from './helpers.ts';

describe('courses repository', () => {
  it('creates in an existing club only, once', async () => {
    const club = await newClub();
    const course = courseFixture(club.id);
    expect(await createCourse(course)).toEqual({ created: true, course });
    expect(await getCourse(club.id, course.id)).toEqual(course);
    expect(await createCourse({ ...course, title: 'Other' })).toEqual({ created: false, reason: 'exists' });
    const orphan = courseFixture(ulid());
    expect(await createCourse(orphan)).toEqual({ created: false, reason: 'no_club' });
    expect(await getCourse(orphan.clubId, orphan.id)).toBeNull();
  });

  it('lists newest first with a cursor', async () => {
    const club = await newClub();
    const base = Date.now() - 5000;
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const course = courseFixture(club.id, { id: ulid(base + i * 1000) });
      await createCourse(course);
      ids.push(course.id);
    }
    const first = await listCourses(club.id, { limit: 2 });
    expect(first.items.map((c) => c.id)).toEqual([ids[2], ids[1]]);
    const rest = await listCourses(club.id, { limit: 2, cursor: first.nextCursor ?? undefined });
    expect(rest.items.map((c) => c.id)).toEqual([ids[0]]);
  });

  it('updates the outline and fields of an existing course only', async () => {
    const club = await newClub();
    const course = courseFixture(club.id);
    await createCourse(course);
    expect(await updateCourse(club.id, course.id, { outline: 'Module 1: Breathe', level: 'advanced' })).toBe(
      true,
    );
    expect(await getCourse(club.id, course.id)).toEqual({
      ...course,
      outline: 'Module 1: Breathe',
      level: 'advanced',
    });
    expect(await updateCourse(club.id, ulid(), { title: 'x' })).toBe(false);
  });
});
