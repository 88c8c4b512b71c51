/**
 * The club directory /clubs: search, filters and tabs answered by the API
 * from its index (never the whole list in the browser), cursor-paged cards; loading, empty (with Clear filters) and failed (with Retry) are told apart.
 * A public page a visitor often opens first: it wears Amplify UI's look through its documented
 * classes (components/public/amplify-look.tsx) and loads Amplify's components only with the
 * filters' fields.
 */
import { DIRECTORY_TABS } from '@clubs/shared';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { messageOf } from '../../../api/errors.ts';
import { useAuth } from '../../../auth/AuthProvider.tsx';
import { ClubCard } from '../../../components/clubs/ClubCard.tsx';
import { LOAD_FAILED_TEXT, QueryFailed } from '../../../components/LoadFailed.tsx';
import '../../../components/clubs/clubs.css';
import { ClubSearch } from '../../../components/clubs/ClubSearch.tsx';
import { TAB_LABELS } from '../../../components/clubs/labels.ts';
import { CreateClubButton } from '../../../components/create-club/CreateClubButton.tsx';
import { PageColumn } from '../../../components/PageColumn.tsx';
import {
  LinkButton,
  PlainButton,
  PlainHeading,
  PlainLoader,
  PlainPlaceholder,
  PlainText,
} from '../../../components/public/amplify-look.tsx';
import { PlainTabs } from '../../../components/public/PlainTabs.tsx';
import { UnderPublicHeader } from '../../../components/public/UnderPublicHeader.tsx';
import { TextLink } from '../../../components/TextLink.tsx';
import { useDirectory } from '../api.ts';
import { FilterPopover } from '../components/FilterPopover.tsx';
import { type DirectoryFilters, filtersFrom, NO_FILTERS, paramsFrom } from '../components/filters.ts';

/** The cards a phone shows before scrolling, or a desktop's first row: their covers load first. */
const FIRST_SCREEN_CARDS = 3;

const SEARCH_DELAY_MS = 300;

const SKELETONS = ['a', 'b', 'c', 'd', 'e', 'f'];

const TABS = DIRECTORY_TABS.map((tab) => [tab, TAB_LABELS[tab]] as const);

function CardSkeletons() {
  return (
    <div className="club-grid" aria-hidden="true">
      {SKELETONS.map((key) => (
        <div key={key} className="amplify-flex club-card clubs-card-skeleton">
          <PlainPlaceholder height="8rem" />
          <PlainPlaceholder size="large" />
          <PlainPlaceholder />
        </div>
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
      <div className="amplify-flex clubs-directory__top">
        <div className="amplify-flex clubs-directory__title">
          <TextLink to="/">Back to home</TextLink>
          <PlainHeading level={1}>Explore Clubs</PlainHeading>
        </div>
        {user ? (
          <CreateClubButton />
        ) : (
          <LinkButton to="/register" variation="primary">
            Create a Club
          </LinkButton>
        )}
      </div>

      <div className="amplify-flex clubs-directory__search">
        <ClubSearch value={search} onChange={setSearch} grow />
        <FilterPopover recent={filters.recent} size={filters.size} onChange={(next) => update(next)} />
      </div>

      {/* The list is the selected tab's panel, which the tab names (aria-controls). */}
      <PlainTabs
        label="Club categories"
        tabs={TABS}
        value={filters.tab}
        onChange={(tab) => update({ tab })}
        panelClassName="clubs-directory__panel"
      >
        {directory.isPending ? (
          <CardSkeletons />
        ) : failed ? (
          <QueryFailed query={directory} what="clubs" />
        ) : showEmpty ? (
          <div className="amplify-flex clubs-directory__empty">
            <PlainHeading level={2}>No clubs found</PlainHeading>
            <PlainText variation="secondary">Try adjusting your search or filter criteria</PlainText>
            <PlainButton onClick={clearFilters}>Clear filters</PlainButton>
          </div>
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
                    <LinkButton to={`/c/${club.id}`} variation="primary" isFullWidth>
                      View Club
                    </LinkButton>
                  }
                />
              ))}
            </section>
            {directory.isFetchNextPageError ? (
              <PlainText role="alert" variation="error" className="clubs-text-center">
                Couldn't load more clubs. {messageOf(directory.error, LOAD_FAILED_TEXT)}
              </PlainText>
            ) : null}
            {directory.hasNextPage ? (
              <div className="amplify-flex clubs-directory__more">
                <PlainButton
                  isLoading={directory.isFetchingNextPage}
                  loadingText="Loading..."
                  onClick={() => void directory.fetchNextPage()}
                >
                  {directory.isFetchNextPageError ? 'Retry' : 'Load more'}
                </PlainButton>
              </div>
            ) : null}
            {directory.isFetching && !directory.isFetchingNextPage ? <PlainLoader label="Updating" /> : null}
          </>
        )}
      </PlainTabs>
    </PageColumn>
  );
}

export default function DirectoryPage() {
  return (
    <UnderPublicHeader>
      <Directory />
    </UnderPublicHeader>
  );
}
