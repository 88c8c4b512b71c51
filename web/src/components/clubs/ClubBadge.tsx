import { isPremium } from '@clubs/shared';
import './clubs.css';

/**
 * 'Premium' when the club charges (price above 0), else 'Free'. A plain
 * span wearing Amplify's badge classes, like the card around it: a directory page draws a dozen
 * at once, and Amplify's Badge would work out style props and listen to the viewport's
 * breakpoints for each.
 */
export function TierBadge({ club }: { club: { price: number } }) {
  const premium = isPremium(club);
  return (
    <span
      className={`amplify-badge amplify-badge--small ${premium ? 'club-badge--premium' : 'club-badge--free'}`}
    >
      {premium ? 'Premium' : 'Free'}
    </span>
  );
}
