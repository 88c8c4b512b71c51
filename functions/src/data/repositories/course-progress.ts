/**
 * A member's progress through a course: the ids of the sections they marked complete, one item
 * per member and course in the club's partition (keys.ts), changed by set ADD and DELETE so two
 * tabs marking sections at once both count.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client.ts';
import { getItem } from '../get-item.ts';
import { keys, progressPrefixOf } from '../keys.ts';
import { queryAll } from '../query.ts';

const completedOf = (item: Record<string, unknown> | null | undefined): string[] => {
  const completed = item?.completed;
  return completed instanceof Set ? [...completed].filter((id): id is string => typeof id === 'string') : [];
};

export async function getCompletedSections(
  clubId: string,
  userId: string,
  courseId: string,
): Promise<string[]> {
  const item = await getItem(keys.courseProgress(clubId, userId, courseId));
  return completedOf(item);
}

/** The member's completed sections of every course of the club they started, by course id. */
export async function completedSectionsByCourse(
  clubId: string,
  userId: string,
): Promise<Map<string, string[]>> {
  const items = await queryAll(
    { partition: keys.club(clubId).pk, sortKey: { beginsWith: progressPrefixOf(userId) } },
    (item) => item,
  );
  return new Map(items.map((item) => [String(item.courseId), completedOf(item)]));
}

/** Marks one section complete (or not) for the member; returns every section now complete. */
export async function setSectionCompleted(
  clubId: string,
  userId: string,
  courseId: string,
  sectionId: string,
  completed: boolean,
  now: string,
): Promise<string[]> {
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.courseProgress(clubId, userId, courseId),
      UpdateExpression: `SET #user = :user, #course = :course, #type = :type, #updated = :now ${
        completed ? 'ADD' : 'DELETE'
      } #completed :section`,
      ExpressionAttributeNames: {
        '#user': 'userId',
        '#course': 'courseId',
        '#type': 'type',
        '#updated': 'updatedAt',
        '#completed': 'completed',
      },
      ExpressionAttributeValues: {
        ':user': userId,
        ':course': courseId,
        ':type': 'course_progress',
        ':now': now,
        ':section': new Set([sectionId]),
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return completedOf(Attributes);
}
