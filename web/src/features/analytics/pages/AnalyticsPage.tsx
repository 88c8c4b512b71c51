/**
 * The Analytics page (Admin Controls → Analytics, /communities/{id}/analytics): a period picker,
 * headline figures with their change against the period before, charts of members, daily active
 * members, engagement and (for the owner) revenue, refunds and net revenue by month, the public page's funnel, top posts,
 * top contributors (the leaderboard's own rows), course completion, and the series as a CSV
 * download. Moderators see everything but money; the server leaves it out of their answer.
 */
import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import {
  type Analytics,
  type AnalyticsHeadline,
  type AnalyticsPeriod,
  isClubManager,
  type LeaderboardPeriod,
} from '@clubs/shared';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { downloadApiFile } from '../../../api/download.ts';
import { messageOf } from '../../../api/errors.ts';
import { chartSummary } from '../../../components/charts/chart-summary.ts';
import { LazyChart as Chart } from '../../../components/charts/LazyChart.tsx';
import { PeriodPicker } from '../../../components/charts/PeriodPicker.tsx';
import { QueryFailed } from '../../../components/LoadFailed.tsx';
import { LoadingLine } from '../../../components/LoadingLine.tsx';
import { moneyOf } from '../../../components/money.ts';
import { PageColumn } from '../../../components/PageColumn.tsx';
import { useClubSpace } from '../../../layouts/club/clubSpace.ts';
import { useClubAnalytics, useTopContributors } from '../api.ts';
import './analytics.css';

/** The leaderboard tab whose points best match the period. */
const LEADERBOARD_OF: Record<AnalyticsPeriod, LeaderboardPeriod> = {
  '7d': 'last7',
  '30d': 'last30',
  '90d': 'all',
  '12m': 'all',
};

const COLORS = {
  members: '#2563eb',
  active: '#16a34a',
  posts: '#9333ea',
  comments: '#ea580c',
  likes: '#db2777',
  completions: '#0891b2',
  revenue: '#15803d',
  refunds: '#b91c1c',
  net: '#1e3a8a',
};

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const count = (value: number) => value.toLocaleString();
/** A count with its noun, in the singular for one. */
const counted = (value: number, one: string, many: string) => `${count(value)} ${value === 1 ? one : many}`;

function changeText(figure: AnalyticsHeadline, format: (value: number) => string, ratio = false): string {
  if (figure.previous === null) return 'no earlier period';
  const delta = figure.value - figure.previous;
  if (delta === 0) return 'no change on the period before';
  const sign = delta > 0 ? '+' : '−';
  const amount = ratio ? `${(Math.abs(delta) * 100).toFixed(1)} pts` : format(Math.abs(delta));
  return `${sign}${amount} on the period before`;
}

function Headline({
  label,
  figure,
  format,
  ratio,
}: {
  label: string;
  figure: AnalyticsHeadline | undefined;
  format: (value: number) => string;
  ratio?: boolean;
}) {
  if (!figure) return null;
  return (
    <Card variation="outlined" flex="1 1 10rem" role="group" aria-label={label} className="analytics-card">
      <Text fontSize="small" color="font.secondary">
        {label}
      </Text>
      <Text fontSize="xl" fontWeight="bold" data-testid="headline-value">
        {format(figure.value)}
      </Text>
      <Text fontSize="small" color="font.secondary">
        {changeText(figure, format, ratio)}
      </Text>
    </Card>
  );
}

function Charts({ data }: { data: Analytics }) {
  const money = (amount: number) => moneyOf({ amount, currency: data.currency ?? 'usd' });
  const charts = useMemo(() => {
    const labels = data.series.map((point) => point.bucket);
    const of = (name: keyof Analytics['series'][number]) =>
      data.series.map((point) => Number(point[name] ?? 0));
    const activeLabel = data.bucket === 'day' ? 'Active members' : 'Active member-days';
    const list = [
      {
        title: 'Members over time',
        testId: 'chart-members',
        labels,
        series: [{ label: 'Members', values: of('members'), color: COLORS.members }],
      },
      {
        title: data.bucket === 'day' ? 'Daily active members' : 'Active members by month',
        testId: 'chart-active',
        labels,
        series: [{ label: activeLabel, values: of('activeMembers'), color: COLORS.active }],
      },
      {
        title: 'Engagement by kind',
        testId: 'chart-engagement',
        labels,
        series: [
          { label: 'Posts', values: of('posts'), color: COLORS.posts },
          { label: 'Comments', values: of('comments'), color: COLORS.comments },
          { label: 'Likes', values: of('likes'), color: COLORS.likes },
          { label: 'Sections completed', values: of('completions'), color: COLORS.completions },
        ],
      },
    ];
    return list.map((chart) => ({
      ...chart,
      summary: chartSummary(chart.title, chart.labels, chart.series, count),
    }));
  }, [data]);
  const revenue = useMemo(() => {
    if (!data.revenueByMonth) return null;
    const labels = data.revenueByMonth.map((month) => month.month);
    const series = [
      { label: 'Revenue', values: data.revenueByMonth.map((month) => month.revenue), color: COLORS.revenue },
      { label: 'Refunds', values: data.revenueByMonth.map((month) => month.refunds), color: COLORS.refunds },
      {
        label: 'Net revenue',
        values: data.revenueByMonth.map((month) => month.revenue - month.refunds),
        color: COLORS.net,
      },
    ];
    return { labels, series };
  }, [data.revenueByMonth]);
  return (
    <div className="charts">
      {charts.map((chart) => (
        <Chart key={chart.title} {...chart} />
      ))}
      {revenue ? (
        <Chart
          title="Revenue by month"
          testId="chart-revenue"
          kind="bars"
          labels={revenue.labels}
          series={revenue.series}
          format={money}
          summary={chartSummary('Revenue by month', revenue.labels, revenue.series, money)}
        />
      ) : null}
    </div>
  );
}

function TopContributors({ clubId, period }: { clubId: string; period: AnalyticsPeriod }) {
  const board = useTopContributors(clubId, LEADERBOARD_OF[period]);
  if (board.isPending) return <LoadingLine label="Loading top contributors" />;
  if (board.isError) return <QueryFailed query={board} what="top contributors" headingLevel={3} />;
  if (board.data.items.length === 0) return <Text>No points earned yet.</Text>;
  return (
    <ol className="analytics-list">
      {board.data.items.map((entry) => (
        <li key={entry.userId}>
          <Link to={`/members/${entry.userId}`}>{entry.name}</Link> —{' '}
          {counted(entry.points, 'point', 'points')}
        </li>
      ))}
    </ol>
  );
}

/** One part of the details under its heading; `empty`, when given, says there is nothing to show instead. */
function Part({
  id,
  title,
  empty = null,
  children,
}: {
  id: string;
  title: string;
  empty?: string | null;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Heading level={3} id={id}>
        {title}
      </Heading>
      {empty ? <Text>{empty}</Text> : children}
    </section>
  );
}

function Details({ data, clubId, basePath }: { data: Analytics; clubId: string; basePath: string }) {
  return (
    <div className="analytics-details">
      <Part id="analytics-funnel" title="Public page funnel">
        <ol className="analytics-funnel" data-testid="analytics-funnel">
          <li>{counted(data.funnel.visitors, 'visitor', 'visitors')}</li>
          <li>{counted(data.funnel.requests, 'join request', 'join requests')}</li>
          <li>{counted(data.funnel.joins, 'new member', 'new members')}</li>
        </ol>
      </Part>
      <Part
        id="analytics-top-posts"
        title="Top posts"
        empty={data.topPosts.length === 0 ? 'No likes or comments in this period.' : null}
      >
        <ol className="analytics-list" data-testid="analytics-top-posts">
          {data.topPosts.map((post) => (
            <li key={post.postId}>
              <Link to={`${basePath}?post=${post.postId}`}>{post.title || 'Untitled post'}</Link> —{' '}
              {counted(post.engagement, 'like or comment', 'likes and comments')}
            </li>
          ))}
        </ol>
      </Part>
      <Part id="analytics-contributors" title="Top contributors">
        <TopContributors clubId={clubId} period={data.period} />
      </Part>
      <Part
        id="analytics-courses"
        title="Course completion"
        empty={data.courses.length === 0 ? 'No course progress yet.' : null}
      >
        <table className="analytics-table">
          <thead>
            <tr>
              <th scope="col">Course</th>
              <th scope="col">Started</th>
              <th scope="col">Halfway</th>
              <th scope="col">Finished</th>
            </tr>
          </thead>
          <tbody>
            {data.courses.map((course) => (
              <tr key={course.courseId}>
                <th scope="row">{course.title}</th>
                <td>{count(course.started)}</td>
                <td>{count(course.halfway)}</td>
                <td>{count(course.finished)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Part>
    </div>
  );
}

export default function AnalyticsPage() {
  const { club, role, basePath } = useClubSpace();
  const [period, setPeriod] = useState<AnalyticsPeriod>('30d');
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const input = { params: { clubId: club.id }, query: { period } };
  const analytics = useClubAnalytics(club.id, period, isClubManager(role) || role === null);
  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadApiFile('exportClubAnalytics', input);
    } catch (error) {
      setDownloadError(messageOf(error, 'The CSV could not be downloaded. Please try again.'));
    } finally {
      setDownloading(false);
    }
  };
  const data = analytics.data;
  const money = (amount: number) => moneyOf({ amount, currency: data?.currency ?? 'usd' });
  return (
    <PageColumn width="80rem">
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Heading level={1}>Analytics</Heading>
        <Flex gap="small" alignItems="center" wrap="wrap">
          <PeriodPicker period={period} onChange={setPeriod} />
          <Button size="small" onClick={download} isLoading={downloading} loadingText="Preparing CSV">
            Download CSV
          </Button>
        </Flex>
      </Flex>
      {downloadError ? (
        <Text role="alert" color="font.error">
          {downloadError}
        </Text>
      ) : null}
      {analytics.isError ? (
        <QueryFailed query={analytics} what="the analytics" headingLevel={2} />
      ) : !data ? (
        <LoadingLine label="Loading the analytics" />
      ) : (
        <>
          <Flex gap="small" wrap="wrap" className="analytics-headlines">
            <Headline label="Members" figure={data.headline.members} format={count} />
            <Headline label="Active members per day" figure={data.headline.activeMembers} format={count} />
            <Headline label="Posts" figure={data.headline.posts} format={count} />
            <Headline label="MRR" figure={data.headline.mrr} format={money} />
            <Headline label="Net revenue" figure={data.headline.netRevenue} format={money} />
            <Headline label="Churn" figure={data.headline.churn} format={percent} ratio />
            <Headline
              label="Trial conversion"
              figure={data.headline.trialConversion}
              format={percent}
              ratio
            />
          </Flex>
          <Charts data={data} />
          <Details data={data} clubId={club.id} basePath={basePath} />
        </>
      )}
    </PageColumn>
  );
}
