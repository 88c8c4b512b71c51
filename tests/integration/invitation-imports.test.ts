/**
 * Invitation imports from CSV files through their handler and the local bus on DynamoDB Local and
 * the SES emulator: a spreadsheet's export (byte-order mark, ';' separators, quoted fields) is
 * read, each row checked (malformed, listed twice, a member, a removed or banned person, invited
 * in the last day) off the request path, and sending goes through the invitation path: the rows
 * beyond the club's daily allowance wait for the next UTC day and are sent then.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '@clubs/functions/data/client';
import { rateWindowCount } from '@clubs/functions/data/rate-windows';
import { putBanMatches } from '@clubs/functions/data/repositories/ban-matches';
import { createClubWithOwner, setClubStatus } from '@clubs/functions/data/repositories/clubs';
import { moveImport } from '@clubs/functions/data/repositories/invitation-imports';
import { handler } from '@clubs/functions/routes/invitations';
import { handler as members } from '@clubs/functions/routes/members';
import { resumeWaitingImports, sendImportRun } from '@clubs/functions/services/invitations/import-work';
import { invitationRate, NOT_SENDING_MESSAGE } from '@clubs/functions/services/invitations/send-invitations';
import {
  type Club,
  INVITATION_IMPORT_LIMITS,
  INVITATION_LIMITS,
  type InvitationImport,
  type RouteId,
  type SendInvitationsResult,
} from '@clubs/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startBus } from '../support/bus.ts';
import { clubFixture } from '../support/fixtures.ts';
import { type EventOptions, httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { addMember, addPerson } from '../support/members.ts';
import { startedForFile } from '../support/per-file.ts';
import { clearSentEmails, readSentEmails, useSesEmulator } from '../support/ses-store.ts';

type ErrorBody = { error: { code: string; message: string; details?: unknown } };

const call = <T>(id: RouteId, userId: string, options: EventOptions = {}) =>
  invoke<T & ErrorBody>(handler, httpEvent(id, { ...options, claims: memberClaims(userId) }));

const sesUrl = useSesEmulator();
const bus = startedForFile('the import bus', () =>
  startBus(undefined, ['InvitationImportWork', 'InvitationImportResume']),
);
beforeEach(async () => {
  await clearSentEmails(sesUrl());
});
afterEach(() => {
  vi.useRealTimers();
});

async function club(overrides: Partial<Club> = {}) {
  const ownerId = await addPerson('Olive Owner');
  const { club } = await createClubWithOwner(
    clubFixture({ ownerId, price: 0, trialPeriod: 0, status: 'active', ...overrides }),
  );
  return { club, ownerId };
}

const message = 'Come and swim with us on Saturday mornings.';

async function upload(ownerId: string, clubId: string, csv: string) {
  const created = await call<InvitationImport>('createInvitationImport', ownerId, {
    params: { clubId },
    body: { fileName: 'members.csv', csv },
  });
  await bus().idle();
  return created;
}

const read = (ownerId: string, clubId: string, importId: string) =>
  call<InvitationImport>('getInvitationImport', ownerId, { params: { clubId, importId } });

async function sendImport(ownerId: string, clubId: string, importId: string) {
  const answer = await call<InvitationImport>('sendInvitationImport', ownerId, {
    params: { clubId, importId },
    body: { message },
  });
  await bus().idle();
  return answer;
}

const emailOf = (userId: string) => `${userId.toLowerCase()}@clubs.test`;

describe('the preview of an import', () => {
  it("reads a spreadsheet's export and marks each row that will not be sent, and why", async () => {
    const { club: c, ownerId } = await club();
    const member = await addMember(c.id, { userId: await addPerson('Mia Member') });
    const requester = await addMember(c.id, { userId: await addPerson('Pat Pending'), status: 'pending' });
    const removed = await addMember(c.id, { userId: await addPerson('Rex Removed') });
    const removal = await invoke(
      members,
      httpEvent('removeClubMember', {
        params: { clubId: c.id, userId: removed },
        claims: memberClaims(ownerId),
      }),
    );
    expect(removal.status).toBe(200);
    const banned = await addPerson('Bea Banned');
    await putBanMatches(c.id, banned, [{ kind: 'email', value: emailOf(banned) }]);
    const earlier = await call<SendInvitationsResult>('sendInvitations', ownerId, {
      params: { clubId: c.id },
      body: { rows: [{ name: '', email: 'earlier@clubs.test' }], message },
    });
    expect(earlier.body.sent).toBe(1);

    const csv = [
      '\uFEFFName;E-mail',
      '"Lovelace; Ada";ada@clubs.test',
      'Nobody;not-an-address',
      'Ada Again;ADA@clubs.test',
      `Mia;${emailOf(member)}`,
      `Pat;${emailOf(requester)}`,
      `Rex;${emailOf(removed)}`,
      `Bea;${emailOf(banned)}`,
      'Earl;earlier@clubs.test',
      'Visit prize.tk;linky@clubs.test',
      '',
      '"Grace ""Amazing"" Hopper";grace@clubs.test',
    ].join('\r\n');
    const created = await upload(ownerId, c.id, csv);
    expect(created.status).toBe(202);
    expect(created.body.status).toBe('checking');

    const { body: checked } = await read(ownerId, c.id, created.body.id);
    expect(checked.status).toBe('ready');
    expect(checked.fileName).toBe('members.csv');
    expect(checked.rows.map(({ row, name, email, check }) => ({ row, name, email, check }))).toEqual([
      { row: 1, name: 'Lovelace; Ada', email: 'ada@clubs.test', check: 'ok' },
      { row: 2, name: 'Nobody', email: 'not-an-address', check: 'invalid' },
      { row: 3, name: 'Ada Again', email: 'ada@clubs.test', check: 'duplicate' },
      { row: 4, name: 'Mia', email: emailOf(member), check: 'member' },
      { row: 5, name: 'Pat', email: emailOf(requester), check: 'ok' },
      { row: 6, name: 'Rex', email: emailOf(removed), check: 'removed' },
      { row: 7, name: 'Bea', email: emailOf(banned), check: 'banned' },
      { row: 8, name: 'Earl', email: 'earlier@clubs.test', check: 'invited' },
      { row: 9, name: 'Visit prize.tk', email: 'linky@clubs.test', check: 'invalid' },
      { row: 10, name: 'Grace "Amazing" Hopper', email: 'grace@clubs.test', check: 'ok' },
    ]);
    expect(checked.rows.find((row) => row.check === 'member')?.message).toBe('Already a member of this club');
    expect(checked.counts).toMatchObject({
      ok: 3,
      invalid: 2,
      duplicate: 1,
      member: 1,
      removed: 1,
      banned: 1,
      invited: 1,
      sent: 0,
    });

    // Sending e-mails only the rows marked ok.
    await clearSentEmails(sesUrl());
    const sending = await sendImport(ownerId, c.id, created.body.id);
    expect(sending.status).toBe(202);
    const { body: done } = await read(ownerId, c.id, created.body.id);
    expect(done.status).toBe('done');
    expect(done.counts).toMatchObject({ sent: 3, skipped: 0, failed: 0 });
    const mail = await readSentEmails(sesUrl());
    expect(mail.flatMap((m) => m.to).sort()).toEqual(
      ['ada@clubs.test', emailOf(requester), 'grace@clubs.test'].sort(),
    );
    // Sent once: a second send of the same import is refused.
    expect((await sendImport(ownerId, c.id, created.body.id)).status).toBe(409);
  });

  it('reads a comma file without a header, and refuses files too large or empty', async () => {
    const { club: c, ownerId } = await club();
    const created = await upload(ownerId, c.id, 'a@clubs.test,Ann\nb@clubs.test\n');
    const { body } = await read(ownerId, c.id, created.body.id);
    expect(body.rows.map(({ name, email, check }) => ({ name, email, check }))).toEqual([
      { name: 'Ann', email: 'a@clubs.test', check: 'ok' },
      { name: '', email: 'b@clubs.test', check: 'ok' },
    ]);

    const tooMany = Array.from({ length: INVITATION_IMPORT_LIMITS.rows + 1 }, (_, i) => `p${i}@clubs.test`);
    const refused = await upload(ownerId, c.id, `email\n${tooMany.join('\n')}`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('at most 1,000');
    expect((await upload(ownerId, c.id, 'email\n')).status).toBe(400);
  });

  it('is the owner’s alone, and a club that is not active imports nothing', async () => {
    const { club: c, ownerId } = await club();
    const moderator = await addMember(c.id, {
      userId: await addPerson('Mo Derator'),
      role: 'club_moderator',
    });
    const created = await upload(ownerId, c.id, 'email\na@clubs.test');
    expect((await read(moderator, c.id, created.body.id)).status).toBe(403);
    const { club: other, ownerId: otherOwner } = await club();
    expect((await read(otherOwner, other.id, created.body.id)).status).toBe(404);

    const { club: inactive, ownerId: inactiveOwner } = await club({ status: 'inactive' });
    const refused = await call<InvitationImport>('createInvitationImport', inactiveOwner, {
      params: { clubId: inactive.id },
      body: { csv: 'email\na@clubs.test' },
    });
    expect(refused.status).toBe(409);
  });
});

describe('sending an import', () => {
  it("sends what today's allowance takes, waits for the next UTC day, then sends the rest", async () => {
    const { club: c, ownerId } = await club();
    const rate = invitationRate(c.id);
    // The club has sent all but five of today's invitations.
    await db().send(
      new TransactWriteCommand({ TransactItems: [rateWindowCount(rate, new Date(), rate.limit - 5)] }),
    );
    const addresses = Array.from({ length: 12 }, (_, i) => `row${i}@clubs.test`);
    const created = await upload(ownerId, c.id, `email\n${addresses.join('\n')}`);
    await sendImport(ownerId, c.id, created.body.id);

    const { body: waiting } = await read(ownerId, c.id, created.body.id);
    expect(waiting.status).toBe('waiting');
    expect(waiting.counts.sent).toBe(5);
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    expect(waiting.waitingUntil).toBe(midnight.toISOString());
    expect(waiting.rows.filter((row) => row.outcome === null)).toHaveLength(7);
    expect(await readSentEmails(sesUrl())).toHaveLength(5);

    // Before the wait ends the daily sweep leaves it; once the next day has come, it goes on.
    expect(await resumeWaitingImports(new Date())).toBe(0);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(midnight.getTime() + 5 * 60 * 1000));
    expect(await resumeWaitingImports()).toBe(1);
    await bus().idle();
    const { body: done } = await read(ownerId, c.id, created.body.id);
    expect(done.status).toBe('done');
    expect(done.counts).toMatchObject({ ok: 12, sent: 12 });
    const mail = await readSentEmails(sesUrl());
    expect(new Set(mail.flatMap((m) => m.to))).toEqual(new Set(addresses));
  });

  it('sends more rows than one send takes in sends of its size, and never beyond the daily limit', async () => {
    const { club: c, ownerId } = await club();
    const addresses = Array.from(
      { length: INVITATION_LIMITS.perClubPerDay + 3 },
      (_, i) => `m${i}@clubs.test`,
    );
    const created = await upload(ownerId, c.id, addresses.join('\n'));
    await sendImport(ownerId, c.id, created.body.id);
    const { body } = await read(ownerId, c.id, created.body.id);
    expect(body.status).toBe('waiting');
    expect(body.counts.sent).toBe(INVITATION_LIMITS.perClubPerDay);
    expect(await readSentEmails(sesUrl())).toHaveLength(INVITATION_LIMITS.perClubPerDay);
  });

  it('stops, with the reason, when the club can no longer send', async () => {
    const { club: c, ownerId } = await club();
    const created = await upload(ownerId, c.id, 'email\na@clubs.test');
    await setClubStatus(c.id, 'inactive');
    expect((await sendImport(ownerId, c.id, created.body.id)).status).toBe(409);
    // A club closed while its import was already sending stops it at the next run.
    expect(await moveImport(c.id, created.body.id, 'ready', { status: 'sending', message })).toBe(true);
    expect(await sendImportRun(c.id, created.body.id)).toBe('processed');
    const { body } = await read(ownerId, c.id, created.body.id);
    expect(body.status).toBe('stopped');
    expect(body.stoppedReason).toBe(NOT_SENDING_MESSAGE);
    expect(await readSentEmails(sesUrl())).toHaveLength(0);
  });
});
