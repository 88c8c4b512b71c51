/**
 * The courses area's cache: the club's course list (read by cursor, again whenever the tab
 * comes back, as the course writes invalidate it), a course, and the caller's progress in it.
 */
import { useApiPages, useApiQuery } from '../../api/hooks.ts';
import { routeKey } from '../../api/queryKeys.ts';

export const coursesKey = (clubId: string) => routeKey('listCourses', { params: { clubId } });
export const courseKey = (clubId: string, courseId: string) =>
  routeKey('getCourse', { params: { clubId, courseId } });
export const progressKey = (clubId: string, courseId: string) =>
  routeKey('getCourseProgress', { params: { clubId, courseId } });

export const useCourses = (clubId: string) =>
  useApiPages('listCourses', { params: { clubId } }, { refetchOnWindowFocus: 'always' });

/** A course with its sections. */
export const useCourse = (clubId: string, courseId: string) =>
  useApiQuery('getCourse', { params: { clubId, courseId } });

/** The caller's progress in a course, asked once the course is there. */
export const useCourseProgress = (clubId: string, courseId: string, enabled: boolean) =>
  useApiQuery('getCourseProgress', { params: { clubId, courseId } }, { enabled });
