/** A member's progress through a course: which sections they marked complete, done of total. */
import type { CourseProgress } from '@clubs/shared';
import { changeOutbox } from '../../bus/change-events.ts';
import type { Viewer } from '../../caller.ts';
import { countStats } from '../../data/club-stats.ts';
import {
  countMilestone,
  getCompletedSections,
  markSectionCompleted,
  type ProgressMilestone,
} from '../../data/repositories/course-progress.ts';
import { getCourseWithSections } from '../../data/repositories/courses.ts';
import { notFound } from '../../errors.ts';
import { logger } from '../../logger.ts';
import { countActive } from '../analytics/activity.ts';
import { assertCourseOpen } from './course-access.ts';

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

/** The course and its section ids, refused to a member below its unlock level. */
async function courseOf(clubId: string, courseId: string, viewer: Viewer) {
  const found = await getCourseWithSections(clubId, courseId);
  if (!found) throw notFound('Course not found');
  await assertCourseOpen(clubId, found.course, viewer);
  return { course: found.course, ids: new Set(found.sections.map((section) => section.id)) };
}

/** The milestones `done` of `total` sections reaches: one section, half of them, all of them. */
export function milestonesOf(done: number, total: number): ProgressMilestone[] {
  if (total === 0 || done === 0) return [];
  const reached: ProgressMilestone[] = ['started'];
  if (done * 2 >= total) reached.push('halfway');
  if (done >= total) reached.push('finished');
  return reached;
}

export async function getProgress(clubId: string, courseId: string, viewer: Viewer): Promise<CourseProgress> {
  const [{ ids }, completed] = await Promise.all([
    courseOf(clubId, courseId, viewer),
    getCompletedSections(clubId, viewer.userId, courseId),
  ]);
  return progressOf(courseId, completed, ids.size, ids);
}

/** Marks a section of the course complete (or not) for the caller; a section of another course is not found. */
export async function markSection(
  clubId: string,
  courseId: string,
  sectionId: string,
  viewer: Viewer,
  completed: boolean,
): Promise<CourseProgress> {
  const { userId } = viewer;
  const { course, ids } = await courseOf(clubId, courseId, viewer);
  if (!ids.has(sectionId)) throw notFound('Section not found');
  const at = new Date();
  const now = at.toISOString();
  const marked = await markSectionCompleted(clubId, userId, courseId, sectionId, completed, now);
  const progress = progressOf(courseId, marked.completed, ids.size, ids);
  if (marked.newlyCompleted) {
    // The club's analytics: the day's completions, the member active, each milestone once.
    const milestones = milestonesOf(progress.done, progress.total).filter((m) => !marked.counted.has(m));
    await Promise.all([
      countStats(clubId, at, { completions: 1 }).catch((error: unknown) =>
        logger.error('section completion not counted', { clubId, error: String(error) }),
      ),
      countActive(clubId, userId, at),
      ...milestones.map((milestone) =>
        countMilestone(
          clubId,
          userId,
          { id: course.id, title: course.title },
          milestone,
          now,
          // Finishing is announced with its once-only count: a member completes a course once.
          milestone === 'finished'
            ? changeOutbox(
                {
                  type: 'course.completed',
                  clubId,
                  actorId: userId,
                  memberId: userId,
                  courseId: course.id,
                  title: course.title,
                },
                at,
              )
            : [],
        ),
      ),
    ]);
  }
  return progress;
}
