/**
 * What every retried write of the data layer shares: why DynamoDB cancelled a transaction, and the
 * pause before the next attempt. Its own module, under the indexes and repositories that retry,
 * so none of them imports another for it.
 */

/** Why a transaction was cancelled, per action (DynamoDB lists a reason for each). */
export function cancellationReasons(error: unknown): string[] | null {
  if (!(error instanceof Error)) return null;
  if (error.name === 'TransactionConflictException') return ['TransactionConflict'];
  if (error.name !== 'TransactionCanceledException') return null;
  const reasons = (error as Error & { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.map((reason) => reason.Code ?? 'None');
}

/** A short random pause between attempts, so racing writers spread out. */
export const backoff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** Math.min(attempt, 5)));
