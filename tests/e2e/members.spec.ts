/**
 * Members, roles and invitations on the demo data: the members
 * page as the owner (e-mails, pending requests, search by name and e-mail, the next page) and as
 * a member (names only); approving a request and removing a member, each effective at once, and
 * the owner letting a removed person back.
 */

import { randomUUID } from 'node:crypto';
import { expectAccessible, expectNoHorizontalScroll, logIn } from './account-support.ts';
import { expect, test, YOGA } from './club-support.ts';
import { actionButton, clubNamed, DEMO, freshAccount, PASSWORD, signIn } from './directory-support.ts';

const rows = (page: import('@playwright/test').Page) => page.getByTestId('member-row');

test('the owner sees every member with e-mails, searches and pages', async ({ openClub }) => {
  const { page } = await openClub(DEMO.owner, YOGA, { path: '/members' });
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  await expect(page.getByText('Manage members of your club')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Invite Members' })).toHaveAttribute('href', /\/invite$/);
  const table = page.getByRole('table', { name: 'Club members' });
  for (const name of ['Name', 'Role', 'Status', 'Actions']) {
    await expect(table.getByRole('columnheader', { name })).toBeVisible();
  }
  await expect(rows(page)).toHaveCount(20);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(rows(page)).toHaveCount(24);
  const owner = rows(page).filter({ hasText: 'Olivia Owner' });
  await expect(owner.getByText('Owner', { exact: true }).first()).toBeVisible();
  await expect(owner.getByText('owner@clubs.local')).toBeVisible();

  const search = page.getByRole('textbox', { name: 'Search members...' });
  await search.fill('max');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).getByText('member@clubs.local')).toBeVisible();
  await search.fill('member@clubs');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).getByText('Max Member')).toBeVisible();
  await search.fill('zzzz');
  await expect(page.getByText('No members found.')).toBeVisible();
});

test('at 375 px the members table scrolls in place: the page does not scroll sideways, axe is clean', async ({
  openClub,
}) => {
  const { page } = await openClub(DEMO.owner, YOGA, { path: '/members', width: 375 });
  await expect(rows(page).filter({ hasText: 'Olivia Owner' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'the members page at 375 px');
});

test('a member sees names only, and no invite link', async ({ openClub }) => {
  const { page } = await openClub(DEMO.member, YOGA, { path: '/members' });
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByText('@clubs.local')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Invite Members' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Search members...' }).fill('member@clubs.local');
  await expect(page.getByText('No members found.')).toBeVisible();
});

test('the owner approves a pending request, who then enters; a removed member loses access at once', async ({
  openClub,
  page,
  request,
}) => {
  const email = await freshAccount(request, 'Jo Joiner');
  await signIn(page, email);
  const { page: owner, club } = await openClub(DEMO.owner, YOGA, { path: '/members' });
  await page.goto(`/c/${club.id}`);
  await actionButton(page).click();
  await expect(actionButton(page)).toHaveText('Request Pending');

  const search = owner.getByRole('textbox', { name: 'Search members...' });
  await search.fill(email);
  const row = rows(owner).filter({ hasText: email });
  await row.getByRole('button', { name: 'pending' }).click();
  await expect(owner.getByText('Member status changed to active')).toBeVisible();
  await expect(row.getByText('active', { exact: true })).toBeVisible();

  await page.goto(`/communities/${club.id}`);
  await expect(page.getByRole('navigation', { name: 'Club', exact: true })).toBeVisible();

  await row.getByRole('button', { name: /^Make moderator/ }).click();
  await expect(row.getByRole('cell', { name: 'Moderator', exact: true })).toBeVisible();
  await row.getByRole('button', { name: /^Make member/ }).click();
  await expect(row.getByRole('cell', { name: 'Member', exact: true })).toBeVisible();

  await row.getByRole('button', { name: /^Remove / }).click();
  const dialog = owner.getByRole('dialog', { name: 'Remove Member' });
  await expect(
    dialog.getByText(
      'Are you sure you want to remove this member from your club? This action cannot be undone.',
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(owner.getByText('Member Removed')).toBeVisible();
  await expect(owner.getByText('No members found.')).toBeVisible();

  await page.goto(`/communities/${club.id}/members`);
  await expect(page.getByText('You are not a member of this club.')).toBeVisible();

  // A removal sticks: asking again is refused until the owner lets them back in.
  await page.goto(`/c/${club.id}`);
  await actionButton(page).click();
  await expect(
    page.getByText('You were removed from this club. Ask its owner to let you back in.'),
  ).toBeVisible();
  await expect(actionButton(page)).toHaveText('Join Now');

  // The owner finds them under Removed and allows them back; then their request goes through.
  await owner.getByRole('button', { name: 'Removed', exact: true }).click();
  const kept = owner.getByTestId('removed-row').filter({ hasText: 'Jo Joiner' });
  await kept.getByRole('button', { name: 'Allow Jo Joiner back' }).click();
  await owner
    .getByRole('dialog', { name: 'Allow back?' })
    .getByRole('button', { name: 'Allow back' })
    .click();
  await expect(owner.getByText('Jo Joiner may join again')).toBeVisible();
  await expect(kept).toHaveCount(0);
  await page.reload();
  await actionButton(page).click();
  await expect(actionButton(page)).toHaveText('Request Pending');
});

test("a new person's request is named at the top; the owner finds it under Pending and its count", async ({
  openClub,
  page,
  request,
}) => {
  const name = `Nadia ${randomUUID().slice(0, 6)}`;
  const email = await freshAccount(request, name);
  const club = await clubNamed(request, YOGA);
  // Straight from the login form onto the club page: no page that reads their profile came first.
  await logIn(page, email, PASSWORD, `/login?redirect=${encodeURIComponent(`/c/${club.id}`)}`);
  await expect(page).toHaveURL(new RegExp(`/c/${club.id}$`));
  await actionButton(page).click();
  await expect(actionButton(page)).toHaveText('Request Pending');

  const { page: owner } = await openClub(DEMO.owner, YOGA, { path: '/members' });
  // Requests first, newest first; then the owner.
  const first = rows(owner).first();
  await expect(first.getByRole('link', { name })).toBeVisible();
  await expect(first.getByText(email)).toBeVisible();
  await expect(first.getByRole('button', { name: 'pending' })).toBeVisible();
  const texts = await rows(owner).allTextContents();
  const firstActive = texts.findIndex((text) => !/pending/.test(text));
  expect(texts[firstActive]).toContain('Olivia Owner');

  const pendingFilter = owner.getByRole('group', { name: 'Show' }).getByRole('button', { name: /^Pending/ });
  await expect(pendingFilter).toHaveText(/^Pending \(\d+\)$/);
  const waiting = Number(/\((\d+)\)/.exec((await pendingFilter.textContent()) ?? '')?.[1]);
  expect(waiting).toBe(firstActive);
  const nav = owner.getByRole('navigation', { name: 'Club', exact: true });
  await expect(nav.getByRole('link', { name: /^Members/ })).toHaveText(`Members${waiting} waiting to join`);

  await pendingFilter.click();
  await expect(rows(owner)).toHaveCount(waiting);
  await expect(rows(owner).getByRole('button', { name: 'pending' })).toHaveCount(waiting);
  await expect(rows(owner).first()).toContainText(name);
  // Found by name and by e-mail too.
  const search = owner.getByRole('textbox', { name: 'Search members...' });
  await search.fill(name.toLowerCase());
  await expect(rows(owner)).toHaveCount(1);
  await search.fill(email);
  await expect(rows(owner)).toHaveCount(1);
  await rows(owner).getByRole('button', { name: 'pending' }).click();
  await expect(owner.getByText('Member status changed to active')).toBeVisible();
  const left = waiting - 1;
  await expect(pendingFilter).toHaveText(left > 0 ? `Pending (${left})` : 'Pending');

  // A member sees neither the filter nor the count.
  const { page: member } = await openClub(DEMO.member, YOGA, { path: '/members' });
  await expect(rows(member).first()).toBeVisible();
  await expect(member.getByRole('group', { name: 'Show' })).toHaveCount(0);
  await expect(
    member.getByRole('navigation', { name: 'Club', exact: true }).getByRole('link', { name: /^Members/ }),
  ).toHaveText('Members');
});

test("a moderator answers requests but is not offered Invite Members, which is the owner's", async ({
  openClub,
}) => {
  const { page } = await openClub(DEMO.member, 'Trail Runners Club', { path: '/members' });
  await expect(
    page.getByRole('group', { name: 'Show' }).getByRole('button', { name: /^Pending/ }),
  ).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Invite Members' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Invite Members' })).toHaveCount(0);
});
