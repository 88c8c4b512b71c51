/**
 * The authorizers API Gateway runs before any function: with the origin secret configured (as in
 * AWS), the public routes' authorizer passes only requests carrying CloudFront's secret header,
 * and the group authorizer refuses a request without it before looking at the token.
 */

import { logger } from '@clubs/functions/logger';
import { handler as groupAuthorizer } from '@clubs/functions/triggers/group-authorizer';
import { handler as originAuthorizer } from '@clubs/functions/triggers/origin-authorizer';
import { ORIGIN_VERIFY } from '@clubs/shared';
import type { APIGatewayRequestAuthorizerEventV2 } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const SECRET = 'a-secret-only-cloudfront-and-the-authorizers-know-01';

const authorizerEvent = (headers: Record<string, string>): APIGatewayRequestAuthorizerEventV2 =>
  ({
    version: '2.0',
    type: 'REQUEST',
    routeArn: 'arn:aws:execute-api:eu-west-1:123456789012:api/$default/GET/api/clubs',
    identitySource: Object.values(headers),
    routeKey: 'GET /api/clubs',
    rawPath: '/api/clubs',
    rawQueryString: '',
    headers,
    requestContext: {},
  }) as unknown as APIGatewayRequestAuthorizerEventV2;

describe('authorizers in front of the functions', () => {
  beforeEach(() => {
    vi.stubEnv(ORIGIN_VERIFY.env, SECRET);
    vi.spyOn(logger, 'info').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('the public routes pass only with the right origin header', async () => {
    expect(await originAuthorizer(authorizerEvent({ [ORIGIN_VERIFY.header]: SECRET }))).toEqual({
      isAuthorized: true,
    });
    const refused: Record<string, string>[] = [
      {},
      { [ORIGIN_VERIFY.header]: 'guess' },
      { [ORIGIN_VERIFY.header]: `${SECRET} ` },
    ];
    for (const headers of refused) {
      expect(await originAuthorizer(authorizerEvent(headers))).toEqual({ isAuthorized: false });
    }
  });

  it('the group authorizer refuses a request without the origin header before verifying its token', async () => {
    vi.stubEnv('USER_POOL_ID', 'eu-west-1_abcdefghi');
    vi.stubEnv('USER_POOL_CLIENT_ID', 'client');
    vi.stubEnv('REQUIRED_GROUP', 'super_admin');
    const verdict = await groupAuthorizer(authorizerEvent({ authorization: 'Bearer a.b.c' }));
    expect(verdict).toEqual({ isAuthorized: false, context: {} });
    expect(logger.info).toHaveBeenCalledWith(
      'refused a request that did not come through CloudFront',
      expect.objectContaining({ routeKey: 'GET /api/clubs' }),
    );
  });
});
