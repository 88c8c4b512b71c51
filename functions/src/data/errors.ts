/** Recognizes DynamoDB's refusals so repositories can turn them into domain answers. */
export const isConditionFailed = (error: unknown): boolean =>
  error instanceof Error && error.name === 'ConditionalCheckFailedException';

/** A transaction refused because one of its conditions failed (reasons are listed per item). */
export function transactionConditionFailures(error: unknown): number[] | null {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return null;
  const reasons = (error as Error & { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  const failed = reasons.flatMap((reason, index) =>
    reason.Code === 'ConditionalCheckFailed' ? [index] : [],
  );
  return failed.length > 0 ? failed : null;
}

/**
 * A paging cursor the data layer cannot use: not one it issued, or issued for another list. It
 * came from the caller, so the HTTP edge answers it with a 400 (http/errors.ts maps it).
 */
export class InvalidCursorError extends Error {
  constructor(message = 'The cursor is not valid') {
    super(message);
    this.name = 'InvalidCursorError';
  }
}

const UNAVAILABLE_NAMES = new Set([
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'InternalServerError',
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TimeoutError',
]);
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/**
 * The table cannot answer now (unreachable, throttled, failing): the caller can only retry, so
 * the HTTP edge answers 503. Writes are single conditional writes or transactions, so a request
 * cut off this way leaves nothing half-written.
 */
export function isStoreUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (UNAVAILABLE_NAMES.has(error.name)) return true;
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  const cause = (error as Error & { cause?: unknown }).cause;
  return cause !== undefined && cause !== error && isStoreUnavailable(cause);
}

/** Awaits a conditional write: true when it was made, false when its condition did not hold. */
export async function writeIfConditionHolds(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
