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
  | 'feed';

interface RouteBase {
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
  readonly group: HandlerGroup;
  readonly summary: string;
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
