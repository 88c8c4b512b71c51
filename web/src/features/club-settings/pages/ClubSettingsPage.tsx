/**
 * Club settings: tabs General, Membership Pricing and Payments; owner only, others
 * are told 'Access Denied' and that this club's settings are not theirs to open.
 * - General: links to Edit Club, Invite Members and Billing, the switch for chat between members
 *   (MemberChatSwitch), and the Delete Club dialog (real:
 *   the club's subscriptions are cancelled at Stripe and it leaves the directory).
 * - Membership Pricing: free or paid, the monthly price (step 0.01, default 9.99) and the free
 *   trial, saved on the server; below it the membership questions (MembershipQuestionsSection).
 * - Payments: Stripe Connect Express onboarding and the account's real status; members can pay
 *   for the club only once charges are enabled.
 * - Developers: the club's API keys (DevelopersTab).
 */

import {
  Alert,
  Badge,
  Button,
  Card,
  CheckboxField,
  Flex,
  Heading,
  Tabs,
  Text,
  TextField,
} from '@aws-amplify/ui-react';
import {
  type ConnectStatus,
  DEFAULT_MEMBERSHIP_PRICE,
  DEFAULT_TRIAL_DAYS,
  type PublicClub,
} from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { messageOf } from '../../../api/errors.ts';
import { api } from '../../../api/index.ts';
import { useAction, useApiMutation } from '../../../api/mutations.ts';
import { ChoiceField } from '../../../components/form/ChoiceField.tsx';
import { problem, toastFailure, useForm } from '../../../components/form/useForm.tsx';
import { QueryFailed } from '../../../components/LoadFailed.tsx';
import { LoadingLine } from '../../../components/LoadingLine.tsx';
import { leaveFor } from '../../../components/navigation.ts';
import { ConfirmDialog, type ConfirmTexts, useDialog } from '../../../components/overlay/ConfirmDialog.tsx';
import { PageColumn } from '../../../components/PageColumn.tsx';
import { TextLink } from '../../../components/TextLink.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { ownedClubKey, useConnect, useOwnedClub } from '../api.ts';
import { DevelopersTab } from '../components/DevelopersTab.tsx';
import { MemberChatSwitch } from '../components/MemberChatSwitch.tsx';
import { MembershipQuestionsSection } from '../components/MembershipQuestionsSection.tsx';
import { OwnerQuery } from '../components/OwnerQuery.tsx';

export const SETTINGS_TEXTS = {
  title: 'Club Settings',
  what: 'club settings',
  accessDenied: "Access Denied: You don't have permission to access settings for this club",
  general: 'General',
  pricing: 'Membership Pricing',
  payments: 'Payments',
  developers: 'Developers',
  editClub: 'Edit Club',
  inviteMembers: 'Invite Members',
  billing: 'Billing',
  deleteClub: 'Delete Club',
  deleteQuestion:
    'Are you sure you want to delete this club? Its plan and all member subscriptions are cancelled and it disappears from the directory. This action cannot be undone.',
  deleting: 'Deleting...',
  deleted: 'Club deleted successfully',
  deleteFailed: 'Failed to delete the club',
  cancel: 'Cancel',
  saved: 'Membership settings saved successfully',
  saveFailed: 'Failed to save membership settings',
  save: 'Save Changes',
  connectFailed: 'Failed to set up Stripe Connect',
  noOnboardingUrl: 'No onboarding URL returned',
  startOnboarding: 'Set up payouts with Stripe',
  continueOnboarding: 'Continue Stripe onboarding',
  openDashboard: 'Open Stripe dashboard',
  returned: 'Welcome back from Stripe. Your account status is shown below.',
  paidNeedsPayouts: 'Members can pay for this club once payouts are set up in the Payments tab.',
  priceChange:
    'Existing members keep the price they subscribed at; the new price applies to members who join from now on.',
  paidToFree:
    "Current members stay in the club. Their subscriptions are cancelled at the end of the period they've paid for, and nobody is charged again.",
  freeToPaid: 'Existing members stay free; only members who join from now on pay.',
} as const;

/** What saving this pricing does to the members already in the club, said before the owner saves. */
export function pricingChangeNotice(
  club: Pick<PublicClub, 'price' | 'memberCount'>,
  model: 'free' | 'paid',
  amount: number,
): string | null {
  if (club.memberCount <= 1) return null; // only the owner: nobody to tell about
  const wasPaid = club.price > 0;
  if (wasPaid && model === 'free') return SETTINGS_TEXTS.paidToFree;
  if (!wasPaid && model === 'paid') return SETTINGS_TEXTS.freeToPaid;
  if (wasPaid && model === 'paid' && Number.isFinite(amount) && amount !== club.price)
    return SETTINGS_TEXTS.priceChange;
  return null;
}

const T = SETTINGS_TEXTS;
const DELETE_DIALOG: ConfirmTexts = {
  title: T.deleteClub,
  question: T.deleteQuestion,
  confirm: T.deleteClub,
  working: T.deleting,
  cancel: T.cancel,
};
const MODELS = { free: 'Free', paid: 'Paid' } as const;
const TABS = ['general', 'pricing', 'payments', 'developers'] as const;
type Tab = (typeof TABS)[number];

function GeneralTab({ club }: { club: PublicClub }) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const dialog = useDialog();
  const base = `/communities/${club.id}`;
  const remove = useApiMutation('deleteClub', {
    onSuccess: () => {
      toast({ title: T.deleted, variant: 'success' });
      void queryClient.invalidateQueries();
      navigate('/dashboard', { replace: true });
    },
    onError: (error) => {
      console.error(T.deleteFailed, error);
      toast({ title: T.deleteFailed, description: messageOf(error, ''), variant: 'error' });
      dialog.close();
    },
  });

  return (
    <Flex direction="column" gap="medium" paddingTop="medium">
      <Flex direction="column" gap="xs">
        <TextLink to={`${base}/edit`}>{T.editClub}</TextLink>
        <TextLink to={`${base}/invite`}>{T.inviteMembers}</TextLink>
        <TextLink to={`${base}/billing`}>{T.billing}</TextLink>
      </Flex>
      <MemberChatSwitch club={club} />
      <Card variation="outlined">
        <Flex direction="column" gap="small" alignItems="flex-start">
          <Heading level={3} fontSize="medium">
            {T.deleteClub}
          </Heading>
          <Text color="font.secondary">The club, its plan and its members' subscriptions end.</Text>
          <Button variation="destructive" onClick={dialog.open}>
            {T.deleteClub}
          </Button>
        </Flex>
      </Card>
      <ConfirmDialog
        dialog={dialog}
        texts={DELETE_DIALOG}
        request={remove}
        input={{ params: { clubId: club.id } }}
      />
    </Flex>
  );
}

function PricingTab({ club, connect }: { club: PublicClub; connect: ConnectStatus | undefined }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [model, setModel] = useState<keyof typeof MODELS>(club.price > 0 ? 'paid' : 'free');
  const [price, setPrice] = useState(String(club.price > 0 ? club.price : DEFAULT_MEMBERSHIP_PRICE));
  const [freeTrial, setFreeTrial] = useState(club.trialPeriod > 0);
  const amount = Number(price);
  const valid = model === 'free' || (price.trim() !== '' && Number.isFinite(amount) && amount > 0);
  const notice = pricingChangeNotice(club, model, amount);
  const saving = useForm({
    // The price field says what is wrong as it is typed, and Save waits for a valid price.
    check: () => (valid ? null : problem('Enter a price above 0', 'monthlyPrice')),
    send: () =>
      api('updateMembershipPricing', {
        params: { clubId: club.id },
        body: {
          model,
          monthlyPrice: model === 'paid' ? Math.round(amount * 100) / 100 : 0,
          freeTrial,
          currency: club.currency,
        },
      }),
    onSuccess: (updated) => {
      queryClient.setQueryData(ownedClubKey(club.id), updated);
      toast({ title: T.saved, variant: 'success' });
    },
    failure: toastFailure(toast, T.saveFailed, ''),
    label: 'Saving the membership pricing',
  });

  return (
    <form onSubmit={saving.submit}>
      <Flex direction="column" gap="medium" paddingTop="medium" maxWidth="28rem">
        <ChoiceField
          legend="Membership model"
          name="model"
          value={model}
          options={MODELS}
          onChange={setModel}
        />
        {model === 'paid' ? (
          <>
            <TextField
              label={`Monthly price (${club.currency})`}
              name="monthlyPrice"
              type="number"
              step="0.01"
              min="0.5"
              inputMode="decimal"
              value={price}
              hasError={!valid}
              errorMessage="Enter a price above 0"
              onChange={(event) => setPrice(event.target.value)}
            />
            <CheckboxField
              label={`${DEFAULT_TRIAL_DAYS}-day free trial`}
              name="freeTrial"
              checked={freeTrial}
              onChange={(event) => setFreeTrial(event.target.checked)}
            />
            {connect && !connect.chargesEnabled ? (
              <Alert variation="warning">{T.paidNeedsPayouts}</Alert>
            ) : null}
          </>
        ) : null}
        {notice ? (
          <Alert variation="info" heading="Members already in the club">
            {notice}
          </Alert>
        ) : null}
        <Button
          type="submit"
          variation="primary"
          isDisabled={!valid}
          isLoading={saving.busy}
          alignSelf="flex-start"
        >
          {T.save}
        </Button>
      </Flex>
    </form>
  );
}

function Status({ label, done }: { label: string; done: boolean }) {
  return (
    <Flex justifyContent="space-between" alignItems="center" gap="medium">
      <Text>{label}</Text>
      <Badge variation={done ? 'success' : 'warning'}>{done ? 'Yes' : 'Not yet'}</Badge>
    </Flex>
  );
}

function PaymentsTab({ clubId, connect }: { clubId: string; connect: ReturnType<typeof useConnect> }) {
  const { toast } = useToast();
  const [params, setParams] = useSearchParams();
  const onboarding = params.get('onboarding');
  const refreshed = useRef(false);
  // Ends by leaving for Stripe's onboarding, so it stays busy until the page is gone.
  const onboard = useAction({
    mutationFn: async () => {
      const { url } = await api('createConnectOnboarding', { params: { clubId } });
      if (!url) throw new Error(T.noOnboardingUrl);
      return leaveFor(url);
    },
    onError: (error) => {
      console.error(T.connectFailed, error);
      toast({ title: 'Error', description: messageOf(error, T.connectFailed), variant: 'error' });
    },
  });
  const start = () => onboard.run();
  const busy = onboard.isPending;

  // Stripe sends the owner to the refresh URL when an onboarding link expired: make a new one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per arrival on the refresh URL
  useEffect(() => {
    if (onboarding !== 'refresh' || refreshed.current) return;
    refreshed.current = true;
    const next = new URLSearchParams(params);
    next.delete('onboarding');
    setParams(next, { replace: true });
    start();
  }, [onboarding]);

  const status = connect.data;
  const label = !status?.accountId
    ? T.startOnboarding
    : status.detailsSubmitted
      ? T.openDashboard
      : T.continueOnboarding;

  return (
    <Flex direction="column" gap="medium" paddingTop="medium" maxWidth="32rem">
      <Text>
        Members' payments go to your own Stripe account (Stripe Connect Express); the platform keeps a 2.9%
        fee on each.
      </Text>
      {onboarding === 'return' ? <Alert variation="info">{T.returned}</Alert> : null}
      {connect.isPending ? (
        <LoadingLine label="Loading payment settings" />
      ) : connect.isError ? (
        <QueryFailed query={connect} what="the payment settings" headingLevel={3} />
      ) : (
        <Card variation="outlined">
          <Flex direction="column" gap="small" aria-label="Stripe account status">
            <Status label="Stripe account connected" done={Boolean(status?.accountId)} />
            <Status label="Details submitted" done={Boolean(status?.detailsSubmitted)} />
            <Status label="Charges enabled" done={Boolean(status?.chargesEnabled)} />
            <Status label="Payouts enabled" done={Boolean(status?.payoutsEnabled)} />
          </Flex>
        </Card>
      )}
      <Button variation="primary" onClick={start} isLoading={busy} alignSelf="flex-start">
        {label}
      </Button>
    </Flex>
  );
}

export default function ClubSettingsPage() {
  const { clubId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const club = useOwnedClub(clubId);
  const connect = useConnect(clubId, club.isSuccess);
  const requested = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(requested ?? '') ? (requested as Tab) : 'general';

  return (
    <PageColumn width="56rem">
      <OwnerQuery query={club} texts={T} clubName={(data) => data.name}>
        {(data) => (
          <Tabs
            className="narrow-tabs"
            value={tab}
            onValueChange={(value) => {
              const next = new URLSearchParams(params);
              next.set('tab', value);
              setParams(next, { replace: true });
            }}
            items={[
              { label: T.general, value: 'general', content: <GeneralTab club={data} /> },
              {
                label: T.pricing,
                value: 'pricing',
                content: (
                  <Flex direction="column" gap="large">
                    <PricingTab key={data.id} club={data} connect={connect.data} />
                    <MembershipQuestionsSection key={`${data.id}-questions`} club={data} />
                  </Flex>
                ),
              },
              {
                label: T.payments,
                value: 'payments',
                content: <PaymentsTab clubId={clubId} connect={connect} />,
              },
              { label: T.developers, value: 'developers', content: <DevelopersTab clubId={clubId} /> },
            ]}
          />
        )}
      </OwnerQuery>
    </PageColumn>
  );
}
