/**
 * The bounces and complaints SES reports for a configuration set's messages, as its EventBridge
 * event destination puts them on the account's default bus (source `aws.ses`, detail-types in
 * SES_EVENTS): the parts the app reads. Locally, where the SES emulator never bounces, the same
 * shape is put on the local bus by `npm run email-feedback` and the tests (emailFeedbackDetail).
 */
import * as z from 'zod';
import { EVENT_BUS, SES_EVENTS } from './routing.ts';

const recipients = z
  .array(z.object({ emailAddress: z.string().min(3).max(320) }))
  .min(1)
  .max(50);

export const emailFeedbackDetailSchema = z.discriminatedUnion('eventType', [
  z.object({
    eventType: z.literal('Bounce'),
    /** Permanent bounces suppress the address; transient ones (a full mailbox) do not. */
    bounce: z.object({
      bounceType: z.enum(['Permanent', 'Transient', 'Undetermined']),
      bouncedRecipients: recipients,
      timestamp: z.string(),
    }),
  }),
  z.object({
    eventType: z.literal('Complaint'),
    complaint: z.object({ complainedRecipients: recipients, timestamp: z.string() }),
  }),
]);
export type EmailFeedbackDetail = z.infer<typeof emailFeedbackDetailSchema>;

/** The detail SES sends for a permanent bounce or a complaint about a message to `address`. */
export function emailFeedbackDetail(kind: 'bounce' | 'complaint', address: string, at = new Date()) {
  const timestamp = at.toISOString();
  return kind === 'bounce'
    ? {
        eventType: 'Bounce' as const,
        bounce: {
          bounceType: 'Permanent' as const,
          bounceSubType: 'General',
          bouncedRecipients: [{ emailAddress: address, action: 'failed', status: '5.1.1' }],
          timestamp,
        },
        mail: { timestamp, destination: [address] },
      }
    : {
        eventType: 'Complaint' as const,
        complaint: {
          complainedRecipients: [{ emailAddress: address }],
          complaintFeedbackType: 'abuse',
          timestamp,
        },
        mail: { timestamp, destination: [address] },
      };
}

/** The whole event as SES puts it on the default bus: source, detail-type and detail. */
export const emailFeedbackEvent = (kind: 'bounce' | 'complaint', address: string, at = new Date()) => ({
  source: EVENT_BUS.sesSource,
  detailType: kind === 'bounce' ? SES_EVENTS.bounce : SES_EVENTS.complaint,
  detail: emailFeedbackDetail(kind, address, at),
});
