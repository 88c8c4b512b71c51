/**
 * The free trial the club page may promise to its viewer: the club's own trial to a signed-out
 * visitor, and to a signed-in person only while the server says it is still theirs (a person
 * gets a club's trial once). Shares the membership query of the join button.
 */
import type { PublicClub } from '@clubs/shared';
import { useApiQuery } from '../../api/hooks.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';

export function trialOffer(
  club: Pick<PublicClub, 'price' | 'trialPeriod'>,
  trialAvailable: boolean | undefined,
): number {
  if (club.price <= 0 || !(club.trialPeriod > 0)) return 0;
  return trialAvailable === false ? 0 : club.trialPeriod;
}

/** Trial days to show for this viewer, 0 for none. */
export function useTrialOffer(club: PublicClub): number {
  const { user } = useAuth();
  const membership = useApiQuery(
    'getClubMembership',
    { params: { clubId: club.id } },
    { enabled: !!user, retry: 1 },
  );
  return trialOffer(club, user ? membership.data?.trialAvailable : true);
}
