/**
 * The demo data's side of Stripe, on the simulator: owners of paid clubs have finished Connect
 * onboarding (so the demo's paid clubs can be joined), and every active demo club has a paid
 * creator plan with a few months of invoices (so its billing page shows real data). Written
 * straight into the simulator (no events) and into the app's billing items, idempotently: a
 * resumed seeding finds what it made.
 */

import {
  getSubscriptionRecord,
  getUserBilling,
  saveConnectAccount,
  saveConnectState,
  saveStripeCustomer,
  saveSubscriptionState,
} from '@clubs/functions/data/repositories/billing';
import { monthlyRevenueOf } from '@clubs/functions/payments/revenue';
import type { Club } from '@clubs/shared';
import type { Simulator } from './simulator.ts';

type Owner = { id: string; name: string; email: string };

const DAY_MS = 24 * 60 * 60 * 1000;

export function demoBillingSeeder(simulator: Simulator) {
  // One owner's clubs are seeded side by side: their Stripe objects are made one at a time.
  const queues = new Map<string, Promise<void>>();
  const serially = (ownerId: string, work: () => Promise<void>) => {
    const next = (queues.get(ownerId) ?? Promise.resolve()).then(work);
    queues.set(
      ownerId,
      next.catch(() => undefined),
    );
    return next;
  };

  async function onboard(owner: Owner): Promise<void> {
    const billing = await getUserBilling(owner.id);
    if (billing.connectAccountId && simulator.store.get(billing.connectAccountId, 'account')) return;
    const account = simulator.seedOnboardedAccount({ email: owner.email, userId: owner.id });
    const accountId = await saveConnectAccount(owner.id, account.id);
    await saveConnectState(owner.id, accountId, {
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
    });
  }

  async function plan(club: Club, owner: Owner): Promise<void> {
    const target = { kind: 'club_plan', clubId: club.id } as const;
    if ((await getSubscriptionRecord(target))?.subscriptionId) return;
    const billing = await getUserBilling(owner.id);
    const known = billing.stripeCustomerId && simulator.store.get(billing.stripeCustomerId, 'customer');
    const { customer, subscription } = simulator.seedCreatorSubscription({
      ...(known ? { customerId: billing.stripeCustomerId as string } : {}),
      email: owner.email,
      name: owner.name,
      metadata: { kind: 'club_plan', clubId: club.id, userId: owner.id },
      createdDaysAgo: Math.max(1, Math.floor((Date.now() - Date.parse(club.createdAt)) / DAY_MS)),
    });
    await saveStripeCustomer(owner.id, customer.id);
    await saveSubscriptionState(
      target,
      {
        subscriptionId: subscription.id,
        customerId: customer.id,
        status: String(subscription.status),
        userId: owner.id,
        revenue: monthlyRevenueOf(subscription),
      },
      null,
    );
  }

  return (club: Club, owner: Owner): Promise<void> =>
    serially(owner.id, async () => {
      if (club.price > 0) await onboard(owner);
      if (club.status === 'active') await plan(club, owner);
    });
}
