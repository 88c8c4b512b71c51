/** Stripe's failures, as the caller should see them: a clear message, never Stripe's internals. */
import Stripe from 'stripe';
import { AppError } from '../errors.ts';
import { logger } from '../logger.ts';

/** Whether an error is Stripe saying that an object does not exist. */
export const isMissing = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeError && error.code === 'resource_missing';

/**
 * Runs a Stripe call; AppErrors pass through, anything else (the SDK's StripeError classes above
 * all) becomes a 503 with `message` (Stripe may be down or refuse a request the app made: either
 * way the caller can only retry).
 */
export async function withStripe<T>(message: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Stripe.errors.StripeError) {
      logger.error('stripe call failed', {
        message: error.message,
        type: error.type,
        code: error.code,
        statusCode: error.statusCode,
        requestId: error.requestId,
      });
    } else {
      logger.error('stripe call failed', { error });
    }
    throw new AppError('unavailable', message);
  }
}
