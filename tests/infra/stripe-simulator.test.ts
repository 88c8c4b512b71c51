/**
 * The local Stripe simulator as the app uses it: through the real `stripe` SDK (parameters,
 * errors, idempotency, expand), its pages (Checkout's Pay and Cancel, onboarding links), and the
 * events it delivers, signed so that both Stripe's own verifier and the app's accept them.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { constructWebhookEvent } from '@clubs/functions/stripe/webhook-event';
import { parseForm } from '@clubs/infra/local/stripe-simulator/form.ts';
import { type StripeSimulator, startStripeSimulator } from '@clubs/infra/local/stripe-simulator/index.ts';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const KEY = 'sk_test_simulator_suite';
const SECRET = 'whsec_simulator_suite';

interface Received {
  body: string;
  signature: string;
}

let simulator: StripeSimulator;
let stripe: Stripe;
let receiver: Server;
const received: Received[] = [];
/** Answers of the webhook receiver, in order; 200 once they run out. */
const answers: number[] = [];

/** A Checkout's one line: a monthly subscription to `name` at `amount` (minor units) in `currency`. */
const monthlyLine = (currency: string, amount: number, name: string) => [
  {
    quantity: 1,
    price_data: {
      currency,
      unit_amount: amount,
      recurring: { interval: 'month' as const },
      product_data: { name },
    },
  },
];

const readAll = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

beforeAll(async () => {
  receiver = createServer(async (req, res) => {
    const body = await readAll(req);
    received.push({ body, signature: String(req.headers['stripe-signature']) });
    res.writeHead(answers.shift() ?? 200).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  simulator = await startStripeSimulator({
    port: 0,
    secretKey: KEY,
    webhookSecret: SECRET,
    webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
    retryBaseMs: 10,
  });
  stripe = new Stripe(KEY, {
    host: '127.0.0.1',
    port: simulator.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});

afterAll(async () => {
  await simulator?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

const eventsOf = (from: number) =>
  received.slice(from).map((r) => JSON.parse(r.body) as { type: string; id: string });

describe('Stripe form encoding', () => {
  it('parses bracketed keys into objects and arrays', () => {
    expect(
      parseForm(
        'line_items[0][price_data][currency]=eur&line_items[0][quantity]=1&expand[0]=customer&expand[1]=items.data.price.product&metadata[club%20id]=a%26b&mode=subscription',
      ),
    ).toEqual({
      line_items: [{ price_data: { currency: 'eur' }, quantity: '1' }],
      expand: ['customer', 'items.data.price.product'],
      metadata: { 'club id': 'a&b' },
      mode: 'subscription',
    });
  });
});

describe('the API through the stripe SDK', () => {
  it('refuses a wrong key like Stripe', async () => {
    const wrong = new Stripe('sk_test_wrong', {
      host: '127.0.0.1',
      port: simulator.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(wrong.customers.create({})).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it('answers missing objects with resource_missing and repeats an idempotent request', async () => {
    await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
    });
    const a = await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'same-key' });
    const b = await stripe.customers.create({ email: 'b@example.com' }, { idempotencyKey: 'same-key' });
    expect(b.id).toBe(a.id);
    expect(b.email).toBe('a@example.com');
  });

  it('finds the creator prices by lookup key', async () => {
    const prices = await stripe.prices.list({
      lookup_keys: ['clubs_creator_annual'],
      active: true,
      limit: 1,
    });
    expect(prices.data).toHaveLength(1);
    expect(prices.data[0]).toMatchObject({
      unit_amount: 85_200,
      currency: 'usd',
      recurring: { interval: 'year' },
    });
  });

  it('refuses a destination that cannot receive transfers, and a fee without a destination', async () => {
    const account = await stripe.accounts.create({ type: 'express', email: 'o@example.com' });
    const base = {
      mode: 'subscription' as const,
      line_items: [{ price: 'price_ClubsCreatorMonthly', quantity: 1 }],
      success_url: 'http://app.test/ok',
    };
    await expect(
      stripe.checkout.sessions.create({
        ...base,
        subscription_data: { application_fee_percent: 2.9, transfer_data: { destination: account.id } },
      }),
    ).rejects.toThrow(/capabilities enabled: transfers/);
    await expect(
      stripe.checkout.sessions.create({ ...base, subscription_data: { application_fee_percent: 2.9 } }),
    ).rejects.toThrow(/application_fee_percent/);
    simulator.simulator.completeOnboarding(account.id, false);
    const ok = await stripe.checkout.sessions.create({
      ...base,
      subscription_data: { application_fee_percent: 2.9, transfer_data: { destination: account.id } },
    });
    expect(ok.status).toBe('open');
  });
});

describe('Checkout pages and signed events', () => {
  it('Pay creates the subscription, redirects to success_url and delivers events both verifiers accept', async () => {
    const from = received.length;
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'payer@example.com',
      line_items: monthlyLine('gbp', 1200, 'Street Photography Walks membership'),
      subscription_data: { trial_period_days: 7, metadata: { kind: 'membership' } },
      metadata: { kind: 'membership' },
      success_url: 'http://app.test/done?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/back',
    });
    const page = await fetch(session.url as string);
    const html = await page.text();
    expect(html).toContain('Street Photography Walks membership');
    expect(html).toContain('£12.00');
    expect(html).toContain('7 days free');
    expect(html).toMatch(/<button[^>]*>Pay<\/button>/);
    expect(html).toMatch(/<button[^>]*>Cancel<\/button>/);

    const cancel = await fetch(`${session.url}/cancel`, { method: 'POST', redirect: 'manual' });
    expect([cancel.status, cancel.headers.get('location')]).toEqual([303, 'http://app.test/back']);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');

    answers.push(500);
    const pay = await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect([pay.status, pay.headers.get('location')]).toEqual([
      303,
      `http://app.test/done?session_id=${session.id}`,
    ]);
    await simulator.idle();

    const completed = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'no_payment_required' });
    const subscription = completed.subscription as Stripe.Subscription;
    expect(subscription).toMatchObject({
      status: 'trialing',
      metadata: { kind: 'membership' },
      currency: 'gbp',
    });
    const expanded = await stripe.subscriptions.retrieve(subscription.id, {
      expand: ['default_payment_method', 'items.data.price.product'],
    });
    expect((expanded.default_payment_method as Stripe.PaymentMethod).card?.last4).toBe('4242');
    expect((expanded.items.data[0]?.price.product as Stripe.Product | undefined)?.name).toBe(
      'Street Photography Walks membership',
    );
    const invoices = await stripe.invoices.list({ subscription: subscription.id });
    expect(invoices.data[0]).toMatchObject({
      total: 0,
      status: 'paid',
      parent: { subscription_details: { subscription: subscription.id } },
    });

    // The first delivery got a 500 and was tried again: every event arrived, each signed.
    const types = eventsOf(from).map((e) => e.type);
    expect(types[0]).toBe(types[1]);
    expect(new Set(types)).toEqual(
      new Set([
        'customer.created',
        'customer.subscription.created',
        'invoice.paid',
        'checkout.session.completed',
      ]),
    );
    for (const delivery of received.slice(from)) {
      expect(() => Stripe.webhooks.constructEvent(delivery.body, delivery.signature, SECRET)).not.toThrow();
      expect((await constructWebhookEvent(Buffer.from(delivery.body), delivery.signature, [SECRET])).ok).toBe(
        true,
      );
      expect(
        (await constructWebhookEvent(Buffer.from(delivery.body), delivery.signature, ['whsec_other'])).ok,
      ).toBe(false);
    }

    const again = await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(again.status).toBe(400);
  });

  it("Pay's card number gives the payment method's brand, last4 and a fingerprint that follows the card, not the payer", async () => {
    const cardOf = async (email: string, number?: string) => {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer_email: email,
        line_items: monthlyLine('eur', 500, 'Card club'),
        success_url: 'http://app.test/done',
        cancel_url: 'http://app.test/back',
      });
      const pay = await fetch(`${session.url}/pay`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: number === undefined ? '' : new URLSearchParams({ card_number: number }).toString(),
      });
      expect(pay.status).toBe(303);
      const completed = await stripe.checkout.sessions.retrieve(session.id, {
        expand: ['subscription.default_payment_method'],
      });
      expect(completed.customer_details?.email).toBe(email);
      const subscription = completed.subscription as Stripe.Subscription;
      return (subscription.default_payment_method as Stripe.PaymentMethod).card;
    };
    const first = await cardOf('first@example.com');
    const sameCard = await cardOf('second@example.com', '4242 4242 4242 4242');
    const other = await cardOf('third@example.com', '5555555555554444');
    expect(first).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(first?.fingerprint).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(sameCard?.fingerprint).toBe(first?.fingerprint);
    expect(other).toMatchObject({ brand: 'mastercard', last4: '4444' });
    expect(other?.fingerprint).not.toBe(first?.fingerprint);
    await simulator.idle();
  });

  it('onboarding links are single use; completing one enables the account and sends account.updated', async () => {
    const account = await stripe.accounts.create({ type: 'express', metadata: { userId: 'u1' } });
    const link = await stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      refresh_url: 'http://app.test/refresh',
      return_url: 'http://app.test/return',
    });
    const from = received.length;
    const done = await fetch(link.url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=complete',
    });
    expect(done.headers.get('location')).toBe('http://app.test/return');
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({
      charges_enabled: true,
      details_submitted: true,
      payouts_enabled: true,
    });
    await simulator.idle();
    const update = JSON.parse(received[from]?.body ?? '{}') as { type: string; account: string };
    expect(update).toMatchObject({ type: 'account.updated', account: account.id });
    const reused = await fetch(link.url, { redirect: 'manual' });
    expect(reused.headers.get('location')).toBe('http://app.test/refresh');
    const login = await stripe.accounts.createLoginLink(account.id);
    expect(login.url).toContain(`/connect/dashboard/${account.id}`);
  });
});
