/**
 * Notification e-mail when SES or the address fails, against DynamoDB Local, the local bus (with
 * its dead-letter file) and the SES emulator. While SES cannot be reached, a reply still rings the
 * bell; its e-mail message is tried again, then parked, listed with its error, and a replay sends
 * it. SES's bounce and complaint events, put on the default bus as SES's EventBridge destination
 * does, suppress the address: the bell still rings and no mail goes; a transient bounce changes
 * nothing; confirming the address again (the Cognito e-mail change) lifts the suppression. A
 * message delivered again, at the same time or after its mail went, sends nothing more.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { putBusEvent } from '@clubs/functions/bus/put-events';
import { isSuppressed } from '@clubs/functions/data/repositories/suppressed-addresses';
import { setSesClient } from '@clubs/functions/email/send-email';
import { handler as notificationsHandler } from '@clubs/functions/routes/notifications';
import { handler as profilesHandler } from '@clubs/functions/routes/profiles';
import { listDeadLetters, replayDeadLetters } from '@clubs/infra/local/dead-letters.ts';
import {
  EVENT_BUS,
  emailFeedbackEvent,
  type Me,
  NOTIFICATION_EMAIL_TYPE,
  type NotificationEmail,
  type NotificationPage,
  SES_EVENTS,
} from '@clubs/shared';
import { ulid } from 'ulid';
import { afterEach, describe, expect, it } from 'vitest';
import { memberClaims } from '../support/http-event.ts';
import { callAs, replyThread, useNotificationStack } from '../support/notification-stack.ts';

const deadLetterFile = join(mkdtempSync(join(tmpdir(), 'clubs-mail-dlq-')), 'dead-letters.jsonl');
const { bus, sesUrl, sentMail } = useNotificationStack({ freshMail: true, deadLetterFile });

afterEach(() => {
  process.env.SES_ENDPOINT = sesUrl();
  setSesClient(undefined);
});

const REPLY = 'commented on your post in Morning Runners';

/** The reply thread, with the replies mailed to an address and the owner's unread count. */
async function thread() {
  const { ownerId, reply, ownerAddress: address } = await replyThread(bus);
  const repliesTo = async (address: string) =>
    (await sentMail()).filter((m) => m.to.includes(address) && m.subject.endsWith(REPLY));
  const unread = async () =>
    (await callAs<NotificationPage>(notificationsHandler, 'listNotifications', ownerId)).body.unreadCount;
  return { ownerId, reply, repliesTo, unread, address };
}

/** What SES reports for `address`, put on the default bus as its EventBridge destination does. */
async function sesReports(kind: 'bounce' | 'complaint' | 'transient', address: string) {
  const event = emailFeedbackEvent(kind === 'complaint' ? 'complaint' : 'bounce', address);
  const detail =
    kind === 'transient' && event.detail.eventType === 'Bounce'
      ? { ...event.detail, bounce: { ...event.detail.bounce, bounceType: 'Transient' } }
      : event.detail;
  await putBusEvent({ ...event, detail: JSON.stringify(detail), bus: 'default' });
  await bus().idle();
}

describe('notification e-mail SES refuses', () => {
  it('is retried, then parked in the dead-letter file, listed with its error, and sent by a replay', async () => {
    const { reply, repliesTo, unread, address } = await thread();
    // SES cannot be reached: every attempt fails.
    process.env.SES_ENDPOINT = 'http://127.0.0.1:9';
    setSesClient(undefined);
    await reply('On my way!');
    expect(await unread()).toBe(1);
    expect(await repliesTo(address)).toHaveLength(0);
    const parked = await listDeadLetters(deadLetterFile);
    expect(parked).toHaveLength(1);
    expect(parked[0]).toMatchObject({
      rule: 'NotificationEmails',
      attempts: 3,
      error: 'the batch reported a failure',
      event: { source: EVENT_BUS.notificationsSource, detail: { notification: { kind: 'reply' } } },
    });

    // SES is back: the replay sends it, once, and the file is empty.
    process.env.SES_ENDPOINT = sesUrl();
    setSesClient(undefined);
    expect(await replayDeadLetters(deadLetterFile)).toEqual({ replayed: 1, failed: 0, unreadable: 0 });
    const [mail] = await repliesTo(address);
    expect(mail?.subject).toBe(`Mia Member ${REPLY}`);
    expect(mail?.text).toContain('On my way!');
    expect(await listDeadLetters(deadLetterFile)).toHaveLength(0);
    expect(await replayDeadLetters(deadLetterFile)).toEqual({ replayed: 0, failed: 0, unreadable: 0 });
  });
});

describe('a notification e-mail delivered more than once', () => {
  it('is sent once: deliveries at the same time and a later repeat find it claimed or sent', async () => {
    const { ownerId, club, mia, ownerAddress } = await replyThread(bus);
    const message: NotificationEmail = {
      recipientId: ownerId,
      notification: {
        id: ulid(),
        kind: 'reply',
        clubId: club.id,
        clubName: club.name,
        actorId: mia,
        actorName: 'Mia Member',
        actorAvatar: null,
        excerpt: 'Only once, please',
        target: { kind: 'post', postId: ulid() },
        createdAt: new Date().toISOString(),
      },
      to: ownerAddress,
    };
    const deliver = () =>
      putBusEvent({
        source: EVENT_BUS.notificationsSource,
        detailType: NOTIFICATION_EMAIL_TYPE,
        detail: JSON.stringify(message),
      });
    // The same message twice at once (a retry of a delivery still under way), then once more.
    await Promise.all([deliver(), deliver()]);
    await bus().idle();
    await deliver();
    const mailed = (await sentMail()).filter((m) => m.text.includes('Only once, please'));
    expect(mailed).toHaveLength(1);
    expect(mailed[0]?.to).toContain(ownerAddress);
  });
});

describe('bounces and complaints', () => {
  it('suppress the address until its owner confirms an address again; the bell still rings', async () => {
    const { ownerId, reply, repliesTo, unread, address } = await thread();
    await reply('First!');
    expect(await repliesTo(address)).toHaveLength(1);

    await sesReports('bounce', address.toUpperCase());
    expect(await isSuppressed(address)).toBe(true);
    await reply('Second!');
    expect(await unread()).toBe(2);
    expect(await repliesTo(address)).toHaveLength(1);

    // A complaint about the address the owner is moving to suppresses it too; a transient bounce
    // (a full mailbox) suppresses nothing.
    const next = `new-${address}`;
    await sesReports('complaint', next);
    expect(await isSuppressed(next)).toBe(true);
    const other = `other-${address}`;
    await sesReports('transient', other);
    expect(await isSuppressed(other)).toBe(false);

    // The owner confirms the new address (Cognito's e-mail change): its suppression is lifted and
    // the next reply is mailed there; the old address stays suppressed.
    const me = await callAs<Me>(profilesHandler, 'getMe', ownerId, {
      claims: memberClaims(ownerId, { email: next }),
    });
    expect(me.body.email).toBe(next);
    expect(await isSuppressed(next)).toBe(false);
    await reply('Third!');
    expect(await repliesTo(next)).toHaveLength(1);
    expect(await repliesTo(address)).toHaveLength(1);
    expect(await isSuppressed(address)).toBe(true);
  });

  it('ignore an event of another shape and an SES event on the app bus', async () => {
    const { reply, repliesTo, address } = await thread();
    await putBusEvent({
      source: EVENT_BUS.sesSource,
      detailType: SES_EVENTS.bounce,
      detail: JSON.stringify({ eventType: 'Bounce', bounce: { bouncedRecipients: 'everyone' } }),
      bus: 'default',
    });
    // The rule listens on the default bus only (as SES's destination puts them there).
    const event = emailFeedbackEvent('bounce', address);
    await putBusEvent({ ...event, detail: JSON.stringify(event.detail) });
    await bus().idle();
    expect(await isSuppressed(address)).toBe(false);
    await reply('Still here');
    expect(await repliesTo(address)).toHaveLength(1);
  });
});
