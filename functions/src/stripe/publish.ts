/**
 * Puts a verified Stripe event on the custom bus: Source EVENT_BUS.stripeSource, DetailType the
 * Stripe event type, Detail the event, Time its `created` (when present; else the time of the
 * put).
 */
import { EVENT_BUS } from '@clubs/shared';
import { putBusEvent } from '../bus/put-events.ts';

export interface StripeEventEnvelope {
  readonly id: string;
  readonly type: string;
  /** Unix seconds; Stripe always sends it. */
  readonly created?: number;
}

/** Puts one entry; throws PublishError when EventBridge refuses it. */
export function publishStripeEvent(event: StripeEventEnvelope, detail: string): Promise<string> {
  return putBusEvent({
    source: EVENT_BUS.stripeSource,
    detailType: event.type,
    detail,
    time: event.created === undefined ? undefined : new Date(event.created * 1000),
  });
}
