/**
 * The billing page: the club's creator plan, its payment method and its invoices, read
 * from Stripe each time (the spec's mock data made real), and a Billing Portal session for card
 * changes and cancellation. Owner only.
 */
import type { Club, ClubBilling, InvoiceSummary } from '@clubs/shared';
import type Stripe from 'stripe';
import type { Caller } from '../caller.ts';
import { getSubscriptionRecord, getUserBilling } from '../data/repositories/billing.ts';
import { AppError, conflict } from '../errors.ts';
import { stripeClient } from '../stripe/client.ts';
import { siteUrl } from '../stripe/config.ts';
import { fromMinorUnits } from './money.ts';
import { portalConfigurationId } from './portal-configuration.ts';
import { isMissing, withStripe } from './stripe-errors.ts';

const INVOICES_SHOWN = 12;

const isoOf = (seconds: number | null | undefined): string | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null;

function cardOf(method: string | Stripe.PaymentMethod | null | undefined) {
  if (!method || typeof method === 'string' || !method.card) return null;
  const { brand, last4, exp_month: expMonth, exp_year: expYear } = method.card;
  return { brand, last4, expMonth, expYear };
}

function productName(price: Stripe.Price | undefined): string {
  const product = price?.product;
  if (product && typeof product === 'object' && 'name' in product && product.name) return product.name;
  return 'Community Creator Plan';
}

function invoiceSummary(invoice: Stripe.Invoice, fallbackDescription: string): InvoiceSummary {
  const currency = invoice.currency.toUpperCase();
  return {
    id: invoice.id ?? '',
    number: invoice.number ?? null,
    date: isoOf(invoice.created) ?? new Date(0).toISOString(),
    amount: fromMinorUnits(invoice.total, currency),
    currency,
    status: invoice.status ?? 'draft',
    description: invoice.description ?? invoice.lines?.data[0]?.description ?? fallbackDescription,
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
  };
}

/** The billing page of the caller's own club (the route's access declaration checked ownership). */
export async function clubBilling(club: Club): Promise<ClubBilling> {
  const clubId = club.id;
  const record = await getSubscriptionRecord({ kind: 'club_plan', clubId });
  const base = { clubId, clubName: club.name, clubStatus: club.status };
  const subscriptionId = record?.subscriptionId;
  if (!subscriptionId) {
    return { ...base, plan: null, paymentMethod: null, invoices: [], portalAvailable: false };
  }
  return withStripe('Failed to load billing information', async () => {
    const stripe = await stripeClient();
    let subscription: Stripe.Subscription;
    try {
      subscription = await stripe.subscriptions.retrieve(subscriptionId, {
        expand: ['default_payment_method', 'items.data.price.product'],
      });
    } catch (error) {
      if (!isMissing(error)) throw error;
      return { ...base, plan: null, paymentMethod: null, invoices: [], portalAvailable: false };
    }
    const item = subscription.items.data[0];
    const price = item?.price;
    const currency = (price?.currency ?? subscription.currency).toUpperCase();
    const name = productName(price);
    const customerId =
      typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;

    let paymentMethod = cardOf(subscription.default_payment_method);
    if (!paymentMethod) {
      const customer = await stripe.customers.retrieve(customerId, {
        expand: ['invoice_settings.default_payment_method'],
      });
      if (!customer.deleted) paymentMethod = cardOf(customer.invoice_settings?.default_payment_method);
    }
    const invoices = await stripe.invoices.list({ subscription: subscriptionId, limit: INVOICES_SHOWN });

    return {
      ...base,
      plan: {
        subscriptionId,
        name,
        status: subscription.status,
        interval: price?.recurring?.interval ?? 'month',
        amount: fromMinorUnits(price?.unit_amount ?? 0, currency),
        currency,
        currentPeriodEnd: isoOf(item?.current_period_end),
        trialEnd: isoOf(subscription.trial_end),
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
      },
      paymentMethod,
      invoices: invoices.data.map((invoice) => invoiceSummary(invoice, name)),
      portalAvailable: true,
    };
  });
}

/**
 * A Billing Portal session of the plan's customer, returning to the billing page, with the
 * platform's configuration (no switching to another subscription).
 */
export async function billingPortal(auth: Caller, club: Club): Promise<{ url: string }> {
  const clubId = club.id;
  const record = await getSubscriptionRecord({ kind: 'club_plan', clubId });
  const customer = record?.customerId ?? (await getUserBilling(auth.userId)).stripeCustomerId;
  if (!customer) throw conflict('This club has no plan yet, so there is nothing to manage.');
  return withStripe('Failed to open the billing portal', async () => {
    const stripe = await stripeClient();
    const session = await stripe.billingPortal.sessions.create({
      customer,
      configuration: await portalConfigurationId(stripe),
      return_url: `${siteUrl()}/communities/${encodeURIComponent(clubId)}/billing`,
    });
    if (!session.url) throw new AppError('unavailable', 'No billing portal URL returned');
    return { url: session.url };
  });
}
