/**
 * The WebSocket API's $connect authorizer (AWS): a request that did not come through CloudFront
 * (http/origin-verify.ts) or carries no ticket of the right shape (LIVE.ticketParam) is refused
 * here; $connect then consumes the ticket, which names the person. No ID token is verified or
 * taken: the socket's URL, which CloudFront logs, never carries one.
 */
import { LIVE } from '@clubs/shared';
import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { fromTheEdge } from '../http/origin-verify.ts';

const policy = (effect: 'Allow' | 'Deny', resource: string): APIGatewayAuthorizerResult => ({
  principalId: 'live-ticket',
  policyDocument: {
    Version: '2012-10-17',
    Statement: [{ Action: 'execute-api:Invoke', Effect: effect, Resource: resource }],
  },
});

export async function handler(event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> {
  const ticket = event.queryStringParameters?.[LIVE.ticketParam];
  const allowed =
    !!ticket && LIVE.ticketPattern.test(ticket) && fromTheEdge({ headers: event.headers ?? undefined });
  return policy(allowed ? 'Allow' : 'Deny', event.methodArn);
}
