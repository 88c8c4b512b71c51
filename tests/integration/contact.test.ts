/**
 * POST /api/contact against DynamoDB Local: messages are stored, the four fields are required,
 * and each sender address gets at most CONTACT_RATE_LIMIT.perAddress messages per window, also
 * when its sends race each other (counter and message in one transaction).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@clubs/functions/data/client';
import { keys } from '@clubs/functions/data/keys';
import { storeContactMessage, windowOf } from '@clubs/functions/data/repositories/contact-messages';
import { handler } from '@clubs/functions/handlers/contact';
import { CONTACT_RATE_LIMIT, type ContactReceipt } from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { httpEvent, invoke } from '../support/http-event.ts';

type Answer = ContactReceipt & { error?: { code: string; message: string; details?: unknown } };
const send = (body: unknown) => invoke<Answer>(handler, httpEvent('sendContactMessage', { body }));
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

  it(`allows ${CONTACT_RATE_LIMIT.perAddress} messages per address, then 429 with Retry-After`, async () => {
    const email = freshAddress();
    for (let i = 0; i < CONTACT_RATE_LIMIT.perAddress; i += 1) {
      expect((await send(message(email))).status).toBe(201);
    }
    const limited = await invoke<Answer>(handler, httpEvent('sendContactMessage', { body: message(email) }));
    expect(limited.status).toBe(429);
    expect(limited.body.error?.code).toBe('too_many_requests');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CONTACT_RATE_LIMIT.windowSeconds);
    // Another address is not affected.
    expect((await send(message(freshAddress()))).status).toBe(201);
  });

  it('holds the limit under concurrent sends: exactly the limit is stored', async () => {
    const email = freshAddress();
    const results = await Promise.all(Array.from({ length: 8 }, () => send(message(email))));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(CONTACT_RATE_LIMIT.perAddress);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 429)).toBe(true);
    const month = new Date().toISOString().slice(0, 7);
    const mine = (await storedMessages(month)).filter((i) => i.email === email);
    expect(mine).toHaveLength(CONTACT_RATE_LIMIT.perAddress);
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
      await storeContactMessage(msg(ulid(), '2025-04-01T10:00:05.000Z'), rate, at('2025-04-01T10:00:05Z')),
    ).toEqual({
      stored: true,
    });
    expect(
      await storeContactMessage(msg(ulid(), '2025-04-01T10:00:50.000Z'), rate, at('2025-04-01T10:00:50Z')),
    ).toEqual({
      stored: false,
      retryAfterSeconds: 10,
    });
    expect(
      await storeContactMessage(msg(ulid(), '2025-04-01T10:01:00.000Z'), rate, at('2025-04-01T10:01:00Z')),
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
