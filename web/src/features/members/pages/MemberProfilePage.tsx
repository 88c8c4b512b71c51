/**
 * A member's profile (/members/{userId}): photo, name, bio and location, the clubs the viewer
 * shares with them and their recent posts there. The API answers only a signed-in viewer who
 * shares an active club with them; anyone else is told the member was not found. "Message" opens
 * the conversation with them (from the first club in common that allows it), shown only when the
 * start would be allowed.
 */
import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Link, useParams } from 'react-router-dom';
import { useAuth } from '../../../auth/AuthProvider.tsx';
import { MessageButton } from '../../../components/chat/MessageButton.tsx';
import { ClubLogo, PersonAvatar } from '../../../components/clubs/ClubAvatar.tsx';
import { LoadingScreen } from '../../../components/LoadingScreen.tsx';
import { MessagePanel } from '../../../components/MessagePanel.tsx';
import { PageColumn } from '../../../components/PageColumn.tsx';
import '../../../components/post-card.css';
import { useStartable } from '../../chat/api.ts';
import { useMemberProfile } from '../api.ts';

const ROLE_LABEL = { club_owner: 'Owner', club_moderator: 'Moderator', club_member: 'Member' } as const;
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export default function MemberProfilePage() {
  const { userId = '' } = useParams();
  const profile = useMemberProfile(userId);
  const viewerId = useAuth().user?.sub;
  // "Message" starts through the first club in common that allows it, by the start's own rule.
  const startable = useStartable(
    profile.data?.sharedClubs.map((club) => club.id) ?? [],
    profile.data ? [profile.data.id] : [],
    viewerId,
  );

  if (profile.isPending) return <LoadingScreen />;
  if (profile.isError) {
    if (profile.error.status === 404 || profile.error.status === 400) {
      return (
        <MessagePanel title="Member not found">
          <Text color="font.secondary">You can see the members of the clubs you belong to.</Text>
          <Button as={Link} variation="primary" to="/dashboard">
            Return to Dashboard
          </Button>
        </MessagePanel>
      );
    }
    return (
      <MessagePanel title="Could not load this profile">
        <Text color="font.secondary" role="alert">
          Something went wrong. Please try again.
        </Text>
        <Button variation="primary" onClick={() => void profile.refetch()}>
          Retry
        </Button>
      </MessagePanel>
    );
  }

  const member = profile.data;
  const startFrom = startable.get(member.id);
  return (
    <PageColumn width="48rem">
      <Flex gap="medium" alignItems="center" wrap="wrap">
        <PersonAvatar name={member.name} url={member.avatarUrl} size={96} decorative />
        <Flex direction="column" gap="xxs">
          <Heading level={1}>{member.name}</Heading>
          {member.location && <Text color="font.secondary">{member.location}</Text>}
        </Flex>
        {startFrom && (
          <MessageButton userId={member.id} clubId={startFrom} name={member.name} variation="primary" />
        )}
      </Flex>
      {member.bio && <p className="feed-text">{member.bio}</p>}
      <section aria-labelledby="shared-clubs" className="feed-card">
        <Heading level={2} id="shared-clubs" fontSize="large" marginBottom="small">
          Clubs in common
        </Heading>
        <ul className="feed-side__list">
          {member.sharedClubs.map((club) => (
            <li key={club.id}>
              <Link to={`/communities/${club.id}`} className="feed-post__author">
                <ClubLogo name={club.name} logoUrl={club.logoUrl} size={28} />
                {club.name}
              </Link>
              <span className="feed-muted">{ROLE_LABEL[club.role]}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="recent-posts" className="feed-card">
        <Heading level={2} id="recent-posts" fontSize="large" marginBottom="small">
          Recent posts
        </Heading>
        {member.recentPosts.length === 0 ? (
          <p className="feed-muted">No posts yet</p>
        ) : (
          <ul className="feed-side__list">
            {member.recentPosts.map((post) => (
              <li key={post.id}>
                <Link to={`/communities/${post.clubId}?post=${post.id}`}>
                  {post.title || 'Untitled post'}
                </Link>
                <span className="feed-muted">
                  {post.clubName} ·{' '}
                  <time dateTime={post.createdAt}>{dateFormat.format(new Date(post.createdAt))}</time> ·{' '}
                  {post.likeCount} {post.likeCount === 1 ? 'like' : 'likes'} · {post.commentCount}{' '}
                  {post.commentCount === 1 ? 'comment' : 'comments'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </PageColumn>
  );
}
