/**
 * What a notifications test file runs against: the local bus delivering change events, batches
 * and e-mail messages to the real handlers in this process, and the SES emulator the e-mail goes
 * to; and the caller its tests use to reach a handler's route as a member (or signed out).
 */
import type { RouteId } from '@clubs/shared';
import { beforeEach } from 'vitest';
import { useBus } from './bus.ts';
import { type EventOptions, type GroupHandler, httpEvent, invoke, memberClaims } from './http-event.ts';
import { clearSentEmails, readSentEmails, type SentEmail, useSesEmulator } from './ses-store.ts';

export type ErrorBody = { error: { code: string; message: string } };

/**
 * The file's bus (parking what it gives up on in `deadLetterFile`, if given) and SES emulator;
 * `freshMail` empties the emulator's store before each test.
 */
export function useNotificationStack(options: { freshMail?: boolean; deadLetterFile?: string } = {}) {
  const bus = useBus(options.deadLetterFile);
  const sesUrl = useSesEmulator();
  if (options.freshMail) beforeEach(() => clearSentEmails(sesUrl()));
  /** The mail sent once the bus has delivered everything under way. */
  const sentMail = async (): Promise<SentEmail[]> => {
    await bus().idle();
    return readSentEmails(sesUrl());
  };
  return { bus, sesUrl, sentMail };
}

/** Calls a route of `handler` as `userId` (null: signed out), with their own claims if given. */
export function callAs<T>(
  handler: GroupHandler,
  id: RouteId,
  userId: string | null,
  options: EventOptions = {},
) {
  return invoke<T & ErrorBody>(
    handler,
    httpEvent(id, { ...options, ...(userId ? { claims: options.claims ?? memberClaims(userId) } : {}) }),
  );
}
