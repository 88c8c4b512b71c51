/**
 * The hostile world every security test runs in: the local API gateway (real RS256 ID tokens,
 * the real handlers) over DynamoDB Local and the Stripe simulator, and the fixture people.
 * Everyone is a person with a signed token except the anonymous caller; clubs are made per test
 * (makeClubWorld) so one route's successful call never changes what the next route sees.
 */

import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cardChangeOutbox } from '@clubs/functions/bus/change-events';
import { setDocumentClient } from '@clubs/functions/data/client';
import { createEvent } from '@clubs/functions/data/repositories/calendar-events';
import { createClubWithOwner, setClubStatus } from '@clubs/functions/data/repositories/clubs';
import { addComment } from '@clubs/functions/data/repositories/comments';
import { createCourse } from '@clubs/functions/data/repositories/courses';
import { createImport, storeCheckedRows } from '@clubs/functions/data/repositories/invitation-imports';
import { keepFirstInviteLink } from '@clubs/functions/data/repositories/invitations';
import { addLike } from '@clubs/functions/data/repositories/likes';
import {
  activateMembership,
  addMembership,
  removeMembership,
} from '@clubs/functions/data/repositories/membership-writes';
import { addReport, decideCase, getCase } from '@clubs/functions/data/repositories/moderation-cases';
import { createPost } from '@clubs/functions/data/repositories/posts';
import { appendSections } from '@clubs/functions/data/repositories/sections';
import { putDelivery } from '@clubs/functions/data/repositories/webhooks';
import { createApiKey, revokeApiKey } from '@clubs/functions/services/api-keys';
import type { LocalEventBus } from '@clubs/infra/local/event-bus.ts';
import { type LocalGateway, startGateway } from '@clubs/infra/local/gateway.ts';
import { freePort } from '@clubs/infra/local/ports.ts';
import { API_KEY_SCOPES, type ClubRole, SUPER_ADMIN_GROUP } from '@clubs/shared';
import { ulid } from 'ulid';
import { afterAll, beforeAll } from 'vitest';
import {
  createSigningKey,
  signIdToken,
  TEST_CLIENT_ID,
  TEST_POOL_ID,
} from '../../integration/local/tokens.ts';
import { startBus } from '../../support/bus.ts';
import { clubFixture } from '../../support/fixtures.ts';
import { startSesEmulator } from '../../support/ses-store.ts';
import {
  startTestStripe,
  TEST_STRIPE_KEY,
  TEST_WEBHOOK_SECRET,
  type TestStripe,
} from '../../support/stripe.ts';
import { storeWebhook } from '../../support/webhooks.ts';

export const IDENTITIES = [
  'anonymous',
  'stranger',
  'removed',
  'pending',
  'otherOwner',
  'superAdmin',
  'member',
  'moderator',
  'owner',
] as const;
export type Identity = (typeof IDENTITIES)[number];

export interface Person {
  id: string;
  email: string;
  name: string;
  token: string | null;
}

export interface World {
  gateway: LocalGateway;
  stripe: TestStripe;
  /** The local event bus the handlers put events on (Stripe's, the app's own). */
  bus: LocalEventBus;
  people: Record<Identity, Person>;
  /** The club of the other owner, with a post, comment, event and course of its own. */
  otherClub: ClubWorld;
  call(identity: Identity | Person, request: HttpRequest): Promise<HttpAnswer>;
  /** The SES emulator's base URL (its /store holds the mail sent). */
  sesUrl: string;
  /** How many objects the Stripe simulator has written so far (a refusal must write none). */
  stripeWrites(): number;
  stop(): Promise<void>;
}

export interface HttpRequest {
  method: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

export interface HttpAnswer {
  status: number;
  text: string;
  json: unknown;
}

export interface ClubWorld {
  clubId: string;
  postId: string;
  commentId: string;
  eventId: string;
  courseId: string;
  /** The first of the course's two sections. */
  sectionId: string;
  /** The club's invite link token. */
  inviteToken: string;
  /** One of the club's API keys: the one with every scope. */
  apiKeyId: string;
  /** The secrets of the club's keys: every scope, none, and one revoked. */
  apiKeys: { full: string; scopeless: string; revoked: string };
  /** One of the club's invitation imports, checked and ready to send. */
  invitationImportId: string;
  /** One of the club's webhook endpoints (a loopback port nothing listens on), and a delivery in its log. */
  webhookId: string;
  deliveryId: string;
}

const key = createSigningKey('security-key');

/** A person with a real signed ID token (none for the anonymous caller). */
export function signedPerson(
  label: string,
  options: { superAdmin?: boolean; anonymous?: boolean } = {},
): Person {
  const id = ulid();
  const email = `${label.toLowerCase()}-${id.slice(-6).toLowerCase()}@clubs.test`;
  const name = `${label} person`;
  const groups = options.superAdmin ? [SUPER_ADMIN_GROUP] : [];
  const token = options.anonymous
    ? null
    : signIdToken(key, { sub: id, email, name, 'cognito:groups': groups, email_verified: true });
  return { id, email, name, token };
}

const person = (identity: Identity): Person =>
  signedPerson(identity, { superAdmin: identity === 'superAdmin', anonymous: identity === 'anonymous' });

async function member(clubId: string, userId: string, role: ClubRole, status: 'active' | 'pending') {
  const result = await addMembership(
    { clubId, userId, role, status, createdAt: new Date().toISOString() },
    cardChangeOutbox({ clubId, userId }),
  );
  if (!result.created) throw new Error(`fixture membership not created: ${result.reason}`);
}

/**
 * A club owned by `owner` with a moderator, a member, a pending member and a removed member,
 * and a post (with a comment and the moderator's like), an event and a course written by the
 * member. `status` other than active makes it a suspended (inactive) or unpaid club.
 */
export async function makeClubWorld(
  people: Record<Identity, Person>,
  options: {
    owner?: Identity;
    status?: 'active' | 'inactive' | 'unpaid';
    withStaff?: boolean;
    /** The club's name (Fixture Club unless given). */
    name?: string;
    /** The post hidden by a moderator's decision on its case. */
    post?: 'hidden';
  } = {},
): Promise<ClubWorld> {
  const owner = people[options.owner ?? 'owner'];
  const club = clubFixture({
    ownerId: owner.id,
    name: options.name ?? 'Fixture Club',
    description: 'A club under test.',
  });
  // Each card is announced as the API announces it: the club's search finds its members.
  await createClubWithOwner(
    club,
    undefined,
    undefined,
    undefined,
    cardChangeOutbox({ clubId: club.id, userId: club.ownerId }),
  );
  if (options.withStaff !== false) {
    await member(club.id, people.moderator.id, 'club_moderator', 'active');
    await member(club.id, people.member.id, 'club_member', 'active');
    await member(club.id, people.pending.id, 'club_member', 'pending');
    await member(club.id, people.removed.id, 'club_member', 'pending');
    await activateMembership(club.id, people.removed.id);
    await removeMembership(
      club.id,
      people.removed.id,
      cardChangeOutbox({ clubId: club.id, userId: people.removed.id }),
    );
  }
  const author = options.withStaff === false ? owner : people.member;
  const now = new Date().toISOString();
  const postId = ulid();
  await createPost({
    id: postId,
    clubId: club.id,
    authorId: author.id,
    authorName: author.name,
    authorAvatar: null,
    title: 'Fixture post',
    content: 'Fixture content',
    type: 'text',
    media: [],
    isPinned: false,
    createdAt: now,
  });
  if (options.withStaff !== false) {
    // The moderator's like gives the member a point: the leaderboard routes answer a row.
    await addLike(club.id, { postId, userId: people.moderator.id, createdAt: now }, author.id);
  }
  const commentId = ulid();
  await addComment(club.id, {
    id: commentId,
    postId,
    authorId: author.id,
    authorName: author.name,
    authorAvatar: null,
    content: 'Fixture comment',
    createdAt: now,
  });
  // The owner's report puts the post in the Reports queue: a decision on it has an item.
  await addReport(
    {
      kind: 'post',
      clubId: club.id,
      postId,
      commentId: null,
      authorId: author.id,
      authorName: author.name,
      excerpt: 'Fixture post',
    },
    owner.id,
    { reason: 'spam', text: '' },
  );
  if (options.post === 'hidden') {
    const opened = await getCase(club.id, postId);
    if (!opened || !(await decideCase(opened, 'hide', { hidden: 'moderator' }, [], new Date()))) {
      throw new Error('fixture post not hidden');
    }
  }
  const eventId = ulid();
  const start = new Date(Date.now() + 7 * 24 * 3600 * 1000);
  await createEvent({
    id: eventId,
    clubId: club.id,
    title: 'Fixture event',
    description: 'Fixture event text',
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + 3600 * 1000).toISOString(),
    location: 'Online',
    createdBy: author.id,
    thumbnail: null,
  });
  const courseId = ulid();
  await createCourse({
    id: courseId,
    clubId: club.id,
    creatorId: author.id,
    title: 'Fixture course',
    description: 'Fixture course text',
    level: 'beginner',
    mainTopic: 'Testing',
    targetAudience: 'Everyone',
    learningGoals: 'Safety',
    outline: 'Module 1: One\n- Lesson: note',
    unlockLevel: null,
    sectionCount: 0,
    createdAt: now,
  });
  const sectionId = ulid();
  await appendSections(
    club.id,
    courseId,
    [sectionId, ulid()].map((id, i) => ({
      id,
      title: `Fixture section ${i + 1}`,
      htmlContent: '<p>Fixture section text</p>',
      featuredImage: null,
      updatedAt: now,
    })),
  );
  const inviteToken = ulid().repeat(2);
  await keepFirstInviteLink(club.id, { token: inviteToken, createdAt: now }, owner.id);
  // The club's keys, made as the Developers tab makes them: one with every scope, one with none
  // (the scope check refuses it everywhere) and one revoked at once (refused from then on).
  const withClub = { ...club, memberCount: 1 };
  const full = await createApiKey(withClub, { name: 'Fixture key', scopes: [...API_KEY_SCOPES] });
  const scopeless = await createApiKey(withClub, { name: 'No scope', scopes: [] });
  const revoked = await createApiKey(withClub, { name: 'Revoked', scopes: [...API_KEY_SCOPES] });
  await revokeApiKey(withClub, revoked.key.id);
  const apiKeyId = full.key.id;
  const apiKeys = { full: full.secret, scopeless: scopeless.secret, revoked: revoked.secret };
  const invitationImportId = ulid();
  const importRows = [
    { row: 1, name: '', email: 'imported@clubs.test', check: 'ok' as const, message: null },
  ];
  const importWindow = { scope: 'fixture-imports', subject: invitationImportId, limit: 1, windowSeconds: 60 };
  await createImport(
    {
      clubId: club.id,
      id: invitationImportId,
      fileName: 'people.csv',
      createdBy: owner.id,
      rows: importRows,
    },
    importWindow,
    new Date(),
  );
  await storeCheckedRows(club.id, invitationImportId, importRows, new Date());
  // A webhook endpoint and one delivery in its log, written as the Developers tab and the fan-out write them.
  const { id: webhookId } = await storeWebhook(club.id, {
    description: 'Fixture endpoint',
    ...(process.env.SECURITY_HOOK_URL ? { url: process.env.SECURITY_HOOK_URL } : {}),
  });
  const deliveryId = ulid();
  await putDelivery({
    id: deliveryId,
    clubId: club.id,
    webhookId,
    messageId: `msg_${deliveryId}`,
    eventType: 'post.created',
    payload: '{"type":"post.created"}',
    status: 'failed',
    attempts: 8,
    lastStatusCode: null,
    lastError: 'ECONNREFUSED',
    createdAt: now,
    lastAttemptAt: now,
    nextAttemptAt: null,
  });
  if (options.status && options.status !== 'active') await setClubStatus(club.id, options.status);
  return {
    clubId: club.id,
    postId,
    commentId,
    eventId,
    courseId,
    sectionId,
    inviteToken,
    apiKeyId,
    apiKeys,
    invitationImportId,
    webhookId,
    deliveryId,
  };
}

/**
 * The world of a test file: started before the file's tests (call this at the top level, before
 * the file's own hooks, which may then use it) and stopped after them. The answer stands for the
 * started world; reading it before then throws.
 */
export function worldForFile(options: WorldOptions = {}): World {
  let started: World | undefined;
  beforeAll(async () => {
    started = await startWorld(options);
  }, 120_000);
  afterAll(async () => {
    await started?.stop();
  });
  return new Proxy({} as World, {
    get(_, name) {
      if (!started) throw new Error('the world is read before it started');
      const value: unknown = Reflect.get(started, name);
      return typeof value === 'function' ? value.bind(started) : value;
    },
  });
}

export interface WorldOptions {
  /** Keeps the bus's failed deliveries (the fault tests read it). */
  deadLetterFile?: string;
}

export async function startWorld(options: WorldOptions = {}): Promise<World> {
  // The DynamoDB Local that DYNAMODB_ENDPOINT names: the run's shared one, where the file's table
  // sits in a database of its own (tests/integration/setup.ts made it), so no other file's stream
  // records slow the world's requests; the fault tests put their own behind a proxy instead.
  const stripe = await startTestStripe();
  const bus = await startBus(options.deadLetterFile);
  // Handlers build their own Stripe client from the environment, as the local stack's do.
  process.env.STRIPE_SECRET_KEY = TEST_STRIPE_KEY;
  process.env.STRIPE_API_BASE = `http://127.0.0.1:${stripe.server.port}`;
  process.env.STRIPE_WEBHOOK_SECRET = TEST_WEBHOOK_SECRET;
  process.env.MEDIA_BUCKET ??= 'clubs-security-media';
  process.env.S3_ENDPOINT ??= 'http://127.0.0.1:9';
  // Presigning needs credentials (a Lambda has its role's); nothing here reaches S3.
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  const ses = await startSesEmulator();
  process.env.SES_ENDPOINT = ses.url;
  process.env.EMAIL_FROM ??= 'no-reply@clubs.test';
  process.env.SITE_URL ??= 'https://clubs.test';
  // As the local stack: webhook endpoints may be loopback ports. The world's endpoints (and those
  // the routes make, EXAMPLES) answer 204 at once, so no retry is scheduled to write later.
  process.env.WEBHOOK_LOCAL_ENDPOINTS = 'true';
  const hookSink = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  hookSink.listen(0, '127.0.0.1');
  await once(hookSink, 'listening');
  process.env.SECURITY_HOOK_URL = `http://127.0.0.1:${(hookSink.address() as AddressInfo).port}/hook`;
  const gateway = await startGateway({
    port: await freePort(),
    userPoolId: TEST_POOL_ID,
    clientId: TEST_CLIENT_ID,
    jwks: { keys: [key.jwk] },
  });
  const people = Object.fromEntries(IDENTITIES.map((identity) => [identity, person(identity)])) as Record<
    Identity,
    Person
  >;
  const otherClub = await makeClubWorld(people, { owner: 'otherOwner', withStaff: false });
  let stripeWrites = 0;
  const store = stripe.server.simulator.store;
  const put = store.put.bind(store);
  store.put = (value) => {
    stripeWrites += 1;
    return put(value);
  };

  const call = async (caller: Identity | Person, request: HttpRequest): Promise<HttpAnswer> => {
    const token = typeof caller === 'string' ? people[caller].token : caller.token;
    const response = await fetch(`${gateway.url}${request.path}`, {
      method: request.method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
      },
      body: request.body,
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, text, json };
  };

  return {
    gateway,
    stripe,
    bus,
    people,
    otherClub,
    call,
    sesUrl: ses.url,
    stripeWrites: () => stripeWrites,
    async stop() {
      await gateway.stop();
      await new Promise<void>((resolve) => hookSink.close(() => resolve()));
      await bus.stop();
      await stripe.stop();
      await ses.stop();
      setDocumentClient(undefined);
    },
  };
}
