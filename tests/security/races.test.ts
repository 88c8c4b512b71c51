/**
 * Races: 50 concurrent calls through the gateway, then exact counts and one effect. A row whose
 * route is in the manifest but not implemented yet (501 'not_implemented') is reported pending;
 * RSVPs and points have their rows.
 */
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@clubs/functions/data/client';
import { rateWindowCount, rateWindowKey } from '@clubs/functions/data/rate-windows';
import { getStoredEvent } from '@clubs/functions/data/repositories/calendar-events';
import { reserveStorage, storedBytesOf } from '@clubs/functions/data/repositories/club-storage';
import { getClub } from '@clubs/functions/data/repositories/clubs';
import { addMembership } from '@clubs/functions/data/repositories/membership-writes';
import { getMembership } from '@clubs/functions/data/repositories/memberships';
import { periodKey, pointsOf, utcDay } from '@clubs/functions/data/repositories/points';
import { getPost } from '@clubs/functions/data/repositories/posts';
import { accountInvitationRate } from '@clubs/functions/services/invitations/send-invitations';
import type { LocalEventBus } from '@clubs/infra/local/event-bus.ts';
import { CLUB_STORAGE_QUOTA_BYTES, UNPAID_CLUBS_PER_ACCOUNT } from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readSentEmails } from '../support/ses-store.ts';
import { deliverWebhook, eventOfType, paidClub, payMembership } from './support/payments.ts';
import { writeReport } from './support/summary.ts';
import {
  type HttpAnswer,
  makeClubWorld,
  type Person,
  signedPerson,
  startWorld,
  type World,
} from './support/world.ts';

const N = 50;
let world: World;
let bus: LocalEventBus;
const counts = { passed: 0, total: 0 };

beforeAll(async () => {
  world = await startWorld();
  bus = world.bus;
}, 120_000);

afterAll(async () => {
  writeReport(inject('securityReportDir'), 'races', { races: counts });
  await world?.stop();
});

/** Counts the row as passed once its assertions hold. */
async function row(body: () => Promise<void>) {
  counts.total += 1;
  await body();
  counts.passed += 1;
}

async function membersOf(clubId: string) {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :member)',
      ExpressionAttributeValues: { ':pk': keys.club(clubId).pk, ':member': 'MEMBER#' },
      ConsistentRead: true,
    }),
  );
  return Items;
}

/** Makes these people active members of the club. */
async function activeMembers(clubId: string, persons: readonly { id: string }[]) {
  for (const p of persons) {
    const createdAt = new Date().toISOString();
    await addMembership({ clubId, userId: p.id, role: 'club_member', status: 'active', createdAt });
  }
}

const people = (label: string) => Array.from({ length: N }, (_, i) => signedPerson(`${label}${i}`));
const all = (calls: Promise<HttpAnswer>[]) => Promise.all(calls);
const notImplemented = (answer: HttpAnswer) =>
  answer.status === 501 && (answer.json as { error?: { code?: string } })?.error?.code === 'not_implemented';

describe(`races (${N} concurrent calls each)`, () => {
  it('free joins of one club by different people: one pending request each, the count unchanged', async () => {
    await row(async () => {
      const club = await makeClubWorld(world.people, { withStaff: false });
      const before = (await getClub(club.clubId))?.memberCount;
      const joiners = people('joiner');
      const answers = await all(
        joiners.map((p) =>
          world.call(p, { method: 'POST', path: `/api/clubs/${club.clubId}/join-requests` }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(joiners.map(() => 200));
      const rows = await membersOf(club.clubId);
      expect(rows.filter((r) => r.status === 'pending')).toHaveLength(N);
      expect((await getClub(club.clubId))?.memberCount).toBe(before);
    });
  });

  it('one person joining one club 50 times at once: one membership', async () => {
    await row(async () => {
      const club = await makeClubWorld(world.people, { withStaff: false });
      const joiner = signedPerson('eager');
      const answers = await all(
        Array.from({ length: N }, () =>
          world.call(joiner, { method: 'POST', path: `/api/clubs/${club.clubId}/join-requests` }),
        ),
      );
      expect(answers.every((a) => a.status === 200)).toBe(true);
      expect((await membersOf(club.clubId)).filter((r) => r.userId === joiner.id)).toHaveLength(1);
    });
  });

  it('one pending member approved 50 times at once by the owner and the moderator: active, counted once', async () => {
    await row(async () => {
      const club = await makeClubWorld(world.people);
      const before = (await getClub(club.clubId))?.memberCount ?? 0;
      const path = `/api/clubs/${club.clubId}/members/${world.people.pending.id}/approval`;
      const approvers = [world.people.owner, world.people.moderator];
      const answers = await all(
        Array.from({ length: N }, (_, i) => world.call(approvers[i % 2] as Person, { method: 'POST', path })),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(N - 1);
      expect(await getMembership(club.clubId, world.people.pending.id)).toMatchObject({ status: 'active' });
      expect((await getClub(club.clubId))?.memberCount).toBe(before + 1);
      expect((await membersOf(club.clubId)).filter((r) => r.userId === world.people.pending.id)).toHaveLength(
        1,
      );
    });
  });

  it('one person accepting the invite link 50 times at once: one active membership, counted once', async () => {
    await row(async () => {
      const club = await makeClubWorld(world.people, { withStaff: false });
      const before = (await getClub(club.clubId))?.memberCount ?? 0;
      const invitee = signedPerson('invitee');
      const path = `/api/invitations/${club.clubId}/${club.inviteToken}/acceptance`;
      const answers = await all(
        Array.from({ length: N }, () => world.call(invitee, { method: 'POST', path })),
      );
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      const outcomes = answers.map((a) => (a.json as { outcome: string }).outcome);
      expect(outcomes.filter((o) => o === 'joined')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'member')).toHaveLength(N - 1);
      expect((await membersOf(club.clubId)).filter((r) => r.userId === invitee.id)).toHaveLength(1);
      expect((await getClub(club.clubId))?.memberCount).toBe(before + 1);
    });
  });

  it('one e-mailed invitation accepted by 50 people at once: exactly one gets in', async () => {
    await row(async () => {
      const club = await makeClubWorld(world.people, { withStaff: false });
      const before = (await getClub(club.clubId))?.memberCount ?? 0;
      const sent = await world.call('owner', {
        method: 'POST',
        path: `/api/clubs/${club.clubId}/invitations`,
        body: JSON.stringify({
          rows: [{ name: 'Guest', email: `guest-${club.clubId}@clubs.test` }],
          message: 'Hi.',
        }),
      });
      expect(sent.status, sent.text).toBe(200);
      const mail = (await readSentEmails(world.sesUrl)).find((m) =>
        m.to.includes(`guest-${club.clubId.toLowerCase()}@clubs.test`),
      );
      const token = new RegExp(`/invite/${club.clubId}/([A-Za-z0-9_-]+)`).exec(mail?.text ?? '')?.[1];
      if (!token) throw new Error('the invitation e-mail has no link');
      const guests = people('guest');
      const answers = await all(
        guests.map((p) =>
          world.call(p, { method: 'POST', path: `/api/invitations/${club.clubId}/${token}/acceptance` }),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(N - 1);
      expect((await getClub(club.clubId))?.memberCount).toBe(before + 1);
    });
  });

  it("invitations sent 50 times at once against the sender's daily limit across clubs: exactly the room left is sent", async () => {
    await row(async () => {
      const club = await makeClubWorld(world.people, { withStaff: false });
      const room = 7;
      const account = accountInvitationRate(world.people.owner.id);
      // The owner's earlier rows sent invitations in this window too: fill it to exactly `room` left.
      const now = new Date();
      const window = await db().send(
        new GetCommand({ TableName: tableName(), Key: rateWindowKey(account, now) }),
      );
      const counted = Number(window.Item?.count ?? 0);
      await db().send(
        new TransactWriteCommand({
          TransactItems: [rateWindowCount(account, now, account.limit - room - counted)],
        }),
      );
      const answers = await all(
        Array.from({ length: N }, (_, i) =>
          world.call('owner', {
            method: 'POST',
            path: `/api/clubs/${club.clubId}/invitations`,
            body: JSON.stringify({
              rows: [{ name: '', email: `capped-${i}-${club.clubId}@clubs.test` }],
              message: 'Hi.',
            }),
          }),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(room);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(N - room);
      const sent = (await readSentEmails(world.sesUrl)).filter((m) =>
        m.to.some(
          (to) => to.startsWith('capped-') && to.endsWith(`-${club.clubId.toLowerCase()}@clubs.test`),
        ),
      );
      expect(sent).toHaveLength(room);
    });
  });

  it("uploads signed 50 times at once against a club's storage quota with room for 4: exactly 4 signed", async () => {
    await row(async () => {
      const club = await makeClubWorld(world.people, { withStaff: false });
      const size = 1000;
      const room = 4;
      // Fill the club's storage to exactly `room` files short of its quota.
      await reserveStorage(club.clubId, CLUB_STORAGE_QUOTA_BYTES - room * size, CLUB_STORAGE_QUOTA_BYTES);
      const answers = await all(
        Array.from({ length: N }, () =>
          world.call('owner', {
            method: 'POST',
            path: `/api/clubs/${club.clubId}/post-media-uploads`,
            body: JSON.stringify({ postType: 'image', contentType: 'image/png', size }),
          }),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(room);
      expect(answers.filter((a) => a.status === 413)).toHaveLength(N - room);
      expect(await storedBytesOf(club.clubId)).toBe(CLUB_STORAGE_QUOTA_BYTES);
    });
  });

  it('one person creating 50 clubs at once: exactly their cap of unpaid clubs is created', async () => {
    await row(async () => {
      const founder = signedPerson('founder');
      const answers = await all(
        Array.from({ length: N }, (_, i) =>
          world.call(founder, {
            method: 'POST',
            path: '/api/clubs',
            body: JSON.stringify({ name: `Club ${i}`, description: 'A new club.' }),
          }),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(UNPAID_CLUBS_PER_ACCOUNT);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(N - UNPAID_CLUBS_PER_ACCOUNT);
    });
  });

  it('one Stripe event delivered 50 times at once: the membership is activated and counted once', async () => {
    await row(async () => {
      const { clubId } = await paidClub(world);
      const member: Person = signedPerson('payer');
      const completed = eventOfType(await payMembership(world, clubId, member), 'checkout.session.completed');
      const answers = await all(Array.from({ length: N }, () => deliverWebhook(world, completed)));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      await bus.idle();
      expect(await getMembership(clubId, member.id)).toMatchObject({ status: 'active' });
      expect((await getClub(clubId))?.memberCount).toBe(2);
      expect((await membersOf(clubId)).filter((r) => r.userId === member.id)).toHaveLength(1);
    });
  });

  it('likes of one post by 50 members: 50 likes counted, never twice', async (context) => {
    const club = await makeClubWorld(world.people, { withStaff: false });
    const likers = people('liker');
    await activeMembers(club.clubId, likers);
    const path = `/api/clubs/${club.clubId}/posts/${club.postId}/like`;
    const answers = await all(
      [...likers, ...likers.slice(0, 10)].map((p) => world.call(p, { method: 'PUT', path })),
    );
    if (answers.every(notImplemented)) {
      context.skip('likePost is declared but not implemented yet');
      return;
    }
    await row(async () => {
      expect(answers.every((a) => a.status === 200)).toBe(true);
      expect((await getPost(club.clubId, club.postId))?.likeCount).toBe(N);
    });
  });

  it("likes and unlikes racing on one post: the author's points equal the likes that remain", async () => {
    const club = await makeClubWorld(world.people, { withStaff: false });
    const likers = people('racer');
    await activeMembers(club.clubId, likers);
    const path = `/api/clubs/${club.clubId}/posts/${club.postId}/like`;
    await all(likers.map((p) => world.call(p, { method: 'PUT', path })));
    // Every liker takes the like back while the first half likes again at the same time.
    const answers = await all([
      ...likers.map((p) => world.call(p, { method: 'DELETE', path })),
      ...likers.slice(0, N / 2).map((p) => world.call(p, { method: 'PUT', path })),
    ]);
    await row(async () => {
      expect(answers.every((a) => a.status === 200)).toBe(true);
      const post = await getPost(club.clubId, club.postId);
      const authorId = post?.authorId as string;
      const { Items = [] } = await db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :like)',
          ExpressionAttributeValues: { ':pk': `POST#${club.postId}`, ':like': 'LIKE#' },
          ConsistentRead: true,
        }),
      );
      const remaining = Items.filter((item) => item.userId !== authorId).length;
      expect(post?.likeCount).toBe(Items.length);
      const today = utcDay(new Date());
      for (const period of ['all', 'last7', 'last30'] as const) {
        const points = await pointsOf(club.clubId, periodKey(period, today), [authorId]);
        expect(points.get(authorId) ?? 0).toBe(remaining);
      }
    });
  });

  it('a post deleted while it is liked and unliked: its author keeps no point from it', async () => {
    const club = await makeClubWorld(world.people, { withStaff: false });
    const likers = people('deleter');
    await activeMembers(club.clubId, likers);
    const path = `/api/clubs/${club.clubId}/posts/${club.postId}/like`;
    await all(likers.slice(0, N / 2).map((p) => world.call(p, { method: 'PUT', path })));
    const answers = await all([
      ...likers.slice(0, N / 4).map((p) => world.call(p, { method: 'DELETE', path })),
      ...likers.slice(N / 2).map((p) => world.call(p, { method: 'PUT', path })),
      world.call(world.people.owner, {
        method: 'DELETE',
        path: `/api/clubs/${club.clubId}/posts/${club.postId}`,
      }),
    ]);
    await row(async () => {
      expect(answers.every((a) => a.status === 200 || a.status === 404)).toBe(true);
      expect(answers.at(-1)?.status).toBe(200);
      const { Items = [] } = await db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': `POST#${club.postId}` },
          ConsistentRead: true,
        }),
      );
      expect(Items).toEqual([]);
      const today = utcDay(new Date());
      for (const period of ['all', 'last7', 'last30'] as const) {
        const points = await pointsOf(club.clubId, periodKey(period, today), [world.people.owner.id]);
        expect(points.get(world.people.owner.id) ?? 0).toBe(0);
      }
    });
  });

  it('registrations for one event by 50 members: 50 attendees counted, never twice', async () => {
    const club = await makeClubWorld(world.people, { withStaff: false });
    const members = people('attendee');
    await activeMembers(club.clubId, members);
    const before =
      (await getStoredEvent(club.clubId, club.eventId, { consistent: true }))?.event.attendeeCount ?? 0;
    const path = `/api/clubs/${club.clubId}/events/${club.eventId}/registration`;
    const answers = await all(
      [...members, ...members.slice(0, 10)].map((p) => world.call(p, { method: 'PUT', path })),
    );
    await row(async () => {
      expect(answers.every((a) => a.status === 200)).toBe(true);
      const after = await getStoredEvent(club.clubId, club.eventId, { consistent: true });
      expect(after?.event.attendeeCount).toBe(before + N);
    });
  });

  it('one member marking a section complete 50 times at once, with their other section: done 2 of 2, counted once', async () => {
    const club = await makeClubWorld(world.people);
    const member = world.people.member;
    const course = `/api/clubs/${club.clubId}/courses/${club.courseId}`;
    const detail = await world.call(member, { method: 'GET', path: course });
    const sectionIds = (detail.json as { sections: { id: string }[] }).sections.map((section) => section.id);
    expect(sectionIds).toHaveLength(2);
    const answers = await all([
      ...Array.from({ length: N }, () =>
        world.call(member, { method: 'PUT', path: `${course}/sections/${sectionIds[0]}/completion` }),
      ),
      world.call(member, { method: 'PUT', path: `${course}/sections/${sectionIds[1]}/completion` }),
    ]);
    await row(async () => {
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      const progress = await world.call(member, { method: 'GET', path: `${course}/progress` });
      expect(progress.json).toMatchObject({ done: 2, total: 2 });
    });
  });

  it('module extractions of one course 50 times at once: every section in its own slot, none lost', async () => {
    const club = await makeClubWorld(world.people);
    const course = `/api/clubs/${club.clubId}/courses/${club.courseId}`;
    const answers = await all(
      Array.from({ length: N }, () =>
        world.call('owner', { method: 'POST', path: `${course}/module-extractions` }),
      ),
    );
    await row(async () => {
      // Each extraction appends the outline's sections after the last one; one that keeps losing
      // the race for the next slots is refused whole (409) rather than written in part.
      expect(answers.every((a) => a.status === 201 || a.status === 200 || a.status === 409)).toBe(true);
      const made = answers
        .filter((a) => a.status < 300)
        .reduce((sum, a) => sum + (a.json as { created: number }).created, 0);
      const detail = await world.call('member', { method: 'GET', path: course });
      const orders = (detail.json as { sections: { sortOrder: number }[] }).sections.map((s) => s.sortOrder);
      expect(orders).toHaveLength(2 + made);
      expect(orders).toEqual(orders.map((_, i) => i + 1));
    });
  });
});
