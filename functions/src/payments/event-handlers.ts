/**
 * What each Stripe event type changes. The club-plan checkout is wired here; member
 * subscriptions, invoices and Connect accounts are added by the payments work (issue 6).
 */
import { setClubStatus } from '../data/repositories/clubs.ts';
import { logger } from '../logger.ts';

export interface StripeEventLike {
  id: string;
  type: string;
  livemode?: boolean;
  data: { object: Record<string, unknown> };
}

type Metadata = Record<string, string | undefined>;

const metadataOf = (object: Record<string, unknown>): Metadata =>
  (object.metadata && typeof object.metadata === 'object' ? object.metadata : {}) as Metadata;

/** A completed creator-plan checkout activates the club it was opened for, once it is unpaid. */
async function checkoutCompleted(event: StripeEventLike): Promise<void> {
  const session = event.data.object;
  const metadata = metadataOf(session);
  if (metadata.kind !== 'club_plan' || !metadata.clubId) {
    logger.info('checkout without a club plan', { id: event.id });
    return;
  }
  const activated = await setClubStatus(metadata.clubId, 'active', 'unpaid');
  if (!activated)
    logger.warn('checkout for a club that is missing or not unpaid', { clubId: metadata.clubId });
}

export const stripeEventHandlers: Record<string, (event: StripeEventLike) => Promise<void>> = {
  'checkout.session.completed': checkoutCompleted,
};
