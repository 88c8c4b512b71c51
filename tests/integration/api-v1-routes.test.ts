/**
 * The public API's routes beyond the members list, against DynamoDB Local and the SES emulator,
 * called with a club's API key as an owner's script would: one member, the feed, a post and its
 * comments, events, a post written as the club (the owner's name, marked viaApi, in the members'
 * feed too) and invitations through the owner's path. Every route refuses another club's key
 * (404), a key without its scope (403) and a revoked key (401) with the error JSON; a malformed
 * call is not counted against the key's minute; and what each call costs the table.
 */
import { db } from '@clubs/functions/data/client';
import { handler as calendarEvents } from '@clubs/functions/routes/calendar-events';
import { handler as clubAdmin } from '@clubs/functions/routes/club-admin';
import { handler as feed } from '@clubs/functions/routes/feed';
import { handler as invitations } from '@clubs/functions/routes/invitations';
import { handler as members } from '@clubs/functions/routes/members';
import { meterRequests } from '@clubs/infra/local/request-meter.ts';
import {
  API_KEY_SCOPES,
  type ApiKeyScope,
  type Comment,
  type CommentPage,
  type CreatedApiKey,
  type EventPage,
  type EventView,
  type MemberView,
  type Post,
  type PostPage,
  ROUTE_IDS,
  ROUTES,
  type RouteId,
  type SendInvitationsResult,
} from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import {
  type EventOptions,
  type GroupHandler,
  httpEvent,
  invoke,
  memberClaims,
} from '../support/http-event.ts';
import { addClub, addMember, addPerson } from '../support/members.ts';
import { readSentEmails, useSesEmulator } from '../support/ses-store.ts';
import { storeWebhook } from '../support/webhooks.ts';

type ErrorBody = { error: { code: string; message: string } };

const ses = useSesEmulator();

/** The group handler of each public API route (the manifest names the group). */
const HANDLERS: Record<string, GroupHandler> = {
  members,
  feed,
  'calendar-events': calendarEvents,
  invitations,
  'club-admin': clubAdmin,
};

// As the local stack: a subscription's URL may be a loopback port (nothing listens on this one).
process.env.WEBHOOK_LOCAL_ENDPOINTS = 'true';
const HOOK_URL = 'http://127.0.0.1:9/hook';

const KEY_ROUTES = ROUTE_IDS.filter((id) => ROUTES[id].access.kind === 'api_key');

const scopeOf = (id: RouteId): ApiKeyScope => {
  const access = ROUTES[id].access;
  if (access.kind !== 'api_key') throw new Error(`${id} is not a key route`);
  return access.scope;
};

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

async function makeKey(clubId: string, ownerId: string, scopes: readonly ApiKeyScope[]) {
  const made = await invoke<CreatedApiKey>(
    clubAdmin,
    httpEvent('createApiKey', {
      params: { clubId },
      body: { name: 'Script', scopes },
      claims: memberClaims(ownerId),
    }),
  );
  expect(made.status).toBe(201);
  return made.body;
}

/** A club whose owner has a profile, a member, a post with a comment, an event and a key with every scope. */
async function clubWithEverything() {
  const ownerId = await addPerson('Olive Owner');
  const club = await addClub({ ownerId });
  const memberId = await addMember(club.id, { userId: await addPerson('Mia Member') });
  const post = await invoke<Post>(
    feed,
    httpEvent('createPost', {
      params: { clubId: club.id },
      body: { title: 'Hello', content: 'First post' },
      claims: memberClaims(memberId),
    }),
  );
  expect(post.status).toBe(201);
  const comment = await invoke<Comment>(
    feed,
    httpEvent('addComment', {
      params: { clubId: club.id, postId: post.body.id },
      body: { content: 'A comment' },
      claims: memberClaims(ownerId),
    }),
  );
  expect(comment.status).toBe(201);
  const event = await invoke<EventView>(
    calendarEvents,
    httpEvent('createEvent', {
      params: { clubId: club.id },
      body: {
        title: 'Meetup',
        date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        timeZone: 'Europe/Paris',
        location: 'The club house',
      },
      claims: memberClaims(ownerId),
    }),
  );
  expect(event.status, JSON.stringify(event.body)).toBe(201);
  const { key, secret } = await makeKey(club.id, ownerId, API_KEY_SCOPES);
  // Webhook endpoints for the unsubscriptions to delete, one per call that may delete one.
  const hookIds: string[] = [];
  for (let i = 0; i < 6; i++) hookIds.push((await storeWebhook(club.id, { url: HOOK_URL })).id);
  return { club, ownerId, memberId, postId: post.body.id, commentId: comment.body.id, key, secret, hookIds };
}

type World = Awaited<ReturnType<typeof clubWithEverything>>;

/** A valid call of each key route in a world (the body of a write made fresh each time). */
function callOf(id: RouteId, world: World): EventOptions {
  const clubId = world.club.id;
  switch (id) {
    case 'getClubMemberWithKey':
      return { params: { clubId, userId: world.memberId } };
    case 'getPostWithKey':
    case 'listCommentsWithKey':
      return { params: { clubId, postId: world.postId } };
    case 'createPostWithKey':
      return { params: { clubId }, body: { title: 'From our CRM', content: `Made at ${ulid()}` } };
    case 'sendInvitationsWithKey':
      return {
        params: { clubId },
        body: {
          rows: [{ name: 'Ivy', email: `ivy-${ulid().toLowerCase()}@clubs.test` }],
          message: 'Join us.',
        },
      };
    case 'createHookWithKey':
      return { params: { clubId }, body: { url: HOOK_URL, eventTypes: ['membership.approved'] } };
    case 'deleteHookWithKey':
      return { params: { clubId, webhookId: world.hookIds.pop() ?? ulid() } };
    default:
      return { params: { clubId } };
  }
}

function call<T>(id: RouteId, options: EventOptions, secret: string | null) {
  const handler = HANDLERS[ROUTES[id].group];
  if (!handler) throw new Error(`no handler for ${id}`);
  return invoke<T & ErrorBody>(
    handler,
    httpEvent(id, { ...options, headers: { ...(secret ? bearer(secret) : {}), ...options.headers } }),
  );
}

describe('the public API routes with a club API key', () => {
  it('declares each route under /api/v1 with a key scope', () => {
    expect(KEY_ROUTES.length).toBeGreaterThanOrEqual(8);
    for (const id of KEY_ROUTES) expect(ROUTES[id].path.startsWith('/api/v1/clubs/{clubId}/')).toBe(true);
    expect(new Set(KEY_ROUTES.map(scopeOf))).toEqual(new Set(API_KEY_SCOPES));
  });

  it('reads one member, the feed, a post, its comments and the events of its own club', async () => {
    const world = await clubWithEverything();
    const member = await call<MemberView>(
      'getClubMemberWithKey',
      callOf('getClubMemberWithKey', world),
      world.secret,
    );
    expect(member.status).toBe(200);
    expect(member.body).toMatchObject({ userId: world.memberId, name: 'Mia Member', status: 'active' });
    expect(member.body.email).toEqual(expect.stringContaining('@'));
    const stranger = await call(
      'getClubMemberWithKey',
      { params: { clubId: world.club.id, userId: ulid() } },
      world.secret,
    );
    expect(stranger.status).toBe(404);

    const posts = await call<PostPage>(
      'listPostsWithKey',
      { params: { clubId: world.club.id }, query: { limit: '10' } },
      world.secret,
    );
    expect(posts.status).toBe(200);
    expect(posts.body.items.map((post) => post.id)).toEqual([world.postId]);
    expect(posts.body.items[0]?.likedByMe).toBe(false);

    const post = await call<Post>('getPostWithKey', callOf('getPostWithKey', world), world.secret);
    expect(post.status).toBe(200);
    expect(post.body).toMatchObject({ id: world.postId, title: 'Hello', commentCount: 1 });

    const comments = await call<CommentPage>(
      'listCommentsWithKey',
      callOf('listCommentsWithKey', world),
      world.secret,
    );
    expect(comments.status).toBe(200);
    expect(comments.body.items.map((comment) => comment.content)).toEqual(['A comment']);

    const events = await call<EventPage>(
      'listEventsWithKey',
      { params: { clubId: world.club.id } },
      world.secret,
    );
    expect(events.status).toBe(200);
    expect(events.body.items.map((event) => [event.title, event.location])).toEqual([
      ['Meetup', 'The club house'],
    ]);

    // Another club's post is not found, even with the right club's key in the path.
    const other = await clubWithEverything();
    const foreignPost = await call(
      'getPostWithKey',
      { params: { clubId: world.club.id, postId: other.postId } },
      world.secret,
    );
    expect(foreignPost.status).toBe(404);
  });

  it("writes a post in the club owner's name, marked viaApi, which members read in their feed", async () => {
    const world = await clubWithEverything();
    const made = await call<Post>(
      'createPostWithKey',
      { params: { clubId: world.club.id }, body: { title: 'Weekly digest', content: 'From our CRM' } },
      world.secret,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      author: { id: world.ownerId, name: 'Olive Owner' },
      title: 'Weekly digest',
      viaApi: true,
    });
    const seen = await invoke<PostPage>(
      feed,
      httpEvent('listPosts', { params: { clubId: world.club.id }, claims: memberClaims(world.memberId) }),
    );
    expect(seen.body.items[0]).toMatchObject({
      id: made.body.id,
      viaApi: true,
      author: { name: 'Olive Owner' },
    });

    // Only a text post with a title and content; nothing else is accepted and nothing is written.
    for (const body of [
      { title: '', content: 'x' },
      { title: 'x', content: 'y', announce: true },
      { title: 'x', content: 'y', type: 'image', media: [] },
    ]) {
      const refused = await call(
        'createPostWithKey',
        { params: { clubId: world.club.id }, body },
        world.secret,
      );
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    const after = await call<PostPage>(
      'listPostsWithKey',
      { params: { clubId: world.club.id } },
      world.secret,
    );
    expect(after.body.items).toHaveLength(2);
  });

  it("sends invitations through the owner's path: e-mailed, answered per row, a repeat skipped", async () => {
    const world = await clubWithEverything();
    const email = `ivy-${ulid().toLowerCase()}@clubs.test`;
    const sent = await call<SendInvitationsResult>(
      'sendInvitationsWithKey',
      {
        params: { clubId: world.club.id },
        body: {
          rows: [
            { name: 'Ivy', email },
            { name: 'Bad', email: 'not-an-address' },
          ],
          message: 'Join us.',
        },
      },
      world.secret,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const mails = (await readSentEmails(ses())).filter((mail) => mail.to.includes(email));
    expect(mails).toHaveLength(1);
    const again = await call<SendInvitationsResult>(
      'sendInvitationsWithKey',
      { params: { clubId: world.club.id }, body: { rows: [{ name: 'Ivy', email }], message: 'Join us.' } },
      world.secret,
    );
    expect(again.status).toBe(200);
    expect((await readSentEmails(ses())).filter((mail) => mail.to.includes(email))).toHaveLength(1);
    const link = await call(
      'sendInvitationsWithKey',
      {
        params: { clubId: world.club.id },
        body: { rows: [{ name: 'Ivy', email }], message: 'See https://evil.example' },
      },
      world.secret,
    );
    expect(link.status).toBe(400);
  });

  it("refuses on every route another club's key (404), a key without the scope (403), no key or a revoked key (401)", async () => {
    const world = await clubWithEverything();
    const other = await clubWithEverything();
    const problems: string[] = [];
    for (const id of KEY_ROUTES) {
      const options = callOf(id, world);
      const expectations: [string, string | null, number, string][] = [
        ["another club's key", other.secret, 404, 'not_found'],
        ['no key', null, 401, 'unauthorized'],
        ['a malformed key', 'clubs_short', 401, 'unauthorized'],
      ];
      const lacking = API_KEY_SCOPES.filter((scope) => scope !== scopeOf(id));
      const narrow = await makeKey(world.club.id, world.ownerId, lacking);
      expectations.push(['a key without the scope', narrow.secret, 403, 'forbidden']);
      for (const [what, secret, status, code] of expectations) {
        const answer = await call(id, options, secret);
        if (answer.status !== status || answer.body.error?.code !== code)
          problems.push(`${id} with ${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
      // The owner's own token opens no key route.
      const asOwner = await invoke<ErrorBody>(
        HANDLERS[ROUTES[id].group] as GroupHandler,
        httpEvent(id, { ...options, claims: memberClaims(world.ownerId) }),
      );
      if (asOwner.status !== 401) problems.push(`${id} with the owner's token: ${asOwner.status}`);
      // Revoked: allowed a moment before, refused on the very next call.
      const fresh = await makeKey(world.club.id, world.ownerId, [scopeOf(id)]);
      const before = await call(id, callOf(id, world), fresh.secret);
      if (before.status >= 300)
        problems.push(`${id} with a fresh key: ${before.status} ${JSON.stringify(before.body)}`);
      for (const key of [narrow.key, fresh.key]) {
        const revoked = await invoke(
          clubAdmin,
          httpEvent('revokeApiKey', {
            params: { clubId: world.club.id, keyId: key.id },
            claims: memberClaims(world.ownerId),
          }),
        );
        expect(revoked.status).toBe(200);
      }
      const after = await call(id, callOf(id, world), fresh.secret);
      if (after.status !== 401) problems.push(`${id} with a revoked key: ${after.status}`);
    }
    expect(problems).toEqual([]);
  });

  it("does not count a malformed call against the key's minute", async () => {
    const world = await clubWithEverything();
    await call('listPostsWithKey', { params: { clubId: world.club.id } }, world.secret);
    const meter = meterRequests(db());
    try {
      const bad = await call(
        'listPostsWithKey',
        { params: { clubId: world.club.id }, query: { limit: 'many' } },
        world.secret,
      );
      expect(bad.status).toBe(400);
      // The key's item and the club: no count, no write.
      expect([...meter.commands]).toEqual(['GetItemCommand', 'GetItemCommand']);
    } finally {
      meter.stop();
    }
  });

  it('costs a fixed number of DynamoDB requests per call on each route', async () => {
    const world = await clubWithEverything();
    // Each route once first, so the minute's first call (which stores the key's last use) and the
    // members' cards are behind us before anything is counted.
    for (const id of KEY_ROUTES) await call(id, callOf(id, world), world.secret);
    const lines: string[] = [];
    const meter = meterRequests(db());
    try {
      for (const id of KEY_ROUTES) {
        meter.reset();
        const answer = await call(id, callOf(id, world), world.secret);
        expect(answer.status, `${id}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
        const commands = [...meter.commands];
        lines.push(`${ROUTES[id].method} ${ROUTES[id].path}: ${commands.length} (${commands.join(', ')})`);
        // Every call: the key (GetItem), the club (GetItem), the key's minute (UpdateItem).
        expect(commands.slice(0, 3), id).toEqual(['GetItemCommand', 'GetItemCommand', 'UpdateItemCommand']);
        expect(commands, id).not.toContain('ScanCommand');
        expect(commands.length, id).toBeLessThanOrEqual(10);
      }
    } finally {
      meter.stop();
    }
    console.info(`DynamoDB requests per public API call:\n${lines.join('\n')}`);
  });
});
