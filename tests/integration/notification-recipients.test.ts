/**
 * Who a club's notifications may reach, against DynamoDB Local, the local bus and the SES
 * emulator: only its active members (a removed, banned or lapsed author of a post or earlier
 * commenter hears nothing of the thread, by bell or e-mail), asked again as each e-mail leaves;
 * and nobody by e-mail while the club is not in service (unpaid or suspended), whose owner's
 * announcement is refused with a 409 that writes nothing.
 */

import { removeMembership } from '@clubs/functions/data/repositories/membership-writes';
import { listPosts } from '@clubs/functions/data/repositories/posts';
import { handler as feedHandler } from '@clubs/functions/routes/feed';
import { handler as membersHandler } from '@clubs/functions/routes/members';
import { handler as membershipsHandler } from '@clubs/functions/routes/memberships';
import { handler as notificationsHandler } from '@clubs/functions/routes/notifications';
import { handler as profilesHandler } from '@clubs/functions/routes/profiles';
import { sendNotificationEmail } from '@clubs/functions/services/notifications/mail';
import type { NotificationPage, Post } from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { memberClaims } from '../support/http-event.ts';
import { addClub, addMember, addPerson } from '../support/members.ts';
import { callAs, useNotificationStack } from '../support/notification-stack.ts';

const { bus, sentMail } = useNotificationStack({ freshMail: true });

const bell = async (userId: string) => {
  await bus().idle();
  const res = await callAs<NotificationPage>(notificationsHandler, 'listNotifications', userId);
  expect(res.status).toBe(200);
  return res.body;
};

const post = async (clubId: string, userId: string, title: string, announce = false) =>
  callAs<Post>(feedHandler, 'createPost', userId, {
    params: { clubId },
    body: { title, content: `${title}: members only.`, ...(announce ? { announce: true } : {}) },
  });

const comment = async (clubId: string, postId: string, userId: string, content: string) => {
  const res = await callAs(feedHandler, 'addComment', userId, {
    params: { clubId, postId },
    body: { content },
  });
  expect(res.status).toBe(201);
  await bus().idle();
};

const mailTo = async (address: string) =>
  (await sentMail()).filter((m) => m.to.includes(address.toLowerCase()));

describe("a club's notifications reach only its active members", () => {
  it('a freshly registered member who posted and was removed hears nothing of the replies', async () => {
    const ownerId = await addPerson('Olivia Owner');
    const club = await addClub({ ownerId, name: 'Morning Yoga Collective' });
    // Signs up (the profile the first sign-in creates), asks to join, is approved, posts.
    const newcomer = ulid();
    const claims = memberClaims(newcomer, { email: 'newcomer@clubs.test', name: 'Nina Newcomer' });
    expect((await callAs(profilesHandler, 'getMe', newcomer, { claims })).status).toBe(200);
    const asked = await callAs(membershipsHandler, 'requestMembership', newcomer, {
      claims,
      params: { clubId: club.id },
    });
    expect(asked.status).toBeLessThan(300);
    const approved = await callAs(membersHandler, 'approveClubMember', ownerId, {
      params: { clubId: club.id, userId: newcomer },
    });
    expect(approved.status).toBe(200);
    const posted = await post(club.id, newcomer, 'Hello from Nina');
    expect(posted.status).toBe(201);
    await bus().idle();
    const before = (await bell(newcomer)).items.length;
    // Their approval was mailed; nothing after the removal may be.
    const mailedBefore = (await mailTo('newcomer@clubs.test')).length;

    const removed = await callAs(membersHandler, 'removeClubMember', ownerId, {
      params: { clubId: club.id, userId: newcomer },
    });
    expect(removed.status).toBe(200);
    await comment(club.id, posted.body.id, ownerId, 'The secret sequence is sun salutation B.');

    expect((await bell(newcomer)).items).toHaveLength(before);
    expect(await mailTo('newcomer@clubs.test')).toHaveLength(mailedBefore);
  });

  it('an earlier commenter who left hears nothing; the members still in the thread do', async () => {
    const ownerId = await addPerson('Olivia Owner');
    const club = await addClub({ ownerId, name: 'Morning Yoga Collective' });
    const mia = await addMember(club.id, { userId: await addPerson('Mia Member') });
    const leo = await addMember(club.id, { userId: await addPerson('Leo Lapsed') });
    const posted = await post(club.id, ownerId, 'Sequence');
    await comment(club.id, posted.body.id, mia, 'Lovely');
    await comment(club.id, posted.body.id, leo, 'Thanks');
    // Leo's membership ends (a lapsed payment or a ban ends it the same way: no membership item).
    await removeMembership(club.id, leo);
    const miaBefore = (await bell(mia)).items.length;

    await comment(club.id, posted.body.id, ownerId, 'Tomorrow: the full members-only flow.');

    expect((await bell(leo)).items.filter((n) => n.kind === 'thread_reply')).toEqual([]);
    expect((await bell(mia)).items.length).toBe(miaBefore + 1);
    expect(await mailTo(`${leo}@clubs.test`)).toEqual([]);
  });

  it('an e-mail queued while the reader was a member is not sent once they are not', async () => {
    const ownerId = await addPerson('Olivia Owner');
    const club = await addClub({ ownerId, name: 'Morning Yoga Collective' });
    const mia = await addMember(club.id, { userId: await addPerson('Mia Member') });
    await removeMembership(club.id, mia);
    const outcome = await sendNotificationEmail({
      recipientId: mia,
      to: 'mia@clubs.test',
      notification: {
        id: ulid(),
        kind: 'reply',
        clubId: club.id,
        clubName: club.name,
        actorId: ownerId,
        actorName: 'Olivia Owner',
        actorAvatar: null,
        excerpt: 'members only',
        target: { kind: 'post', postId: ulid() },
        createdAt: new Date().toISOString(),
      },
    });
    expect(outcome).toBe('not-a-member');
    expect(await mailTo('mia@clubs.test')).toEqual([]);
  });
});

describe('a club not in service e-mails nobody', () => {
  it.each([
    ['unpaid', { status: 'unpaid' as const }],
    ['suspended', { suspendedAt: new Date().toISOString() }],
  ])('a club %s: its announcement is refused with 409 and writes nothing', async (_, state) => {
    const ownerId = await addPerson('Olivia Owner');
    const club = await addClub({ ownerId, ...state });
    await addMember(club.id, { userId: await addPerson('Mia Member') });
    const res = await post(club.id, ownerId, 'Everyone read this', true);
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'conflict', message: expect.stringContaining('active club') });
    expect((await listPosts(club.id, { limit: 10 })).items).toEqual([]);
    expect(await sentMail()).toEqual([]);
  });

  it("a suspended club's replies reach the bell but no e-mail leaves", async () => {
    const ownerId = await addPerson('Olivia Owner');
    const club = await addClub({ ownerId, suspendedAt: new Date().toISOString() });
    const mia = await addMember(club.id, { userId: await addPerson('Mia Member') });
    const posted = await post(club.id, ownerId, 'Still here');
    expect(posted.status).toBe(201);
    await comment(club.id, posted.body.id, mia, 'Me too');
    expect((await bell(ownerId)).items).toEqual([expect.objectContaining({ kind: 'reply' })]);
    expect(await sentMail()).toEqual([]);
  });
});
