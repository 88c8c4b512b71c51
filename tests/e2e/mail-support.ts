/** The mail the stack's local SES emulator holds, read from its store as the specs see it. */
import { stackPortsEnv } from '@clubs/infra/local/ports.ts';
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
  const res = await page.request.get(`${sesUrl}/store`);
  expect(res.status()).toBe(200);
  const { emails } = (await res.json()) as { emails: StoredMail[] };
  return emails.filter((mail) => mail.destination.to.includes(address));
}

/** A header of a stored message, by name (any case). */
export const headerOf = (mail: StoredMail | undefined, name: string): string | undefined =>
  mail?.headers?.find((header) => header.name.toLowerCase() === name.toLowerCase())?.value;
