/**
 * A club-wide notification whose deliveries all outlive their time limit, against DynamoDB Local,
 * the local bus and the SES emulator: every attempt (the change, each batch, each e-mail) fails
 * by timing out and is retried while the earlier runs go on, as under heavy load. Once the bus
 * is idle every member has the announcement counted once and one e-mail, however many runs of
 * the same delivery overlapped.
 */
import { getNotificationState } from '@clubs/functions/data/repositories/notifications';
import { handler as feedHandler } from '@clubs/functions/routes/feed';
import type { Post } from '@clubs/shared';
import { describe, expect, it } from 'vitest';
import { startBus } from '../support/bus.ts';
import { addClub, addMember, addPerson } from '../support/members.ts';
import { callAs } from '../support/notification-stack.ts';
import { startedForFile } from '../support/per-file.ts';
import { readSentEmails, useSesEmulator } from '../support/ses-store.ts';

// This test is about counting and mailing each member once while runs overlap, not about the
// send rate (tests/functions/send-pace.test.ts holds that): the SES emulator takes any rate, and
// at the account's 14/s every retried run would wait its turn for each of its e-mails.
process.env.EMAIL_SEND_RATE = '1000';

/** More than one batch of recipients (NOTIFICATION_BATCH_SIZE is 100). */
const MEMBERS = 110;

// Every run times out at once: its attempt fails and is retried while it goes on.
const bus = startedForFile('the timing-out bus', () =>
  startBus(undefined, ['DomainNotifications', 'NotificationBatches', 'NotificationEmails'], 1),
);
const sesUrl = useSesEmulator();

describe('a fan-out whose deliveries time out and are retried', () => {
  it('counts the notification once per member and mails each once', async () => {
    const ownerId = await addPerson('Olivia Owner');
    const club = await addClub({ ownerId, name: 'Slow Runners' });
    const members = await Promise.all(
      Array.from({ length: MEMBERS }, async (_, i) =>
        addMember(club.id, { userId: await addPerson(`Member ${i}`) }),
      ),
    );
    const res = await callAs<Post>(feedHandler, 'createPost', ownerId, {
      params: { clubId: club.id },
      body: { title: 'Race day', content: 'Bibs at the gate.', announce: true },
    });
    expect(res.status).toBe(201);
    await bus().idle();

    const unread = await Promise.all(members.map(async (id) => (await getNotificationState(id)).unread));
    expect(unread.filter((count) => count !== 1)).toEqual([]);
    const mail = (await readSentEmails(sesUrl())).filter((m) => m.subject.includes('Slow Runners'));
    expect(mail).toHaveLength(MEMBERS);
    expect(new Set(mail.flatMap((m) => m.to)).size).toBe(MEMBERS);
    // Hundreds of overlapping runs against one DynamoDB Local: with a test file beside it on the
    // other core this took over 30 s on the 2-core CI machine.
  }, 120_000);
});
