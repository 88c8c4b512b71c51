/**
 * Digest e-mails against DynamoDB Local, the local bus and the SES emulator: a schedule's run
 * (`digest.due` on the bus) mails each member who chose that cadence, for a club or for their
 * account, the club's most liked posts written by others since their last digest of it; nothing
 * to those who chose otherwise, nothing when nothing is new, nothing twice for a repeated run,
 * nothing of a club they left or of a post moderation hid; the local stack's interval runs the
 * same schedules; and a preference change moves the person in and out of the cadence's
 * subscribers in the same write.
 */

import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { putBusEvents } from '@clubs/functions/bus/put-events';
import { db, tableName } from '@clubs/functions/data/client';
import { type DigestSubscriber, digestSubscribersPage } from '@clubs/functions/data/repositories/digests';
import { relistDigestChoices } from '@clubs/functions/data/repositories/notification-preferences';
import { handler as feedHandler } from '@clubs/functions/routes/feed';
import { handler as membersHandler } from '@clubs/functions/routes/members';
import { handler as notificationsHandler } from '@clubs/functions/routes/notifications';
import { signUnsubscribeToken } from '@clubs/functions/services/notifications/unsubscribe-token';
import { startLocalSchedules } from '@clubs/infra/local/schedules.ts';
import { type DigestCadence, type Post, RECURRING_SCHEDULES, scheduledEvent } from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import { describe, expect, it } from 'vitest';
import { addClub, addMember, addPerson } from '../support/members.ts';
import { callAs as call, useNotificationStack } from '../support/notification-stack.ts';

const { bus, sentMail } = useNotificationStack({ freshMail: true });

const DAY_MS = 24 * 3600 * 1000;
const emailOf = (userId: string) => `${userId.toLowerCase()}@clubs.test`;

/** Runs a digest's schedule as if scheduled at `at`, and waits for everything it caused. */
async function runDigest(cadence: DigestCadence, at: Date) {
  const schedule = RECURRING_SCHEDULES.find((s) => s.target.detail.cadence === cadence);
  if (!schedule) throw new Error(`no ${cadence} schedule`);
  const event = scheduledEvent(schedule, at);
  await putBusEvents([{ ...event, detail: JSON.stringify(event.detail) }]);
  await bus().idle();
}

const digestsTo = async (userId: string) =>
  (await sentMail()).filter((mail) => mail.to.includes(emailOf(userId)));

const post = async (clubId: string, authorId: string, title: string) => {
  const res = await call<Post>(feedHandler, 'createPost', authorId, {
    params: { clubId },
    body: { title, content: 'Details inside.' },
  });
  expect(res.status).toBe(201);
  return res.body.id;
};

const like = async (clubId: string, postId: string, userIds: readonly string[]) => {
  for (const userId of userIds) {
    expect((await call(feedHandler, 'likePost', userId, { params: { clubId, postId } })).status).toBe(200);
  }
};

const setAccount = (userId: string, preference: string) =>
  call(notificationsHandler, 'updateNotificationSettings', userId, { body: { preference } });
const setClub = (userId: string, clubId: string, preference: string | null) =>
  call(notificationsHandler, 'updateClubNotificationSettings', userId, {
    params: { clubId },
    body: { preference },
  });

/** A club with its owner and `names` as members (each a person with a profile). */
async function clubOf(names: readonly string[]) {
  const ownerId = await addPerson('Olivia Owner');
  const club = await addClub({ ownerId, name: 'Morning Runners' });
  const people = [];
  for (const name of names) people.push(await addMember(club.id, { userId: await addPerson(name) }));
  return { ownerId, club, people };
}

/** A moment after everything written so far, and before anything written next. */
async function now() {
  const at = new Date(Date.now() + 1);
  await new Promise((resolve) => setTimeout(resolve, 5));
  return at;
}

describe('digests', () => {
  it("list the club's most liked new posts by others, most liked first, five at most, to those who chose the cadence alone", {
    timeout: 90_000,
  }, async () => {
    const { ownerId, club, people } = await clubOf([
      'Dana Daily',
      'Ivan Immediate',
      'Bea Bell',
      'Otto Off',
      'Wes Weekly',
      'Al',
      'Bo',
      'Cy',
    ]);
    const [dana, ivan, bea, otto, wes, ...likers] = people as [
      string,
      string,
      string,
      string,
      string,
      ...string[],
    ];
    expect(await setClub(dana, club.id, 'daily')).toMatchObject({ status: 200 });
    await setAccount(bea, 'bell');
    await setClub(otto, club.id, 'off');
    await setAccount(wes, 'weekly');
    // Six posts of the owner's, most liked last (equals: the newer first), and Dana's own, the
    // most liked of all.
    const posts: string[] = [];
    for (const [i, likes] of [0, 1, 1, 2, 3, 3].entries()) {
      const id = await post(club.id, ownerId, `Run number ${i}`);
      await like(club.id, id, likers.slice(0, likes));
      posts.push(id);
    }
    await like(club.id, await post(club.id, dana, 'My own run'), likers);
    await bus().idle();

    await runDigest('daily', await now());
    const [digest, ...others] = await digestsTo(dana);
    expect(others).toHaveLength(0);
    expect(digest?.subject).toBe("Today's most liked posts in Morning Runners");
    const listed = [...(digest?.text.matchAll(/Run number (\d)/g) ?? [])].map((m) => m[1]);
    expect(listed).toEqual(['5', '4', '3', '2', '1']);
    expect(digest?.text).not.toContain('My own run');
    expect(digest?.text).toContain('Olivia Owner · 3 likes · 0 comments');
    expect(digest?.text).toContain('1 more new post in Morning Runners');
    expect(digest?.html).toContain(`/communities/${club.id}?post=${posts[5]}`);
    // The one-click unsubscribe headers and the footer's links, like every notification e-mail.
    expect(digest?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(digest?.headers['list-unsubscribe']).toMatch(
      /^<https:\/\/clubs\.test\/api\/unsubscribe\?token=.+>$/,
    );
    expect(digest?.text).toContain('https://clubs.test/settings');
    for (const id of [ivan, bea, otto, wes]) expect(await digestsTo(id)).toHaveLength(0);

    // The weekly run mails the weekly subscriber (their account's choice) alone.
    await runDigest('weekly', await now());
    expect(await digestsTo(wes)).toHaveLength(1);
    expect((await digestsTo(wes))[0]?.subject).toBe("This week's most liked posts in Morning Runners");
    expect(await digestsTo(dana)).toHaveLength(1);
  });

  it('sends nothing twice for a repeated run, nothing when nothing is new, and then only what is new', async () => {
    const { ownerId, club, people } = await clubOf(['Dana Daily']);
    const [dana] = people as [string];
    await setClub(dana, club.id, 'daily');
    await post(club.id, ownerId, 'First light');
    const day1 = await now();
    await runDigest('daily', day1);
    expect(await digestsTo(dana)).toHaveLength(1);

    // The same day's run again, even with its record gone: the e-mail's claim sends it once.
    await runDigest('daily', day1);
    await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.digestMarker(dana, club.id) }));
    await runDigest('daily', day1);
    expect(await digestsTo(dana)).toHaveLength(1);

    // The next day, nothing new: nothing sent.
    await runDigest('daily', new Date(day1.getTime() + DAY_MS));
    expect(await digestsTo(dana)).toHaveLength(1);

    // A new post: the day after lists it alone.
    await post(club.id, ownerId, 'Second wind');
    await runDigest('daily', new Date(day1.getTime() + 2 * DAY_MS));
    const mails = await digestsTo(dana);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain('Second wind');
    expect(mails[1]?.text).not.toContain('First light');
  });

  it('leave out posts moderation hid, clubs the member left and clubs whose own choice is not a digest', async () => {
    const { ownerId, club, people } = await clubOf(['Dana Daily', 'Rita Reporter']);
    const [dana, rita] = people as [string, string];
    const left = await addClub({ ownerId, name: 'Evening Swimmers' });
    await addMember(left.id, { userId: dana });
    const quiet = await addClub({ ownerId, name: 'Quiet Readers' });
    await addMember(quiet.id, { userId: dana });
    // Her account's choice: every club of hers without one of its own.
    await setAccount(dana, 'daily');
    await setClub(dana, quiet.id, 'bell');

    await post(club.id, ownerId, 'Visible run');
    const hidden = await post(club.id, ownerId, 'Hidden run');
    expect(
      (
        await call(feedHandler, 'reportPost', rita, {
          params: { clubId: club.id, postId: hidden },
          body: { reason: 'spam' },
        })
      ).status,
    ).toBe(201);
    const decided = await call(membersHandler, 'decideReport', ownerId, {
      params: { clubId: club.id, itemId: hidden },
      body: { action: 'hide' },
    });
    expect(decided.status).toBe(200);
    await post(left.id, ownerId, 'Pool night');
    await post(quiet.id, ownerId, 'Chapter one');
    expect((await call(membersHandler, 'leaveClub', dana, { params: { clubId: left.id } })).status).toBe(200);

    await runDigest('daily', await now());
    const mails = await digestsTo(dana);
    expect(mails.map((m) => m.subject)).toEqual(["Today's most liked posts in Morning Runners"]);
    expect(mails[0]?.text).toContain('Visible run');
    expect(mails[0]?.text).not.toContain('Hidden run');
  });

  it("run on the local stack's interval too: the first run of a period mails, the next ones do not", async () => {
    const { ownerId, club, people } = await clubOf(['Dana Daily']);
    const [dana] = people as [string];
    await setClub(dana, club.id, 'daily');
    await post(club.id, ownerId, 'Interval run');
    const schedules = startLocalSchedules({ intervalMs: 200, log: () => undefined });
    try {
      await expect.poll(async () => (await digestsTo(dana)).length, { timeout: 15_000 }).toBe(1);
      // Later runs of the same day find her digest of it sent.
      await new Promise((resolve) => setTimeout(resolve, 600));
    } finally {
      await schedules.stop();
    }
    expect(await digestsTo(dana)).toHaveLength(1);
  });

  it("a preference change moves the person in and out of the cadence's subscribers in the same write", async () => {
    const { club, people } = await clubOf(['Dana Daily']);
    const [dana] = people as [string];
    const subscribers = async (cadence: DigestCadence) => {
      const all: DigestSubscriber[] = [];
      let cursor: string | undefined;
      do {
        const page = await digestSubscribersPage(cadence, { limit: 1000, cursor });
        all.push(...page.items);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return all.filter((s) => s.userId === dana);
    };
    expect(await subscribers('daily')).toEqual([]);
    await setAccount(dana, 'daily');
    expect(await subscribers('daily')).toEqual([{ userId: dana, clubId: null }]);
    await setAccount(dana, 'weekly');
    expect(await subscribers('daily')).toEqual([]);
    expect(await subscribers('weekly')).toEqual([{ userId: dana, clubId: null }]);
    await setClub(dana, club.id, 'daily');
    expect(await subscribers('daily')).toEqual([{ userId: dana, clubId: club.id }]);
    // The digest's one-click unsubscribe (bell only in that club) takes her out.
    const token = await signUnsubscribeToken({ userId: dana, clubId: club.id, email: emailOf(dana) });
    const done = await call(notificationsHandler, 'unsubscribe', null, {
      query: { token },
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.status).toBe(200);
    expect(await subscribers('daily')).toEqual([]);
    await setAccount(dana, 'off');
    expect(await subscribers('weekly')).toEqual([]);

    // A digest choice stored before the partition existed is listed by the backfill, once.
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.notificationPreference(dana, club.id),
          type: 'notificationPreference',
          userId: dana,
          clubId: club.id,
          preference: 'weekly',
          updatedAt: new Date().toISOString(),
        },
      }),
    );
    expect(await subscribers('weekly')).toEqual([]);
    expect(await relistDigestChoices([dana], club.id)).toBe(1);
    expect(await subscribers('weekly')).toEqual([{ userId: dana, clubId: club.id }]);
    expect(await relistDigestChoices([dana], club.id)).toBe(0);
  });
});
