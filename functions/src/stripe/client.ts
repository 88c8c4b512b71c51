/**
 * The one Stripe client of a container: the API calls of api.ts over `fetch` (request.ts), not
 * the `stripe` SDK, which would add about 250 KB to every bundle that calls Stripe
 * (docs/DEPLOY.md, "Function bundles"). Its secret key comes from STRIPE_SECRET_KEY (local) or the
 * Secrets Manager secret named by STRIPE_SECRET_KEY_ARN (deployed). STRIPE_API_BASE points it at
 * another host: locally, the Stripe simulator (infra/local/stripe-simulator); unset, it talks to
 * api.stripe.com.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { STRIPE_REQUEST_LIMITS } from '@clubs/shared';
import { type StripeApi, stripeApi } from './api.ts';
import { type StripeRequestConfig, stripeRequester } from './request.ts';

let client: Promise<StripeApi> | undefined;

async function secretKey(): Promise<string> {
  const fromEnv = process.env.STRIPE_SECRET_KEY?.trim();
  if (fromEnv) return fromEnv;
  const secretId = process.env.STRIPE_SECRET_KEY_ARN?.trim();
  if (!secretId) throw new Error('neither STRIPE_SECRET_KEY nor STRIPE_SECRET_KEY_ARN is set');
  const secrets = new SecretsManagerClient({});
  try {
    const { SecretString } = await secrets.send(new GetSecretValueCommand({ SecretId: secretId }));
    const key = SecretString?.trim();
    if (!key) throw new Error('the Stripe secret key is empty');
    return key;
  } finally {
    secrets.destroy();
  }
}

/** A client with the app's timeout and retries unless told otherwise (tests turn retries off). */
export function createStripeClient(
  config: Pick<StripeRequestConfig, 'apiKey' | 'apiBase'> & Partial<StripeRequestConfig>,
): StripeApi {
  return stripeApi(
    stripeRequester({
      timeoutMs: STRIPE_REQUEST_LIMITS.timeoutMs,
      maxNetworkRetries: STRIPE_REQUEST_LIMITS.maxNetworkRetries,
      ...config,
    }),
  );
}

async function create(): Promise<StripeApi> {
  return createStripeClient({ apiKey: await secretKey(), apiBase: process.env.STRIPE_API_BASE });
}

/** The container's client; a failed start (say, the secret could not be read) is tried again next time. */
export function stripeClient(): Promise<StripeApi> {
  if (!client) {
    const created = create();
    client = created;
    created.catch(() => {
      if (client === created) client = undefined;
    });
  }
  return client;
}

/** Tests put a client pointed at the simulator, or a fake, in place. */
export function setStripeClient(value: StripeApi | undefined): void {
  client = value ? Promise.resolve(value) : undefined;
}

export type { StripeApi };
