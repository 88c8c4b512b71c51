/**
 * Billing: the cards Subscription, Payment Method and Payment History, with real
 * data read from Stripe by the server (the spec's mock data made real), and Stripe's Billing
 * Portal for changing the card or cancelling. Owner only: others are told it is not theirs to view.
 */

import { Link as AmplifyLink, Badge, Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { ClubBilling, PlanSummary } from '@clubs/shared';
import { useParams } from 'react-router-dom';
import type { ApiFunction } from '../../../api/client.ts';
import { messageOf } from '../../../api/errors.ts';
import { api } from '../../../api/index.ts';
import { useAction } from '../../../api/mutations.ts';
import { type Column, DataTable } from '../../../components/DataTable.tsx';
import { leaveFor } from '../../../components/navigation.ts';
import { PageColumn } from '../../../components/PageColumn.tsx';
import { TextLink } from '../../../components/TextLink.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { useClubBilling } from '../api.ts';
import { OwnerQuery } from '../components/OwnerQuery.tsx';

export const BILLING_TEXTS = {
  title: 'Billing',
  what: 'billing information',
  accessDenied: "You don't have permission to view billing information for this club",
  backToSettings: 'Back to Settings',
  subscription: 'Subscription',
  paymentMethod: 'Payment Method',
  paymentHistory: 'Payment History',
  noPlan: 'This club has no creator plan yet.',
  noCard: 'No payment method on file.',
  noPayments: 'No payments yet.',
  manage: 'Manage subscription',
  updateCard: 'Update payment method',
  startPlan: 'Start Free Trial',
  portalFailed: 'Failed to open the billing portal',
  checkoutFailed: 'Failed to create checkout session',
} as const;

const T = BILLING_TEXTS;

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
const day = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }) : '';

const STATUS_LABELS: Record<string, { label: string; variation: 'success' | 'info' | 'warning' | 'error' }> =
  {
    trialing: { label: 'Free trial', variation: 'info' },
    active: { label: 'Active', variation: 'success' },
    past_due: { label: 'Payment due', variation: 'warning' },
    unpaid: { label: 'Unpaid', variation: 'error' },
    incomplete: { label: 'Incomplete', variation: 'warning' },
    canceled: { label: 'Cancelled', variation: 'error' },
    incomplete_expired: { label: 'Expired', variation: 'error' },
    paused: { label: 'Paused', variation: 'warning' },
  };

function planLine(plan: PlanSummary): string {
  if (plan.status === 'canceled') return 'This plan has ended.';
  if (plan.cancelAtPeriodEnd) return `Cancels on ${day(plan.currentPeriodEnd)}.`;
  if (plan.status === 'trialing' && plan.trialEnd) return `Free trial until ${day(plan.trialEnd)}.`;
  return plan.currentPeriodEnd ? `Renews on ${day(plan.currentPeriodEnd)}.` : '';
}

function SubscriptionCard({
  billing,
  onPortal,
  onStart,
  busy,
}: {
  billing: ClubBilling;
  onPortal: () => void;
  onStart: () => void;
  busy: boolean;
}) {
  const { plan } = billing;
  const status = plan
    ? (STATUS_LABELS[plan.status] ?? { label: plan.status, variation: 'info' as const })
    : null;
  return (
    <Card variation="outlined">
      <Flex direction="column" gap="small">
        <Heading level={2} fontSize="large">
          {T.subscription}
        </Heading>
        {plan && status ? (
          <>
            <Flex alignItems="center" gap="small" wrap="wrap">
              <Text fontWeight="bold">{plan.name}</Text>
              <Badge variation={status.variation}>{status.label}</Badge>
            </Flex>
            <Text fontSize="xl" fontWeight="bold">
              {money(plan.amount, plan.currency)}
              <Text as="span" fontSize="medium" fontWeight="normal">
                /{plan.interval}
              </Text>
            </Text>
            <Text color="font.secondary">{planLine(plan)}</Text>
            {billing.portalAvailable ? (
              <Button onClick={onPortal} isDisabled={busy} alignSelf="flex-start">
                {T.manage}
              </Button>
            ) : null}
          </>
        ) : (
          <>
            <Text>{T.noPlan}</Text>
            {billing.clubStatus === 'unpaid' ? (
              <Button variation="primary" onClick={onStart} isDisabled={busy} alignSelf="flex-start">
                {T.startPlan}
              </Button>
            ) : null}
          </>
        )}
      </Flex>
    </Card>
  );
}

type Invoice = ClubBilling['invoices'][number];

const INVOICE_COLUMNS: Column<Invoice>[] = [
  { header: 'Date', cell: (invoice) => day(invoice.date) },
  {
    header: 'Description',
    cell: (invoice) =>
      invoice.hostedInvoiceUrl ? (
        <AmplifyLink href={invoice.hostedInvoiceUrl} target="_blank" rel="noreferrer">
          {invoice.description}
        </AmplifyLink>
      ) : (
        invoice.description
      ),
  },
  { header: 'Amount', cell: (invoice) => money(invoice.amount, invoice.currency) },
  {
    header: 'Status',
    cell: (invoice) => <span style={{ textTransform: 'capitalize' }}>{invoice.status}</span>,
  },
];

/** A call that answers with a Stripe page to go to, and what to say if it fails. */
interface StripeRedirect {
  start: (api: ApiFunction) => Promise<{ url: string }>;
  fallback: string;
}

export default function BillingPage() {
  const { clubId = '' } = useParams();
  const { toast } = useToast();
  const billing = useClubBilling(clubId);
  // Either action ends by leaving for a Stripe page, so it stays busy until the page is gone.
  const go = useAction({
    mutationFn: async ({ start }: StripeRedirect) => leaveFor((await start(api)).url),
    onError: (error, { fallback }) => {
      console.error(fallback, error);
      toast({ title: 'Error', description: messageOf(error, fallback), variant: 'error' });
    },
  });
  const busy = go.isPending;
  const openPortal = () =>
    go.run({ start: (api) => api('createBillingPortal', { params: { clubId } }), fallback: T.portalFailed });
  const startPlan = () =>
    go.run({
      start: (api) => api('createClubCheckout', { params: { clubId }, body: { plan: 'monthly' } }),
      fallback: T.checkoutFailed,
    });

  return (
    <PageColumn width="56rem">
      <TextLink to={`/club-settings/${clubId}`}>← {T.backToSettings}</TextLink>
      <OwnerQuery query={billing} texts={T} clubName={(data) => data.clubName}>
        {(data) => (
          <>
            <SubscriptionCard billing={data} onPortal={openPortal} onStart={startPlan} busy={busy} />
            <Card variation="outlined">
              <Flex direction="column" gap="small">
                <Heading level={2} fontSize="large">
                  {T.paymentMethod}
                </Heading>
                {data.paymentMethod ? (
                  <Text>
                    <span style={{ textTransform: 'capitalize' }}>{data.paymentMethod.brand}</span> ••••{' '}
                    {data.paymentMethod.last4}, expires {String(data.paymentMethod.expMonth).padStart(2, '0')}
                    /{data.paymentMethod.expYear}
                  </Text>
                ) : (
                  <Text>{T.noCard}</Text>
                )}
                {data.portalAvailable ? (
                  <Button onClick={openPortal} isDisabled={busy} alignSelf="flex-start">
                    {T.updateCard}
                  </Button>
                ) : null}
              </Flex>
            </Card>
            <Card variation="outlined">
              <Flex direction="column" gap="small">
                <Heading level={2} fontSize="large">
                  {T.paymentHistory}
                </Heading>
                {data.invoices.length === 0 ? (
                  <Text>{T.noPayments}</Text>
                ) : (
                  <DataTable
                    caption="Payment history"
                    columns={INVOICE_COLUMNS}
                    rows={data.invoices}
                    rowKey={(invoice) => invoice.id}
                  />
                )}
              </Flex>
            </Card>
          </>
        )}
      </OwnerQuery>
    </PageColumn>
  );
}
