/**
 * Stripe Connect Express onboarding of a club owner (the club settings' Payments tab).
 * One connected account per person, whichever of their clubs it was started from; its
 * onboarding state is stored from account.updated events and refreshed whenever it is shown.
 */
import type { ConnectStatus } from '@clubs/shared';
import type Stripe from 'stripe';
import type { Caller } from '../caller.ts';
import { getUserBilling, saveConnectAccount, saveConnectState } from '../data/repositories/billing.ts';
import { AppError } from '../errors.ts';
import { stripeClient } from '../stripe/client.ts';
import { siteUrl } from '../stripe/config.ts';
import { withStripe } from './stripe-errors.ts';

const stateOf = (account: Stripe.Account) => ({
  detailsSubmitted: account.details_submitted === true,
  chargesEnabled: account.charges_enabled === true,
  payoutsEnabled: account.payouts_enabled === true,
});

/**
 * A link to Stripe: onboarding (account_onboarding) while details are missing, else the
 * Express dashboard. The account is created on the first call.
 */
export async function startConnectOnboarding(auth: Caller, clubId: string): Promise<{ url: string }> {
  return withStripe('Failed to set up Stripe Connect', async () => {
    const stripe = await stripeClient();
    const billing = await getUserBilling(auth.userId);
    let accountId = billing.connectAccountId;
    if (!accountId) {
      const created = await stripe.accounts.create(
        {
          type: 'express',
          ...(auth.email ? { email: auth.email } : {}),
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata: { userId: auth.userId },
        },
        // A double click makes one account.
        { idempotencyKey: `connect-account-${auth.userId}` },
      );
      accountId = await saveConnectAccount(auth.userId, created.id);
    }
    const account = await stripe.accounts.retrieve(accountId);
    await saveConnectState(auth.userId, accountId, stateOf(account));
    const back = `${siteUrl()}/club-settings/${encodeURIComponent(clubId)}?tab=payments`;
    if (account.details_submitted) {
      const login = await stripe.accounts.createLoginLink(accountId);
      return { url: login.url };
    }
    const link = await stripe.accountLinks.create({
      account: accountId,
      type: 'account_onboarding',
      refresh_url: `${back}&onboarding=refresh`,
      return_url: `${back}&onboarding=return`,
    });
    if (!link.url) throw new AppError('unavailable', 'No onboarding URL returned');
    return { url: link.url };
  });
}

/** The owner's account as Stripe reports it now (and stored, for the paid-join check). */
export async function connectStatus(auth: Caller): Promise<ConnectStatus> {
  const billing = await getUserBilling(auth.userId);
  const accountId = billing.connectAccountId;
  if (!accountId) {
    return { accountId: null, detailsSubmitted: false, chargesEnabled: false, payoutsEnabled: false };
  }
  return withStripe('Failed to load the payment settings', async () => {
    const stripe = await stripeClient();
    const account = await stripe.accounts.retrieve(accountId);
    const state = stateOf(account);
    await saveConnectState(auth.userId, accountId, state);
    return { accountId, ...state };
  });
}
