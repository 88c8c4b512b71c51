/**
 * Invoices: each one a subscription's period, paid (by a charge, charges.ts), (a failed renewal)
 * left open, or (collection paused) voided.
 */
import { chargeInvoice } from './charges.ts';
import { formatAmount, type SimulatorContext } from './context.ts';
import { newId, now, type StripeObject } from './store.ts';

/** The subscription's next invoice: paid, or (a failed renewal) left open. */
export function createInvoice(
  ctx: SimulatorContext,
  subscription: StripeObject,
  reason: 'subscription_create' | 'subscription_cycle',
  trial: boolean,
  outcome: 'paid' | 'failed' | 'void' = 'paid',
): StripeObject {
  const items = (subscription.items as { data: Array<Record<string, unknown>> }).data;
  const created = now();
  const lines = items.map((item) => {
    const price = item.price as StripeObject;
    const product = ctx.store.get(price.product as string, 'product');
    const amount = trial ? 0 : Number(price.unit_amount) * Number(item.quantity);
    const name = String(product?.name ?? 'Subscription');
    const interval = (price.recurring as { interval: string }).interval;
    return {
      id: newId('il'),
      object: 'line_item',
      amount,
      currency: price.currency,
      description: trial
        ? `Trial period for ${name}`
        : `${String(item.quantity)} × ${name} (at ${formatAmount(Number(price.unit_amount), String(price.currency))} / ${interval})`,
      period: { start: item.current_period_start, end: item.current_period_end },
      quantity: item.quantity,
    };
  });
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const customer = ctx.store.get(subscription.customer as string, 'customer');
  const fee = subscription.application_fee_percent as number | null;
  const paid = outcome === 'paid';
  const voided = outcome === 'void';
  const id = newId('in');
  const invoice = ctx.store.put({
    id,
    object: 'invoice',
    account_country: 'US',
    amount_due: total,
    amount_paid: paid ? total : 0,
    amount_remaining: paid ? 0 : total,
    application_fee_amount: fee !== null ? Math.round((total * fee) / 100) : null,
    attempt_count: voided ? 0 : 1,
    attempted: !voided,
    billing_reason: reason,
    collection_method: 'charge_automatically',
    created,
    currency: subscription.currency,
    customer: subscription.customer,
    customer_email: customer?.email ?? null,
    description: null,
    hosted_invoice_url: `${ctx.publicUrl}/invoices/${id}`,
    invoice_pdf: null,
    lines: {
      object: 'list',
      data: lines,
      has_more: false,
      total_count: lines.length,
      url: `/v1/invoices/${id}/lines`,
    },
    livemode: false,
    metadata: {},
    number: ctx.store.nextInvoiceNumber(),
    parent: {
      quote_details: null,
      subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
      type: 'subscription_details',
    },
    period_end: created,
    period_start: created,
    status: paid ? 'paid' : voided ? 'void' : 'open',
    status_transitions: {
      finalized_at: created,
      paid_at: paid ? created : null,
      voided_at: voided ? created : null,
    },
    subtotal: total,
    total,
  });
  ctx.store.put({ ...subscription, latest_invoice: id });
  if (paid) chargeInvoice(ctx, invoice, destinationOf(subscription));
  return invoice;
}

const destinationOf = (subscription: StripeObject): string | null =>
  (subscription.transfer_data as { destination?: string } | null | undefined)?.destination ?? null;
