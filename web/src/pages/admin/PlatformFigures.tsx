/**
 * The platform figures at the top of the super-admin portal: a row of cards with clubs by status,
 * active memberships, active paid memberships and monthly recurring revenue per currency (of
 * member subscriptions and of creator plans), as the counters kept by the API say.
 */
import { Card, Flex, Text } from '@aws-amplify/ui-react';
import type { MoneyAmount } from '@clubs/shared';
import { useApiQuery } from '../../api/hooks.ts';
import { moneyOf } from '../../components/money.ts';
import { AdminSection } from './AdminSection.tsx';

const revenueOf = (amounts: MoneyAmount[]) =>
  amounts.length === 0 ? moneyOf({ amount: 0, currency: 'usd' }) : amounts.map(moneyOf).join(' + ');

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

export function PlatformFigures() {
  const figures = useApiQuery('getPlatformFigures', {});
  return (
    <AdminSection
      id="platform-figures-heading"
      title="Platform Figures"
      what="the platform figures"
      query={figures}
    >
      {(data) => (
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
      )}
    </AdminSection>
  );
}
