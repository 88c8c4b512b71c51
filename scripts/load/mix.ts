/**
 * The mix of a club's day, as weighted actions: mostly members reading (feed, comments,
 * leaderboard, members, courses, events, profiles, the public directory), and writing alongside
 * (posts, comments, likes and unlikes, RSVPs, joins, approvals and leaves, a few invitations,
 * checkouts paid on the simulator, and Stripe's own repeated deliveries of an event). An action
 * picks its club and people at random; one that finds nothing to do (no pending request) says so
 * and another is drawn.
 */

import { LOCAL_STRIPE_KEYS } from '@clubs/infra/local/config.ts';
import { LEADERBOARD_PERIODS } from '@clubs/shared';
import Stripe from 'stripe';
import type { Account, LoadApi } from './api.ts';
import type { LoadClub, World } from './world.ts';

export interface MixContext {
  readonly api: LoadApi;
  readonly world: World;
  readonly random: () => number;
  /** The Stripe SDK on the simulator: the events it sent, for repeating one as Stripe may. */
  readonly stripe: Stripe;
  readonly webhookUrl: string;
}

/** An action: false when it found nothing to do. */
type Action = (ctx: MixContext) => Promise<boolean>;

const pick = <T>(random: () => number, items: readonly T[]): T | undefined =>
  items[Math.floor(random() * items.length)];

const anyClub = (ctx: MixContext) => pick(ctx.random, [...ctx.world.free, ...ctx.world.paid]) as LoadClub;
const freeClub = (ctx: MixContext) => pick(ctx.random, ctx.world.free) as LoadClub;

/** An active member of the club as the load knows it (the owner when it has none yet). */
function memberOf(ctx: MixContext, club: LoadClub): Account {
  const members = [...club.members.values()];
  return members.length === 0 || ctx.random() < 0.05 ? club.owner : (pick(ctx.random, members) as Account);
}

/** A club, one of its members and a path under the club, for the reads and writes inside it. */
function inClub(ctx: MixContext, club = anyClub(ctx)) {
  return { club, who: memberOf(ctx, club), base: `/api/clubs/${club.id}` };
}

const read =
  (group: string, path: (ctx: MixContext, club: LoadClub) => string | undefined): Action =>
  async (ctx) => {
    const { club, who, base } = inClub(ctx);
    const rest = path(ctx, club);
    if (rest === undefined) return false;
    await ctx.api.call(group, who, 'GET', `${base}${rest}`);
    return true;
  };

/** A read of one of the club's posts or courses, picked at random; none when the club has none yet. */
const readOne = (group: string, list: 'posts' | 'courses', path: (id: string) => string): Action =>
  read(group, (ctx, club) => {
    const id = pick(ctx.random, club[list]);
    return id && path(id);
  });

const like: Action = async (ctx) => {
  const { club, who, base } = inClub(ctx);
  const post = pick(ctx.random, club.posts);
  if (!post) return false;
  // Likes outnumber unlikes, so counts and points grow while both paths run.
  const unlike = ctx.random() < 0.4;
  await ctx.api.call(
    unlike ? 'write:unlike' : 'write:like',
    who,
    unlike ? 'DELETE' : 'PUT',
    `${base}/posts/${post}/like`,
  );
  return true;
};

const createPost: Action = async (ctx) => {
  const { club, who, base } = inClub(ctx);
  const res = await ctx.api.call<{ id: string }>('write:post', who, 'POST', `${base}/posts`, {
    title: 'A note from the load',
    content: `Written at ${new Date().toISOString()}.`,
  });
  if (res.status === 201) club.posts.push(res.body.id);
  return true;
};

const comment: Action = async (ctx) => {
  const { club, who, base } = inClub(ctx);
  const post = pick(ctx.random, club.posts);
  if (!post) return false;
  await ctx.api.call('write:comment', who, 'POST', `${base}/posts/${post}/comments`, {
    content: 'Well said!',
  });
  return true;
};

const rsvp: Action = async (ctx) => {
  const { club, who, base } = inClub(ctx);
  const event = pick(ctx.random, club.events);
  if (!event) return false;
  const cancel = ctx.random() < 0.4;
  await ctx.api.call('write:rsvp', who, cancel ? 'DELETE' : 'PUT', `${base}/events/${event}/registration`);
  return true;
};

/** A member asks to join a free club they are not in (and have not asked to join). */
const join: Action = async (ctx) => {
  const club = freeClub(ctx);
  const person = pick(ctx.random, ctx.world.people) as Account;
  if (club.members.has(person.userId) || club.pending.has(person.userId)) return false;
  club.pending.set(person.userId, person);
  const res = await ctx.api.call('write:join', person, 'POST', `/api/clubs/${club.id}/join-requests`);
  if (res.status !== 200 && res.status !== 201) club.pending.delete(person.userId);
  return true;
};

const approve: Action = async (ctx) => {
  const club = freeClub(ctx);
  const person = pick(ctx.random, [...club.pending.values()]);
  if (!person) return false;
  club.pending.delete(person.userId);
  const res = await ctx.api.call(
    'write:approve',
    club.owner,
    'POST',
    `/api/clubs/${club.id}/members/${person.userId}/approval`,
  );
  if (res.status === 200) club.members.set(person.userId, person);
  return true;
};

/** A member leaves a free club (and may ask to join again later). */
const leave: Action = async (ctx) => {
  const club = freeClub(ctx);
  const person = pick(ctx.random, [...club.members.values()]);
  if (!person) return false;
  club.members.delete(person.userId);
  await ctx.api.call('write:leave', person, 'DELETE', `/api/clubs/${club.id}/membership`);
  return true;
};

let invited = 0;
/** The owner e-mails two invitations (SES emulator); a cap's 4xx is an answer the load expects. */
const invite: Action = async (ctx) => {
  const club = freeClub(ctx);
  const rows = [1, 2].map(() => {
    invited += 1;
    return { name: `Guest ${invited}`, email: `guest-${invited}-${Date.now().toString(36)}@example.com` };
  });
  await ctx.api.call('write:invite', club.owner, 'POST', `/api/clubs/${club.id}/invitations`, {
    rows,
    message: 'Come and join us!',
  });
  return true;
};

/** A member not in a paid club pays its membership checkout on the simulator (the webhook activates it). */
const checkout: Action = async (ctx) => {
  const club = pick(ctx.random, ctx.world.paid);
  const person = pick(ctx.random, ctx.world.people) as Account;
  if (!club || club.members.has(person.userId) || club.pending.has(person.userId)) return false;
  club.pending.set(person.userId, person);
  const res = await ctx.api.call<{ url: string }>(
    'write:checkout',
    person,
    'POST',
    `/api/clubs/${club.id}/membership-checkout`,
  );
  if (res.status !== 200 || !(await ctx.api.payCheckout(res.body.url))) return true;
  const sessionId = res.body.url.split('/').pop() as string;
  ctx.world.checkouts.push({ clubId: club.id, userId: person.userId, sessionId });
  club.pending.delete(person.userId);
  club.members.set(person.userId, person);
  return true;
};

/** Stripe delivers at least once: one of its recent events is delivered again, signed. */
const redeliver: Action = async (ctx) => {
  const events = await ctx.stripe.events.list({ limit: 20 });
  const event = pick(ctx.random, events.data);
  if (!event) return false;
  const payload = JSON.stringify(event);
  const signature = ctx.stripe.webhooks.generateTestHeaderString({
    payload,
    secret: LOCAL_STRIPE_KEYS.webhookSecret,
  });
  await ctx.api.send('stripe:redelivery', 'POST', ctx.webhookUrl, {
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  return true;
};

const publicRead =
  (group: string, path: (ctx: MixContext) => string): Action =>
  async (ctx) => {
    await ctx.api.call(group, null, 'GET', path(ctx));
    return true;
  };

const WORDS = ['yoga', 'run', 'club', 'chess', 'photo', 'load'];

/** Actions and their weights (per 1000 draws). */
export const MIX: readonly (readonly [string, number, Action])[] = [
  ['feed', 200, read('read:feed', () => '/posts')],
  ['comments', 100, readOne('read:comments', 'posts', (post) => `/posts/${post}/comments`)],
  ['post', 25, readOne('read:post', 'posts', (post) => `/posts/${post}`)],
  ['sidebar', 50, read('read:sidebar', () => '/sidebar')],
  [
    'leaderboard',
    50,
    read('read:leaderboard', (ctx) => `/leaderboard?period=${pick(ctx.random, LEADERBOARD_PERIODS)}`),
  ],
  ['standing', 15, read('read:leaderboard', () => '/leaderboard/me?period=all')],
  [
    'members',
    50,
    read('read:members', (ctx) =>
      ctx.random() < 0.2 ? `/members?q=${pick(ctx.random, ['me', 'so', 'li', 'ma'])}` : '/members',
    ),
  ],
  ['courses', 30, read('read:courses', () => '/courses')],
  ['course', 25, readOne('read:courses', 'courses', (course) => `/courses/${course}`)],
  ['events', 40, read('read:events', () => '/events')],
  [
    'profile',
    20,
    async (ctx) => {
      const { club, who } = inClub(ctx);
      const other = memberOf(ctx, club);
      await ctx.api.call('read:profile', who, 'GET', `/api/members/${other.userId}`);
      return true;
    },
  ],
  [
    'my clubs',
    20,
    async (ctx) => {
      await ctx.api.call(
        'read:me',
        pick(ctx.random, ctx.world.people) as Account,
        'GET',
        '/api/me/memberships',
      );
      return true;
    },
  ],
  [
    'directory',
    40,
    publicRead('read:directory', (ctx) =>
      ctx.random() < 0.3 ? `/api/clubs?q=${pick(ctx.random, WORDS)}` : '/api/clubs',
    ),
  ],
  ['club page', 30, publicRead('read:club', (ctx) => `/api/clubs/${anyClub(ctx).id}`)],
  ['featured', 10, publicRead('read:directory', () => '/api/featured-clubs')],
  ['like', 120, like],
  ['post', 15, createPost],
  ['comment', 45, comment],
  ['rsvp', 40, rsvp],
  ['join', 20, join],
  ['approve', 20, approve],
  ['leave', 6, leave],
  ['invite', 2, invite],
  ['checkout', 3, checkout],
  ['redeliver', 2, redeliver],
];

const TOTAL_WEIGHT = MIX.reduce((sum, [, weight]) => sum + weight, 0);

/** Draws actions until one finds something to do, and does it. */
export async function runOne(ctx: MixContext): Promise<void> {
  for (let tries = 0; tries < 20; tries++) {
    let draw = ctx.random() * TOTAL_WEIGHT;
    for (const [, weight, action] of MIX) {
      draw -= weight;
      if (draw < 0) {
        if (await action(ctx)) return;
        break;
      }
    }
  }
}

export const stripeOn = (stripeUrl: string) => {
  const url = new URL(stripeUrl);
  return new Stripe(LOCAL_STRIPE_KEYS.secretKey, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
};
