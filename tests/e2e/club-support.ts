/**
 * Shared state of the club-space specs: each demo account signs in through the real login form
 * once per worker, and later tests start from the browser state saved then (Amplify keeps the
 * session in localStorage) instead of signing in again. `test` adds `openClub`, which opens a demo club as a
 * demo account and closes every page it opened when the test ends, passed or failed.
 */
import { type Browser, type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { clubNamed, type DemoClub, fillLogin, freshAccount, signIn } from './directory-support.ts';

export const YOGA = 'Morning Yoga Collective';

/** The feed's card of the post titled `title`. */
export const postCard = (page: Page, title: string) =>
  page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

/** A demo account's browser context, signed in once, and what it held just after the sign-in. */
interface SignedIn {
  context: BrowserContext;
  state: StorageState;
  /** A page parked on a blank document of the app's origin, through which its storage is reset. */
  keeper: Page;
  /** A page of the context is with a walk (from pageAs until the page closes). */
  inUse: boolean;
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

const signedIn = new Map<string, Promise<SignedIn>>();

async function signInOnce(browser: Browser, email: string): Promise<SignedIn> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await fillLogin(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  const state = await context.storageState();
  await page.close();
  const keeper = await context.newPage();
  await keeper.route('**/*', (route) => route.fulfill({ contentType: 'text/html', body: '<html></html>' }));
  await keeper.goto('/');
  return { context, state, keeper, inUse: false };
}

/**
 * Puts the context back as it was just after the sign-in: no page of an earlier walk open (a tab
 * it opened), its cookies (the club sidebar's among them) and the app's localStorage (Amplify's
 * session and whatever a walk stored) as saved then, no permission granted. A page's
 * sessionStorage is its own, so a new page starts without any.
 */
async function resetToSignIn({ context, state, keeper }: SignedIn): Promise<void> {
  await Promise.all(context.pages().map((open) => (open === keeper ? undefined : open.close())));
  await Promise.all([context.clearCookies(), context.clearPermissions()]);
  await context.addCookies(state.cookies);
  const origin = new URL(keeper.url()).origin;
  const saved = state.origins.find((o) => o.origin === origin)?.localStorage ?? [];
  await keeper.evaluate((items) => {
    window.localStorage.clear();
    for (const { name, value } of items) window.localStorage.setItem(name, value);
  }, saved);
}

/**
 * A new page signed in as this demo account (the sign-in happens once per worker); closing the
 * page is all the caller does after. The account's pages share one browser context, reset to the
 * state of its sign-in for each new page: a fresh context costs a new renderer and every bundle
 * compiled again, about 1 s of CPU a page on a 2-core machine. A walk that still has a page of the
 * account open gets a fresh context of its own, closed with its page, so two pages of one
 * account never share their storage where they did not before.
 */
export async function pageAs(
  browser: Browser,
  email: string,
  options: { width?: number } = {},
): Promise<Page> {
  let account = signedIn.get(email);
  if (!account) {
    account = signInOnce(browser, email);
    signedIn.set(email, account);
  }
  const shared = await account;
  let page: Page;
  if (shared.inUse) {
    const context = await browser.newContext({ storageState: shared.state });
    page = await context.newPage();
    page.once('close', () => void context.close());
  } else {
    shared.inUse = true;
    await resetToSignIn(shared);
    page = await shared.context.newPage();
    page.once('close', () => {
      shared.inUse = false;
    });
  }
  if (options.width) await page.setViewportSize({ width: options.width, height: 812 });
  return page;
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
    const pages: Page[] = [];
    await use(async (email, clubName, options = {}) => {
      const [club, page] = await Promise.all([
        clubNamed(request, clubName),
        pageAs(browser, email, { width: options.width }),
      ]);
      pages.push(page);
      await page.goto(`/${options.prefix ?? 'communities'}/${club.id}${options.path ?? ''}`);
      return { page, club };
    });
    await Promise.all(pages.map((page) => page.close()));
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
