/**
 * Courses unlocked by level: a course with an unlock level opens to a member whose level (from
 * their all-time points, read fresh on every request) has reached it. Owners and moderators (who
 * edit courses) and a super admin reading are always in. Every route that returns a course's
 * content (the course with its sections and signed media, progress, completions) asks here.
 */
import { type Course, courseLockedMessage, hasStanding } from '@clubs/shared';
import type { Viewer } from '../../caller.ts';
import { AppError } from '../../errors.ts';
import { authorLevels } from '../levels.ts';

const alwaysIn = (viewer: Viewer) => viewer.role === null || hasStanding(viewer.role, 'CREATE_COURSES');

/** Whether a course's unlock level asks anything of this viewer. */
const gated = (course: Course, viewer: Viewer): course is Course & { unlockLevel: number } =>
  course.unlockLevel !== null && course.unlockLevel > 1 && !alwaysIn(viewer);

/** Whether a course's unlock level may close it to this viewer (no need to read their level if not). */
export const mayBeLocked = (viewer: Viewer): boolean => !alwaysIn(viewer);

/** Whether the course is closed to this viewer at `level`. */
export const lockedAt = (course: Course, viewer: Viewer, level: number): boolean =>
  gated(course, viewer) && course.unlockLevel > level;

/** The viewer's level in the club: one GetItem of their all-time points. */
async function levelOf(clubId: string, viewer: Viewer): Promise<number> {
  return (await authorLevels(clubId, [viewer.userId])).get(viewer.userId) ?? 1;
}

/** The courses of a list closed to the viewer: their level read once for the whole page. */
export async function lockedCourses(
  clubId: string,
  courses: readonly Course[],
  viewer: Viewer,
): Promise<Set<string>> {
  const gatedCourses = courses.filter((course) => gated(course, viewer));
  if (gatedCourses.length === 0) return new Set();
  const level = await levelOf(clubId, viewer);
  return new Set(gatedCourses.filter((course) => lockedAt(course, viewer, level)).map((course) => course.id));
}

/** Refuses the course's content to a member below its unlock level (403 with the level). */
export async function assertCourseOpen(clubId: string, course: Course, viewer: Viewer): Promise<void> {
  if (!gated(course, viewer)) return;
  if ((await levelOf(clubId, viewer)) >= course.unlockLevel) return;
  throw new AppError('forbidden', courseLockedMessage(course.unlockLevel), {
    unlockLevel: course.unlockLevel,
  });
}
