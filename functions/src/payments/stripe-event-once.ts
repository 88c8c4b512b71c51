/**
 * Each Stripe event is applied once, however often and however concurrently it is delivered:
 * Powertools' Idempotency utility keeps a record per event id in the table (data/idempotency.ts).
 * The first delivery marks it in progress until its invocation's deadline, applies it and marks
 * it completed; a delivery that finds it completed, or in progress in a live invocation, is a
 * duplicate (the live one applies it, or Lambda retries that one once its deadline passed). A
 * failure gives the record back, so the retry applies the event.
 */
import { IdempotencyAlreadyInProgressError, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { FUNCTION_TIMEOUT_SECONDS } from '@clubs/shared';
import type { Context } from 'aws-lambda';
import { type IdempotentWork, idempotencyConfig, idempotencyStore } from '../data/idempotency.ts';
import { logger } from '../logger.ts';
import type { StripeEventLike } from './stripe-event.ts';

/** Stripe retries for up to three days; the record outlives that. */
export const STRIPE_EVENT_WORK: IdempotentWork = {
  name: 'stripe-event',
  keyPath: 'id',
  expiresAfterSeconds: 7 * 24 * 60 * 60,
};

/** The invocation's context, or (called without one) a deadline a whole time limit away. */
function deadlineOf(context: Partial<Context> | undefined): Context {
  if (typeof context?.getRemainingTimeInMillis === 'function') return context as Context;
  const deadline = Date.now() + FUNCTION_TIMEOUT_SECONDS.consumer * 1000;
  return { getRemainingTimeInMillis: () => deadline - Date.now() } as Context;
}

export async function applyStripeEventOnce(
  event: StripeEventLike,
  apply: (event: StripeEventLike) => Promise<void>,
  context?: Partial<Context>,
): Promise<'processed' | 'duplicate'> {
  const config = idempotencyConfig(STRIPE_EVENT_WORK, {
    // Called with the stored result when the event was applied before.
    responseHook: () => {
      logger.info('duplicate delivery', { id: event.id, state: 'processed' });
      return 'duplicate';
    },
  });
  config.registerLambdaContext(deadlineOf(context));
  const once = makeIdempotent(
    async (stripeEvent: StripeEventLike): Promise<'processed' | 'duplicate'> => {
      await apply(stripeEvent);
      return 'processed';
    },
    { persistenceStore: idempotencyStore(STRIPE_EVENT_WORK), config, keyPrefix: STRIPE_EVENT_WORK.name },
  );
  try {
    return await once(event);
  } catch (error) {
    if (!(error instanceof IdempotencyAlreadyInProgressError)) throw error;
    logger.info('duplicate delivery', { id: event.id, state: 'in_progress' });
    return 'duplicate';
  }
}
