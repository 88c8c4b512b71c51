import { type Course, courseSchema, type Section, sectionSchema, TABLE } from '@clubs/shared';
import { indexKeys, keys, sectionPrefixOf, withoutKeys } from '@clubs/shared/table-keys';
import type { TransactItem } from '../counted-write.ts';
import { createUnder } from '../create-under.ts';
import { deleteChildItems } from '../delete-children.ts';
import { getEntity, type ReadOptions } from '../get-item.ts';
import { queryAll, queryPage } from '../query.ts';
import { deleteExistingItemWith, updateExistingItemWith } from '../update-item.ts';

export const toCourse = (item: Record<string, unknown>): Course => courseSchema.parse(withoutKeys(item));
const toSection = (item: Record<string, unknown>): Section => sectionSchema.parse(withoutKeys(item));

/**
 * Courses live in their club's partition, followed by their sections (table-keys.ts); the club's
 * course list reads gsi1, where only course items are, ids (ULIDs) ordering them by time.
 */
export function courseItem(course: Course) {
  return {
    ...keys.course(course.clubId, course.id),
    ...indexKeys.clubCourse(course.clubId, course.id),
    type: 'course',
    ...course,
  };
}

export async function getCourse(clubId: string, courseId: string): Promise<Course | null> {
  return getEntity(keys.course(clubId, courseId), toCourse);
}

/**
 * A course and all its sections in sort order, from one query of the course's key range (more
 * requests only when the sections exceed DynamoDB's 1 MB page); null when there is no course.
 */
export async function getCourseWithSections(
  clubId: string,
  courseId: string,
  options: ReadOptions = {},
): Promise<{ course: Course; sections: Section[] } | null> {
  const courseKey = keys.course(clubId, courseId);
  const items = await queryAll(
    {
      partition: courseKey.pk,
      sortKey: { between: [courseKey.sk, `${sectionPrefixOf(courseId)}~`] },
      consistentRead: options.consistent,
    },
    (item) => item,
  );
  const [first, ...rest] = items;
  if (!first || first.sk !== courseKey.sk) return null;
  return { course: toCourse(first), sections: rest.map(toSection) };
}

export type CreateCourseResult =
  | { created: true; course: Course }
  | { created: false; reason: 'exists' | 'no_club' };

/** Creates a course, only in a club that exists, with `also` (its outbox item) in the same transaction. */
export async function createCourse(
  course: Course,
  also: readonly TransactItem[] = [],
): Promise<CreateCourseResult> {
  const result = await createUnder(keys.club(course.clubId), [courseItem(course)], { alongside: also });
  if (result.created) return { created: true, course };
  return { created: false, reason: result.reason === 'no_parent' ? 'no_club' : 'exists' };
}

/** A club's courses, newest first, paged by cursor. */
export function listCourses(clubId: string, page: { limit: number; cursor?: string }) {
  return queryPage(
    { index: TABLE.indexes.byStatus, partition: indexKeys.clubCoursePartition(clubId), order: 'descending' },
    page,
    toCourse,
  );
}

/** The first `limit` sections of a course (a course card's), in order. */
export async function firstSections(clubId: string, courseId: string, limit: number): Promise<Section[]> {
  const partition = keys.course(clubId, courseId).pk;
  return (
    await queryPage({ partition, sortKey: { beginsWith: sectionPrefixOf(courseId) } }, { limit }, toSection)
  ).items;
}

export type CourseChanges = Partial<
  Pick<
    Course,
    | 'title'
    | 'description'
    | 'level'
    | 'mainTopic'
    | 'targetAudience'
    | 'learningGoals'
    | 'outline'
    | 'unlockLevel'
    | 'coverImage'
  >
>;

/**
 * Changes the editable fields of an existing course (the outline too) in one transaction with
 * `also` (its outbox item): false when there is no course, and nothing was written.
 */
export function updateCourse(
  clubId: string,
  courseId: string,
  changes: CourseChanges,
  also: readonly TransactItem[] = [],
): Promise<boolean> {
  return updateExistingItemWith(keys.course(clubId, courseId), changes, also);
}

/** Sections a course may have are removed in pages of 100, at most this many pages. */
const SECTION_PAGES = 50;

/**
 * Deletes a course (with `also`, its outbox item, in the same transaction), then its sections:
 * false when there is no course, and nothing was written. No section can be added once the
 * course is gone (each is written together with a check of its course).
 */
export async function deleteCourse(
  clubId: string,
  courseId: string,
  also: readonly TransactItem[] = [],
): Promise<boolean> {
  if (!(await deleteExistingItemWith(keys.course(clubId, courseId), also))) return false;
  await deleteChildItems(keys.course(clubId, courseId).pk, sectionPrefixOf(courseId), SECTION_PAGES);
  return true;
}
