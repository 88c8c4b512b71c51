/**
 * The load's client of the running stack, as the browser talks to it: accounts through the
 * Cognito API (cognito-local; the stack's pre-sign-up trigger confirms them at once) with real
 * ID tokens, every call through the local API gateway, and payments by pressing the Stripe
 * simulator's Pay button (a form post), whose signed webhook events reach the handlers through
 * the gateway and the bus. Every answer is recorded (recorder.ts).
 */
import { LOCAL_USER_POOL_CLIENT_ID } from '@clubs/infra/local/config.ts';
import type { LocalStack } from '../local-stack.ts';
import type { Recorder } from './recorder.ts';

export const LOAD_PASSWORD = 'LoadPass123!';

export interface Account {
  readonly email: string;
  readonly token: string;
  readonly userId: string;
}

export interface Answer<T> {
  readonly status: number;
  readonly body: T;
}

/** Requests that are not answered within this are recorded as failed connections (status 0). */
const REQUEST_TIMEOUT_MS = 30_000;

export class LoadApi {
  constructor(
    private readonly stack: LocalStack,
    readonly recorder: Recorder,
  ) {}

  /** One timed request; the answer's status and parsed JSON body (null when it has none). */
  async send<T>(
    group: string,
    method: string,
    url: string,
    init: { token?: string; body?: string; headers?: Record<string, string>; redirects?: boolean } = {},
  ): Promise<Answer<T>> {
    const started = performance.now();
    let status = 0;
    let text = '';
    try {
      const res = await fetch(url, {
        method,
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        headers: {
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...init.headers,
        },
        body: init.body,
      });
      status = res.status;
      text = await res.text();
    } catch (error) {
      text = (error as Error).message;
    }
    const what = `${method} ${new URL(url).pathname}`;
    this.recorder.record(group, what, status, performance.now() - started, () => text, init.redirects);
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    return { status, body: body as T };
  }

  /** A call of the app's API as `who` (null: signed out). */
  call<T>(group: string, who: Account | null, method: string, path: string, body?: unknown) {
    return this.send<T>(group, method, `${this.stack.gatewayUrl}${path}`, {
      token: who?.token,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** A call that must succeed (the set-up's): anything but a 2xx throws with the answer. */
  async must<T>(group: string, who: Account | null, method: string, path: string, body?: unknown) {
    const res = await this.call<T>(group, who, method, path, body);
    if (res.status < 200 || res.status >= 300) {
      throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    return res.body;
  }

  private async cognito<T>(target: string, body: Record<string, unknown>): Promise<T> {
    const res = await this.send<T>('auth', 'POST', `${this.stack.cognitoUrl}/`, {
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
      },
      body: JSON.stringify({ ClientId: LOCAL_USER_POOL_CLIENT_ID, ...body }),
    });
    if (res.status !== 200) throw new Error(`Cognito ${target}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  /** Signs in with USER_PASSWORD_AUTH (what the app uses locally) and reads the caller's id. */
  async signIn(email: string, password = LOAD_PASSWORD): Promise<Account> {
    const auth = await this.cognito<{ AuthenticationResult: { IdToken: string } }>('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });
    const token = auth.AuthenticationResult.IdToken;
    const me = await this.must<{ id: string }>('auth', { email, token, userId: '' }, 'GET', '/api/me');
    return { email, token, userId: me.id };
  }

  /** A new account (signed up, confirmed by the stack's trigger), signed in, its profile made. */
  async register(email: string, name: string): Promise<Account> {
    await this.cognito('SignUp', {
      Username: email,
      Password: LOAD_PASSWORD,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: name },
      ],
    });
    return this.signIn(email);
  }

  /** Presses Pay on a checkout page of the simulator; true when it redirected back (303). */
  async payCheckout(checkoutUrl: string): Promise<boolean> {
    const res = await this.send('stripe:pay', 'POST', `${checkoutUrl}/pay`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirects: true,
    });
    return res.status === 303;
  }

  /** Completes Connect onboarding on the simulator's page (its Complete button). */
  async completeOnboarding(onboardingUrl: string): Promise<void> {
    const res = await this.send('stripe:onboarding', 'POST', onboardingUrl, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=complete',
      redirects: true,
    });
    if (res.status !== 303) throw new Error(`onboarding: ${res.status}`);
  }
}
