/** Connect Express accounts: creation, onboarding through single-use account links, login links. */
import { retrieve, type SimulatorContext } from './context.ts';
import { invalid, missing } from './errors.ts';
import { type FormObject, read } from './form.ts';
import { newId, now, type StripeObject } from './store.ts';

export function createAccount(ctx: SimulatorContext, form: FormObject): StripeObject {
  const type = read.string(form.type) ?? 'express';
  if (type !== 'express') throw invalid('The simulator supports Express accounts only.', 'type');
  return ctx.store.put({
    id: newId('acct'),
    object: 'account',
    business_profile: { mcc: null, name: null, product_description: null, support_email: null, url: null },
    business_type: null,
    capabilities: { card_payments: 'inactive', transfers: 'inactive' },
    charges_enabled: false,
    controller: { is_controller: true, type: 'application' },
    country: read.string(form.country) ?? 'US',
    created: now(),
    default_currency: 'usd',
    details_submitted: false,
    email: read.string(form.email) ?? null,
    external_accounts: { object: 'list', data: [], has_more: false, total_count: 0, url: '' },
    metadata: read.metadata(form.metadata),
    payouts_enabled: false,
    requirements: {
      currently_due: ['business_type', 'external_account', 'tos_acceptance.date', 'tos_acceptance.ip'],
      disabled_reason: 'requirements.past_due',
      errors: [],
      eventually_due: ['business_type', 'external_account', 'tos_acceptance.date', 'tos_acceptance.ip'],
      past_due: ['business_type', 'external_account', 'tos_acceptance.date', 'tos_acceptance.ip'],
      pending_verification: [],
    },
    settings: { payouts: { schedule: { delay_days: 2, interval: 'daily' } } },
    type: 'express',
  });
}

export function updateAccount(ctx: SimulatorContext, id: string, form: FormObject): StripeObject {
  const account = retrieve(ctx, 'account', 'account', id);
  return ctx.store.put({
    ...account,
    metadata: read.metadata(form.metadata, account.metadata as Record<string, string>),
    email: read.string(form.email) ?? account.email,
  });
}

/** Onboarding finished: details submitted, charges and payouts enabled; account.updated. */
export function completeOnboarding(ctx: SimulatorContext, id: string, emit = true): StripeObject {
  const account = retrieve(ctx, 'account', 'account', id);
  const done = ctx.store.put({
    ...account,
    business_type: 'individual',
    capabilities: { card_payments: 'active', transfers: 'active' },
    charges_enabled: true,
    details_submitted: true,
    payouts_enabled: true,
    requirements: {
      currently_due: [],
      disabled_reason: null,
      errors: [],
      eventually_due: [],
      past_due: [],
      pending_verification: [],
    },
  });
  if (emit) ctx.webhooks.emit('account.updated', done, { account: id });
  return done;
}

/** Simulator only: Stripe disabled charges (say, a verification is due); account.updated. */
export function disableCharges(ctx: SimulatorContext, id: string): StripeObject {
  const account = retrieve(ctx, 'account', 'account', id);
  const disabled = ctx.store.put({
    ...account,
    capabilities: { card_payments: 'inactive', transfers: 'inactive' },
    charges_enabled: false,
    payouts_enabled: false,
    requirements: {
      ...(account.requirements as object),
      currently_due: ['individual.verification.document'],
      disabled_reason: 'requirements.past_due',
      past_due: ['individual.verification.document'],
    },
  });
  ctx.webhooks.emit('account.updated', disabled, { account: id });
  return disabled;
}

export function createAccountLink(ctx: SimulatorContext, form: FormObject): StripeObject {
  const account = read.string(form.account);
  if (!account) throw invalid('Missing required param: account.', 'account');
  retrieve(ctx, 'account', 'account', account);
  const type = read.string(form.type);
  if (type !== 'account_onboarding' && type !== 'account_update') {
    throw invalid('Invalid type: must be one of account_onboarding or account_update', 'type');
  }
  const refreshUrl = read.string(form.refresh_url);
  const returnUrl = read.string(form.return_url);
  if (!refreshUrl) throw invalid('Missing required param: refresh_url.', 'refresh_url');
  if (!returnUrl) throw invalid('Missing required param: return_url.', 'return_url');
  const token = newId('link');
  const created = now();
  ctx.store.setInternal(token, { account, refreshUrl, returnUrl, used: false, expiresAt: created + 300 });
  return {
    id: token,
    object: 'account_link',
    created,
    expires_at: created + 300,
    url: `${ctx.publicUrl}/connect/onboarding/${token}`,
  };
}

/** The onboarding page's link: single use and short lived; otherwise the refresh URL. */
export function accountLink(
  ctx: SimulatorContext,
  token: string,
): {
  account: StripeObject;
  refreshUrl: string;
  returnUrl: string;
  usable: boolean;
} {
  const link = ctx.store.internal(token);
  if (typeof link.account !== 'string') throw missing('account link', token);
  const account = retrieve(ctx, 'account', 'account', link.account);
  const usable = link.used !== true && Number(link.expiresAt) >= now();
  return { account, refreshUrl: String(link.refreshUrl), returnUrl: String(link.returnUrl), usable };
}

export function useAccountLink(ctx: SimulatorContext, token: string): void {
  ctx.store.setInternal(token, { used: true });
}

export function createLoginLink(ctx: SimulatorContext, accountId: string): StripeObject {
  const account = retrieve(ctx, 'account', 'account', accountId);
  if (account.details_submitted !== true) {
    throw invalid('Cannot create a login link for an account that has not completed onboarding.', 'account');
  }
  return {
    id: newId('ll'),
    object: 'login_link',
    created: now(),
    url: `${ctx.publicUrl}/connect/dashboard/${accountId}`,
  };
}
