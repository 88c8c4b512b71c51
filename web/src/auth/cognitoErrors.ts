/**
 * Cognito's exception names, which people can cause, turned into the product's messages, so
 * pages only ever show `error.message`.
 */
import { CODE_EXPIRED, CODE_MISMATCH, EMAIL_IN_USE, TOO_MANY_ATTEMPTS } from './messages.ts';

export const errorName = (error: unknown): string =>
  error instanceof Error
    ? error.name
    : typeof error === 'object' && error
      ? String((error as { name?: unknown }).name)
      : '';

/** A friendlier error for the Cognito exceptions people can cause; others keep their message. */
export function friendly(error: unknown, overrides: Record<string, string> = {}): Error {
  const name = errorName(error);
  const message =
    overrides[name] ??
    {
      CodeMismatchException: CODE_MISMATCH,
      // A wrong code while confirming a new authenticator app.
      EnableSoftwareTokenMFAException: CODE_MISMATCH,
      ExpiredCodeException: CODE_EXPIRED,
      LimitExceededException: TOO_MANY_ATTEMPTS,
      TooManyRequestsException: TOO_MANY_ATTEMPTS,
      TooManyFailedAttemptsException: TOO_MANY_ATTEMPTS,
      AliasExistsException: EMAIL_IN_USE,
    }[name];
  if (message) return new Error(message, { cause: error });
  return error instanceof Error ? error : new Error(String(error));
}
