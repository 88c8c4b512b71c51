/**
 * The stored-XSS fixture talks to the running stack as the browser would: accounts through the
 * Cognito API the app uses (cognito-local confirms them at once), every write through the app's
 * own API with the account's ID token, and payments on the Stripe simulator's Checkout and
 * Connect pages (their Pay and Complete buttons are plain form posts), whose signed webhook
 * events activate clubs and memberships through the gateway, the bus and the event handler.
 */
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { PASSWORD } from '../directory-support.ts';

export interface Person {
  email: string;
  token: string;
  userId: string;
}

interface CognitoConfig {
  userPoolClientId: string;
  userPoolEndpoint: string;
}

export class XssApi {
  private config: Promise<CognitoConfig> | undefined;

  constructor(private readonly request: APIRequestContext) {}

  private cognitoConfig(): Promise<CognitoConfig> {
    this.config ??= this.request.get('/config.json').then((res) => res.json() as Promise<CognitoConfig>);
    return this.config;
  }

  private async cognito(target: string, body: unknown): Promise<Record<string, unknown>> {
    const config = await this.cognitoConfig();
    const res = await this.request.post(`${config.userPoolEndpoint}/`, {
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
      },
      data: JSON.stringify({ ClientId: config.userPoolClientId, ...(body as object) }),
    });
    expect(res.status(), `${target}: ${await res.text()}`).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  }

  /** A new confirmed account (password PASSWORD), signed in, with its profile created. */
  async person(label: string): Promise<Person> {
    const email = `xss-${label}-${randomUUID().slice(0, 8)}@example.com`;
    await this.cognito('SignUp', {
      Username: email,
      Password: PASSWORD,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: `XSS ${label}` },
      ],
    });
    const auth = await this.cognito('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD },
    });
    const token = (auth.AuthenticationResult as { IdToken: string }).IdToken;
    const me = await this.call<{ id: string }>({ email, token, userId: '' }, 'GET', '/api/me');
    return { email, token, userId: me.id };
  }

  /** One API call as `who`; anything but a 2xx fails the fixture with the answer. */
  async call<T>(who: Person | null, method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.request.fetch(path, {
      method,
      headers: who ? { authorization: `Bearer ${who.token}` } : {},
      ...(body === undefined ? {} : { data: body }),
    });
    expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  }

  /** Presses a button of a simulator page (a form post) and checks it redirected back. */
  async submitSimulatorForm(url: string, form: Record<string, string>): Promise<void> {
    const res = await this.request.post(url, { form, maxRedirects: 0 });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(303);
  }

  /** Pays a Checkout Session on the simulator (its Pay button). */
  payCheckout(checkoutUrl: string): Promise<void> {
    return this.submitSimulatorForm(`${checkoutUrl}/pay`, {});
  }

  /** Waits until `read` answers what `done` accepts (a webhook's effect arriving). */
  async until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
    let last: T | undefined;
    await expect
      .poll(
        async () => {
          last = await read();
          return done(last);
        },
        { message: what, timeout: 30_000 },
      )
      .toBe(true);
    return last as T;
  }

  async status(who: Person | null, path: string): Promise<number> {
    const res = await this.request.get(path, {
      headers: who ? { authorization: `Bearer ${who.token}` } : {},
    });
    return res.status();
  }
}

/** Runs `work` over `items`, at most `width` at a time, keeping the order of the results. */
export async function inBatches<T, R>(
  items: readonly T[],
  width: number,
  work: (item: T, index: number) => Promise<R>,
) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
  return results;
}
