import type { PublicClub } from '@clubs/shared';
import { lazy, Suspense } from 'react';
import { loginPathFor } from '../../auth/redirect.ts';
import { LinkButton, PlainButton } from '../public/amplify-look.tsx';
import { JOIN_TEXTS, useJoinAction } from './useJoinAction.ts';
import './clubs.css';

const JoinQuestionsDialog = lazy(() => import('./JoinQuestionsDialog.tsx'));

/**
 * The club page's one action, in whichever of its seven states useJoinAction picks: a link to log in,
 * else a button; Amplify's Button look without its component, as the page is public. A club with membership questions (or
 * an e-mail consent line) asks them in a dialog loaded on that click.
 */
export function JoinButton({ club }: { club: PublicClub }) {
  const action = useJoinAction(club);
  const asking = action.asking;
  // Logging in is going somewhere: a link. While the session is checked, a visitor the boot knows
  // to be signed out (clubs.css) sees it in place of the busy button, and it works on a drawn page
  // before the app starts.
  const logIn = (
    <LinkButton
      to={loginPathFor(`/c/${club.id}`)}
      variation="primary"
      isFullWidth
      size="large"
      className={action.checkingSession ? 'club-join--signed-out' : undefined}
    >
      {JOIN_TEXTS.logIn}
    </LinkButton>
  );
  const signedOut = action.state === 'logIn';
  return (
    <>
      {signedOut || action.checkingSession ? logIn : null}
      {signedOut ? null : (
        <PlainButton
          variation={action.amber ? undefined : 'primary'}
          className={
            [action.amber ? 'club-button--amber' : '', action.checkingSession ? 'club-join--checking' : '']
              .filter(Boolean)
              .join(' ') || undefined
          }
          isFullWidth
          size="large"
          disabled={!action.enabled}
          data-state={action.state}
          onClick={action.onClick}
        >
          {action.label}
        </PlainButton>
      )}
      {asking ? (
        <Suspense fallback={null}>
          <JoinQuestionsDialog
            clubName={club.name}
            questions={club.membershipQuestions ?? []}
            consentLine={club.membershipConsent?.trim() ?? ''}
            paid={club.price > 0}
            busy={asking.busy}
            onClose={asking.close}
            onAnswers={asking.answer}
          />
        </Suspense>
      ) : null}
    </>
  );
}
