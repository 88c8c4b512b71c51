/**
 * The API answers only requests that came through CloudFront: with the origin secret configured
 * (as in AWS), a request without CloudFront's secret header is refused before anything else runs,
 * by every handler group and by the Stripe webhook; locally (no secret) nothing changes.
 */
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { fromTheEdge } from '@clubs/functions/http/origin-verify';
import { logger } from '@clubs/functions/logger';
import { handler as memberships } from '@clubs/functions/routes/memberships';
import { handler as webhook } from '@clubs/functions/routes/stripe-webhook';
import { ORIGIN_VERIFY } from '@clubs/shared';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { httpEvent, invoke } from '../support/http-event.ts';

const SECRET = 'a-secret-only-cloudfront-and-the-functions-know-0123';
const eventBridge = mockClient(EventBridgeClient);

describe('requests around CloudFront', () => {
  beforeEach(() => vi.stubEnv(ORIGIN_VERIFY.env, SECRET));
  afterEach(() => {
    vi.unstubAllEnvs();
    eventBridge.reset();
  });

  it('a handler group refuses a request without the header, or with a wrong one, before the token check', async () => {
    const wrong: Record<string, string>[] = [
      {},
      { [ORIGIN_VERIFY.header]: 'guess' },
      { [ORIGIN_VERIFY.header]: '' },
    ];
    for (const headers of wrong) {
      const res = await invoke(memberships, httpEvent('listMyMemberships', { headers }));
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: { code: 'forbidden', message: 'Use the site' } });
    }
    // With the header the request goes on, here to the token check.
    const through = await invoke(
      memberships,
      httpEvent('listMyMemberships', { headers: { [ORIGIN_VERIFY.header]: SECRET } }),
    );
    expect(through.status).toBe(401);
  });

  it("past the check, the request's log lines carry the viewer's address CloudFront forwarded", async () => {
    const info = vi.spyOn(logger, 'info');
    await invoke(
      memberships,
      httpEvent('listMyMemberships', {
        headers: { [ORIGIN_VERIFY.header]: SECRET, 'cloudfront-viewer-address': '203.0.113.7:51234' },
      }),
    );
    const refused = info.mock.calls.find(([message]) => message === 'request refused')?.[1];
    info.mockRestore();
    expect(refused).toMatchObject({ viewer: '203.0.113.7', status: 401 });
  });

  it('the Stripe webhook refuses it too, and puts nothing on the bus', async () => {
    const direct = await invoke(webhook, httpEvent('stripeWebhook', { rawBody: '{}' }));
    expect(direct.status).toBe(403);
    expect(eventBridge.calls()).toHaveLength(0);
    const through = await invoke(
      webhook,
      httpEvent('stripeWebhook', { rawBody: '{}', headers: { [ORIGIN_VERIFY.header]: SECRET } }),
    );
    expect(through.status).toBe(400); // no Stripe-Signature: the webhook's own check
  });
});

describe('fromTheEdge', () => {
  it('lets everything through where no secret is configured (the local stack)', () => {
    expect(fromTheEdge({ headers: {} }, undefined)).toBe(true);
    expect(fromTheEdge({ headers: {} }, '')).toBe(true);
  });

  it('needs the exact secret when one is configured', () => {
    expect(fromTheEdge({ headers: { [ORIGIN_VERIFY.header]: 's3cret' } }, 's3cret')).toBe(true);
    expect(fromTheEdge({ headers: { [ORIGIN_VERIFY.header]: 's3cret ' } }, 's3cret')).toBe(false);
    expect(fromTheEdge({ headers: { [ORIGIN_VERIFY.header]: 'S3CRET' } }, 's3cret')).toBe(false);
    expect(fromTheEdge({ headers: {} }, 's3cret')).toBe(false);
  });
});
