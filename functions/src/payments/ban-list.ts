/**
 * Bans follow the payer, not the account: when a person is banned, the e-mail addresses and card
 * fingerprints they are known to pay with go on the club's ban list (their profile's address, and
 * what Stripe holds: their customer's address and default card, their membership's card), and a
 * new membership subscription paid with an address or card on it is refused (cancelled, its
 * payments refunded with the application fee, the pending membership ended) and so is a checkout
 * started by an account whose address is on it.
 */
import type Stripe from 'stripe';
import { type BanMatch, clubHasBanMatches, findBanMatch } from '../data/repositories/ban-matches.ts';
import { getSubscriptionRecord, getUserBilling } from '../data/repositories/billing.ts';
import { getProfile } from '../data/repositories/profiles.ts';
import { logger } from '../logger.ts';
import { type StripeApi, stripeClient } from '../stripe/client.ts';
import { idOf } from './metadata.ts';
import { isMissing, withStripe } from './stripe-errors.ts';

/** A card's fingerprint (null for a payment method that is not a card, or is gone). */
async function fingerprintOf(stripe: StripeApi, paymentMethodId: string | null): Promise<string | null> {
  if (!paymentMethodId) return null;
  try {
    const method = await stripe.paymentMethods.retrieve(paymentMethodId);
    return method.card?.fingerprint ?? null;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** The customer as Stripe holds them, or null when deleted or unknown. */
async function customerOf(stripe: StripeApi, customerId: string | null): Promise<Stripe.Customer | null> {
  if (!customerId) return null;
  try {
    const customer = await stripe.customers.retrieve(customerId);
    return customer.deleted ? null : customer;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/**
 * What the person is known to pay with for the club: read only (no Stripe call for someone who
 * never paid), before the ban changes anything.
 */
export async function paymentMatchesOf(clubId: string, userId: string): Promise<BanMatch[]> {
  const [profile, billing, record] = await Promise.all([
    getProfile(userId),
    getUserBilling(userId),
    getSubscriptionRecord({ kind: 'membership', clubId, userId }),
  ]);
  const matches: BanMatch[] = profile?.email ? [{ kind: 'email', value: profile.email }] : [];
  const customerId = billing.stripeCustomerId ?? record?.customerId ?? null;
  if (!customerId && !record?.subscriptionId) return matches;
  const subscriptionId = record?.subscriptionId ?? null;
  // Read before the ban changes anything: Stripe unreachable, the ban is refused whole (503).
  return withStripe('Failed to read how the member pays', async () => {
    const stripe = await stripeClient();
    const [customer, subscription] = await Promise.all([
      customerOf(stripe, customerId),
      subscriptionId ? stripe.subscriptions.retrieve(subscriptionId) : null,
    ]);
    if (customer?.email) matches.push({ kind: 'email', value: customer.email });
    const methods = new Set(
      [
        idOf(customer?.invoice_settings?.default_payment_method),
        idOf(subscription?.default_payment_method),
      ].filter((id): id is string => !!id),
    );
    for (const fingerprint of await Promise.all([...methods].map((id) => fingerprintOf(stripe, id)))) {
      if (fingerprint) matches.push({ kind: 'card', value: fingerprint });
    }
    return matches;
  });
}

/**
 * The banned person a new membership subscription's payer matches on the club's ban list, or
 * null: the address Checkout collected and the customer's, and the fingerprint of the card it is
 * paid with. A club that banned no one costs one query and no Stripe call.
 */
export async function bannedPayerOf(
  stripe: StripeApi,
  clubId: string,
  subscription: Stripe.Subscription,
  checkoutEmail: string | null,
): Promise<string | null> {
  if (!(await clubHasBanMatches(clubId))) return null;
  const [customer, fingerprint] = await Promise.all([
    customerOf(stripe, idOf(subscription.customer)),
    fingerprintOf(stripe, idOf(subscription.default_payment_method)),
  ]);
  const matches: BanMatch[] = [
    ...(checkoutEmail ? [{ kind: 'email' as const, value: checkoutEmail }] : []),
    ...(customer?.email ? [{ kind: 'email' as const, value: customer.email }] : []),
    ...(fingerprint ? [{ kind: 'card' as const, value: fingerprint }] : []),
  ];
  return findBanMatch(clubId, matches);
}

/**
 * Refunds what a refused subscription was charged (its paid invoices' payments), the application
 * fee and the transfer to the club's owner with it; a payment refunded before is left as it is.
 */
export async function refundSubscription(stripe: StripeApi, subscriptionId: string): Promise<void> {
  const invoices = await stripe.invoices.list({ subscription: subscriptionId, status: 'paid', limit: 10 });
  for (const invoice of invoices.data) {
    if (!invoice.id || invoice.amount_paid <= 0) continue;
    const payments = await stripe.invoicePayments.list({ invoice: invoice.id, limit: 10 });
    for (const payment of payments.data) {
      const intent = idOf(payment.payment.payment_intent);
      if (!intent) continue;
      try {
        await stripe.refunds.create(
          { payment_intent: intent, refund_application_fee: true, reverse_transfer: true },
          { idempotencyKey: `ban-refund-${intent}` },
        );
        logger.warn('refunded a payment of a banned payer', { subscriptionId, invoice: invoice.id });
      } catch (error) {
        if ((error as { code?: string }).code !== 'charge_already_refunded') throw error;
      }
    }
  }
}
