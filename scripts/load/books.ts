/**
 * The books after the load, read straight from DynamoDB Local (one Scan of the whole table: a
 * verification, never a request path) and from the Stripe simulator: every counter the product
 * keeps beside what it counts is compared with a recount of the items themselves.
 *
 * - each post's likeCount and commentCount: its likes and comments;
 * - each club's memberCount: its active memberships;
 * - each event's attendeeCount: its attendances;
 * - each member's all-time points in a club: the likes their posts there received from others;
 * - no Stripe event applied twice: every event the simulator sent that the bus routes is recorded
 *   completed once (its idempotency record); each checkout the load paid left one live subscription record of its own
 *   subscription; the platform figures equal what the stored clubs and records say.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { countedRevenueOf, revenueSteps } from '@clubs/functions/data/figures-rebuild';
import { recordKeyOf } from '@clubs/functions/data/idempotency';
import { addSteps, type FigureSteps, figure } from '@clubs/functions/data/platform-figures';
import { STRIPE_EVENT_WORK } from '@clubs/functions/payments/stripe-event-once';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '@clubs/infra/local/config.ts';
import { EVENT_BUS, EVENT_ROUTES } from '@clubs/shared';
import { adminKeys, idempotencyKeys } from '@clubs/shared/table-keys';
import type Stripe from 'stripe';
import type { World } from './world.ts';

export type Item = Record<string, unknown>;

export interface BooksReport {
  /** How many counters of each kind were compared. */
  readonly checked: Record<string, number>;
  readonly mismatches: string[];
}

async function scanAll(endpoint: string, table: string): Promise<Item[]> {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: { ...LOCAL_CREDENTIALS } }),
  );
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({ TableName: table, ExclusiveStartKey: start, ConsistentRead: true }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  client.destroy();
  return items;
}

const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
const num = (value: unknown) => (typeof value === 'number' ? value : 0);

/** The stored items, indexed by what the checks recount. */
function tally(items: readonly Item[]) {
  const likes = new Map<string, number>();
  const comments = new Map<string, number>();
  const attendees = new Map<string, number>();
  const activeMembers = new Map<string, number>();
  /**
   * Likes that count toward their author's points, by post (a like's post gives its club): the
   * author, and the liker and day for those counted once a day per pair.
   */
  const earnedByPost = new Map<string, { author: string; pairDay: string | null }[]>();
  const posts: Item[] = [];
  const clubs: Item[] = [];
  const events: Item[] = [];
  const points: Item[] = [];
  const records: Item[] = [];
  const stripeEvents = new Map<string, Item>();
  const figureShards: Item[] = [];
  for (const item of items) {
    const pk = String(item.pk);
    const sk = String(item.sk);
    if (pk.startsWith('POST#') && sk.startsWith('LIKE#')) {
      count(likes, pk.slice(5));
      if (typeof item.pointsFor === 'string') {
        const pairDay = item.oncePerDay ? `${item.userId}#${String(item.createdAt).slice(0, 10)}` : null;
        earnedByPost.set(pk.slice(5), [
          ...(earnedByPost.get(pk.slice(5)) ?? []),
          { author: item.pointsFor, pairDay },
        ]);
      }
    } else if (pk.startsWith('POST#') && sk.startsWith('COMMENT#')) count(comments, pk.slice(5));
    else if (pk.startsWith('EVENT#') && sk.startsWith('ATTENDEE#')) count(attendees, pk.slice(6));
    else if (pk.startsWith('CLUB#') && sk.startsWith('MEMBER#')) {
      if (item.status === 'active') count(activeMembers, pk.slice(5));
    } else if (pk.startsWith('CLUB#') && sk.startsWith('POST#') && sk !== 'POST#~PINNED') posts.push(item);
    else if (pk.startsWith('CLUB#') && sk === 'META') clubs.push(item);
    else if (pk.startsWith('CLUB#') && sk.startsWith('EVENT#')) events.push(item);
    else if (pk.startsWith('POINTS#') && sk === 'ALL') points.push(item);
    else if (pk.startsWith('CLUB#') && (sk === 'PLAN' || sk.startsWith('SUBSCRIPTION#'))) records.push(item);
    else if (pk === STRIPE_EVENTS_PARTITION) stripeEvents.set(sk, item);
    else if (pk === adminKeys.figuresPartition && sk.startsWith(adminKeys.figuresShardPrefix))
      figureShards.push(item);
  }
  // A point per like stored before the once-a-day rule, and per liker and day after it.
  const earned = new Map<string, number>();
  const pairDays = new Set<string>();
  for (const post of posts) {
    const clubId = String(post.pk).slice(5);
    for (const { author, pairDay } of earnedByPost.get(String(post.sk).slice(5)) ?? []) {
      const key = `${clubId}#${author}`;
      if (pairDay && pairDays.has(`${key}#${pairDay}`)) continue;
      if (pairDay) pairDays.add(`${key}#${pairDay}`);
      count(earned, key);
    }
  }
  return {
    likes,
    comments,
    attendees,
    activeMembers,
    earned,
    posts,
    clubs,
    events,
    points,
    records,
    stripeEvents,
    figureShards,
  };
}

/** Every event the simulator sent, oldest first (the SDK pages through them). */
async function sentEvents(stripe: Stripe): Promise<Stripe.Event[]> {
  const events: Stripe.Event[] = [];
  for await (const event of stripe.events.list({ limit: 100 })) events.push(event);
  return events;
}

const STRIPE_TYPES = new Set<string>(
  EVENT_ROUTES.filter((route) => route.source === EVENT_BUS.stripeSource).flatMap((route) => [
    ...route.detailTypes,
  ]),
);

/** The partition of the stripe-events consumer's idempotency records, by their sort keys. */
const STRIPE_EVENTS_PARTITION = idempotencyKeys.partition(STRIPE_EVENT_WORK.name);

/** The status of an event's idempotency record ('COMPLETED' once applied). */
const stateOf = (records: ReadonlyMap<string, Item>, eventId: string): unknown =>
  records.get(recordKeyOf(STRIPE_EVENT_WORK, { id: eventId }))?.status;

/** Routed events the simulator sent that are not recorded completed yet (empty once the bus is quiet). */
export async function unsettledStripeEvents(
  endpoint: string,
  table: string,
  stripe: Stripe,
): Promise<string[]> {
  const { stripeEvents } = tally(await scanAll(endpoint, table));
  return (await sentEvents(stripe))
    .filter((event) => STRIPE_TYPES.has(event.type) && stateOf(stripeEvents, event.id) !== 'COMPLETED')
    .map((event) => `${event.type} ${event.id}`);
}

/** What the simulator says happened: the events it sent, each paid checkout's subscription. */
export interface StripeFacts {
  readonly sent: readonly { id: string; type: string }[];
  readonly checkouts: readonly { clubId: string; userId: string; sessionId: string; subscription: unknown }[];
}

/** Compares every counter in `items` (the whole table) with a recount, and the Stripe records with `stripe`. */
export function auditBooks(items: readonly Item[], stripe: StripeFacts): BooksReport {
  const t = tally(items);
  const mismatches: string[] = [];
  const checked: Record<string, number> = {};
  const compare = (kind: string, what: string, stored: unknown, counted: unknown) => {
    checked[kind] = (checked[kind] ?? 0) + 1;
    if (stored !== counted) mismatches.push(`${what}: ${kind} ${String(stored)}, counted ${String(counted)}`);
  };

  for (const post of t.posts) {
    const id = String(post.sk).slice(5);
    compare('likeCount', `post ${id}`, num(post.likeCount), t.likes.get(id) ?? 0);
    compare('commentCount', `post ${id}`, num(post.commentCount), t.comments.get(id) ?? 0);
  }
  for (const club of t.clubs) {
    const id = String(club.pk).slice(5);
    compare('memberCount', `club ${id}`, club.memberCount, t.activeMembers.get(id) ?? 0);
  }
  for (const event of t.events) {
    const id = String(event.sk).slice(6);
    compare('attendeeCount', `event ${id}`, num(event.attendeeCount), t.attendees.get(id) ?? 0);
  }
  const withPoints = new Set<string>();
  for (const item of t.points) {
    const key = `${item.clubId}#${item.userId}`;
    withPoints.add(key);
    compare(
      'points',
      `member ${item.userId} in club ${item.clubId}`,
      num(item.points),
      t.earned.get(key) ?? 0,
    );
  }
  for (const [key, n] of t.earned) {
    const [clubId, userId] = key.split('#');
    if (!withPoints.has(key)) compare('points', `member ${userId} in club ${clubId}`, 0, n);
  }

  // Stripe: each routed event recorded completed (once: its record is keyed by the event id).
  for (const event of stripe.sent.filter((e) => STRIPE_TYPES.has(e.type))) {
    compare('stripe event', `${event.type} ${event.id}`, stateOf(t.stripeEvents, event.id), 'COMPLETED');
  }
  // Each checkout the load paid: one live record of its session's subscription, none shared.
  const bySubscription = new Map<string, number>();
  for (const record of t.records) {
    if (typeof record.subscriptionId === 'string') count(bySubscription, record.subscriptionId);
  }
  for (const [id, n] of bySubscription) compare('subscription records', `subscription ${id}`, n, 1);
  const records = new Map(t.records.map((r) => [`${r.pk}|${r.sk}`, r]));
  for (const paid of stripe.checkouts) {
    const record = records.get(`CLUB#${paid.clubId}|SUBSCRIPTION#${paid.userId}`);
    compare('checkout', `checkout ${paid.sessionId}`, record?.subscriptionId, paid.subscription);
  }
  // The platform figures: what the stored clubs and subscription records add up to.
  let truth: FigureSteps = {};
  for (const club of t.clubs) {
    truth = addSteps(truth, {
      [figure.clubs(club.status as never)]: 1,
      [figure.members]: num(club.memberCount),
    });
  }
  for (const record of t.records) {
    truth = addSteps(
      truth,
      revenueSteps(record.sk === 'PLAN' ? 'club_plan' : 'membership', countedRevenueOf(record)),
    );
  }
  let stored: FigureSteps = {};
  for (const shard of t.figureShards) {
    for (const [name, value] of Object.entries(shard))
      if (typeof value === 'number') stored = addSteps(stored, { [name]: value });
  }
  for (const name of new Set([...Object.keys(truth), ...Object.keys(stored)])) {
    compare('platform figure', name, stored[name] ?? 0, truth[name] ?? 0);
  }
  return { checked, mismatches };
}

/** Reads the whole table and what the simulator sent, and audits them (auditBooks). */
export async function checkBooks(
  endpoint: string,
  table: string,
  stripe: Stripe,
  world: World,
): Promise<BooksReport> {
  const items = await scanAll(endpoint, table);
  const sent = await sentEvents(stripe);
  const checkouts = [];
  for (const paid of world.checkouts) {
    const session = await stripe.checkout.sessions.retrieve(paid.sessionId);
    checkouts.push({ ...paid, subscription: session.subscription });
  }
  return auditBooks(items, { sent, checkouts });
}
