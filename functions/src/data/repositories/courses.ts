import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { type Course, courseSchema } from '@clubs/shared';
import { db, tableName } from '../client.ts';
import { createUnder } from '../create-under.ts';
import { keys, prefixes, withoutKeys } from '../keys.ts';
import { queryPage } from '../query.ts';
import { updateExistingItem } from '../update-item.ts';

const toCourse = (item: Record<string, unknown>): Course => courseSchema.parse(withoutKeys(item));

/** Courses live in their club's partition; ids are ULIDs, so the sort key orders them by time. */
export function courseItem(course: Course) {
  return { ...keys.course(course.clubId, course.id), type: 'course', ...course };
}

export async function getCourse(clubId: string, courseId: string): Promise<Course | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.course(clubId, courseId) }),
  );
  return Item ? toCourse(Item) : null;
}

export type CreateCourseResult =
  | { created: true; course: Course }
  | { created: false; reason: 'exists' | 'no_club' };

/** Creates a course, only in a club that exists. */
export async function createCourse(course: Course): Promise<CreateCourseResult> {
  const result = await createUnder(keys.club(course.clubId), [courseItem(course)]);
  if (result.created) return { created: true, course };
  return { created: false, reason: result.reason === 'no_parent' ? 'no_club' : 'exists' };
}

/** A club's courses, newest first, paged by cursor. */
export function listCourses(clubId: string, page: { limit: number; cursor?: string }) {
  const partition = keys.club(clubId).pk;
  return queryPage(
    { partition, sortKey: { beginsWith: prefixes.course }, order: 'descending' },
    page,
    toCourse,
  );
}

export type CourseChanges = Partial<
  Pick<
    Course,
    'title' | 'description' | 'level' | 'mainTopic' | 'targetAudience' | 'learningGoals' | 'outline'
  >
>;

/** Changes the editable fields of an existing course (the outline too); null when there is none. */
export async function updateCourse(
  clubId: string,
  courseId: string,
  changes: CourseChanges,
): Promise<Course | null> {
  const item = await updateExistingItem(keys.course(clubId, courseId), changes);
  return item ? toCourse(item) : null;
}
