import { Badge } from '@aws-amplify/ui-react';
import { isPremium } from '@clubs/shared';
import './clubs.css';

/** 'Premium' when the club charges (price above 0), else 'Free' (spec part 1 section 2). */
export function TierBadge({ club }: { club: { price: number } }) {
  const premium = isPremium(club);
  return (
    <Badge size="small" className={premium ? 'club-badge--premium' : 'club-badge--free'}>
      {premium ? 'Premium' : 'Free'}
    </Badge>
  );
}
