import { Button } from '@aws-amplify/ui-react';
import type { PublicClub } from '@clubs/shared';
import { useJoinAction } from './useJoinAction.ts';
import './clubs.css';

/** The club page's one action button, in whichever of its seven states useJoinAction picks. */
export function JoinButton({ club }: { club: PublicClub }) {
  const action = useJoinAction(club);
  return (
    <Button
      variation={action.amber ? undefined : 'primary'}
      className={action.amber ? 'club-button--amber' : undefined}
      isFullWidth
      size="large"
      isDisabled={!action.enabled}
      data-state={action.state}
      onClick={action.onClick}
    >
      {action.label}
    </Button>
  );
}
