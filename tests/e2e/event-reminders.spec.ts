/**
 * An event's reminder through the real UI: the owner creates an event three days ahead, its
 * reminder's schedule appears in the local stack's Scheduler emulation (made off the request path
 * by the event's change event), the spec fires it early through the emulation's control endpoint
 * instead of waiting two days, and the owner's bell says the event starts tomorrow and opens the
 * club's events.
 */

import { LOCAL_SCHEDULE_GROUP } from '@clubs/infra/local/config.ts';
import { stackPortsEnv } from '@clubs/infra/local/ports.ts';
import { type EventView, eventReminderScheduleName } from '@clubs/shared';
import { expect, expectToast, test, YOGA } from './club-support.ts';
import { DEMO } from './directory-support.ts';

const scheduler = `http://127.0.0.1:${stackPortsEnv(Number(process.env.E2E_PORT ?? 5273)).EVENTS_PORT}`;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('the reminder fires the day before: the bell says the event starts tomorrow and opens the events', async ({
  openClub,
}) => {
  const title = `Sunrise flow ${Date.now()}`;
  const { page, club } = await openClub(DEMO.owner, YOGA, { path: '/events' });
  await page.getByRole('button', { name: 'New Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Event' });
  await dialog.getByLabel('Event Title').fill(title);
  await dialog.getByLabel('Date').fill(inDays(3));
  const [created] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith(`/clubs/${club.id}/events`),
    ),
    dialog.getByRole('button', { name: 'Create Event' }).click(),
  ]);
  await expectToast(page, 'Event created');
  const event = (await created.json()) as EventView;

  // The schedule is made by the event's change event's consumer, a moment after the answer.
  const name = eventReminderScheduleName(event.id);
  await expect
    .poll(
      async () => (await fetch(`${scheduler}/schedules/${name}?groupName=${LOCAL_SCHEDULE_GROUP}`)).status,
      {
        timeout: 20_000,
      },
    )
    .toBe(200);
  const fired = await fetch(`${scheduler}/_local/schedules/${LOCAL_SCHEDULE_GROUP}/${name}/fire`, {
    method: 'POST',
  });
  expect(fired.status).toBe(200);

  const bell = page.getByRole('button', { name: /^Notifications,/ });
  const reminder = page.getByRole('link', { name: new RegExp(`An event starts tomorrow.*${title}`) });
  await expect(async () => {
    await page.goto(`/communities/${club.id}`);
    await bell.click();
    await expect(reminder).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await reminder.click();
  await expect(page).toHaveURL(new RegExp(`/communities/${club.id}/events$`));
  await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
});
