/**
 * Announces that what a member is found by changed: their card came or went with the membership,
 * or their name or bio changed. The club's search index follows from the change event
 * (services/search/reconcile.ts reads the membership and the profile), so whoever writes a
 * membership or a profile announces it once the write is stored.
 */
import type { Membership } from '@clubs/shared';
import { emitChange } from './direct-change-events.ts';

export async function cardChanged(membership: Pick<Membership, 'clubId' | 'userId'>): Promise<void> {
  await emitChange({
    type: 'membership.card-changed',
    clubId: membership.clubId,
    actorId: membership.userId,
    memberId: membership.userId,
  });
}
