/** Stripe's failures, as the caller should see them: a clear message, never Stripe's internals. */
import { AppError } from '../http/errors.ts';
import { logger } from '../logger.ts';

/** Whether an error is Stripe saying that an object does not exist. */
export const isMissing = (error: unknown): boolean =>
  (error as { code?: unknown } | null)?.code === 'resource_missing';

/**
 * Runs a Stripe call; AppErrors pass through, Stripe's own errors become a 503 with `message`
 * (Stripe may be down or refuse a request the app made: either way the caller can only retry).
 */
export async function withStripe<T>(message: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const stripeError = error as { type?: string; code?: string; statusCode?: number; message?: string };
    logger.error('stripe call failed', {
      message: stripeError.message,
      type: stripeError.type,
      code: stripeError.code,
      statusCode: stripeError.statusCode,
    });
    throw new AppError('unavailable', message);
  }
}
