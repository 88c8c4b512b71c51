/**
 * Moderation through the feed and members handlers on DynamoDB Local and the Stripe simulator:
 * reports (once per member, never one's own, never across clubs, validated), the auto-hide at
 * the club's threshold (exactly once under 50 concurrent reports), what a hidden item looks like
 * to its author and to everyone else, the queue's decisions with their audit entries, who may
 * be banned, a ban keeping a paid member out every way back in, and first posts held for approval.
 */
import { activateMembership } from '@clubs/functions/data/repositories/membership-writes';
import { getMembership } from '@clubs/functions/data/repositories/memberships';
import { getPost } from '@clubs/functions/data/repositories/posts';
import { handler as feed } from '@clubs/functions/routes/feed';
import { handler as invitations } from '@clubs/functions/routes/invitations';
import { handler as members } from '@clubs/functions/routes/members';
import { handler as memberships } from '@clubs/functions/routes/memberships';
import { handler as payments } from '@clubs/functions/routes/payments';
import {
  type AuditEntry,
  type Comment,
  MODERATION,
  type Post,
  type PostPage,
  type RemovedPage,
  type ReportCasePage,
  type RouteId,
} from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { type GroupHandler, httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { addClub, addMember } from '../support/members.ts';
import { deliver, paidClubs, sessionIdOf, useTestStripe } from '../support/paid-clubs.ts';
import { ofType } from '../support/stripe.ts';

const stripe = useTestStripe();
const { paidClub, paidMember } = paidClubs(stripe);

type Answer<T> = { status: number; body: T & { error?: { code: string; message: string } } };

const call = <T = Record<string, unknown>>(
  group: GroupHandler,
  id: RouteId,
  userId: string,
  options: { params?: Record<string, string>; body?: unknown; query?: Record<string, string> } = {},
) => invoke<T>(group, httpEvent(id, { ...options, claims: memberClaims(userId) })) as Promise<Answer<T>>;

async function postBy(clubId: string, userId: string, title = 'A post') {
  const res = await call<Post>(feed, 'createPost', userId, {
    params: { clubId },
    body: { title, content: `${title}, in full.` },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const report = (clubId: string, postId: string, userId: string, body: unknown = { reason: 'spam' }) =>
  call(feed, 'reportPost', userId, { params: { clubId, postId }, body });

const feedOf = async (clubId: string, userId: string) =>
  (await call<PostPage>(feed, 'listPosts', userId, { params: { clubId } })).body.items;

const queue = (clubId: string, userId: string) =>
  call<ReportCasePage>(members, 'listReports', userId, { params: { clubId } });

const decide = (clubId: string, itemId: string, userId: string, action: string) =>
  call(members, 'decideReport', userId, { params: { clubId, itemId }, body: { action } });

const audit = async (clubId: string, userId: string) =>
  (await call<{ items: AuditEntry[] }>(members, 'listClubAudit', userId, { params: { clubId } })).body.items;

/** Members of long standing: their reports count toward hiding an item. */
const LONG_AGO = new Date(Date.now() - (MODERATION.reporterTenureDays + 1) * 86_400_000);

async function clubWithPeople(count: number, overrides: Parameters<typeof addClub>[0] = {}) {
  const ownerId = ulid();
  const club = await addClub({ ownerId, status: 'active', ...overrides });
  const moderatorId = await addMember(club.id, { role: 'club_moderator', since: LONG_AGO });
  const people = await Promise.all(
    Array.from({ length: count }, () => addMember(club.id, { since: LONG_AGO })),
  );
  return { club, ownerId, moderatorId, people };
}

describe('reports', () => {
  it('thanks the reporter once, refuses a repeat, their own post, another club and bad input', async () => {
    const { club, people } = await clubWithPeople(2);
    const [author, reporter] = people as [string, string];
    const post = await postBy(club.id, author);
    const first = await report(club.id, post.id, reporter);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ reported: true, message: expect.stringMatching(/^Thank you/) });
    expect((await report(club.id, post.id, reporter)).status).toBe(409);
    expect((await report(club.id, post.id, author)).status).toBe(400);
    for (const body of [{ reason: 'rude' }, { reason: 'other' }, { reason: 'spam', text: 'x' }, {}]) {
      expect((await report(club.id, post.id, reporter, body)).status).toBe(400);
    }
    const other = await clubWithPeople(1);
    const foreign = await postBy(other.club.id, other.people[0] as string);
    expect((await report(club.id, foreign.id, reporter)).status).toBe(404);
    const listed = (await queue(club.id, club.ownerId)).body.items;
    expect(listed).toEqual([
      expect.objectContaining({ id: post.id, reportCount: 1, reasons: expect.objectContaining({ spam: 1 }) }),
    ]);
    // The queue names nobody who reported; members cannot call it.
    expect(JSON.stringify(listed)).not.toContain(reporter);
    expect((await queue(club.id, reporter)).status).toBe(403);
    expect((await call(members, 'countReports', reporter, { params: { clubId: club.id } })).status).toBe(403);
  });

  it('50 concurrent reports of one item: 50 counted and exactly one auto-hide', async () => {
    const { club, ownerId, people } = await clubWithPeople(51);
    const [author, ...reporters] = people as string[];
    const post = await postBy(club.id, author as string);
    const answers = await Promise.all(reporters.map((id) => report(club.id, post.id, id)));
    expect(answers.map((a) => a.status)).toEqual(reporters.map(() => 201));
    const [listed] = (await queue(club.id, ownerId)).body.items;
    expect(listed).toMatchObject({ id: post.id, reportCount: 50, hidden: 'reports' });
    const hides = (await audit(club.id, ownerId)).filter((entry) => entry.action === 'report.autohide');
    expect(hides).toHaveLength(1);
    expect((await getPost(club.id, post.id))?.hidden).toBe('reports');
  });

  it('hides at the club threshold: the author sees it marked, others nowhere', async () => {
    const { club, ownerId, moderatorId, people } = await clubWithPeople(3);
    const [author, a, b] = people as [string, string, string];
    const saved = await call(members, 'saveModerationSettings', ownerId, {
      params: { clubId: club.id },
      body: { reportThreshold: 2, holdFirstPosts: false },
    });
    expect(saved.status).toBe(200);
    const bad = await call(members, 'saveModerationSettings', ownerId, {
      params: { clubId: club.id },
      body: { reportThreshold: 0, holdFirstPosts: false },
    });
    expect(bad.status).toBe(400);
    expect(
      (
        await call(members, 'saveModerationSettings', moderatorId, {
          params: { clubId: club.id },
          body: { reportThreshold: 5, holdFirstPosts: false },
        })
      ).status,
    ).toBe(404);
    const post = await postBy(club.id, author, 'Buy cheap watches');
    await report(club.id, post.id, a);
    expect((await feedOf(club.id, b)).map((p) => p.id)).toContain(post.id);
    await report(club.id, post.id, b, { reason: 'other', text: 'Selling things' });
    expect((await feedOf(club.id, b)).map((p) => p.id)).not.toContain(post.id);
    expect((await feedOf(club.id, ownerId)).map((p) => p.id)).not.toContain(post.id);
    expect((await call(feed, 'getPost', a, { params: { clubId: club.id, postId: post.id } })).status).toBe(
      404,
    );
    const own = await feedOf(club.id, author);
    expect(own.find((p) => p.id === post.id)).toMatchObject({ hidden: 'reports' });
    const [listed] = (await queue(club.id, moderatorId)).body.items;
    expect(listed).toMatchObject({ reportCount: 2, note: 'Selling things', hidden: 'reports' });
  });
});

describe('hiding by reports', () => {
  it('counts only reporters of long standing (active for days): three fresh members reach the queue but hide nothing', async () => {
    const { club, ownerId, moderatorId, people } = await clubWithPeople(3);
    const [author, ...elders] = people as [string, string, string];
    // Two new accounts, and one whose request waited long but was approved today.
    const fresh = await Promise.all([1, 2].map(() => addMember(club.id)));
    const waited = await addMember(club.id, { status: 'pending', since: LONG_AGO });
    expect((await activateMembership(club.id, waited)).activated).toBe(true);
    fresh.push(waited);
    const post = await postBy(club.id, author, 'Unpopular opinion');
    for (const id of fresh) expect((await report(club.id, post.id, id)).status).toBe(201);
    expect((await getPost(club.id, post.id))?.hidden).toBeUndefined();
    expect((await queue(club.id, ownerId)).body.items).toEqual([
      expect.objectContaining({ id: post.id, reportCount: 3, hidden: null }),
    ]);
    // Two members of long standing are still under the threshold of three; a third hides it.
    for (const id of elders) expect((await report(club.id, post.id, id)).status).toBe(201);
    expect((await getPost(club.id, post.id))?.hidden).toBeUndefined();
    expect((await report(club.id, post.id, moderatorId)).status).toBe(201);
    expect((await getPost(club.id, post.id))?.hidden).toBe('reports');
    expect((await queue(club.id, ownerId)).body.items[0]).toMatchObject({
      reportCount: 6,
      hidden: 'reports',
    });
  });

  it("never hides an owner's or a moderator's post by reports; the queue still shows them", async () => {
    const { club, ownerId, moderatorId, people } = await clubWithPeople(3, { reportThreshold: 1 });
    const ownersPost = await postBy(club.id, ownerId, 'House rules');
    const modsPost = await postBy(club.id, moderatorId, 'Weekly thread');
    for (const id of people) {
      expect((await report(club.id, ownersPost.id, id)).status).toBe(201);
      expect((await report(club.id, modsPost.id, id)).status).toBe(201);
    }
    expect((await feedOf(club.id, people[0] as string)).map((p) => p.id)).toEqual(
      expect.arrayContaining([ownersPost.id, modsPost.id]),
    );
    const listed = (await queue(club.id, ownerId)).body.items;
    expect(listed.map((item) => [item.id, item.reportCount, item.hidden]).sort()).toEqual(
      [
        [ownersPost.id, 3, null],
        [modsPost.id, 3, null],
      ].sort(),
    );
    expect((await audit(club.id, ownerId)).filter((entry) => entry.action === 'report.autohide')).toEqual([]);
  });

  it(`refuses a person's report past ${MODERATION.reportsPerPersonPerDay} a day with 429, counting nothing`, async () => {
    const { club, ownerId, people } = await clubWithPeople(2);
    const [author, reporter] = people as [string, string];
    const posts = [];
    for (let i = 0; i <= MODERATION.reportsPerPersonPerDay; i++)
      posts.push(await postBy(club.id, author, `Post ${i}`));
    const [last, ...earlier] = posts.reverse() as [Post, ...Post[]];
    for (const post of earlier) expect((await report(club.id, post.id, reporter)).status).toBe(201);
    const refused = await report(club.id, last.id, reporter);
    expect(refused.status).toBe(429);
    expect(refused.body.error?.code).toBe('too_many_requests');
    const listed = (
      await call<ReportCasePage>(members, 'listReports', ownerId, {
        params: { clubId: club.id },
        query: { limit: '50' },
      })
    ).body.items;
    expect(listed.map((item) => item.id)).not.toContain(last.id);
    expect(listed).toHaveLength(MODERATION.reportsPerPersonPerDay);
  });
});

describe('decisions', () => {
  it('keep shows it again, hide hides it, delete removes it; each once, each in the audit trail', async () => {
    const { club, ownerId, moderatorId, people } = await clubWithPeople(2);
    const [author, reporter] = people as [string, string];
    const kept = await postBy(club.id, author, 'Kept');
    const hidden = await postBy(club.id, author, 'Hidden');
    const deleted = await postBy(club.id, author, 'Deleted');
    const commentRes = await call<Comment>(feed, 'addComment', author, {
      params: { clubId: club.id, postId: kept.id },
      body: { content: 'A rude comment' },
    });
    const comment = commentRes.body;
    for (const post of [kept, hidden, deleted]) await report(club.id, post.id, reporter);
    const commentReport = await call(feed, 'reportComment', reporter, {
      params: { clubId: club.id, postId: kept.id, commentId: comment.id },
      body: { reason: 'harassment' },
    });
    expect(commentReport.status).toBe(201);
    expect((await call(members, 'countReports', moderatorId, { params: { clubId: club.id } })).body).toEqual({
      count: 4,
      more: false,
    });
    expect((await decide(club.id, kept.id, reporter, 'keep')).status).toBe(403);
    expect((await decide(club.id, kept.id, moderatorId, 'keep')).status).toBe(200);
    expect((await decide(club.id, kept.id, ownerId, 'hide')).status).toBe(409);
    expect((await decide(club.id, hidden.id, ownerId, 'hide')).status).toBe(200);
    expect((await decide(club.id, deleted.id, ownerId, 'delete')).status).toBe(200);
    expect((await decide(club.id, comment.id, ownerId, 'hide')).status).toBe(200);
    expect((await decide(club.id, ulid(), ownerId, 'keep')).status).toBe(404);

    const seen = (await feedOf(club.id, reporter)).map((p) => p.id);
    expect(seen).toContain(kept.id);
    expect(seen).not.toContain(hidden.id);
    expect(seen).not.toContain(deleted.id);
    expect(await getPost(club.id, deleted.id)).toBeNull();
    expect((await feedOf(club.id, author)).find((p) => p.id === hidden.id)).toMatchObject({
      hidden: 'moderator',
    });
    const comments = (listing: string) =>
      call<{ items: Comment[] }>(feed, 'listComments', listing, {
        params: { clubId: club.id, postId: kept.id },
      });
    expect((await comments(reporter)).body.items).toEqual([]);
    expect((await comments(author)).body.items).toEqual([expect.objectContaining({ hidden: 'moderator' })]);
    expect((await queue(club.id, ownerId)).body.items).toEqual([]);

    const trail = await audit(club.id, ownerId);
    expect(trail.map((entry) => [entry.action, entry.actorId])).toEqual([
      ['report.hide', ownerId],
      ['report.delete', ownerId],
      ['report.hide', ownerId],
      ['report.keep', moderatorId],
    ]);
    expect(trail[0]?.at).toEqual(expect.any(String));
    expect((await call(members, 'listClubAudit', reporter, { params: { clubId: club.id } })).status).toBe(
      403,
    );
  });

  it('a hidden post takes no likes or comments: its author is told why (409), others find nothing (404), nothing is written', async () => {
    const { club, ownerId, moderatorId, people } = await clubWithPeople(2);
    const [author, reporter] = people as [string, string];
    const post = await postBy(club.id, author, 'Soon hidden');
    await report(club.id, post.id, reporter);
    expect((await decide(club.id, post.id, moderatorId, 'hide')).status).toBe(200);
    const before = await getPost(club.id, post.id, { consistent: true });
    const params = { clubId: club.id, postId: post.id };
    for (const [userId, status] of [
      [author, 409],
      [reporter, 404],
      [ownerId, 404],
    ] as const) {
      const like = await call(feed, 'likePost', userId, { params });
      const comment = await call(feed, 'addComment', userId, { params, body: { content: 'Still here?' } });
      for (const answer of [like, comment]) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(status);
        expect(answer.body.error?.code).toBe(status === 409 ? 'conflict' : 'not_found');
      }
    }
    const after = await getPost(club.id, post.id, { consistent: true });
    expect(after).toMatchObject({ likeCount: before?.likeCount, commentCount: before?.commentCount });
    expect((await call<{ items: Comment[] }>(feed, 'listComments', author, { params })).body.items).toEqual(
      [],
    );
  });

  it('a ban never reaches the owner, nor a moderator through another moderator; nothing changes', async () => {
    const { club, ownerId, moderatorId, people } = await clubWithPeople(1);
    const otherModerator = await addMember(club.id, { role: 'club_moderator' });
    const reporter = people[0] as string;
    const ownersPost = await postBy(club.id, ownerId, 'By the owner');
    const modsPost = await postBy(club.id, otherModerator, 'By a moderator');
    await report(club.id, ownersPost.id, reporter);
    await report(club.id, modsPost.id, reporter);
    expect((await decide(club.id, ownersPost.id, moderatorId, 'ban')).status).toBe(403);
    expect((await decide(club.id, ownersPost.id, ownerId, 'ban')).status).toBe(403);
    expect((await decide(club.id, modsPost.id, moderatorId, 'ban')).status).toBe(403);
    expect(await getMembership(club.id, otherModerator)).toMatchObject({ status: 'active' });
    expect((await queue(club.id, ownerId)).body.items).toHaveLength(2);
    expect(await audit(club.id, ownerId)).toEqual([]);
  });

  it('a banned paid member is cancelled at Stripe and kept out of requests, invitations and checkout until lifted', async () => {
    const { club, ownerId } = await paidClub();
    const reporter = await addMember(club.id);
    const { memberId, subscriptionId } = await paidMember(club.id);
    const post = await postBy(club.id, memberId, 'Spam spam');
    await report(club.id, post.id, reporter);
    expect((await decide(club.id, post.id, ownerId, 'ban')).status).toBe(200);
    expect(await getMembership(club.id, memberId)).toBeNull();
    expect((await stripe().stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    for (const event of stripe().takeEvents()) await deliver(event);
    expect((await getPost(club.id, post.id))?.hidden).toBe('moderator');

    const removed = await call<RemovedPage>(members, 'listRemovedMembers', ownerId, {
      params: { clubId: club.id },
    });
    expect(removed.body.items).toEqual([expect.objectContaining({ userId: memberId, banned: true })]);
    // A paid club is joined by checkout (a request is refused as such); the checkout refuses the ban.
    const request = await call(memberships, 'requestMembership', memberId, { params: { clubId: club.id } });
    expect(request.status).toBe(409);
    const checkout = await call(payments, 'createMembershipCheckout', memberId, {
      params: { clubId: club.id },
    });
    expect(checkout.status).toBe(403);
    const link = await call<{ token: string }>(invitations, 'getInviteLink', ownerId, {
      params: { clubId: club.id },
    });
    const accepted = await call(invitations, 'acceptInvitation', memberId, {
      params: { clubId: club.id, token: link.body.token },
    });
    expect(accepted.status).toBe(404);
    expect(await getMembership(club.id, memberId)).toBeNull();
    expect((await audit(club.id, ownerId)).map((entry) => entry.action)).toEqual(['member.ban']);

    expect(
      (await call(members, 'liftMemberRemoval', ownerId, { params: { clubId: club.id, userId: memberId } }))
        .body,
    ).toEqual({ lifted: true, userId: memberId });
    const again = await call(payments, 'createMembershipCheckout', memberId, { params: { clubId: club.id } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it('a banned person buying back in with a new account and the same card is refused and refunded, not made a member', async () => {
    const { club, ownerId } = await paidClub({ trialPeriod: 0 });
    const reporter = await addMember(club.id);
    // The member pays with Stripe's Visa test card (the simulator's default).
    const { memberId } = await paidMember(club.id);
    const post = await postBy(club.id, memberId, 'Spam again');
    await report(club.id, post.id, reporter);
    expect((await decide(club.id, post.id, ownerId, 'ban')).status).toBe(200);
    for (const event of stripe().takeEvents()) await deliver(event);

    // An account with the banned person's address cannot even start a checkout.
    const sameAddress = await invoke(
      payments,
      httpEvent('createMembershipCheckout', {
        params: { clubId: club.id },
        claims: memberClaims(ulid(), { email: `${memberId.toUpperCase()}@Example.com` }),
      }),
    );
    expect(sameAddress.status).toBe(403);

    // A new account with an address of its own starts one, and pays with the same card.
    const newAccount = ulid();
    const checkout = await call<{ url: string }>(payments, 'createMembershipCheckout', newAccount, {
      params: { clubId: club.id },
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    stripe().takeEvents();
    stripe().server.simulator.payCheckout(sessionIdOf(checkout.body.url), undefined, '4242 4242 4242 4242');
    const events = stripe().takeEvents();
    const completed = ofType(events, 'checkout.session.completed');
    const subscriptionId = (completed.data as { object: { subscription: string } }).object.subscription;
    for (const event of events) await deliver(event);

    expect(await getMembership(club.id, newAccount)).toBeNull();
    expect((await stripe().stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    // What it was charged is given back, the application fee with it.
    const after = stripe().takeEvents();
    expect(after.filter((event) => event.type === 'charge.refunded')).toHaveLength(1);
    const charge = (ofType(after, 'charge.refunded').data as { object: { id: string } }).object;
    const refunded = await stripe().stripe.charges.retrieve(charge.id, { expand: ['application_fee'] });
    expect(refunded.refunded).toBe(true);
    expect((refunded.application_fee as { refunded?: boolean } | null)?.refunded).toBe(true);
    for (const event of after) await deliver(event);
    expect(await getMembership(club.id, newAccount)).toBeNull();

    // Someone else paying with another card joins as ever.
    const other = ulid();
    const otherCheckout = await call<{ url: string }>(payments, 'createMembershipCheckout', other, {
      params: { clubId: club.id },
    });
    stripe().takeEvents();
    stripe().server.simulator.payCheckout(
      sessionIdOf(otherCheckout.body.url),
      undefined,
      '5555 5555 5555 4444',
    );
    for (const event of stripe().takeEvents()) await deliver(event);
    expect(await getMembership(club.id, other)).toMatchObject({ status: 'active' });

    // Lifted, the ban no longer follows the card.
    await call(members, 'liftMemberRemoval', ownerId, { params: { clubId: club.id, userId: memberId } });
    const back = ulid();
    const backCheckout = await call<{ url: string }>(payments, 'createMembershipCheckout', back, {
      params: { clubId: club.id },
    });
    stripe().takeEvents();
    stripe().server.simulator.payCheckout(sessionIdOf(backCheckout.body.url));
    for (const event of stripe().takeEvents()) await deliver(event);
    expect(await getMembership(club.id, back)).toMatchObject({ status: 'active' });
  });
});

describe('first posts held for approval', () => {
  it("holds a new member's first post until a moderator approves it; later posts go straight out", async () => {
    const { club, ownerId, moderatorId, people } = await clubWithPeople(2, { holdFirstPosts: true });
    const [newcomer, other] = people as [string, string];
    const held = await postBy(club.id, newcomer, 'Hello everyone');
    expect(held.hidden).toBe('held');
    expect((await feedOf(club.id, other)).map((p) => p.id)).not.toContain(held.id);
    expect((await postBy(club.id, moderatorId, 'Staff post')).hidden).toBeUndefined();
    const [listed] = (await queue(club.id, ownerId)).body.items;
    expect(listed).toMatchObject({ id: held.id, hidden: 'held', reportCount: 0 });
    expect((await decide(club.id, held.id, moderatorId, 'keep')).status).toBe(200);
    expect((await feedOf(club.id, other)).map((p) => p.id)).toContain(held.id);
    expect((await postBy(club.id, newcomer, 'Second post')).hidden).toBeUndefined();
  });
});

describe('a decided case', () => {
  it('goes back to the queue at a new report, counting only the reports since the decision', async () => {
    const { club, ownerId, people } = await clubWithPeople(4, { reportThreshold: 2 });
    const [author, first, second, third] = people as [string, string, string, string];
    const post = await postBy(club.id, author, 'Borderline');
    expect((await report(club.id, post.id, first)).status).toBe(201);
    expect((await decide(club.id, post.id, ownerId, 'keep')).status).toBe(200);
    expect((await queue(club.id, ownerId)).body.items).toEqual([]);

    expect((await report(club.id, post.id, second, { reason: 'harassment' })).status).toBe(201);
    expect((await queue(club.id, ownerId)).body.items).toEqual([
      expect.objectContaining({ id: post.id, reportCount: 1 }),
    ]);
    // One report since the decision: still shown (the threshold is 2), hidden at the next.
    expect((await feedOf(club.id, third)).map((p) => p.id)).toContain(post.id);
    expect((await report(club.id, post.id, third)).status).toBe(201);
    expect((await feedOf(club.id, first)).map((p) => p.id)).not.toContain(post.id);
  });

  it('goes back to the queue when its approved first post is edited, showing the new text', async () => {
    const { club, ownerId, moderatorId, people } = await clubWithPeople(1, { holdFirstPosts: true });
    const [newcomer] = people as [string];
    const held = await postBy(club.id, newcomer, 'Hello everyone');
    expect((await decide(club.id, held.id, moderatorId, 'keep')).status).toBe(200);
    expect((await queue(club.id, ownerId)).body.items).toEqual([]);

    const edited = await call<Post>(feed, 'updatePost', newcomer, {
      params: { clubId: club.id, postId: held.id },
      body: { title: 'Cheap pills', content: 'Buy now at our shop.' },
    });
    expect(edited.status).toBe(200);
    expect((await queue(club.id, ownerId)).body.items).toEqual([
      expect.objectContaining({ id: held.id, excerpt: 'Cheap pills' }),
    ]);
    // An edit of a post that never had a case opens none.
    const plain = await postBy(club.id, newcomer, 'Second post');
    await call<Post>(feed, 'updatePost', newcomer, {
      params: { clubId: club.id, postId: plain.id },
      body: { title: 'Second post, edited', content: 'More.' },
    });
    expect((await queue(club.id, ownerId)).body.items.map((c) => c.id)).toEqual([held.id]);
  });
});
