/**
 * The club directory /clubs: search, filters and tabs answered by the API
 * from its index (never the whole list in the browser), cursor-paged cards; loading, empty (with Clear filters) and failed (with Retry) are told apart.
 */
import { Button, Flex, Heading, Loader, Placeholder, Tabs, Text } from '@aws-amplify/ui-react';
import { DIRECTORY_TABS, type DirectoryTab } from '@clubs/shared';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { messageOf } from '../../api/errors.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { ClubCard } from '../../components/clubs/ClubCard.tsx';
import { LOAD_FAILED_TEXT, QueryFailed } from '../../components/LoadFailed.tsx';
import '../../components/clubs/clubs.css';
import { ClubSearch } from '../../components/clubs/ClubSearch.tsx';
import { CreateClubButton } from '../../components/create-club/CreateClubButton.tsx';
import { PageColumn } from '../../components/PageColumn.tsx';
import { HydrationPiece } from '../../components/public/HydrationPiece.tsx';
import { PublicHeader } from '../../components/public/PublicHeader.tsx';
import { TextLink } from '../../components/TextLink.tsx';
import { FilterPopover } from './FilterPopover.tsx';
import { type DirectoryFilters, filtersFrom, NO_FILTERS, paramsFrom, TAB_LABELS } from './filters.ts';
import { useDirectory } from './useDirectory.ts';

/** The cards a phone shows before scrolling, or a desktop's first row: their covers load first. */
const FIRST_SCREEN_CARDS = 3;

const SEARCH_DELAY_MS = 300;

const SKELETONS = ['a', 'b', 'c', 'd', 'e', 'f'];

function CardSkeletons() {
  return (
    <div className="club-grid" aria-hidden="true">
      {SKELETONS.map((key) => (
        <Flex key={key} direction="column" gap="small" className="club-card" padding="medium">
          <Placeholder height="8rem" />
          <Placeholder size="large" />
          <Placeholder />
        </Flex>
      ))}
    </div>
  );
}

function Directory() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFrom(params), [params]);
  const [search, setSearch] = useState(filters.q);

  const update = (next: Partial<DirectoryFilters>) =>
    setParams(paramsFrom({ ...filtersFrom(params), ...next }), { replace: true });

  // Typing updates the URL (and the query) once the typing pauses.
  useEffect(() => {
    if (search === filters.q) return;
    const timer = setTimeout(
      () => setParams(paramsFrom({ ...filters, q: search }), { replace: true }),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [search, filters, setParams]);

  const directory = useDirectory(filters);
  const clearFilters = () => {
    setSearch('');
    setParams(paramsFrom(NO_FILTERS), { replace: true });
  };

  // A failure with nothing shown is a failure, not an empty directory.
  const failed = directory.isError && directory.clubs.length === 0;
  const showEmpty = !directory.isPending && !failed && directory.clubs.length === 0 && !directory.hasNextPage;

  return (
    <PageColumn width="80rem">
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="medium">
        <Flex direction="column" gap="xs">
          <TextLink to="/">Back to home</TextLink>
          <Heading level={1}>Explore Clubs</Heading>
        </Flex>
        {user ? (
          <CreateClubButton />
        ) : (
          <Button as={Link} to="/register" variation="primary">
            Create a Club
          </Button>
        )}
      </Flex>

      <Flex gap="medium" alignItems="flex-start" wrap="wrap">
        <ClubSearch value={search} onChange={setSearch} grow />
        <FilterPopover recent={filters.recent} size={filters.size} onChange={(next) => update(next)} />
      </Flex>

      <Tabs.Container value={filters.tab} onValueChange={(tab) => update({ tab: tab as DirectoryTab })}>
        <Tabs.List aria-label="Club categories" wrap="wrap">
          {DIRECTORY_TABS.map((tab) => (
            <Tabs.Item key={tab} value={tab}>
              {TAB_LABELS[tab]}
            </Tabs.Item>
          ))}
        </Tabs.List>
        {/* The list is the selected tab's panel, which the tab names (aria-controls). */}
        <Tabs.Panel value={filters.tab} className="clubs-directory__panel">
          {directory.isPending ? (
            <CardSkeletons />
          ) : failed ? (
            <QueryFailed query={directory} what="clubs" />
          ) : showEmpty ? (
            <Flex direction="column" alignItems="center" gap="small" padding="xxl" textAlign="center">
              <Heading level={2}>No clubs found</Heading>
              <Text color="font.secondary">Try adjusting your search or filter criteria</Text>
              <Button onClick={clearFilters}>Clear filters</Button>
            </Flex>
          ) : (
            <>
              {/* The cards' names are h3: the list is headed at level 2 for the outline. */}
              <section aria-labelledby="directory-clubs" className="club-grid">
                <h2 id="directory-clubs" className="visually-hidden">
                  Clubs
                </h2>
                {directory.clubs.map((club, index) => (
                  <ClubCard
                    key={club.id}
                    club={club}
                    priority={index < FIRST_SCREEN_CARDS}
                    action={
                      <Button as={Link} to={`/c/${club.id}`} variation="primary" isFullWidth>
                        View Club
                      </Button>
                    }
                  />
                ))}
              </section>
              {directory.isFetchNextPageError ? (
                <Text role="alert" textAlign="center" color="font.error">
                  Couldn't load more clubs. {messageOf(directory.error, LOAD_FAILED_TEXT)}
                </Text>
              ) : null}
              {directory.hasNextPage ? (
                <Flex justifyContent="center">
                  <Button
                    isLoading={directory.isFetchingNextPage}
                    loadingText="Loading..."
                    onClick={() => void directory.fetchNextPage()}
                  >
                    {directory.isFetchNextPageError ? 'Retry' : 'Load more'}
                  </Button>
                </Flex>
              ) : null}
              {directory.isFetching && !directory.isFetchingNextPage ? <Loader ariaLabel="Updating" /> : null}
            </>
          )}
        </Tabs.Panel>
      </Tabs.Container>
    </PageColumn>
  );
}

/** The site's top bar over the page, as on the other public pages: the way back to the dashboard, the profile and Log out. */
export default function DirectoryPage() {
  return (
    <>
      {/* The top bar and the directory are taken over apart (HydrationPiece). */}
      <HydrationPiece>
        <PublicHeader />
      </HydrationPiece>
      <HydrationPiece>
        <Directory />
      </HydrationPiece>
    </>
  );
}
