/**
 * Security-relevant properties of the stack's API, table, buckets and site, asserted on the
 * synthesized template (one synthesis for the file). None of it reads the function code, so the
 * functions are not bundled: `npm run build` bundles every one as `cdk deploy` does (its
 * `cdk synth` fails on a function that does not bundle), and the infra tests that read bundles
 * (least-privilege, runtime-sdk) bundle theirs in memory with the same settings.
 * The user pool, the payment events, operations and cdk-nag are in stack-auth-events.test.ts.
 */

import { ORIGIN_IDENTITY_SOURCE } from '@clubs/infra/lib/api.ts';
import { GROUP_ACCESS } from '@clubs/infra/lib/group-access.ts';
import { NODE_RUNTIME } from '@clubs/infra/lib/handler-function.ts';
import {
  DRAWN_PAGE_HEADER,
  ENTRY_DOCUMENTS,
  entryDocumentOf,
  FUNCTION_TIMEOUT_SECONDS,
  HANDLER_GROUPS,
  MEDIA_PATHS,
  needsToken,
  ROUTE_IDS,
  ROUTES,
  type RouteDefinition,
  requiredGroup,
  routeKeyOf,
  runtimeConfigSchema,
  TABLE,
  TABLE_INDEXES,
} from '@clubs/shared';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { actionsOf, logicalId, type Resource, statementsOfRole, synthForFile } from './app.ts';

const synth = synthForFile({}, { bundle: false });
const { resourcesOf, only } = synth;

describe('api: routes generated from the shared manifest', () => {
  // The HTTP API's (the live WebSocket API has its own: live.test.ts).
  const routes = () =>
    Object.values(
      resourcesOf('AWS::ApiGatewayV2::Route', { ApiId: { Ref: logicalId(synth.stack.api.httpApi) } }),
    );
  const routeFor = (route: RouteDefinition) => {
    const found = routes().filter((r) => r.Properties.RouteKey === routeKeyOf(route));
    expect(found, routeKeyOf(route)).toHaveLength(1);
    return found[0] as Resource;
  };

  it('has exactly one API Gateway route per manifest entry', () => {
    expect(
      routes()
        .map((r) => r.Properties.RouteKey)
        .sort(),
    ).toEqual(ROUTE_IDS.map((id) => routeKeyOf(ROUTES[id])).sort());
  });

  const authorizerOf = (type: 'JWT' | 'REQUEST') => {
    const found = Object.entries(resourcesOf('AWS::ApiGatewayV2::Authorizer')).filter(
      ([, a]) => a.Properties.AuthorizerType === type,
    );
    expect(found, type).toHaveLength(1);
    return found[0] as [string, Resource];
  };

  /** The manifest's routes that `which` picks: at least one, else a check of each would pass vacuously. */
  const routesWhere = (which: (route: RouteDefinition) => boolean) => {
    const routes = ROUTE_IDS.map((id) => ROUTES[id] as RouteDefinition).filter(which);
    expect(routes.length).toBeGreaterThan(0);
    return routes;
  };

  const expectBehind = (routes: RouteDefinition[], type: 'JWT' | 'CUSTOM', authorizerId: string) => {
    for (const route of routes) {
      expect(routeFor(route).Properties, routeKeyOf(route)).toMatchObject({
        AuthorizationType: type,
        AuthorizerId: { Ref: authorizerId },
      });
    }
  };

  it('puts the Cognito JWT authorizer on every signed-in route that requires no group', () => {
    const [authorizerId, authorizer] = authorizerOf('JWT');
    expect(authorizer.Properties).toMatchObject({
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: { Audience: [{ Ref: logicalId(synth.stack.auth.client) }] },
    });
    expectBehind(
      routesWhere((r) => needsToken(r.access) && !requiredGroup(r.access)),
      'JWT',
      authorizerId,
    );
  });

  it('puts the group authorizer on every super_admin route: the API refuses anyone outside the group', () => {
    const [authorizerId, authorizer] = Object.entries(resourcesOf('AWS::ApiGatewayV2::Authorizer')).find(
      ([, a]) => a.Properties.Name === 'group-super_admin',
    ) as [string, Resource];
    const gate = synth.stack.api.groupAuthorizers.get('super_admin');
    expect(gate?.handler).toBe('group-authorizer');
    expect(authorizer.Properties).toMatchObject({
      AuthorizerType: 'REQUEST',
      IdentitySource: ['$request.header.Authorization', ORIGIN_IDENTITY_SOURCE],
      EnableSimpleResponses: true,
      AuthorizerPayloadFormatVersion: '2.0',
      AuthorizerResultTtlInSeconds: 60,
    });
    expect(JSON.stringify(authorizer.Properties.AuthorizerUri)).toContain(logicalId(gate?.function as never));
    const fn = resourcesOf('AWS::Lambda::Function')[logicalId(gate?.function as never)] as Resource;
    expect(fn.Properties.Environment).toMatchObject({
      Variables: {
        REQUIRED_GROUP: 'super_admin',
        USER_POOL_ID: { Ref: logicalId(synth.stack.auth.userPool) },
        USER_POOL_CLIENT_ID: { Ref: logicalId(synth.stack.auth.client) },
      },
    });
    expectBehind(
      routesWhere((r) => requiredGroup(r.access) !== null),
      'CUSTOM',
      authorizerId,
    );
  });

  it('puts the origin authorizer on public routes: no token, but only requests through CloudFront', () => {
    const origin = synth.stack.api.originAuthorizer;
    expect(origin.handler).toBe('origin-authorizer');
    const [authorizerId] = Object.entries(resourcesOf('AWS::ApiGatewayV2::Authorizer')).find(([, a]) =>
      JSON.stringify(a.Properties.AuthorizerUri).includes(logicalId(origin.function)),
    ) ?? [''];
    expect(authorizerId).not.toBe('');
    for (const route of routesWhere((r) => !needsToken(r.access))) {
      const props = routeFor(route).Properties;
      expect(props.AuthorizationType, routeKeyOf(route)).toBe('CUSTOM');
      expect(props.AuthorizerId, routeKeyOf(route)).toEqual({ Ref: authorizerId });
    }
  });

  it('integrates each route with its handler group function', () => {
    for (const id of ROUTE_IDS) {
      const route = ROUTES[id] as RouteDefinition;
      const target = JSON.stringify(routeFor(route).Properties.Target);
      const integrationId = /"Ref":"([^"]+)"/.exec(target)?.[1] ?? '';
      const integration = synth.template.toJSON().Resources[integrationId] as Resource;
      const fn = synth.stack.api.functions.get(route.group)?.function;
      expect(fn, route.group).toBeDefined();
      expect(JSON.stringify(integration.Properties.IntegrationUri)).toContain(logicalId(fn as never));
      expect(integration.Properties.PayloadFormatVersion).toBe('2.0');
    }
  });

  it('throttles the stage explicitly and writes JSON access logs', () => {
    const [, stage] = only('AWS::ApiGatewayV2::Stage', {
      ApiId: { Ref: logicalId(synth.stack.api.httpApi) },
    });
    expect(stage.Properties).toMatchObject({
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
      AccessLogSettings: { DestinationArn: { 'Fn::GetAtt': [logicalId(synth.stack.api.accessLogs), 'Arn'] } },
    });
    const format = JSON.parse((stage.Properties.AccessLogSettings as { Format: string }).Format) as object;
    expect(format).toMatchObject({ requestId: '$context.requestId', status: '$context.status' });
  });

  it('builds one function per handler group: ESM on arm64, newest Node LTS, explicit memory and timeout, logs retained', () => {
    expect([...synth.stack.api.functions.keys()].sort()).toEqual([...HANDLER_GROUPS].sort());
    const all = [...synth.stack.api.functions.values(), ...synth.stack.payments.functions.values()];
    for (const handler of all) {
      const fn = synth.template.toJSON().Resources[logicalId(handler.function)] as Resource;
      expect(fn.Properties).toMatchObject({
        Runtime: NODE_RUNTIME.name,
        Architectures: ['arm64'],
        Handler: 'index.handler',
        MemorySize: expect.any(Number),
        Timeout: expect.any(Number),
        TracingConfig: { Mode: 'Active' },
        LoggingConfig: { LogGroup: { Ref: logicalId(handler.logGroup) } },
      });
    }
    expect(NODE_RUNTIME.name).toBe('nodejs24.x');
    // The Stripe client's limits are held against this same constant (tests/shared/time-limits).
    const stripeEvents = synth.stack.payments.functions.get('stripe-events');
    const events = synth.template.toJSON().Resources[logicalId(stripeEvents?.function as never)] as Resource;
    expect(events.Properties.Timeout).toBe(FUNCTION_TIMEOUT_SECONDS.consumer);
    for (const logGroup of Object.values(resourcesOf('AWS::Logs::LogGroup'))) {
      expect(logGroup.Properties.RetentionInDays).toBe(30);
    }
  });
});

describe('api: least privilege per handler group', () => {
  const statementsOf = (group: keyof typeof GROUP_ACCESS) => {
    const handler =
      synth.stack.api.functions.get(group as never) ?? synth.stack.payments.functions.get(group as never);
    expect(handler, group).toBeDefined();
    return statementsOfRole(synth.template, logicalId(handler?.role as never));
  };

  it('gives the webhook only events:PutEvents on the bus and its own secret', () => {
    const statements = statementsOf('stripe-webhook');
    const actions = actionsOf(statements);
    expect(actions.filter((a) => a.startsWith('dynamodb:'))).toEqual([]);
    expect(actions.filter((a) => a.startsWith('s3:'))).toEqual([]);
    expect(actions).toContain('events:PutEvents');
    const secretStatements = statements.filter((s) =>
      actionsOf([s]).includes('secretsmanager:GetSecretValue'),
    );
    expect(secretStatements).toHaveLength(1);
    expect(secretStatements[0]?.Resource).toEqual({
      Ref: logicalId(synth.stack.payments.stripeWebhookSecret),
    });
    const env = (
      synth.template.toJSON().Resources[
        logicalId(synth.stack.api.functions.get('stripe-webhook')?.function as never)
      ] as Resource
    ).Properties.Environment as { Variables: Record<string, unknown> };
    expect(env.Variables).toMatchObject({
      EVENT_BUS_NAME: { Ref: logicalId(synth.stack.payments.bus) },
      STRIPE_WEBHOOK_SECRET_ARN: { Ref: logicalId(synth.stack.payments.stripeWebhookSecret) },
    });
    expect(env.Variables.TABLE_NAME).toBeUndefined();
    expect(env.Variables.STRIPE_SECRET_KEY_ARN).toBeUndefined();
  });

  it('gives the system group read-only table access and nothing else', () => {
    const actions = actionsOf(statementsOf('system'));
    expect(actions).toContain('dynamodb:GetItem');
    for (const write of [
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:BatchWriteItem',
    ]) {
      expect(actions).not.toContain(write);
    }
    expect(
      actions.some((a) => a.startsWith('s3:') || a.startsWith('events:') || a.startsWith('secretsmanager:')),
    ).toBe(false);
  });

  it('never grants a wildcard action', () => {
    for (const group of Object.keys(GROUP_ACCESS) as (keyof typeof GROUP_ACCESS)[]) {
      for (const action of actionsOf(statementsOf(group))) {
        expect(action, group).not.toMatch(/^\*$|:\*$/);
      }
    }
  });
});

describe('data: the single table', () => {
  it('follows the shared definition: keys, TTL and every index', () => {
    const [, table] = only('AWS::DynamoDB::GlobalTable');
    expect(table.Properties).toMatchObject({
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
      ],
      TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
      BillingMode: 'PAY_PER_REQUEST',
    });
    const indexes = table.Properties.GlobalSecondaryIndexes as { IndexName: string; Projection: unknown }[];
    expect(indexes.map((i) => i.IndexName)).toEqual(TABLE_INDEXES.map((i) => i.name));
    // Each index projects what the declaration says: the likes and points indexes a few attributes.
    expect(indexes.map((i) => i.Projection)).toEqual(
      TABLE_INDEXES.map(({ projection }) =>
        projection.type === 'INCLUDE'
          ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...projection.attributes] }
          : { ProjectionType: projection.type },
      ),
    );
    expect(indexes.find((i) => i.IndexName === TABLE.indexes.byLikes.name)?.Projection).toEqual({
      ProjectionType: 'INCLUDE',
      NonKeyAttributes: ['id', 'title', 'authorName', 'hidden'],
    });
  });

  it('has point-in-time recovery, deletion protection, encryption, and is retained', () => {
    const [, table] = only('AWS::DynamoDB::GlobalTable');
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.Properties).toMatchObject({
      SSESpecification: { SSEEnabled: true, SSEType: 'KMS' },
      Replicas: [
        {
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          DeletionProtectionEnabled: true,
        },
      ],
    });
  });
});

describe('media and site buckets', () => {
  const bucket = (construct: { node: unknown }) =>
    synth.template.toJSON().Resources[logicalId(construct as never)] as Resource;

  it('block all public access, enforce SSL and encrypt, on every bucket', () => {
    const buckets = resourcesOf('AWS::S3::Bucket');
    expect(Object.keys(buckets)).toHaveLength(3);
    for (const [id, b] of Object.entries(buckets)) {
      expect(b.Properties.PublicAccessBlockConfiguration, id).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(b.Properties.BucketEncryption, id).toBeDefined();
    }
    for (const [id, policy] of Object.entries(resourcesOf('AWS::S3::BucketPolicy'))) {
      const statements = (policy.Properties.PolicyDocument as { Statement: unknown[] }).Statement;
      expect(statements, id).toContainEqual(
        expect.objectContaining({
          Effect: 'Deny',
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
      );
    }
  });

  it('retains the media bucket and allows CORS uploads from the site origin only', () => {
    const media = bucket(synth.stack.media.bucket);
    expect(media.DeletionPolicy).toBe('Retain');
    const cors = (media.Properties.CorsConfiguration as { CorsRules: Record<string, unknown>[] }).CorsRules;
    expect(cors).toHaveLength(1);
    expect(cors[0]).toMatchObject({ AllowedMethods: ['POST'] });
    const origins = cors[0]?.AllowedOrigins as unknown[];
    expect(origins).toHaveLength(1);
    expect(JSON.stringify(origins[0])).toContain(logicalId(synth.stack.site.distribution));
  });

  it('serves both buckets through CloudFront with origin access control, readable only by the distribution', () => {
    const [distributionId, distribution] = only('AWS::CloudFront::Distribution');
    const config = distribution.Properties.DistributionConfig as {
      Origins: { Id: string; OriginAccessControlId?: unknown; DomainName: unknown }[];
    };
    const s3Origins = config.Origins.filter((o) => JSON.stringify(o.DomainName).match(/s3|SiteBucket/));
    expect(s3Origins).toHaveLength(2);
    for (const origin of s3Origins) expect(origin.OriginAccessControlId, origin.Id).toBeDefined();
    const controls = resourcesOf('AWS::CloudFront::OriginAccessControl');
    for (const origin of s3Origins) {
      const oac = controls[(origin.OriginAccessControlId as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0]];
      expect(oac?.Properties.OriginAccessControlConfig).toMatchObject({
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
        SigningProtocol: 'sigv4',
      });
    }
    for (const target of [synth.stack.media.bucket, synth.stack.site.bucket]) {
      const policies = Object.values(resourcesOf('AWS::S3::BucketPolicy')).filter(
        (p) => JSON.stringify(p.Properties.Bucket) === JSON.stringify({ Ref: logicalId(target) }),
      );
      expect(policies).toHaveLength(1);
      const document = policies[0]?.Properties.PolicyDocument as
        | { Statement: Record<string, unknown>[] }
        | undefined;
      const statements = document?.Statement ?? [];
      const read = statements.find(
        (s) => s.Effect === 'Allow' && JSON.stringify(s.Principal).includes('cloudfront'),
      );
      expect(read).toMatchObject({
        Action: 's3:GetObject',
        Principal: { Service: 'cloudfront.amazonaws.com' },
      });
      expect(JSON.stringify(read?.Condition)).toContain(distributionId);
    }
  });

  it("lets CloudFront read only the media bucket's public prefixes, never members-only media", () => {
    const policies = Object.values(resourcesOf('AWS::S3::BucketPolicy')).filter(
      (p) =>
        JSON.stringify(p.Properties.Bucket) === JSON.stringify({ Ref: logicalId(synth.stack.media.bucket) }),
    );
    const document = policies[0]?.Properties.PolicyDocument as
      | { Statement: Record<string, unknown>[] }
      | undefined;
    const read = (document?.Statement ?? []).find((s) => JSON.stringify(s.Principal).includes('cloudfront'));
    const resources = ((read?.Resource ?? []) as unknown[]).map((r) => JSON.stringify(r));
    expect(resources).toHaveLength(MEDIA_PATHS.publicPrefixes.length);
    for (const prefix of MEDIA_PATHS.publicPrefixes) {
      expect(
        resources.some((r) => r.endsWith(`/${prefix}/*"]]}`)),
        prefix,
      ).toBe(true);
    }
    expect(resources.join()).not.toContain(MEDIA_PATHS.membersOnlyRoot);
  });
});

describe('site: one distribution for the SPA, /api/* and /media/*', () => {
  const config = () =>
    (only('AWS::CloudFront::Distribution')[1].Properties.DistributionConfig ?? {}) as {
      DefaultCacheBehavior: Record<string, unknown>;
      CacheBehaviors: Record<string, unknown>[];
      CustomErrorResponses?: unknown;
      DefaultRootObject?: string;
      Origins: { Id: string; DomainName: unknown; CustomOriginConfig?: Record<string, unknown> }[];
    };
  const behavior = (pattern: string) => config().CacheBehaviors.find((b) => b.PathPattern === pattern);

  it('routes /api/* to the HTTP API: never cached, all viewer headers but Host, HTTPS only', () => {
    expect(behavior('/api/*')).toMatchObject({
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
      ViewerProtocolPolicy: 'https-only',
      AllowedMethods: expect.arrayContaining(['POST', 'PUT', 'PATCH', 'DELETE']),
    });
    const origin = config().Origins.find((o) => o.Id === behavior('/api/*')?.TargetOriginId);
    expect(JSON.stringify(origin?.DomainName)).toContain(logicalId(synth.stack.api.httpApi));
    expect(origin?.CustomOriginConfig).toMatchObject({
      OriginProtocolPolicy: 'https-only',
      OriginSSLProtocols: ['TLSv1.2'],
    });
  });

  it("keeps the viewer's address in CloudFront's standard logs, in the log bucket; the API's access log names its address as the edge's", () => {
    const logging = (
      only('AWS::CloudFront::Distribution')[1].Properties.DistributionConfig as { Logging?: unknown }
    ).Logging as { Bucket: unknown; Prefix: string } | undefined;
    expect(logging?.Prefix).toBe('cloudfront/');
    const logBucketId = /"Fn::GetAtt":\["([^"]+)","RegionalDomainName"\]/.exec(
      JSON.stringify(logging?.Bucket),
    )?.[1];
    expect(resourcesOf('AWS::S3::Bucket')[logBucketId ?? '']).toBeDefined();
    const stage = only('AWS::ApiGatewayV2::Stage', { ApiId: { Ref: logicalId(synth.stack.api.httpApi) } })[1]
      .Properties as { AccessLogSettings: { Format: string } };
    const format = JSON.parse(stage.AccessLogSettings.Format) as Record<string, string>;
    expect(format.edgeIp).toBe('$context.identity.sourceIp');
    expect(Object.keys(format)).not.toContain('ip');
  });

  it('routes /media/* to the media bucket', () => {
    const media = behavior('/media/*');
    const origin = config().Origins.find((o) => o.Id === media?.TargetOriginId);
    expect(JSON.stringify(origin?.DomainName)).toContain('-media-');
    expect(media?.AllowedMethods).toEqual(['GET', 'HEAD']);
  });

  it('falls back to index.html for client routes in a viewer-request function, not with error responses', () => {
    expect(config().CustomErrorResponses).toBeUndefined();
    const association = (config().DefaultCacheBehavior.FunctionAssociations as Record<string, unknown>[])[0];
    expect(association?.EventType).toBe('viewer-request');
    const fn = synth.template.toJSON().Resources[
      logicalId(synth.stack.site.node.findChild('SpaFallback'))
    ] as Resource;
    const code = fn.Properties.FunctionCode as string;
    // Run the function's code as CloudFront would.
    const handler = new Function(`${code}; return handler;`)() as (e: unknown) => { uri: string };
    const uriFor = (uri: string) => handler({ request: { uri } }).uri;
    expect(uriFor('/c/club-1/settings')).toBe('/index.html');
    expect(uriFor('/dashboard')).toBe('/index.html');
    expect(uriFor('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(uriFor('/config.json')).toBe('/config.json');
    // The entry documents: the same answers as the table's own matcher.
    const clientRoutes = [
      '/',
      '/clubs',
      '/clubs/',
      '/clubs/x',
      '/c/',
      '/c/club-1',
      '/c/a%20b',
      '/c/x/y',
      '/login',
      '/loginx',
    ];
    for (const route of clientRoutes) expect(uriFor(route), route).toBe(entryDocumentOf(route));
    expect(uriFor('/')).toBe('/home.html');
    expect(uriFor('/c/club-1')).toBe('/club.html');
  });

  it('routes the pages drawn with their data to the site-pages function through its URL, with the bucket behind it', () => {
    const drawn = ENTRY_DOCUMENTS.filter((document) => 'drawnWithData' in document && document.drawnWithData);
    expect(drawn.map((document) => document.route)).toEqual(['/', '/clubs', '/c/*']);
    const groups = (
      only('AWS::CloudFront::Distribution')[1].Properties.DistributionConfig as {
        OriginGroups?: {
          Items: {
            Id: string;
            FailoverCriteria: { StatusCodes: { Items: number[] } };
            Members: { Items: { OriginId: string }[] };
          }[];
        };
      }
    ).OriginGroups?.Items;
    expect(groups).toHaveLength(1);
    const group = groups?.[0];
    expect(group?.FailoverCriteria.StatusCodes.Items.sort()).toEqual([403, 404, 500, 502, 503, 504]);
    const [primary, fallback] = (group?.Members.Items ?? []).map((member) =>
      config().Origins.find((origin) => origin.Id === member.OriginId),
    ) as ({ OriginAccessControlId?: unknown; DomainName: unknown } | undefined)[];
    // The function's URL, signed by a Lambda origin access control; then the site bucket.
    const url = only('AWS::Lambda::Url')[1].Properties;
    expect(url).toMatchObject({ AuthType: 'AWS_IAM' });
    expect(JSON.stringify(url.TargetFunctionArn)).toContain(
      logicalId(synth.stack.sitePages.handler.function),
    );
    const oac = resourcesOf('AWS::CloudFront::OriginAccessControl');
    const oacOf = (origin: typeof primary) =>
      oac[(origin?.OriginAccessControlId as { 'Fn::GetAtt': [string] } | undefined)?.['Fn::GetAtt'][0] ?? '']
        ?.Properties.OriginAccessControlConfig;
    expect(oacOf(primary)).toMatchObject({
      OriginAccessControlOriginType: 'lambda',
      SigningBehavior: 'always',
      SigningProtocol: 'sigv4',
    });
    expect(oacOf(fallback)).toMatchObject({ OriginAccessControlOriginType: 's3' });
    expect(fallback?.DomainName).toEqual(
      config().Origins.find((origin) => origin.Id === config().DefaultCacheBehavior.TargetOriginId)
        ?.DomainName,
    );
    // Only this distribution may invoke it, through the URL: both actions Lambda requires.
    const permissions = Object.values(resourcesOf('AWS::Lambda::Permission'))
      .map((resource) => resource.Properties)
      .filter((permission) => JSON.stringify(permission.FunctionName).includes('SitePagesHandlerFunction'));
    expect(permissions.map((permission) => permission.Action).sort()).toEqual([
      'lambda:InvokeFunction',
      'lambda:InvokeFunctionUrl',
    ]);
    for (const permission of permissions) {
      expect(permission.Principal).toBe('cloudfront.amazonaws.com');
      expect(JSON.stringify(permission.SourceArn)).toContain(logicalId(synth.stack.site.distribution));
    }
    expect(permissions.find((p) => p.Action === 'lambda:InvokeFunction')?.InvokedViaFunctionUrl).toBe(true);

    const policies = resourcesOf('AWS::CloudFront::CachePolicy');
    // The root URL answers the drawn home page whether CloudFront puts the default root object in
    // its place before or after choosing a behavior: the root object is the home document, whose
    // path is routed like `/`, with the same function.
    expect(config().DefaultRootObject).toBe('home.html');
    const home = behavior('/');
    expect(home).toBeDefined();
    expect(behavior('/home.html')).toEqual({ ...home, PathPattern: '/home.html' });
    for (const route of [...drawn.map((document) => document.route), '/home.html']) {
      const pageBehavior = behavior(route);
      expect(pageBehavior, route).toMatchObject({
        TargetOriginId: group?.Id,
        AllowedMethods: ['GET', 'HEAD'],
        ViewerProtocolPolicy: 'redirect-to-https',
        Compress: true,
      });
      expect(pageBehavior?.ResponseHeadersPolicyId).toEqual(
        config().DefaultCacheBehavior.ResponseHeadersPolicyId,
      );
      const policyId = (pageBehavior?.CachePolicyId as { Ref: string } | undefined)?.Ref ?? '';
      expect(policies[policyId]?.Properties.CachePolicyConfig).toMatchObject({
        MinTTL: 0,
        DefaultTTL: 0,
        MaxTTL: 30,
        ParametersInCacheKeyAndForwardedToOrigin: {
          CookiesConfig: { CookieBehavior: 'none' },
          HeadersConfig: { HeaderBehavior: 'whitelist', Headers: [DRAWN_PAGE_HEADER] },
          QueryStringsConfig: {
            QueryStringBehavior: 'whitelist',
            QueryStrings: ['q', 'tab', 'size', 'recent'],
          },
        },
      });
    }
    // No token, no cookie: nothing a signed-in person sent keys or reaches the drawing.
    expect(JSON.stringify(policies)).not.toMatch(/"DrawnPages[^"]*"[^}]*Authorization/);
  });

  it('hands the function the page asked for, its document to the bucket, and only the query the drawing reads', () => {
    const associations = behavior('/c/*')?.FunctionAssociations as { FunctionARN: unknown }[] | undefined;
    const fnId =
      (associations?.[0]?.FunctionARN as { 'Fn::GetAtt': [string] } | undefined)?.['Fn::GetAtt'][0] ?? '';
    const code = (synth.template.toJSON().Resources[fnId] as Resource).Properties.FunctionCode as string;
    type Query = Record<string, { value: string }>;
    const handler = new Function(`${code}; return handler;`)() as (e: unknown) => {
      uri: string;
      headers: Record<string, { value: string }>;
      querystring: Query;
    };
    const run = (uri: string, querystring: Query = {}, headers: Record<string, { value: string }> = {}) =>
      handler({ request: { uri, querystring, headers } });
    const club = run('/c/club-1', { x: { value: '1' } }, { [DRAWN_PAGE_HEADER]: { value: '/clubs' } });
    expect(club.uri).toBe('/club.html');
    expect(club.headers[DRAWN_PAGE_HEADER]).toEqual({ value: '/c/club-1' });
    expect(club.querystring).toEqual({});
    const directory = run('/clubs', { tab: { value: 'free' }, q: { value: 'yoga' }, utm: { value: 'x' } });
    expect(directory.uri).toBe('/clubs.html');
    expect(directory.querystring).toEqual({ tab: { value: 'free' }, q: { value: 'yoga' } });
    expect(run('/').uri).toBe('/home.html');
    expect(run('/').headers[DRAWN_PAGE_HEADER]).toEqual({ value: '/' });
    // The default root object put in the place of `/` is the home page asked for.
    expect(run('/home.html').uri).toBe('/home.html');
    expect(run('/home.html').headers[DRAWN_PAGE_HEADER]).toEqual({ value: '/' });
    // No page drawn with data: the viewer's header is dropped and the bucket answers.
    const other = run('/c/x/y', {}, { [DRAWN_PAGE_HEADER]: { value: '/c/evil' } });
    expect(other.uri).toBe('/index.html');
    expect(other.headers[DRAWN_PAGE_HEADER]).toBeUndefined();
    const file = run('/c/logo.png');
    expect(file.uri).toBe('/c/logo.png');
    expect(file.headers[DRAWN_PAGE_HEADER]).toBeUndefined();
  });

  it("gives the site-pages function the clubs group's grants and nothing else", () => {
    // Each writes its own log group; everything else is the clubs group's.
    const statementsOf = (role: IConstruct | undefined) =>
      statementsOfRole(synth.template, logicalId(role as IConstruct)).filter(
        (statement) => !actionsOf([statement]).some((action) => action.startsWith('logs:')),
      );
    const pages = statementsOf(synth.stack.sitePages.handler.role);
    expect(actionsOf(pages)).not.toContain('dynamodb:Scan');
    expect(pages).toEqual(statementsOf(synth.stack.api.functions.get('clubs')?.role));
  });

  it('attaches the security headers policy to every behavior', () => {
    const behaviors = [config().DefaultCacheBehavior, ...config().CacheBehaviors];
    for (const b of behaviors)
      expect(b.ResponseHeadersPolicyId, String(b.PathPattern ?? 'default')).toBeDefined();
    const headers = synth.template.toJSON().Resources[logicalId(synth.stack.site.headersPolicy)] as Resource;
    const security = (
      headers.Properties.ResponseHeadersPolicyConfig as {
        SecurityHeadersConfig: Record<string, Record<string, unknown>>;
      }
    ).SecurityHeadersConfig;
    expect(security.StrictTransportSecurity).toMatchObject({
      AccessControlMaxAgeSec: 63_072_000,
      IncludeSubdomains: true,
      Override: true,
    });
    expect(security.FrameOptions).toMatchObject({ FrameOption: 'DENY', Override: true });
    expect(security.ContentTypeOptions).toMatchObject({ Override: true });
    const csp = JSON.stringify(security.ContentSecurityPolicy?.ContentSecurityPolicy);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain('cognito-idp.');
    expect(csp).toContain('.amazoncognito.com');
  });

  it('renders user media inert', () => {
    const headers = synth.template.toJSON().Resources[
      logicalId(synth.stack.site.mediaHeadersPolicy)
    ] as Resource;
    expect(JSON.stringify(headers.Properties)).toContain("default-src 'none'");
    expect(JSON.stringify(headers.Properties)).toContain('sandbox');
  });

  it('caches hashed assets as immutable and index.html/config.json not at all', () => {
    const deployments = Object.values(resourcesOf('Custom::CDKBucketDeployment'));
    expect(deployments).toHaveLength(2);
    const assets = deployments.find((d) => d.Properties.DestinationBucketKeyPrefix === 'assets/');
    expect(assets?.Properties.SystemMetadata).toMatchObject({
      'cache-control': expect.stringContaining('immutable'),
    });
    const root = deployments.find((d) => d.Properties.DestinationBucketKeyPrefix === undefined);
    expect(root?.Properties.SystemMetadata).toMatchObject({ 'cache-control': 'no-cache' });
    expect(root?.Properties.DistributionPaths).toEqual(['/*']);
    for (const d of deployments) expect(d.Properties.Prune).toBe(false);
  });

  it('writes config.json from the deployed resources, valid for the SPA', () => {
    const runtimeConfig = synth.stack.site.content?.runtimeConfig;
    expect(runtimeConfig).toBeDefined();
    expect(runtimeConfigSchema.safeParse(runtimeConfig).success).toBe(true);
    const resolved = synth.stack.resolve(runtimeConfig) as Record<string, unknown>;
    expect(resolved).toMatchObject({
      stage: 'aws',
      authFlow: 'USER_SRP_AUTH',
      mediaBaseUrl: '/media',
      userPoolId: { Ref: logicalId(synth.stack.auth.userPool) },
      userPoolClientId: { Ref: logicalId(synth.stack.auth.client) },
      oauth: { scopes: ['openid', 'email', 'profile'] },
    });
    expect(JSON.stringify(resolved.oauth)).toContain('.amazoncognito.com');
    expect(JSON.stringify(resolved.oauth)).toContain(logicalId(synth.stack.site.distribution));
  });
});
