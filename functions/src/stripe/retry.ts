/**
 * When a Stripe request is sent again, and after how long: the `stripe` SDK's rules
 * (https://docs.stripe.com/error-handling#safely-retrying-requests-with-idempotency), kept so
 * that replacing the SDK changed nothing. A request is retried only while retries are left, and
 * only if it cannot have been applied twice: every POST carries an idempotency key (request.ts),
 * GETs change nothing, and the one DELETE passes its own key.
 */

/** What came back from one attempt: an answer's status and header, or no answer at all. */
export type Attempt =
  | { kind: 'answer'; status: number; shouldRetry: string | null }
  | { kind: 'network'; code?: string };

/**
 * A connection closed under the request (a stale keep-alive socket of a thawed container):
 * Node's codes, and undici's (fetch's) for a socket the other side closed.
 */
const CONNECTION_CLOSED = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

export function shouldRetry(attempt: Attempt, retriesSoFar: number, maxRetries: number): boolean {
  // The SDK retries a closed connection once even with retries off: the request usually never
  // reached Stripe.
  if (attempt.kind === 'network' && retriesSoFar === 0 && CONNECTION_CLOSED.has(attempt.code ?? ''))
    return true;
  if (retriesSoFar >= maxRetries) return false;
  if (attempt.kind === 'network') return true;
  // Stripe says whether a retry can help (a lock timeout: yes; a replayed error: no).
  if (attempt.shouldRetry === 'false') return false;
  if (attempt.shouldRetry === 'true') return true;
  return attempt.status === 409 || attempt.status >= 500;
}

const INITIAL_DELAY_MS = 500;
const MAX_DELAY_MS = 5_000;

/** Exponential backoff with jitter, never under the initial delay (the SDK's numbers). */
export function retryDelayMs(retriesSoFar: number, random: () => number = Math.random): number {
  const base = Math.min(INITIAL_DELAY_MS * 2 ** (retriesSoFar - 1), MAX_DELAY_MS);
  return Math.max(INITIAL_DELAY_MS, base * 0.5 * (1 + random()));
}
