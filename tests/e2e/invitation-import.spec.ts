/**
 * Importing invitations from a CSV file, walked by a freshly registered owner of a new club: from
 * Members → Invite Members, Import CSV takes a spreadsheet's export (byte-order mark, ';'
 * separators, a quoted name), the preview marks a malformed row, Send e-mails the three others,
 * the page follows the progress to Done, and the local SES inbox holds the three invitations;
 * then Members → Export CSV downloads the club's members.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths, uniqueEmail } from './account-support.ts';
import { freshAccount } from './directory-support.ts';
import { mailTo } from './mail-support.ts';
import { newActiveClub } from './owner-support.ts';

test('the owner imports a three-row CSV and the three invitations reach the inbox', async ({
  page: owner,
  request,
}) => {
  const name = `Lake Rowers ${Date.now().toString(36)}`;
  const clubId = await newActiveClub(owner, await freshAccount(request, 'Orla Owner'), name);
  await owner.goto(`/communities/${clubId}/members`);
  await owner.getByRole('link', { name: 'Invite Members' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Invite Members' })).toBeVisible();

  const people = [
    { name: 'Ada "Countess" Lovelace', email: uniqueEmail('ada') },
    { name: 'Grace Hopper', email: uniqueEmail('grace') },
    { name: 'Katherine Johnson', email: uniqueEmail('katherine') },
  ];
  const csv = [
    'Name;E-mail',
    ...people.map((p) => `"${p.name.replaceAll('"', '""')}";${p.email}`),
    'Nobody;not-an-address',
  ].join('\r\n');
  const section = owner.getByRole('region', { name: 'Import CSV' });
  await section.getByLabel('CSV file').setInputFiles({
    name: 'rowers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv, 'utf8')]),
  });
  await expect(section.getByText('4 rows: 3 to invite; 1 invalid address.')).toBeVisible();
  const table = section.getByRole('table', { name: 'Rows of the file' });
  await expect(table.getByRole('row', { name: /not-an-address/ })).toContainText(
    'Enter a valid e-mail address',
  );
  await expect(table.getByRole('row', { name: /Countess/ })).toContainText('To invite');
  await expectAccessibleAtBothWidths(owner, 'the preview of an invitation import');

  await section.getByRole('button', { name: 'Send 3 invitations' }).click();
  await expect(section.getByText('Done: 3 invitations sent.')).toBeVisible();
  await expect(table.getByRole('row', { name: /Countess/ })).toContainText('Sent');

  for (const person of people) {
    const [mail] = await mailTo(owner, person.email);
    expect(mail?.subject).toBe(`Orla Owner invited you to join ${name}`);
    expect(mail?.body.text).toContain(`Hi ${person.name},`);
    expect(mail?.body.text).toContain(`/invite/${clubId}/`);
  }
  // The three wait in the list of sent invitations, each with Revoke.
  for (const person of people) {
    await expect(
      owner.getByRole('button', { name: `Revoke the invitation to ${person.email}` }),
    ).toBeVisible();
  }

  // Members → Export CSV downloads the club's members: the owner alone so far.
  await owner.goto(`/communities/${clubId}/members`);
  const [download] = await Promise.all([
    owner.waitForEvent('download'),
    owner.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^lake-rowers-[a-z0-9]+-members\.csv$/);
  const file = readFileSync(await download.path(), 'utf8');
  const [header, ownerRow, ...rest] = file
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(header).toBe(
    'Name,E-mail,Role,Status,Joined,Level,Points,Paid or free,E-mail consent,Question 1,Answer 1,Question 2,Answer 2,Question 3,Answer 3',
  );
  expect(ownerRow).toMatch(
    /^Orla Owner,e2e-[a-z0-9-]+@example\.com,owner,active,\d{4}-\d{2}-\d{2},1,0,free,/,
  );
  expect(rest).toEqual([]);
});
