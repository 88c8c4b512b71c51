/**
 * SES's bounce and complaint events: a permanent bounce or a complaint suppresses each address it
 * names (suppressed-addresses.ts), so no further mail goes there; a transient bounce changes
 * nothing. Answers the addresses suppressed.
 */
import type { EmailFeedbackDetail } from '@clubs/shared';
import { suppressAddress } from '../../data/repositories/suppressed-addresses.ts';

export async function applyEmailFeedback(detail: EmailFeedbackDetail, now = new Date()): Promise<number> {
  const [reason, addresses] =
    detail.eventType === 'Complaint'
      ? (['complaint', detail.complaint.complainedRecipients] as const)
      : detail.bounce.bounceType === 'Permanent'
        ? (['bounce', detail.bounce.bouncedRecipients] as const)
        : (['bounce', []] as const);
  await Promise.all(addresses.map(({ emailAddress }) => suppressAddress(emailAddress, reason, now)));
  return addresses.length;
}
