/**
 * A club that is not active (unpaid, closed) through the handlers on DynamoDB Local: its members
 * (active or pending) are told so with 403 club_not_active, by the club's routes and by the
 * membership question the club space asks; a stranger gets the same 404 as for a missing club;
 * the owner still enters it.
 */
import { createClubWithOwner, setClubStatus } from '@clubs/functions/data/repositories/clubs';
import { handler as feed } from '@clubs/functions/routes/feed';
import { handler as memberships } from '@clubs/functions/routes/memberships';
import { CLUB_NOT_ACTIVE, type RouteId } from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { clubFixture } from '../support/fixtures.ts';
import { httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { addMember } from '../support/members.ts';

type Answer = { status: number; body: { error?: { code: string; message: string } } };

const ask = (handler: typeof feed, id: RouteId, clubId: string, userId: string): Promise<Answer> =>
  invoke(handler, httpEvent(id, { params: { clubId }, claims: memberClaims(userId) }));

describe('a club that is not active', () => {
  it.each(['unpaid', 'inactive'] as const)(
    'tells its members that a %s club is not active, and strangers nothing',
    async (status) => {
      const ownerId = ulid();
      const { club } = await createClubWithOwner(clubFixture({ ownerId }));
      const active = await addMember(club.id);
      const pending = await addMember(club.id, { status: 'pending' });
      const stranger = ulid();
      await setClubStatus(club.id, status);

      for (const userId of [active, pending]) {
        for (const [handler, route] of [
          [memberships, 'getClubMembership'],
          [feed, 'listPosts'],
          [feed, 'getClubSidebar'],
        ] as const) {
          const answer = await ask(handler, route, club.id, userId);
          expect(answer.status, route).toBe(403);
          expect(answer.body.error).toEqual(CLUB_NOT_ACTIVE);
        }
      }
      for (const [handler, route] of [
        [memberships, 'getClubMembership'],
        [feed, 'listPosts'],
      ] as const) {
        const answer = await ask(handler, route, club.id, stranger);
        expect(answer.status, route).toBe(404);
        expect(answer.body.error?.code).toBe('not_found');
        // The same answer as a club that does not exist.
        expect((await ask(handler, route, ulid(), stranger)).body).toEqual(answer.body);
      }
      expect((await ask(feed, 'listPosts', club.id, ownerId)).status).toBe(200);
    },
  );
});
