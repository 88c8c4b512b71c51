/**
 * The live WebSocket as every identity of the matrix, through the local gateway's socket with
 * tickets the API issued for real tokens: without a ticket the upgrade is refused, and so is an ID
 * token in the URL; a ticket opens one socket once, within its minute; closing the person's
 * sockets (the sign-out's call) closes them at once; each identity's subscription to the
 * fixture club (active, and suspended) is answered exactly as its read of the club's feed is (the
 * same access rule); a club change reaches the subscribed readers only, and a connection that is
 * gone is deleted by the fan-out that finds it so; a message to many people reads their sockets a
 * hundred people to a request, and forgets one that is gone.
 */
import { db } from '@clubs/functions/data/client';
import { saveSubscriptionState } from '@clubs/functions/data/repositories/billing';
import { updateClub } from '@clubs/functions/data/repositories/clubs';
import {
  addSubscription,
  getConnection,
  listConnectionsOfUser,
  listSubscribersPage,
  openConnectionsOf,
  putConnection,
} from '@clubs/functions/data/repositories/live-connections';
import { putTicket } from '@clubs/functions/data/repositories/live-tickets';
import { getMembership } from '@clubs/functions/data/repositories/memberships';
import { applyRecord } from '@clubs/functions/payments/subscription-sync';
import { fanOutToClub, tellPeople } from '@clubs/functions/services/live/fan-out';
import { notifyChange } from '@clubs/functions/services/notifications/delivery';
import { meterRequests } from '@clubs/infra/local/request-meter.ts';
import { LIVE, type LiveServerMessage } from '@clubs/shared';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  type ClubWorld,
  IDENTITIES,
  type Identity,
  makeClubWorld,
  type Person,
  signedPerson,
  worldForFile,
} from './support/world.ts';

const world = worldForFile();
let active: ClubWorld;
let suspended: ClubWorld;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  process.env.LIVE_ENDPOINT = world.gateway.url;
  [active, suspended] = await Promise.all([
    makeClubWorld(world.people),
    makeClubWorld(world.people, { status: 'inactive' }),
  ]);
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) {
    // A refused upgrade's socket reports its end as an error; it is expected here.
    socket.on('error', () => undefined);
    socket.terminate();
  }
});

const socketUrl = (query: string) => `${world.gateway.url.replace('http', 'ws')}${LIVE.path}${query}`;

/** A ticket the API issues to `identity` (null for the anonymous caller, whom it refuses). */
async function ticketFor(identity: Identity | Person): Promise<string | null> {
  const answer = await world.call(identity, { method: 'POST', path: '/api/me/live-ticket' });
  if (answer.status !== 201) return null;
  return (answer.json as { ticket: string }).ticket;
}

/** The status an upgrade at this query is refused with (null: it opened). */
async function upgradeStatus(query: string): Promise<number | null> {
  const socket = new WebSocket(socketUrl(query));
  sockets.push(socket);
  return new Promise<number | null>((resolve) => {
    socket.once('open', () => resolve(null));
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('error', () => resolve(-1));
  });
}

/** A connection as `identity` (or a person of the test's own), with the messages it receives; or the status its upgrade was refused with. */
async function connect(identity: Identity | Person, ticket?: string | null) {
  const issued = ticket === undefined ? await ticketFor(identity) : ticket;
  const socket = new WebSocket(socketUrl(issued ? `?${LIVE.ticketParam}=${issued}` : ''));
  sockets.push(socket);
  const received: LiveServerMessage[] = [];
  socket.on('message', (data) => received.push(JSON.parse(String(data)) as LiveServerMessage));
  const refused = await new Promise<number | null>((resolve) => {
    socket.once('open', () => resolve(null));
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('error', () => resolve(-1));
  });
  const next = async (predicate: (m: LiveServerMessage) => boolean) => {
    await expect.poll(() => received.find(predicate), { timeout: 5_000 }).toBeTruthy();
    return received.find(predicate) as LiveServerMessage;
  };
  const answerFor = async (clubId: string) => {
    socket.send(JSON.stringify({ action: 'subscribe', clubId }));
    return next((m) => (m.type === 'subscribed' || m.type === 'error') && m.clubId === clubId);
  };
  return { socket, refused, received, answerFor, next };
}

describe('subscribe as each identity of the matrix', () => {
  it('issues no ticket to the anonymous caller, and refuses an upgrade without one', async () => {
    expect(await ticketFor('anonymous')).toBeNull();
    expect((await connect('anonymous')).refused).toBe(401);
    expect(await upgradeStatus(`?${LIVE.ticketParam}=${'A'.repeat(43)}`)).toBe(403);
  });

  for (const identity of IDENTITIES.filter((i) => i !== 'anonymous')) {
    it(`answers ${identity} as their read of the feed is answered`, async () => {
      const live = await connect(identity);
      expect(live.refused).toBeNull();
      for (const club of [active, suspended]) {
        const feed = await world.call(identity, { method: 'GET', path: `/api/clubs/${club.clubId}/posts` });
        const answer = await live.answerFor(club.clubId);
        if (feed.status === 200) {
          expect(answer).toEqual({ type: 'subscribed', clubId: club.clubId });
        } else {
          const code = (feed.json as { error: { code: string } }).error.code;
          expect(answer).toMatchObject({ type: 'error', code, clubId: club.clubId });
        }
      }
    });
  }

  it(`opens at most ${LIVE.maxConnectionsPerPerson} sockets a person: the next is refused (429) until one closes`, async () => {
    const person = signedPerson('Many tabs');
    const open = [];
    for (let i = 0; i < LIVE.maxConnectionsPerPerson; i++) {
      const live = await connect(person);
      expect(live.refused).toBeNull();
      open.push(live);
    }
    expect((await connect(person)).refused).toBe(429);
    // Someone else is not counted against them.
    expect((await connect('member')).refused).toBeNull();
    open[0]?.socket.close();
    await expect.poll(async () => (await connect(person)).refused, { timeout: 10_000 }).toBeNull();
  });

  it('refuses anything but a subscribe or unsubscribe, changing nothing', async () => {
    const live = await connect('member');
    for (const bad of [
      'not json',
      '{"action":"subscribe"}',
      '{"action":"subscribe","clubId":"x","more":1}',
    ]) {
      live.socket.send(bad);
    }
    await expect.poll(() => live.received.filter((m) => m.type === 'error').length).toBe(3);
    expect(live.received.every((m) => m.type === 'error')).toBe(true);
  });
});

describe('tickets, never ID tokens', () => {
  it('refuses an ID token in the URL, as the old token parameter or as a ticket', async () => {
    const token = world.people.member.token as string;
    expect(await upgradeStatus(`?token=${token}`)).toBe(401);
    expect(await upgradeStatus(`?${LIVE.ticketParam}=${token}`)).toBe(403);
    // A real ticket beside it still works: the token is what was refused.
    expect(
      await upgradeStatus(`?token=${token}&${LIVE.ticketParam}=${await ticketFor('member')}`),
    ).toBeNull();
  });

  it('opens one socket with a ticket, once: a second use is refused', async () => {
    const ticket = await ticketFor('member');
    expect(ticket).toMatch(LIVE.ticketPattern);
    const first = await connect('member', ticket);
    expect(first.refused).toBeNull();
    expect(await first.answerFor(active.clubId)).toEqual({ type: 'subscribed', clubId: active.clubId });
    expect((await connect('member', ticket)).refused).toBe(403);
  });

  it('refuses an expired ticket', async () => {
    const ticket = 'E'.repeat(43);
    const member = { userId: world.people.member.id, isSuperAdmin: false };
    await putTicket(ticket, member, new Date(Date.now() - 1_000));
    expect((await connect('member', ticket)).refused).toBe(403);
    expect(LIVE.ticketTtlSeconds).toBeLessThanOrEqual(120);
  });

  it("closes the person's open sockets at sign-out, and no one else's", async () => {
    const person = signedPerson('Signing out');
    const [tab, otherTab, someoneElse] = await Promise.all([
      connect(person),
      connect(person),
      connect('owner'),
    ]);
    for (const live of [tab, otherTab, someoneElse]) expect(live.refused).toBeNull();
    const closed = [tab, otherTab].map(
      (live) => new Promise<void>((resolve) => live.socket.once('close', () => resolve())),
    );
    const answer = await world.call(person, { method: 'DELETE', path: '/api/me/live-connections' });
    expect(answer).toMatchObject({ status: 200, json: { closed: 2 } });
    await Promise.all(closed);
    expect(someoneElse.socket.readyState).toBe(WebSocket.OPEN);
    // Nothing of theirs is left for a fan-out or a notification to find.
    expect(await listConnectionsOfUser(person.id)).toEqual([]);
    expect(await openConnectionsOf([person.id])).toEqual(new Map());
  });
});

describe('fan-out', () => {
  it('reaches the subscribed readers only', async () => {
    const [member, stranger] = await Promise.all([connect('member'), connect('stranger')]);
    await member.answerFor(active.clubId);
    await stranger.answerFor(active.clubId);
    const report = await fanOutToClub(active.clubId, {
      type: 'club.changed',
      clubId: active.clubId,
      area: 'courses',
    });
    expect(report.sent).toBeGreaterThanOrEqual(1);
    await member.next((m) => m.type === 'club.changed');
    expect(stranger.received.some((m) => m.type === 'club.changed')).toBe(false);
  });

  it('deletes a connection that is gone, with its subscription', async () => {
    const connectionId = `${ulid().slice(-13)}=`;
    const reader = { userId: world.people.member.id, isSuperAdmin: false };
    await putConnection({ connectionId, ...reader });
    expect(await addSubscription({ connectionId, ...reader, clubIds: [] }, active.clubId)).toBe('subscribed');
    const report = await fanOutToClub(active.clubId, {
      type: 'club.changed',
      clubId: active.clubId,
      area: 'events',
    });
    expect(report.gone).toBe(1);
    expect(await getConnection(connectionId)).toBeNull();
    const left = await listSubscribersPage(active.clubId, { limit: 100 });
    expect(left.items.map((s) => s.connectionId)).not.toContain(connectionId);
  });

  it("stops a member's open socket at once when their subscription's end removes them", async () => {
    const billed = await makeClubWorld(world.people);
    await updateClub(billed.clubId, { price: 10, currency: 'EUR', trialPeriod: 0 });
    const [member, moderator] = await Promise.all([connect('member'), connect('moderator')]);
    expect(await member.answerFor(billed.clubId)).toEqual({ type: 'subscribed', clubId: billed.clubId });
    await moderator.answerFor(billed.clubId);
    const target = { kind: 'membership' as const, clubId: billed.clubId, userId: world.people.member.id };
    const saved = await saveSubscriptionState(
      target,
      { subscriptionId: `sub_${ulid()}`, customerId: null, status: 'canceled', userId: target.userId },
      null,
    );
    expect(saved.saved).toBe(true);
    await applyRecord(target);
    expect(await getMembership(billed.clubId, target.userId)).toBeNull();
    await member.next((m) => m.type === 'revoked' && m.clubId === billed.clubId);
    await fanOutToClub(billed.clubId, { type: 'club.changed', clubId: billed.clubId, area: 'events' });
    await moderator.next((m) => m.type === 'club.changed' && m.clubId === billed.clubId);
    expect(member.received.some((m) => m.type === 'club.changed' && m.clubId === billed.clubId)).toBe(false);
  });

  it("tells a notification's recipient's sockets only, whatever club they follow", async () => {
    const [member, owner, moderator] = await Promise.all([
      connect('member'),
      connect('owner'),
      connect('moderator'),
    ]);
    for (const live of [member, owner, moderator]) await live.answerFor(active.clubId);
    const report = await notifyChange({
      type: 'comment.created',
      id: ulid(),
      at: new Date().toISOString(),
      clubId: active.clubId,
      actorId: world.people.moderator.id,
      postId: active.postId,
      commentId: ulid(),
      postAuthorId: world.people.member.id,
      postTitle: 'Fixture post',
      content: 'A reply to the fixture post',
    });
    expect(report.written).toBe(1);
    await member.next((m) => m.type === 'notifications.changed');
    // The fan-out to the club below reaches both others, so anything sent before it arrived too.
    await fanOutToClub(active.clubId, { type: 'club.changed', clubId: active.clubId, area: 'courses' });
    for (const other of [owner, moderator]) {
      await other.next((m) => m.type === 'club.changed');
      expect(other.received.some((m) => m.type === 'notifications.changed')).toBe(false);
    }
  });

  it("reads a hundred people's sockets in one request, and forgets one that is gone", async () => {
    const member = await connect('member');
    const reader = world.people.member.id;
    const goneId = `${ulid().slice(-13)}=`;
    await putConnection({ connectionId: goneId, userId: reader, isSuperAdmin: false });
    expect((await openConnectionsOf([reader])).get(reader)).toContain(goneId);
    // A batch of a club-wide notification's recipients: the member among 99 without sockets.
    const people = [reader, ...Array.from({ length: 99 }, () => ulid())];
    const meter = meterRequests(db());
    let report: Awaited<ReturnType<typeof tellPeople>>;
    try {
      report = await tellPeople(people, { type: 'notifications.changed' });
      const reads = meter.commands.filter((command) => /Query|BatchGet/.test(command));
      expect(reads).toEqual(['BatchGetItemCommand']);
    } finally {
      meter.stop();
    }
    expect(report.sent).toBeGreaterThanOrEqual(1);
    expect(report.gone).toBeGreaterThanOrEqual(1);
    await member.next((m) => m.type === 'notifications.changed');
    expect((await openConnectionsOf([reader])).get(reader) ?? []).not.toContain(goneId);
    expect(await getConnection(goneId)).toBeNull();
  });
});
