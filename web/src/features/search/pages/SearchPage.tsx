/**
 * A club's search results (`search?q=`): posts with the comments that matched under them,
 * members, courses and events, each group newest first, the matched words marked; "More results"
 * reads the next page by cursor.
 */
import { Heading, Loader, Text } from '@aws-amplify/ui-react';
import {
  SEARCH_LIMITS,
  SEARCH_QUERY_MESSAGES,
  type SearchResults,
  type SearchTerms,
  searchTerms,
} from '@clubs/shared';
import { type ReactNode, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../api/errors.ts';
import { PageColumn } from '../../../components/PageColumn.tsx';
import { ListLoadFailed, ShowMore } from '../../../components/PagedList.tsx';
import { useClubSpace } from '../../../layouts/club/clubSpace.ts';
import { useClubSearch } from '../api.ts';
import { Highlighted } from '../components/Highlighted.tsx';
import './search.css';

type Groups = Omit<SearchResults, 'query' | 'nextCursor'>;

/** The pages read so far, merged: a post found on two pages is one group with both pages' comments. */
function merge(pages: readonly SearchResults[]): Groups {
  const groups: Groups = { posts: [], members: [], courses: [], events: [] };
  for (const page of pages) {
    for (const post of page.posts) {
      const known = groups.posts.find((group) => group.id === post.id);
      if (!known) groups.posts.push({ ...post, comments: [...post.comments] });
      else {
        known.matched ||= post.matched;
        known.comments.push(...post.comments);
      }
    }
    groups.members.push(...page.members);
    groups.courses.push(...page.courses);
    groups.events.push(...page.events);
  }
  return groups;
}

/** One result: its title as a link, the matched excerpt under it (when it has one), then what else it shows. */
interface Hit {
  id: string;
  to: string;
  title: string;
  excerpt: string | null | undefined;
  more?: ReactNode;
}

/** A group of results under its heading; nothing when it has none. */
function Group({
  title,
  testId,
  hits,
  search,
}: {
  title: string;
  testId: string;
  hits: readonly Hit[];
  search: SearchTerms;
}) {
  if (hits.length === 0) return null;
  return (
    <section className="search-group" aria-label={title}>
      <Heading level={2} className="search-group__title">
        {title}
      </Heading>
      <ul className="search-group__list">
        {hits.map((hit) => (
          <li key={hit.id} className="search-hit" data-testid={testId}>
            <Link to={hit.to} className="search-hit__title">
              <Highlighted text={hit.title} search={search} />
            </Link>
            {hit.excerpt && (
              <p className="search-hit__excerpt">
                <Highlighted text={hit.excerpt} search={search} />
              </p>
            )}
            {hit.more}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Results({ groups, search }: { groups: Groups; search: SearchTerms }) {
  const { basePath } = useClubSpace();
  const posts = groups.posts.map((post) => ({
    id: post.id,
    to: `${basePath}?post=${encodeURIComponent(post.id)}`,
    title: post.title || post.excerpt || 'Post',
    excerpt: post.title ? post.excerpt : null,
    more: (
      <>
        <Text className="search-hit__meta">by {post.authorName}</Text>
        {post.comments.length > 0 && (
          <ul className="search-hit__comments">
            {post.comments.map((comment) => (
              <li key={comment.id} data-testid="search-comment">
                <Text as="span" className="search-hit__meta">
                  {comment.authorName}:{' '}
                </Text>
                <Highlighted text={comment.excerpt} search={search} />
              </li>
            ))}
          </ul>
        )}
      </>
    ),
  }));
  const members = groups.members.map(({ id, name, excerpt }) => ({
    id,
    to: `/members/${id}`,
    title: name,
    excerpt,
  }));
  const courses = groups.courses.map(({ id, title, excerpt }) => ({
    id,
    to: `${basePath}/courses/${id}/take`,
    title,
    excerpt,
  }));
  const events = groups.events.map(({ id, title, excerpt, startsAt, location }) => ({
    id,
    to: `${basePath}/events`,
    title,
    excerpt,
    more: (
      <Text className="search-hit__meta">
        {new Date(startsAt).toLocaleString()}
        {location ? ` · ${location}` : ''}
      </Text>
    ),
  }));
  return (
    <>
      <Group title="Posts" testId="search-post" hits={posts} search={search} />
      <Group title="Members" testId="search-member" hits={members} search={search} />
      <Group title="Courses" testId="search-course" hits={courses} search={search} />
      <Group title="Events" testId="search-event" hits={events} search={search} />
    </>
  );
}

export default function SearchPage() {
  const { club } = useClubSpace();
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const search = useMemo(() => searchTerms(q), [q]);
  // A search too short for the API (an address typed or cut short) asks for more, not the API.
  const tooShort = q.length < SEARCH_LIMITS.queryMin;
  // Results are never kept for a later visit: a post deleted meanwhile must not show again.
  const results = useClubSearch(club.id, q, !tooShort);
  const groups = useMemo(() => merge(results.data?.pages ?? []), [results.data]);
  const total = groups.posts.length + groups.members.length + groups.courses.length + groups.events.length;
  if (tooShort) {
    return (
      <PageColumn width="48rem">
        <Heading level={1}>Search this club</Heading>
        <p className="search-empty">
          {SEARCH_QUERY_MESSAGES.short} in the search box at the top of the page, then press Enter.
        </p>
      </PageColumn>
    );
  }
  return (
    <PageColumn width="48rem">
      <Heading level={1}>Search results for “{q}”</Heading>
      {results.isPending && <Loader variation="linear" />}
      {results.isError &&
        (results.error instanceof ApiError && results.error.status === 400 ? (
          <p role="alert">{results.error.message}</p>
        ) : (
          <ListLoadFailed what="the results" list={results} />
        ))}
      {results.isSuccess && total === 0 && !results.hasNextPage && (
        <p className="search-empty">Nothing in this club matches “{q}”.</p>
      )}
      <Results groups={groups} search={search} />
      <ShowMore list={results} label="More results" />
    </PageColumn>
  );
}
