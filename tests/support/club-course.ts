/** A club with a course of its owner's, and the ways a club is out of service, for integration tests. */
import { suspendClub } from '@clubs/functions/data/repositories/club-suspension';
import { createClubWithOwner, setClubStatus } from '@clubs/functions/data/repositories/clubs';
import { handler as courses } from '@clubs/functions/routes/courses';
import type { Club, Course } from '@clubs/shared';
import { ulid } from 'ulid';
import { expect } from 'vitest';
import { clubFixture } from './fixtures.ts';
import { httpEvent, invoke, memberClaims } from './http-event.ts';

/** An active club owned by `ownerId` with one course the owner created through the API. */
export async function clubWithCourse(
  ownerId = ulid(),
): Promise<{ club: Club; ownerId: string; course: Course }> {
  const { club } = await createClubWithOwner(clubFixture({ ownerId }));
  const created = await invoke<Course>(
    courses,
    httpEvent('createCourse', {
      params: { clubId: club.id },
      claims: memberClaims(ownerId),
      body: { title: 'Sourdough at Home', mainTopic: 'Sourdough baking' },
    }),
  );
  expect(created.status).toBe(201);
  return { club: club as Club, ownerId, course: created.body };
}

/** Each way a club leaves service: unpaid, inactive (its plan ended), suspended by a super admin. */
export const OUT_OF_SERVICE: readonly [string, (club: Club) => Promise<unknown>][] = [
  ['unpaid', (club) => setClubStatus(club.id, 'unpaid')],
  ['inactive', (club) => setClubStatus(club.id, 'inactive')],
  ['suspended', (club) => suspendClub(club.id, { userId: ulid(), email: 'admin@example.com' })],
];
