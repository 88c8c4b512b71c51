/** The shape of one entry of the route manifest (routes.ts). */
import type * as z from 'zod';
import type { Access, ClubAccess } from './access.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a handler group's code touches in AWS (GROUP_USES). */
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
  /** Signs and checks the links e-mails carry that need no sign-in (unsubscribe) with the link-signing secret. */
  'links:sign',
  /** Asks the deployment's configured text model (Amazon Bedrock InvokeModel on that model only) for a course outline. */
  'ai:outline',
  /** Posts messages to live WebSocket connections (the WebSocket API's management API: ManageConnections). */
  'live:post',
  /** Closes live WebSocket connections (the management API's DELETE /@connections/{id}: ManageConnections). */
  'live:close',
  /**
   * Creates, moves and deletes the app's one-time EventBridge Scheduler schedules (event
   * reminders) in its schedule group, handing them the role that lets them put their event on the bus.
   */
  'schedules:manage',
] as const;
export type ResourceUse = (typeof RESOURCE_USES)[number];

/**
 * The handler groups, one Lambda function each (functions/src/routes/{group}.ts), with what
 * their code touches in AWS. Permissions are granted per function, so a group declares what all
 * of its routes together need: its function gets exactly these (and table:read where a club
 * route's access check reads the membership) and nothing more (infra/lib/group-access.ts). A use
 * left out fails in AWS with AccessDenied; the infra tests compare each group's uses with the SDK
 * calls its bundled code makes, both ways.
 */
export const GROUP_USES = {
  system: ['table:read'],
  profiles: ['table:read', 'table:write', 'media:read', 'media:delete', 'media:upload'],
  /** table:write: a read of a club's public page counts a visit in its analytics (STATS partition only). */
  clubs: ['table:read', 'table:write'],
  'stripe-webhook': ['stripe:webhook-secret', 'events:put'],
  payments: ['table:read', 'table:write', 'stripe:api'],
  /** events:put: a new club's owner card is a change event (the club's search finds them). */
  'club-admin': ['table:read', 'table:write', 'media:read', 'media:delete', 'media:upload', 'events:put'],
  contact: ['table:write'],
  memberships: ['table:read', 'table:write'],
  feed: ['table:read', 'table:write', 'media:read', 'media:delete', 'media:upload'],
  /**
   * stripe:api: removing a member of a paid club, or leaving one, ends their subscription;
   * media:read and media:delete: the Reports queue deletes a post with its files, giving their
   * stored size back.
   */
  members: ['table:read', 'table:write', 'stripe:api', 'media:read', 'media:delete'],
  /** events:put: an accepted invitation's membership is a change event (the club's search follows). */
  invitations: ['table:read', 'table:write', 'email:send', 'events:put'],
  courses: ['table:read', 'table:write', 'media:read', 'media:delete', 'media:upload', 'ai:outline'],
  /**
   * The club's events and the leaderboard (routes/leaderboard.ts); their reads fill in missing
   * member cards.
   */
  'calendar-events': ['table:read', 'table:write'],
  /** media:read: the reported chats' copied images are shown through URLs its role signs. */
  'super-admin': ['table:read', 'table:write', 'media:read'],
  /**
   * The caller's notifications: reading them and marking them read; their preferences; the
   * unsubscribe links of e-mails (links:sign checks their signature); and the live socket's
   * tickets, and closing the caller's sockets at sign-out (live:close).
   */
  notifications: ['table:read', 'table:write', 'links:sign', 'live:close'],
  /**
   * The caller's chat conversations: reading and writing them in the table; media: a message's
   * image is uploaded through a presigned POST, checked, tagged, shown through signed
   * URLs, copied into a report and removed with its message.
   */
  chat: ['table:read', 'table:write', 'media:upload', 'media:read', 'media:delete'],
} as const satisfies Record<string, readonly ResourceUse[]>;
export type HandlerGroup = keyof typeof GROUP_USES;

interface RouteBase {
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
  readonly group: HandlerGroup;
  readonly summary: string;
  /** Built from the path's placeholders (route-builder.ts), present exactly when it has some. */
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response: z.ZodType;
  /** Success status; 200 unless set. */
  readonly status?: number;
  /** The handler reads the raw body itself (e.g. to verify a signature); no JSON parsing. */
  readonly rawBody?: boolean;
  /**
   * Seconds CloudFront may keep a success answer to a caller without an Authorization header:
   * only on public GET routes whose answer does not depend on who asks. Every other answer is
   * no-store, and CloudFront keeps nothing the API does not mark public.
   */
  readonly edgeCacheSeconds?: number;
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

/** API Gateway's route key: "GET /api/clubs/{clubId}". */
export const routeKeyOf = (route: RouteDefinition): string => `${route.method} ${route.path}`;
