/**
 * Invitations through their handler on DynamoDB Local and the SES emulator: the owner's link and
 * its regeneration, e-mailed invitations with single-use tokens (per-row errors, repeats skipped,
 * the daily limit, SES failing), and accepting: a free club lets the invitee in once however
 * often they click, a paid club sends them to the checkout, a used or replaced token lets nobody in.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '@clubs/functions/data/client';
import { queryAll } from '@clubs/functions/data/query';
import { rateWindowCount } from '@clubs/functions/data/rate-windows';
import { createClubWithOwner, getClub } from '@clubs/functions/data/repositories/clubs';
import { getMembership } from '@clubs/functions/data/repositories/memberships';
import { handler } from '@clubs/functions/routes/invitations';
import { handler as members } from '@clubs/functions/routes/members';
import { handler as memberships } from '@clubs/functions/routes/memberships';
import {
  accountInvitationRate,
  invitationRate,
} from '@clubs/functions/services/invitations/send-invitations';
import {
  type AcceptInvitationResult,
  type Club,
  INVITATION_LIMITS,
  INVITATION_LINK_MESSAGE,
  INVITEE_NAME_LINK_MESSAGE,
  type InvitationPreview,
  type InviteLink,
  type PendingInvitationPage,
  type RouteId,
  type SendInvitationsResult,
} from '@clubs/shared';
import { INVITATION_PREFIX, INVITATION_WAITING_PREFIX, keys } from '@clubs/shared/table-keys';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clubFixture } from '../support/fixtures.ts';
import { type EventOptions, httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { addMember, addPerson } from '../support/members.ts';
import { clearSentEmails, readSentEmails, startSesEmulator } from '../support/ses-store.ts';

type ErrorBody = { error: { code: string; message: string; details?: unknown } };

const call = <T>(id: RouteId, userId: string, options: EventOptions = {}) =>
  invoke<T & ErrorBody>(handler, httpEvent(id, { ...options, claims: memberClaims(userId) }));

let ses: Awaited<ReturnType<typeof startSesEmulator>>;
beforeAll(async () => {
  ses = await startSesEmulator();
  process.env.SES_ENDPOINT = ses.url;
  process.env.EMAIL_FROM = 'no-reply@clubs.test';
  process.env.SITE_URL = 'https://clubs.test';
});
afterAll(async () => {
  await ses.stop();
});
beforeEach(async () => {
  await clearSentEmails(ses.url);
});

const person = (fullName = 'Ada Lovelace') => addPerson(fullName);

async function club(overrides: Partial<Club> = {}) {
  const ownerId = await person('Olive Owner');
  const { club } = await createClubWithOwner(
    clubFixture({ ownerId, price: 0, trialPeriod: 0, status: 'active', ...overrides }),
  );
  return { club, ownerId };
}

const message = 'Come and swim with us on Saturday mornings.';
const send = (ownerId: string, clubId: string, rows: { name: string; email: string }[]) =>
  call<SendInvitationsResult>('sendInvitations', ownerId, { params: { clubId }, body: { rows, message } });
const accept = (userId: string, clubId: string, token: string) =>
  call<AcceptInvitationResult>('acceptInvitation', userId, { params: { clubId, token } });
const open = (userId: string, clubId: string, token: string) =>
  call<InvitationPreview>('getInvitation', userId, { params: { clubId, token } });

/** The token of the accept link an e-mail carries. */
function tokenIn(text: string, clubId: string): string {
  const match = new RegExp(`https://clubs\\.test/invite/${clubId}/([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no invitation link in: ${text}`);
  return match[1];
}

describe('the invite link', () => {
  it('is made once, kept, and a regenerated link refuses the old token', async () => {
    const { club: c, ownerId } = await club();
    const first = await call<InviteLink>('getInviteLink', ownerId, { params: { clubId: c.id } });
    expect(first.status).toBe(200);
    const again = await call<InviteLink>('getInviteLink', ownerId, { params: { clubId: c.id } });
    expect(again.body.token).toBe(first.body.token);

    const fresh = await call<InviteLink>('regenerateInviteLink', ownerId, { params: { clubId: c.id } });
    expect(fresh.status).toBe(201);
    expect(fresh.body.token).not.toBe(first.body.token);

    const invitee = await person();
    expect((await open(invitee, c.id, first.body.token)).body.state).toBe('invalid');
    const refused = await accept(invitee, c.id, first.body.token);
    expect(refused.status).toBe(404);
    expect(await getMembership(c.id, invitee)).toBeNull();
    expect((await accept(invitee, c.id, fresh.body.token)).body.outcome).toBe('joined');
  });

  it('lets several people in, each once, however often they click', async () => {
    const { club: c, ownerId } = await club();
    const { body: link } = await call<InviteLink>('getInviteLink', ownerId, { params: { clubId: c.id } });
    const [a, b] = [await person(), await person()];
    const answers = await Promise.all([
      accept(a, c.id, link.token),
      accept(a, c.id, link.token),
      accept(a, c.id, link.token),
      accept(b, c.id, link.token),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((r) => r.body.outcome === 'joined')).toHaveLength(2);
    expect((await getClub(c.id))?.memberCount).toBe(c.memberCount + 2);
    expect(await getMembership(c.id, a)).toMatchObject({ status: 'active', role: 'club_member' });
  });

  it('approves a pending request and sends a paid club to its checkout', async () => {
    const { club: free, ownerId } = await club();
    const pending = await person();
    await addMember(free.id, { userId: pending, status: 'pending' });
    const { body: link } = await call<InviteLink>('getInviteLink', ownerId, { params: { clubId: free.id } });
    expect((await accept(pending, free.id, link.token)).body.outcome).toBe('joined');
    expect(await getMembership(free.id, pending)).toMatchObject({ status: 'active' });
    expect((await getClub(free.id))?.memberCount).toBe(free.memberCount + 1);

    const { club: paid, ownerId: paidOwner } = await club({ price: 12.5, trialPeriod: 7 });
    const { body: paidLink } = await call<InviteLink>('getInviteLink', paidOwner, {
      params: { clubId: paid.id },
    });
    const buyer = await person();
    expect((await accept(buyer, paid.id, paidLink.token)).body.outcome).toBe('checkout');
    expect(await getMembership(paid.id, buyer)).toBeNull();
  });

  it('refuses a token of another club and the invite page to anyone but the owner', async () => {
    const { club: a, ownerId } = await club();
    const { club: b } = await club();
    const { body: link } = await call<InviteLink>('getInviteLink', ownerId, { params: { clubId: a.id } });
    const stranger = await person();
    expect((await accept(stranger, b.id, link.token)).status).toBe(404);
    expect(await getMembership(b.id, stranger)).toBeNull();
    expect((await call('getInviteLink', stranger, { params: { clubId: a.id } })).status).toBe(403);
    const moderator = await person();
    await addMember(a.id, { userId: moderator, role: 'club_moderator' });
    expect((await call('regenerateInviteLink', moderator, { params: { clubId: a.id } })).status).toBe(403);
    expect((await send(moderator, a.id, [{ name: '', email: 'x@clubs.test' }])).status).toBe(403);
    expect(await readSentEmails(ses.url)).toEqual([]);
  });
});

describe('e-mailed invitations', () => {
  it('sends each valid row with its own working token and answers the others on their rows', async () => {
    const { club: c, ownerId } = await club();
    const res = await send(ownerId, c.id, [
      { name: 'Grace', email: 'grace@clubs.test' },
      { name: 'Bad', email: 'not-an-address' },
      { name: 'Alan', email: 'Alan@Clubs.test' },
      { name: 'Alan again', email: 'alan@clubs.test' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.rows.map((r) => r.outcome)).toEqual(['sent', 'invalid', 'sent', 'skipped']);
    expect(res.body.rows[1]?.message).toBe('Enter a valid e-mail address');
    expect(res.body).toMatchObject({ sent: 2, remainingToday: INVITATION_LIMITS.perClubPerDay - 2 });

    const mail = await readSentEmails(ses.url);
    expect(mail.map((m) => m.to).sort()).toEqual([['alan@clubs.test'], ['grace@clubs.test']]);
    const grace = mail.find((m) => m.to.includes('grace@clubs.test'));
    if (!grace) throw new Error('no mail to Grace');
    expect(grace.subject).toBe(`Olive Owner invited you to join ${c.name}`);
    expect(grace.text).toContain('Hi Grace,');
    expect(grace.text).toContain(message);
    expect(grace.html).toContain(message);
    const tokens = mail.map((m) => tokenIn(m.text, c.id));
    expect(new Set(tokens).size).toBe(2);

    // Single use: the first person in keeps it; a second person is told it is used.
    const [first, second] = [await person(), await person()];
    const both = await Promise.all([
      accept(first, c.id, tokens[0] ?? ''),
      accept(first, c.id, tokens[0] ?? ''),
    ]);
    expect(
      both.map((r) => r.status),
      JSON.stringify(both.map((r) => r.body)),
    ).toEqual([200, 200]);
    expect(both.map((r) => r.body.outcome).sort()).toEqual(['joined', 'member']);
    expect((await getClub(c.id))?.memberCount).toBe(c.memberCount + 1);
    expect((await open(second, c.id, tokens[0] ?? '')).body.state).toBe('used');
    const used = await accept(second, c.id, tokens[0] ?? '');
    expect(used.status).toBe(409);
    expect(used.body.error.message).toBe('This invitation has already been used');
    expect(await getMembership(c.id, second)).toBeNull();
  });

  it("keeps the owner's and the invitee's text as text in the e-mail's HTML", async () => {
    const { club: c, ownerId } = await club();
    const res = await call<SendInvitationsResult>('sendInvitations', ownerId, {
      params: { clubId: c.id },
      body: {
        rows: [{ name: '"><script>alert(1)</script>', email: 'xss@clubs.test' }],
        message: 'Hello <img src=x onerror=alert(1)> & welcome',
      },
    });
    expect(res.body.sent).toBe(1);
    const [mail] = await readSentEmails(ses.url);
    expect(mail?.html).toContain('Hello &lt;img src=x onerror=alert(1)&gt; &amp; welcome');
    expect(mail?.html).toContain('Hi &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(mail?.html).not.toMatch(/<img|<script/i);
    expect(mail?.text).toContain('Hello <img src=x onerror=alert(1)> & welcome');
  });

  it('skips an address invited in the last day', async () => {
    const { club: c, ownerId } = await club();
    await send(ownerId, c.id, [{ name: '', email: 'once@clubs.test' }]);
    const again = await send(ownerId, c.id, [
      { name: '', email: 'once@clubs.test' },
      { name: '', email: 'new@clubs.test' },
    ]);
    expect(again.body.rows.map((r) => r.outcome)).toEqual(['skipped', 'sent']);
    expect(again.body.rows[0]?.message).toBe('Already invited to this club in the last day');
    expect((await readSentEmails(ses.url)).filter((m) => m.to.includes('once@clubs.test'))).toHaveLength(1);
  });

  it('refuses a send over the daily limit whole, and one with only malformed rows', async () => {
    const { club: c, ownerId } = await club();
    const rate = invitationRate(c.id);
    await db().send(
      new TransactWriteCommand({ TransactItems: [rateWindowCount(rate, new Date(), rate.limit - 1)] }),
    );
    const over = await send(ownerId, c.id, [
      { name: '', email: 'a@clubs.test' },
      { name: '', email: 'b@clubs.test' },
    ]);
    expect(over.status).toBe(429);
    expect(over.body.error.message).toMatch(/can send 1 more invitation today/);
    expect(await readSentEmails(ses.url)).toEqual([]);
    const last = await send(ownerId, c.id, [{ name: '', email: 'a@clubs.test' }]);
    expect(last.body).toMatchObject({ sent: 1, remainingToday: 0 });

    const malformed = await send(ownerId, c.id, [{ name: '', email: 'nope' }]);
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('validation_failed');
  });

  it('sends nothing for an unpaid, a closed or a suspended club', async () => {
    for (const overrides of [
      { status: 'unpaid' as const },
      { status: 'inactive' as const },
      {
        status: 'inactive' as const,
        suspendedAt: new Date().toISOString(),
        suspendedFrom: 'active' as const,
      },
    ]) {
      const { club: c, ownerId } = await club(overrides);
      const refused = await send(ownerId, c.id, [{ name: '', email: 'target@clubs.test' }]);
      expect(refused.status, JSON.stringify(overrides)).toBe(409);
      expect(refused.body.error.message).toBe('Invitations can be sent only from an active club.');
    }
    expect(await readSentEmails(ses.url)).toEqual([]);
  });

  it("refuses a send over the sender's daily limit across their clubs, whichever club sends it", async () => {
    const { club: first, ownerId } = await club();
    const { club: second } = await club({ ownerId });
    const account = accountInvitationRate(ownerId);
    await db().send(
      new TransactWriteCommand({
        TransactItems: [rateWindowCount(account, new Date(), account.limit - 1)],
      }),
    );
    const over = await send(ownerId, second.id, [
      { name: '', email: 'a@clubs.test' },
      { name: '', email: 'b@clubs.test' },
    ]);
    expect(over.status).toBe(429);
    expect(over.body.error.message).toMatch(/^Your account can send 1 more invitation today/);
    expect(await readSentEmails(ses.url)).toEqual([]);
    expect((await send(ownerId, first.id, [{ name: '', email: 'a@clubs.test' }])).body).toMatchObject({
      sent: 1,
      remainingToday: 0,
    });
    const full = await send(ownerId, second.id, [{ name: '', email: 'c@clubs.test' }]);
    expect(full.status).toBe(429);
    expect(full.body.error.message).toBe(
      `Your account has sent its ${INVITATION_LIMITS.perAccountPerDay} invitations for today. Try again tomorrow.`,
    );
  });

  it('refuses a message that carries a link, sending nothing', async () => {
    const { club: c, ownerId } = await club();
    for (const text of ['Win at https://evil.test/x', 'see www.evil.test', 'go to evil-prizes.com now']) {
      const res = await call<SendInvitationsResult>('sendInvitations', ownerId, {
        params: { clubId: c.id },
        body: { rows: [{ name: '', email: 'linked@clubs.test' }], message: text },
      });
      expect(res.status, text).toBe(400);
      expect(JSON.stringify(res.body.error)).toContain(INVITATION_LINK_MESSAGE);
    }
    expect(await readSentEmails(ses.url)).toEqual([]);
  });

  it('refuses a link under any top-level domain or a bare IP address in the message', async () => {
    const { club: c, ownerId } = await club();
    for (const text of [
      'claim it at prize.tk',
      'ask claude.ai',
      'open 203.0.113.7/login',
      'see bücher.example.museum',
    ]) {
      const res = await call<SendInvitationsResult>('sendInvitations', ownerId, {
        params: { clubId: c.id },
        body: { rows: [{ name: '', email: 'linked@clubs.test' }], message: text },
      });
      expect(res.status, text).toBe(400);
    }
    expect(await readSentEmails(ses.url)).toEqual([]);
  });

  it("holds the invitee's name, the inviter's name and the club's name to the same rule", async () => {
    const { club: c, ownerId } = await club();
    const rows = [
      { name: 'Visit prize.tk', email: 'a@clubs.test' },
      { name: 'Line\r\nBcc: x@evil.test', email: 'b@clubs.test' },
      { name: 'Ben', email: 'ben@clubs.test' },
    ];
    const res = await send(ownerId, c.id, rows);
    expect(res.status).toBe(200);
    expect(res.body.rows.map((row) => row.outcome)).toEqual(['invalid', 'invalid', 'sent']);
    expect(res.body.rows[0]?.message).toBe(INVITEE_NAME_LINK_MESSAGE);

    // An owner named like a link is left out of the e-mail; a club named like one sends nothing.
    const linkOwner = await person('Win at 198.51.100.9');
    const { club: named } = await createClubWithOwner(
      clubFixture({ ownerId: linkOwner, price: 0, trialPeriod: 0, status: 'active' }),
    );
    await clearSentEmails(ses.url);
    expect((await send(linkOwner, named.id, [{ name: '', email: 'c@clubs.test' }])).status).toBe(200);
    const [mail] = await readSentEmails(ses.url);
    expect(`${mail?.subject} ${mail?.text}`).not.toContain('198.51.100.9');
    const { club: spammy, ownerId: spammer } = await club({ name: 'Free money at cash.win' });
    await clearSentEmails(ses.url);
    const refused = await send(spammer, spammy.id, [{ name: '', email: 'd@clubs.test' }]);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain("club's name looks like a link");
    expect(await readSentEmails(ses.url)).toEqual([]);
  });

  it('says so when SES fails, and keeps nothing of the unsent invitation', async () => {
    const { club: c, ownerId } = await club();
    await ses.stop(); // the mail service is down
    try {
      const failed = await send(ownerId, c.id, [{ name: '', email: 'later@clubs.test' }]);
      expect(failed.status).toBeGreaterThanOrEqual(500);
      expect(failed.body.error.message).toMatch(/could not be sent/);
    } finally {
      ses = await startSesEmulator(Number(new URL(ses.url).port));
    }
    // Nothing was kept: the address is not marked as invited and the day's count is intact.
    const retry = await send(ownerId, c.id, [{ name: '', email: 'later@clubs.test' }]);
    expect(retry.body).toMatchObject({ sent: 1, remainingToday: INVITATION_LIMITS.perClubPerDay - 1 });
  });
});

describe('a removal that sticks', () => {
  const asMember = (handler: typeof members, id: RouteId, userId: string, params: Record<string, string>) =>
    invoke<ErrorBody & Record<string, unknown>>(
      handler,
      httpEvent(id, { params, claims: memberClaims(userId) }),
    );

  it('keeps a removed member out of their old invitation, the shared link and a join request until the owner lifts it', async () => {
    const { club: c, ownerId } = await club();
    const invitee = await person('Rita Removed');
    await send(ownerId, c.id, [{ name: 'Rita', email: 'rita@clubs.test' }]);
    const [mail] = await readSentEmails(ses.url);
    const token = tokenIn(mail?.text ?? '', c.id);
    expect((await accept(invitee, c.id, token)).body.outcome).toBe('joined');
    const { body: link } = await call<InviteLink>('getInviteLink', ownerId, { params: { clubId: c.id } });

    const removed = await asMember(members, 'removeClubMember', ownerId, { clubId: c.id, userId: invitee });
    expect(removed.status).toBe(200);
    for (const again of [token, link.token]) {
      expect((await open(invitee, c.id, again)).body.state).toBe('invalid');
      expect((await accept(invitee, c.id, again)).status).toBe(404);
    }
    const request = await asMember(memberships, 'requestMembership', invitee, { clubId: c.id });
    expect(request.status).toBe(403);
    expect(await getMembership(c.id, invitee)).toBeNull();
    // The owner sees who is kept out, by the name on their profile.
    const listed = await asMember(members, 'listRemovedMembers', ownerId, { clubId: c.id });
    expect(listed.body.items).toEqual([expect.objectContaining({ userId: invitee, name: 'Rita Removed' })]);
    // Someone else is still let in by the link.
    expect((await accept(await person(), c.id, link.token)).body.outcome).toBe('joined');

    // Only the owner lifts it; lifting twice says there was nothing more to lift.
    const moderator = await person('Mo Derator');
    await addMember(c.id, { userId: moderator, role: 'club_moderator' });
    const lift = (userId: string) =>
      asMember(members, 'liftMemberRemoval', userId, { clubId: c.id, userId: invitee });
    expect((await lift(moderator)).status).toBe(404);
    expect((await lift(ownerId)).body).toEqual({ lifted: true, userId: invitee });
    expect((await lift(ownerId)).body).toEqual({ lifted: false, userId: invitee });
    expect((await asMember(members, 'listRemovedMembers', ownerId, { clubId: c.id })).body.items).toEqual([]);
    expect((await accept(invitee, c.id, link.token)).body.outcome).toBe('joined');
  });

  it('revokes the invitations e-mailed to an address: their tokens let nobody in', async () => {
    const { club: c, ownerId } = await club();
    await send(ownerId, c.id, [{ name: '', email: 'revoked@clubs.test' }]);
    const token = tokenIn((await readSentEmails(ses.url))[0]?.text ?? '', c.id);
    const revoke = () =>
      call<{ revoked: number }>('revokeInvitations', ownerId, {
        params: { clubId: c.id },
        body: { email: 'Revoked@clubs.test' },
      });
    expect((await revoke()).body).toEqual({ revoked: 1 });
    const invitee = await person();
    expect((await accept(invitee, c.id, token)).status).toBe(404);
    expect(await getMembership(c.id, invitee)).toBeNull();
    expect((await revoke()).body).toEqual({ revoked: 0 });
    // The address may be invited again at once.
    expect((await send(ownerId, c.id, [{ name: '', email: 'revoked@clubs.test' }])).body.sent).toBe(1);
  });

  it('lists the invitations still waiting, by cursor, to the owner only: not accepted, not revoked, no token', async () => {
    const { club: c, ownerId } = await club();
    const rows = ['wait-a', 'wait-b', 'wait-c'].map((name) => ({ name, email: `${name}@clubs.test` }));
    expect((await send(ownerId, c.id, rows)).body.sent).toBe(3);
    const pending = (cursor?: string) =>
      call<PendingInvitationPage>('listPendingInvitations', ownerId, {
        params: { clubId: c.id },
        query: { limit: '2', ...(cursor ? { cursor } : {}) },
      });
    const emailsOf = async () => {
      const first = await pending();
      expect(first.status).toBe(200);
      const rest = first.body.nextCursor ? (await pending(first.body.nextCursor)).body.items : [];
      return [...first.body.items, ...rest];
    };
    const listed = await emailsOf();
    expect(listed.map((row) => row.email).sort()).toEqual(rows.map((row) => row.email));
    expect(listed.find((row) => row.email === 'wait-a@clubs.test')).toMatchObject({ name: 'wait-a' });
    expect(JSON.stringify(listed)).not.toMatch(/token/i);

    // An accepted and a revoked invitation no longer wait.
    const mail = (await readSentEmails(ses.url)).find((m) => m.to.includes('wait-a@clubs.test'));
    expect((await accept(await person(), c.id, tokenIn(mail?.text ?? '', c.id))).body.outcome).toBe('joined');
    await call('revokeInvitations', ownerId, {
      params: { clubId: c.id },
      body: { email: 'wait-b@clubs.test' },
    });
    expect((await emailsOf()).map((row) => row.email)).toEqual(['wait-c@clubs.test']);
    // The list queries waiting items only: the accepted invitation's item stays, but is not read.
    const itemsOf = (prefix: string) =>
      queryAll({ partition: keys.club(c.id).pk, sortKey: { beginsWith: prefix } }, (item) => item.email);
    expect(await itemsOf(INVITATION_PREFIX)).toHaveLength(2);
    expect(await itemsOf(INVITATION_WAITING_PREFIX)).toEqual(['wait-c@clubs.test']);

    // Nobody else sees them, and a forged cursor is refused.
    const stranger = await person();
    const foreign = await call('listPendingInvitations', stranger, { params: { clubId: c.id } });
    expect(foreign.status).toBe(403);
    expect((await pending('not-a-cursor')).status).toBe(400);
  });
});
