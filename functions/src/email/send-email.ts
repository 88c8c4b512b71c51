/**
 * Transactional e-mail through Amazon SES v2 (SendEmail, a text and an HTML part), from the
 * configured address and with the configured configuration set. Locally SES_ENDPOINT points the
 * same code at the SES v2 emulator (aws-ses-v2-local), whose store the tests read. A message SES
 * did not take is never reported as sent: any failure throws EmailNotSent. An address SES reported
 * as bouncing or complaining (suppressed-addresses.ts) is not sent to: EmailSuppressed.
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { clientPerEndpoint } from '../client-per-endpoint.ts';
import { isSuppressed } from '../data/repositories/suppressed-addresses.ts';
import { env } from '../env.ts';
import { AppError } from '../errors.ts';
import { logger } from '../logger.ts';

export interface OutgoingEmail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly replyTo?: string;
  /** Extra headers (e.g. List-Unsubscribe), sent with SES v2's Simple content. */
  readonly headers?: Readonly<Record<string, string>>;
  /** The caller found the address not suppressed already (read with a batch of others). */
  readonly suppressionChecked?: boolean;
}

export class EmailNotSent extends AppError {
  constructor(message = 'The e-mail could not be sent. Please try again later.') {
    super('email_not_sent', message);
  }
}

/** The address bounced or complained before: nothing goes to it (retrying changes nothing). */
export class EmailSuppressed extends EmailNotSent {
  constructor() {
    super('The e-mail was not sent: this address bounced or reported our mail before.');
  }
}

const clientFor = clientPerEndpoint(
  (endpoint) =>
    new SESv2Client(
      endpoint
        ? // The emulator takes any credentials; AWS never sees these. One try: it is local.
          {
            endpoint,
            region: env.region,
            credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
            maxAttempts: 1,
          }
        : { region: env.region },
    ),
);
let chosen: SESv2Client | undefined;

const ses = (): SESv2Client => chosen ?? clientFor(env.sesEndpoint);

/** Tests hand in a client of their own (undefined: the one SES_ENDPOINT names again). */
export function setSesClient(next: SESv2Client | undefined): void {
  chosen = next;
}

export async function sendEmail(message: OutgoingEmail): Promise<{ messageId: string }> {
  const from = env.emailFrom;
  if (!from) {
    // A deployment without a sender (no sesFromEmail in its stage) sends nothing, and says so.
    logger.error('EMAIL_FROM is not set: no e-mail can be sent');
    throw new EmailNotSent();
  }
  if (!message.suppressionChecked && (await isSuppressed(message.to))) {
    logger.warn('e-mail to a suppressed address not sent');
    throw new EmailSuppressed();
  }
  try {
    const sent = await ses().send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [message.to] },
        ...(message.replyTo ? { ReplyToAddresses: [message.replyTo] } : {}),
        ...(env.sesConfigurationSet ? { ConfigurationSetName: env.sesConfigurationSet } : {}),
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            ...(message.headers
              ? { Headers: Object.entries(message.headers).map(([Name, Value]) => ({ Name, Value })) }
              : {}),
            Body: {
              Text: { Data: message.text, Charset: 'UTF-8' },
              Html: { Data: message.html, Charset: 'UTF-8' },
            },
          },
        },
      }),
    );
    return { messageId: sent.MessageId ?? '' };
  } catch (error) {
    logger.error('SES refused a message', { error: error instanceof Error ? error.name : String(error) });
    throw new EmailNotSent();
  }
}
