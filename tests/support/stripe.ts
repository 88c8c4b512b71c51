/**
 * Stripe for tests: the local simulator on a free port, the functions' own client pointed at it
 * and installed, the real `stripe` SDK pointed at it too (a second, independent reader for the
 * tests' own checks and set-ups), and the events it records (not delivered: a test hands them to
 * the event handler itself, in whatever order or number it wants).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@clubs/functions/data/client';
import { idempotencyStore } from '@clubs/functions/data/idempotency';
import { STRIPE_EVENT_WORK } from '@clubs/functions/payments/stripe-event-once';
import { createStripeClient, type StripeApi, setStripeClient } from '@clubs/functions/stripe/client';
import { type StripeSimulator, startStripeSimulator } from '@clubs/infra/local/stripe-simulator/index.ts';
import type { StripeObject } from '@clubs/infra/local/stripe-simulator/store.ts';
import { EVENT_BUS } from '@clubs/shared';
import { idempotencyKeys } from '@clubs/shared/table-keys';
import type { EventBridgeEvent } from 'aws-lambda';
import Stripe from 'stripe';
import { ulid } from 'ulid';

export const TEST_STRIPE_KEY = 'sk_test_clubs_tests';
export const TEST_WEBHOOK_SECRET = 'whsec_clubs_tests';
export const TEST_SITE_URL = 'http://app.test';

export interface TestStripe {
  server: StripeSimulator;
  /** The functions' client, as installed. */
  client: StripeApi;
  /** The SDK, for a test's own look at Stripe's state. */
  stripe: Stripe;
  /** Every event recorded since the last call (oldest first). */
  takeEvents(): StripeObject[];
  stop(): Promise<void>;
}

export async function startTestStripe(options: { webhookUrl?: string } = {}): Promise<TestStripe> {
  const server = await startStripeSimulator({
    port: 0,
    secretKey: TEST_STRIPE_KEY,
    webhookSecret: TEST_WEBHOOK_SECRET,
    webhookUrl: options.webhookUrl,
    retryBaseMs: 20,
  });
  const stripe = new Stripe(TEST_STRIPE_KEY, {
    host: '127.0.0.1',
    port: server.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  const client = createStripeClient({ apiKey: TEST_STRIPE_KEY, apiBase: server.url, maxNetworkRetries: 0 });
  setStripeClient(client);
  process.env.SITE_URL = TEST_SITE_URL;
  process.env.STRIPE_LIVEMODE = 'false';
  const seen = new Set<string>();
  const emitted: StripeObject[] = [];
  // Events are recorded in the store; the order of emission is kept by watching it grow.
  const store = server.simulator.store;
  const put = store.put.bind(store);
  store.put = <T extends StripeObject>(value: T): T => {
    if (value.object === 'event' && !seen.has(value.id)) {
      seen.add(value.id);
      emitted.push(value);
    }
    return put(value);
  };
  return {
    server,
    client,
    stripe,
    takeEvents: () => emitted.splice(0),
    async stop() {
      setStripeClient(undefined);
      await server.stop();
    },
  };
}

/** A Stripe event as the bus delivers it to the stripe-events handler. */
export function busEvent(event: StripeObject | Record<string, unknown>) {
  const detail = event as {
    id: string;
    type: string;
    livemode?: boolean;
    data: { object: Record<string, unknown> };
  };
  return {
    version: '0',
    id: ulid(),
    'detail-type': detail.type,
    source: EVENT_BUS.stripeSource,
    account: '000000000000',
    time: new Date().toISOString(),
    region: 'us-east-1',
    resources: [],
    detail,
  } as EventBridgeEvent<string, typeof detail>;
}

export const ofType = (events: StripeObject[], type: string): StripeObject => {
  const found = events.find((event) => event.type === type);
  if (!found) throw new Error(`no ${type} among ${events.map((e) => e.type).join(', ')}`);
  return found;
};

/** The stripe-events consumer's idempotency record of an event, as stored (undefined: none). */
export async function idempotencyRecordOf(eventId: string): Promise<Record<string, unknown> | undefined> {
  const recordKey = idempotencyStore(STRIPE_EVENT_WORK).recordKeyOf({ id: eventId });
  const found = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: idempotencyKeys.record(STRIPE_EVENT_WORK.name, recordKey),
      ConsistentRead: true,
    }),
  );
  return found.Item;
}
