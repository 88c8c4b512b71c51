/**
 * The Leaderboard page: tabs 'Last 7 days', 'Last 30 days' and
 * 'All time'; the top three on a podium and the full rankings (rank, member, badges, points) by
 * cursor; the viewer's own row highlighted with 'You', and shown below the table with their rank
 * when it is not among the rows loaded.
 */
import {
  Badge,
  Flex,
  Heading,
  Loader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  Text,
} from '@aws-amplify/ui-react';
import type { LeaderboardEntry, LeaderboardPeriod } from '@clubs/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PersonAvatar } from '../../../components/clubs/ClubAvatar.tsx';
import { LevelBadge } from '../../../components/clubs/LevelBadge.tsx';
import { PageColumn } from '../../../components/PageColumn.tsx';
import { ListLoadFailed, ShowMore } from '../../../components/PagedList.tsx';
import { useClubSpace } from '../../../layouts/club/clubSpace.ts';
import { useRankings, useStanding } from '../api.ts';
import './leaderboard.css';

const TABS: { value: LeaderboardPeriod; label: string }[] = [
  { value: 'last7', label: 'Last 7 days' },
  { value: 'last30', label: 'Last 30 days' },
  { value: 'all', label: 'All time' },
];

/** How points are earned, in the words members read. */
const POINTS_RULE =
  'Members earn a point on each day someone else likes their posts: one a day from each person, however many posts they like, and it goes if they take back every like of that day.';

const pointsText = (points: number) => `${points.toLocaleString()} ${points === 1 ? 'point' : 'points'}`;

/** The podium's order on screen: second, first, third. */
const PODIUM_ORDER = [1, 0, 2];

function Podium({ top, myId }: { top: LeaderboardEntry[]; myId: string | undefined }) {
  return (
    <ol className="leaderboard-podium" aria-label="Top three">
      {PODIUM_ORDER.flatMap((index) => {
        const entry = top[index];
        if (!entry) return [];
        return [
          <li
            key={entry.userId}
            className={`leaderboard-podium__place leaderboard-podium__place--${index + 1}`}
            data-testid="podium-place"
          >
            <span className="leaderboard-podium__rank">#{entry.rank}</span>
            <PersonAvatar name={entry.name} url={entry.avatar} size={index === 0 ? 72 : 56} decorative />
            <Link to={`/members/${entry.userId}`} className="leaderboard-podium__name">
              {entry.name}
            </Link>
            {entry.userId === myId && <Badge variation="success">You</Badge>}
            <LevelBadge level={entry.level} />
            <Text fontWeight={600}>{pointsText(entry.points)}</Text>
          </li>,
        ];
      })}
    </ol>
  );
}

function EntryRow({
  entry,
  mine,
  rankLabel,
}: {
  entry: LeaderboardEntry;
  mine: boolean;
  rankLabel?: string;
}) {
  return (
    <TableRow className={mine ? 'leaderboard-row--me' : undefined} data-testid="leaderboard-row">
      <TableCell>{rankLabel ?? `#${entry.rank}`}</TableCell>
      <TableCell>
        <Flex alignItems="center" gap="small">
          <PersonAvatar name={entry.name} url={entry.avatar} size={32} decorative />
          <Link to={`/members/${entry.userId}`}>{entry.name}</Link>
          {mine && <Badge variation="success">You</Badge>}
        </Flex>
      </TableCell>
      <TableCell>
        <Flex gap="xs" wrap="wrap">
          <LevelBadge level={entry.level} />
        </Flex>
      </TableCell>
      <TableCell textAlign="end">{entry.points.toLocaleString()}</TableCell>
    </TableRow>
  );
}

function RankingsHead() {
  return (
    <TableHead>
      <TableRow>
        <TableCell as="th">Rank</TableCell>
        <TableCell as="th">Member</TableCell>
        <TableCell as="th">Badges</TableCell>
        <TableCell as="th" textAlign="end">
          Points
        </TableCell>
      </TableRow>
    </TableHead>
  );
}

function Rankings({ period }: { period: LeaderboardPeriod }) {
  const { club } = useClubSpace();
  const rankings = useRankings(club.id, period);
  const standing = useStanding(club.id, period);
  if (rankings.isPending) return <Loader variation="linear" />;
  if (rankings.isError) {
    return <ListLoadFailed what="the leaderboard" list={rankings} />;
  }
  const entries = rankings.data.pages.flatMap((page) => page.items);
  const me = standing.data?.me ?? null;
  const myId = me?.userId;
  const meListed = entries.some((entry) => entry.userId === myId);
  if (entries.length === 0) {
    return (
      <div className="leaderboard-empty">
        <p className="leaderboard-empty__title">No points yet</p>
        <p>{POINTS_RULE}</p>
      </div>
    );
  }
  return (
    <Flex direction="column" gap="large">
      <Podium top={entries.slice(0, 3)} myId={myId} />
      <div className="leaderboard-scroll">
        <Table caption="Rankings" highlightOnHover size="small" className="leaderboard-table">
          <RankingsHead />
          <TableBody>
            {entries.map((entry) => (
              <EntryRow key={entry.userId} entry={entry} mine={entry.userId === myId} />
            ))}
          </TableBody>
        </Table>
      </div>
      <ShowMore list={rankings} label="Show more" />
      {me && !meListed && (
        <section aria-label="Your rank" className="leaderboard-mine">
          <Heading level={2} fontSize="medium">
            Your rank
          </Heading>
          <div className="leaderboard-scroll">
            <Table size="small" className="leaderboard-table">
              <TableBody>
                <EntryRow
                  entry={me}
                  mine
                  rankLabel={
                    standing.data?.rankBeyond ? `#${standing.data.rankBeyond.toLocaleString()}+` : undefined
                  }
                />
              </TableBody>
            </Table>
          </div>
        </section>
      )}
    </Flex>
  );
}

export default function LeaderboardPage() {
  const [period, setPeriod] = useState<LeaderboardPeriod>('last7');
  return (
    <PageColumn width="56rem">
      <Heading level={1}>Leaderboard</Heading>
      <Tabs.Container
        className="narrow-tabs"
        value={period}
        onValueChange={(value) => setPeriod(value as LeaderboardPeriod)}
      >
        <Tabs.List spacing="equal">
          {TABS.map((tab) => (
            <Tabs.Item key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Item>
          ))}
        </Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value}>
            {period === tab.value && <Rankings period={tab.value} />}
          </Tabs.Panel>
        ))}
      </Tabs.Container>
    </PageColumn>
  );
}
