/**
 * The SES v2 emulator for tests: started on a free port (or a given one, to bring it back after a
 * test stopped it), and the mail it holds, read from its `/store` endpoint.
 */
import { startSesLocal } from '@clubs/infra/local/ses.ts';
import { afterAll, beforeAll } from 'vitest';

export interface SentEmail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Extra headers the message was sent with, by lower-case name. */
  headers: Record<string, string>;
}

export const startSesEmulator = (port = 0) => startSesLocal({ port, host: '127.0.0.1' });

/**
 * A test file's SES emulator, started before its tests with the environment that sends mail to it
 * (and links to https://clubs.test), stopped after them; the getter answers its address.
 */
export function useSesEmulator(): () => string {
  let ses: Awaited<ReturnType<typeof startSesEmulator>> | undefined;
  beforeAll(async () => {
    ses = await startSesEmulator();
    process.env.SES_ENDPOINT = ses.url;
    process.env.EMAIL_FROM = 'no-reply@clubs.test';
    process.env.SITE_URL = 'https://clubs.test';
  });
  afterAll(() => ses?.stop());
  return () => {
    if (!ses) throw new Error('the SES emulator has not started');
    return ses.url;
  };
}

interface StoredEmail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  headers?: { name: string; value: string }[];
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
    headers: Object.fromEntries((email.headers ?? []).map(({ name, value }) => [name.toLowerCase(), value])),
  }));
}

/** Empties the emulator's store (between tests of one file). */
export async function clearSentEmails(baseUrl: string): Promise<void> {
  await fetch(`${baseUrl}/clear-store`, { method: 'POST' });
}
