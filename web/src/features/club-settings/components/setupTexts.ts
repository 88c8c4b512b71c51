/**
 * The club setup callback's messages, word for word as the product has them; ClubSetupPage says
 * which outcome shows which.
 */
export const SETUP_TEXTS = {
  heading: 'Setting up your club...',
  activated: (name: string) => `Your club "${name}" has been activated!`,
  subscriptionActivated: 'Your club subscription has been activated!',
  slow: 'Payment processing is taking longer than expected. Please check your dashboard or contact support.',
  activationIssue: 'There was an issue activating your club. Please check your dashboard.',
  findingIssue: 'There was an issue finding your club. Please check your dashboard.',
  setupIssue: 'There was an issue setting up your club. Please check your dashboard.',
  mayHaveIssue: 'There may have been an issue with your club. Please check your dashboard.',
  activeButNotActivated:
    'Your subscription is active but there was an issue activating your club. Please contact support.',
  canceled: 'Club creation was canceled. Please try again.',
  logIn: 'Please log in to complete your club setup',
} as const;
