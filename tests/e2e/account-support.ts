/// <reference lib="dom" />
/**
 * Shared steps of the public-site and account specs: accessibility checks (axe-core: no serious
 * or critical violations), fresh accounts registered through the real form, sign-in through the
 * UI, and the codes cognito-local "e-mails" (it stores them on the user record of its pool file).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;

const POOL_ID = 'us-east-1_LocalPool1';

/** Runs axe on the page as it is and fails with a readable list of serious or critical violations. */
export async function expectAccessible(page: Page, label = page.url()) {
  // A colour in mid-transition (a button fading in from disabled) is not what anyone reads once it
  // settles, and axe would judge its contrast halfway: let running CSS transitions end first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // A page without frames is judged by axe.run in the page itself (the builder's legacy mode):
  // the same rules and results as its default, which runs axe in each frame and joins the parts
  // in a blank page of its own, a new renderer and a second copy of axe to compile, about 1.2 s of
  // CPU per check on a 2-core machine. A page with frames keeps the default, which reaches
  // cross-origin frames too.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .setLegacyMode(page.frames().length === 1)
    .analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join('\n    ')}`,
  );
  expect(report, `axe on ${label}`).toEqual([]);
}

/** Nothing is wider than the viewport (no sideways scrolling at 375 px). */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

/** The page as it is, judged by axe and for sideways scrolling at 375 px and at 1280 px. */
export async function expectAccessibleAtBothWidths(page: Page, label: string) {
  for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
    await page.setViewportSize(viewport);
    await expectAccessible(page, `${label} at ${viewport.width} px`);
    await expectNoHorizontalScroll(page);
  }
}

/**
 * Matches the app's requests to the local Cognito: it posts to the dev server's `/cognito` (no
 * trailing slash, which a glob such as '**\/cognito/**' would miss).
 */
export const cognitoRequests = (url: URL) =>
  url.pathname === '/cognito' || url.pathname.startsWith('/cognito/');

export const uniqueEmail = (prefix = 'e2e') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

export interface Account {
  name: string;
  email: string;
  password: string;
}

export const newAccount = (name = 'Robin Example'): Account => ({
  name,
  email: uniqueEmail(),
  password: 'Passphrase-123',
});

/** Ticks the terms box from the keyboard (its input is visually hidden behind the styled box). */
export async function acceptTerms(page: Page) {
  const box = page.getByRole('checkbox', { name: /I agree/ });
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
}

/** Fills the open registration form with the account (terms accepted) and presses Create Account. */
export async function submitRegistration(page: Page, account: Account) {
  await page.getByLabel('Full Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password').fill(account.password);
  await acceptTerms(page);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** Registers through /register (confirmed at once locally) and waits for the dashboard. */
export async function register(page: Page, account: Account) {
  await page.goto('/register');
  await submitRegistration(page, account);
  await expect(page).toHaveURL(/\/dashboard$/);
}

export async function logIn(page: Page, email: string, password: string, path = '/login') {
  await page.goto(path);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** Log out from the app header; the browser lands on / with the toast. */
export async function logOut(page: Page) {
  // Below 720 px the header's account links fold behind its Menu button (exact: not 'Account menu').
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Logged out successfully')).toBeVisible();
}

type CodeField = 'ConfirmationCode' | 'AttributeVerificationCode';

/** The code cognito-local stored for the user with this e-mail (it never sends mail). */
export async function cognitoCode(email: string, field: CodeField): Promise<string> {
  const dir = process.env.E2E_LOCAL_DIR;
  if (!dir) throw new Error('E2E_LOCAL_DIR is not set (the Playwright config sets it)');
  const file = join(dir, 'cognito', 'db', `${POOL_ID}.json`);
  let code: string | undefined;
  await expect
    .poll(() => {
      const pool = JSON.parse(readFileSync(file, 'utf8')) as {
        Users?: Record<string, { Attributes?: { Name: string; Value: string }[]; [key: string]: unknown }>;
      };
      const users = Object.values(pool.Users ?? {});
      // During an e-mail change the new address waits in UnverifiedAttributeChanges.
      const user = users.find((u) =>
        [
          ...(u.Attributes ?? []),
          ...((u.UnverifiedAttributeChanges as { Name: string; Value: string }[]) ?? []),
        ].some((a) => a.Name === 'email' && a.Value === email),
      );
      code = typeof user?.[field] === 'string' ? (user[field] as string) : undefined;
      return code;
    })
    .toBeTruthy();
  return code as string;
}
