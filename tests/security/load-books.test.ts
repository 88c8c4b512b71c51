/**
 * The books check of `npm run bench:load` (scripts/load/books.ts) passes a table whose counters
 * equal what they count, and names each kind of drift when one counter is off by one or a Stripe
 * event or subscription is applied twice.
 */

import { recordKeyOf } from '@clubs/functions/data/idempotency';
import { figure } from '@clubs/functions/data/platform-figures';
import { STRIPE_EVENT_WORK } from '@clubs/functions/payments/stripe-event-once';
import { adminKeys, idempotencyKeys, keys } from '@clubs/shared/table-keys';
import { describe, expect, it } from 'vitest';
import { auditBooks, type Item, type StripeFacts } from '../../scripts/load/books.ts';

const [club, owner, member, post, event] = ['C1', 'U0', 'U1', 'P1', 'E1'];
/** The stripe-events consumer's idempotency record of the event evt_1. */
const stripeEventRecord = idempotencyKeys.record(
  STRIPE_EVENT_WORK.name,
  recordKeyOf(STRIPE_EVENT_WORK, { id: 'evt_1' }),
);

/** A club with an owner, one active and one pending member, a liked and commented post, an event, a paid checkout. */
function books(): Item[] {
  return [
    { ...keys.club(club), type: 'club', status: 'active', memberCount: 2 },
    { ...keys.membership(club, owner), status: 'active' },
    { ...keys.membership(club, member), status: 'active' },
    { ...keys.membership(club, 'U2'), status: 'pending' },
    { ...keys.post(club, post), likeCount: 1, commentCount: 1 },
    { ...keys.like(post, member), pointsFor: owner },
    { ...keys.comment(post, 'K1') },
    { ...keys.event(club, event), attendeeCount: 1 },
    { ...keys.attendance(event, member) },
    { ...keys.points(club, owner, 'ALL'), clubId: club, userId: owner, points: 1 },
    { ...stripeEventRecord, status: 'COMPLETED' },
    {
      ...keys.memberSubscription(club, member),
      subscriptionId: 'sub_1',
      status: 'active',
      countedRevenue: 'USD:999',
    },
    {
      ...adminKeys.figures(0),
      [figure.clubs('active')]: 1,
      [figure.members]: 2,
      [figure.subscriptions('membership')]: 1,
      [figure.mrr('membership', 'USD')]: 999,
    },
    // A day's changes of the figures, for the portal's charts: not a figure to add up.
    { ...adminKeys.figuresDay('2030-01-31'), bucket: '2030-01-31', [figure.members]: 2 },
  ];
}

const stripe: StripeFacts = {
  sent: [{ id: 'evt_1', type: 'checkout.session.completed' }],
  checkouts: [{ clubId: club, userId: member, sessionId: 'cs_1', subscription: 'sub_1' }],
};

/** The books with the item of key `sk` (in partition `pk`) changed by `change`. */
const changed = (pk: string, sk: string, change: Item) =>
  books().map((item) => (item.pk === pk && item.sk === sk ? { ...item, ...change } : item));

describe('the load benchmark books check', () => {
  it('finds nothing wrong in books that add up, and says what it checked', () => {
    const report = auditBooks(books(), stripe);
    expect(report.mismatches).toEqual([]);
    expect(report.checked).toMatchObject({
      likeCount: 1,
      commentCount: 1,
      memberCount: 1,
      attendeeCount: 1,
      points: 1,
      'stripe event': 1,
      'subscription records': 1,
      checkout: 1,
    });
  });

  it.each([
    ['likeCount', changed(`CLUB#${club}`, `POST#${post}`, { likeCount: 2 })],
    ['commentCount', changed(`CLUB#${club}`, `POST#${post}`, { commentCount: 0 })],
    ['memberCount', changed(`CLUB#${club}`, 'META', { memberCount: 3 })],
    ['attendeeCount', changed(`CLUB#${club}`, `EVENT#${event}`, { attendeeCount: 2 })],
    ['points', changed(`POINTS#${club}#${owner}`, 'ALL', { points: 2 })],
    ['stripe event', changed(stripeEventRecord.pk, stripeEventRecord.sk, { status: 'INPROGRESS' })],
    ['platform figure', changed('ADMIN#figures', 'SHARD#0', { [figure.members]: 3 })],
    [
      'subscription records',
      [
        ...books(),
        { ...keys.clubPlan(club), subscriptionId: 'sub_1', status: 'active', countedRevenue: ':0' },
      ],
    ],
  ])('names a %s that drifted', (kind, items) => {
    const { mismatches } = auditBooks(items, stripe);
    expect(mismatches.some((line) => line.includes(`: ${kind} `))).toBe(true);
  });

  it("counts one point for a member's likes of an author on one day, one per day and per like stored before that rule", () => {
    const day = '2030-01-02T10:00:00.000Z';
    const posts = ['P2', 'P3', 'P4'].map((id) => ({ ...keys.post(club, id), likeCount: 1 }));
    const likes = [
      { ...keys.like('P2', member), pointsFor: owner, oncePerDay: true, userId: member, createdAt: day },
      { ...keys.like('P3', member), pointsFor: owner, oncePerDay: true, userId: member, createdAt: day },
      {
        ...keys.like('P4', member),
        pointsFor: owner,
        oncePerDay: true,
        userId: member,
        createdAt: '2030-01-03T00:00:00.000Z',
      },
    ];
    // The legacy like of P1 (1), the pair's 2 Jan (1) and 3 Jan (1).
    const withPoints = (points: number) => [
      ...changed(`POINTS#${club}#${owner}`, 'ALL', { points }),
      ...posts,
      ...likes,
    ];
    expect(auditBooks(withPoints(3), stripe).mismatches).toEqual([]);
    expect(auditBooks(withPoints(4), stripe).mismatches).toEqual([
      `member ${owner} in club ${club}: points 4, counted 3`,
    ]);
  });

  it('names a paid checkout whose subscription was not recorded for it, and a like without its point', () => {
    const { mismatches } = auditBooks(
      books().filter((item) => item.pk !== `POINTS#${club}#${owner}`),
      {
        ...stripe,
        checkouts: [{ ...stripe.checkouts[0], subscription: 'sub_2' } as StripeFacts['checkouts'][0]],
      },
    );
    expect(mismatches).toEqual([
      `member ${owner} in club ${club}: points 0, counted 1`,
      'checkout cs_1: checkout sub_1, counted sub_2',
    ]);
  });
});
