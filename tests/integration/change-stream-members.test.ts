/**
 * Membership, payment and profile changes from the table's stream, against DynamoDB Local and the
 * local bus reading its stream: a join request, an approval, a removal, a ban, a member leaving,
 * a name change and a paid membership's subscription ending reach the search index, the
 * notifications, the member count and live connections although the bus refused every put while
 * they were written (the writes put nothing on the bus themselves); a refused write stores no
 * outbox item; every record handed over again, twice and in reverse order, changes nothing; and
 * a new person's profile (who belongs to no club yet) is not handed over, nor expanded if it were.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { marshall } from '@aws-sdk/util-dynamodb';
import { handler as changeStreamHandler } from '@clubs/functions/consumers/change-stream';
import { db } from '@clubs/functions/data/client';
import { saveSubscriptionState } from '@clubs/functions/data/repositories/billing';
import { getClub } from '@clubs/functions/data/repositories/clubs';
import {
  addSubscription,
  getConnection,
  putConnection,
} from '@clubs/functions/data/repositories/live-connections';
import { getProfile, profileItem } from '@clubs/functions/data/repositories/profiles';
import { applyRecord } from '@clubs/functions/payments/subscription-sync';
import { handler as feedHandler } from '@clubs/functions/routes/feed';
import { handler as membersHandler } from '@clubs/functions/routes/members';
import { handler as membershipsHandler } from '@clubs/functions/routes/memberships';
import { handler as notificationsHandler } from '@clubs/functions/routes/notifications';
import { handler as profilesHandler } from '@clubs/functions/routes/profiles';
import { removeMember } from '@clubs/functions/services/members';
import { freePort } from '@clubs/infra/local/ports.ts';
import { meterRequests } from '@clubs/infra/local/request-meter.ts';
import type { Club, NotificationPage, SearchResults } from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { startBus } from '../support/bus.ts';
import { outboxOf, readDeadLetters, streamRecords } from '../support/change-stream.ts';
import { memberClaims } from '../support/http-event.ts';
import { addClub, addMember, addPerson } from '../support/members.ts';
import { callAs } from '../support/notification-stack.ts';
import { startedForFile } from '../support/per-file.ts';
import { useSesEmulator } from '../support/ses-store.ts';

let deadLetterFile = '';
// Retries long enough to outlast the outage below (50 ms doubling, ten attempts: about 50 s).
const bus = startedForFile('the bus', async () => {
  deadLetterFile = join(await mkdtemp(join(tmpdir(), 'change-stream-members-')), 'dead-letters.jsonl');
  return startBus(deadLetterFile, undefined, undefined, { maxAttempts: 10, retryBaseMs: 50 });
});
useSesEmulator();

const bell = async (userId: string) => {
  const res = await callAs<NotificationPage>(notificationsHandler, 'listNotifications', userId);
  expect(res.status).toBe(200);
  return res.body.items.map(({ kind, target }) => ({ kind, target }));
};

/** The members the club's search finds by `q`, as `userId` searches. */
const membersFound = async (clubId: string, userId: string, q: string) => {
  const res = await callAs<SearchResults>(feedHandler, 'searchClub', userId, {
    params: { clubId },
    query: { q },
  });
  expect(res.status).toBe(200);
  return res.body.members.map((member) => member.id).sort();
};

/** A live connection of the person following the club. */
async function following(userId: string, clubId: string): Promise<string> {
  const connectionId = `conn-${ulid()}`;
  await putConnection({ connectionId, userId, isSuperAdmin: false });
  const connection = await getConnection(connectionId);
  if (!connection) throw new Error('connection not stored');
  expect(await addSubscription(connection, clubId)).toBe('subscribed');
  return connectionId;
}

const followedClubs = async (connectionId: string) => (await getConnection(connectionId))?.clubIds ?? [];

/** What the consumers made of the changes, as the people concerned see it. */
async function effects(
  club: Club,
  paid: Club,
  people: Record<'owner' | 'reader' | 'payer' | 'paidOwner', string>,
  connections: readonly string[],
) {
  const [stored, storedPaid] = await Promise.all([getClub(club.id), getClub(paid.id)]);
  return {
    memberCount: stored?.memberCount,
    paidMemberCount: storedPaid?.memberCount,
    found: {
      quillon: await membersFound(club.id, people.owner, 'quillon'),
      renamed: await membersFound(club.id, people.owner, 'zephyrine'),
      paid: await membersFound(paid.id, people.paidOwner, 'quillon'),
    },
    owner: await bell(people.owner),
    reader: await bell(people.reader),
    live: await Promise.all(connections.map(followedClubs)),
  };
}

describe('membership, payment and profile changes from the stream', () => {
  it('reach their consumers though the bus refused every put while the writes were made', async () => {
    const ownerId = await addPerson('Olivia Owner');
    const club = await addClub({ ownerId, name: 'Quill Club', status: 'active' });
    const person = (first: string) => addPerson(`${first} Quillon`);
    const [mia, ben, cal, zoe, pia, reqo] = await Promise.all(
      ['Mia', 'Ben', 'Cal', 'Zoe', 'Pia', 'Reqo'].map(person),
    );
    for (const userId of [mia as string, ben as string, cal as string, zoe as string]) {
      await addMember(club.id, { userId });
    }
    await addMember(club.id, { userId: pia as string, status: 'pending' });
    const paidOwner = await addPerson('Paula Owner');
    const paid = await addClub({ ownerId: paidOwner, name: 'Paid Quills', status: 'active', price: 12 });
    const pat = await person('Pat');
    await addMember(paid.id, { userId: pat });
    const people = { owner: ownerId, reader: pia as string, payer: pat, paidOwner };
    const connections = [
      await following(mia as string, club.id),
      await following(cal as string, club.id),
      await following(pat, paid.id),
    ];
    await bus().idle();
    expect((await membersFound(club.id, ownerId, 'quillon')).length).toBe(4);
    expect(await membersFound(paid.id, paidOwner, 'quillon')).toEqual([pat]);
    const outboxBefore = { club: (await outboxOf(club.id)).length, paid: (await outboxOf(paid.id)).length };

    const busUrl = bus().url;
    // The bus is unreachable: the old path (a put after the write) would have lost every event.
    process.env.EVENTBRIDGE_ENDPOINT = `http://127.0.0.1:${await freePort()}`;
    try {
      const params = { clubId: club.id };
      const requested = await callAs<{ status: string; created: boolean }>(
        membershipsHandler,
        'requestMembership',
        reqo as string,
        { params },
      );
      expect(requested.body).toEqual({ status: 'pending', created: true });
      const approved = await callAs(membersHandler, 'approveClubMember', ownerId, {
        params: { ...params, userId: pia as string },
      });
      expect(approved.status).toBe(200);
      const removed = await callAs(membersHandler, 'removeClubMember', ownerId, {
        params: { ...params, userId: mia as string },
      });
      expect(removed.status).toBe(200);
      // A ban (the Reports queue's decision) is the same removal, listed as a ban.
      await removeMember(club, { userId: ownerId, role: 'club_owner' }, ben as string, true);
      expect((await callAs(membersHandler, 'leaveClub', cal as string, { params })).status).toBe(200);
      const renamed = await callAs(profilesHandler, 'updateMe', zoe as string, {
        body: { fullName: 'Zoe Zephyrine' },
      });
      expect(renamed.status).toBe(200);
      // The paid membership's subscription ended (Stripe's event already stored on its record).
      const target = { kind: 'membership' as const, clubId: paid.id, userId: pat };
      const saved = await saveSubscriptionState(
        target,
        { subscriptionId: `sub_${ulid()}`, customerId: null, status: 'canceled', userId: pat },
        null,
      );
      expect(saved.saved).toBe(true);
      await applyRecord(target);
      // The stream's consumer tries meanwhile, and is refused.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await bell(ownerId)).toEqual([]);
      expect(await membersFound(club.id, ownerId, 'zephyrine')).toEqual([]);
    } finally {
      process.env.EVENTBRIDGE_ENDPOINT = busUrl;
    }
    await bus().idle();

    const after = await effects(club, paid, people, connections);
    expect(after).toEqual({
      // The owner, Zoe and Pia (approved); Mia and Ben removed, Cal gone, Reqo still asking.
      memberCount: 3,
      paidMemberCount: 1,
      found: {
        quillon: [pia as string],
        renamed: [zoe as string],
        paid: [],
      },
      owner: [{ kind: 'join_request', target: { kind: 'members' } }],
      reader: [{ kind: 'approved', target: { kind: 'club' } }],
      // Mia's and Cal's pages stop following the club, and so do Pat's of the paid one.
      live: [[], [], []],
    });
    expect(readDeadLetters(deadLetterFile)).toEqual([]);
    const stored = (await outboxOf(club.id)).slice(outboxBefore.club).map((change) => change.type);
    expect(stored.sort()).toEqual(
      [
        'membership.requested',
        'membership.card-changed',
        'membership.approved',
        // Mia removed, Ben banned, Cal left: each card leaves the search and their pages stop.
        ...['membership.card-changed', 'membership.removed'],
        ...['membership.card-changed', 'membership.removed'],
        ...['membership.card-changed', 'membership.removed'],
      ].sort(),
    );
    expect(
      (await outboxOf(paid.id))
        .slice(outboxBefore.paid)
        .map((change) => change.type)
        .sort(),
    ).toEqual(['membership.card-changed', 'membership.removed']);

    // A refused write stores nothing: a repeated request, a removal of someone gone, a second leave.
    const params = { clubId: club.id };
    const again = await callAs<{ created: boolean }>(
      membershipsHandler,
      'requestMembership',
      reqo as string,
      {
        params,
      },
    );
    expect(again.body.created).toBe(false);
    expect(
      (
        await callAs(membersHandler, 'removeClubMember', ownerId, {
          params: { ...params, userId: mia as string },
        })
      ).status,
    ).toBe(404);
    expect((await callAs(membersHandler, 'leaveClub', cal as string, { params })).status).toBe(404);
    expect(
      (
        await callAs(membersHandler, 'approveClubMember', ownerId, {
          params: { ...params, userId: pia as string },
        })
      ).status,
    ).toBe(409);
    // A profile saved with the same name and bio tells no club anything new.
    expect(
      (await callAs(profilesHandler, 'updateMe', zoe as string, { body: { fullName: 'Zoe Zephyrine' } }))
        .status,
    ).toBe(200);
    await bus().idle();
    expect((await outboxOf(club.id)).length).toBe(outboxBefore.club + stored.length);

    // Every record handed over again, twice and in reverse order: the consumers apply each once.
    const before = await effects(club, paid, people, connections);
    const records = await streamRecords();
    const again2 = [...records].reverse();
    expect(await changeStreamHandler({ Records: [...again2, ...again2] })).toEqual({ batchItemFailures: [] });
    await bus().idle();
    expect(await effects(club, paid, people, connections)).toEqual(before);
    expect(readDeadLetters(deadLetterFile)).toEqual([]);
    // The outage, the stream's retries and a second round of every consumer: longer than most.
  }, 300_000);

  it("hands over a profile's changes but not its creation, which reads no memberships", async () => {
    const userId = await addPerson('Nova Newcomer');
    const renamed = await callAs(profilesHandler, 'updateMe', userId, { body: { fullName: 'Nova Nebula' } });
    expect(renamed.status).toBe(200);
    await bus().idle();
    const handedOver = (await streamRecords()).filter(
      (record) =>
        record.dynamodb?.NewImage?.type?.S === 'profile' && record.dynamodb.NewImage.id?.S === userId,
    );
    // The rename (and the address the caller's token brought, written before it), never the creation.
    expect([...new Set(handedOver.map((record) => record.eventName))]).toEqual(['MODIFY']);

    // Were the creation handed over after all, the consumer reads nothing and puts nothing: the
    // bus is unreachable, so a put would fail the record.
    const profile = await getProfile(userId);
    if (!profile) throw new Error('no profile');
    const created = {
      eventName: 'INSERT' as const,
      dynamodb: {
        SequenceNumber: '1',
        NewImage: marshall(profileItem({ ...profile, fullName: 'Nova Newcomer' }), {
          removeUndefinedValues: true,
        }) as never,
      },
    };
    const busUrl = bus().url;
    process.env.EVENTBRIDGE_ENDPOINT = `http://127.0.0.1:${await freePort()}`;
    const meter = meterRequests(db());
    try {
      expect(await changeStreamHandler({ Records: [created] })).toEqual({ batchItemFailures: [] });
      expect(meter.commands).toEqual([]);
    } finally {
      meter.stop();
      process.env.EVENTBRIDGE_ENDPOINT = busUrl;
    }
  });

  it("announces the cards of a profile made after its person's club", async () => {
    // A club created before its owner's first page read (and made) their profile.
    const ownerId = ulid();
    const club = await addClub({ ownerId, name: 'Early Club', status: 'active' });
    await bus().idle();
    expect(await membersFound(club.id, ownerId, 'ottoline')).toEqual([]);
    const me = await callAs(profilesHandler, 'getMe', ownerId, {
      claims: memberClaims(ownerId, { name: 'Ottoline Early' }),
    });
    expect(me.status).toBe(200);
    await bus().idle();
    expect(await membersFound(club.id, ownerId, 'ottoline')).toEqual([ownerId]);
  });
});
