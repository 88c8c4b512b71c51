/**
 * The HTTP API, generated from the shared route manifest: one Lambda function per handler group,
 * one route per manifest entry (never wired by hand), a Cognito JWT authorizer on routes that
 * need a token, a group authorizer (a Lambda authorizer that verifies the same token and requires
 * its Cognito group) on `super_admin` routes, whose functions check the group again, and the
 * origin authorizer on `public` ones, explicit stage throttling and JSON access logs. CloudFront
 * forwards /api/* here unchanged, so route paths keep their /api prefix.
 *
 * The execute-api host is public, so API Gateway itself refuses what did not come through
 * CloudFront: the origin and group authorizers name CloudFront's origin header among their
 * identity sources (API Gateway answers 401 without invoking anything when it is missing) and
 * check its secret (their verdicts cached per value); a route that needs a token refuses a
 * request without one at the JWT authorizer, and its function refuses a token-bearing request
 * without the header (OriginVerify). No request from around CloudFront reaches a route's function
 * without a valid token.
 */
import {
  HANDLER_GROUPS,
  type HandlerGroup,
  needsToken,
  ORIGIN_VERIFY,
  ROUTE_IDS,
  ROUTES,
  type RouteDefinition,
  type RouteId,
  requiredGroup,
  routeKeyOf,
} from '@clubs/shared';
import { Duration } from 'aws-cdk-lib';
import {
  type CfnStage,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import {
  HttpLambdaAuthorizer,
  HttpLambdaResponseType,
  HttpUserPoolAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { environmentFor, GROUP_ACCESS, grantAccess, type HandlerResources } from './group-access.ts';
import { HandlerFunction, SIZES } from './handler-function.ts';
import { deployedName, pascal } from './names.ts';
import type { OriginVerify } from './origin-verify.ts';
import { jsonAccessLogs } from './stage-access-logs.ts';

/** The identity source that makes API Gateway refuse requests without CloudFront's header. */
export const ORIGIN_IDENTITY_SOURCE = `$request.header.${ORIGIN_VERIFY.header}`;

/**
 * Routes throttled tighter than the stage (requests per second, burst), for everyone together:
 * only Stripe's webhook, which Stripe retries after a 429 (the WAF does not rate-limit it). Limits
 * per client (the contact form, the profile) are the web ACL's rate rules (CLIENT_RATE_LIMITS in
 * edge-stack.ts), which one caller cannot exhaust for everybody else.
 */
export const ROUTE_THROTTLES: Partial<Record<RouteId, { rateLimit: number; burstLimit: number }>> = {
  stripeWebhook: { rateLimit: 25, burstLimit: 50 },
};

export interface ApiProps {
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  readonly resources: HandlerResources;
  readonly logRetention: RetentionDays;
  readonly throttle: { readonly rateLimit: number; readonly burstLimit: number };
  /** CloudFront's origin secret, which the authorizers require. */
  readonly originVerify: OriginVerify;
}

export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly functions: ReadonlyMap<HandlerGroup, HandlerFunction>;
  readonly authorizer: HttpUserPoolAuthorizer;
  /** The Lambda authorizers of routes that require a Cognito group, by group. */
  readonly groupAuthorizers: ReadonlyMap<string, HandlerFunction>;
  /** The Lambda authorizer of public routes: passes only requests through CloudFront. */
  readonly originAuthorizer: HandlerFunction;
  readonly routes: ReadonlyMap<string, HttpRoute>;
  readonly accessLogs: LogGroup;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Clubs API, generated from the shared route manifest',
      createDefaultStage: false,
    });

    const accessLogs = jsonAccessLogs(this, props.logRetention, {
      requestId: '$context.requestId',
      // Requests come through CloudFront, so this is an edge server's address; the viewer's
      // is in CloudFront's standard logs (site.ts) and each request's function log line.
      edgeIp: '$context.identity.sourceIp',
      userAgent: '$context.identity.userAgent',
      requestTime: '$context.requestTime',
      routeKey: '$context.routeKey',
      path: '$context.path',
      status: '$context.status',
      responseLength: '$context.responseLength',
      latencyMs: '$context.responseLatency',
      integrationLatencyMs: '$context.integrationLatency',
      integrationError: '$context.integrationErrorMessage',
      authorizerError: '$context.authorizer.error',
      userId: '$context.authorizer.claims.sub',
      // Super-admin routes: the group authorizer's context holds the same claims.
      groupUserId: '$context.authorizer.sub',
    });
    this.accessLogs = accessLogs.logGroup;
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: accessLogs.settings,
    });

    this.authorizer = new HttpUserPoolAuthorizer('CognitoAuthorizer', props.userPool, {
      userPoolClients: [props.userPoolClient],
      authorizerName: 'cognito-jwt',
      identitySource: ['$request.header.Authorization'],
    });
    this.originAuthorizer = new HandlerFunction(this, 'OriginAuthorizer', {
      handler: 'origin-authorizer',
      description: 'Lets only requests that came through CloudFront reach the public routes',
      ...SIZES.trigger,
      logRetention: props.logRetention,
      environment: {},
    });
    props.originVerify.protect(this.originAuthorizer.function);
    const fromCloudFront = new HttpLambdaAuthorizer('OriginAuthorizer', this.originAuthorizer.function, {
      authorizerName: 'cloudfront-origin',
      identitySource: [ORIGIN_IDENTITY_SOURCE],
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      // Keyed by the header's value: CloudFront sends one, so it is checked about once an hour.
      resultsCacheTtl: Duration.hours(1),
    });

    const groupFunctions = new Map<string, HandlerFunction>();
    const groupAuthorizers = new Map<string, HttpLambdaAuthorizer>();
    const authorizerForGroup = (group: string): HttpLambdaAuthorizer => {
      const existing = groupAuthorizers.get(group);
      if (existing) return existing;
      const fn = new HandlerFunction(this, `${pascal(group)}GroupAuthorizer`, {
        handler: 'group-authorizer',
        description: `Lets only members of the Cognito group ${group} reach its routes`,
        ...SIZES.trigger,
        logRetention: props.logRetention,
        environment: {
          USER_POOL_ID: props.userPool.userPoolId,
          USER_POOL_CLIENT_ID: props.userPoolClient.userPoolClientId,
          REQUIRED_GROUP: group,
        },
      });
      props.originVerify.protect(fn.function);
      const authorizer = new HttpLambdaAuthorizer(`${pascal(group)}Authorizer`, fn.function, {
        authorizerName: `group-${group}`,
        identitySource: ['$request.header.Authorization', ORIGIN_IDENTITY_SOURCE],
        responseTypes: [HttpLambdaResponseType.SIMPLE],
        // Keyed by the token: a verdict is reused for its holder only, for at most a minute, so a
        // token that expired (or a group withdrawn at the next refresh) stops passing within it.
        resultsCacheTtl: Duration.seconds(60),
      });
      groupFunctions.set(group, fn);
      groupAuthorizers.set(group, authorizer);
      return authorizer;
    };

    const functions = new Map<HandlerGroup, HandlerFunction>();
    const integrations = new Map<HandlerGroup, HttpLambdaIntegration>();
    for (const group of HANDLER_GROUPS) {
      const handler = new HandlerFunction(this, `${pascal(deployedName(group))}Handler`, {
        handler: group,
        description: GROUP_ACCESS[group].description,
        ...SIZES[GROUP_ACCESS[group].size],
        logRetention: props.logRetention,
        environment: environmentFor(group, props.resources),
      });
      grantAccess(group, handler, props.resources);
      functions.set(group, handler);
      // One invoke permission per function (for the whole API), not one per route.
      integrations.set(
        group,
        new HttpLambdaIntegration(`${pascal(deployedName(group))}Integration`, handler.function, {
          scopePermissionToRoute: false,
        }),
      );
    }
    this.functions = functions;

    const routes = new Map<string, HttpRoute>();
    for (const routeId of ROUTE_IDS) {
      const route: RouteDefinition = ROUTES[routeId];
      const integration = integrations.get(route.group);
      if (!integration) throw new Error(`route ${routeId}: no function for handler group ${route.group}`);
      const group = requiredGroup(route.access);
      const authorizer: IHttpRouteAuthorizer = group
        ? authorizerForGroup(group)
        : needsToken(route.access)
          ? this.authorizer
          : fromCloudFront;
      const httpRoute = new HttpRoute(this, `Route${pascal(routeId)}`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration,
        authorizer,
      });
      routes.set(routeId, httpRoute);
    }
    this.routes = routes;
    this.groupAuthorizers = groupFunctions;

    // Per-route limits under the stage's own (RouteSettings is raw CloudFormation, hence the casing).
    const cfnStage = this.stage.node.defaultChild as CfnStage;
    cfnStage.routeSettings = Object.fromEntries(
      Object.entries(ROUTE_THROTTLES).map(([routeId, limit]) => [
        routeKeyOf(ROUTES[routeId as RouteId]),
        { ThrottlingRateLimit: limit.rateLimit, ThrottlingBurstLimit: limit.burstLimit },
      ]),
    );
  }

  /** execute-api host name: the origin CloudFront forwards /api/* to. */
  get originDomain(): string {
    return `${this.httpApi.apiId}.execute-api.${this.httpApi.stack.region}.${this.httpApi.stack.urlSuffix}`;
  }
}
