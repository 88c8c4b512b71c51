/**
 * The e-mails a member of a paid club gets when the club's state changes what they are charged:
 * collection paused (the club is suspended or its owner's plan is unpaid), resumed (the club is
 * active again), or the subscription ended (the club closed: its plan ended). Club names are the
 * owner's text: escaped in the HTML part.
 */
import { plainEmail } from '../email/plain-email.ts';

export type MemberBillingChange = 'paused' | 'resumed' | 'cancelled';

const WORDS: Record<MemberBillingChange, { subject: string; body: (club: string) => string[] }> = {
  paused: {
    subject: 'Your membership payments are paused',
    body: (club) => [
      `${club} is not active at the moment, so your membership payments to it are paused: nothing is charged while it stays so.`,
      'When the club is active again, your membership continues at the same price and your payments resume. You can leave the club at any time from its page.',
    ],
  },
  resumed: {
    subject: 'Your membership payments resume',
    body: (club) => [
      `${club} is active again, and so is your membership: your payments resume at the same price with your next renewal.`,
    ],
  },
  cancelled: {
    subject: 'Your membership has ended',
    body: (club) => [
      `${club} has closed, so your membership subscription to it has been cancelled and nothing more will be charged.`,
      'Payments already made cover the time the club was open; prorated refunds for the rest of the current period are not owed.',
    ],
  },
};

export function memberBillingEmail(change: MemberBillingChange, clubName: string) {
  const words = WORDS[change];
  return plainEmail(`${words.subject}: ${clubName}`, words.body(clubName));
}
