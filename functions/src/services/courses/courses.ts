/**
 * Courses of a club: the list with each course's first sections and the
 * viewer's progress, one course with all its sections, creation from the wizard's first step, the
 * outline and course details, and extracting the outline's modules into sections. Every change of
 * a course or its sections is announced (course.changed) in the change's own transaction, so open
 * course lists reload and the club's search indexes the course again.
 */
import {
  type Club,
  COURSE_CARD_SECTIONS,
  type Course,
  type CourseCardPage,
  type CourseDetail,
  type CreateCourseInput,
  courseMediaPrefixOf,
  type Deleted,
  hasStanding,
  NO_MODULES_FOUND,
  type Section,
  type UpdateCourseInput,
} from '@clubs/shared';
import { ulid } from 'ulid';
import { changeOutbox } from '../../bus/change-events.ts';
import type { Viewer } from '../../caller.ts';
import { parseOutline, sectionsFromOutline } from '../../content/outline.ts';
import type { TransactItem } from '../../data/counted-write.ts';
import { completedSectionsByCourse } from '../../data/repositories/course-progress.ts';
import {
  deleteCourse,
  firstSections,
  getCourse,
  getCourseWithSections,
  listCourses,
  createCourse as putCourse,
  updateCourse,
} from '../../data/repositories/courses.ts';
import { appendSections, MAX_SECTIONS_PER_WRITE } from '../../data/repositories/sections.ts';
import { withChanges } from '../../data/update-item.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { mediaKeyOf, removeReplacedMedia } from '../../media/uploads.ts';
import { removeClubMedia } from '../club-storage.ts';
import { assertCourseOpen, lockedCourses } from './course-access.ts';
import { checkSectionMedia, signCourseCover, signSectionMedia, storedCover } from './course-media.ts';
import { progressOf } from './progress.ts';

/** Owners and moderators create and edit courses (the CREATE_COURSES permission). */
export const mayEditCourses = (viewer: Viewer) => hasStanding(viewer.role, 'CREATE_COURSES');

export const courseNotFound = () => notFound('Course not found');

/** The outbox item announcing a change of the course or its sections, for the change's transaction. */
export const courseChanged = (clubId: string, courseId: string, actorId: string): TransactItem[] =>
  changeOutbox({ type: 'course.changed', clubId, actorId, courseId });

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
  const result = await putCourse(course, courseChanged(club.id, course.id, viewer.userId));
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
  // A locked course shows on the list without its sections' titles.
  const locked = await lockedCourses(clubId, courses.items, viewer);
  const firsts = await Promise.all(
    courses.items.map((course) =>
      locked.has(course.id) ? [] : firstSections(clubId, course.id, COURSE_CARD_SECTIONS),
    ),
  );
  const covered = await Promise.all(courses.items.map((course) => signCourseCover(course)));
  return {
    items: covered.map((course, i) => ({
      ...course,
      firstSections: (firsts[i] ?? []).map(({ id, title }) => ({ id, title })),
      progress: progressOf(course.id, completed.get(course.id) ?? [], course.sectionCount),
      locked: locked.has(course.id),
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
  await assertCourseOpen(clubId, found.course, viewer);
  const now = new Date();
  return {
    course: await signCourseCover(found.course, now),
    sections: await Promise.all(found.sections.map((section) => signSectionMedia(clubId, section, now))),
    canEdit: mayEditCourses(viewer),
  };
}

/**
 * Saves a course's changed details (the wizard's steps, the manage page). A new cover must be a
 * stock image or an image uploaded for the course; the replaced one of its files is removed.
 */
export async function updateCourseDetails(
  clubId: string,
  courseId: string,
  input: UpdateCourseInput,
  actorId: string,
): Promise<Course> {
  const before = await getCourse(clubId, courseId);
  if (!before) throw courseNotFound();
  const coverImage = input.coverImage
    ? await storedCover(clubId, courseId, input.coverImage)
    : input.coverImage;
  const changes = { ...input, ...(coverImage === undefined ? {} : { coverImage }) };
  if (!(await updateCourse(clubId, courseId, changes, courseChanged(clubId, courseId, actorId)))) {
    throw courseNotFound();
  }
  // The course as read, with the change: a transaction answers no new item.
  const course = withChanges(before, changes);
  const replaced = mediaKeyOf(before.coverImage);
  if (replaced && before.coverImage !== course.coverImage) {
    // A cover of the course's own files gives its size back to the club's storage.
    if (replaced.startsWith(`${courseMediaPrefixOf(clubId, courseId)}/`))
      await removeClubMedia(clubId, replaced);
    else await removeReplacedMedia(replaced);
  }
  return signCourseCover(course);
}

/** Deletes a course and its sections (the owner confirmed it in the page). */
export async function removeCourse(clubId: string, courseId: string, actorId: string): Promise<Deleted> {
  if (!(await deleteCourse(clubId, courseId, courseChanged(clubId, courseId, actorId)))) {
    throw courseNotFound();
  }
  return { id: courseId, deleted: true };
}

/**
 * Each module and lesson of the stored outline becomes a section after the course's last one
 * (sort order max + 1, from 1), all in one transaction.
 */
export async function extractModules(
  clubId: string,
  course: Course,
  actorId: string,
): Promise<{ created: number; sections: Section[] }> {
  if (!course.outline.trim()) throw badRequest('Course outline or ID is missing');
  const drafts = sectionsFromOutline(parseOutline(course.outline));
  if (drafts.length === 0) throw badRequest(NO_MODULES_FOUND);
  if (drafts.length > MAX_SECTIONS_PER_WRITE) {
    throw badRequest(`An outline can make at most ${MAX_SECTIONS_PER_WRITE} sections at once`);
  }
  for (const draft of drafts) await checkSectionMedia(clubId, course.id, draft.htmlContent);
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
    courseChanged(clubId, course.id, actorId),
  );
  if (!result.created)
    throw result.reason === 'no_course'
      ? courseNotFound()
      : conflict('The sections changed meanwhile. Please try again.');
  return { created: result.sections.length, sections: result.sections };
}
