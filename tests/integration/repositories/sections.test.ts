import { createCourse } from '@clubs/functions/data/repositories/courses';
import {
  addSections,
  appendSections,
  deleteSection,
  getSection,
  listSections,
  nextSortOrder,
  updateSection,
} from '@clubs/functions/data/repositories/sections';
import type { Section } from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { courseFixture, newClub } from './helpers.ts';

const draft = (title: string): Omit<Section, 'courseId' | 'sortOrder'> => ({
  id: ulid(),
  title,
  htmlContent: `<p>${title}</p>`,
  featuredImage: null,
  updatedAt: new Date().toISOString(),
});

async function newCourse() {
  const club = await newClub();
  const course = courseFixture(club.id);
  await createCourse(course);
  return course;
}

describe('sections repository', () => {
  it('appends in sort order and lists them in order', async () => {
    const course = await newCourse();
    expect(await nextSortOrder(course.id)).toBe(1);
    await appendSections(course.clubId, course.id, [draft('One'), draft('Two')]);
    await appendSections(course.clubId, course.id, [draft('Three')]);
    const sections = await listSections(course.id);
    expect(sections.map((s) => [s.sortOrder, s.title])).toEqual([
      [1, 'One'],
      [2, 'Two'],
      [3, 'Three'],
    ]);
    expect((await listSections(course.id, { limit: 2 })).map((s) => s.title)).toEqual(['One', 'Two']);
  });

  it('never lets two concurrent appends take the same slot', async () => {
    const course = await newCourse();
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) => appendSections(course.clubId, course.id, [draft(`S${i}`)])),
    );
    const created = results.filter((r) => r.created).length;
    const sections = await listSections(course.id);
    expect(sections).toHaveLength(created);
    expect(sections.map((s) => s.sortOrder)).toEqual(Array.from({ length: created }, (_, i) => i + 1));
  });

  it('refuses a taken slot and a missing course, all or nothing', async () => {
    const course = await newCourse();
    await appendSections(course.clubId, course.id, [draft('One')]);
    const clash = await addSections(course.clubId, [
      { ...draft('New two'), courseId: course.id, sortOrder: 2 },
      { ...draft('Clash'), courseId: course.id, sortOrder: 1 },
    ]);
    expect(clash).toEqual({ created: false, reason: 'slot_taken' });
    expect((await listSections(course.id)).map((s) => s.title)).toEqual(['One']);
    const ghost = ulid();
    expect(await appendSections(course.clubId, ghost, [draft('x')])).toEqual({
      created: false,
      reason: 'no_course',
    });
    expect(await listSections(ghost)).toEqual([]);
  });

  it('stores section HTML only in its sanitized form, on add and on update', async () => {
    const course = await newCourse();
    const attack = { ...draft('Evil'), htmlContent: '<p onclick="steal()">Hi</p><script>steal()</script>' };
    const added = await appendSections(course.clubId, course.id, [attack]);
    expect(added.created && added.sections[0]?.htmlContent).toBe('<p>Hi</p>');
    expect((await getSection(course.id, attack.id))?.htmlContent).toBe('<p>Hi</p>');
    const updated = await updateSection(course.id, attack.id, {
      htmlContent: '<img src=x onerror="steal()"><em>ok</em>',
      updatedAt: new Date().toISOString(),
    });
    expect(updated?.htmlContent).toBe('<em>ok</em>');
    expect((await getSection(course.id, attack.id))?.htmlContent).toBe('<em>ok</em>');
  });

  it('updates and deletes a section found by id', async () => {
    const course = await newCourse();
    const [one] = [draft('One')];
    await appendSections(course.clubId, course.id, [one, draft('Two')]);
    const updatedAt = new Date().toISOString();
    expect(
      await updateSection(course.id, one.id, { title: 'Uno', htmlContent: '<p>uno</p>', updatedAt }),
    ).toMatchObject({ id: one.id, title: 'Uno', htmlContent: '<p>uno</p>', sortOrder: 1, updatedAt });
    expect(await updateSection(course.id, ulid(), { title: 'x', updatedAt })).toBeNull();
    expect(await deleteSection(course.id, one.id)).toBe(true);
    expect(await getSection(course.id, one.id)).toBeNull();
    expect(await deleteSection(course.id, one.id)).toBe(false);
  });
});
