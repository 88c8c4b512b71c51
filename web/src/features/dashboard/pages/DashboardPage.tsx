/**
 * The personal dashboard /dashboard: greeting, search, the create-club
 * banner, How It Works, the avatar menu, and the tabs Discover, Clubs Requested, Clubs Joined
 * and Clubs Owned with their cards and empty states.
 */
import { Alert, Badge, Button, Card, Flex, Heading, Loader, Tabs, Text } from '@aws-amplify/ui-react';
import type { MyMembership, PublicClub } from '@clubs/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { messageOf } from '../../../api/errors.ts';
import { useGreetingName, useMe } from '../../../api/me.ts';
import { AvatarMenu } from '../../../components/clubs/AvatarMenu.tsx';
import { ClubCard } from '../../../components/clubs/ClubCard.tsx';
import '../../../components/clubs/clubs.css';
import { ClubSearch } from '../../../components/clubs/ClubSearch.tsx';
import { CreateClubDialog } from '../../../components/create-club/CreateClubDialog.tsx';
import { LOAD_FAILED_TEXT, QueryFailed } from '../../../components/LoadFailed.tsx';
import { PageColumn } from '../../../components/PageColumn.tsx';
import { TextLink } from '../../../components/TextLink.tsx';
import { matchesSearch, useDiscover, useMyMemberships } from '../api.ts';

type TabValue = 'discover' | 'requested' | 'joined' | 'owned';

const STEPS = [
  { title: '1. Join a club', text: 'Browse the directory and join the communities that inspire you.' },
  { title: '2. Engage and learn', text: 'Take part in discussions, events and courses with fellow members.' },
  { title: '3. Create your own', text: 'Launch your own club and grow a community around your passion.' },
] as const;

const EMPTY: Record<Exclude<TabValue, 'discover'>, { title: string; text: string }> = {
  requested: {
    title: 'No pending requests',
    text: 'Clubs you ask to join appear here until you are approved.',
  },
  joined: { title: "You haven't joined any clubs yet", text: 'Explore the directory to find your circle.' },
  owned: { title: "You don't own any clubs yet", text: 'Create a club and start your own community.' },
};

/** Card link and button label rules. */
function cardAction(club: PublicClub, membership: MyMembership['membership'] | null) {
  const toPublicPage = membership === null || membership.status === 'pending';
  const label =
    membership?.role === 'club_owner' ? 'Manage Club' : membership === null ? 'View Details' : 'View Club';
  return (
    <Button
      as={Link}
      to={toPublicPage ? `/c/${club.id}` : `/communities/${club.id}`}
      aria-label={`${label}: ${club.name}`}
      variation="primary"
      isFullWidth
    >
      {label}
    </Button>
  );
}

function StatusNote({ club }: { club: PublicClub }) {
  if (club.status === 'active') return null;
  return (
    <Badge size="small" variation="warning" alignSelf="flex-start">
      {club.status === 'unpaid' ? 'Awaiting payment' : club.status}
    </Badge>
  );
}

function EmptyState({ title, text, onCreate }: { title: string; text: string; onCreate: () => void }) {
  return (
    <Flex direction="column" alignItems="center" gap="small" padding="xl" textAlign="center">
      <Heading level={3}>{title}</Heading>
      <Text color="font.secondary">{text}</Text>
      <Button variation="primary" onClick={onCreate}>
        Create Club
      </Button>
    </Flex>
  );
}

function TabLabel({ label, count }: { label: string; count: number }) {
  return (
    <>
      {label}
      {count > 0 ? (
        <Badge size="small" className="club-count-badge" aria-label={`${count}`}>
          {count}
        </Badge>
      ) : null}
    </>
  );
}

export default function DashboardPage() {
  const me = useMe();
  const name = useGreetingName();
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<TabValue>('discover');
  const [creating, setCreating] = useState(false);
  const mine = useMyMemberships();
  const discover = useDiscover();
  const openCreate = () => setCreating(true);

  const memberCards = (items: MyMembership[], empty: { title: string; text: string }) => {
    if (mine.isError) return <QueryFailed query={mine} what="your clubs" headingLevel={3} />;
    if (mine.isPending) return <Loader ariaLabel="Loading your clubs" />;
    if (items.length === 0) return <EmptyState {...empty} onCreate={openCreate} />;
    const shown = items.filter((m) => matchesSearch(m.club, search));
    if (shown.length === 0) return <Text color="font.secondary">No clubs match your search</Text>;
    return (
      <div className="club-grid">
        {shown.map(({ club, membership }) => (
          <ClubCard
            key={club.id}
            club={club}
            extra={<StatusNote club={club} />}
            action={cardAction(club, membership)}
          />
        ))}
      </div>
    );
  };

  const discoverPanel = () => {
    if (discover.isError) return <QueryFailed query={discover} what="clubs to discover" headingLevel={3} />;
    if (discover.isPending) return <Loader ariaLabel="Loading clubs" />;
    const clubs = (discover.data?.items ?? []).filter((club) => matchesSearch(club, search));
    return (
      <Flex direction="column" gap="medium">
        {(discover.data?.items.length ?? 0) === 0 ? (
          <EmptyState
            title="No clubs to discover yet"
            text="You are in every club there is. Why not start one?"
            onCreate={openCreate}
          />
        ) : clubs.length === 0 ? (
          <Text color="font.secondary">No clubs match your search</Text>
        ) : (
          <div className="club-grid">
            {clubs.map((club) => (
              <ClubCard key={club.id} club={club} action={cardAction(club, null)} />
            ))}
          </div>
        )}
        <TextLink to="/clubs">Discover More Clubs</TextLink>
      </Flex>
    );
  };

  return (
    <PageColumn width="80rem">
      <Flex justifyContent="space-between" alignItems="center" gap="medium" wrap="wrap">
        {me.isError ? (
          <Alert variation="error" heading="Could not load your profile">
            <Flex direction="column" gap="small" alignItems="flex-start">
              <Text>{messageOf(me.error, LOAD_FAILED_TEXT)}</Text>
              <Button size="small" onClick={() => void me.refetch()}>
                Try again
              </Button>
            </Flex>
          </Alert>
        ) : me.isPending ? (
          <Flex alignItems="center" gap="small" role="status">
            <Loader ariaLabel="Loading your profile" />
            <Text>Loading your profile...</Text>
          </Flex>
        ) : (
          <Heading level={1}>Welcome, {name}</Heading>
        )}
        <AvatarMenu />
      </Flex>

      <ClubSearch value={search} onChange={setSearch} />

      <Flex className="club-banner" direction="column" gap="small" alignItems="flex-start">
        <Heading level={2}>Create your own club</Heading>
        <Text>Launch a members-only community with discussions, courses and events.</Text>
        <Button variation="primary" onClick={openCreate}>
          Create Club
        </Button>
      </Flex>

      <Flex as="section" direction="column" gap="medium" aria-label="How It Works">
        <Heading level={2}>How It Works</Heading>
        <div className="club-grid">
          {STEPS.map((step) => (
            <Card key={step.title} variation="outlined">
              <Heading level={3} fontSize="large">
                {step.title}
              </Heading>
              <Text color="font.secondary">{step.text}</Text>
            </Card>
          ))}
        </div>
      </Flex>

      <Tabs.Container value={tab} onValueChange={(value) => setTab(value as TabValue)} isLazy>
        <Tabs.List aria-label="Your clubs" wrap="wrap">
          <Tabs.Item value="discover">Discover</Tabs.Item>
          <Tabs.Item value="requested">
            <TabLabel label="Clubs Requested" count={mine.requested.length} />
          </Tabs.Item>
          <Tabs.Item value="joined">
            <TabLabel label="Clubs Joined" count={mine.joined.length} />
          </Tabs.Item>
          <Tabs.Item value="owned">
            <TabLabel label="Clubs Owned" count={mine.owned.length} />
          </Tabs.Item>
        </Tabs.List>
        <Tabs.Panel value="discover" paddingTop="medium">
          {discoverPanel()}
        </Tabs.Panel>
        <Tabs.Panel value="requested" paddingTop="medium">
          {memberCards(mine.requested, EMPTY.requested)}
        </Tabs.Panel>
        <Tabs.Panel value="joined" paddingTop="medium">
          {memberCards(mine.joined, EMPTY.joined)}
        </Tabs.Panel>
        <Tabs.Panel value="owned" paddingTop="medium">
          {memberCards(mine.owned, EMPTY.owned)}
        </Tabs.Panel>
      </Tabs.Container>

      <CreateClubDialog open={creating} onClose={() => setCreating(false)} />
    </PageColumn>
  );
}
