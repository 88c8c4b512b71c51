/**
 * What a notifications test file runs against: the local bus delivering change events, batches
 * and e-mail messages to the real handlers in this process, and the SES emulator the e-mail goes
 * to; and the caller its tests use to reach a handler's route as a member (or signed out).
 */
import { handler as feedHandler } from '@clubs/functions/routes/feed';
import type { LocalEventBus } from '@clubs/infra/local/event-bus.ts';
import type { Post, RouteId } from '@clubs/shared';
import { beforeEach, expect } from 'vitest';
import { useBus } from './bus.ts';
import { type EventOptions, type GroupHandler, httpEvent, invoke, memberClaims } from './http-event.ts';
import { addClub, addMember, addPerson } from './members.ts';
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

/**
 * A club (Morning Runners) with its owner, a post of the owner's and a member, Mia, whose `reply`
 * to it answers once the bus has delivered everything it caused.
 */
export async function replyThread(bus: () => LocalEventBus) {
  const ownerId = await addPerson('Olivia Owner');
  const club = await addClub({ ownerId, name: 'Morning Runners' });
  const mia = await addMember(club.id, { userId: await addPerson('Mia Member') });
  const posted = await callAs<Post>(feedHandler, 'createPost', ownerId, {
    params: { clubId: club.id },
    body: { title: 'Welcome run', content: 'Dawn, at the bridge.' },
  });
  expect(posted.status).toBe(201);
  const reply = async (content: string) => {
    const res = await callAs(feedHandler, 'addComment', mia, {
      params: { clubId: club.id, postId: posted.body.id },
      body: { content },
    });
    expect(res.status).toBe(201);
    await bus().idle();
  };
  /** The owner's address (addPerson's). */
  const ownerAddress = `${ownerId.toLowerCase()}@clubs.test`;
  return { ownerId, club, mia, reply, ownerAddress };
}
