/**
 * The platform figures at the top of the super-admin portal: a row of cards with clubs by status,
 * active memberships, active paid memberships and monthly recurring revenue per currency (of
 * member subscriptions and of creator plans), as the counters kept by the API say; then, over
 * the period picked, charts of clubs, members, paying creator plans and the platform's fees (a
 * table of the numbers behind each).
 */
import { Card, Flex, Text } from '@aws-amplify/ui-react';
import type { AnalyticsPeriod, PlatformFigures as Figures, MoneyAmount } from '@clubs/shared';
import { useMemo, useState } from 'react';
import type { ChartProps } from '../../../components/charts/Chart.tsx';
import { chartSummary } from '../../../components/charts/chart-summary.ts';
import { LazyChart as Chart } from '../../../components/charts/LazyChart.tsx';
import { PeriodPicker } from '../../../components/charts/PeriodPicker.tsx';
import { moneyOf } from '../../../components/money.ts';
import { usePlatformFigures } from '../api.ts';
import { AdminSection } from './AdminSection.tsx';

const revenueOf = (amounts: MoneyAmount[]) =>
  amounts.length === 0 ? moneyOf({ amount: 0, currency: 'usd' }) : amounts.map(moneyOf).join(' + ');

const COLORS = { clubs: '#2563eb', active: '#16a34a', members: '#9333ea', plans: '#ea580c', fees: '#15803d' };
const count = (value: number) => value.toLocaleString();

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card variation="outlined" flex="1 1 11rem" role="group" aria-label={label}>
      <Text fontSize="small" color="font.secondary">
        {label}
      </Text>
      <Text fontSize="xl" fontWeight="bold">
        {value}
      </Text>
      {detail ? (
        <Text fontSize="small" color="font.secondary">
          {detail}
        </Text>
      ) : null}
    </Card>
  );
}

/** The charts of the series: counts first, then the fees of each currency taken (USD when none). */
function chartsOf(data: Figures): ChartProps[] {
  const labels = data.series.map((point) => point.bucket);
  const of = (pick: (point: Figures['series'][number]) => number) => data.series.map(pick);
  const counts = [
    {
      title: 'Clubs',
      testId: 'chart-clubs',
      series: [
        { label: 'All clubs', values: of((p) => p.clubs), color: COLORS.clubs },
        { label: 'Active clubs', values: of((p) => p.activeClubs), color: COLORS.active },
      ],
    },
    {
      title: 'Members',
      testId: 'chart-platform-members',
      series: [{ label: 'Members', values: of((p) => p.members), color: COLORS.members }],
    },
    {
      title: 'Creator plans',
      testId: 'chart-creator-plans',
      series: [{ label: 'Paying creator plans', values: of((p) => p.creatorPlans), color: COLORS.plans }],
    },
  ].map((chart) => ({ ...chart, labels, summary: chartSummary(chart.title, labels, chart.series, count) }));
  const currencies = [...new Set(data.series.flatMap((point) => point.fees.map((fee) => fee.currency)))];
  const fees = (currencies.length > 0 ? currencies.sort() : ['usd']).map((currency) => {
    const title = `Platform fees (${currency.toUpperCase()})`;
    const format = (amount: number) => moneyOf({ amount, currency });
    const series = [
      {
        label: 'Fees',
        values: of((p) => p.fees.find((fee) => fee.currency === currency)?.amount ?? 0),
        color: COLORS.fees,
      },
    ];
    return {
      title,
      testId: `chart-fees-${currency}`,
      kind: 'bars' as const,
      labels,
      series,
      format,
      summary: chartSummary(title, labels, series, format),
    };
  });
  return [...counts, ...fees];
}

function PlatformCharts({ data }: { data: Figures }) {
  const charts = useMemo(() => chartsOf(data), [data]);
  return (
    <div className="charts">
      {charts.map((chart) => (
        <Chart key={chart.title} {...chart} />
      ))}
    </div>
  );
}

export function PlatformFigures() {
  const [period, setPeriod] = useState<AnalyticsPeriod>('30d');
  const figures = usePlatformFigures(period);
  return (
    <AdminSection
      id="platform-figures-heading"
      title="Platform Figures"
      what="the platform figures"
      query={figures}
    >
      {(data) => (
        <>
          <Flex gap="small" wrap="wrap">
            <Figure
              label="Active clubs"
              value={String(data.clubs.active)}
              detail={`${data.clubs.pending} pending · ${data.clubs.unpaid} unpaid · ${data.clubs.inactive} inactive`}
            />
            <Figure label="Members" value={String(data.members)} detail="active memberships" />
            <Figure
              label="Paid memberships"
              value={String(data.paidMemberships)}
              detail="active member subscriptions"
            />
            <Figure label="Membership MRR" value={revenueOf(data.membershipMrr)} detail="per month" />
            <Figure
              label="Creator plan MRR"
              value={revenueOf(data.creatorPlanMrr)}
              detail={`${data.creatorPlans} paying creator plans`}
            />
          </Flex>
          <Flex justifyContent="flex-end" marginBlock="small">
            <PeriodPicker period={period} onChange={setPeriod} />
          </Flex>
          <PlatformCharts data={data} />
        </>
      )}
    </AdminSection>
  );
}
