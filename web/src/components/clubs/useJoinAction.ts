/**
 * The club page's one action, from the caller's membership as the server reports it: signed out,
 * log in; active, enter the club; pending, pay again for a paid club or wait (disabled) for a free
 * one; otherwise join, through checkout or by a request.
 */
import { type PublicClub, paidJoinLabel, type ViewerMembership } from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/errors.ts';
import { useApiQuery } from '../../api/hooks.ts';
import { api } from '../../api/index.ts';
import { useAction, useApiMutation } from '../../api/mutations.ts';
import { routeKey } from '../../api/queryKeys.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { MY_MEMBERSHIPS_KEY } from '../../features/dashboard/api.ts';
import { leaveFor } from '../navigation.ts';
import { useToast } from '../Toaster.tsx';

export const JOIN_TEXTS = {
  logIn: 'Log in to Join',
  busy: 'Processing...',
  enter: 'Enter Club',
  completePayment: 'Complete Payment',
  requestPending: 'Request Pending',
  joinFree: 'Join Now',
  submitted: 'Join request submitted successfully!',
  pending: 'Your membership request is pending approval.',
  joinFailed: 'Failed to join club. Please try again.',
  paymentFailed: 'Failed to process payment. Please try again.',
  noCheckoutUrl: 'No checkout URL returned',
} as const;

export type JoinState =
  | 'logIn'
  | 'busy'
  | 'enter'
  | 'completePayment'
  | 'requestPending'
  | 'joinPaid'
  | 'joinFree';

export interface JoinAction {
  state: JoinState;
  label: string;
  enabled: boolean;
  amber: boolean;
  onClick: () => void;
  /** While the club's membership questions are being answered: what the dialog needs. */
  asking: JoinQuestions | null;
  /** Busy only because the session is still being checked (a drawn page before the app starts). */
  checkingSession: boolean;
}

/** What the join dialog sends: an answer per question, and whether the consent line was ticked. */
export interface JoinReply {
  answers: string[];
  consent: boolean;
}

export interface JoinQuestions {
  busy: boolean;
  close: () => void;
  /** Sends the request (or starts the checkout) with these answers. */
  answer: (reply: JoinReply) => void;
}

export function useJoinAction(club: PublicClub): JoinAction {
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const input = { params: { clubId: club.id } };
  const membership = useApiQuery('getClubMembership', input, { enabled: !!user, retry: 1 });
  const key = [...routeKey('getClubMembership', input)];
  const paid = club.price > 0;

  const setStatus = (status: ViewerMembership['status']) =>
    queryClient.setQueryData<ViewerMembership>(key, (old) => ({
      status,
      role: old?.role ?? 'club_member',
      trialAvailable: old?.trialAvailable ?? false,
    }));

  // A checkout ends by leaving for Stripe: `leaveFor` never settles, so the button stays busy.
  const [asking, setAsking] = useState(false);
  const questions = club.membershipQuestions ?? [];
  const asks = questions.length > 0 || Boolean(club.membershipConsent?.trim());
  const withAnswers = (reply: JoinReply | undefined) => ({
    ...input,
    body: reply ? { answers: reply.answers, consent: reply.consent } : undefined,
  });
  const checkout = useAction({
    mutationFn: async (reply: JoinReply | undefined) => {
      const { url } = await api('createMembershipCheckout', withAnswers(reply));
      if (!url) return toast({ title: JOIN_TEXTS.noCheckoutUrl, variant: 'error' });
      return leaveFor(url);
    },
    onError: (error) => {
      console.error('Membership checkout failed', error);
      toast({ title: 'Error', description: JOIN_TEXTS.paymentFailed, variant: 'error' });
    },
  });
  const request = useApiMutation('requestMembership', {
    onSuccess: (result) => {
      setAsking(false);
      setStatus(result.status);
      if (result.created) toast({ title: JOIN_TEXTS.submitted, variant: 'success' });
      else if (result.status === 'pending') toast({ title: JOIN_TEXTS.pending, variant: 'info' });
    },
    onError: (error) => {
      console.error('Join request failed', error);
      // A refusal says why (a removal its owner has not lifted); any other failure is a plain one.
      const why = error instanceof ApiError && error.status === 403 ? { description: error.message } : {};
      toast({ title: JOIN_TEXTS.joinFailed, ...why, variant: 'error' });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: MY_MEMBERSHIPS_KEY }),
  });
  const busy = checkout.isPending || request.isPending;

  const make = (
    state: JoinState,
    label: string,
    enabled: boolean,
    onClick: () => void = () => undefined,
  ): JoinAction => ({
    state,
    label,
    enabled,
    amber: state === 'completePayment',
    onClick,
    asking: null,
    checkingSession: false,
  });
  // A club with questions asks them first; the request or checkout goes with the answers.
  const join = (state: JoinState, label: string, send: (reply: JoinReply | undefined) => void) => {
    if (!asks) return make(state, label, true, () => send(undefined));
    return {
      ...make(state, label, !asking, () => setAsking(true)),
      asking: asking ? { busy, close: () => setAsking(false), answer: send } : null,
    };
  };

  // JoinButton draws it as a link to the login page.
  if (!loading && !user) return make('logIn', JOIN_TEXTS.logIn, true);
  // The dialog stays while its request runs: it shows the wait and, on a refusal, the answers.
  if (asking)
    return club.price > 0
      ? join('joinPaid', paidJoinLabel(club), (reply) => checkout.run(reply))
      : join('joinFree', JOIN_TEXTS.joinFree, (reply) => request.run(withAnswers(reply)));
  if (busy || loading || membership.isPending)
    return { ...make('busy', JOIN_TEXTS.busy, false), checkingSession: loading && !busy };
  // A status that failed to load is treated as not a member (the spec only logs such errors).
  const status = membership.data?.status ?? 'not_member';
  if (status === 'active')
    return make('enter', JOIN_TEXTS.enter, true, () => void navigate(`/communities/${club.id}`));
  if (status === 'pending') {
    if (paid) return make('completePayment', JOIN_TEXTS.completePayment, true, () => checkout.run(undefined));
    return make('requestPending', JOIN_TEXTS.requestPending, false, () =>
      toast({ title: JOIN_TEXTS.pending, variant: 'info' }),
    );
  }
  if (paid) return join('joinPaid', paidJoinLabel(club), (reply) => checkout.run(reply));
  return join('joinFree', JOIN_TEXTS.joinFree, (reply) => request.run(withAnswers(reply)));
}
