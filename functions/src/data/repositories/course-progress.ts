/**
 * A member's progress through a course: the ids of the sections they marked complete, one item
 * per member and course in the club's partition (table-keys.ts), changed by set ADD and DELETE so two
 * tabs marking sections at once both count.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys, progressPrefixOf, statsKeys } from '@clubs/shared/table-keys';
import { db, tableName } from '../client.ts';
import { sendRetryingConflicts, type TransactItem } from '../counted-write.ts';
import { transactionConditionFailures } from '../errors.ts';
import { getItem } from '../get-item.ts';
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

/** The course's progress thresholds a member is counted at once (club-stats course items). */
export const PROGRESS_MILESTONES = ['started', 'halfway', 'finished'] as const;
export type ProgressMilestone = (typeof PROGRESS_MILESTONES)[number];

/**
 * Marks one section complete (or not) and answers every section now complete, whether this
 * marked it anew (it was not complete before: the set changes one at a time, so of two
 * concurrent marks exactly one is new) and the milestones the member was already counted at.
 */
export async function markSectionCompleted(
  clubId: string,
  userId: string,
  courseId: string,
  sectionId: string,
  completed: boolean,
  now: string,
): Promise<{ completed: string[]; newlyCompleted: boolean; counted: Set<ProgressMilestone> }> {
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
      ReturnValues: 'ALL_OLD',
    }),
  );
  const before = completedOf(Attributes);
  const after = new Set(before);
  if (completed) after.add(sectionId);
  else after.delete(sectionId);
  const counted = new Set(
    PROGRESS_MILESTONES.filter((milestone) => Attributes?.[milestoneAttribute(milestone)]),
  );
  return { completed: [...after], newlyCompleted: completed && !before.includes(sectionId), counted };
}

const milestoneAttribute = (milestone: ProgressMilestone) => `reached_${milestone}`;

/**
 * Counts the member at a course milestone once: the progress item remembers it (conditioned on
 * not remembering it yet) and the course's analytics item counts it, in one transaction; false
 * when they were counted already.
 */
export async function countMilestone(
  clubId: string,
  userId: string,
  course: { id: string; title: string },
  milestone: ProgressMilestone,
  now: string,
  /** Further changes written only when the milestone is counted (the outbox item announcing it). */
  also: readonly TransactItem[] = [],
): Promise<boolean> {
  const name = milestoneAttribute(milestone);
  try {
    await sendRetryingConflicts({
      TransactItems: [
        {
          Update: {
            TableName: tableName(),
            Key: keys.courseProgress(clubId, userId, course.id),
            UpdateExpression: 'SET #reached = :now',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#reached)',
            ExpressionAttributeNames: { '#reached': name },
            ExpressionAttributeValues: { ':now': now },
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: statsKeys.course(clubId, course.id),
            UpdateExpression: 'SET #type = :type, courseId = :courseId, title = :title ADD #milestone :one',
            ExpressionAttributeNames: { '#type': 'type', '#milestone': milestone },
            ExpressionAttributeValues: {
              ':type': 'course_stats',
              ':courseId': course.id,
              ':title': course.title,
              ':one': 1,
            },
          },
        },
        ...also,
      ],
    });
    return true;
  } catch (error) {
    if (transactionConditionFailures(error)) return false;
    throw error;
  }
}
