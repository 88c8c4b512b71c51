/**
 * Courses of a club: the list with each course's first sections and the
 * viewer's progress, one course with all its sections, creation from the wizard's first step, the
 * outline and course details, and extracting the outline's modules into sections.
 */
import {
  type Club,
  COURSE_CARD_SECTIONS,
  type Course,
  type CourseCardPage,
  type CourseDetail,
  type CreateCourseInput,
  hasStanding,
  NO_MODULES_FOUND,
  type Section,
  type UpdateCourseInput,
} from '@clubs/shared';
import { ulid } from 'ulid';
import type { Viewer } from '../../caller.ts';
import { parseOutline, sectionsFromOutline } from '../../content/outline.ts';
import { completedSectionsByCourse } from '../../data/repositories/course-progress.ts';
import {
  firstSections,
  getCourseWithSections,
  listCourses,
  createCourse as putCourse,
  updateCourse,
} from '../../data/repositories/courses.ts';
import { appendSections, MAX_SECTIONS_PER_WRITE } from '../../data/repositories/sections.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { signSectionMedia } from './course-media.ts';
import { progressOf } from './progress.ts';

/** Owners and moderators create and edit courses (the CREATE_COURSES permission). */
export const mayEditCourses = (viewer: Viewer) => hasStanding(viewer.role, 'CREATE_COURSES');

export const courseNotFound = () => notFound('Course not found');

export async function createCourse(club: Club, viewer: Viewer, input: CreateCourseInput): Promise<Course> {
  const course: Course = {
    id: ulid(),
    clubId: club.id,
    creatorId: viewer.userId,
    ...input,
    outline: '',
    sectionCount: 0,
    createdAt: new Date().toISOString(),
  };
  const result = await putCourse(course);
  if (!result.created) throw result.reason === 'no_club' ? notFound('Club not found') : conflict('Try again');
  return course;
}

/** A page of course cards: first sections by one query per course (in parallel), progress by one query. */
export async function listCourseCards(
  clubId: string,
  viewer: Viewer,
  page: { limit: number; cursor?: string },
): Promise<CourseCardPage> {
  const [courses, completed] = await Promise.all([
    listCourses(clubId, page),
    completedSectionsByCourse(clubId, viewer.userId),
  ]);
  const firsts = await Promise.all(
    courses.items.map((course) => firstSections(clubId, course.id, COURSE_CARD_SECTIONS)),
  );
  return {
    items: courses.items.map((course, i) => ({
      ...course,
      firstSections: (firsts[i] ?? []).map(({ id, title }) => ({ id, title })),
      progress: progressOf(course.id, completed.get(course.id) ?? [], course.sectionCount),
    })),
    nextCursor: courses.nextCursor,
    canCreate: mayEditCourses(viewer),
  };
}

export async function getCourseDetail(
  clubId: string,
  courseId: string,
  viewer: Viewer,
): Promise<CourseDetail> {
  const found = await getCourseWithSections(clubId, courseId);
  if (!found) throw courseNotFound();
  const now = new Date();
  return {
    course: found.course,
    sections: await Promise.all(found.sections.map((section) => signSectionMedia(section, now))),
    canEdit: mayEditCourses(viewer),
  };
}

export async function updateCourseDetails(
  clubId: string,
  courseId: string,
  input: UpdateCourseInput,
): Promise<Course> {
  const course = await updateCourse(clubId, courseId, input);
  if (!course) throw courseNotFound();
  return course;
}

/**
 * Each module and lesson of the stored outline becomes a section after the course's last one
 * (sort order max + 1, from 1), all in one transaction.
 */
export async function extractModules(
  clubId: string,
  course: Course,
): Promise<{ created: number; sections: Section[] }> {
  if (!course.outline.trim()) throw badRequest('Course outline or ID is missing');
  const drafts = sectionsFromOutline(parseOutline(course.outline));
  if (drafts.length === 0) throw badRequest(NO_MODULES_FOUND);
  if (drafts.length > MAX_SECTIONS_PER_WRITE) {
    throw badRequest(`An outline can make at most ${MAX_SECTIONS_PER_WRITE} sections at once`);
  }
  const now = new Date().toISOString();
  const result = await appendSections(
    clubId,
    course.id,
    drafts.map((draft) => ({
      id: ulid(),
      title: draft.title,
      htmlContent: draft.htmlContent,
      featuredImage: draft.featuredImage,
      updatedAt: now,
    })),
  );
  if (!result.created)
    throw result.reason === 'no_course'
      ? courseNotFound()
      : conflict('The sections changed meanwhile. Please try again.');
  return { created: result.sections.length, sections: result.sections };
}
