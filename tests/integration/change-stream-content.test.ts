/**
 * Change events from the table's stream for a club's content, against DynamoDB Local and the local
 * bus reading its stream: an event created and moved, a course created and renamed, a held post
 * approved, a comment and a post hidden by a report, and a chat message sent, read and deleted all
 * reach their consumers (the reminder's schedule, the search index, the bell, the open pages)
 * although the bus refused every put while they were written; the refused writes beside them
 * announce nothing; and every record handed over again, twice and in reverse order, changes
 * nothing the consumers wrote. The WebSocket management API is a double that records what it is
 * given.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetScheduleCommand, ResourceNotFoundException, SchedulerClient } from '@aws-sdk/client-scheduler';
import { handler as changeStreamHandler } from '@clubs/functions/consumers/change-stream';
import { addSubscription, putConnection } from '@clubs/functions/data/repositories/live-connections';
import { handler as eventsHandler } from '@clubs/functions/routes/calendar-events';
import { handler as chatHandler } from '@clubs/functions/routes/chat';
import { handler as coursesHandler } from '@clubs/functions/routes/courses';
import { handler as feedHandler } from '@clubs/functions/routes/feed';
import { handler as membersHandler } from '@clubs/functions/routes/members';
import { handler as notificationsHandler } from '@clubs/functions/routes/notifications';
import { LOCAL_SCHEDULE_GROUP } from '@clubs/infra/local/config.ts';
import { freePort } from '@clubs/infra/local/ports.ts';
import {
  type ChatMessage,
  type Comment,
  type Course,
  type EventView,
  eventReminderScheduleName,
  MODERATION,
  type NotificationPage,
  type Post,
  type SearchResults,
} from '@clubs/shared';
import { ulid } from 'ulid';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startBus } from '../support/bus.ts';
import { outboxOf, readDeadLetters, streamRecords } from '../support/change-stream.ts';
import { postedTo, sockets } from '../support/live-sockets.ts';
import { addClub, addMember, addPerson } from '../support/members.ts';
import { callAs } from '../support/notification-stack.ts';
import { startedForFile } from '../support/per-file.ts';
import { useSesEmulator } from '../support/ses-store.ts';

vi.mock('@clubs/functions/services/live/post-to-connection', async (importOriginal) =>
  (await import('../support/live-sockets.ts')).recordingPostToConnection(importOriginal),
);

let deadLetterFile = '';
// Retries long enough to outlast the outage below (50 ms doubling, ten attempts: about 50 s).
const bus = startedForFile('the bus', async () => {
  deadLetterFile = join(await mkdtemp(join(tmpdir(), 'change-stream-content-')), 'dead-letters.jsonl');
  return startBus(deadLetterFile, undefined, undefined, { maxAttempts: 10, retryBaseMs: 50 });
});
useSesEmulator();

let client: SchedulerClient | undefined;
afterAll(() => client?.destroy());

/** The event's reminder schedule's time, or null when it has none. */
async function reminderAt(eventId: string): Promise<string | null> {
  client ??= new SchedulerClient({
    endpoint: bus().url,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const schedule = await client.send(
      new GetScheduleCommand({ Name: eventReminderScheduleName(eventId), GroupName: LOCAL_SCHEDULE_GROUP }),
    );
    return schedule.ScheduleExpression ?? null;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return null;
    throw error;
  }
}

const bell = async (userId: string) => {
  const res = await callAs<NotificationPage>(notificationsHandler, 'listNotifications', userId);
  expect(res.status).toBe(200);
  return res.body.items.map(({ kind, actor, target }) => ({ kind, actor, target }));
};

const search = async (clubId: string, userId: string, q: string) => {
  const res = await callAs<SearchResults>(feedHandler, 'searchClub', userId, {
    params: { clubId },
    query: { q },
  });
  expect(res.status).toBe(200);
  const { posts, courses, events } = res.body;
  return {
    posts: posts.map((p) => [p.id, p.matched, p.comments.map((c) => c.id)]),
    courses: courses.map((c) => [c.id, c.title]),
    events: events.map((e) => [e.id, e.title, e.startsAt]),
  };
};

const unreadOf = async (userId: string) =>
  (await callAs<{ conversations: number }>(chatHandler, 'getChatUnreadCount', userId)).body.conversations;

async function connected(userId: string, clubId?: string): Promise<string> {
  const connectionId = `conn-${ulid()}`;
  await putConnection({ connectionId, userId, isSuperAdmin: false });
  if (clubId) {
    expect(await addSubscription({ connectionId, userId, isSuperAdmin: false, clubIds: [] }, clubId)).toBe(
      'subscribed',
    );
  }
  return connectionId;
}

/** The change types this file's writes announce (the fixtures' own are left out). */
const CONTENT_TYPES = new Set([
  'event.created',
  'event.changed',
  'course.changed',
  'post.created',
  'post.edited',
  'comment.deleted',
  'chat.message-sent',
  'chat.read',
  'chat.message-deleted',
]);

const MISSING = '01JZZZZZZZZZZZZZZZZZZZZZZZ';
/** Members of long standing: their reports count toward hiding an item. */
const LONG_AGO = new Date(Date.now() - (MODERATION.reporterTenureDays + 1) * 86_400_000);

describe('content changes from the stream', () => {
  it('reach their consumers though the bus refused every put while the writes were made', async () => {
    const ownerId = await addPerson('Olivia Owner');
    const club = await addClub({
      ownerId,
      name: 'Morning Runners',
      holdFirstPosts: true,
      reportThreshold: 1,
    });
    const clubId = club.id;
    const mia = await addMember(clubId, { userId: await addPerson('Mia Member'), since: LONG_AGO });
    const ben = await addMember(clubId, { userId: await addPerson('Ben Bell'), since: LONG_AGO });
    const nia = await addMember(clubId, { userId: await addPerson('Nia Newcomer') });
    // Mia and Ben have each had a post approved, so theirs are not held.
    const approved = async (userId: string, title: string) => {
      const res = await callAs<Post>(feedHandler, 'createPost', userId, {
        params: { clubId },
        body: { title, content: `${title}, in full.` },
      });
      expect(res.status).toBe(201);
      expect(
        (
          await callAs(membersHandler, 'decideReport', ownerId, {
            params: { clubId, itemId: res.body.id },
            body: { action: 'keep' },
          })
        ).status,
      ).toBe(200);
      return res.body;
    };
    const miasPost = await approved(mia, 'Ridge intervals');
    await approved(ben, 'Track session');
    const comment = await callAs<Comment>(feedHandler, 'addComment', ben, {
      params: { clubId, postId: miasPost.id },
      body: { content: 'Tempo splits please' },
    });
    expect(comment.status).toBe(201);
    const started = await callAs<{ id: string }>(chatHandler, 'startConversation', mia, {
      body: { userId: ben, clubId },
    });
    expect(started.status).toBe(201);
    const conversationId = started.body.id;
    const ownerTab = await connected(ownerId, clubId);
    const miaTab = await connected(mia);
    const benTab = await connected(ben);
    await bus().idle();
    sockets.posted.length = 0;
    const outboxBefore = new Set((await outboxOf(clubId)).map((change) => change.id));

    const busUrl = bus().url;
    // The bus is unreachable: the old path (a put after the write) would have lost every event.
    process.env.EVENTBRIDGE_ENDPOINT = `http://127.0.0.1:${await freePort()}`;
    let eventId: string;
    let courseId: string;
    let heldId: string;
    let messageId: string;
    try {
      // An event created, then moved.
      const created = await callAs<EventView>(eventsHandler, 'createEvent', ownerId, {
        params: { clubId },
        body: { title: 'Moonrise relay', date: '2099-01-15', time: '19:00', timeZone: 'UTC' },
      });
      expect(created.status).toBe(201);
      eventId = created.body.id;
      const moved = await callAs<EventView>(eventsHandler, 'updateEvent', ownerId, {
        params: { clubId, eventId },
        body: { date: '2099-02-01', time: '08:30' },
      });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ title: 'Moonrise relay', startDate: '2099-02-01T08:30:00.000Z' });

      // A course created, then renamed.
      const course = await callAs<Course>(coursesHandler, 'createCourse', ownerId, {
        params: { clubId },
        body: { title: 'Couch to five', mainTopic: 'Running' },
      });
      expect(course.status).toBe(201);
      courseId = course.body.id;
      const renamed = await callAs<Course>(coursesHandler, 'updateCourse', ownerId, {
        params: { clubId, courseId },
        body: { title: 'Couch to marathon' },
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ id: courseId, title: 'Couch to marathon', mainTopic: 'Running' });

      // A newcomer's first post waits for approval, then is approved from the queue.
      const held = await callAs<Post>(feedHandler, 'createPost', nia, {
        params: { clubId },
        body: { title: 'Hello everyone', content: 'Glad to be here, @Mia Member!' },
      });
      expect(held.body.hidden).toBe('held');
      heldId = held.body.id;
      const kept = await callAs(membersHandler, 'decideReport', ownerId, {
        params: { clubId, itemId: heldId },
        body: { action: 'keep' },
      });
      expect(kept.status).toBe(200);

      // One report hides Ben's comment, another Mia's post (the club's threshold is one).
      const reportedComment = await callAs(feedHandler, 'reportComment', mia, {
        params: { clubId, postId: miasPost.id, commentId: comment.body.id },
        body: { reason: 'spam' },
      });
      expect(reportedComment.status).toBe(201);
      expect(
        (
          await callAs(feedHandler, 'reportPost', ben, {
            params: { clubId, postId: miasPost.id },
            body: { reason: 'spam' },
          })
        ).status,
      ).toBe(201);

      // A chat message sent, read, then deleted by its sender.
      const sent = await callAs<ChatMessage>(chatHandler, 'sendMessage', mia, {
        params: { conversationId },
        body: { text: 'Ten at the bridge?' },
      });
      expect(sent.status).toBe(201);
      messageId = sent.body.id;
      expect(await unreadOf(ben)).toBe(1);
      const read = await callAs<{ unread: boolean }>(chatHandler, 'markConversationRead', ben, {
        params: { conversationId },
        body: { messageId },
      });
      expect(read.body).toEqual({ unread: false });
      expect(await unreadOf(ben)).toBe(0);
      expect(
        (await callAs(chatHandler, 'deleteMessage', mia, { params: { conversationId, messageId } })).status,
      ).toBe(200);

      // The stream's consumer tries meanwhile, and is refused.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await reminderAt(eventId)).toBeNull();
      expect(sockets.posted).toEqual([]);
    } finally {
      process.env.EVENTBRIDGE_ENDPOINT = busUrl;
    }
    await bus().idle();

    const announced = async () =>
      (await outboxOf(clubId))
        .filter((change) => !outboxBefore.has(change.id) && CONTENT_TYPES.has(change.type))
        .map((change) => change.type);
    expect(await announced()).toEqual([
      'event.created',
      'event.changed',
      'course.changed',
      'course.changed',
      'post.created',
      'comment.deleted',
      'post.edited',
      'chat.message-sent',
      'chat.read',
      'chat.message-deleted',
    ]);
    expect(readDeadLetters(deadLetterFile)).toEqual([]);

    // The reminder's schedule exists, a day before the moved start.
    expect(await reminderAt(eventId)).toBe('at(2099-01-31T08:30:00)');
    // The search index follows the event, the course and the approved post; the hidden comment
    // and post are out of it.
    expect(await search(clubId, ownerId, 'moonrise')).toMatchObject({
      events: [[eventId, 'Moonrise relay', '2099-02-01T08:30:00.000Z']],
    });
    expect((await search(clubId, ownerId, 'marathon')).courses).toEqual([[courseId, 'Couch to marathon']]);
    expect((await search(clubId, ownerId, 'glad')).posts).toEqual([[heldId, true, []]]);
    expect((await search(clubId, ownerId, 'tempo')).posts).toEqual([]);
    expect((await search(clubId, ownerId, 'ridge')).posts).toEqual([]);
    // The approved post's mention reaches Mia's bell.
    const mentions = (await bell(mia)).filter((n) => n.kind === 'mention');
    expect(mentions).toHaveLength(1);
    expect(JSON.stringify(mentions[0]?.target)).toContain(heldId);
    // The club's open pages hear of each change; the chat's two people of the message, the read
    // and the deletion.
    expect(postedTo([ownerTab])).toEqual(
      expect.arrayContaining([
        { type: 'club.changed', clubId, area: 'events' },
        { type: 'club.changed', clubId, area: 'courses' },
        { type: 'post.created', clubId, postId: heldId, authorId: nia },
        { type: 'post.edited', clubId, postId: miasPost.id },
        expect.objectContaining({ type: 'post.counts', clubId, postId: miasPost.id }),
      ]),
    );
    const chatTold = [
      { type: 'chat.message', conversationId, messageId, senderId: mia },
      { type: 'chat.read', conversationId, messageId, readerId: ben },
      { type: 'chat.deleted', conversationId, messageId },
    ];
    // (Their tabs also hear of their bells; only the chat's messages name the conversation.)
    const chatPosts = (tab: string) =>
      postedTo([tab]).filter((m) => JSON.stringify(m).includes(conversationId));
    for (const tab of [benTab, miaTab]) {
      expect(chatPosts(tab)).toHaveLength(chatTold.length);
      expect(chatPosts(tab)).toEqual(expect.arrayContaining(chatTold));
    }
    expect(chatPosts(ownerTab)).toEqual([]);

    // Refused writes announce nothing: a missing event moved, a missing course renamed, a decided
    // post decided again, a second report, a read of nothing new, a message of another's deleted.
    expect(
      (
        await callAs(eventsHandler, 'updateEvent', ownerId, {
          params: { clubId, eventId: MISSING },
          body: { title: 'Nothing' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await callAs(eventsHandler, 'deleteEvent', ownerId, { params: { clubId, eventId: MISSING } })).status,
    ).toBe(404);
    expect(
      (
        await callAs(coursesHandler, 'updateCourse', ownerId, {
          params: { clubId, courseId: MISSING },
          body: { title: 'Nothing' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await callAs(membersHandler, 'decideReport', ownerId, {
          params: { clubId, itemId: heldId },
          body: { action: 'keep' },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await callAs(feedHandler, 'reportComment', mia, {
          params: { clubId, postId: miasPost.id, commentId: comment.body.id },
          body: { reason: 'spam' },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await callAs<{ unread: boolean }>(chatHandler, 'markConversationRead', ben, {
          params: { conversationId },
          body: { messageId },
        })
      ).body,
    ).toEqual({ unread: false });
    expect(
      (await callAs(chatHandler, 'deleteMessage', ben, { params: { conversationId, messageId } })).status,
    ).toBe(404);
    await bus().idle();
    expect(await announced()).toHaveLength(10);

    // Every record handed over again, twice and in reverse order: the consumers apply each once.
    const state = async () => ({
      reminder: await reminderAt(eventId),
      moonrise: await search(clubId, ownerId, 'moonrise'),
      marathon: await search(clubId, ownerId, 'marathon'),
      glad: await search(clubId, ownerId, 'glad'),
      tempo: await search(clubId, ownerId, 'tempo'),
      ridge: await search(clubId, ownerId, 'ridge'),
      bells: [await bell(ownerId), await bell(mia), await bell(ben), await bell(nia)],
      unread: [await unreadOf(mia), await unreadOf(ben)],
    });
    const before = await state();
    const records = await streamRecords();
    const again = [...records].reverse();
    expect(await changeStreamHandler({ Records: [...again, ...again] })).toEqual({ batchItemFailures: [] });
    await bus().idle();
    expect(await state()).toEqual(before);
    expect(readDeadLetters(deadLetterFile)).toEqual([]);
    // The outage, the stream's retries and a second round of every consumer: longer than most.
  }, 180_000);
});
