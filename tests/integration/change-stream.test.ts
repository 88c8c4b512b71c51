/**
 * Change events from the table's stream, against DynamoDB Local and the local bus reading its
 * stream: a post, a comment and a like reach their consumers although the bus refused every put
 * while they were written (the handlers put nothing; the stream's consumer retries until the bus
 * takes them); a refused write announces nothing; and every record handed over again, twice and
 * in reverse order, changes nothing the consumers wrote.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { handler as changeStreamHandler } from '@clubs/functions/consumers/change-stream';
import { handler as feedHandler } from '@clubs/functions/routes/feed';
import { handler as notificationsHandler } from '@clubs/functions/routes/notifications';
import { freePort } from '@clubs/infra/local/ports.ts';
import { type AnyChangeEvent, CHANGE_OUTBOX, type NotificationPage, type Post } from '@clubs/shared';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { startBus } from '../support/bus.ts';
import { readDeadLetters, outboxOf as storedOutbox, streamRecords } from '../support/change-stream.ts';
import { addClub, addMember, addPerson } from '../support/members.ts';
import { callAs } from '../support/notification-stack.ts';
import { startedForFile } from '../support/per-file.ts';
import { useSesEmulator } from '../support/ses-store.ts';

let deadLetterFile = '';
// Retries long enough to outlast the outage below (50 ms doubling, ten attempts: about 50 s).
const bus = startedForFile('the bus', async () => {
  deadLetterFile = join(await mkdtemp(join(tmpdir(), 'change-stream-')), 'dead-letters.jsonl');
  return startBus(deadLetterFile, undefined, undefined, { maxAttempts: 10, retryBaseMs: 50 });
});
useSesEmulator();

const bell = async (userId: string) => {
  const res = await callAs<NotificationPage>(notificationsHandler, 'listNotifications', userId);
  expect(res.status).toBe(200);
  return res.body.items.map(({ kind, actor, others, target, read }) => ({
    kind,
    actor,
    others,
    target,
    read,
  }));
};

/**
 * The change events a club's writes stored as outbox items, oldest first; the member cards its
 * arrangement announced are left out (change-stream-members.test.ts follows those).
 */
async function outboxOf(clubId: string): Promise<AnyChangeEvent[]> {
  return (await storedOutbox(clubId)).filter((change) => change.type !== 'membership.card-changed');
}

/** What a stream record holds: its outbox item's change type, or the kind of item written. */
const kindOf = (record: DynamoDBRecord) =>
  record.dynamodb?.NewImage?.[CHANGE_OUTBOX.attribute]?.M?.type?.S ?? record.dynamodb?.NewImage?.type?.S;

describe('change events from the stream', () => {
  it('reach their consumers though the bus refused every put while the writes were made', async () => {
    const ownerId = await addPerson('Olivia Owner');
    const club = await addClub({ ownerId, name: 'Morning Runners' });
    const mia = await addMember(club.id, { userId: await addPerson('Mia Member') });
    const busUrl = bus().url;
    // The bus is unreachable: the old path (a put after the write) would have lost every event.
    process.env.EVENTBRIDGE_ENDPOINT = `http://127.0.0.1:${await freePort()}`;
    let postId: string;
    try {
      const posted = await callAs<Post>(feedHandler, 'createPost', ownerId, {
        params: { clubId: club.id },
        body: { title: 'Welcome run', content: 'Dawn at the bridge, @Mia Member!' },
      });
      expect(posted.status).toBe(201);
      postId = posted.body.id;
      const params = { clubId: club.id, postId };
      expect(
        (await callAs(feedHandler, 'addComment', mia, { params, body: { content: 'I am in' } })).status,
      ).toBe(201);
      expect((await callAs(feedHandler, 'likePost', mia, { params })).status).toBe(200);
      // The stream's consumer tries meanwhile, and is refused.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await bell(ownerId)).toEqual([]);
    } finally {
      process.env.EVENTBRIDGE_ENDPOINT = busUrl;
    }
    await bus().idle();

    expect((await bell(mia)).map((n) => n.kind)).toEqual(['mention']);
    expect((await bell(ownerId)).map((n) => n.kind).sort()).toEqual(['likes', 'reply']);
    expect(readDeadLetters(deadLetterFile)).toEqual([]);
    expect((await outboxOf(club.id)).map((change) => change.type)).toEqual([
      'post.created',
      'comment.created',
      'post.liked',
    ]);

    // A refused write announces nothing: a second like, a like of a post that is not there.
    const liked = await callAs<{ changed: boolean }>(feedHandler, 'likePost', mia, {
      params: { clubId: club.id, postId },
    });
    expect(liked.body.changed).toBe(false);
    const missing = { clubId: club.id, postId: '01JZZZZZZZZZZZZZZZZZZZZZZZ' };
    expect((await callAs(feedHandler, 'likePost', mia, { params: missing })).status).toBe(404);
    expect(
      (await callAs(feedHandler, 'unlikePost', ownerId, { params: { clubId: club.id, postId } })).status,
    ).toBe(200);
    await bus().idle();
    expect((await outboxOf(club.id)).map((change) => change.type)).toEqual([
      'post.created',
      'comment.created',
      'post.liked',
    ]);

    // Every record handed over again, twice and in reverse order: the consumers apply each once.
    const before = { owner: await bell(ownerId), mia: await bell(mia) };
    // The arrangement's people (profiles) and member cards come along: handed over again too.
    const records = await streamRecords();
    expect(
      records.map(kindOf).filter((kind) => kind !== 'membership.card-changed' && kind !== 'profile'),
    ).toEqual(['post.created', 'comment.created', 'post.liked']);
    const again = [...records].reverse();
    expect(await changeStreamHandler({ Records: [...again, ...again] })).toEqual({ batchItemFailures: [] });
    await bus().idle();
    expect({ owner: await bell(ownerId), mia: await bell(mia) }).toEqual(before);
    expect(readDeadLetters(deadLetterFile)).toEqual([]);
    // The outage, the stream's retries and a second round of every consumer: longer than most.
  }, 120_000);
});
