/**
 * Featured Clubs on the landing page: three random active clubs from
 * GET /api/featured-clubs, three skeleton cards while loading, the empty message when there are
 * none, and a failed load as a failure with Retry (never as "no clubs").
 */
import { FEATURED_CLUB_COUNT, featuredJoinLabel, isPremium, type PublicClub } from '@clubs/shared';
import { type ReactNode, useEffect } from 'react';
import type { ApiFunction } from '../../api/client.ts';
import { useApiQuery } from '../../api/hooks.ts';
import { routeKey } from '../../api/queryKeys.ts';
import type { DrawnQuery } from '../../drawn-data.ts';
import { QueryFailed } from '../LoadFailed.tsx';
import { TextLink } from '../TextLink.tsx';
import { LinkButton, PlainBadge, PlainPlaceholder } from './amplify-look.tsx';
import { ClubCover, ClubLogo } from './ClubVisuals.tsx';
import { LandingSection } from './LandingSection.tsx';

export const NO_FEATURED_CLUBS = 'No clubs available at the moment. Check back later!';

const members = (count: number) => `${count} ${count === 1 ? 'member' : 'members'}`;

export function FeaturedClubCard({ club }: { club: PublicClub }) {
  return (
    <article className="clubs-card" aria-labelledby={`featured-${club.id}`}>
      <div className="clubs-card__media">
        <ClubCover url={club.coverImageUrl} />
        {isPremium(club) ? (
          <PlainBadge variation="warning" className="clubs-card__badge">
            Premium
          </PlainBadge>
        ) : null}
      </div>
      <div className="clubs-card__body">
        <div className="clubs-card__identity">
          <ClubLogo name={club.name} url={club.logoUrl} />
          <div>
            <h3 id={`featured-${club.id}`} className="clubs-card__name">
              {club.name}
            </h3>
            <p className="clubs-card__members">{members(club.memberCount)}</p>
          </div>
        </div>
        <p className="clubs-card__description">{club.description}</p>
        <LinkButton
          to={`/c/${club.id}`}
          aria-describedby={`featured-${club.id}`}
          variation="primary"
          isFullWidth
        >
          {featuredJoinLabel(club)}
        </LinkButton>
      </div>
    </article>
  );
}

function SkeletonCard() {
  return (
    <div className="clubs-card clubs-card--skeleton" data-testid="featured-skeleton">
      <PlainPlaceholder height="10rem" />
      <div className="clubs-card__body">
        <PlainPlaceholder size="large" />
        <PlainPlaceholder />
        <PlainPlaceholder />
      </div>
    </div>
  );
}

/**
 * What the landing page shows of the API, for a document drawn with its data
 * (draw-with-data.tsx): the featured clubs, cached as the section's own query keeps them.
 */
export async function drawnFeaturedClubs(api: ApiFunction): Promise<DrawnQuery[]> {
  return [{ key: routeKey('featuredClubs'), data: await api('featuredClubs') }];
}

export function FeaturedClubs() {
  const featured = useApiQuery('featuredClubs', undefined, { staleTime: 60_000 });
  const { data, isPending, error } = featured;
  useEffect(() => {
    if (error) console.error('Error loading clubs', error);
  }, [error]);

  let content: ReactNode;
  if (isPending) {
    content = (
      <div className="clubs-grid" role="status" aria-busy="true" aria-label="Loading featured clubs">
        {Array.from({ length: FEATURED_CLUB_COUNT }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders, never reordered
          <SkeletonCard key={i} />
        ))}
      </div>
    );
  } else if (error) {
    content = <QueryFailed query={featured} what="featured clubs" headingLevel={3} />;
  } else if (!data?.items?.length) {
    content = <p className="clubs-empty">{NO_FEATURED_CLUBS}</p>;
  } else {
    content = (
      <div className="clubs-grid">
        {data.items.map((club) => (
          <FeaturedClubCard key={club.id} club={club} />
        ))}
      </div>
    );
  }

  return (
    <LandingSection title="Featured Clubs" intro="A few of the circles gathering on Clubs right now.">
      {content}
      <p className="clubs-section__more">
        <TextLink to="/clubs">Browse all clubs</TextLink>
      </p>
    </LandingSection>
  );
}
