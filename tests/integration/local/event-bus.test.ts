import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { createClubWithOwner, getClub } from '@clubs/functions/data/repositories/clubs';
import { type LocalEventBus, startEventBus } from '@clubs/infra/local/event-bus.ts';
import { freePort } from '@clubs/infra/local/ports.ts';
import { EVENT_BUS, EVENT_QUEUE_LIMITS, NOTIFICATION_EMAIL_TYPE } from '@clubs/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubFixture } from '../../support/fixtures.ts';
import { ofType, startTestStripe, type TestStripe } from '../../support/stripe.ts';

let bus: LocalEventBus;
let client: EventBridgeClient;
let stripe: TestStripe;

beforeAll(async () => {
  // The handler reads the subscription from Stripe: the local simulator stands in for it.
  stripe = await startTestStripe();
  bus = await startEventBus({ port: await freePort(), log: () => undefined, retryBaseMs: 10 });
  client = new EventBridgeClient({
    endpoint: bus.url,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});
afterAll(async () => {
  client?.destroy();
  await bus?.stop();
  await stripe?.stop();
});

const stripeEntry = (type: string, object: Record<string, unknown>) => ({
  EventBusName: EVENT_BUS.defaultName,
  Source: EVENT_BUS.stripeSource,
  DetailType: type,
  Detail: JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    type,
    livemode: false,
    data: { object },
  }),
});

describe('local event bus', () => {
  it("takes the AWS SDK's PutEvents and delivers each entry to the manifest's handler", async () => {
    const { club } = await createClubWithOwner(clubFixture({ status: 'unpaid' }));
    // A creator-plan checkout paid on the simulator: its checkout.session.completed event.
    const metadata = { kind: 'club_plan', clubId: club.id, userId: club.ownerId };
    const session = await stripe.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: 'price_ClubsCreatorMonthly', quantity: 1 }],
      subscription_data: { trial_period_days: 7, metadata },
      metadata,
      customer_email: 'owner@example.com',
      success_url: 'http://app.test/club-setup',
    });
    stripe.takeEvents();
    stripe.server.simulator.payCheckout(session.id);
    const completed = ofType(stripe.takeEvents(), 'checkout.session.completed');
    const result = await client.send(
      new PutEventsCommand({
        Entries: [
          {
            EventBusName: EVENT_BUS.defaultName,
            Source: EVENT_BUS.stripeSource,
            DetailType: completed.type as string,
            Detail: JSON.stringify(completed),
          },
        ],
      }),
    );
    expect(result.FailedEntryCount).toBe(0);
    expect(result.Entries?.[0]?.EventId).toBeTruthy();
    await bus.idle();
    expect((await getClub(club.id))?.status).toBe('active');
  });

  it('delivers nothing for events no rule matches', async () => {
    const { club } = await createClubWithOwner(clubFixture({ status: 'unpaid' }));
    const entry = {
      ...stripeEntry('checkout.session.completed', { metadata: { kind: 'club_plan', clubId: club.id } }),
    };
    await client.send(new PutEventsCommand({ Entries: [{ ...entry, Source: 'someone.else' }] }));
    await bus.idle();
    expect((await getClub(club.id))?.status).toBe('unpaid');
  });

  it("runs a queued route's deliveries at most as many at once as its SQS event source would", async () => {
    // A probe in the queued route's handler module place: it counts the runs under way.
    const dir = mkdtempSync(join(tmpdir(), 'clubs-bus-probe-'));
    writeFileSync(
      join(dir, 'notification-delivery.ts'),
      `const probe = (globalThis.busProbe ??= { now: 0, most: 0, done: 0 });
export async function handler() {
  probe.now += 1;
  probe.most = Math.max(probe.most, probe.now);
  await new Promise((resolve) => setTimeout(resolve, 200));
  probe.now -= 1;
  probe.done += 1;
  return { batchItemFailures: [] };
}
`,
    );
    const queued = await startEventBus({
      port: await freePort(),
      handlersDir: dir,
      routes: ['NotificationEmails'],
      log: () => undefined,
    });
    const atOnce = EVENT_QUEUE_LIMITS.maxConcurrency * EVENT_QUEUE_LIMITS.batchSize;
    const sender = new EventBridgeClient({
      endpoint: queued.url,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    try {
      const entries = Array.from({ length: atOnce + 50 }, (_, i) => ({
        EventBusName: EVENT_BUS.defaultName,
        Source: EVENT_BUS.notificationsSource,
        DetailType: NOTIFICATION_EMAIL_TYPE,
        Detail: JSON.stringify({ i }),
      }));
      await Promise.all(
        Array.from({ length: entries.length / 10 }, (_, i) =>
          sender.send(new PutEventsCommand({ Entries: entries.slice(10 * i, 10 * i + 10) })),
        ),
      );
      await queued.idle();
      const probe = (globalThis as unknown as { busProbe: { most: number; done: number } }).busProbe;
      expect(probe.done).toBe(entries.length);
      expect(probe.most).toBe(atOnce);
    } finally {
      sender.destroy();
      await queued.stop();
    }
  });
});
