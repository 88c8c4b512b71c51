/**
 * What costs the platform on a club's behalf (e-mail from its identity, model calls, stored
 * files) is open only to a club in service: active and not suspended. Anything else is refused
 * with a conflict that says so, before anything is done.
 */
import type { Club } from '@clubs/shared';
import { conflict } from '../errors.ts';

export const isClubInService = (club: Pick<Club, 'status' | 'suspendedAt'>): boolean =>
  club.status === 'active' && !club.suspendedAt;

export function requireClubInService(club: Pick<Club, 'status' | 'suspendedAt'>, message: string): void {
  if (!isClubInService(club)) throw conflict(message);
}

/** Uploads into a club's folders (logo and cover, post and course files) need a club in service. */
export const UPLOADS_NOT_ACTIVE_MESSAGE = 'Files can be uploaded only to an active club.';

/** An announcement e-mails every member, so it needs a club in service. */
export const ANNOUNCEMENTS_NOT_ACTIVE_MESSAGE =
  'Announcements can be e-mailed only from an active club. Post it without e-mailing, or settle the club first.';
