/**
 * A club's search results (`search?q=`): posts with the comments that matched under them,
 * members, courses and events, each group newest first, the matched words marked; "More results"
 * reads the next page by cursor.
 */
import { Heading, Loader, Text } from '@aws-amplify/ui-react';
import { type SearchResults, type SearchTerms, searchTerms } from '@clubs/shared';
import { useMemo } from 'react';
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

function Group({ title, count, children }: { title: string; count: number; children: React.ReactNode }) {
  if (count === 0) return null;
  return (
    <section className="search-group" aria-label={title}>
      <Heading level={2} className="search-group__title">
        {title}
      </Heading>
      <ul className="search-group__list">{children}</ul>
    </section>
  );
}

function Results({ groups, search }: { groups: Groups; search: SearchTerms }) {
  const { basePath } = useClubSpace();
  return (
    <>
      <Group title="Posts" count={groups.posts.length}>
        {groups.posts.map((post) => (
          <li key={post.id} className="search-hit" data-testid="search-post">
            <Link to={`${basePath}?post=${encodeURIComponent(post.id)}`} className="search-hit__title">
              <Highlighted text={post.title || post.excerpt || 'Post'} search={search} />
            </Link>
            {post.title && post.excerpt && (
              <p className="search-hit__excerpt">
                <Highlighted text={post.excerpt} search={search} />
              </p>
            )}
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
          </li>
        ))}
      </Group>
      <Group title="Members" count={groups.members.length}>
        {groups.members.map((member) => (
          <li key={member.id} className="search-hit" data-testid="search-member">
            <Link to={`/members/${member.id}`} className="search-hit__title">
              <Highlighted text={member.name} search={search} />
            </Link>
            {member.excerpt && (
              <p className="search-hit__excerpt">
                <Highlighted text={member.excerpt} search={search} />
              </p>
            )}
          </li>
        ))}
      </Group>
      <Group title="Courses" count={groups.courses.length}>
        {groups.courses.map((course) => (
          <li key={course.id} className="search-hit" data-testid="search-course">
            <Link to={`${basePath}/courses/${course.id}/take`} className="search-hit__title">
              <Highlighted text={course.title} search={search} />
            </Link>
            {course.excerpt && (
              <p className="search-hit__excerpt">
                <Highlighted text={course.excerpt} search={search} />
              </p>
            )}
          </li>
        ))}
      </Group>
      <Group title="Events" count={groups.events.length}>
        {groups.events.map((event) => (
          <li key={event.id} className="search-hit" data-testid="search-event">
            <Link to={`${basePath}/events`} className="search-hit__title">
              <Highlighted text={event.title} search={search} />
            </Link>
            <Text className="search-hit__meta">
              {new Date(event.startsAt).toLocaleString()}
              {event.location ? ` · ${event.location}` : ''}
            </Text>
            {event.excerpt && (
              <p className="search-hit__excerpt">
                <Highlighted text={event.excerpt} search={search} />
              </p>
            )}
          </li>
        ))}
      </Group>
    </>
  );
}

export default function SearchPage() {
  const { club } = useClubSpace();
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const search = useMemo(() => searchTerms(q), [q]);
  // Results are never kept for a later visit: a post deleted meanwhile must not show again.
  const results = useClubSearch(club.id, q);
  const groups = useMemo(() => merge(results.data?.pages ?? []), [results.data]);
  const total = groups.posts.length + groups.members.length + groups.courses.length + groups.events.length;
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
