/**
 * The member dashboard /member-dashboard: 'Welcome, {name}', a club search, 'My
 * Clubs' (with count) and 'Discover', cards with 'View Club' or 'Pending Approval', the three
 * empty states and 'Create a Club'.
 */
import { Button, Flex, Heading, Loader, Tabs, Text } from '@aws-amplify/ui-react';
import type { PublicClub } from '@clubs/shared';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { useGreetingName } from '../../../api/me.ts';
import { ClubCard } from '../../../components/clubs/ClubCard.tsx';
import '../../../components/clubs/clubs.css';
import { ClubSearch } from '../../../components/clubs/ClubSearch.tsx';
import { CreateClubButton } from '../../../components/create-club/CreateClubButton.tsx';
import { QueryFailed } from '../../../components/LoadFailed.tsx';
import { PageColumn } from '../../../components/PageColumn.tsx';
import { matchesSearch, useDiscover, useMyMemberships } from '../api.ts';

const DISCOVER_LIMIT = 12;

function Empty({ text }: { text: string }) {
  return (
    <Flex direction="column" alignItems="center" gap="small" padding="xl" textAlign="center">
      <Text color="font.secondary">{text}</Text>
      <CreateClubButton />
    </Flex>
  );
}

/**
 * One tab's clubs: failed (with Retry), loading, none at all, none matching the search, or the
 * cards that `card` draws.
 */
function ClubsTab<T>({
  query,
  what,
  all,
  shown,
  none,
  card,
}: {
  query: {
    isError: boolean;
    isPending: boolean;
    error: unknown;
    refetch: () => Promise<unknown>;
    isRefetching: boolean;
  };
  /** As in "Loading {what}" and "Couldn't load {what}". */
  what: string;
  all: readonly T[];
  shown: readonly T[];
  /** What the tab says when there are no clubs at all. */
  none: string;
  card: (item: T) => ReactNode;
}) {
  if (query.isError) return <QueryFailed query={query} what={what} />;
  if (query.isPending) return <Loader ariaLabel={`Loading ${what}`} />;
  if (all.length === 0) return <Empty text={none} />;
  if (shown.length === 0) return <Empty text="No clubs match your search" />;
  return <div className="club-grid">{shown.map(card)}</div>;
}

const viewClub = (to: string, club: PublicClub) => (
  <Button as={Link} to={to} aria-label={`View Club: ${club.name}`} variation="primary" isFullWidth>
    View Club
  </Button>
);

export default function MemberDashboardPage() {
  const name = useGreetingName();
  const [search, setSearch] = useState('');
  const mine = useMyMemberships();
  const discover = useDiscover(DISCOVER_LIMIT);
  // My Clubs: the clubs of my memberships, active or awaiting approval.
  const myClubs = mine.all.filter((m) => m.club.status === 'active');
  const shownMine = myClubs.filter((m) => matchesSearch(m.club, search));
  const discoverable = discover.data?.items ?? [];
  const shownDiscover = discoverable.filter((club) => matchesSearch(club, search));

  return (
    <PageColumn width="80rem">
      <Heading level={1}>Welcome, {name}</Heading>
      <ClubSearch value={search} onChange={setSearch} />
      <Tabs
        defaultValue="mine"
        isLazy
        items={[
          {
            value: 'mine',
            label: `My Clubs (${myClubs.length})`,
            content: (
              <ClubsTab
                query={mine}
                what="your clubs"
                all={myClubs}
                shown={shownMine}
                none="You haven't joined any clubs yet"
                card={({ club, membership }) => (
                  <ClubCard
                    key={club.id}
                    club={club}
                    showMembers={false}
                    action={
                      membership.status === 'pending' ? (
                        <Button
                          as={Link}
                          to={`/c/${club.id}`}
                          aria-label={`Pending Approval: ${club.name}`}
                          isFullWidth
                        >
                          Pending Approval
                        </Button>
                      ) : (
                        viewClub(`/communities/${club.id}`, club)
                      )
                    }
                  />
                )}
              />
            ),
          },
          {
            value: 'discover',
            label: 'Discover',
            content: (
              <ClubsTab
                query={discover}
                what="clubs to discover"
                all={discoverable}
                shown={shownDiscover}
                none="No clubs available to join"
                card={(club) => (
                  <ClubCard
                    key={club.id}
                    club={club}
                    showMembers={false}
                    action={viewClub(`/c/${club.id}`, club)}
                  />
                )}
              />
            ),
          },
        ]}
      />
    </PageColumn>
  );
}
