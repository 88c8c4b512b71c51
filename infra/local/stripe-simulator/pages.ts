/**
 * The pages a browser sees on "Stripe": Checkout (the product, its price and trial, buttons Pay
 * and Cancel), Connect Express onboarding, the Express dashboard, the Billing Portal and a hosted
 * invoice. Each form posts back here; the answer is a 303 redirect, as Stripe's pages send the
 * browser back to the app's URLs.
 */
import { formatAmount } from './context.ts';
import { StripeApiError } from './errors.ts';
import type { Simulator } from './simulator.ts';
import type { StripeObject } from './store.ts';

export interface PageAnswer {
  status: number;
  html?: string;
  redirect?: string;
}

const html = (value: unknown): string =>
  String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const date = (seconds: unknown) =>
  typeof seconds === 'number'
    ? new Date(seconds * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })
    : '';

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(title)}</title>
<style>
  body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0; background: #f6f9fc; color: #1a1f36; }
  main { max-width: 30rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 2rem;
         box-shadow: 0 2px 12px rgba(50, 50, 93, .12); }
  .badge { display: inline-block; font-size: .75rem; font-weight: 600; background: #ffde92; color: #5d4200;
           border-radius: 4px; padding: .1rem .4rem; margin-bottom: 1rem; }
  h1 { font-size: 1.4rem; margin: .2rem 0 1rem; }
  .price { font-size: 2rem; font-weight: 700; margin: .4rem 0; }
  .muted { color: #697386; font-size: .9rem; }
  .row { display: flex; justify-content: space-between; gap: 1rem; padding: .5rem 0; border-bottom: 1px solid #e3e8ee; }
  label { display: block; font-size: .85rem; color: #3c4257; margin: 1rem 0 .3rem; }
  input { width: 100%; box-sizing: border-box; padding: .6rem; border: 1px solid #cfd7df; border-radius: 6px; font-size: 1rem; }
  .actions { display: flex; gap: .75rem; margin-top: 1.5rem; flex-wrap: wrap; }
  button { font-size: 1rem; padding: .7rem 1.2rem; border-radius: 6px; border: 1px solid #cfd7df; background: #fff; cursor: pointer; }
  button.primary { background: #635bff; border-color: #635bff; color: #fff; flex: 1; }
  a { color: #635bff; }
</style>
</head>
<body><main><span class="badge">TEST MODE · local Stripe simulator</span>${body}</main></body>
</html>`;
}

function checkoutPage(sim: Simulator, id: string): PageAnswer {
  const view = sim.checkoutView(id);
  const { session } = view;
  if (session.status !== 'open') {
    return {
      status: 410,
      html: layout(
        'Checkout',
        `<h1>This checkout session is no longer available</h1><p class="muted">It was ${html(session.status === 'complete' ? 'completed' : 'expired')}.</p>`,
      ),
    };
  }
  const line = view.lines[0];
  const amount = line ? formatAmount(line.amount, line.currency) : '';
  const per = line ? `per ${line.interval}` : '';
  const trial = view.trialDays
    ? `<p><strong>${view.trialDays} days free</strong></p><p class="muted">Then ${html(amount)} ${html(per)} starting ${html(date(Math.floor(Date.now() / 1000) + view.trialDays * 86400))}.</p>`
    : '';
  const rows = view.lines
    .map(
      (l) =>
        `<div class="row"><span>${html(l.name)}</span><span>${html(formatAmount(l.amount, l.currency))} / ${html(l.interval)}</span></div>`,
    )
    .join('');
  const payee = view.payee
    ? `<p class="muted">Paid to ${html(view.payee)}${view.feePercent !== null ? ` (platform fee ${html(view.feePercent)}%)` : ''}.</p>`
    : '';
  return {
    status: 200,
    html: layout(
      `Checkout · ${line?.name ?? ''}`,
      `<p class="muted">Subscribe to</p>
<h1 data-testid="product-name">${html(line?.name ?? '')}</h1>
${line?.description ? `<p class="muted">${html(line.description)}</p>` : ''}
<p class="price" data-testid="price">${html(amount)} <span class="muted">${html(per)}</span></p>
${trial}${rows}${payee}
<form method="post" action="/checkout/${html(id)}/pay">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" value="${html(view.email ?? '')}" ${view.email ? 'readonly' : 'required'}>
  <label for="card">Card number</label>
  <input id="card" name="card_number" value="4242 4242 4242 4242" inputmode="numeric" autocomplete="off">
  <p class="muted">12/34 · 123</p>
  <div class="actions">
    <button class="primary" type="submit">Pay</button>
  </div>
</form>
<form method="post" action="/checkout/${html(id)}/cancel"><div class="actions"><button type="submit">Cancel</button></div></form>`,
    ),
  };
}

function onboardingPage(sim: Simulator, token: string): PageAnswer {
  const link = sim.accountLink(token);
  if (!link.usable) return { status: 303, redirect: link.refreshUrl };
  return {
    status: 200,
    html: layout(
      'Set up payouts',
      `<h1>Set up payouts</h1>
<p class="muted">Stripe Express onboarding for ${html(link.account.email ?? link.account.id)}. In test mode no real details are needed.</p>
<form method="post" action="/connect/onboarding/${html(token)}">
  <div class="actions">
    <button class="primary" name="action" value="complete" type="submit">Complete onboarding</button>
    <button name="action" value="later" type="submit">Save and return later</button>
  </div>
</form>`,
    ),
  };
}

function dashboardPage(sim: Simulator, accountId: string): PageAnswer {
  const account = sim.retrieve('account', 'account', accountId);
  return {
    status: 200,
    html: layout(
      'Express dashboard',
      `<h1>Express dashboard</h1>
<div class="row"><span>Account</span><span>${html(account.id)}</span></div>
<div class="row"><span>Charges</span><span>${account.charges_enabled ? 'enabled' : 'disabled'}</span></div>
<div class="row"><span>Payouts</span><span>${account.payouts_enabled ? 'enabled' : 'disabled'}</span></div>
<p class="muted">Close this tab to return to Clubs.</p>`,
    ),
  };
}

function portalPage(sim: Simulator, id: string): PageAnswer {
  const session = sim.retrieve('billing portal session', 'billing_portal.session', id);
  const subscriptions = sim.store.all(
    'subscription',
    (s) => s.customer === session.customer && s.status !== 'canceled',
  );
  const customer = sim.retrieve('customer', 'customer', String(session.customer));
  const blocks = subscriptions
    .map((subscription) => {
      const item = (
        subscription.items as { data: Array<{ price: StripeObject; current_period_end: number }> }
      ).data[0];
      const price = item?.price;
      const product = price ? sim.store.get(String(price.product), 'product') : undefined;
      const method = sim.store.get(String(subscription.default_payment_method), 'payment_method');
      const card = method?.card as
        | { brand: string; last4: string; exp_month: number; exp_year: number }
        | undefined;
      const ends = subscription.cancel_at_period_end
        ? `Cancels on ${date(item?.current_period_end)}`
        : `Renews on ${date(item?.current_period_end)}`;
      const toggle = subscription.cancel_at_period_end
        ? `<button name="action" value="resume" type="submit">Renew plan</button>`
        : `<button name="action" value="cancel" type="submit">Cancel plan</button>`;
      return `<section>
<h1>${html(product?.name ?? 'Subscription')}</h1>
<p class="price">${price ? html(formatAmount(Number(price.unit_amount), String(price.currency))) : ''} <span class="muted">per ${html((price?.recurring as { interval?: string } | undefined)?.interval ?? 'month')}</span></p>
<p class="muted">${html(subscription.status)} · ${html(ends)}</p>
${card ? `<div class="row"><span>Payment method</span><span>${html(card.brand)} •••• ${html(card.last4)} · ${html(card.exp_month)}/${html(card.exp_year)}</span></div>` : ''}
<form method="post" action="/portal/${html(id)}">
  <input type="hidden" name="subscription" value="${html(subscription.id)}">
  <div class="actions">
    ${toggle}
    <button name="action" value="cancel_now" type="submit">Cancel immediately</button>
    <button name="action" value="card" type="submit">Update payment method</button>
  </div>
</form></section>`;
    })
    .join('');
  return {
    status: 200,
    html: layout(
      'Billing',
      `<p class="muted">${html(customer.email ?? customer.id)}</p>
${blocks || '<p>No current subscriptions.</p>'}
<p><a href="${html(session.return_url ?? '/')}">Return to Clubs</a></p>`,
    ),
  };
}

function invoicePage(sim: Simulator, id: string): PageAnswer {
  const invoice = sim.retrieve('invoice', 'invoice', id);
  const lines = (invoice.lines as { data: Array<{ description: string; amount: number; currency: string }> })
    .data;
  return {
    status: 200,
    html: layout(
      `Invoice ${String(invoice.number)}`,
      `<h1>Invoice ${html(invoice.number)}</h1>
<p class="muted">${html(date(invoice.created))} · ${html(invoice.status)}</p>
${lines.map((l) => `<div class="row"><span>${html(l.description)}</span><span>${html(formatAmount(l.amount, l.currency))}</span></div>`).join('')}
<div class="row"><strong>Total</strong><strong>${html(formatAmount(Number(invoice.total), String(invoice.currency)))}</strong></div>`,
    ),
  };
}

/** Answers a page request; null when the path is not a page. */
export function answerPage(
  sim: Simulator,
  method: string,
  path: string,
  form: Record<string, unknown>,
): PageAnswer | null {
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  try {
    const [area, id, action] = parts;
    if (area === 'checkout' && id) {
      if (method === 'GET' && !action) return checkoutPage(sim, id);
      if (method === 'POST' && action === 'pay') {
        const email = typeof form.email === 'string' ? form.email : undefined;
        const card = typeof form.card_number === 'string' ? form.card_number : undefined;
        return { status: 303, redirect: sim.payCheckout(id, email, card) };
      }
      if (method === 'POST' && action === 'cancel') return { status: 303, redirect: sim.cancelCheckout(id) };
    }
    if (area === 'connect' && id === 'onboarding' && action) {
      if (method === 'GET') return onboardingPage(sim, action);
      if (method === 'POST') {
        const link = sim.accountLink(action);
        if (!link.usable) return { status: 303, redirect: link.refreshUrl };
        sim.useAccountLink(action);
        if (form.action === 'complete') sim.completeOnboarding(link.account.id);
        return { status: 303, redirect: link.returnUrl };
      }
    }
    if (area === 'connect' && id === 'dashboard' && action && method === 'GET')
      return dashboardPage(sim, action);
    if (area === 'portal' && id) {
      if (method === 'GET') return portalPage(sim, id);
      if (method === 'POST') {
        const subscription = typeof form.subscription === 'string' ? form.subscription : '';
        const session = sim.retrieve('billing portal session', 'billing_portal.session', id);
        const owned = sim.store.get(subscription, 'subscription');
        if (!owned || owned.customer !== session.customer)
          throw new StripeApiError(404, 'invalid_request_error', 'No such subscription');
        if (form.action === 'cancel') sim.updateSubscription(subscription, { cancel_at_period_end: 'true' });
        else if (form.action === 'resume')
          sim.updateSubscription(subscription, { cancel_at_period_end: 'false' });
        else if (form.action === 'cancel_now') sim.cancelSubscription(subscription);
        else if (form.action === 'card') sim.replaceCard(subscription);
        return { status: 303, redirect: `/portal/${id}` };
      }
    }
    if (area === 'invoices' && id && method === 'GET') return invoicePage(sim, id);
  } catch (error) {
    if (error instanceof StripeApiError) {
      return {
        status: error.status,
        html: layout('Stripe', `<h1>Something went wrong</h1><p>${html(error.message)}</p>`),
      };
    }
    throw error;
  }
  return null;
}
