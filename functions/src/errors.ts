/**
 * The domain's typed errors. Services, payments and the data layer throw these and know nothing of
 * HTTP; the one mapping to statuses and bodies is http/errors.ts. Anything not an AppError is an
 * internal failure whose details never reach the caller.
 */
import { CLUB_NOT_ACTIVE } from '@clubs/shared';

export type ErrorCode =
  | 'bad_request'
  | 'validation_failed'
  | 'invalid_json'
  | 'unsupported_media_type'
  | 'unauthorized'
  | 'forbidden'
  | 'club_not_active'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'too_many_requests'
  | 'email_not_sent'
  | 'unavailable'
  | 'internal';

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;
  /** For a refusal that lifts by itself (a limit's window): when to try again. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, details?: unknown, retryAfterSeconds?: number) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new AppError('bad_request', message, details);
export const unauthorized = (message = 'Sign in to continue') => new AppError('unauthorized', message);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError('forbidden', message);
export const notFound = (message = 'Not found') => new AppError('not_found', message);
export const clubNotActive = () => new AppError(CLUB_NOT_ACTIVE.code, CLUB_NOT_ACTIVE.message);
export const conflict = (message: string) => new AppError('conflict', message);
