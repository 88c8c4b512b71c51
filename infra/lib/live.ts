/**
 * Live updates: an API Gateway WebSocket API whose routes (shared/src/live.ts) go to one function
 * (functions/src/routes/live.ts), with $connect behind a Lambda authorizer that checks
 * CloudFront's origin header and that the query carries a ticket; $connect itself consumes the
 * ticket (single use), so the socket's URL never carries an ID token. Its stage is named after LIVE.path, so CloudFront's `/ws` behaviour forwards the
 * viewer's path unchanged (site.ts). The fan-out function (the event manifest's LiveUpdates rule)
 * posts to connections through the stage's management endpoint, granted ManageConnections on
 * this API's connections only (group-access.ts: live:post).
 */
import { LIVE } from '@clubs/shared';
import { Stack, Validations } from 'aws-cdk-lib';
import { WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { ORIGIN_IDENTITY_SOURCE } from './api.ts';
import { LIVE_SOCKET_WRITE_PARTITIONS, TABLE_ACTIONS } from './group-access.ts';
import { HandlerFunction, SIZES } from './handler-function.ts';
import { acknowledgeWildcardResource } from './nag.ts';
import type { OriginVerify } from './origin-verify.ts';
import { jsonAccessLogs } from './stage-access-logs.ts';

/** The stage is the socket's path, so the same URL path works through CloudFront and the local proxy. */
export const LIVE_STAGE = LIVE.path.replace(/^\//, '');

export interface LiveProps {
  readonly table: ITableV2;
  readonly logRetention: RetentionDays;
  readonly throttle: { readonly rateLimit: number; readonly burstLimit: number };
  readonly originVerify: OriginVerify;
  readonly logLevel: string;
}

export class Live extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  /** The $connect, $disconnect and message routes' function. */
  readonly handler: HandlerFunction;
  readonly authorizer: HandlerFunction;
  readonly accessLogs: LogGroup;

  constructor(scope: Construct, id: string, props: LiveProps) {
    super(scope, id);
    this.authorizer = new HandlerFunction(this, 'Authorizer', {
      handler: 'live-authorizer',
      description:
        "Checks CloudFront's origin header and the ticket's presence at the live socket's $connect",
      ...SIZES.trigger,
      logRetention: props.logRetention,
      environment: { POWERTOOLS_SERVICE_NAME: 'clubs-live-authorizer', POWERTOOLS_LOG_LEVEL: props.logLevel },
    });
    props.originVerify.protect(this.authorizer.function);
    this.handler = new HandlerFunction(this, 'Handler', {
      handler: 'live',
      description: 'The live socket: connections, and subscriptions to the clubs their callers may read',
      ...SIZES.api,
      logRetention: props.logRetention,
      environment: {
        POWERTOOLS_SERVICE_NAME: 'clubs-live',
        POWERTOOLS_LOG_LEVEL: props.logLevel,
        TABLE_NAME: props.table.tableName,
      },
    });
    // Reads the club and the caller's membership (the subscribe check); writes the connection
    // items only, the partitions the fan-out may write too, and deletes the ticket $connect consumes.
    this.handler.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: [...TABLE_ACTIONS['table:read']], resources: [props.table.tableArn] }),
    );
    this.handler.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: [...TABLE_ACTIONS['table:write']],
        resources: [props.table.tableArn],
        conditions: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...LIVE_SOCKET_WRITE_PARTITIONS] },
        },
      }),
    );

    const integration = new WebSocketLambdaIntegration('LiveIntegration', this.handler.function);
    this.api = new WebSocketApi(this, 'WebSocketApi', {
      apiName: `${Stack.of(this).stackName}-live`,
      description: 'Clubs live updates (shared/src/live.ts)',
      routeSelectionExpression: LIVE.routeSelectionExpression,
      connectRouteOptions: {
        integration,
        authorizer: new WebSocketLambdaAuthorizer('LiveAuthorizer', this.authorizer.function, {
          authorizerName: 'live-ticket',
          identitySource: [
            `route.request.querystring.${LIVE.ticketParam}`,
            ORIGIN_IDENTITY_SOURCE.replace('$request.', 'route.request.'),
          ],
        }),
      },
      disconnectRouteOptions: { integration },
      // Anything but a known action is answered (refused) by the same function.
      defaultRouteOptions: { integration, returnResponse: true },
    });
    for (const action of [LIVE.routes.subscribe, LIVE.routes.unsubscribe]) {
      this.api.addRoute(action, { integration, returnResponse: true });
    }
    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'A WebSocket API authorizes at $connect only (its authorizer checks the origin header, and $connect consumes the single-use ticket the API issued to the signed-in caller); every later message travels on that connection, and subscribe checks the caller may read the club.',
    });

    const accessLogs = jsonAccessLogs(this, props.logRetention, {
      requestId: '$context.requestId',
      connectionId: '$context.connectionId',
      eventType: '$context.eventType',
      routeKey: '$context.routeKey',
      status: '$context.status',
      requestTime: '$context.requestTime',
      integrationError: '$context.integrationErrorMessage',
      authorizerError: '$context.authorizer.error',
      userId: '$context.authorizer.principalId',
    });
    this.accessLogs = accessLogs.logGroup;
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: LIVE_STAGE,
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: accessLogs.settings,
    });
  }

  /** The management endpoint the fan-out posts to (https://{api}.execute-api.{region}.{suffix}/{stage}). */
  get managementEndpoint(): string {
    return this.stage.callbackUrl;
  }

  /** PostToConnection on this API's stage, any connection (connection ids are made per socket). */
  get connectionsArn(): string {
    return this.managementArn('POST');
  }

  /** DeleteConnection on this API's stage, any connection: closing a person's sockets at sign-out. */
  get closeConnectionsArn(): string {
    return this.managementArn('DELETE');
  }

  private managementArn(method: 'POST' | 'DELETE'): string {
    return Stack.of(this).formatArn({
      service: 'execute-api',
      resource: this.api.apiId,
      resourceName: `${LIVE_STAGE}/${method}/@connections/*`,
    });
  }

  /** execute-api host name: the origin CloudFront forwards /ws to. */
  get originDomain(): string {
    const stack = Stack.of(this);
    return `${this.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }

  /** The fan-out's role may post to any of this API's connections: say why the wildcard is needed. */
  acknowledgeConnectionsWildcard(role: Construct): void {
    acknowledgeWildcardResource(
      role,
      this.connectionsArn,
      'Connection ids are made by API Gateway per socket; this function posts to this stage’s connections only.',
    );
  }

  /** The sign-out route's role may close any of this API's connections: say why the wildcard is needed. */
  acknowledgeCloseWildcard(role: Construct): void {
    acknowledgeWildcardResource(
      role,
      this.closeConnectionsArn,
      'Connection ids are made by API Gateway per socket; this function closes the caller’s own connections of this stage only.',
    );
  }
}
