/**
 * Shared state of the club-space specs: each demo account signs in through the real login form
 * once per run, and later tests start from its saved browser state (Amplify keeps the session in
 * localStorage) instead of signing in again. `test` adds `openClub`, which opens a demo club as a
 * demo account and closes every page it opened when the test ends, passed or failed.
 */
import { join } from 'node:path';
import { type Browser, type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { clubNamed, type DemoClub, fillLogin, freshAccount, signIn } from './directory-support.ts';

export const YOGA = 'Morning Yoga Collective';

/** The feed's card of the post titled `title`. */
export const postCard = (page: Page, title: string) =>
  page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

const states = new Map<string, Promise<string>>();

async function signInOnce(browser: Browser, email: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await fillLogin(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  const dir = process.env.E2E_LOCAL_DIR ?? '.';
  const file = join(dir, `state-${email.replace(/[^a-z0-9]/gi, '_')}.json`);
  await context.storageState({ path: file });
  await context.close();
  return file;
}

/** A new page signed in as this demo account (the sign-in happens once per worker). */
export async function pageAs(
  browser: Browser,
  email: string,
  options: { width?: number } = {},
): Promise<Page> {
  let state = states.get(email);
  if (!state) {
    state = signInOnce(browser, email);
    states.set(email, state);
  }
  const context = await browser.newContext({
    storageState: await state,
    ...(options.width ? { viewport: { width: options.width, height: 812 } } : {}),
  });
  return context.newPage();
}

/**
 * Expects the toast titled `title` and dismisses it, so that the next toast of the same title
 * is seen as a new one (toasts stay for 4 s).
 */
export async function expectToast(page: Page, title: string, description?: string) {
  const toast = page
    .getByRole('region', { name: 'Notifications' })
    .locator('.clubs-toast')
    .filter({ has: page.getByText(title, { exact: true }) });
  await expect(toast).toHaveCount(1);
  if (description) await expect(toast).toContainText(description);
  await toast.getByRole('button', { name: 'Dismiss' }).click();
  await expect(toast).toHaveCount(0);
}

/**
 * Writes a text post through the feed's composer as a member would, and waits for the toast that
 * says it was stored: the walks that need a post to act on start from one written this way.
 */
export async function writeTextPost(page: Page, title: string, content: string) {
  await page.getByRole('button', { name: 'Share something with the club...' }).click();
  const form = page.getByRole('form', { name: 'New post' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Content').fill(content);
  await form.getByRole('button', { name: 'Post' }).click();
  await expectToast(page, 'Post created');
}

export interface OpenClubOptions {
  /** After the club's root, e.g. '/events'. */
  path?: string;
  /** The club routes live under both prefixes. */
  prefix?: 'communities' | 'clubs';
  width?: number;
}

/** Opens the demo club `clubName` as the demo account `email`. */
export type OpenClub = (
  email: string,
  clubName: string,
  options?: OpenClubOptions,
) => Promise<{ page: Page; club: DemoClub }>;

export const test = base.extend<{ openClub: OpenClub }>({
  openClub: async ({ browser, request }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (email, clubName, options = {}) => {
      const [club, page] = await Promise.all([
        clubNamed(request, clubName),
        pageAs(browser, email, { width: options.width }),
      ]);
      contexts.push(page.context());
      await page.goto(`/${options.prefix ?? 'communities'}/${club.id}${options.path ?? ''}`);
      return { page, club };
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

/** A fresh account, signed in in a browser of its own (the caller closes it), opening an invite link. */
export async function newcomerOpening(browser: Browser, name: string, link: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, await freshAccount(page.request, name));
  await page.goto(new URL(link).pathname);
  return { context, page };
}

/**
 * A member who joined a demo club during a spec leaves it again, so its member list stays as the
 * other specs know it.
 */
export async function leaveClub(page: Page, clubId: string) {
  await page.goto(`/communities/${clubId}/members`);
  await page.getByRole('button', { name: 'Leave Club' }).click();
  await page.getByRole('dialog', { name: 'Leave Club' }).getByRole('button', { name: 'Leave Club' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/communities/${clubId}`);
  await expect(page.getByText('You are not a member of this club.')).toBeVisible();
}

export { expect };
