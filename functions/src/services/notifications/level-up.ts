/**
 * A member who reaches a new level is told, once per club and level: after a like of their post
 * the delivery reads their all-time points and the level they were last told of (one batch); a
 * higher level is claimed with a conditional write (level-marks.ts) before the notification is
 * written, so a like, unlike and like again across a level's threshold, or a delivery twice,
 * never tells twice. The notification names the level and the courses that open at it.
 */
import { levelOf } from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import { getItem } from '../../data/get-item.ts';
import { listCourses } from '../../data/repositories/courses.ts';
import { claimLevel, levelStanding } from '../../data/repositories/level-marks.ts';
import { cardOf, type MemberCard, memberCardOf } from '../../data/repositories/member-cards.ts';
import { getProfile } from '../../data/repositories/profiles.ts';

/** Course pages (of 100) read to find those a level opens. */
const COURSE_PAGES = 10;
/** Course titles named in the notification; more are counted. */
const NAMED_COURSES = 3;

export interface LevelReached {
  level: number;
  /** The member, as the notification shows them. */
  member: MemberCard;
  /** What opened: "“Course X” is now open", or empty when no course did. */
  opened: string;
}

/** The titles of the club's courses that open above level `from` up to `level`. */
async function coursesOpening(clubId: string, from: number, level: number): Promise<string[]> {
  const titles: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < COURSE_PAGES; page++) {
    const read = await listCourses(clubId, { limit: 100, cursor });
    for (const course of read.items) {
      if (course.unlockLevel !== null && course.unlockLevel > from && course.unlockLevel <= level) {
        titles.push(course.title);
      }
    }
    if (!read.nextCursor) break;
    cursor = read.nextCursor;
  }
  return titles;
}

/** “A” is now open; “A” and “B” are now open; “A”, “B”, “C” and 2 more are now open. */
export function openedText(titles: readonly string[]): string {
  if (titles.length === 0) return '';
  const quoted = titles.slice(0, NAMED_COURSES).map((title) => `“${title}”`);
  const more = titles.length - quoted.length;
  const names =
    more > 0
      ? `${quoted.join(', ')} and ${more} more`
      : quoted.length === 1
        ? quoted.join('')
        : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
  return `${names} ${titles.length === 1 ? 'is' : 'are'} now open`;
}

/**
 * The level a member has just reached, to be told by notification `notificationId` (the change
 * that moved their points), or null when they were told of it (or of a higher one) already.
 */
export async function levelReached(
  clubId: string,
  memberId: string,
  notificationId: string,
): Promise<LevelReached | null> {
  const standing = await levelStanding(clubId, memberId);
  const again = standing.toldBy === notificationId;
  // A delivery again finishes what it claimed, even if points fell meanwhile.
  const level = again ? Math.max(levelOf(standing.points), standing.told) : levelOf(standing.points);
  if (level <= 1 || (level <= standing.told && !again)) return null;
  const from = again ? standing.toldFrom : standing.told;
  if (!(await claimLevel(clubId, memberId, { level, from, notificationId }))) return null;
  const [titles, membership] = await Promise.all([
    coursesOpening(clubId, from, level),
    getItem(keys.membership(clubId, memberId)),
  ]);
  const member = (membership && cardOf(membership)) ?? memberCardOf(await getProfile(memberId));
  return { level, member, opened: openedText(titles) };
}
