import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { createClubWithOwner, getClub } from '@clubs/functions/data/repositories/clubs';
import { type LocalEventBus, startEventBus } from '@clubs/infra/local/event-bus.ts';
import { freePort } from '@clubs/infra/local/ports.ts';
import { EVENT_BUS } from '@clubs/shared';
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
});
