/**
 * What the chat walks share: two freshly registered people who join a demo club and are approved
 * by its owner, each in a browser of their own, and a call to the API as a signed-in page's person
 * (with the token the app itself sends), for the refusals a walk proves beyond what the UI shows.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, pageAs } from './club-support.ts';
import { actionButton, clubNamed, DEMO, freshAccount, signIn } from './directory-support.ts';

/** Signs a fresh account in, in a browser of its own, and asks to join the club. */
async function newMember(page: Page, name: string, clubId: string): Promise<string> {
  const email = await freshAccount(page.request, name);
  await signIn(page, email);
  await page.goto(`/c/${clubId}`);
  await actionButton(page).click();
  await expect(actionButton(page)).toHaveText('Request Pending');
  return email;
}

/** Opens a signed-in page and resolves once its live socket is open (the header follows the person). */
export async function openLive(page: Page, path: string) {
  const opened = page.waitForEvent('websocket', (ws) => new URL(ws.url()).pathname === '/ws');
  await page.goto(path);
  await opened;
}

export interface ChatPair {
  clubId: string;
  ann: Page;
  ben: Page;
  /** Both leave the club again (so its member list stays as the other specs know it) and close. */
  close(): Promise<void>;
}

/** Two fresh people named `names` join the club named `clubName`; its owner approves both. */
export async function joinedPair(
  browser: Browser,
  request: APIRequestContext,
  clubName: string,
  names: [string, string],
): Promise<ChatPair> {
  const club = await clubNamed(request, clubName);
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  const [ann, ben] = await Promise.all([contexts[0].newPage(), contexts[1].newPage()]);
  // Both leave through the API the Members page calls, not by its button: leaving is walked
  // elsewhere (leaveClub), and here it only puts the club's member list back.
  const close = async () => {
    await Promise.all(
      [ann, ben].map((page) => apiStatus(page, 'DELETE', `/api/clubs/${club.id}/membership`)),
    ).catch(() => undefined);
    await Promise.all(contexts.map((context) => context.close()));
  };
  const owner = await pageAs(browser, DEMO.owner);
  try {
    const emails = await Promise.all([newMember(ann, names[0], club.id), newMember(ben, names[1], club.id)]);
    await owner.goto(`/communities/${club.id}/members`);
    for (const email of emails) {
      await owner.getByRole('textbox', { name: 'Search members...' }).fill(email);
      const row = owner.getByTestId('member-row').filter({ hasText: email });
      await row.getByRole('button', { name: 'pending' }).click();
      await expect(row.getByText('active', { exact: true })).toBeVisible();
    }
  } catch (error) {
    await close();
    throw error;
  } finally {
    await owner.close();
  }
  return { clubId: club.id, ann, ben, close };
}

/** The signed-in page's person id and id token, as Amplify keeps them in localStorage. */
async function sessionOf(page: Page): Promise<{ userId: string; token: string }> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('.idToken'));
    const token = key ? (localStorage.getItem(key) ?? '') : '';
    const payload = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub: string };
    return { userId: claims.sub, token };
  });
}

/** The person signed in on `page`: their id. */
export const userIdOf = async (page: Page) => (await sessionOf(page)).userId;

/** Sends one JSON request to the API as the person signed in on `page`; resolves to its status. */
export async function apiStatus(page: Page, method: string, path: string, body?: unknown): Promise<number> {
  const { token } = await sessionOf(page);
  return page.evaluate(
    async ({ method, path, body, token }) => {
      const response = await fetch(path, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return response.status;
    },
    { method, path, body, token },
  );
}
