/**
 * Stripe's webhook (the public route stripeWebhook). Verifies the Stripe-Signature header on the
 * raw body (base64-decoded when API Gateway encoded it) with the `stripe` SDK
 * (../stripe/webhook-event.ts), only then takes the event, and puts it on the custom bus, where the
 * rules of the event manifest route it. A missing, malformed, forged or stale signature, or a
 * signed body that is no event, gets 400 and nothing is stored; a failure to read the secret or
 * to put the event gets 500, so Stripe delivers again.
 */
import { WEBHOOK_REFUSED_LOG_MESSAGE } from '@clubs/shared';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { badRequest } from '../errors.ts';
import { bodyOf, toErrorResponse } from '../http/errors.ts';
import { fromTheEdge } from '../http/origin-verify.ts';
import { logger } from '../logger.ts';
import { publishStripeEvent } from '../stripe/publish.ts';
import { constructWebhookEvent } from '../stripe/webhook-event.ts';
import { getWebhookSecrets } from '../stripe/webhook-secret.ts';

const json = (statusCode: number, body: unknown): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  body: JSON.stringify(body),
});

function headerOf(event: APIGatewayProxyEventV2, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === wanted && value) return value;
  }
  return undefined;
}

/** The exact bytes Stripe signed. */
function rawBodyOf(event: APIGatewayProxyEventV2): Buffer {
  const body = event.body ?? '';
  return event.isBase64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body, 'utf8');
}

export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  if (!fromTheEdge(event)) return json(403, { error: { code: 'forbidden', message: 'Use the site' } });
  const signature = headerOf(event, 'stripe-signature');
  if (!signature) {
    logger.warn(WEBHOOK_REFUSED_LOG_MESSAGE, { reason: 'no Stripe-Signature header' });
    return json(400, bodyOf(badRequest('Missing Stripe-Signature header')));
  }

  let secrets: string[];
  try {
    secrets = await getWebhookSecrets();
  } catch (error) {
    logger.error('cannot read the webhook signing secret', { error });
    const { status, body } = toErrorResponse(error);
    return json(status, body);
  }

  const verified = await constructWebhookEvent(rawBodyOf(event), signature, secrets);
  if (!verified.ok && verified.reason === 'no_secret') {
    logger.error('no webhook signing secret is configured');
    const { status, body } = toErrorResponse(new Error('no webhook signing secret'));
    return json(status, body);
  }
  if (!verified.ok) {
    const detail = verified.reason === 'bad_signature' ? verified.detail : undefined;
    logger.warn(WEBHOOK_REFUSED_LOG_MESSAGE, { reason: verified.reason, detail });
    const message =
      verified.reason === 'not_an_event' ? 'The body is not a Stripe event' : 'Invalid Stripe signature';
    return json(400, bodyOf(badRequest(message)));
  }
  const stripeEvent = verified.event;

  try {
    const eventId = await publishStripeEvent(stripeEvent, JSON.stringify(stripeEvent));
    logger.info('stripe event published', { stripeEventId: stripeEvent.id, type: stripeEvent.type, eventId });
  } catch (error) {
    logger.error('cannot put the stripe event on the bus', { stripeEventId: stripeEvent.id, error });
    const { status, body } = toErrorResponse(error);
    return json(status, body);
  }
  return json(200, { received: true });
}
