/**
 * The club's API keys on the owner's settings page: listing, making (the secret is answered this
 * once) and revoking them. Owners only; the key calls themselves are the /api/v1 routes.
 */
import * as z from 'zod';
import { apiKeyListSchema, createApiKeyInputSchema, createdApiKeySchema } from '../../domain/api-key.ts';
import { DELETE, GET, inClub, POST, routesOf } from '../route-builder.ts';

export const apiKeyRoutes = routesOf('club-admin', {
  listApiKeys: GET('/api/clubs/{clubId}/api-keys', {
    access: inClub('owner'),
    summary:
      "The club's API keys, newest first, with their prefix, scopes and when they were made and last used (never a secret); one query of the club's partition",
    response: apiKeyListSchema,
  }),
  createApiKey: POST('/api/clubs/{clubId}/api-keys', {
    access: inClub('owner'),
    summary:
      'Makes an API key with a name and scopes; its secret is in this answer only (only its hash is stored); a club holding MAX_API_KEYS_PER_CLUB keys is refused (409), counted in the same transaction',
    body: createApiKeyInputSchema,
    response: createdApiKeySchema,
    status: 201,
  }),
  revokeApiKey: DELETE('/api/clubs/{clubId}/api-keys/{keyId}', {
    access: inClub('owner'),
    summary:
      'Revokes an API key: its secret is refused from this write on; 404 for a key the club does not hold',
    response: z.object({ revoked: z.literal(true) }),
  }),
});
