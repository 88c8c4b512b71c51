/**
 * Payments and refunds, in Stripe's shapes: a paid invoice with an amount is paid by a charge of
 * its own payment intent, linked to the invoice by an invoice payment (API versions since
 * 2025-03-31 link them only that way), with the application fee the platform took as its own
 * object. POST /v1/refunds refunds a charge (by `charge` or `payment_intent`), all of what is left
 * or `amount` of it, and the application fee in proportion when `refund_application_fee` is true;
 * it emits `refund.created` and `charge.refunded` with the charge as it now stands.
 */
import type { SimulatorContext } from './context.ts';
import { invalid, missing, StripeApiError } from './errors.ts';
import { type FormObject, read } from './form.ts';
import { newId, now, type StripeObject } from './store.ts';

/** The charge, its payment intent's id, its application fee and invoice payment of a paid invoice. */
export function chargeInvoice(
  ctx: SimulatorContext,
  invoice: StripeObject,
  destination: string | null,
): void {
  const amount = Number(invoice.amount_paid);
  if (!(amount > 0)) return;
  const created = now();
  const chargeId = newId('ch');
  const paymentIntent = newId('pi');
  const feeAmount =
    typeof invoice.application_fee_amount === 'number' ? invoice.application_fee_amount : null;
  const fee = feeAmount
    ? ctx.store.put({
        id: newId('fee'),
        object: 'application_fee',
        account: destination,
        amount: feeAmount,
        amount_refunded: 0,
        charge: chargeId,
        created,
        currency: invoice.currency,
        livemode: false,
        refunded: false,
      })
    : null;
  ctx.store.put({
    id: chargeId,
    object: 'charge',
    amount,
    amount_captured: amount,
    amount_refunded: 0,
    application_fee: fee?.id ?? null,
    application_fee_amount: feeAmount,
    captured: true,
    created,
    currency: invoice.currency,
    customer: invoice.customer,
    description: 'Subscription payment',
    livemode: false,
    metadata: {},
    paid: true,
    payment_intent: paymentIntent,
    refunded: false,
    status: 'succeeded',
    transfer_data: destination ? { amount: null, destination } : null,
  });
  ctx.store.put({
    id: newId('inpay'),
    object: 'invoice_payment',
    amount_paid: amount,
    amount_requested: amount,
    created,
    currency: invoice.currency,
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: paymentIntent, charge: chargeId },
    status: 'paid',
    status_transitions: { canceled_at: null, paid_at: created },
  });
}

/** POST /v1/refunds. */
export function createRefund(ctx: SimulatorContext, form: FormObject): StripeObject {
  const chargeId = read.string(form.charge);
  const intent = read.string(form.payment_intent);
  if (!chargeId && !intent) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'One of the following params should be provided for this request: payment_intent or charge.',
      'parameter_missing',
    );
  }
  const charge = chargeId
    ? ctx.store.get(chargeId, 'charge')
    : ctx.store.all('charge', (c) => c.payment_intent === intent)[0];
  if (!charge)
    throw chargeId
      ? missing('charge', chargeId, 'charge')
      : missing('payment_intent', intent as string, 'payment_intent');
  const left = Number(charge.amount) - Number(charge.amount_refunded);
  if (left <= 0) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `Charge ${charge.id} has already been refunded.`,
      'charge_already_refunded',
    );
  }
  const amount = form.amount === undefined ? left : read.integer(form.amount);
  if (amount === undefined || amount <= 0) throw invalid('Invalid positive integer', 'amount');
  if (amount > left) {
    throw invalid(
      `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
      'amount',
    );
  }
  const refund = ctx.store.put({
    id: newId('re'),
    object: 'refund',
    amount,
    balance_transaction: null,
    charge: charge.id,
    created: now(),
    currency: charge.currency,
    metadata: read.metadata(form.metadata),
    payment_intent: charge.payment_intent,
    reason: read.string(form.reason) ?? null,
    status: 'succeeded',
  });
  const refunded = Number(charge.amount_refunded) + amount;
  const updated = ctx.store.put({
    ...charge,
    amount_refunded: refunded,
    refunded: refunded === charge.amount,
  });
  const fee = typeof charge.application_fee === 'string' ? ctx.store.get(charge.application_fee) : undefined;
  if (fee && read.boolean(form.refund_application_fee) === true) {
    // The fee's share of this refund; the last refund of the charge refunds what is left of it.
    const share =
      refunded === charge.amount
        ? Number(fee.amount) - Number(fee.amount_refunded)
        : Math.round((Number(fee.amount) * amount) / Number(charge.amount));
    const feeRefunded = Number(fee.amount_refunded) + share;
    ctx.store.put({ ...fee, amount_refunded: feeRefunded, refunded: feeRefunded === fee.amount });
  }
  ctx.webhooks.emit('refund.created', refund);
  ctx.webhooks.emit('charge.refunded', updated);
  return refund;
}
