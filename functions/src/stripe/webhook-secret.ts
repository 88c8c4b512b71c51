/**
 * The webhook endpoint's signing secret: env STRIPE_WEBHOOK_SECRET when set (local), otherwise
 * the Secrets Manager secret whose ARN is in STRIPE_WEBHOOK_SECRET_ARN (deployed), fetched once
 * per container and kept for CACHE_MS, so a rolled secret is picked up without a redeploy.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

export const CACHE_MS = 5 * 60 * 1000;

let client: SecretsManagerClient | undefined;
let cached: { value: Promise<string>; expiresAt: number } | undefined;

async function fetchSecret(secretId: string): Promise<string> {
  client ??= new SecretsManagerClient({});
  const result = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
  const value = result.SecretString?.trim();
  if (!value) throw new Error('the Stripe webhook secret is empty');
  return value;
}

export function getWebhookSecret(now = Date.now()): Promise<string> {
  const fromEnv = process.env.STRIPE_WEBHOOK_SECRET?.trim();
  if (fromEnv) return Promise.resolve(fromEnv);
  const secretId = process.env.STRIPE_WEBHOOK_SECRET_ARN?.trim();
  if (!secretId) {
    return Promise.reject(new Error('neither STRIPE_WEBHOOK_SECRET nor STRIPE_WEBHOOK_SECRET_ARN is set'));
  }
  if (!cached || cached.expiresAt <= now) {
    const value = fetchSecret(secretId);
    const entry = { value, expiresAt: now + CACHE_MS };
    cached = entry;
    // A failed fetch is not cached: the next request tries again.
    value.catch(() => {
      if (cached === entry) cached = undefined;
    });
  }
  return cached.value;
}

/** Forgets the cached secret (tests; a container never needs it). */
export function clearWebhookSecretCache(): void {
  cached = undefined;
}
