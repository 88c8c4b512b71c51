/**
 * The Club Creator plan: $88 a month, or $71 a month billed
 * annually ($852 a year, save 20%), a 7-day free trial and a 2.9% fee on member charges. The
 * monthly/annual toggle only changes what is shown; the plan is chosen at checkout.
 */
import { CREATOR_PLAN, planPrice, TRANSACTION_FEE_PERCENT } from '@clubs/shared';
import { useState } from 'react';
import { LinkButton, PlainBadge, PlainButton } from './amplify-look.tsx';

export type BillingPeriod = 'monthly' | 'annual';

const PERIODS: readonly (readonly [BillingPeriod, string])[] = [
  ['monthly', 'Monthly'],
  ['annual', 'Annual'],
];

export const PLAN_FEATURES = [
  'Salon: a discussion forum for your members',
  'Masterclasses: courses with video and rich content',
  'Circle Members: a directory with member profiles',
  'Soirees: events with RSVP management',
  'Member analytics',
  'Email updates and announcements',
  'A mobile-optimised experience',
  'Unlimited members',
] as const;

export function PricingCard({
  headingLevel = 3,
  cta = { to: '/register', label: `Start Your ${CREATOR_PLAN.trialDays}-Day Free Trial` },
}: {
  headingLevel?: 2 | 3;
  cta?: { to: string; label: string };
}) {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const annual = period === 'annual';
  const perMonth = annual ? CREATOR_PLAN.annualMonthlyPrice : CREATOR_PLAN.monthlyPrice;
  return (
    <article className="clubs-plan" aria-labelledby="plan-title">
      <div className="clubs-plan__top">
        <Heading id="plan-title" className="clubs-plan__title">
          Club Creator
        </Heading>
        {/* Amplify's ToggleButtonGroup (exclusive, one always pressed) as the elements it draws. */}
        {/* biome-ignore lint/a11y/useSemanticElements: Amplify's group markup, which its stylesheet styles (a fieldset brings a border and a legend) */}
        <div className="amplify-flex amplify-togglebuttongroup" role="group" aria-label="Billing period">
          {PERIODS.map(([value, label]) => (
            <PlainButton
              key={value}
              size="small"
              className={
                period === value
                  ? 'amplify-togglebutton amplify-togglebutton--pressed'
                  : 'amplify-togglebutton'
              }
              aria-pressed={period === value}
              onClick={() => setPeriod(value)}
            >
              {label}
            </PlainButton>
          ))}
        </div>
      </div>
      <p className="clubs-plan__price" aria-live="polite">
        <span className="clubs-plan__amount">{planPrice(perMonth)}</span>
        <span className="clubs-plan__unit">/month</span>
        {annual ? (
          <PlainBadge variation="success" className="clubs-plan__save">
            Save {CREATOR_PLAN.annualSavingPercent}%
          </PlainBadge>
        ) : null}
      </p>
      <p className="clubs-plan__billing">
        {annual
          ? `Billed annually: ${planPrice(CREATOR_PLAN.annualPrice)} a year`
          : 'Billed monthly. No long-term commitment, cancel anytime.'}
      </p>
      <p className="clubs-plan__trial">
        {CREATOR_PLAN.trialDays}-day free trial · {TRANSACTION_FEE_PERCENT}% transaction fee on member
        payments
      </p>
      <ul className="clubs-plan__features">
        {PLAN_FEATURES.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <LinkButton to={cta.to} variation="primary" isFullWidth>
        {cta.label}
      </LinkButton>
    </article>
  );
}
