import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { createClubWithOwner, getClub } from '@clubs/functions/data/repositories/clubs';
import { EVENT_BUS } from '@clubs/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalEventBus, startEventBus } from '../../../infra/local/event-bus.ts';
import { clubFixture } from '../../support/fixtures.ts';
import { freePort } from '../global-setup.ts';

let bus: LocalEventBus;
let client: EventBridgeClient;

beforeAll(async () => {
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
    const result = await client.send(
      new PutEventsCommand({
        Entries: [
          stripeEntry('checkout.session.completed', { metadata: { kind: 'club_plan', clubId: club.id } }),
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
