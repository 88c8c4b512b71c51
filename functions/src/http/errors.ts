/**
 * The one mapping of errors to HTTP. Handlers, services and the data layer throw the domain's
 * typed errors (../errors.ts, data/errors.ts); the error middleware turns them into
 * `{ "error": { "code", "message", "details"? } }` with their status, and a Retry-After header
 * for a refusal that lifts by itself. Anything else becomes a 500 with a generic message:
 * internals never reach the caller.
 */
import { InvalidCursorError, isStoreUnavailable } from '../data/errors.ts';
import { AppError, badRequest, type ErrorCode } from '../errors.ts';

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

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
}

export const statusOf = (error: AppError): number => STATUS[error.code];

export function bodyOf(error: AppError): ErrorBody {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.details === undefined ? {} : { details: error.details }),
    },
  };
}

/** Maps any thrown value to a status, a safe body and the headers the refusal calls for. */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof AppError) {
    const headers: Record<string, string> =
      error.retryAfterSeconds === undefined ? {} : { 'retry-after': String(error.retryAfterSeconds) };
    return { status: statusOf(error), body: bodyOf(error), headers };
  }
  if (error instanceof InvalidCursorError) return toErrorResponse(badRequest(error.message));
  if (isStoreUnavailable(error)) {
    return toErrorResponse(new AppError('unavailable', 'The service is busy right now. Please try again.'));
  }
  return toErrorResponse(new AppError('internal', 'Something went wrong. Please try again.'));
}
