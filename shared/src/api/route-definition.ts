/** The shape of one entry of the route manifest (routes.ts). */
import type * as z from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** public: no token; user: a valid Cognito ID token; super_admin: a token in that group. */
export type AuthLevel = 'public' | 'user' | 'super_admin';

/** One Lambda function per group: functions/src/handlers/{group}.ts. */
export type HandlerGroup =
  | 'system'
  | 'profiles'
  | 'clubs'
  | 'stripe-webhook'
  | 'payments'
  | 'club-admin'
  | 'contact'
  | 'memberships';

export interface RouteDefinition {
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
  readonly group: HandlerGroup;
  readonly auth: AuthLevel;
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
