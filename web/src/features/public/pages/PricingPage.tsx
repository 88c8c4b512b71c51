/** Pricing: the Club Creator plan at $88/mo with its features, /register, an FAQ. */
import { CREATOR_PLAN, planPrice, TRANSACTION_FEE_PERCENT } from '@clubs/shared';
import { Faq } from '../../../components/public/Faq.tsx';
import { PricingCard } from '../../../components/public/PricingCard.tsx';
import { StaticPage } from '../components/StaticPage.tsx';

export const PRICING_FAQ = [
  {
    question: 'Is there a free trial?',
    answer: `Yes. Every new club starts with a ${CREATOR_PLAN.trialDays}-day free trial; you are not charged until it ends.`,
  },
  {
    question: 'What does the transaction fee cover?',
    answer: `When your members pay for a premium club, Clubs keeps ${TRANSACTION_FEE_PERCENT}% of each charge. Card processing is handled by Stripe; the rest goes to you.`,
  },
  {
    question: 'Can I pay annually?',
    answer: `Yes: ${planPrice(CREATOR_PLAN.annualMonthlyPrice)} a month billed annually (${planPrice(CREATOR_PLAN.annualPrice)} a year), which saves ${CREATOR_PLAN.annualSavingPercent}% compared with monthly billing.`,
  },
  {
    question: 'Can I cancel at any time?',
    answer:
      'Yes. There is no long-term commitment; cancel from your club settings and the plan ends with the period you paid for.',
  },
  {
    question: 'Is joining clubs free for members?',
    answer:
      'Members never pay Clubs. Free clubs cost nothing to join; premium clubs charge the monthly price their creator sets.',
  },
] as const;

export default function PricingPage() {
  return (
    <StaticPage
      title="Pricing"
      lead={`One plan for creators: ${planPrice(CREATOR_PLAN.monthlyPrice)}/mo with everything included, and a ${CREATOR_PLAN.trialDays}-day free trial.`}
    >
      <div className="clubs-pricing">
        <PricingCard headingLevel={2} cta={{ to: '/register', label: 'Get Started' }} />
      </div>
      <Faq items={PRICING_FAQ} />
    </StaticPage>
  );
}
