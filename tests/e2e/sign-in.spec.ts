import { expect, test } from '@playwright/test';
import { logIn } from './account-support.ts';

const member = { email: 'member@clubs.local', password: 'DemoPass123!', firstName: 'Max' };

test('a member signs in and the dashboard greets them by name', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${member.firstName}` })).toBeVisible();
});

test('a signed-out visitor of a guarded page signs in and comes back to it', async ({ page }) => {
  await page.goto('/member-dashboard?tab=discover');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmember-dashboard%3Ftab%3Ddiscover$/);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/member-dashboard\?tab=discover$/);
});

test('a wrong password keeps the visitor on the login page with a message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('the API answers through the dev server: health, directory, a club, 401 without a token', async ({
  request,
}) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  const clubs = await request.get('/api/clubs?limit=50');
  const body = (await clubs.json()) as { items: { id: string; status: string }[] };
  expect(body.items.length).toBeGreaterThanOrEqual(8);
  expect(body.items.every((c) => c.status === 'active')).toBe(true);
  const club = await request.get(`/api/clubs/${body.items[0]?.id}`);
  expect(club.status()).toBe(200);
  const me = await request.get('/api/me');
  expect(me.status()).toBe(401);
  expect(await me.json()).toMatchObject({ error: { code: 'unauthorized' } });
  const forged = await request.get('/api/me', {
    headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.e30.' },
  });
  expect(forged.status()).toBe(401);
});

test('a reload right after Log out is signed out, every time (a shared computer)', async ({ page }) => {
  for (let round = 1; round <= 5; round += 1) {
    await logIn(page, member.email, member.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.reload();
    await page.goto('/dashboard');
    await expect(page, `round ${round}`).toHaveURL(/\/login/);
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  }
});
