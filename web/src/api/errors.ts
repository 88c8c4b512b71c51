/** The API's error answer `{ error: { code, message, details? } }`, thrown by the client. */
export interface ApiErrorBody {
  code: string;
  message: string;
  details?: unknown;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: unknown;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    if (body.details !== undefined) this.details = body.details;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Built-in errors are programming faults; their text means nothing to the person using the app. */
const FAULTS = new Set(['TypeError', 'ReferenceError', 'SyntaxError', 'RangeError']);

/**
 * The message to show for a failed action, the one rule for every screen: the API's own message
 * for a refusal it explains (4xx, 503) or an unreachable server; the message of an error thrown
 * for the user (the sign-in service's, already worded for people); otherwise the fallback (a
 * 500 says nothing useful, and a raw exception's text is never shown).
 */
export function messageOf(error: unknown, fallback: string): string {
  if (isApiError(error)) {
    const explained =
      error.status === 0 || (error.status >= 400 && error.status < 500) || error.status === 503;
    return explained && error.message.trim() ? error.message : fallback;
  }
  if (error instanceof Error && !FAULTS.has(error.name) && error.message.trim()) return error.message;
  return fallback;
}
