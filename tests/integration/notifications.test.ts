/**
 * Notifications from change events, against DynamoDB Local and the local bus: the write path's
 * handlers put change events on the bus, the delivery handler writes one notification per person
 * concerned (a club-wide one in batches through the queue's stand-in), and the bell's routes read
 * and mark them. Nobody is notified of their own action, mentions of people who are not active
 * members notify nobody, and a batch delivered again writes and counts nothing.
 */

import { getNotificationState } from '@clubs/functions/data/repositories/notifications';
import { handler as eventsHandler } from '@clubs/functions/routes/calendar-events';
import { handler as feedHandler } from '@clubs/functions/routes/feed';
import { handler as membersHandler } from '@clubs/functions/routes/members';
import { handler as membershipsHandler } from '@clubs/functions/routes/memberships';
import { handler as notificationsHandler } from '@clubs/functions/routes/notifications';
import { deliverBatch, notifyChange } from '@clubs/functions/services/notifications/delivery';
import { mentionCandidates } from '@clubs/functions/services/notifications/mentions';
import type {
  ChangeEvent,
  NotificationPage,
  NotificationRead,
  Post,
  RouteId,
  UnreadCount,
} from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import type { EventOptions, GroupHandler } from '../support/http-event.ts';
import { addClub, addMember, addPerson } from '../support/members.ts';
import { callAs, useNotificationStack } from '../support/notification-stack.ts';

const { bus, sentMail } = useNotificationStack();

const HANDLERS: Partial<Record<string, GroupHandler>> = {
  feed: feedHandler,
  'calendar-events': eventsHandler,
  members: membersHandler,
  memberships: membershipsHandler,
  notifications: notificationsHandler,
};

function call<T>(group: string, id: RouteId, userId: string, options: EventOptions = {}) {
  const handler = HANDLERS[group];
  if (!handler) throw new Error(`no handler ${group}`);
  return callAs<T>(handler, id, userId, options);
}

const bell = async (userId: string, query: Record<string, string> = {}) => {
  await bus().idle();
  const res = await call<NotificationPage>('notifications', 'listNotifications', userId, { query });
  expect(res.status).toBe(200);
  return res.body;
};

/** A club with its owner and `names` as active members (each with a profile and card). */
async function clubWith(...names: string[]) {
  const ownerId = await addPerson('Olivia Owner');
  const club = await addClub({ ownerId, name: 'Morning Runners' });
  const members: string[] = [];
  for (const name of names) members.push(await addMember(club.id, { userId: await addPerson(name) }));
  return { club, ownerId, members };
}

async function post(clubId: string, userId: string, title: string, content = `${title} content`) {
  const res = await call<Post>('feed', 'createPost', userId, {
    params: { clubId },
    body: { title, content },
  });
  expect(res.status).toBe(201);
  return res.body;
}

const comment = (clubId: string, postId: string, userId: string, content: string) =>
  call('feed', 'addComment', userId, { params: { clubId, postId }, body: { content } });

describe('the bell', () => {
  it("tells the post's author of a comment, once, with who, what and where, and marks it read", async () => {
    const { club, ownerId, members } = await clubWith('Mia Member');
    const [mia] = members as [string];
    const first = await post(club.id, ownerId, 'Welcome run');
    expect((await comment(club.id, first.id, mia, 'See you at dawn!')).status).toBe(201);

    const page = await bell(ownerId);
    expect(page.unreadCount).toBe(1);
    expect(page.items).toEqual([
      expect.objectContaining({
        kind: 'reply',
        club: { id: club.id, name: 'Morning Runners' },
        actor: expect.objectContaining({ id: mia, name: 'Mia Member' }),
        excerpt: 'See you at dawn!',
        target: { kind: 'post', postId: first.id },
        read: false,
      }),
    ]);
    // Nobody hears of their own comment.
    expect((await bell(mia)).items).toEqual([]);
    // The author gets the reply by e-mail too, once, with a text and an HTML part.
    const mail = (await sentMail()).filter((m) => m.to.includes(`${ownerId.toLowerCase()}@clubs.test`));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Mia Member commented on your post in Morning Runners');
    expect(mail[0]?.text).toContain('See you at dawn!');
    expect(mail[0]?.text).toContain(`https://clubs.test/communities/${club.id}?post=${first.id}`);
    expect(mail[0]?.html).toContain('Change your notification settings');
    expect(mail[0]?.html).toContain('href="https://clubs.test/settings"');

    const id = page.items[0]?.id ?? '';
    const read = await call<NotificationRead>('notifications', 'markNotificationRead', ownerId, {
      params: { notificationId: id },
    });
    expect(read.body).toEqual({ id, read: true, unreadCount: 0 });
    // Marking it again counts nothing down.
    const again = await call<NotificationRead>('notifications', 'markNotificationRead', ownerId, {
      params: { notificationId: id },
    });
    expect(again.body.unreadCount).toBe(0);
    expect((await bell(ownerId)).items[0]?.read).toBe(true);
    // Someone else's notification is not found for another caller.
    const stranger = await call('notifications', 'markNotificationRead', mia, {
      params: { notificationId: id },
    });
    expect(stranger.status).toBe(404);
  });

  it('tells earlier commenters of a thread, and counts and marks all read in one step', async () => {
    const { club, ownerId, members } = await clubWith('Mia Member', 'Noah Member');
    const [mia, noah] = members as [string, string];
    const first = await post(club.id, ownerId, 'Route ideas');
    await comment(club.id, first.id, mia, 'The river loop');
    await bus().idle();
    await comment(club.id, first.id, noah, 'The hill loop');
    await bus().idle();

    expect((await bell(mia)).items.map((n) => n.kind)).toEqual(['thread_reply']);
    const owner = await bell(ownerId);
    expect(owner.unreadCount).toBe(2);
    expect(owner.items.map((n) => n.kind)).toEqual(['reply', 'reply']);

    const count = await call<UnreadCount>('notifications', 'getUnreadNotificationCount', ownerId);
    expect(count.body).toEqual({ unreadCount: 2 });
    const all = await call<UnreadCount>('notifications', 'markAllNotificationsRead', ownerId);
    expect(all.body).toEqual({ unreadCount: 0 });
    expect((await bell(ownerId)).items.every((n) => n.read)).toBe(true);

    // A later comment is unread again.
    await comment(club.id, first.id, mia, 'Or both');
    expect((await bell(ownerId)).unreadCount).toBe(1);
  });

  it('pages by cursor, newest first, and refuses a cursor of another list', async () => {
    const { club, ownerId, members } = await clubWith('Mia Member');
    const [mia] = members as [string];
    const first = await post(club.id, ownerId, 'Paging');
    for (const text of ['one', 'two', 'three']) {
      await comment(club.id, first.id, mia, text);
      await bus().idle();
    }
    const page1 = await bell(ownerId, { limit: '2' });
    expect(page1.items.map((n) => n.excerpt)).toEqual(['three', 'two']);
    const page2 = await bell(ownerId, { limit: '2', cursor: page1.nextCursor ?? '' });
    expect(page2.items.map((n) => n.excerpt)).toEqual(['one']);
    const foreign = await call('notifications', 'listNotifications', mia, {
      query: { cursor: page1.nextCursor ?? '' },
    });
    expect(foreign.status).toBe(400);
  });

  it('batches likes of a post into one notification a day, and ignores self-likes', async () => {
    const { club, ownerId, members } = await clubWith('Mia Member', 'Noah Member', 'Ava Member');
    const first = await post(club.id, ownerId, 'Like me');
    await call('feed', 'likePost', ownerId, { params: { clubId: club.id, postId: first.id } });
    for (const member of members) {
      await call('feed', 'likePost', member, { params: { clubId: club.id, postId: first.id } });
      await bus().idle();
    }
    const page = await bell(ownerId);
    expect(page.unreadCount).toBe(1);
    expect(page.items).toEqual([
      expect.objectContaining({ kind: 'likes', others: 2, excerpt: 'Like me', read: false }),
    ]);
    expect(page.items[0]?.actor.name).toBe('Ava Member');
  });

  it('tells the managers of a join request and the member of the approval, never the actor', async () => {
    const { club, ownerId } = await clubWith();
    const moderator = await addMember(club.id, {
      userId: await addPerson('Max Moderator'),
      role: 'club_moderator',
    });
    const joiner = await addPerson('Jo Joiner');
    const asked = await call('memberships', 'requestMembership', joiner, { params: { clubId: club.id } });
    expect(asked.status).toBeLessThan(300);
    for (const manager of [ownerId, moderator]) {
      expect((await bell(manager)).items).toEqual([
        expect.objectContaining({
          kind: 'join_request',
          actor: expect.objectContaining({ name: 'Jo Joiner' }),
          target: { kind: 'members' },
        }),
      ]);
    }
    const approved = await call('members', 'approveClubMember', moderator, {
      params: { clubId: club.id, userId: joiner },
    });
    expect(approved.status).toBe(200);
    expect((await bell(joiner)).items).toEqual([
      expect.objectContaining({
        kind: 'approved',
        actor: expect.objectContaining({ name: 'Max Moderator' }),
      }),
    ]);
    expect((await bell(moderator)).items).toHaveLength(1);
  });
});

describe('mentions', () => {
  it('finds the words after each @, up to four, each run once', () => {
    expect(mentionCandidates('Thanks @Ana Lima, and @Zoë  Ünal! mail a@b.c @ana lima')).toEqual([
      ['ana', 'lima'],
      ['zoe', 'unal'],
    ]);
    expect(mentionCandidates('@Mary-Jane O’Neil Smith Jr Sr: hi')).toEqual([['mary', 'jane', 'o', 'neil']]);
    expect(mentionCandidates('no mention here, nor @ alone')).toEqual([]);
  });

  it('notifies active members named in a post or comment, longest name first, and nobody else', async () => {
    const { club, ownerId, members } = await clubWith('Ana Lima', 'Ana Lima Costa', 'Zoë Ünal');
    const [ana, anaCosta, zoe] = members as [string, string, string];
    const pending = await addMember(club.id, { userId: await addPerson('Pia Pending'), status: 'pending' });
    const outsider = await addClub({ ownerId: await addPerson('Other Owner') });
    await addMember(outsider.id, { userId: await addPerson('Sam Stranger') });

    await post(
      club.id,
      ana,
      'Hello',
      'Hi @ana lima costa and @Zoe Unal! Also @Sam Stranger, @Pia Pending, @Ana Lima',
    );
    await bus().idle();
    expect((await bell(anaCosta)).items.map((n) => n.kind)).toEqual(['mention']);
    expect((await bell(zoe)).items.map((n) => n.kind)).toEqual(['mention']);
    // Her own name in her own post notifies nobody; non-members and pending requests neither.
    expect((await bell(ana)).items).toEqual([]);
    expect((await bell(pending)).items).toEqual([]);
    expect((await bell(ownerId)).items).toEqual([]);
  });
});

describe('club-wide fan-out', () => {
  it('writes one notification per member in batches, and a batch delivered again changes nothing', async () => {
    const { club, ownerId } = await clubWith();
    const members: string[] = [];
    for (let i = 0; i < 230; i++) members.push(await addMember(club.id));
    const res = await call('calendar-events', 'createEvent', ownerId, {
      params: { clubId: club.id },
      body: { title: 'Night run', date: '2099-01-15', time: '19:00', timeZone: 'UTC' },
    });
    expect(res.status).toBe(201);
    await bus().idle();
    for (const id of [members[0], members[117], members[229]] as string[]) {
      const page = await bell(id);
      expect(page.items).toEqual([expect.objectContaining({ kind: 'new_event', excerpt: 'Night run' })]);
      expect(page.unreadCount).toBe(1);
    }
    expect((await bell(ownerId)).items).toEqual([]);

    // The same change again, and one batch of it again, as a retried delivery would.
    const change: ChangeEvent = {
      type: 'event.created',
      id: (await bell(members[0] as string)).items[0]?.id ?? '',
      clubId: club.id,
      actorId: ownerId,
      at: new Date().toISOString(),
      eventId: ulid(),
      title: 'Night run',
      startsAt: '2099-01-15T19:00:00.000Z',
    };
    expect(await deliverBatch({ change, recipientIds: members.slice(0, 100) })).toEqual({
      written: 0,
      batches: 0,
    });
    const again = await notifyChange(change);
    expect(again).toEqual({ written: 0, batches: 3 });
    await bus().idle();
    for (const id of members) expect((await getNotificationState(id)).unread).toBe(1);
  });

  it('stores a late batch below the read watermark as read and does not count it', async () => {
    const { club, ownerId } = await clubWith();
    const member = await addMember(club.id);
    const change: ChangeEvent = {
      type: 'event.created',
      id: ulid(Date.now() - 60_000),
      clubId: club.id,
      actorId: ownerId,
      at: new Date(Date.now() - 60_000).toISOString(),
      eventId: ulid(),
      title: 'Late one',
      startsAt: '2099-01-15T19:00:00.000Z',
    };
    await call('notifications', 'markAllNotificationsRead', member);
    expect(await deliverBatch({ change, recipientIds: [member] })).toEqual({ written: 1, batches: 0 });
    const page = await bell(member);
    expect(page.unreadCount).toBe(0);
    expect(page.items).toEqual([expect.objectContaining({ excerpt: 'Late one', read: true })]);
  });
});
