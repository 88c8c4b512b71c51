/**
 * Typed errors and their one mapping to HTTP. Handlers and services throw these; the error
 * middleware turns them into `{ "error": { "code", "message", "details"? } }`. Anything else
 * becomes a 500 with a generic message: internals never reach the caller. The data layer knows
 * nothing of HTTP: its own errors (data/errors.ts) are mapped here too.
 */
import { CLUB_NOT_ACTIVE } from '@clubs/shared';
import { InvalidCursorError, isStoreUnavailable } from '../data/errors.ts';

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

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  invalid_json: 400,
  unsupported_media_type: 415,
  unauthorized: 401,
  forbidden: 403,
  club_not_active: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  too_many_requests: 429,
  email_not_sent: 502,
  unavailable: 503,
  internal: 500,
};

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return STATUS[this.code];
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details === undefined ? {} : { details: this.details }),
      },
    };
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

/** Maps any thrown value to a status and a safe body. */
export function toErrorResponse(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof AppError) return { status: error.status, body: error.toBody() };
  if (error instanceof InvalidCursorError) return toErrorResponse(badRequest(error.message));
  if (isStoreUnavailable(error)) {
    return toErrorResponse(new AppError('unavailable', 'The service is busy right now. Please try again.'));
  }
  const internal = new AppError('internal', 'Something went wrong. Please try again.');
  return { status: internal.status, body: internal.toBody() };
}
