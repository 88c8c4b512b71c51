/**
 * The webhook endpoints' signing secrets: env STRIPE_WEBHOOK_SECRET when set (local), otherwise
 * the Secrets Manager secret whose ARN is in STRIPE_WEBHOOK_SECRET_ARN (deployed), fetched once
 * per container and kept for CACHE_MS, so a rolled secret is picked up without a redeploy.
 *
 * The value may hold several secrets separated by commas or white space: Stripe signs each
 * endpoint with its own secret, and Connect events (a connected account's account.updated) come
 * from a second endpoint that listens to connected accounts.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

export const CACHE_MS = 5 * 60 * 1000;

let client: SecretsManagerClient | undefined;
let cached: { value: Promise<string[]>; expiresAt: number } | undefined;

export const splitSecrets = (value: string | undefined): string[] =>
  (value ?? '').split(/[\s,]+/).filter((secret) => secret.length > 0);

async function fetchSecrets(secretId: string): Promise<string[]> {
  client ??= new SecretsManagerClient({});
  const result = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
  const secrets = splitSecrets(result.SecretString);
  if (secrets.length === 0) throw new Error('the Stripe webhook secret is empty');
  return secrets;
}

export function getWebhookSecrets(now = Date.now()): Promise<string[]> {
  const fromEnv = splitSecrets(process.env.STRIPE_WEBHOOK_SECRET);
  if (fromEnv.length > 0) return Promise.resolve(fromEnv);
  const secretId = process.env.STRIPE_WEBHOOK_SECRET_ARN?.trim();
  if (!secretId) {
    return Promise.reject(new Error('neither STRIPE_WEBHOOK_SECRET nor STRIPE_WEBHOOK_SECRET_ARN is set'));
  }
  if (!cached || cached.expiresAt <= now) {
    const value = fetchSecrets(secretId);
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
