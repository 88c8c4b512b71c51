import type { PublicClub } from '@clubs/shared';
import { lazy, Suspense } from 'react';
import { PlainButton } from '../public/amplify-look.tsx';
import { useJoinAction } from './useJoinAction.ts';
import './clubs.css';

const JoinQuestionsDialog = lazy(() => import('./JoinQuestionsDialog.tsx'));

/**
 * The club page's one action button, in whichever of its seven states useJoinAction picks; Amplify's
 * Button look without its component, as the page is public. A club with membership questions (or
 * an e-mail consent line) asks them in a dialog loaded on that click.
 */
export function JoinButton({ club }: { club: PublicClub }) {
  const action = useJoinAction(club);
  const asking = action.asking;
  return (
    <>
      <PlainButton
        variation={action.amber ? undefined : 'primary'}
        className={action.amber ? 'club-button--amber' : undefined}
        isFullWidth
        size="large"
        disabled={!action.enabled}
        data-state={action.state}
        onClick={action.onClick}
      >
        {action.label}
      </PlainButton>
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
