/**
 * POST /api/contact against DynamoDB Local: messages are stored, the four fields are required,
 * and CONTACT_RATE_LIMIT holds per source address (the viewer address CloudFront passes), for all
 * senders together and per typed e-mail address, also when sends race each other (counters and
 * message in one transaction).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@clubs/functions/data/client';
import { storeContactMessage, windowOf } from '@clubs/functions/data/repositories/contact-messages';
import { handler } from '@clubs/functions/routes/contact';
import { RateLimited, sendContactMessage } from '@clubs/functions/services/contact';
import { CONTACT_RATE_LIMIT, type ContactReceipt } from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { httpEvent, invoke } from '../support/http-event.ts';

type Answer = ContactReceipt & { error?: { code: string; message: string; details?: unknown } };
let lastOctet = 0;
/** A viewer address no other test has used (each source has its own window). */
const freshSource = () => {
  lastOctet += 1;
  return `198.51.${Math.floor(lastOctet / 250)}.${lastOctet % 250}`;
};
/** Sends as CloudFront passes it: the viewer's "ip:port" in CloudFront-Viewer-Address. */
const send = (body: unknown, source = freshSource(), headers: Record<string, string> = {}) =>
  invoke<Answer>(
    handler,
    httpEvent('sendContactMessage', {
      body,
      headers: { 'cloudfront-viewer-address': `${source}:51234`, ...headers },
    }),
  );
const message = (email: string, extra: Record<string, string> = {}) => ({
  name: 'Ada Lovelace',
  email,
  subject: 'Question about clubs',
  message: 'How do I start a club?',
  ...extra,
});
const freshAddress = () => `sender-${ulid().toLowerCase()}@example.com`;

async function storedMessages(month: string) {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `CONTACT#${month}` },
    }),
  );
  return Items;
}

describe('POST /api/contact', () => {
  it('stores the message (trimmed, e-mail lower-cased) and answers 201 with a receipt', async () => {
    const email = freshAddress();
    const res = await send(message(email.toUpperCase(), { subject: '  Hello  ' }));
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(/^[0-9A-Z]{26}$/);
    const items = await storedMessages(res.body.receivedAt.slice(0, 7));
    const item = items.find((i) => i.id === res.body.id);
    expect(item).toMatchObject({
      ...keys.contactMessage(res.body.receivedAt, res.body.id),
      email,
      subject: 'Hello',
      name: 'Ada Lovelace',
      message: 'How do I start a club?',
      type: 'contact_message',
    });
  });

  it.each([
    ['name', { name: '   ' }],
    ['email', { email: 'not-an-email' }],
    ['subject', { subject: '' }],
    ['message', { message: ' ' }],
    ['message', { message: 'x'.repeat(5001) }],
  ])('refuses a missing or bad %s with 400 and stores nothing', async (_field, change) => {
    const email = freshAddress();
    const res = await send({ ...message(email), ...change });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('validation_failed');
  });

  it('refuses unknown fields', async () => {
    const res = await send({ ...message(freshAddress()), admin: true });
    expect(res.status).toBe(400);
  });

  it(`allows ${CONTACT_RATE_LIMIT.perSource} messages per source address, whatever e-mail it types, then 429 with Retry-After`, async () => {
    const source = freshSource();
    const [local, domain] = freshAddress().split('@');
    for (let i = 1; i <= CONTACT_RATE_LIMIT.perSource; i += 1) {
      expect((await send(message(`${local}+${i}@${domain}`), source)).status).toBe(201);
    }
    const limited = await send(message(`${local}+spam@${domain}`), source);
    expect(limited.status).toBe(429);
    expect(limited.body.error?.code).toBe('too_many_requests');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CONTACT_RATE_LIMIT.windowSeconds);
    // Another source is not affected.
    expect((await send(message(freshAddress()))).status).toBe(201);
  });

  it('takes the source from CloudFront-Viewer-Address or API Gateway, never from X-Forwarded-For', async () => {
    const source = freshSource();
    for (let i = 1; i <= CONTACT_RATE_LIMIT.perSource; i += 1) {
      const forged = { 'x-forwarded-for': `203.0.113.${i}` };
      expect((await send(message(freshAddress()), source, forged)).status).toBe(201);
    }
    expect((await send(message(freshAddress()), source, { 'x-forwarded-for': '203.0.113.99' })).status).toBe(
      429,
    );
    // Without CloudFront's header (a call straight to API Gateway) the connection's address counts.
    const direct = (ip: string) => {
      const event = httpEvent('sendContactMessage', { body: message(freshAddress()) });
      event.requestContext.http.sourceIp = ip;
      return invoke<Answer>(handler, event);
    };
    const ip = freshSource();
    for (let i = 1; i <= CONTACT_RATE_LIMIT.perSource; i += 1) expect((await direct(ip)).status).toBe(201);
    expect((await direct(ip)).status).toBe(429);
  });

  it(`still allows ${CONTACT_RATE_LIMIT.perAddress} messages per e-mail address over all sources`, async () => {
    const email = freshAddress();
    for (let i = 0; i < CONTACT_RATE_LIMIT.perAddress; i += 1) {
      expect((await send(message(email))).status).toBe(201);
    }
    expect((await send(message(email))).status).toBe(429);
  });

  it("one sender typing someone else's address cannot use up that address's messages", async () => {
    const victim = freshAddress();
    const attacker = freshSource();
    const results = [];
    for (let i = 0; i < CONTACT_RATE_LIMIT.perAddress; i += 1)
      results.push((await send(message(victim), attacker)).status);
    expect(results.filter((s) => s === 201)).toHaveLength(CONTACT_RATE_LIMIT.perSource);
    expect(results.filter((s) => s !== 201).every((s) => s === 429)).toBe(true);
    // Refused sends counted nowhere, so the owner of the address can still write.
    expect((await send(message(victim), freshSource())).status).toBe(201);
  });

  it('caps all senders together per window, whatever their sources and addresses', async () => {
    // A window of its own (another hour) and a cap of 2, so this does not depend on other tests.
    const now = new Date('2031-03-01T10:15:00Z');
    const limits = { ...CONTACT_RATE_LIMIT, allSenders: 2 };
    const sendAt = (at: Date) => sendContactMessage(message(freshAddress()), freshSource(), at, limits);
    await sendAt(now);
    await sendAt(now);
    const refused = await sendAt(now).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimited);
    expect((refused as RateLimited).retryAfterSeconds).toBe(45 * 60);
    // The next window starts afresh.
    await expect(sendAt(new Date('2031-03-01T11:00:00Z'))).resolves.toMatchObject({
      receivedAt: '2031-03-01T11:00:00.000Z',
    });
  });

  it('holds the limits under concurrent sends: exactly the limit is stored', async () => {
    const email = freshAddress();
    const results = await Promise.all(Array.from({ length: 8 }, () => send(message(email))));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(CONTACT_RATE_LIMIT.perAddress);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 429)).toBe(true);
    const month = new Date().toISOString().slice(0, 7);
    const mine = (await storedMessages(month)).filter((i) => i.email === email);
    expect(mine).toHaveLength(CONTACT_RATE_LIMIT.perAddress);

    const source = freshSource();
    const fromOne = await Promise.all(Array.from({ length: 8 }, () => send(message(freshAddress()), source)));
    expect(fromOne.filter((r) => r.status === 201)).toHaveLength(CONTACT_RATE_LIMIT.perSource);
  });
});

describe('storeContactMessage windows', () => {
  it('opens a new window when the previous one has passed', async () => {
    const rate = { scope: 'contact-test', subject: freshAddress(), limit: 1, windowSeconds: 60 };
    const at = (iso: string) => new Date(iso);
    const msg = (id: string, receivedAt: string) => ({
      ...message(rate.subject),
      id,
      receivedAt,
    });
    expect(
      await storeContactMessage(msg(ulid(), '2025-04-01T10:00:05.000Z'), [rate], at('2025-04-01T10:00:05Z')),
    ).toEqual({
      stored: true,
    });
    expect(
      await storeContactMessage(msg(ulid(), '2025-04-01T10:00:50.000Z'), [rate], at('2025-04-01T10:00:50Z')),
    ).toEqual({
      stored: false,
      retryAfterSeconds: 10,
    });
    expect(
      await storeContactMessage(msg(ulid(), '2025-04-01T10:01:00.000Z'), [rate], at('2025-04-01T10:01:00Z')),
    ).toEqual({
      stored: true,
    });
  });

  it('computes fixed windows', () => {
    expect(windowOf(new Date('2025-04-01T10:59:59Z'), 3600)).toEqual({
      start: '2025-04-01T10:00:00.000Z',
      endEpochSeconds: Date.parse('2025-04-01T11:00:00Z') / 1000,
    });
  });
});
