/** The mail the stack's local SES emulator holds, read from its store as the specs see it. */
import { stackPortsEnv } from '@clubs/infra/local/ports.ts';
import { runSchedule, scheduleNamed } from '@clubs/infra/local/schedules.ts';
import { expect, type Page } from '@playwright/test';

const sesUrl = `http://127.0.0.1:${stackPortsEnv(Number(process.env.E2E_PORT ?? 5273)).SES_PORT}`;

export interface StoredMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  /** Extra headers it was sent with (e.g. List-Unsubscribe). */
  headers?: { name: string; value: string }[];
}

/** The mail the local SES emulator holds for this address, oldest first. */
export async function mailTo(page: Page, address: string): Promise<StoredMail[]> {
  // A fresh connection each time: a kept-alive socket that the emulator closes when idle can be
  // picked for the next read just as it goes, and that read fails with ECONNRESET.
  const res = await page.request.get(`${sesUrl}/store`, { headers: { connection: 'close' } });
  expect(res.status()).toBe(200);
  const { emails } = (await res.json()) as { emails: StoredMail[] };
  return emails.filter((mail) => mail.destination.to.includes(address));
}

/** A header of a stored message, by name (any case). */
export const headerOf = (mail: StoredMail | undefined, name: string): string | undefined =>
  mail?.headers?.find((header) => header.name.toLowerCase() === name.toLowerCase())?.value;

/**
 * Runs a digest's schedule now on the stack's local bus (what `npm run digest` does): its event
 * goes on the bus through the handlers' EventBridge client, and the stack mails the digests.
 */
export async function runDigestNow(cadence: 'daily' | 'weekly'): Promise<void> {
  const ports = stackPortsEnv(Number(process.env.E2E_PORT ?? 5273));
  process.env.EVENTBRIDGE_ENDPOINT = `http://127.0.0.1:${ports.EVENTS_PORT}`;
  // The SDK signs every request; the local bus ignores the credentials.
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  process.env.AWS_REGION ??= 'us-east-1';
  const schedule = scheduleNamed(cadence);
  if (!schedule) throw new Error(`no ${cadence} digest schedule`);
  await runSchedule(schedule);
}
