/**
 * A secret the functions read at run time: from an environment variable when it is set (the
 * local stack), otherwise from the Secrets Manager secret whose ARN another variable names
 * (deployed), fetched once per container and kept for SECRET_CACHE_MS, so a rolled secret is
 * picked up without a redeploy. A failed fetch is not kept: the next call asks again.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

export const SECRET_CACHE_MS = 5 * 60 * 1000;

let client: SecretsManagerClient | undefined;
const cache = new Map<string, { value: Promise<string>; expiresAt: number }>();

async function fetchSecret(secretId: string): Promise<string> {
  client ??= new SecretsManagerClient({});
  const result = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
  const value = result.SecretString?.trim();
  if (!value) throw new Error(`the secret ${secretId} is empty`);
  return value;
}

/**
 * The secret's value: `local` (the value variable) when set, else the secret whose ARN `arn` is;
 * `name` says which secret in the error when neither is set.
 */
export function secretValue(
  local: string | undefined,
  arn: string | undefined,
  name: string,
  now = Date.now(),
): Promise<string> {
  if (local?.trim()) return Promise.resolve(local.trim());
  const secretId = arn?.trim();
  if (!secretId) return Promise.reject(new Error(`${name}: neither its value nor its ARN is set`));
  const cached = cache.get(secretId);
  if (cached && cached.expiresAt > now) return cached.value;
  const value = fetchSecret(secretId);
  const entry = { value, expiresAt: now + SECRET_CACHE_MS };
  cache.set(secretId, entry);
  value.catch(() => {
    if (cache.get(secretId) === entry) cache.delete(secretId);
  });
  return value;
}
