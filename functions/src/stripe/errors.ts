/**
 * Stripe's failures as the `stripe` SDK raised them, so that callers (payments/stripe-errors.ts,
 * the `resource_missing` checks) read the same fields: `type` is the SDK's class name
 * (StripeInvalidRequestError, …), `rawType` Stripe's own `error.type`, plus `code`, `param`,
 * `statusCode`, `requestId` and `message`.
 */

/** The `error` object of a Stripe answer (https://docs.stripe.com/api/errors). */
export interface StripeErrorBody {
  type?: string;
  code?: string;
  message?: string;
  param?: string;
  decline_code?: string;
  doc_url?: string;
}

export type StripeErrorType =
  | 'StripeRateLimitError'
  | 'StripeIdempotencyError'
  | 'StripeInvalidRequestError'
  | 'StripeAuthenticationError'
  | 'StripeCardError'
  | 'StripePermissionError'
  | 'StripeAPIError'
  | 'StripeConnectionError';

export class StripeRequestError extends Error {
  override readonly name = 'StripeRequestError';
  readonly rawType: string | undefined;
  readonly code: string | undefined;
  readonly param: string | undefined;
  readonly doc_url: string | undefined;

  constructor(
    readonly type: StripeErrorType,
    body: StripeErrorBody,
    readonly statusCode: number | undefined,
    readonly requestId: string | undefined,
    options?: ErrorOptions,
  ) {
    super(body.message ?? '', options);
    this.rawType = body.type;
    this.code = body.code;
    this.param = body.param;
    this.doc_url = body.doc_url;
  }
}

/** The SDK's choice of error class for a v1 API error (its generateV1Error). */
export function errorTypeFor(statusCode: number, body: StripeErrorBody): StripeErrorType {
  if (statusCode === 429 || (statusCode === 400 && body.code === 'rate_limit')) return 'StripeRateLimitError';
  if (statusCode === 400 || statusCode === 404) {
    return body.type === 'idempotency_error' ? 'StripeIdempotencyError' : 'StripeInvalidRequestError';
  }
  if (statusCode === 401) return 'StripeAuthenticationError';
  if (statusCode === 402) return 'StripeCardError';
  if (statusCode === 403) return 'StripePermissionError';
  return 'StripeAPIError';
}

/** The error of an answer that is not a success, or whose body was not JSON (`undefined`). */
export function errorFromAnswer(
  statusCode: number,
  body: unknown,
  requestId: string | undefined,
): StripeRequestError {
  const error = (body as { error?: unknown } | null)?.error;
  if (error && typeof error === 'object') {
    const parsed = error as StripeErrorBody;
    return new StripeRequestError(errorTypeFor(statusCode, parsed), parsed, statusCode, requestId);
  }
  // Not Stripe's answer (a proxy's error page, say): the SDK's words for it.
  return new StripeRequestError(
    'StripeAPIError',
    { message: 'Invalid JSON received from the Stripe API' },
    statusCode,
    requestId,
  );
}

/** Stripe could not be reached, or did not answer in time (the SDK's messages). */
export function connectionError(cause: unknown, retries: number, timeoutMs: number): StripeRequestError {
  const timedOut = (cause as { name?: unknown } | null)?.name === 'TimeoutError';
  const message = timedOut
    ? `Request aborted due to timeout being reached (${timeoutMs}ms)`
    : `An error occurred with our connection to Stripe.${retries > 0 ? ` Request was retried ${retries} times.` : ''}`;
  return new StripeRequestError('StripeConnectionError', { message }, undefined, undefined, { cause });
}
