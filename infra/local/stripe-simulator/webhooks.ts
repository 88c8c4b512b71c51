/**
 * Events and their delivery, as Stripe does it: each event is a snapshot of the object when it
 * happened, signed with the endpoint's secret (`Stripe-Signature: t=…,v1=HMAC-SHA256(t.body)`)
 * and POSTed to the webhook URL; a delivery that does not get a 2xx is tried again with a
 * growing delay (Stripe keeps trying for three days; the simulator for about half a minute).
 */
import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { newId, now, type Store, type StripeObject } from './store.ts';

/** The API version the installed `stripe` SDK pins, so the simulator answers in the shapes it types. */
export const SIMULATED_API_VERSION = Stripe.API_VERSION;

export function signatureHeader(payload: string, secret: string, timestamp = now()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export interface WebhookOptions {
  store: Store;
  /** Where events go; undefined: kept (GET /v1/events) but not delivered. */
  url?: string;
  secret: string;
  attempts?: number;
  retryBaseMs?: number;
  log?: (message: string) => void;
}

export interface EmitOptions {
  /** The connected account an event happened on (account.updated). */
  account?: string;
  previousAttributes?: Record<string, unknown>;
}

export class Webhooks {
  private readonly pending = new Set<Promise<void>>();
  private readonly attempts: number;
  private readonly retryBaseMs: number;

  constructor(private readonly options: WebhookOptions) {
    this.attempts = options.attempts ?? 6;
    this.retryBaseMs = options.retryBaseMs ?? 500;
  }

  /** Records an event (a snapshot of `object`) without delivering it yet. */
  event(type: string, object: StripeObject, options: EmitOptions = {}): StripeObject {
    return this.options.store.put({
      id: newId('evt'),
      object: 'event',
      api_version: SIMULATED_API_VERSION,
      created: now(),
      data: {
        object: JSON.parse(JSON.stringify(object)) as unknown,
        ...(options.previousAttributes ? { previous_attributes: options.previousAttributes } : {}),
      },
      livemode: false,
      pending_webhooks: this.options.url ? 1 : 0,
      request: { id: newId('req'), idempotency_key: null },
      type,
      ...(options.account ? { account: options.account } : {}),
    });
  }

  /** Delivers events one after another, in the background (like Stripe, after the response). */
  deliver(events: StripeObject[]): void {
    const url = this.options.url;
    if (!url || events.length === 0) return;
    const run = (async () => {
      for (const event of events) await this.deliverOne(url, event);
    })();
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
  }

  /** Records and delivers one event. */
  emit(type: string, object: StripeObject, options: EmitOptions = {}): StripeObject {
    const event = this.event(type, object, options);
    this.deliver([event]);
    return event;
  }

  private async deliverOne(url: string, event: StripeObject): Promise<void> {
    const payload = JSON.stringify(event, null, 2);
    for (let attempt = 1; attempt <= this.attempts; attempt++) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks) clubs-simulator',
            'stripe-signature': signatureHeader(payload, this.options.secret),
          },
          body: payload,
          signal: AbortSignal.timeout(30_000),
        });
        await response.arrayBuffer();
        if (response.ok) return;
        this.options.log?.(`[stripe] ${event.type} ${event.id}: webhook answered ${response.status}`);
      } catch (error) {
        this.options.log?.(`[stripe] ${event.type} ${event.id}: ${(error as Error).message}`);
      }
      if (attempt < this.attempts) {
        await new Promise((resolve) => setTimeout(resolve, this.retryBaseMs * 2 ** (attempt - 1)));
      }
    }
    this.options.log?.(`[stripe] gave up delivering ${event.type} ${event.id}`);
  }

  /** Resolves once every delivery started so far has finished (tests wait on it). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
