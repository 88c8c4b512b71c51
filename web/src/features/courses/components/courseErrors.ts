/**
 * Course errors in friendly words: a refusal, a missing course and an inactive club each get the
 * product's fixed message (keyed on this API's error codes, not the original's database codes),
 * anything else 'An error occurred: ...'; and which panel a failed load shows.
 */
import { courseLockedDetailsSchema } from '@clubs/shared';
import { isApiError } from '../../../api/errors.ts';

export const COURSE_ERROR_MESSAGES = {
  security:
    'There was an issue with the database security system. Please contact support with error code: RLS-42P17',
  permission:
    "You don't have permission to access this course content. You must be a club owner, moderator, or the course creator.",
  notFound: 'The requested course content could not be found. It may have been moved or deleted.',
} as const;

/** forbidden → permission; not_found → not found; club_not_active → the security issue; else the message. */
export function friendlyCourseError(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'forbidden' || error.status === 401) return COURSE_ERROR_MESSAGES.permission;
    if (error.code === 'not_found') return COURSE_ERROR_MESSAGES.notFound;
    if (error.code === 'club_not_active') return COURSE_ERROR_MESSAGES.security;
  }
  const message = error instanceof Error ? error.message.trim() : '';
  return `An error occurred: ${message || 'Unknown error'}`;
}

/** The level a refused course unlocks at, when the refusal is the course's lock; else null. */
export function lockedLevelOf(error: unknown): number | null {
  if (!isApiError(error) || error.code !== 'forbidden') return null;
  const details = courseLockedDetailsSchema.safeParse(error.details);
  return details.success ? details.data.unlockLevel : null;
}

export const isAccessError = (error: unknown): boolean =>
  isApiError(error) && (error.status === 401 || error.status === 403);

export const ACCESS_REASONS = [
  'You are not an owner or moderator of this club',
  'You are not the creator of this course',
  'Your membership is not active',
  'There is a security configuration issue',
];
export const GENERIC_REASONS = ['A network problem', 'The course was deleted or moved', 'A temporary error'];
