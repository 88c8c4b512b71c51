/**
 * Outbound webhooks against DynamoDB Local, the local bus with its Scheduler emulation (the
 * WebhookChanges and WebhookAttempts routes only), the SES emulator and a test HTTP server on the
 * loopback: a member approved reaches a subscribed endpoint as a signed message that the Standard
 * Webhooks library's own `Webhook.verify` accepts with the secret the owner was shown; a failing
 * endpoint is retried after the backoff's delays through one-time schedules, then succeeds; the
 * last attempt gives up; an endpoint failing for days is disabled and its owner e-mailed; URLs
 * that are not public HTTPS hosts are refused when saved and when sent; and a club's key reaches
 * only its own club's hooks.
 */
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetScheduleCommand, ResourceNotFoundException, SchedulerClient } from '@aws-sdk/client-scheduler';
import { appendSections } from '@clubs/functions/data/repositories/sections';
import {
  getDelivery,
  getWebhook,
  putDelivery,
  updateWebhook,
} from '@clubs/functions/data/repositories/webhooks';
import { handler as calendarEvents } from '@clubs/functions/routes/calendar-events';
import { handler as clubAdmin } from '@clubs/functions/routes/club-admin';
import { handler as courses } from '@clubs/functions/routes/courses';
import { handler as invitations } from '@clubs/functions/routes/invitations';
import { handler as members } from '@clubs/functions/routes/members';
import { attemptDelivery } from '@clubs/functions/services/webhooks/attempts';
import {
  isPublicAddress,
  parseWebhookUrl,
  resolveWebhookAddress,
} from '@clubs/functions/services/webhooks/url-safety';
import { LOCAL_SCHEDULE_GROUP } from '@clubs/infra/local/config.ts';
import {
  type AcceptInvitationResult,
  type Course,
  type CreatedApiKey,
  type EventView,
  type InviteLink,
  type RouteId,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  type WebhookDeliveryPage,
  type WebhookWithSecret,
  webhookRetryScheduleName,
} from '@clubs/shared';
import { Webhook } from 'standardwebhooks';
import { ulid } from 'ulid';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBus } from '../support/bus.ts';
import { clubWithCourse } from '../support/club-course.ts';
import { httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { addClub, addMember, addPerson } from '../support/members.ts';
import { deliver, paidClubs, useTestStripe } from '../support/paid-clubs.ts';
import { startedForFile } from '../support/per-file.ts';
import { clearSentEmails, readSentEmails, useSesEmulator } from '../support/ses-store.ts';
import { ofType } from '../support/stripe.ts';
import { storeWebhook } from '../support/webhooks.ts';

process.env.WEBHOOK_LOCAL_ENDPOINTS = 'true';
process.env.SITE_URL ??= 'https://clubs.test';
process.env.EMAIL_FROM ??= 'no-reply@clubs.test';

const bus = startedForFile('the webhooks bus', () =>
  startBus(undefined, ['WebhookChanges', 'WebhookAttempts']),
);
const ses = useSesEmulator();
const testStripe = useTestStripe();
const { paidClub, payMembership } = paidClubs(testStripe);

interface Received {
  readonly url: string;
  readonly body: string;
  readonly headers: IncomingHttpHeaders;
}

/** A loopback endpoint answering `status()` to every POST, keeping what it received. */
let server: Server;
let endpointUrl = '';
const received: Received[] = [];
let answer = 200;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        url: req.url ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
        headers: req.headers,
      });
      res.writeHead(answer).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  endpointUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
  answer = 200;
});

let schedulerClient: SchedulerClient | undefined;
const scheduler = () => {
  schedulerClient ??= new SchedulerClient({
    endpoint: bus().url,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return schedulerClient;
};
afterAll(() => schedulerClient?.destroy());

/** The instant a retry's schedule fires at, or null when there is none. */
async function retryAt(webhookId: string, deliveryId: string): Promise<number | null> {
  try {
    const schedule = await scheduler().send(
      new GetScheduleCommand({
        Name: webhookRetryScheduleName(webhookId, deliveryId),
        GroupName: LOCAL_SCHEDULE_GROUP,
      }),
    );
    const at = /^at\((.+)\)$/.exec(schedule.ScheduleExpression ?? '')?.[1];
    return at ? Date.parse(`${at}Z`) : null;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return null;
    throw error;
  }
}

/** Fires a delivery's retry now, as the Scheduler would at its time. */
async function fireRetry(webhookId: string, deliveryId: string) {
  const name = webhookRetryScheduleName(webhookId, deliveryId);
  const res = await fetch(`${bus().url}/_local/schedules/${LOCAL_SCHEDULE_GROUP}/${name}/fire`, {
    method: 'POST',
  });
  expect(res.status).toBe(200);
  await bus().idle();
}

const asOwner = (ownerId: string) => ({ claims: memberClaims(ownerId) });

async function makeEndpoint(clubId: string, ownerId: string, eventTypes: string[], url = endpointUrl) {
  const made = await invoke<WebhookWithSecret>(
    clubAdmin,
    httpEvent('createWebhook', { params: { clubId }, body: { url, eventTypes }, ...asOwner(ownerId) }),
  );
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body;
}

async function deliveriesOf(clubId: string, webhookId: string, ownerId: string) {
  const res = await invoke<WebhookDeliveryPage>(
    clubAdmin,
    httpEvent('listWebhookDeliveries', { params: { clubId, webhookId }, ...asOwner(ownerId) }),
  );
  expect(res.status).toBe(200);
  return res.body.items;
}

async function clubWithPendingMember() {
  const ownerId = await addPerson('Olive Owner');
  const club = await addClub({ ownerId });
  const pendingId = await addMember(club.id, { userId: await addPerson('Pat Pending'), status: 'pending' });
  return { club, ownerId, pendingId };
}

const approve = async (clubId: string, userId: string, ownerId: string) => {
  const res = await invoke(
    members,
    httpEvent('approveClubMember', { params: { clubId, userId }, ...asOwner(ownerId) }),
  );
  expect(res.status).toBe(200);
  await bus().idle();
};

describe('webhook deliveries', () => {
  it('sends a member approved as a signed message the library verifies with the secret the owner was shown', async () => {
    const { club, ownerId, pendingId } = await clubWithPendingMember();
    const { webhook, secret } = await makeEndpoint(club.id, ownerId, ['membership.approved']);
    expect(secret.startsWith('whsec_')).toBe(true);
    // An endpoint of the club not subscribed to joins gets nothing.
    await makeEndpoint(club.id, ownerId, ['post.created']);

    await approve(club.id, pendingId, ownerId);

    expect(received).toHaveLength(1);
    const [message] = received;
    const headers = message?.headers ?? {};
    expect(headers['webhook-id']).toMatch(/^msg_/);
    expect(headers['webhook-signature']).toMatch(/^v1,/);
    const verified = new Webhook(secret).verify(message?.body ?? '', {
      'webhook-id': String(headers['webhook-id']),
      'webhook-timestamp': String(headers['webhook-timestamp']),
      'webhook-signature': String(headers['webhook-signature']),
    }) as {
      type: string;
      data: { clubId: string; member: { userId: string; name: string; email: string; status: string } };
    };
    expect(verified.type).toBe('membership.approved');
    expect(verified.data.clubId).toBe(club.id);
    expect(verified.data.member).toMatchObject({ userId: pendingId, name: 'Pat Pending', status: 'active' });
    expect(verified.data.member.email).toContain('@');
    // Another secret does not verify it.
    expect(() =>
      new Webhook(`whsec_${Buffer.from('not the secret, not at all').toString('base64')}`).verify(
        message?.body ?? '',
        {
          'webhook-id': String(headers['webhook-id']),
          'webhook-timestamp': String(headers['webhook-timestamp']),
          'webhook-signature': String(headers['webhook-signature']),
        },
      ),
    ).toThrow();

    const log = await deliveriesOf(club.id, webhook.id, ownerId);
    expect(log).toEqual([
      expect.objectContaining({
        eventType: 'membership.approved',
        status: 'succeeded',
        attempts: 1,
        lastStatusCode: 200,
        nextAttemptAt: null,
      }),
    ]);
    expect(JSON.stringify(log)).not.toContain('payload');
  });

  it('sends a test event and resends a delivery with the same message id', async () => {
    const { club, ownerId } = await clubWithPendingMember();
    const { webhook, secret } = await makeEndpoint(club.id, ownerId, ['post.created']);
    const test = await invoke<{ delivery: { id: string; status: string } }>(
      clubAdmin,
      httpEvent('sendWebhookTest', {
        params: { clubId: club.id, webhookId: webhook.id },
        ...asOwner(ownerId),
      }),
    );
    expect(test.status).toBe(202);
    expect(test.body.delivery.status).toBe('pending');
    await bus().idle();
    expect(received).toHaveLength(1);
    const first = received[0] as Received;
    const body = new Webhook(secret).verify(first.body, first.headers as Record<string, string>) as {
      type: string;
    };
    expect(body.type).toBe('webhook.test');

    const resent = await invoke<{ delivery: { id: string } }>(
      clubAdmin,
      httpEvent('resendWebhookDelivery', {
        params: { clubId: club.id, webhookId: webhook.id, deliveryId: test.body.delivery.id },
        ...asOwner(ownerId),
      }),
    );
    expect(resent.status).toBe(202);
    expect(resent.body.delivery.id).not.toBe(test.body.delivery.id);
    await bus().idle();
    expect(received).toHaveLength(2);
    expect(received[1]?.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(received[1]?.body).toBe(first.body);
    const log = await deliveriesOf(club.id, webhook.id, ownerId);
    expect(log.map((delivery) => delivery.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('retries a failing endpoint after the backoff delays through one-time schedules, until it answers', async () => {
    const { club, ownerId, pendingId } = await clubWithPendingMember();
    const { webhook } = await makeEndpoint(club.id, ownerId, ['membership.approved']);
    answer = 500;
    const before = Date.now();
    await approve(club.id, pendingId, ownerId);
    expect(received).toHaveLength(1);
    const [delivery] = await deliveriesOf(club.id, webhook.id, ownerId);
    expect(delivery).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: 500,
      lastError: 'HTTP 500',
    });
    const id = delivery?.id as string;
    // The first retry waits the first delay; the schedule fires at the time the log shows.
    const first = await retryAt(webhook.id, id);
    expect(first).not.toBeNull();
    expect((first as number) - before).toBeGreaterThanOrEqual((WEBHOOK_RETRY_DELAYS_SECONDS[0] - 1) * 1000);
    expect((first as number) - Date.now()).toBeLessThanOrEqual(WEBHOOK_RETRY_DELAYS_SECONDS[0] * 1000);
    expect(Date.parse(delivery?.nextAttemptAt ?? '')).toBeGreaterThanOrEqual(first as number);
    expect((await getWebhook(club.id, webhook.id))?.failingSince).not.toBeNull();

    await fireRetry(webhook.id, id);
    expect(received).toHaveLength(2);
    expect(received[1]?.headers['webhook-id']).toBe(received[0]?.headers['webhook-id']);
    const second = await retryAt(webhook.id, id);
    // The next wait is the second, longer delay: exponential.
    expect((second as number) - Date.now()).toBeGreaterThan((WEBHOOK_RETRY_DELAYS_SECONDS[1] - 5) * 1000);
    expect(await getDelivery(webhook.id, id)).toMatchObject({ status: 'pending', attempts: 2 });

    answer = 204;
    await fireRetry(webhook.id, id);
    expect(received).toHaveLength(3);
    expect(await getDelivery(webhook.id, id)).toMatchObject({
      status: 'succeeded',
      attempts: 3,
      lastStatusCode: 204,
      nextAttemptAt: null,
    });
    // A success forgets the endpoint's failures; a late repeat of an attempt changes nothing.
    expect((await getWebhook(club.id, webhook.id))?.failingSince).toBeNull();
    expect(
      await attemptDelivery({ clubId: club.id, webhookId: webhook.id, deliveryId: id, attempt: 3 }),
    ).toBe('duplicate');
    expect(received).toHaveLength(3);
  });

  it('gives a delivery up after its last attempt, and disables an endpoint failing for days, e-mailing the owner', async () => {
    await clearSentEmails(ses());
    const { club, ownerId } = await clubWithPendingMember();
    const { webhook } = await makeEndpoint(club.id, ownerId, ['post.created']);
    answer = 503;
    const failingSince = new Date(Date.now() - 6 * 24 * 3600 * 1000).toISOString();
    await updateWebhook(club.id, webhook.id, { failingSince });
    const id = ulid();
    await putDelivery({
      id,
      clubId: club.id,
      webhookId: webhook.id,
      messageId: `msg_${id}`,
      eventType: 'post.created',
      payload: JSON.stringify({ type: 'post.created', timestamp: new Date().toISOString(), data: {} }),
      status: 'pending',
      attempts: WEBHOOK_MAX_ATTEMPTS - 1,
      lastStatusCode: 503,
      lastError: 'HTTP 503',
      createdAt: new Date().toISOString(),
      lastAttemptAt: null,
      nextAttemptAt: null,
    });
    const outcome = await attemptDelivery({
      clubId: club.id,
      webhookId: webhook.id,
      deliveryId: id,
      attempt: WEBHOOK_MAX_ATTEMPTS,
    });
    expect(outcome).toBe('failed');
    expect(await getDelivery(webhook.id, id)).toMatchObject({
      status: 'failed',
      attempts: WEBHOOK_MAX_ATTEMPTS,
    });
    expect(await retryAt(webhook.id, id)).toBeNull();
    expect(await getWebhook(club.id, webhook.id)).toMatchObject({
      status: 'disabled',
      disabledReason: 'failing',
    });
    const mail = (await readSentEmails(ses())).filter((email) => email.subject.includes('webhook endpoint'));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.to).toEqual([`${ownerId.toLowerCase()}@clubs.test`]);
    expect(mail[0]?.text).toContain(endpointUrl);

    // A disabled endpoint gets nothing more, until the owner turns it on again.
    received.length = 0;
    const test = await invoke(
      clubAdmin,
      httpEvent('sendWebhookTest', {
        params: { clubId: club.id, webhookId: webhook.id },
        ...asOwner(ownerId),
      }),
    );
    expect(test.status).toBe(202);
    await bus().idle();
    expect(received).toHaveLength(0);
    const on = await invoke(
      clubAdmin,
      httpEvent('updateWebhook', {
        params: { clubId: club.id, webhookId: webhook.id },
        body: { enabled: true },
        ...asOwner(ownerId),
      }),
    );
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ status: 'enabled', disabledReason: null, failingSince: null });
  });
});

interface Message {
  readonly type: string;
  readonly timestamp: string;
  readonly data: Record<string, unknown> & { member?: { userId: string; name: string; status: string } };
}

/** The messages an endpoint (by its path) received, each verified by the library with its secret. */
function verifiedAt(path: string, secret: string): Message[] {
  return received
    .filter((message) => message.url === path)
    .map(
      (message) =>
        new Webhook(secret).verify(message.body, {
          'webhook-id': String(message.headers['webhook-id']),
          'webhook-timestamp': String(message.headers['webhook-timestamp']),
          'webhook-signature': String(message.headers['webhook-signature']),
        }) as Message,
    );
}

const pathOf = (url: string) => new URL(url).pathname;

const callAs = <T>(
  group: typeof clubAdmin,
  id: RouteId,
  userId: string,
  params: Record<string, string>,
  body?: unknown,
) => invoke<T>(group, httpEvent(id, { params, claims: memberClaims(userId), ...(body ? { body } : {}) }));

describe('what a member does reaches the endpoints subscribed to it', () => {
  it('sends a registration for an event and its cancellation, once each, however often clicked', async () => {
    const ownerId = await addPerson('Olive Owner');
    const club = await addClub({ ownerId });
    const memberId = await addMember(club.id, { userId: await addPerson('Rita Rsvp') });
    const { secret } = await makeEndpoint(club.id, ownerId, ['event.rsvp']);
    const when = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const made = await callAs<EventView>(
      calendarEvents,
      'createEvent',
      ownerId,
      { clubId: club.id },
      {
        title: 'Open studio',
        description: '',
        date: when,
        time: '18:30',
        timeZone: 'UTC',
        location: 'Online',
      },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const params = { clubId: club.id, eventId: made.body.id };
    // The owner attends their own event from the start: that is no registration of a member.
    await bus().idle();
    expect(received).toHaveLength(0);

    const twice = await Promise.all([
      callAs(calendarEvents, 'registerForEvent', memberId, params),
      callAs(calendarEvents, 'registerForEvent', memberId, params),
    ]);
    expect(twice.map((res) => res.status)).toEqual([200, 200]);
    await bus().idle();
    expect((await callAs(calendarEvents, 'cancelEventRegistration', memberId, params)).status).toBe(200);
    expect((await callAs(calendarEvents, 'cancelEventRegistration', memberId, params)).status).toBe(200);
    await bus().idle();

    const messages = verifiedAt(pathOf(endpointUrl), secret);
    expect(messages.map((message) => [message.type, message.data.going])).toEqual([
      ['event.rsvp', true],
      ['event.rsvp', false],
    ]);
    expect(messages[0]?.data).toMatchObject({
      clubId: club.id,
      eventId: made.body.id,
      title: 'Open studio',
      startsAt: made.body.startDate,
      memberId,
      member: { userId: memberId, name: 'Rita Rsvp', status: 'active' },
    });
  });

  it('sends a course completed once, when the last section is marked, never again on marking it anew', async () => {
    const ownerId = await addPerson('Olive Owner');
    const { club, course } = await clubWithCourse(ownerId);
    const memberId = await addMember(club.id, { userId: await addPerson('Cora Course') });
    const { secret } = await makeEndpoint(club.id, ownerId, ['course.completed']);
    // The owner's two sections, stored as the course editor stores them (its media checks are not the point here).
    const stored = await appendSections(
      club.id,
      course.id,
      ['Starter', 'Bake'].map((title) => ({
        id: ulid(),
        title,
        htmlContent: '',
        featuredImage: null,
        updatedAt: new Date().toISOString(),
      })),
    );
    expect(stored.created).toBe(true);
    const sections = stored.created ? stored.sections.map((section) => section.id) : [];
    const mark = async (route: 'completeSection' | 'uncompleteSection', sectionId: string) => {
      const res = await callAs(courses, route, memberId, { clubId: club.id, courseId: course.id, sectionId });
      expect(res.status).toBe(200);
      await bus().idle();
    };
    const [first, last] = sections as [string, string];
    await mark('completeSection', first);
    expect(received).toHaveLength(0);
    await mark('completeSection', last);
    await mark('uncompleteSection', last);
    await mark('completeSection', last);

    const messages = verifiedAt(pathOf(endpointUrl), secret);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      type: 'course.completed',
      data: {
        clubId: club.id,
        courseId: course.id,
        title: (course as Course).title,
        memberId,
        member: { userId: memberId, name: 'Cora Course' },
      },
    });
  });

  it('sends a member who paid at checkout as joined and paid, once each, though Stripe delivers every event twice', async () => {
    const { club, ownerId } = await paidClub({ price: 12.5, currency: 'EUR', trialPeriod: 0 });
    const { secret } = await makeEndpoint(club.id, ownerId, ['membership.approved', 'membership.paid']);
    const memberId = await addPerson('Paula Payer');
    const events = await payMembership(club.id, memberId);
    const invoice = ofType(events, 'invoice.paid').data as { object: { id: string } };
    for (const event of events) await deliver(event);
    await bus().idle();
    // Stripe's retries of the same events, and again all at once.
    for (const event of events) await deliver(event);
    await Promise.all(events.map((event) => deliver(event)));
    await bus().idle();

    const messages = verifiedAt(pathOf(endpointUrl), secret);
    expect(messages.map((message) => message.type).sort()).toEqual([
      'membership.approved',
      'membership.paid',
    ]);
    const joined = messages.find((message) => message.type === 'membership.approved');
    expect(joined?.data).toMatchObject({
      via: 'checkout',
      memberId,
      member: { userId: memberId, name: 'Paula Payer', status: 'active' },
    });
    const paid = messages.find((message) => message.type === 'membership.paid');
    expect(paid?.data).toMatchObject({
      clubId: club.id,
      memberId,
      invoiceId: invoice.object.id,
      amount: 1250,
      currency: 'eur',
      member: { userId: memberId, name: 'Paula Payer' },
    });
  });
});

describe('a member joined reaches each endpoint once, whichever way they came in', () => {
  it('sends one per endpoint for two approvals at once', async () => {
    const { club, ownerId, pendingId } = await clubWithPendingMember();
    const first = await makeEndpoint(club.id, ownerId, ['membership.approved']);
    const second = await makeEndpoint(club.id, ownerId, ['membership.approved'], `${endpointUrl}/second`);
    const answers = await Promise.all(
      [0, 1].map(() =>
        invoke(
          members,
          httpEvent('approveClubMember', {
            params: { clubId: club.id, userId: pendingId },
            ...asOwner(ownerId),
          }),
        ),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    await bus().idle();
    for (const [path, secret] of [
      [pathOf(endpointUrl), first.secret],
      [`${pathOf(endpointUrl)}/second`, second.secret],
    ] as const) {
      const messages = verifiedAt(path, secret);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({
        type: 'membership.approved',
        data: { actorId: ownerId, memberId: pendingId, via: 'approval', member: { status: 'active' } },
      });
    }
  });

  it('sends one for a person accepting the invite link in three tabs at once, and none for a later click', async () => {
    const ownerId = await addPerson('Olive Owner');
    const club = await addClub({ ownerId, price: 0 });
    const { secret } = await makeEndpoint(club.id, ownerId, ['membership.approved']);
    const link = await callAs<InviteLink>(invitations, 'getInviteLink', ownerId, { clubId: club.id });
    expect(link.status).toBe(200);
    const inviteeId = await addPerson('Ivy Invitee');
    const accept = () =>
      callAs<AcceptInvitationResult>(invitations, 'acceptInvitation', inviteeId, {
        clubId: club.id,
        token: link.body.token,
      });
    const answers = await Promise.all([accept(), accept(), accept()]);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(answers.map((res) => res.body.outcome).sort()).toEqual(['joined', 'member', 'member']);
    await bus().idle();
    expect((await accept()).body.outcome).toBe('member');
    await bus().idle();

    const messages = verifiedAt(pathOf(endpointUrl), secret);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.data).toMatchObject({
      actorId: inviteeId,
      memberId: inviteeId,
      via: 'invitation',
      member: { userId: inviteeId, name: 'Ivy Invitee', status: 'active' },
    });
  });
});

describe('where webhooks may be sent', () => {
  const REFUSED = [
    ['http://example.com/hook', 'plain HTTP to a public host'],
    ['ftp://example.com/hook', 'another scheme'],
    ['https://user:secret@example.com/hook', 'credentials in the URL'],
    ['https://127.0.0.1/hook', 'IPv4 loopback'],
    ['https://2130706433/hook', 'loopback as a decimal number'],
    ['https://0x7f.0.0.1/hook', 'loopback in hex'],
    ['https://0.0.0.0/hook', 'the unspecified address'],
    ['https://10.1.2.3/hook', 'private 10/8'],
    ['https://172.16.0.1/hook', 'private 172.16/12'],
    ['https://192.168.1.1/hook', 'private 192.168/16'],
    ['https://100.64.0.1/hook', 'carrier-grade NAT'],
    ['https://169.254.169.254/latest/meta-data', 'link-local (instance metadata)'],
    ['https://224.0.0.1/hook', 'multicast'],
    ['https://[::1]/hook', 'IPv6 loopback'],
    ['https://[::]/hook', 'IPv6 unspecified'],
    ['https://[fe80::1]/hook', 'IPv6 link-local'],
    ['https://[fd00::1]/hook', 'IPv6 unique local'],
    ['https://[::ffff:127.0.0.1]/hook', 'IPv4-mapped loopback'],
    ['https://[::ffff:8.8.8.8]/hook', 'IPv4-mapped, even public'],
    ['https://[64:ff9b::a00:1]/hook', 'NAT64 of a private address'],
    ['https://localhost/hook', 'localhost over HTTPS'],
    ['https://intranet/hook', 'a single-label name'],
    ['https://printer.local/hook', 'an mDNS name'],
    ['http://127.0.0.1/hook', 'loopback without a port'],
    ['http://10.0.0.1:8080/hook', 'private over HTTP even with a port'],
  ] as const;

  it.each(REFUSED)('refuses %s (%s) when saved', async (url) => {
    const { club, ownerId } = await clubWithPendingMember();
    const res = await invoke<{ error: { code: string; message: string } }>(
      clubAdmin,
      httpEvent('createWebhook', {
        params: { clubId: club.id },
        body: { url, eventTypes: ['post.created'] },
        ...asOwner(ownerId),
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
  });

  it('takes loopback ports only where the local stack allows them', async () => {
    expect(parseWebhookUrl('http://localhost:8080/hook').href).toBe('http://localhost:8080/hook');
    process.env.WEBHOOK_LOCAL_ENDPOINTS = '';
    try {
      expect(() => parseWebhookUrl('http://127.0.0.1:8080/hook')).toThrow(/https/);
      expect(() => parseWebhookUrl('http://localhost:8080/hook')).toThrow(/https/);
      await expect(resolveWebhookAddress(new URL('https://localhost/hook'))).rejects.toThrow();
    } finally {
      process.env.WEBHOOK_LOCAL_ENDPOINTS = 'true';
    }
  });

  it('classes addresses: only public unicast ones pass', () => {
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2606:4700:4700::1111')).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '169.254.1.1',
      'fd12::1',
      '::ffff:93.184.216.34',
      'fe80::1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('checks the address again when sending: a stored endpoint that now points inward gets nothing', async () => {
    const { club, ownerId } = await clubWithPendingMember();
    // As if its name had resolved publicly when saved and to this machine now (DNS rebinding).
    const { id: webhookId } = await storeWebhook(club.id, {
      url: endpointUrl.replace('http://', 'https://'),
    });
    const test = await invoke<{ delivery: { id: string } }>(
      clubAdmin,
      httpEvent('sendWebhookTest', { params: { clubId: club.id, webhookId }, ...asOwner(ownerId) }),
    );
    expect(test.status).toBe(202);
    await bus().idle();
    expect(received).toHaveLength(0);
    expect(await getDelivery(webhookId, test.body.delivery.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: null,
      lastError: expect.stringContaining('public host'),
    });
  });
});

describe('subscriptions with an API key', () => {
  async function keyOf(clubId: string, ownerId: string, scopes: string[]) {
    const made = await invoke<CreatedApiKey>(
      clubAdmin,
      httpEvent('createApiKey', {
        params: { clubId },
        body: { name: 'Zapier', scopes },
        ...asOwner(ownerId),
      }),
    );
    expect(made.status).toBe(201);
    return made.body.secret;
  }
  const withKey = (secret: string) => ({ headers: { authorization: `Bearer ${secret}` } });

  it('subscribes and unsubscribes in its own club only, with the webhooks:manage scope', async () => {
    const a = await clubWithPendingMember();
    const b = await clubWithPendingMember();
    const keyA = await keyOf(a.club.id, a.ownerId, ['webhooks:manage']);
    const readOnlyA = await keyOf(a.club.id, a.ownerId, ['members:read']);
    const body = { url: endpointUrl, eventTypes: ['membership.approved'] };

    const made = await invoke<WebhookWithSecret>(
      clubAdmin,
      httpEvent('createHookWithKey', { params: { clubId: a.club.id }, body, ...withKey(keyA) }),
    );
    expect(made.status).toBe(201);
    expect(made.body.secret.startsWith('whsec_')).toBe(true);

    const noScope = await invoke(
      clubAdmin,
      httpEvent('createHookWithKey', { params: { clubId: a.club.id }, body, ...withKey(readOnlyA) }),
    );
    expect(noScope.status).toBe(403);

    // Club B's hooks: A's key can neither make one nor delete one, and learns nothing.
    const { webhook: hookOfB } = await makeEndpoint(b.club.id, b.ownerId, ['post.created']);
    const intoB = await invoke(
      clubAdmin,
      httpEvent('createHookWithKey', { params: { clubId: b.club.id }, body, ...withKey(keyA) }),
    );
    expect(intoB.status).toBe(404);
    const deleteB = await invoke(
      clubAdmin,
      httpEvent('deleteHookWithKey', {
        params: { clubId: b.club.id, webhookId: hookOfB.id },
        ...withKey(keyA),
      }),
    );
    expect(deleteB.status).toBe(404);
    const crossed = await invoke(
      clubAdmin,
      httpEvent('deleteHookWithKey', {
        params: { clubId: a.club.id, webhookId: hookOfB.id },
        ...withKey(keyA),
      }),
    );
    expect(crossed.status).toBe(404);
    expect(await getWebhook(b.club.id, hookOfB.id)).not.toBeNull();

    const removed = await invoke(
      clubAdmin,
      httpEvent('deleteHookWithKey', {
        params: { clubId: a.club.id, webhookId: made.body.webhook.id },
        ...withKey(keyA),
      }),
    );
    expect(removed.status).toBe(200);
    expect(await getWebhook(a.club.id, made.body.webhook.id)).toBeNull();
  });
});
