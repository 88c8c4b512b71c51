import { createCourse, getCourse, getCourseWithSections } from '@clubs/functions/data/repositories/courses';
import {
  addSections,
  appendSections,
  deleteSection,
  getSection,
  listSections,
  moveSection,
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

const titles = async (clubId: string, courseId: string) =>
  (await listSections(clubId, courseId)).map((s) => s.title);

describe('sections repository', () => {
  it('appends in sort order (max + 1 from 1), counts them on the course and reads course and sections together', async () => {
    const course = await newCourse();
    expect(await nextSortOrder(course.clubId, course.id)).toBe(1);
    await appendSections(course.clubId, course.id, [draft('One'), draft('Two')]);
    await appendSections(course.clubId, course.id, [draft('Three')]);
    const sections = await listSections(course.clubId, course.id);
    expect(sections.map((s) => [s.sortOrder, s.title])).toEqual([
      [1, 'One'],
      [2, 'Two'],
      [3, 'Three'],
    ]);
    expect((await getCourse(course.clubId, course.id))?.sectionCount).toBe(3);
    const both = await getCourseWithSections(course.clubId, course.id);
    expect(both?.course.id).toBe(course.id);
    expect(both?.sections.map((s) => s.title)).toEqual(['One', 'Two', 'Three']);
    expect(await getCourseWithSections(course.clubId, ulid())).toBeNull();
  });

  it('never lets two concurrent appends take the same slot', async () => {
    const course = await newCourse();
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) => appendSections(course.clubId, course.id, [draft(`S${i}`)])),
    );
    const created = results.filter((r) => r.created).length;
    const sections = await listSections(course.clubId, course.id);
    expect(sections).toHaveLength(created);
    expect(sections.map((s) => s.sortOrder)).toEqual(Array.from({ length: created }, (_, i) => i + 1));
    expect((await getCourse(course.clubId, course.id))?.sectionCount).toBe(created);
  });

  it('refuses a taken slot and a missing course, all or nothing', async () => {
    const course = await newCourse();
    await appendSections(course.clubId, course.id, [draft('One')]);
    const clash = await addSections(course.clubId, [
      { ...draft('New two'), courseId: course.id, sortOrder: 2 },
      { ...draft('Clash'), courseId: course.id, sortOrder: 1 },
    ]);
    expect(clash).toEqual({ created: false, reason: 'slot_taken' });
    expect(await titles(course.clubId, course.id)).toEqual(['One']);
    expect((await getCourse(course.clubId, course.id))?.sectionCount).toBe(1);
    const ghost = ulid();
    expect(await appendSections(course.clubId, ghost, [draft('x')])).toEqual({
      created: false,
      reason: 'no_course',
    });
    expect(await listSections(course.clubId, ghost)).toEqual([]);
  });

  it('stores section HTML only in its sanitized form, on add and on update, with its first image featured', async () => {
    const course = await newCourse();
    const attack = { ...draft('Evil'), htmlContent: '<p onclick="steal()">Hi</p><script>steal()</script>' };
    const added = await appendSections(course.clubId, course.id, [attack]);
    expect(added.created && added.sections[0]?.htmlContent).toBe('<p>Hi</p>');
    expect((await getSection(course.clubId, course.id, attack.id))?.htmlContent).toBe('<p>Hi</p>');
    const image = `/media/club-media/${course.clubId}/courses/${course.id}/a.png`;
    const updated = await updateSection(course.clubId, course.id, attack.id, {
      htmlContent: `<img src=x onerror="steal()"><em>ok</em><img src="${image}">`,
      updatedAt: new Date().toISOString(),
    });
    expect(updated?.htmlContent).toBe(`<em>ok</em><img src="${image}" />`);
    expect(updated?.featuredImage).toBe(image);
    const kept = await updateSection(course.clubId, course.id, attack.id, {
      htmlContent: '<p>text only</p>',
      updatedAt: new Date().toISOString(),
    });
    expect(kept?.featuredImage).toBe(image);
  });

  it('updates, moves and deletes a section found by id', async () => {
    const course = await newCourse();
    const one = draft('One');
    await appendSections(course.clubId, course.id, [one, draft('Two'), draft('Three')]);
    const updatedAt = new Date().toISOString();
    expect(
      await updateSection(course.clubId, course.id, one.id, {
        title: 'Uno',
        htmlContent: '<p>uno</p>',
        updatedAt,
      }),
    ).toMatchObject({ id: one.id, title: 'Uno', htmlContent: '<p>uno</p>', sortOrder: 1, updatedAt });
    expect(await updateSection(course.clubId, course.id, ulid(), { title: 'x', updatedAt })).toBeNull();
    expect(await moveSection(course.clubId, course.id, one.id, 'up')).toBe('at_edge');
    expect(await moveSection(course.clubId, course.id, one.id, 'down')).toBe('moved');
    expect(await titles(course.clubId, course.id)).toEqual(['Two', 'Uno', 'Three']);
    expect(await moveSection(course.clubId, course.id, ulid(), 'down')).toBe('not_found');
    expect(await deleteSection(course.clubId, course.id, one.id)).toBe(true);
    expect(await getSection(course.clubId, course.id, one.id)).toBeNull();
    expect(await deleteSection(course.clubId, course.id, one.id)).toBe(false);
    expect((await getCourse(course.clubId, course.id))?.sectionCount).toBe(2);
  });

  it('lets only one of two concurrent moves of the same pair through, losing no section', async () => {
    const course = await newCourse();
    const [a, b] = [draft('A'), draft('B')];
    await appendSections(course.clubId, course.id, [a, b]);
    const results = await Promise.all([
      moveSection(course.clubId, course.id, a.id, 'down'),
      moveSection(course.clubId, course.id, b.id, 'up'),
    ]);
    expect(results.filter((r) => r === 'moved').length).toBeGreaterThanOrEqual(1);
    const sections = await listSections(course.clubId, course.id);
    expect(sections.map((s) => s.id).sort()).toEqual([a.id, b.id].sort());
  });
});
