/**
 * Amplify Auth wiring: configured once from the runtime config, and the AuthService the auth
 * provider uses. Sign-in and sign-out live in ./amplifyActions.ts, loaded on first use, so the
 * SRP and sign-in code stays out of the initial bundle.
 */
import type { RuntimeConfig } from '@clubs/shared';
import { Amplify, type ResourcesConfig } from 'aws-amplify';
import { fetchAuthSession } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { Hub } from 'aws-amplify/utils';
import { absoluteUrl, loadRuntimeConfig, oauthConfigured } from '../config/runtimeConfig.ts';
import { snapshotFromTokens } from './claims.ts';
import { GOOGLE_NEEDS_DEPLOYMENT } from './messages.ts';
import { createInitiateAuthRefresher } from './refresher.ts';
import type { AuthService } from './types.ts';

/** Amplify's Auth section for a runtime config; a relative endpoint is made absolute. */
export function amplifyAuthConfig(
  config: RuntimeConfig,
  origin: string = window.location.origin,
): NonNullable<ResourcesConfig['Auth']> {
  const { oauth } = config;
  return {
    Cognito: {
      userPoolId: config.userPoolId,
      userPoolClientId: config.userPoolClientId,
      ...(config.userPoolEndpoint ? { userPoolEndpoint: absoluteUrl(config.userPoolEndpoint, origin) } : {}),
      loginWith: {
        email: true,
        ...(oauth
          ? {
              oauth: {
                domain: oauth.domain,
                scopes: oauth.scopes,
                redirectSignIn: oauth.redirectSignIn,
                redirectSignOut: oauth.redirectSignOut,
                responseType: 'code',
                providers: ['Google'],
              },
            }
          : {}),
      },
    },
  };
}

let configured: Promise<RuntimeConfig> | undefined;

/** cognito-local has no SRP: the local stage always signs in with USER_PASSWORD_AUTH. */
const authFlowOf = (config: RuntimeConfig): RuntimeConfig['authFlow'] =>
  config.stage === 'local' ? 'USER_PASSWORD_AUTH' : config.authFlow;

const account = async () => {
  const [config, actions] = await Promise.all([configureAuth(), import('./amplifyAccount.ts')]);
  return { flow: authFlowOf(config), config, actions };
};

const mfa = async () => (await Promise.all([configureAuth(), import('./amplifyMfa.ts')]))[1];

/**
 * Loads /config.json and configures Amplify, once. Locally (cognito-local) token refresh goes
 * through InitiateAuth REFRESH_TOKEN_AUTH, since GetTokensFromRefreshToken is missing there.
 */
export function configureAuth(): Promise<RuntimeConfig> {
  if (!configured) {
    configured = loadRuntimeConfig()
      .then((config) => {
        const auth = amplifyAuthConfig(config);
        Amplify.configure({ Auth: auth });
        // Completes a Google sign-in when the browser comes back from the hosted UI.
        if (oauthConfigured(config)) void import('aws-amplify/auth/enable-oauth-listener');
        const endpoint = auth.Cognito.userPoolEndpoint;
        if (config.stage === 'local' && endpoint) {
          cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher(
            createInitiateAuthRefresher({ endpoint, clientId: config.userPoolClientId }),
          );
        }
        return config;
      })
      .catch((error: unknown) => {
        configured = undefined;
        throw error;
      });
  }
  return configured;
}

/** The current ID token, refreshed when expired; undefined when signed out or unconfigured. */
export async function currentIdToken(): Promise<string | undefined> {
  try {
    await configureAuth();
  } catch {
    return undefined;
  }
  const { tokens } = await fetchAuthSession();
  return tokens?.idToken?.toString();
}

/** A Hub failure event's error message (a redirect failure carries Cognito's error_description). */
const errorMessageOf = (data: unknown): string | undefined => {
  const error = (data as { error?: { message?: unknown } } | null | undefined)?.error;
  return typeof error?.message === 'string' ? error.message : undefined;
};

export const amplifyAuthService: AuthService = {
  async currentSession() {
    await configureAuth();
    const { tokens } = await fetchAuthSession();
    if (!tokens?.idToken) return null;
    return snapshotFromTokens(tokens.idToken, tokens.accessToken);
  },
  async signIn(email, password) {
    const config = await configureAuth();
    const { passwordSignIn } = await import('./amplifyActions.ts');
    return passwordSignIn(email, password, authFlowOf(config));
  },
  async confirmSignInCode(code) {
    await configureAuth();
    const { confirmTotpSignIn } = await import('./amplifyActions.ts');
    await confirmTotpSignIn(code);
  },
  async signOut(afterForgotten, forgottenRefreshToken) {
    const config = await configureAuth();
    const tokens = await cognitoUserPoolsTokenProvider.authTokenStore.loadTokens();
    // The caller may have removed the stored session already (forgetStoredSession) and kept its
    // refresh token for the revocation.
    const refreshToken = tokens?.refreshToken ?? forgottenRefreshToken ?? undefined;
    await cognitoUserPoolsTokenProvider.tokenOrchestrator.clearTokens();
    await afterForgotten?.();
    const { revokeRefreshToken, signOutUser } = await import('./amplifyActions.ts');
    // Amplify's signOut revokes before it clears; with the tokens already gone it only clears the
    // rest and announces the sign-out, so the refresh token is revoked here.
    if (refreshToken) {
      const endpoint =
        amplifyAuthConfig(config).Cognito.userPoolEndpoint ??
        `https://cognito-idp.${config.userPoolId.split('_')[0]}.amazonaws.com/`;
      await revokeRefreshToken({ endpoint, clientId: config.userPoolClientId, token: refreshToken });
    }
    await signOutUser();
  },
  onChange(listener) {
    return Hub.listen('auth', ({ payload }) =>
      listener(payload.event, 'data' in payload ? errorMessageOf(payload.data) : undefined),
    );
  },
  async signUp(input) {
    const { flow, actions } = await account();
    return actions.registerAccount(input, flow);
  },
  async confirmSignUp(input) {
    const { flow, actions } = await account();
    await actions.confirmRegistration(input, flow);
  },
  async resendSignUpCode(email) {
    await (await account()).actions.resendRegistrationCode(email);
  },
  async requestPasswordReset(email) {
    await (await account()).actions.requestReset(email);
  },
  async confirmPasswordReset(email, code, newPassword) {
    await (await account()).actions.confirmReset(email, code, newPassword);
  },
  async changePassword(currentPassword, newPassword) {
    await (await account()).actions.changeOwnPassword(currentPassword, newPassword);
  },
  async changeEmail(newEmail) {
    return (await account()).actions.changeOwnEmail(newEmail);
  },
  async confirmEmailChange(code) {
    await (await account()).actions.confirmOwnEmail(code);
  },
  async totpEnabled() {
    return (await mfa()).totpEnabled();
  },
  async startTotpSetup() {
    const { tokens } = await fetchAuthSession();
    const email = tokens?.idToken?.payload.email;
    return (await mfa()).startTotpSetup(typeof email === 'string' ? email : '');
  },
  async confirmTotpSetup(code) {
    await (await mfa()).confirmTotpSetup(code);
  },
  async disableTotp() {
    await (await mfa()).disableTotp();
  },
  async googleSignInAvailable() {
    return oauthConfigured(await configureAuth());
  },
  async signInWithGoogle() {
    const { config, actions } = await account();
    if (!oauthConfigured(config)) throw new Error(GOOGLE_NEEDS_DEPLOYMENT);
    await actions.redirectToGoogle();
  },
};
