/**
 * The SES v2 emulator for tests: started on a free port (or a given one, to bring it back after a
 * test stopped it), and the mail it holds, read from its `/store` endpoint.
 */
import { startSesLocal } from '@clubs/infra/local/ses.ts';

export interface SentEmail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export const startSesEmulator = (port = 0) => startSesLocal({ port, host: '127.0.0.1' });

interface StoredEmail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
}

export async function readSentEmails(baseUrl: string): Promise<SentEmail[]> {
  const response = await fetch(`${baseUrl}/store`);
  if (!response.ok) throw new Error(`the SES emulator's store answered ${response.status}`);
  const { emails } = (await response.json()) as { emails: StoredEmail[] };
  return emails.map((email) => ({
    to: email.destination.to,
    subject: email.subject,
    text: email.body.text ?? '',
    html: email.body.html ?? '',
  }));
}

/** Empties the emulator's store (between tests of one file). */
export async function clearSentEmails(baseUrl: string): Promise<void> {
  await fetch(`${baseUrl}/clear-store`, { method: 'POST' });
}
