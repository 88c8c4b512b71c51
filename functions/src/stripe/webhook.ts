/**
 * What Stripe's webhook does with a delivery: verifies the Stripe-Signature header on the raw body
 * with the `stripe` SDK (webhook-event.ts), only then takes the event, and puts it on the custom
 * bus, where the rules of the event manifest route it. A missing, malformed, forged or stale
 * signature, or a signed body that is no event, is a bad request and nothing is stored; a failure
 * to read the secret or to put the event is thrown as it is (a 500), so Stripe delivers again.
 */
import { WEBHOOK_REFUSED_LOG_MESSAGE } from '@clubs/shared';
import { badRequest } from '../errors.ts';
import { logger } from '../logger.ts';
import { publishStripeEvent } from './publish.ts';
import { constructWebhookEvent } from './webhook-event.ts';
import { getWebhookSecrets } from './webhook-secret.ts';

export async function receiveStripeEvent(
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true }> {
  if (!signature) {
    logger.warn(WEBHOOK_REFUSED_LOG_MESSAGE, { reason: 'no Stripe-Signature header' });
    throw badRequest('Missing Stripe-Signature header');
  }

  let secrets: string[];
  try {
    secrets = await getWebhookSecrets();
  } catch (error) {
    logger.error('cannot read the webhook signing secret', { error });
    throw error;
  }

  const verified = await constructWebhookEvent(rawBody, signature, secrets);
  if (!verified.ok && verified.reason === 'no_secret') {
    logger.error('no webhook signing secret is configured');
    throw new Error('no webhook signing secret');
  }
  if (!verified.ok) {
    const detail = verified.reason === 'bad_signature' ? verified.detail : undefined;
    logger.warn(WEBHOOK_REFUSED_LOG_MESSAGE, { reason: verified.reason, detail });
    throw badRequest(
      verified.reason === 'not_an_event' ? 'The body is not a Stripe event' : 'Invalid Stripe signature',
    );
  }
  const stripeEvent = verified.event;

  try {
    const eventId = await publishStripeEvent(stripeEvent, JSON.stringify(stripeEvent));
    logger.info('stripe event published', { stripeEventId: stripeEvent.id, type: stripeEvent.type, eventId });
  } catch (error) {
    logger.error('cannot put the stripe event on the bus', { stripeEventId: stripeEvent.id, error });
    throw error;
  }
  return { received: true };
}
