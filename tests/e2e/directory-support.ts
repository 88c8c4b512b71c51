/**
 * Shared steps of the directory, joining and dashboard specs: fresh accounts (created through
 * the same Cognito API the app uses, confirmed at once locally), sign-in through the UI, and
 * demo clubs looked up by name through the public API.
 */
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const PASSWORD = 'DemoPass123!';
export const DEMO = {
  member: 'member@clubs.local',
  owner: 'owner@clubs.local',
} as const;

export interface DemoClub {
  id: string;
  name: string;
  description: string;
  price: number;
  currency: string;
}

/** A demo club by its exact name (the directory search finds it by its words). */
export async function clubNamed(request: APIRequestContext, name: string): Promise<DemoClub> {
  const res = await request.get(`/api/clubs?q=${encodeURIComponent(name)}&limit=50`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { items: DemoClub[] };
  const club = body.items.find((c) => c.name === name);
  if (!club) throw new Error(`demo club ${name} not found`);
  return club;
}

/** A new confirmed account with a unique e-mail; returns its e-mail. */
export async function freshAccount(request: APIRequestContext, name = 'Erin Example'): Promise<string> {
  const config = (await (await request.get('/config.json')).json()) as {
    userPoolClientId: string;
    userPoolEndpoint: string;
  };
  const email = `e2e-${randomUUID().slice(0, 8)}@example.com`;
  const res = await request.post(`${config.userPoolEndpoint}/`, {
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp',
    },
    data: JSON.stringify({
      ClientId: config.userPoolClientId,
      Username: email,
      Password: PASSWORD,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: name },
      ],
    }),
  });
  expect(res.status(), await res.text()).toBe(200);
  return email;
}

/** Fills the login form (the page must be on /login). */
export async function fillLogin(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** Signs in through /login and waits for the dashboard. */
export async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await fillLogin(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The club page's one action button (in the side card). */
/** The club page's action: a button, or the link to log in. */
export const actionButton = (page: Page) => {
  const card = page.getByRole('complementary', { name: 'Membership' });
  return card.getByRole('button').or(card.getByRole('link', { name: 'Log in to Join' }));
};
