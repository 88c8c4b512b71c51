/**
 * What each Stripe event type changes (the types of the event manifest, shared/src/bus/routing.ts).
 * The consumer (consumers/stripe-events.ts) has already checked the source and the livemode, and
 * applies each event once (stripe-event-once.ts). Each reads the object it acts on
 * again from Stripe, because deliveries arrive in any order and the copy in an event may be
 * older than Stripe's current state (subscription-sync.ts).
 */
import type { DetailTypeOf } from '@clubs/shared';
import { changeOutbox } from '../bus/change-events.ts';
import { countStats } from '../data/club-stats.ts';
import { figure, platformRevenueActions } from '../data/platform-figures.ts';
import { saveConnectState } from '../data/repositories/billing.ts';
import { logger } from '../logger.ts';
import { stripeClient } from '../stripe/client.ts';
import { idOf, readMetadata } from './metadata.ts';
import { chargeRefunded } from './refunds.ts';
import type { StripeEventLike } from './stripe-event.ts';
import { syncSubscriptionById } from './subscription-sync.ts';

/**
 * checkout.session.completed: a Checkout Session of the app's (creator plan or membership)
 * finished; its subscription is read and takes effect (subscription-sync.ts).
 */
async function checkoutCompleted(event: StripeEventLike): Promise<void> {
  const session = event.data.object;
  const metadata = readMetadata(session.metadata);
  if (!metadata) {
    logger.info('checkout that is not one of ours', { id: event.id });
    return;
  }
  if (session.mode !== 'subscription' || session.status !== 'complete') {
    logger.info('checkout without a subscription to start', { id: event.id, mode: session.mode });
    return;
  }
  const subscriptionId = idOf(session.subscription);
  if (!subscriptionId) {
    logger.warn('completed checkout without a subscription', { id: event.id });
    return;
  }
  const details = session.customer_details as { email?: unknown } | null | undefined;
  const outcome = await syncSubscriptionById(subscriptionId, {
    completedCheckout: true,
    // The address the payer gave at checkout: a ban of the club is matched on it too.
    checkoutEmail: typeof details?.email === 'string' ? details.email : null,
  });
  logger.info('checkout completed', { id: event.id, kind: metadata.kind, clubId: metadata.clubId, outcome });
}

/** customer.subscription.updated / deleted: the subscription's current state takes effect. */
async function subscriptionChanged(event: StripeEventLike): Promise<void> {
  const subscriptionId = idOf(event.data.object.id);
  if (!subscriptionId || !readMetadata(event.data.object.metadata)) {
    logger.info('subscription that is not one of ours', { id: event.id });
    return;
  }
  const outcome = await syncSubscriptionById(subscriptionId, { completedCheckout: false });
  logger.info('subscription synced', { id: event.id, type: event.type, subscriptionId, outcome });
}

/** The subscription an invoice belongs to (API versions since 2025-03-31 name it under parent). */
export function invoiceSubscriptionId(invoice: Record<string, unknown>): string | null {
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
  return idOf(parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
}

/**
 * invoice.paid / invoice.payment_failed: a payment changes the subscription's status (a failed
 * renewal makes it past_due, a paid one active again); its current state takes effect.
 */
async function invoiceSettled(event: StripeEventLike): Promise<void> {
  const subscriptionId = invoiceSubscriptionId(event.data.object);
  if (!subscriptionId) {
    logger.info('invoice without a subscription', { id: event.id });
    return;
  }
  if (event.type === 'invoice.paid') await countMembershipRevenue(event.data.object);
  const outcome = await syncSubscriptionById(subscriptionId, { completedCheckout: false });
  logger.info('invoice synced', { id: event.id, type: event.type, subscriptionId, outcome });
}

/**
 * A paid invoice of a membership is the club's revenue of the day it was paid, in its currency's
 * minor units (the event runs once: the dispatcher claimed its id). A paid invoice's amount never
 * changes, so the event's copy is read.
 */
async function countMembershipRevenue(invoice: Record<string, unknown>): Promise<void> {
  const parent = invoice.parent as { subscription_details?: { metadata?: unknown } } | null | undefined;
  const metadata = readMetadata(parent?.subscription_details?.metadata ?? invoice.subscription_details);
  const amount = typeof invoice.amount_paid === 'number' ? invoice.amount_paid : 0;
  if (metadata?.kind !== 'membership' || amount <= 0) return;
  const paidAt = (invoice.status_transitions as { paid_at?: unknown } | undefined)?.paid_at;
  const at = typeof paidAt === 'number' ? new Date(paidAt * 1000) : new Date();
  // The platform's application fee on it is the platform's fee revenue of that day.
  const fee = typeof invoice.application_fee_amount === 'number' ? invoice.application_fee_amount : 0;
  const currency = typeof invoice.currency === 'string' ? invoice.currency : '';
  const platform = fee > 0 && currency ? { [figure.fees(currency)]: fee } : {};
  // The member's payment is announced with its count, in one transaction (the club's webhooks).
  const invoiceId = idOf(invoice.id);
  const paid = invoiceId
    ? changeOutbox(
        {
          type: 'membership.paid',
          clubId: metadata.clubId,
          actorId: metadata.userId,
          memberId: metadata.userId,
          invoiceId,
          amount,
          currency,
        },
        at,
      )
    : [];
  await countStats(metadata.clubId, at, { revenue: amount }, [
    ...platformRevenueActions(metadata.clubId, at, platform),
    ...paid,
  ]);
}

/** account.updated: a connected account's onboarding state, read again from Stripe. */
async function accountUpdated(event: StripeEventLike): Promise<void> {
  const accountId = idOf(event.data.object.id);
  const userId = (event.data.object.metadata as Record<string, unknown> | undefined)?.userId;
  if (!accountId || typeof userId !== 'string' || !userId) {
    logger.info('account that is not one of ours', { id: event.id });
    return;
  }
  const stripe = await stripeClient();
  const account = await stripe.accounts.retrieve(accountId);
  const saved = await saveConnectState(userId, account.id, {
    detailsSubmitted: account.details_submitted === true,
    chargesEnabled: account.charges_enabled === true,
    payoutsEnabled: account.payouts_enabled === true,
  });
  if (!saved) logger.warn('account.updated for an account the person does not have', { accountId });
}

export const stripeEventHandlers: {
  [Type in DetailTypeOf<'stripe-events'>]: (event: StripeEventLike) => Promise<void>;
} = {
  'checkout.session.completed': checkoutCompleted,
  'customer.subscription.updated': subscriptionChanged,
  'customer.subscription.deleted': subscriptionChanged,
  'invoice.paid': invoiceSettled,
  'invoice.payment_failed': invoiceSettled,
  'account.updated': accountUpdated,
  'charge.refunded': chargeRefunded,
  'refund.created': chargeRefunded,
};
