/**
 * Live updates in the synthesized stack: the WebSocket API with the contract's routes, $connect
 * behind the ID-token authorizer (which also needs CloudFront's origin header), a throttled stage
 * named after the socket's path with JSON access logs, CloudFront's /ws behaviour to it, and the
 * fan-out function on every change event with ManageConnections on this API's connections only.
 */
import { LIVE_STAGE } from '@clubs/infra/lib/live.ts';
import { contentSecurityPolicy } from '@clubs/infra/lib/site-headers.ts';
import { localContentSecurityPolicy } from '@clubs/infra/local/site-server.ts';
import { CHANGE_EVENT_TYPES, EVENT_BUS, LIVE, ORIGIN_VERIFY, QUIET_CHANGE_TYPES } from '@clubs/shared';
import { describe, expect, it } from 'vitest';
import { logicalId, statementsOfRole, synthForFile } from './app.ts';

const synth = synthForFile({}, { bundle: false });
const { resourcesOf, only } = synth;
const liveApi = () => ({ Ref: logicalId(synth.stack.live.api) });

describe('live: the WebSocket API', () => {
  it('routes by the body action to the live function: $connect, $disconnect, subscribe, unsubscribe, $default', () => {
    expect(only('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET' })[1].Properties).toMatchObject({
      RouteSelectionExpression: LIVE.routeSelectionExpression,
    });
    const routes = Object.values(resourcesOf('AWS::ApiGatewayV2::Route', { ApiId: liveApi() }));
    expect(routes.map((r) => r.Properties.RouteKey).sort()).toEqual(
      ['$connect', '$default', '$disconnect', LIVE.routes.subscribe, LIVE.routes.unsubscribe].sort(),
    );
    const connect = routes.find((r) => r.Properties.RouteKey === '$connect');
    expect(connect?.Properties.AuthorizationType).toBe('CUSTOM');
    for (const route of routes.filter((r) => r.Properties.RouteKey !== '$connect')) {
      expect(route.Properties.AuthorizationType ?? 'NONE').toBe('NONE');
    }
    // A message route's answer goes back to the client.
    const responses = Object.values(resourcesOf('AWS::ApiGatewayV2::RouteResponse', { ApiId: liveApi() }));
    expect(responses).toHaveLength(3);
  });

  it("authorizes $connect with a ticket in the query and CloudFront's header, never an ID token", () => {
    const [, authorizer] = only('AWS::ApiGatewayV2::Authorizer', { ApiId: liveApi() });
    expect(authorizer.Properties).toMatchObject({
      AuthorizerType: 'REQUEST',
      IdentitySource: [
        `route.request.querystring.${LIVE.ticketParam}`,
        `route.request.header.${ORIGIN_VERIFY.header}`,
      ],
    });
    const fn = resourcesOf('AWS::Lambda::Function')[logicalId(synth.stack.live.authorizer.function)];
    const variables =
      (fn?.Properties.Environment as { Variables: Record<string, unknown> } | undefined)?.Variables ?? {};
    expect(Object.keys(variables)).toEqual(expect.arrayContaining([ORIGIN_VERIFY.env]));
    // The authorizer verifies no token: $connect consumes the ticket.
    expect(Object.keys(variables)).not.toContain('USER_POOL_ID');
  });

  it('has a throttled stage named after the socket path, with JSON access logs', () => {
    const [, stage] = only('AWS::ApiGatewayV2::Stage', { ApiId: liveApi() });
    expect(`/${LIVE_STAGE}`).toBe(LIVE.path);
    expect(stage.Properties).toMatchObject({
      StageName: LIVE_STAGE,
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingRateLimit: synth.stack.config.apiRateLimit,
        ThrottlingBurstLimit: synth.stack.config.apiBurstLimit,
      },
    });
    const format = JSON.parse((stage.Properties.AccessLogSettings as { Format: string }).Format);
    expect(format).toMatchObject({ connectionId: '$context.connectionId', routeKey: '$context.routeKey' });
  });

  it('lets the live function write only the connection partitions and consume tickets', () => {
    const statements = statementsOfRole(synth.template, logicalId(synth.stack.live.handler.role));
    const writes = statements.find((s) => [s.Action].flat().includes('dynamodb:PutItem')) as
      | { Condition?: unknown }
      | undefined;
    expect(writes?.Condition).toEqual({
      'ForAllValues:StringLike': {
        'dynamodb:LeadingKeys': ['LIVE#*', 'LIVE_CLUB#*', 'LIVE_USER#*', 'LIVE_TICKET#*'],
      },
    });
    expect(statements.flatMap((s) => [s.Action].flat())).not.toContain('execute-api:ManageConnections');
  });
});

describe('live: the fan-out', () => {
  it('takes every change event of the bus and posts only to this API’s connections', () => {
    const rule = Object.values(resourcesOf('AWS::Events::Rule')).find((r) =>
      JSON.stringify(r.Properties.Targets).includes(
        logicalId(synth.stack.payments.functions.get('live-fanout')?.function ?? synth.stack),
      ),
    );
    expect(rule?.Properties.EventPattern).toEqual({
      source: [EVENT_BUS.domainSource],
      'detail-type': [...Object.values(CHANGE_EVENT_TYPES), ...Object.values(QUIET_CHANGE_TYPES)],
    });
    const fanOut = synth.stack.payments.functions.get('live-fanout');
    if (!fanOut) throw new Error('no live-fanout function');
    const grant = statementsOfRole(synth.template, logicalId(fanOut.role)).find((s) =>
      [s.Action].flat().includes('execute-api:ManageConnections'),
    );
    const resource = JSON.stringify(grant?.Resource);
    expect(resource).toContain(logicalId(synth.stack.live.api));
    expect(resource).toContain(`/${LIVE_STAGE}/POST/@connections/*`);
    const fn = resourcesOf('AWS::Lambda::Function')[logicalId(fanOut.function)];
    const variables =
      (fn?.Properties.Environment as { Variables: Record<string, unknown> } | undefined)?.Variables ?? {};
    expect(JSON.stringify(variables.LIVE_ENDPOINT)).toContain(logicalId(synth.stack.live.api));
  });
});

describe('live: through CloudFront', () => {
  it('forwards /ws, uncached with every viewer header and the query, to the WebSocket API with the origin header', () => {
    const [, distribution] = only('AWS::CloudFront::Distribution');
    const config = distribution.Properties.DistributionConfig as {
      CacheBehaviors: { PathPattern: string; TargetOriginId: string; ViewerProtocolPolicy: string }[];
      Origins: { Id: string; DomainName: unknown; OriginCustomHeaders?: { HeaderName: string }[] }[];
    };
    const behavior = config.CacheBehaviors.find((b) => b.PathPattern === LIVE.path);
    expect(behavior).toMatchObject({
      ViewerProtocolPolicy: 'https-only',
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // AllViewerExceptHostHeader
    });
    const origin = config.Origins.find((o) => o.Id === behavior?.TargetOriginId);
    expect(JSON.stringify(origin?.DomainName)).toContain(logicalId(synth.stack.live.api));
    expect(origin?.OriginCustomHeaders?.map((h) => h.HeaderName)).toContain(ORIGIN_VERIFY.header);
  });

  it("names the live socket's wss: source in the CSP's connect-src (Safari before 15.4 does not count it as 'self'), here and in the local server's policy", () => {
    const [, policy] = only('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: { Comment: 'Clubs: HSTS, CSP, frame denial, nosniff' },
    });
    const config = policy.Properties.ResponseHeadersPolicyConfig as {
      SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: unknown } };
    };
    const csp = JSON.stringify(synth.stack.resolve(config.SecurityHeadersConfig.ContentSecurityPolicy));
    // Without a custom domain the site is on its distribution's CloudFront name.
    expect(/connect-src[^;]*/.exec(csp)?.[0]).toContain(' wss://*.cloudfront.net');
    const withDomain = contentSecurityPolicy({
      authHostedDomain: 'auth.example.com',
      uploadDomain: 'uploads.example.com',
      region: 'eu-west-1',
      siteDomain: 'clubs.example.com',
    });
    expect(/connect-src[^;]*/.exec(withDomain)?.[0]).toMatch(/ wss:\/\/clubs\.example\.com( |$)/);
    expect(withDomain).not.toContain('cloudfront.net');
    const local = /connect-src[^;]*/.exec(localContentSecurityPolicy())?.[0];
    expect(local).toBe("connect-src 'self' http://localhost:* ws://localhost:*");
  });
});
