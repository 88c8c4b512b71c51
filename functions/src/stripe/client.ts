/**
 * The one Stripe client of a container, made with the real `stripe` SDK. Its secret key comes from
 * STRIPE_SECRET_KEY (local) or the Secrets Manager secret named by STRIPE_SECRET_KEY_ARN
 * (deployed). STRIPE_API_BASE points the SDK at another host: locally, the Stripe simulator
 * (infra/local/stripe-simulator); unset, it talks to api.stripe.com.
 *
 * Only the payments and stripe-events functions import this module: the SDK adds about 250 KB
 * to a bundle (docs/DEPLOY.md, "Function bundles").
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { STRIPE_REQUEST_LIMITS } from '@clubs/shared';
import Stripe from 'stripe';

let client: Promise<Stripe> | undefined;

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

/** host, port and protocol of STRIPE_API_BASE (e.g. http://127.0.0.1:12111); none for Stripe itself. */
export function apiBaseOptions(base = process.env.STRIPE_API_BASE): Partial<Stripe.StripeConfig> {
  if (!base) return {};
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

async function create(): Promise<Stripe> {
  return new Stripe(await secretKey(), {
    ...apiBaseOptions(),
    maxNetworkRetries: STRIPE_REQUEST_LIMITS.maxNetworkRetries,
    timeout: STRIPE_REQUEST_LIMITS.timeoutMs,
    telemetry: false,
    appInfo: { name: 'clubs' },
  });
}

/** The container's client; a failed start (say, the secret could not be read) is tried again next time. */
export function stripeClient(): Promise<Stripe> {
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
export function setStripeClient(value: Stripe | undefined): void {
  client = value ? Promise.resolve(value) : undefined;
}

export type { Stripe };
