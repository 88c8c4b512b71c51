/**
 * The club home: the composer, the feed (the pinned post first, then
 * newest first, more pages as the member scrolls) and the sidebar. A copied post link
 * (?post={id}) shows that post first. If the first page takes over 10 s the page renders anyway
 * and says 'Loading timeout'. Posts written meanwhile are announced live in an "N new posts" pill
 * at the top of the feed and shown when the reader asks, never inserted under their eyes.
 */
import { Button } from '@aws-amplify/ui-react';
import { CLUB_HOME, type Post } from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAuth } from '../../../auth/AuthProvider.tsx';
import { LoadingScreen } from '../../../components/LoadingScreen.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { useClubSpace } from '../../../layouts/club/clubSpace.ts';
import { clearNewPosts, useNewPosts } from '../../../live/newPosts.ts';
import { useStartable } from '../../chat/api.ts';
import { showNewestPosts, useFeed, usePost } from '../api.ts';
import { ClubHomeSidebar } from '../components/ClubHomeSidebar.tsx';
import { Composer } from '../components/Composer.tsx';
import { PostCard } from '../components/PostCard.tsx';
import '../../../components/post-card.css';
import '../components/feed.css';

/** Renders the page once `pending` has lasted the spec's 10 s, with the 'Loading timeout' toast. */
function useLoadingTimeout(pending: boolean): boolean {
  const { toast } = useToast();
  // The 10 s run from when loading began: a new toast function (any toast shown meanwhile)
  // must not restart them.
  const toastRef = useRef(toast);
  toastRef.current = toast;
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => {
      setTimedOut(true);
      toastRef.current({
        title: 'Loading timeout',
        description: 'The feed is taking longer than usual.',
        variant: 'warning',
      });
    }, CLUB_HOME.loadingTimeoutMs);
    return () => clearTimeout(timer);
  }, [pending]);
  return timedOut;
}

function LinkedPost({ postId }: { postId: string }) {
  const { club, basePath, canWrite } = useClubSpace();
  const post = usePost(club.id, postId);
  const startable = useStartable(
    canWrite ? [club.id] : [],
    post.data ? [post.data.author.id] : [],
    useAuth().user?.sub,
  );
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (post.data) section.current?.scrollIntoView?.({ block: 'start' });
  }, [post.data]);
  return (
    <section ref={section} className="feed-linked" aria-label="Linked post">
      {post.isPending && <p className="feed-muted">Loading the post...</p>}
      {post.isError && (
        <p role="alert" className="feed-error">
          {post.error.status === 404 ? 'This post is no longer available.' : 'Could not load the post.'}
        </p>
      )}
      {post.data && (
        <PostCard
          post={post.data}
          basePath={basePath}
          canWrite={canWrite}
          canMessage={startable.has(post.data.author.id)}
        />
      )}
    </section>
  );
}

/** Asks for the next page when the end of the list scrolls into view. */
function useLoadMoreOnScroll(enabled: boolean, load: () => void) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) latest.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return sentinel;
}

/** The pill announcing posts written since the feed was read; a click shows them at the top. */
function NewPostsPill({
  clubId,
  shown,
  top,
}: {
  clubId: string;
  shown: readonly Post[];
  top: React.RefObject<HTMLElement | null>;
}) {
  const client = useQueryClient();
  // A post the feed shows already (it was read again meanwhile) is no longer new.
  const fresh = useNewPosts(clubId).filter((id) => !shown.some((post) => post.id === id));
  const [busy, setBusy] = useState(false);
  if (fresh.length === 0) return null;
  const show = async () => {
    setBusy(true);
    try {
      await showNewestPosts(client, clubId);
      clearNewPosts(clubId);
      top.current?.scrollIntoView?.({ block: 'start' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="feed-new-posts" aria-live="polite">
      <Button size="small" variation="primary" isLoading={busy} onClick={() => void show()}>
        {fresh.length === 1 ? '1 new post' : `${fresh.length} new posts`}
      </Button>
    </div>
  );
}

export default function ClubHomePage() {
  const { club, basePath, canWrite, role } = useClubSpace();
  const [search] = useSearchParams();
  const linked = search.get('post');
  const feed = useFeed(club.id);
  const timedOut = useLoadingTimeout(feed.isPending);
  const loadMore = () => {
    if (feed.hasNextPage && !feed.isFetchingNextPage) void feed.fetchNextPage();
  };
  const sentinel = useLoadMoreOnScroll(!!feed.hasNextPage, loadMore);
  const list = useRef<HTMLElement>(null);
  const posts = feed.data?.pages.flatMap((page) => page.items) ?? [];
  // An author's "Message" shows only when the start through this club would be allowed.
  const startable = useStartable(
    canWrite ? [club.id] : [],
    posts.map((post) => post.author.id),
    useAuth().user?.sub,
  );

  if (feed.isPending && !timedOut) return <LoadingScreen label="Loading posts..." />;
  return (
    <div className="feed-page">
      <main className="feed-main">
        <h1 className="visually-hidden">{club.name}</h1>
        {canWrite && <Composer clubId={club.id} canAnnounce={role === 'club_owner'} />}
        {linked && <LinkedPost postId={linked} />}
        <NewPostsPill clubId={club.id} shown={posts} top={list} />
        <section ref={list} aria-label="Posts" className="feed-list">
          {feed.isPending && <p className="feed-muted">Still loading posts...</p>}
          {feed.isError && (
            <div role="alert" className="feed-card">
              <p>Error loading posts</p>
              <Button size="small" onClick={() => void feed.refetch()}>
                Retry
              </Button>
            </div>
          )}
          {feed.isSuccess && posts.length === 0 && (
            <div className="feed-card feed-empty">
              <p>No posts yet</p>
              <p className="feed-muted">Be the first to share something with the club.</p>
            </div>
          )}
          {posts.map((post) => (
            <PostCard
              key={post.id}
              post={post}
              basePath={basePath}
              canWrite={canWrite}
              canMessage={startable.has(post.author.id)}
            />
          ))}
          <div ref={sentinel} />
          {feed.hasNextPage && (
            <Button
              onClick={loadMore}
              isLoading={feed.isFetchingNextPage}
              loadingText="Loading more posts..."
            >
              Load more posts
            </Button>
          )}
        </section>
      </main>
      <ClubHomeSidebar />
    </div>
  );
}
