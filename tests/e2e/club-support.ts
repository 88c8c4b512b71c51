/**
 * Shared state of the club-space specs: each demo account signs in through the real login form
 * once per run, and later tests start from its saved browser state (Amplify keeps the session in
 * localStorage) instead of signing in again.
 */
import { join } from 'node:path';
import { type Browser, expect, type Page } from '@playwright/test';
import { fillLogin } from './directory-support.ts';

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
