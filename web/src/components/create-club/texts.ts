/**
 * The create-club dialog's texts. Where the product quotes a text (titles, buttons, the cost
 * notice, toasts and errors) it is kept word for word; the busy labels and the trial, fee and
 * redirect notes, which it only describes, are worded here.
 */
import { CREATOR_PLAN, planPrice, TRANSACTION_FEE_PERCENT } from '@clubs/shared';

export const CREATE_CLUB_TEXTS = {
  detailsTitle: 'Create a new club',
  detailsDescription: 'Fill in the details below to create your new community.',
  nameLabel: 'Community Name',
  descriptionLabel: 'Description',
  costNotice: `Creating a community costs ${planPrice(CREATOR_PLAN.monthlyPrice)}/month`,
  trialNotice: `Your first ${CREATOR_PLAN.trialDays} days are free: start with a ${CREATOR_PLAN.trialDays}-day trial.`,
  cancel: 'Cancel',
  continue: 'Continue',
  creating: 'Creating...',
  paymentTitle: 'Set up payment',
  paymentDescription: `Your ${CREATOR_PLAN.trialDays}-day free trial starts today. You won't be charged until the trial ends.`,
  planName: 'Community Creator Plan',
  feeLabel: `${TRANSACTION_FEE_PERCENT}% transaction fee`,
  feeTooltip: `A ${TRANSACTION_FEE_PERCENT}% fee applies to each payment your members make to your club.`,
  redirectNote:
    "You'll be redirected to Stripe, our secure card payment provider, to enter your payment details.",
  back: 'Back',
  startTrial: 'Start Free Trial',
  redirecting: 'Redirecting...',
  // Toasts and errors.
  fillAll: 'Please fill in all required fields',
  loginToCreate: 'You must be logged in to create a community',
  created: 'Club created! Now setting up payment...',
  createFailed: 'Failed to create club',
  notCreated: 'Club not created properly. Please try again.',
  loginToPay: 'You must be logged in to complete payment',
  checkoutFailed: 'Failed to create checkout session',
  noCheckoutUrl: 'No checkout URL returned',
  errorTitle: 'Error',
} as const;
