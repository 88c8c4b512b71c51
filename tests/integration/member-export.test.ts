/**
 * The owner's member export through its handler on DynamoDB Local: a club's members as CSV, page
 * by page, with their name, e-mail, role, status, joined date, level, points, paid or free and
 * their answers; a cell a spreadsheet would run as a formula is escaped; only the owner exports.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@clubs/functions/data/client';
import { createClubWithOwner } from '@clubs/functions/data/repositories/clubs';
import { addMembership } from '@clubs/functions/data/repositories/membership-writes';
import { ALL_TIME, pointsItem } from '@clubs/functions/data/repositories/points';
import { handler } from '@clubs/functions/routes/members';
import { MEMBER_EXPORT, MEMBER_EXPORT_HEADER, type MemberExportPage, type RouteId } from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { clubFixture } from '../support/fixtures.ts';
import { type EventOptions, httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { addMember, addPerson } from '../support/members.ts';

type ErrorBody = { error: { code: string; message: string } };

const call = <T>(id: RouteId, userId: string, options: EventOptions = {}) =>
  invoke<T & ErrorBody>(handler, httpEvent(id, { ...options, claims: memberClaims(userId) }));

async function exportAll(ownerId: string, clubId: string) {
  const pages: MemberExportPage[] = [];
  let cursor: string | null = null;
  do {
    const answer: { status: number; body: MemberExportPage & ErrorBody } = await call<MemberExportPage>(
      'exportMembers',
      ownerId,
      { params: { clubId }, query: cursor ? { cursor } : {} },
    );
    expect(answer.status).toBe(200);
    pages.push(answer.body);
    cursor = answer.body.nextCursor;
  } while (cursor);
  return { pages, csv: pages.map((page) => page.csv).join('') };
}

describe('the member export', () => {
  it('holds every member with their details and answers, every formula-like cell escaped', async () => {
    const ownerId = await addPerson('Olive Owner');
    const { club } = await createClubWithOwner(
      clubFixture({ ownerId, price: 0, trialPeriod: 0, status: 'active' }),
    );
    const formula = await addPerson('=HYPERLINK("http://evil.test","click")');
    const plus = await addPerson('+1 555 0100');
    const minus = await addPerson('-2+3');
    const at = await addPerson('@SUM(A1)');
    for (const userId of [formula, plus, minus, at]) await addMember(club.id, { userId });
    const applicant = await addPerson('Ann Applicant');
    await addMembership({
      clubId: club.id,
      userId: applicant,
      role: 'club_member',
      status: 'pending',
      createdAt: '2026-03-04T10:00:00.000Z',
      answers: [
        { question: 'Why join?', answer: '=cmd|" /C calc"!A0' },
        { question: 'Where from?', answer: 'Lisbon, "the old town"' },
        { question: 'Anything else?', answer: '\tTabbed' },
        { question: 'Send me the newsletter', answer: 'Agreed', consent: true },
      ],
    });
    await db().send(
      new PutCommand({ TableName: tableName(), Item: pointsItem(club.id, plus, ALL_TIME, 70) }),
    );
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.memberSubscription(club.id, minus), userId: minus, status: 'active' },
      }),
    );

    const { csv } = await exportAll(ownerId, club.id);
    // What a spreadsheet reads: the escaped cells start with a quote mark and are never formulas.
    const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
    expect(parsed[0]).toEqual([...MEMBER_EXPORT_HEADER]);
    const rows = parsed.slice(1);
    expect(rows).toHaveLength(6);
    const byName = new Map(rows.map((row) => [row[0], row]));
    expect(byName.get('\'=HYPERLINK("http://evil.test","click")')).toBeDefined();
    expect(byName.get("'-2+3")?.[7]).toBe('paid');
    expect(byName.get("'-2+3")?.[8]).toBe('');
    expect(byName.get("'@SUM(A1)")).toBeDefined();
    const plusRow = byName.get("'+1 555 0100");
    expect(plusRow?.slice(1, 9)).toEqual([
      `${plus.toLowerCase()}@clubs.test`,
      'member',
      'active',
      new Date().toISOString().slice(0, 10),
      '4',
      '70',
      'free',
      '',
    ]);
    expect(byName.get('Olive Owner')?.slice(2, 4)).toEqual(['owner', 'active']);
    expect(byName.get('Ann Applicant')?.slice(1)).toEqual([
      `${applicant.toLowerCase()}@clubs.test`,
      'member',
      'pending',
      '2026-03-04',
      '1',
      '0',
      'free',
      'yes',
      'Why join?',
      '\'=cmd|" /C calc"!A0',
      'Where from?',
      'Lisbon, "the old town"',
      'Anything else?',
      "'\tTabbed",
    ]);
    // No cell of the file starts a formula.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it(`pages by ${MEMBER_EXPORT.pageSize}, the header only on the first page`, async () => {
    const ownerId = await addPerson('Paula Pages');
    const { club } = await createClubWithOwner(
      clubFixture({ ownerId, price: 0, trialPeriod: 0, status: 'active' }),
    );
    const count = MEMBER_EXPORT.pageSize + 5;
    for (let start = 0; start < count; start += 25) {
      await Promise.all(Array.from({ length: Math.min(25, count - start) }, () => addMember(club.id)));
    }
    const { pages, csv } = await exportAll(ownerId, club.id);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.slice(1).every((page) => !page.csv.startsWith('Name,'))).toBe(true);
    const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
    expect(parsed).toHaveLength(count + 2);
    expect(pages.reduce((sum, page) => sum + page.rows, 0)).toBe(count + 1);
  });

  it('is the owner’s alone: to anyone else the route is not there', async () => {
    const ownerId = await addPerson('Olga Owner');
    const { club } = await createClubWithOwner(
      clubFixture({ ownerId, price: 0, trialPeriod: 0, status: 'active' }),
    );
    const moderator = await addMember(club.id, { userId: await addPerson('Mo Mod'), role: 'club_moderator' });
    const member = await addMember(club.id, { userId: await addPerson('Mem Ber') });
    expect((await call('exportMembers', moderator, { params: { clubId: club.id } })).status).toBe(404);
    expect((await call('exportMembers', member, { params: { clubId: club.id } })).status).toBe(404);
    expect(
      (await call('exportMembers', ownerId, { params: { clubId: club.id }, query: { cursor: 'x' } })).status,
    ).toBe(400);
  });
});
