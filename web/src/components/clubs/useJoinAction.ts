/**
 * The club page's one action, from the caller's membership as the server reports it: signed out,
 * log in; active, enter the club; pending, pay again for a paid club or wait (disabled) for a free
 * one; otherwise join, through checkout or by a request.
 */
import { type PublicClub, paidJoinLabel, type ViewerMembership } from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/errors.ts';
import { useApiQuery } from '../../api/hooks.ts';
import { api } from '../../api/index.ts';
import { useAction, useApiMutation } from '../../api/mutations.ts';
import { routeKey } from '../../api/queryKeys.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { loginPathFor } from '../../auth/redirect.ts';
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
  const checkout = useAction({
    mutationFn: async () => {
      const { url } = await api('createMembershipCheckout', input);
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
  ) => ({
    state,
    label,
    enabled,
    amber: state === 'completePayment',
    onClick,
  });

  if (!loading && !user)
    return make('logIn', JOIN_TEXTS.logIn, true, () => void navigate(loginPathFor(`/c/${club.id}`)));
  if (busy || loading || membership.isPending) return make('busy', JOIN_TEXTS.busy, false);
  // A status that failed to load is treated as not a member (the spec only logs such errors).
  const status = membership.data?.status ?? 'not_member';
  if (status === 'active')
    return make('enter', JOIN_TEXTS.enter, true, () => void navigate(`/communities/${club.id}`));
  if (status === 'pending') {
    if (paid) return make('completePayment', JOIN_TEXTS.completePayment, true, () => checkout.run());
    return make('requestPending', JOIN_TEXTS.requestPending, false, () =>
      toast({ title: JOIN_TEXTS.pending, variant: 'info' }),
    );
  }
  if (paid) return make('joinPaid', paidJoinLabel(club), true, () => checkout.run());
  return make('joinFree', JOIN_TEXTS.joinFree, true, () => request.run(input));
}
