/**
 * /club-setup: where Stripe Checkout sends the owner back after the creator plan, and
 * what each outcome shows:
 * - canceled: 'Club creation was canceled. Please try again.' and /dashboard;
 * - club_id: wait 2 s, then ask for the club up to 10 times, 2 s apart; active: a success toast
 *   and the club; still unpaid after the last poll: the "taking longer" message and /dashboard;
 *   any other status or no such club: the activation message and /dashboard;
 * - success without club_id: the subscription toast, wait 3 s, then the owner's newest active
 *   club, else an error and /dashboard;
 * - neither: /dashboard.
 * The club is activated by the verified webhook, never by this page: it only watches.
 * A visitor who is not signed in within 3 s is sent to /login (and brought back afterwards).
 */
import { Loader, Text } from '@aws-amplify/ui-react';
import { SETUP_CALLBACK } from '@clubs/shared';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '../../../api/errors.ts';
import { api } from '../../../api/index.ts';
import { useAuth } from '../../../auth/AuthProvider.tsx';
import { loginPathFor } from '../../../auth/redirect.ts';
import { MessagePanel } from '../../../components/MessagePanel.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { SETUP_TEXTS as T } from '../components/setupTexts.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default function ClubSetupPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { toast } = useToast();
  const { user } = useAuth();
  const clubId = params.get('club_id');
  const success = params.get('success');
  const canceled = params.get('canceled');
  const needsUser = !canceled && Boolean(clubId || success);

  // StrictMode mounts twice: the flow starts once, and stops acting once the page is left.
  const started = useRef(false);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const userRef = useRef(user);
  userRef.current = user;
  useEffect(() => {
    if (!needsUser || user) return;
    const timer = setTimeout(() => {
      if (userRef.current || !mounted.current) return;
      toast({ title: T.logIn, variant: 'error' });
      navigate(loginPathFor(`${location.pathname}${location.search}`), { replace: true });
    }, SETUP_CALLBACK.loginWaitMs);
    return () => clearTimeout(timer);
  }, [needsUser, user, toast, navigate, location.pathname, location.search]);

  useEffect(() => {
    if (started.current) return;
    if (needsUser && !user) return;
    started.current = true;

    const finish = (to: string, message?: { title: string; variant: 'success' | 'error' }) => {
      if (!mounted.current) return;
      if (message) toast(message);
      navigate(to, { replace: true });
    };
    const toDashboard = (title: string) => finish('/dashboard', { title, variant: 'error' });

    const watchClub = async (id: string) => {
      await sleep(SETUP_CALLBACK.initialWaitMs);
      for (let attempt = 1; attempt <= SETUP_CALLBACK.polls; attempt++) {
        if (!mounted.current) return;
        try {
          const club = await api('getOwnedClub', { params: { clubId: id } });
          if (club.status === 'active') {
            finish(`/communities/${club.id}`, { title: T.activated(club.name), variant: 'success' });
            return;
          }
          if (club.status !== 'unpaid') {
            toDashboard(T.activationIssue);
            return;
          }
        } catch (error) {
          if (isApiError(error) && error.status === 404) {
            toDashboard(T.activationIssue);
            return;
          }
          console.error('Club setup poll failed', error);
          if (attempt === SETUP_CALLBACK.polls) {
            toDashboard(T.findingIssue);
            return;
          }
        }
        if (attempt < SETUP_CALLBACK.polls) await sleep(SETUP_CALLBACK.pollIntervalMs);
      }
      toDashboard(T.slow);
    };

    const findNewestClub = async () => {
      if (mounted.current) toast({ title: T.subscriptionActivated, variant: 'success' });
      await sleep(SETUP_CALLBACK.initialWaitWithoutClubIdMs);
      try {
        const { club } = await api('latestActiveOwnedClub');
        if (club) finish(`/communities/${club.id}`);
        else toDashboard(T.activeButNotActivated);
      } catch (error) {
        console.error('Club setup lookup failed', error);
        toDashboard(T.mayHaveIssue);
      }
    };

    if (canceled) {
      toDashboard(T.canceled);
    } else if (clubId) {
      watchClub(clubId).catch((error: unknown) => {
        console.error('Club setup failed', error);
        toDashboard(T.setupIssue);
      });
    } else if (success) {
      void findNewestClub();
    } else {
      finish('/dashboard');
    }
  }, [needsUser, user, canceled, clubId, success, toast, navigate]);

  return (
    <MessagePanel title={T.heading} icon={<Loader size="large" ariaLabel={T.heading} />}>
      <Text color="font.secondary" role="status">
        {canceled ? '' : 'Confirming your payment with Stripe. This takes a few seconds.'}
      </Text>
    </MessagePanel>
  );
}
