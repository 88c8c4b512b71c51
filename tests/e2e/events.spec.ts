/**
 * Events through the real UI: the owner creates an event in the
 * New Event dialog, the demo member registers, the count and avatars update and survive a
 * reload, and 'Add to calendar' downloads an RFC 5545 file that ical.js reads with the start the
 * owner entered (in the browser's own time zone).
 */
import { readFile } from 'node:fs/promises';
import { zonedToUtc } from '@clubs/shared';
import type { Page } from '@playwright/test';
import ICAL from 'ical.js';
import { expect, expectToast, test, YOGA } from './club-support.ts';
import { DEMO } from './directory-support.ts';

const eventCard = (page: Page, title: string) =>
  page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('the owner creates an event, a member registers, and the calendar file has its start', async ({
  openClub,
}) => {
  const title = `Evening flow ${Date.now()}`;
  const date = inDays(3);
  const owner = await openClub(DEMO.owner, YOGA, { path: '/events' });
  await expect(owner.page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await owner.page.getByRole('button', { name: 'New Event' }).click();
  const dialog = owner.page.getByRole('dialog', { name: 'New Event' });
  await expect(dialog.getByLabel('Time')).toHaveValue('18:00');
  await dialog.getByLabel('Event Title').fill(title);
  await dialog.getByLabel('Event Description').fill('Slow stretches to end the day.');
  await dialog.getByLabel('Date').fill(date);
  await dialog.getByLabel('Time').fill('19:30');
  await dialog.getByLabel('Location or meeting link').fill('Studio B');
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expectToast(owner.page, 'Event created');
  await expect(dialog).toHaveCount(0);
  const ownersCard = eventCard(owner.page, title);
  await expect(ownersCard.getByText('1 attendee', { exact: true })).toBeVisible();
  await expect(ownersCard.getByText('Going', { exact: true })).toBeVisible();

  const { page } = await openClub(DEMO.member, YOGA, { path: '/events' });
  const card = eventCard(page, title);
  await expect(card.getByText('Where: Studio B')).toBeVisible();
  await card.getByRole('button', { name: 'Register Now' }).click();
  await expect(card.getByText('Going', { exact: true })).toBeVisible();
  await expect(card.getByText('2 attendees', { exact: true })).toBeVisible();
  await expect(card.locator('.events-attendees__faces > *')).toHaveCount(2);
  await page.reload();
  await expect(card.getByText('2 attendees', { exact: true })).toBeVisible();
  await expect(card.locator('.events-attendees__faces > *')).toHaveCount(2);
  await expect(card.getByRole('button', { name: 'Cancel registration' })).toBeVisible();

  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const expected = zonedToUtc(date, '19:30', zone);
  if (!expected.ok) throw new Error('the test date does not exist');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Add to calendar' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  const text = await readFile((await download.path()) as string, 'utf8');
  const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT in the file');
  const parsed = new ICAL.Event(vevent);
  expect(parsed.summary).toBe(title);
  expect(parsed.startDate.toJSDate().toISOString()).toBe(expected.instant.toISOString());
  expect(parsed.endDate.toJSDate().getTime() - parsed.startDate.toJSDate().getTime()).toBe(3_600_000);
});

test('events/create opens the New Event dialog, and a member sees no New Event button', async ({
  openClub,
}) => {
  const owner = await openClub(DEMO.owner, YOGA, { path: '/events/create' });
  const dialog = owner.page.getByRole('dialog', { name: 'New Event' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Event Title');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(owner.page).toHaveURL(/\/events$/);

  const { page } = await openClub(DEMO.member, YOGA, { path: '/events' });
  await expect(page.getByRole('tab', { name: /^Upcoming \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Event' })).toHaveCount(0);
  await page.getByRole('tab', { name: /^Past \(\d+\)$/ }).click();
  await expect(page.locator('.events-card--past').first()).toBeVisible();
});
