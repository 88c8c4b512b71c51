/**
 * The one Stripe client of a container: the official `stripe` SDK with the app's timeout and
 * retries (STRIPE_REQUEST_LIMITS). Its secret key comes from STRIPE_SECRET_KEY (local) or the
 * Secrets Manager secret named by STRIPE_SECRET_KEY_ARN (deployed). STRIPE_API_BASE points it at
 * another origin: locally, the Stripe simulator (infra/local/stripe-simulator); unset, it talks
 * to api.stripe.com.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { STRIPE_REQUEST_LIMITS } from '@clubs/shared';
import Stripe from 'stripe';

/** The SDK's client: callers use its resources, parameters and answers as they are. */
export type StripeApi = Stripe;

export interface StripeClientConfig {
  readonly apiKey: string;
  /** The API's origin (`http://127.0.0.1:4242`); Stripe's own when unset. */
  readonly apiBase?: string;
  readonly timeoutMs?: number;
  readonly maxNetworkRetries?: number;
}

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

/** An origin as the SDK's host, port and protocol; nothing when unset (Stripe's own). */
function apiOrigin(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const base = apiBase?.trim();
  if (!base) return {};
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** A client with the app's timeout and retries unless told otherwise (tests turn retries off). */
export function createStripeClient(config: StripeClientConfig): StripeApi {
  return new Stripe(config.apiKey, {
    ...apiOrigin(config.apiBase),
    timeout: config.timeoutMs ?? STRIPE_REQUEST_LIMITS.timeoutMs,
    maxNetworkRetries: config.maxNetworkRetries ?? STRIPE_REQUEST_LIMITS.maxNetworkRetries,
    appInfo: { name: 'clubs' },
  });
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
