/**
 * Membership pricing with members already in the club, against DynamoDB Local and the Stripe
 * simulator through the real `stripe` SDK: a new price is a new Stripe Price for new members while
 * existing subscriptions keep theirs; paid to free keeps the members and cancels their
 * subscriptions at the end of the paid period (and the membership outlives it); free to paid
 * keeps existing members free.
 */
import { getSubscriptionRecord } from '@clubs/functions/data/repositories/billing';
import { createClubWithOwner, getClub } from '@clubs/functions/data/repositories/clubs';
import { getMembership } from '@clubs/functions/data/repositories/memberships';
import { handler as memberships } from '@clubs/functions/routes/memberships';
import { handler as payments } from '@clubs/functions/routes/payments';
import type { Club } from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { clubFixture } from '../support/fixtures.ts';
import { addMember } from '../support/members.ts';
import { call, deliver, paidClubs, sessionIdOf, useTestStripe } from '../support/paid-clubs.ts';
import { ofType } from '../support/stripe.ts';

const stripe = useTestStripe();
const { sim, paidClub, paidMember, onboardedOwner } = paidClubs(stripe);

const setPricing = (ownerId: string, clubId: string, body: Record<string, unknown>) =>
  call<Club & { error?: { code: string } }>(payments, 'updateMembershipPricing', ownerId, {
    params: { clubId },
    body,
  });

/** The pricing form's body: paid at a monthly price (in the club's currency unless given), or free. */
const paid = (monthlyPrice: number, currency?: string) => ({
  model: 'paid',
  monthlyPrice,
  freeTrial: false,
  ...(currency ? { currency } : {}),
});
const FREE = { model: 'free', monthlyPrice: 0, freeTrial: false };

const priceOf = async (subscriptionId: string) => {
  const sub = await stripe().stripe.subscriptions.retrieve(subscriptionId);
  const price = sub.items.data[0]?.price;
  return { id: price?.id, amount: price?.unit_amount, currency: price?.currency, sub };
};

describe('a price change with members in the club', () => {
  it('makes a new Price for new members; the existing subscription keeps its Price and amount', async () => {
    const { club, ownerId } = await paidClub({ price: 12.5, currency: 'EUR', trialPeriod: 0 });
    const early = await paidMember(club.id);
    const before = await priceOf(early.subscriptionId);
    expect(before).toMatchObject({ amount: 1250, currency: 'eur' });

    const res = await setPricing(ownerId, club.id, paid(20, 'EUR'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ price: 20, currency: 'EUR' });

    const late = await paidMember(club.id);
    const after = await priceOf(late.subscriptionId);
    expect(after).toMatchObject({ amount: 2000, currency: 'eur' });
    expect(after.id).not.toBe(before.id);
    // Same product: one club membership, two prices.
    const [oldPrice, newPrice] = await Promise.all([
      stripe().stripe.prices.retrieve(before.id ?? ''),
      stripe().stripe.prices.retrieve(after.id ?? ''),
    ]);
    expect(newPrice.product).toBe(oldPrice.product);
    expect(await priceOf(early.subscriptionId)).toMatchObject({ id: before.id, amount: 1250 });
  });

  it('paid to free: members stay, subscriptions cancel at period end, and the membership outlives them', async () => {
    const { club, ownerId } = await paidClub({ price: 8, currency: 'USD', trialPeriod: 0 });
    const member = await paidMember(club.id);
    stripe().takeEvents();

    const res = await setPricing(ownerId, club.id, FREE);
    expect(res.status).toBe(200);
    expect(res.body.price).toBe(0);
    const { sub } = await priceOf(member.subscriptionId);
    expect(sub).toMatchObject({ status: 'active', cancel_at_period_end: true });
    for (const event of stripe().takeEvents()) await deliver(event);
    expect(await getMembership(club.id, member.memberId)).toMatchObject({ status: 'active' });

    // The paid period ends: Stripe ends the subscription instead of renewing it.
    sim().renew(member.subscriptionId);
    const ended = stripe().takeEvents();
    expect(ofType(ended, 'customer.subscription.deleted')).toBeTruthy();
    for (const event of ended) await deliver(event);
    expect(
      (await getSubscriptionRecord({ kind: 'membership', clubId: club.id, userId: member.memberId }))?.status,
    ).toBe('canceled');
    expect(await getMembership(club.id, member.memberId)).toMatchObject({ status: 'active' });
    expect((await getClub(club.id))?.memberCount).toBe(2);
  });

  it('free to paid: existing members stay free; a new person has to check out at the new price', async () => {
    const { ownerId } = await onboardedOwner();
    const { club } = await createClubWithOwner(clubFixture({ ownerId, price: 0, status: 'active' }));
    const freeMember = ulid();
    await addMember(club.id, { userId: freeMember });

    const res = await setPricing(ownerId, club.id, paid(15, 'USD'));
    expect(res.status).toBe(200);
    expect(await getMembership(club.id, freeMember)).toMatchObject({ status: 'active' });
    expect(
      await getSubscriptionRecord({ kind: 'membership', clubId: club.id, userId: freeMember }),
    ).toBeNull();

    const newcomer = ulid();
    const join = await call(memberships, 'requestMembership', newcomer, { params: { clubId: club.id } });
    expect(join.status).toBe(409);
    const checkout = await call<{ url: string }>(payments, 'createMembershipCheckout', newcomer, {
      params: { clubId: club.id },
    });
    expect(checkout.status).toBe(200);
    const session = await stripe().stripe.checkout.sessions.retrieve(sessionIdOf(checkout.body.url));
    expect(session).toMatchObject({ amount_subtotal: 1500, currency: 'usd' });
  });

  it('refuses anyone but the owner and a price under the minimum, changing nothing at Stripe or in the club', async () => {
    const { club, ownerId } = await paidClub({ price: 8, currency: 'USD', trialPeriod: 0 });
    const member = await paidMember(club.id);
    const other = await setPricing(member.memberId, club.id, FREE);
    expect(other.status).toBe(404);
    const cheap = await setPricing(ownerId, club.id, paid(0.1));
    expect(cheap.status).toBe(400);
    expect((await getClub(club.id))?.price).toBe(8);
    expect((await priceOf(member.subscriptionId)).sub.cancel_at_period_end).toBe(false);
  });
});
