/** A member's progress through a course: which sections they marked complete, done of total. */
import type { CourseProgress } from '@clubs/shared';
import { getCompletedSections, setSectionCompleted } from '../../data/repositories/course-progress.ts';
import { getCourseWithSections } from '../../data/repositories/courses.ts';
import { notFound } from '../../errors.ts';

/**
 * Done counts completed ids among the course's sections when they are known; a course card
 * knows only the count, and a deleted section may linger in a member's set, so done never
 * exceeds the total.
 */
export function progressOf(
  courseId: string,
  completed: readonly string[],
  total: number,
  sectionIds?: ReadonlySet<string>,
): CourseProgress {
  const kept = sectionIds ? completed.filter((id) => sectionIds.has(id)) : [...completed];
  return { courseId, completedSectionIds: kept.sort(), done: Math.min(kept.length, total), total };
}

async function sectionIdsOf(clubId: string, courseId: string): Promise<Set<string>> {
  const found = await getCourseWithSections(clubId, courseId);
  if (!found) throw notFound('Course not found');
  return new Set(found.sections.map((section) => section.id));
}

export async function getProgress(clubId: string, courseId: string, userId: string): Promise<CourseProgress> {
  const [ids, completed] = await Promise.all([
    sectionIdsOf(clubId, courseId),
    getCompletedSections(clubId, userId, courseId),
  ]);
  return progressOf(courseId, completed, ids.size, ids);
}

/** Marks a section of the course complete (or not) for the caller; a section of another course is not found. */
export async function markSection(
  clubId: string,
  courseId: string,
  sectionId: string,
  userId: string,
  completed: boolean,
): Promise<CourseProgress> {
  const ids = await sectionIdsOf(clubId, courseId);
  if (!ids.has(sectionId)) throw notFound('Section not found');
  const now = new Date().toISOString();
  const done = await setSectionCompleted(clubId, userId, courseId, sectionId, completed, now);
  return progressOf(courseId, done, ids.size, ids);
}
