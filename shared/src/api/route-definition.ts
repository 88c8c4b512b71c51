/** The shape of one entry of the route manifest (routes.ts). */
import type * as z from 'zod';
import type { Access, ClubAccess } from './access.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One Lambda function per group: functions/src/handlers/{group}.ts. */
export type HandlerGroup =
  | 'system'
  | 'profiles'
  | 'clubs'
  | 'stripe-webhook'
  | 'payments'
  | 'club-admin'
  | 'contact'
  | 'memberships'
  | 'feed'
  | 'members'
  | 'invitations'
  | 'courses'
  | 'events'
  | 'super-admin';

/**
 * What a route's implementation touches in AWS. Its function's permissions are the union of
 * its group's declarations and nothing more (infra/lib/group-access.ts), so a use left out
 * fails in AWS with AccessDenied; the infra tests compare each group's declarations with the SDK
 * calls its bundled code makes, both ways.
 */
export const RESOURCE_USES = [
  /** GetItem, BatchGetItem, Query (table and indexes). */
  'table:read',
  /** PutItem, UpdateItem, DeleteItem and condition checks, alone or in transactions. */
  'table:write',
  /** Signs uploads into the media bucket (presigned POST or PUT, stored tagged staged) and tags a used one attached. */
  'media:upload',
  /** Reads stored media (HeadObject, GetObject, presigned GET). */
  'media:read',
  'media:delete',
  /** Calls Stripe's API with the secret key. */
  'stripe:api',
  /** Verifies Stripe's webhook signatures with the endpoint's signing secret. */
  'stripe:webhook-secret',
  /** Puts events on the custom bus. */
  'events:put',
  /** Sends transactional e-mail through Amazon SES v2 (SendEmail) from the configured address. */
  'email:send',
  /** Asks the deployment's configured text model (Amazon Bedrock InvokeModel on that model only) for a course outline. */
  'ai:outline',
] as const;
export type ResourceUse = (typeof RESOURCE_USES)[number];

interface RouteBase {
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
  readonly group: HandlerGroup;
  readonly summary: string;
  /** What the implementation touches in AWS (empty when nothing). */
  readonly uses: readonly ResourceUse[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response: z.ZodType;
  /** Success status; 200 unless set. */
  readonly status?: number;
  /** The handler reads the raw body itself (e.g. to verify a signature); no JSON parsing. */
  readonly rawBody?: boolean;
}

/**
 * Every route declares who may call it (access.ts); a club or author declaration needs the club
 * in the path, so its path must have a `{clubId}` parameter.
 */
export type RouteDefinition = RouteBase &
  (
    | { readonly access: Exclude<Access, ClubAccess> }
    | { readonly path: `/api/${string}{clubId}${string}`; readonly access: ClubAccess }
  );
