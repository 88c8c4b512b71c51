/**
 * charge.refunded / refund.created: a refund of a membership payment. The charge is read again
 * from Stripe (how much of it and of its application fee is refunded by now), its invoice found
 * through its invoice payment (API versions since 2025-03-31 link a charge to its invoice only
 * that way) and the invoice's subscription metadata names the club; the club's and the
 * platform's figures count what was not counted yet (repositories/charge-refunds.ts).
 */
import type Stripe from 'stripe';
import { recordChargeRefunds } from '../data/repositories/charge-refunds.ts';
import { logger } from '../logger.ts';
import { stripeClient } from '../stripe/client.ts';
import { idOf, readMetadata } from './metadata.ts';
import type { StripeEventLike } from './stripe-event.ts';

/** The club whose membership the charge paid, or null when it paid something else. */
async function clubOfCharge(stripe: Stripe, charge: Stripe.Charge): Promise<string | null> {
  const intent = idOf(charge.payment_intent);
  if (!intent) return null;
  const payments = await stripe.invoicePayments.list({
    payment: { type: 'payment_intent', payment_intent: intent },
    limit: 1,
  });
  const invoiceId = idOf(payments.data[0]?.invoice);
  if (!invoiceId) return null;
  const invoice = await stripe.invoices.retrieve(invoiceId);
  const metadata = readMetadata(invoice.parent?.subscription_details?.metadata);
  return metadata?.kind === 'membership' ? metadata.clubId : null;
}

export async function chargeRefunded(event: StripeEventLike): Promise<void> {
  const object = event.data.object;
  const chargeId = event.type === 'refund.created' ? idOf(object.charge) : idOf(object.id);
  if (!chargeId) {
    logger.info('refund without a charge', { id: event.id });
    return;
  }
  const stripe = await stripeClient();
  const charge = await stripe.charges.retrieve(chargeId, { expand: ['application_fee'] });
  const clubId = await clubOfCharge(stripe, charge);
  if (!clubId) {
    logger.info('refund of a payment that is not a membership of ours', { id: event.id, chargeId });
    return;
  }
  const fee = charge.application_fee as Stripe.ApplicationFee | null;
  const counted = await recordChargeRefunds(
    {
      clubId,
      chargeId,
      currency: charge.currency,
      refunded: charge.amount_refunded,
      feeRefunded: fee && typeof fee === 'object' ? fee.amount_refunded : 0,
    },
    new Date(),
  );
  logger.info('refunds counted', { id: event.id, type: event.type, chargeId, clubId, counted });
}
