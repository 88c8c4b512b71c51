/** The one Stripe customer of a person, made on their first checkout and remembered. */

import type { Caller } from '../caller.ts';
import { getUserBilling, saveStripeCustomer } from '../data/repositories/billing.ts';
import type { StripeApi } from '../stripe/client.ts';

export async function customerFor(stripe: StripeApi, auth: Caller): Promise<string> {
  const billing = await getUserBilling(auth.userId);
  if (billing.stripeCustomerId) return billing.stripeCustomerId;
  const customer = await stripe.customers.create(
    {
      ...(auth.email ? { email: auth.email } : {}),
      ...(auth.name ? { name: auth.name } : {}),
      metadata: { userId: auth.userId },
    },
    // Two first checkouts at once get the same customer from Stripe.
    { idempotencyKey: `customer-${auth.userId}` },
  );
  return saveStripeCustomer(auth.userId, customer.id);
}
