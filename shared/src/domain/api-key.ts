/**
 * A club's API keys: an owner makes one with a name and the scopes it may use, sees its secret
 * once, and can revoke it at any time. A key acts as the club, never as a person.
 */
import * as z from 'zod';
import { idSchema, isoDateTime, requiredText } from './common.ts';

/** What a key may be allowed to do; each /api/v1 route names the one scope it needs. */
export const API_KEY_SCOPES = [
  'members:read',
  'posts:read',
  'posts:write',
  'invitations:manage',
  'events:read',
  'webhooks:manage',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** How each scope reads on the settings page. */
export const API_KEY_SCOPE_LABELS: Readonly<Record<ApiKeyScope, string>> = {
  'members:read': 'Read members',
  'posts:read': 'Read posts and comments',
  'posts:write': 'Write posts',
  'invitations:manage': 'Manage invitations',
  'events:read': 'Read events',
  'webhooks:manage': 'Subscribe and remove webhooks',
};

/** Calls one key may make in a minute; the next is refused (429) until the minute ends. */
export const API_KEY_CALLS_PER_MINUTE = 120;

/** Keys a club may hold at once; revoking one frees its place. */
export const MAX_API_KEYS_PER_CLUB = 10;

/** Every secret starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'clubs_';

/** The part of a secret kept to tell keys apart in lists: the prefix and a few characters after it. */
export const API_KEY_SHOWN_LENGTH = API_KEY_PREFIX.length + 6;

export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES);

export const createApiKeyInputSchema = z.strictObject({
  name: requiredText(60),
  scopes: z
    .array(apiKeyScopeSchema)
    .min(1, 'Choose at least one scope')
    .max(API_KEY_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope once'),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyInputSchema>;

/** A key as its club's owner sees it in the list: never its secret. */
export const apiKeySchema = z.object({
  id: idSchema,
  name: z.string(),
  /** The first characters of the secret, to recognise it. */
  prefix: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  createdAt: isoDateTime,
  /** When it was last used, to the minute; null until its first call. */
  lastUsedAt: isoDateTime.nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to creating a key: the key, and its secret this one time. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema), max: z.number().int() });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;
