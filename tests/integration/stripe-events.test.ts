import { createClubWithOwner, getClub } from '@clubs/functions/data/repositories/clubs';
import { handler } from '@clubs/functions/handlers/stripe-events';
import { EVENT_BUS } from '@clubs/shared';
import type { EventBridgeEvent } from 'aws-lambda';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { clubFixture } from '../support/fixtures.ts';

function busEvent(
  type: string,
  object: Record<string, unknown>,
  overrides: { id?: string; livemode?: boolean } = {},
) {
  const detail = {
    id: overrides.id ?? `evt_${ulid()}`,
    type,
    livemode: overrides.livemode ?? false,
    data: { object },
  };
  return {
    version: '0',
    id: ulid(),
    'detail-type': type,
    source: EVENT_BUS.stripeSource,
    account: '000000000000',
    time: new Date().toISOString(),
    region: 'us-east-1',
    resources: [],
    detail,
  } as EventBridgeEvent<string, typeof detail>;
}

describe('Stripe events from the bus', () => {
  it('activates an unpaid club once when the same event arrives five times at once', async () => {
    const { club } = await createClubWithOwner(clubFixture({ status: 'unpaid' }));
    const event = busEvent('checkout.session.completed', {
      id: 'cs_test_1',
      object: 'checkout.session',
      metadata: { kind: 'club_plan', clubId: club.id },
    });
    const results = await Promise.all(Array.from({ length: 5 }, () => handler(event)));
    expect(results.filter((r) => r.status === 'processed')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'duplicate')).toHaveLength(4);
    expect((await getClub(club.id))?.status).toBe('active');
  });

  it('ignores livemode mismatches and unknown types without changing anything', async () => {
    const { club } = await createClubWithOwner(clubFixture({ status: 'unpaid' }));
    const object = { metadata: { kind: 'club_plan', clubId: club.id } };
    expect(await handler(busEvent('checkout.session.completed', object, { livemode: true }))).toEqual({
      status: 'ignored',
    });
    expect(await handler(busEvent('charge.refunded', object))).toEqual({ status: 'ignored' });
    expect((await getClub(club.id))?.status).toBe('unpaid');
  });

  it('never re-activates a club that left the unpaid state', async () => {
    const { club } = await createClubWithOwner(clubFixture({ status: 'inactive' }));
    const event = busEvent('checkout.session.completed', {
      metadata: { kind: 'club_plan', clubId: club.id },
    });
    expect(await handler(event)).toEqual({ status: 'processed' });
    expect((await getClub(club.id))?.status).toBe('inactive');
  });
});
