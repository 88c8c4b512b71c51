/**
 * The create-club dialog, offered from the directory and
 * the dashboard's empty states. Two steps:
 * - details: Community Name and Description; Continue creates the club (unpaid, with the
 *   owner's membership, in one transaction on the server) and moves on. A second submission
 *   while one is under way is ignored, and the dialog sends one request id per opening, so a
 *   retry or a Back-and-Continue reuses the same club.
 * - payment: the Community Creator Plan ($88/month, or $71/month billed annually), the 2.9 %
 *   fee's tooltip; Start Free Trial opens Stripe Checkout (the club is activated only by the
 *   verified webhook, then /club-setup takes the owner to it).
 * Closing the dialog resets the form.
 */

import { Alert, Button, Flex, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { CREATOR_PLAN, type CreatorPlanInterval, LIMITS, type PublicClub, planPrice } from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { messageOf } from '../../api/errors.ts';
import { api } from '../../api/index.ts';
import { useAction } from '../../api/mutations.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { MY_MEMBERSHIPS_KEY } from '../../features/dashboard/api.ts';
import { ChoiceField } from '../form/ChoiceField.tsx';
import { toastFailure, toastRefusal, useForm } from '../form/useForm.tsx';
import { Modal } from '../overlay/Modal.tsx';
import { PLAN_FEATURES } from '../public/PricingCard.tsx';
import { useToast } from '../Toaster.tsx';
import './create-club.css';
import { leaveFor } from '../navigation.ts';
import { CREATE_CLUB_TEXTS as T } from './texts.ts';

const PLAN_CHOICES: Record<CreatorPlanInterval, string> = {
  monthly: `Monthly: ${planPrice(CREATOR_PLAN.monthlyPrice)}/month`,
  annual: `Annual: ${planPrice(CREATOR_PLAN.annualMonthlyPrice)}/month (${planPrice(CREATOR_PLAN.annualPrice)}/year, save ${CREATOR_PLAN.annualSavingPercent}%)`,
};

function newRequestId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

type Step = 'details' | 'payment';

export function CreateClubDialog(props: { open: boolean; onClose: () => void }) {
  const { open, onClose } = props;
  const { user } = useAuth();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('details');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [plan, setPlan] = useState<CreatorPlanInterval>('monthly');
  const [club, setClub] = useState<PublicClub | null>(null);
  const requestId = useRef(newRequestId());
  const tipId = useId();

  const reset = () => {
    setStep('details');
    setName('');
    setDescription('');
    setPlan('monthly');
    setClub(null);
    requestId.current = newRequestId();
  };

  const trimmedName = name.trim();
  const trimmedDescription = description.trim();
  const create = useForm({
    // The dialog's refusals are toasts, as its failures are.
    check: () => {
      const refusal = !user ? T.loginToCreate : !trimmedName || !trimmedDescription ? T.fillAll : null;
      return refusal ? toastRefusal(toast, { title: refusal }) : null;
    },
    send: () =>
      api('createClub', {
        body: { name: trimmedName, description: trimmedDescription, requestId: requestId.current },
      }),
    onSuccess: (created) => {
      setClub(created);
      setStep('payment');
      toast({ title: T.created, variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: MY_MEMBERSHIPS_KEY });
    },
    failure: toastFailure(toast, T.createFailed, ''),
    label: 'Club creation',
  });
  // Ends by leaving for Stripe Checkout, so it stays busy until the page is gone.
  const checkout = useAction({
    mutationFn: async (input: { clubId: string; plan: CreatorPlanInterval }) => {
      const { url } = await api('createClubCheckout', {
        params: { clubId: input.clubId },
        body: { plan: input.plan },
      });
      if (!url) throw new Error(T.noCheckoutUrl);
      reset();
      return leaveFor(url);
    },
    onError: (error) => {
      console.error('Creator plan checkout failed', error);
      toast({ title: T.errorTitle, description: messageOf(error, T.checkoutFailed), variant: 'error' });
    },
  });
  const busy = create.busy || checkout.isPending;

  // Closed from outside (or after a redirect was started): start afresh next time.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog closes
  useEffect(() => {
    if (!open && !busy) reset();
  }, [open]);

  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const startTrial = () => {
    if (!club) {
      toast({ title: T.errorTitle, description: T.notCreated, variant: 'error' });
      return;
    }
    if (!user?.email) {
      toast({ title: T.errorTitle, description: T.loginToPay, variant: 'error' });
      return;
    }
    checkout.run({ clubId: club.id, plan });
  };

  const annual = plan === 'annual';
  const details = (
    <form onSubmit={create.submit}>
      <Flex direction="column" gap="medium">
        <TextField
          label={T.nameLabel}
          name="name"
          value={name}
          maxLength={LIMITS.clubName}
          isRequired
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
        />
        <TextAreaField
          label={T.descriptionLabel}
          name="description"
          value={description}
          rows={4}
          maxLength={LIMITS.clubDescription}
          isRequired
          onChange={(event) => setDescription(event.target.value)}
        />
        <div className="create-club__notice">
          <Text fontWeight="bold">{T.costNotice}</Text>
          <Text fontSize="small" color="font.secondary">
            {T.trialNotice}
          </Text>
        </div>
      </Flex>
      <div className="clubs-modal__actions">
        <Button type="button" onClick={close} isDisabled={busy}>
          {T.cancel}
        </Button>
        <Button
          type="submit"
          variation="primary"
          isDisabled={busy || !trimmedName || !trimmedDescription}
          isLoading={busy}
          loadingText={T.creating}
        >
          {T.continue}
        </Button>
      </div>
    </form>
  );
  const payment = (
    <>
      <Flex direction="column" gap="medium">
        <div className="create-club__plan">
          <Text fontWeight="bold">{T.planName}</Text>
          <Text className="create-club__price">
            {planPrice(annual ? CREATOR_PLAN.annualMonthlyPrice : CREATOR_PLAN.monthlyPrice)}
            <Text as="span" fontSize="medium" fontWeight="normal">
              /month
            </Text>
          </Text>
          <ChoiceField
            legend="Billing"
            legendHidden
            name="plan"
            value={plan}
            direction="row"
            options={PLAN_CHOICES}
            onChange={setPlan}
          />
          <ul className="create-club__features">
            {PLAN_FEATURES.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
            <li>
              {T.feeLabel}
              <span className="create-club__tip">
                <button
                  type="button"
                  className="create-club__tip-button"
                  aria-label="About the transaction fee"
                  aria-describedby={tipId}
                >
                  i
                </button>
                <span role="tooltip" id={tipId} className="create-club__tip-text">
                  {T.feeTooltip}
                </span>
              </span>
            </li>
          </ul>
        </div>
        <Alert variation="info" hasIcon>
          {T.redirectNote}
        </Alert>
      </Flex>
      <div className="clubs-modal__actions">
        <Button type="button" onClick={() => setStep('details')} isDisabled={busy}>
          {T.back}
        </Button>
        <Button
          type="button"
          variation="primary"
          onClick={startTrial}
          isDisabled={busy}
          isLoading={busy}
          loadingText={T.redirecting}
        >
          {T.startTrial}
        </Button>
      </div>
    </>
  );

  // One dialog through both steps: the step changes its title, description and content.
  return (
    <Modal
      open={open}
      title={step === 'details' ? T.detailsTitle : T.paymentTitle}
      description={step === 'details' ? T.detailsDescription : T.paymentDescription}
      onClose={close}
      closable={!busy}
    >
      {step === 'details' ? details : payment}
    </Modal>
  );
}
