import type { PublicClub } from '@clubs/shared';
import { PlainButton } from '../public/amplify-look.tsx';
import { useJoinAction } from './useJoinAction.ts';
import './clubs.css';

/**
 * The club page's one action button, in whichever of its seven states useJoinAction picks; Amplify's
 * Button look without its component, as the page is public.
 */
export function JoinButton({ club }: { club: PublicClub }) {
  const action = useJoinAction(club);
  return (
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
  );
}
