/**
 * Token refresh for the local stack. cognito-local lacks GetTokensFromRefreshToken (what Amplify
 * uses by default), so locally Amplify's token orchestrator gets this refresher instead: it calls
 * InitiateAuth with REFRESH_TOKEN_AUTH and keeps the refresh token (Cognito does not rotate it).
 * (aws-amplify 6.22 exports decodeJWT from 'aws-amplify/auth', not from 'aws-amplify/utils'.)
 */
import { decodeJWT } from 'aws-amplify/auth';
import type { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';

/** Amplify does not export the type by name; take it from the setter. */
export type TokenRefresher = Parameters<
  (typeof cognitoUserPoolsTokenProvider)['tokenOrchestrator']['setTokenRefresher']
>[0];
export type CognitoAuthTokens = Awaited<ReturnType<TokenRefresher>>;

interface InitiateAuthResponse {
  AuthenticationResult?: {
    AccessToken?: string;
    IdToken?: string;
    RefreshToken?: string;
  };
}

/**
 * An error named like Cognito's exception, because Amplify decides by `name` whether to clear the
 * stored tokens (NotAuthorizedException and friends) or keep them for a retry.
 */
export class CognitoServiceError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

async function serviceError(response: Response): Promise<CognitoServiceError> {
  let body: { __type?: unknown; code?: unknown; message?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // Not JSON: fall through with the HTTP status.
  }
  const type = typeof body.__type === 'string' ? body.__type : typeof body.code === 'string' ? body.code : '';
  const name = type.split('#').pop() || `HttpError${response.status}`;
  const message =
    typeof body.message === 'string' ? body.message : `Token refresh failed (${response.status})`;
  return new CognitoServiceError(name, message);
}

export function createInitiateAuthRefresher(options: {
  endpoint: string;
  clientId: string;
  fetchImpl?: typeof fetch;
}): TokenRefresher {
  const refresh: TokenRefresher = async ({ tokens, username }) => {
    if (!tokens.refreshToken) throw new CognitoServiceError('NotAuthorizedException', 'No refresh token');
    const response = await (options.fetchImpl ?? fetch)(options.endpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: options.clientId,
        AuthParameters: { REFRESH_TOKEN: tokens.refreshToken },
      }),
    });
    if (!response.ok) throw await serviceError(response);
    const { AuthenticationResult: result } = (await response.json()) as InitiateAuthResponse;
    if (!result?.AccessToken)
      throw new CognitoServiceError('InvalidResponse', 'No access token in the answer');
    const accessToken = decodeJWT(result.AccessToken);
    const iat = accessToken.payload.iat;
    if (typeof iat !== 'number')
      throw new CognitoServiceError('InvalidResponse', 'iat not found in access token');
    return {
      accessToken,
      idToken: result.IdToken ? decodeJWT(result.IdToken) : undefined,
      clockDrift: iat * 1000 - Date.now(),
      refreshToken: result.RefreshToken ?? tokens.refreshToken,
      deviceMetadata: tokens.deviceMetadata,
      username,
    };
  };
  // Concurrent callers (the session check and an API call at boot) share one request, as
  // Amplify's own refresher does.
  let inFlight: Promise<CognitoAuthTokens> | undefined;
  return (args) => {
    inFlight ??= refresh(args).finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
}
