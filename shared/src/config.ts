/**
 * The runtime configuration the SPA reads from /config.json: written at deploy time by CDK,
 * served by the local gateway under `npm start`. Nothing secret goes here.
 */
import * as z from 'zod';

export const runtimeConfigSchema = z.object({
  stage: z.enum(['local', 'aws']),
  region: z.string().min(1),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  /**
   * Local only: the Cognito-compatible endpoint (cognito-local). A value starting with "/" is
   * relative to the site's origin (the dev server proxies it).
   */
  userPoolEndpoint: z.string().optional(),
  /** USER_PASSWORD_AUTH locally (cognito-local has no SRP); SRP deployed. */
  authFlow: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']),
  /** The hosted domain for Google sign-in; absent locally. */
  oauth: z
    .object({
      domain: z.string().min(1),
      redirectSignIn: z.array(z.string()).min(1),
      redirectSignOut: z.array(z.string()).min(1),
      scopes: z.array(z.string()),
    })
    .optional(),
  /** Where uploaded media is served from (same origin): "/media". */
  mediaBaseUrl: z.string(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
