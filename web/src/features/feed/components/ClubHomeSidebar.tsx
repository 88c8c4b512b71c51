/**
 * The club home's right sidebar: the about text truncated at 150
 * characters with Show more / Show less, 3 upcoming events, 3 trending posts, 5 member avatars,
 * and for the owner the invite-link card and the add-content card.
 */
import { Button } from '@aws-amplify/ui-react';
import { type ClubSidebar, DESCRIPTION_TRUNCATE_LENGTH, hasPermission, truncate } from '@clubs/shared';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { PersonAvatar } from '../../../components/clubs/ClubAvatar.tsx';
import { ClubNotificationPreference } from '../../../components/notifications/NotificationPreferenceField.tsx';
import { inviteUrlOf, useCopyLink } from '../../../components/useCopyLink.ts';
import { useClubSpace } from '../../../layouts/club/clubSpace.ts';
import { useInviteLink } from '../../members/api.ts';
import { useClubSidebar } from '../api.ts';

const eventDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A sidebar card listing a few things: each a link and a muted line under it, or `empty`. */
function SideList({
  id,
  title,
  empty,
  items,
}: {
  id: string;
  title: string;
  empty: string;
  items: SideItem[];
}) {
  return (
    <section className="feed-card feed-side" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {items.length === 0 ? (
        <p className="feed-muted">{empty}</p>
      ) : (
        <ul className="feed-side__list">
          {items.map((item) => (
            <li key={item.key}>
              {item.link}
              <span className="feed-muted">{item.detail}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type SideItem = { key: string; link: ReactNode; detail: ReactNode };

const EVENTS_LIST = { id: 'club-events', title: 'Upcoming events', empty: 'No upcoming events' } as const;
const TRENDING_LIST = { id: 'club-trending', title: 'Trending posts', empty: 'No posts yet' } as const;

/** An upcoming event: its title to the events page, its date and place under it. */
const eventItem = (event: ClubSidebar['upcomingEvents'][number], basePath: string): SideItem => ({
  key: event.id,
  link: <Link to={`${basePath}/events`}>{event.title}</Link>,
  detail: (
    <>
      <time dateTime={event.startDate}>{eventDate.format(new Date(event.startDate))}</time>
      {event.location ? ` · ${event.location}` : ''}
    </>
  ),
});

/** A trending post: its title (or its author's) opening it in the feed, its author and likes under it. */
const postItem = (post: ClubSidebar['trendingPosts'][number], basePath: string): SideItem => ({
  key: post.id,
  link: <Link to={`${basePath}?post=${post.id}`}>{post.title || `Post by ${post.authorName}`}</Link>,
  detail: `${post.authorName} · ${post.likeCount} ${post.likeCount === 1 ? 'like' : 'likes'}`,
});

function About({ text }: { text: string }) {
  const [more, setMore] = useState(false);
  const long = Array.from(text).length > DESCRIPTION_TRUNCATE_LENGTH;
  return (
    <section className="feed-card feed-side" aria-labelledby="club-about">
      <h2 id="club-about">About</h2>
      <p className="feed-text">{more || !long ? text : truncate(text)}</p>
      {long && (
        <Button size="small" variation="link" aria-expanded={more} onClick={() => setMore(!more)}>
          {more ? 'Show less' : 'Show more'}
        </Button>
      )}
    </section>
  );
}

function OwnerCards({ clubId, basePath }: { clubId: string; basePath: string }) {
  const copy = useCopyLink();
  const link = useInviteLink(clubId);
  const inviteLink = link.data ? inviteUrlOf(clubId, link.data.token) : null;
  return (
    <>
      <section className="feed-card feed-side" aria-labelledby="club-invite">
        <h2 id="club-invite">Invite members</h2>
        <p className="feed-muted feed-side__link">
          {inviteLink ?? (link.isError ? 'Could not load the link' : '…')}
        </p>
        <Button size="small" isDisabled={!inviteLink} onClick={() => inviteLink && void copy(inviteLink)}>
          Copy Invite Link
        </Button>
      </section>
      <section className="feed-card feed-side" aria-labelledby="club-add">
        <h2 id="club-add">Add content</h2>
        <div className="feed-side__row">
          <Button as={Link} size="small" to={`${basePath}/events/create`}>
            Create Event
          </Button>
          <Button as={Link} size="small" to={`${basePath}/courses/create`}>
            Create Course
          </Button>
        </div>
      </section>
    </>
  );
}

export function ClubHomeSidebar() {
  const { club, role, basePath, canWrite } = useClubSpace();
  const summary = useClubSidebar(club.id);
  const data = summary.data;
  return (
    <aside className="feed-sidebar" aria-label="Club sidebar">
      {hasPermission(role, 'CLUB_OPTIONS') && <OwnerCards clubId={club.id} basePath={basePath} />}
      <About text={data?.about ?? club.description} />
      {role && canWrite && <ClubNotificationPreference clubId={club.id} />}
      {summary.isError && (
        <p role="alert" className="feed-error">
          Could not load the club's highlights.{' '}
          <Button size="small" variation="link" onClick={() => void summary.refetch()}>
            Retry
          </Button>
        </p>
      )}
      {data && (
        <>
          <SideList {...EVENTS_LIST} items={data.upcomingEvents.map((event) => eventItem(event, basePath))} />
          <SideList {...TRENDING_LIST} items={data.trendingPosts.map((post) => postItem(post, basePath))} />
          <section className="feed-card feed-side" aria-labelledby="club-members">
            <h2 id="club-members">Members ({data.memberCount})</h2>
            <ul className="feed-side__avatars">
              {data.members.map((member) => (
                <li key={member.id}>
                  <Link to={`/members/${member.id}`} title={member.name}>
                    <PersonAvatar name={member.name} url={member.avatarUrl} size={36} decorative />
                    <span className="visually-hidden">{member.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
            <Link to={`${basePath}/members`}>View all members</Link>
          </section>
        </>
      )}
    </aside>
  );
}
