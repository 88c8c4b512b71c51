import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { handler } from '@clubs/functions/routes/stripe-webhook';
import { clearWebhookSecretCache } from '@clubs/functions/stripe/webhook-secret';
import { EVENT_BUS } from '@clubs/shared';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lambdaContext } from '../support/http-event.ts';

const SECRET = 'whsec_test_secret_for_unit_tests';
const SECRET_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:stripe-webhook-AbCdEf';
const eventBridge = mockClient(EventBridgeClient);
const secretsManager = mockClient(SecretsManagerClient);

const stripeEvent = {
  id: 'evt_1Test',
  object: 'event',
  type: 'checkout.session.completed',
  created: 1_760_000_000,
  livemode: false,
  api_version: '2025-09-30.clover',
  data: { object: { id: 'cs_test_1', object: 'checkout.session', metadata: { clubId: 'club-1' } } },
};
const payload = JSON.stringify(stripeEvent, null, 2);

const nowSeconds = () => Math.floor(Date.now() / 1000);
const sign = (body: string, options: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: options.secret ?? SECRET,
    timestamp: options.timestamp ?? nowSeconds(),
  });

function request(
  body: string | undefined,
  headers: Record<string, string>,
  isBase64Encoded = false,
): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'POST /api/webhooks/stripe',
    rawPath: '/api/webhooks/stripe',
    rawQueryString: '',
    headers: { 'content-type': 'application/json', ...headers },
    requestContext: {
      accountId: '123456789012',
      apiId: 'api',
      domainName: 'example.cloudfront.net',
      domainPrefix: 'example',
      http: {
        method: 'POST',
        path: '/api/webhooks/stripe',
        protocol: 'HTTP/1.1',
        sourceIp: '3.18.12.63',
        userAgent: 'Stripe/1.0',
      },
      requestId: 'req-1',
      routeKey: 'POST /api/webhooks/stripe',
      stage: '$default',
      time: '01/Jan/2026:00:00:00 +0000',
      timeEpoch: 0,
    },
    body,
    isBase64Encoded,
  };
}

const call = async (event: APIGatewayProxyEventV2) =>
  (await handler(event, lambdaContext)) as APIGatewayProxyStructuredResultV2 & {
    statusCode: number;
    body: string;
  };

const putCalls = () => eventBridge.commandCalls(PutEventsCommand);

beforeEach(() => {
  eventBridge.reset();
  secretsManager.reset();
  clearWebhookSecretCache();
  eventBridge.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'eb-1' }] });
  vi.stubEnv('EVENT_BUS_NAME', 'clubs-events-test');
  vi.stubEnv('STRIPE_WEBHOOK_SECRET', SECRET);
  vi.stubEnv('STRIPE_WEBHOOK_SECRET_ARN', '');
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('stripe webhook: a valid signature', () => {
  it('puts exactly one event on the bus and answers { received: true }', async () => {
    const response = await call(request(payload, { 'stripe-signature': sign(payload) }));

    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ received: true });
    expect(putCalls()).toHaveLength(1);
    const entries = putCalls()[0]?.args[0].input.Entries ?? [];
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      EventBusName: 'clubs-events-test',
      Source: EVENT_BUS.stripeSource,
      DetailType: 'checkout.session.completed',
    });
    expect(JSON.parse(entries[0]?.Detail ?? '{}')).toEqual(stripeEvent);
  });

  it('verifies the raw bytes of a base64-encoded body', async () => {
    const encoded = Buffer.from(payload, 'utf8').toString('base64');
    const response = await call(request(encoded, { 'Stripe-Signature': sign(payload) }, true));

    expect(response.statusCode).toBe(200);
    expect(putCalls()).toHaveLength(1);
  });

  it('accepts the secret of any configured endpoint (platform and Connect)', async () => {
    vi.stubEnv('STRIPE_WEBHOOK_SECRET', `whsec_platform_endpoint, ${SECRET}`);
    const response = await call(request(payload, { 'stripe-signature': sign(payload) }));
    expect(response.statusCode).toBe(200);
    expect(putCalls()).toHaveLength(1);
  });

  it('accepts a header carrying several v1 signatures (a rolled secret) and a v0', async () => {
    const genuine = sign(payload);
    const timestamp = /t=(\d+)/.exec(genuine)?.[1];
    const forged = sign(payload, { secret: 'whsec_rolled_away' }).split('v1=')[1];
    const header = `t=${timestamp},v1=${forged},${genuine.split(',')[1]},v0=${'0'.repeat(64)}`;
    const response = await call(request(payload, { 'stripe-signature': header }));
    expect(response.statusCode).toBe(200);
    expect(putCalls()).toHaveLength(1);
  });

  it('accepts a signature four minutes old (within the tolerance)', async () => {
    const response = await call(
      request(payload, { 'stripe-signature': sign(payload, { timestamp: nowSeconds() - 4 * 60 }) }),
    );
    expect(response.statusCode).toBe(200);
  });

  it('passes on the whole event, non-ASCII text included', async () => {
    const event = {
      ...stripeEvent,
      data: { object: { id: 'prod_1', object: 'product', name: 'Café ☕ Ünïcode' } },
    };
    const body = JSON.stringify(event);
    const response = await call(request(body, { 'stripe-signature': sign(body) }));
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(putCalls()[0]?.args[0].input.Entries?.[0]?.Detail ?? '{}')).toEqual(event);
  });

  it('uses the default bus name when EVENT_BUS_NAME is not set', async () => {
    vi.stubEnv('EVENT_BUS_NAME', '');
    await call(request(payload, { 'stripe-signature': sign(payload) }));
    expect(putCalls()[0]?.args[0].input.Entries?.[0]?.EventBusName).toBe(EVENT_BUS.defaultName);
  });
});

describe('stripe webhook: refused signatures store nothing', () => {
  const expectRefused = (response: { statusCode: number; body: string }) => {
    expect(response.statusCode).toBe(400);
    const body = JSON.parse(response.body) as { error: { code: string; message: string } };
    expect(body.error.code).toEqual(expect.any(String));
    expect(body.error.message).toEqual(expect.any(String));
    expect(putCalls()).toHaveLength(0);
  };

  it('a missing Stripe-Signature header', async () => {
    expectRefused(await call(request(payload, {})));
  });

  it('a signature made with another secret (forged)', async () => {
    expectRefused(
      await call(request(payload, { 'stripe-signature': sign(payload, { secret: 'whsec_forged' }) })),
    );
  });

  it('a body changed after signing', async () => {
    const signature = sign(payload);
    const tampered = payload.replace('club-1', 'club-2');
    expectRefused(await call(request(tampered, { 'stripe-signature': signature })));
  });

  it('a stale signature (older than the five-minute tolerance)', async () => {
    const stale = sign(payload, { timestamp: nowSeconds() - 60 * 60 });
    expectRefused(await call(request(payload, { 'stripe-signature': stale })));
  });

  it.each([
    ['no scheme at all', 'not-a-signature'],
    ['an empty value', ' '],
    ['no timestamp', () => sign(payload).split(',')[1] ?? ''],
    ['no v1 signature', () => sign(payload).split(',')[0] ?? ''],
    ['only a v0 signature', () => sign(payload).replace('v1=', 'v0=')],
    ['a timestamp that is not a number', () => sign(payload).replace(/t=\d+/, 't=yesterday')],
    ['a truncated v1', () => sign(payload).slice(0, -2)],
  ])('a malformed header: %s', async (_, header) => {
    const value = typeof header === 'function' ? header() : header;
    expectRefused(await call(request(payload, { 'stripe-signature': value })));
  });
});

describe('stripe webhook: a correctly signed body that is no Stripe event', () => {
  it.each([
    ['not JSON', '{"id": "evt_1",'],
    ['an array', '[{"id":"evt_1","type":"invoice.paid"}]'],
    ['a string', '"evt_1"'],
    ['null', 'null'],
    ['an object without id', JSON.stringify({ type: 'invoice.paid', created: 1 })],
    ['an object without type', JSON.stringify({ id: 'evt_1', created: 1 })],
    ['an empty id', JSON.stringify({ id: '', type: 'invoice.paid' })],
    ['a numeric type', JSON.stringify({ id: 'evt_1', type: 7 })],
    [
      'a created that is not a number',
      JSON.stringify({ id: 'evt_1', type: 'invoice.paid', created: 'today' }),
    ],
  ])('is refused with 400 and not stored: %s', async (_, body) => {
    const response = await call(request(body, { 'stripe-signature': sign(body) }));
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ error: { code: 'bad_request' } });
    expect(putCalls()).toHaveLength(0);
  });
});

describe('stripe webhook: the signing secret from Secrets Manager', () => {
  beforeEach(() => {
    vi.stubEnv('STRIPE_WEBHOOK_SECRET', '');
    vi.stubEnv('STRIPE_WEBHOOK_SECRET_ARN', SECRET_ARN);
  });

  it('reads the secret by its ARN once per container', async () => {
    secretsManager
      .on(GetSecretValueCommand, { SecretId: SECRET_ARN })
      .resolves({ SecretString: `whsec_connect_endpoint\n${SECRET}\n` });

    for (let i = 0; i < 3; i += 1) {
      const response = await call(request(payload, { 'stripe-signature': sign(payload) }));
      expect(response.statusCode).toBe(200);
    }
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    expect(putCalls()).toHaveLength(3);
  });

  it('answers 500 (so Stripe retries) and stores nothing when the secret cannot be read', async () => {
    secretsManager.on(GetSecretValueCommand).rejects(new Error('AccessDeniedException'));

    const response = await call(request(payload, { 'stripe-signature': sign(payload) }));
    expect(response.statusCode).toBe(500);
    expect(JSON.parse(response.body)).toMatchObject({ error: { code: 'internal' } });
    expect(putCalls()).toHaveLength(0);

    // The failure is not cached: the next delivery reads the secret again.
    secretsManager.on(GetSecretValueCommand).resolves({ SecretString: SECRET });
    expect((await call(request(payload, { 'stripe-signature': sign(payload) }))).statusCode).toBe(200);
  });
});

describe('stripe webhook: the bus refuses the event', () => {
  it('answers 500 so that Stripe delivers again', async () => {
    eventBridge.on(PutEventsCommand).resolves({
      FailedEntryCount: 1,
      Entries: [{ ErrorCode: 'InternalFailure', ErrorMessage: 'try again' }],
    });
    const response = await call(request(payload, { 'stripe-signature': sign(payload) }));
    expect(response.statusCode).toBe(500);
    expect(JSON.parse(response.body)).toMatchObject({ error: { code: 'internal' } });
  });
});
