/**
 * Money fixtures for the races and faults: a paid club whose owner finished Connect onboarding
 * on the simulator, a member checkout paid there, its events signed as Stripe signs them, and
 * the local event bus that carries them from the webhook to the stripe-events handler.
 */
import { saveConnectAccount, saveConnectState } from '@clubs/functions/data/repositories/billing';
import { createClubWithOwner } from '@clubs/functions/data/repositories/clubs';
import type { StripeObject } from '@clubs/infra/local/stripe-simulator/store.ts';
import { signatureHeader } from '@clubs/infra/local/stripe-simulator/webhooks.ts';
import { clubFixture } from '../../support/fixtures.ts';
import { TEST_WEBHOOK_SECRET } from '../../support/stripe.ts';
import { type Person, signedPerson, type World } from './world.ts';

export async function paidClub(world: World): Promise<{ clubId: string; owner: Person }> {
  const owner = signedPerson('paid-owner');
  const account = world.stripe.server.simulator.seedOnboardedAccount({
    email: owner.email,
    userId: owner.id,
  });
  await saveConnectAccount(owner.id, account.id);
  await saveConnectState(owner.id, account.id, {
    detailsSubmitted: true,
    chargesEnabled: true,
    payoutsEnabled: true,
  });
  const { club } = await createClubWithOwner(
    clubFixture({ ownerId: owner.id, price: 12.5, currency: 'EUR', trialPeriod: 0, status: 'active' }),
  );
  return { clubId: club.id, owner };
}

/** A member checkout, opened through the API and paid on the simulator: the events it caused. */
export async function payMembership(world: World, clubId: string, member: Person): Promise<StripeObject[]> {
  const answer = await world.call(member, {
    method: 'POST',
    path: `/api/clubs/${clubId}/membership-checkout`,
  });
  if (answer.status !== 200) throw new Error(`membership checkout: ${answer.status} ${answer.text}`);
  world.stripe.takeEvents();
  const url = (answer.json as { url: string }).url;
  world.stripe.server.simulator.payCheckout(url.split('/').pop() as string);
  return world.stripe.takeEvents();
}

export const eventOfType = (events: StripeObject[], type: string): StripeObject => {
  const found = events.find((event) => event.type === type);
  if (!found) throw new Error(`no ${type} among ${events.map((e) => e.type).join(', ')}`);
  return found;
};

/** Stripe's delivery of one event to the webhook route, signed with the webhook secret. */
export function deliverWebhook(world: World, event: StripeObject) {
  const body = JSON.stringify(event);
  return world.call('anonymous', {
    method: 'POST',
    path: '/api/webhooks/stripe',
    body,
    headers: { 'stripe-signature': signatureHeader(body, TEST_WEBHOOK_SECRET) },
  });
}
