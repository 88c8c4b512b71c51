/**
 * The runtime configuration: /config.json (CDK writes it at deploy time; the local gateway serves
 * it under `npm start`), parsed with the shared schema.
 */
import { type RuntimeConfig, runtimeConfigSchema } from '@clubs/shared';
import { fetchConfigJson, forgetConfigJson } from './configJson.ts';

export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const parsed = runtimeConfigSchema.safeParse(value);
  if (!parsed.success) throw new Error(`Invalid /config.json: ${parsed.error.message}`);
  return parsed.data;
}

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    return parseRuntimeConfig(await fetchConfigJson());
  } catch (error) {
    forgetConfigJson();
    throw error;
  }
}

/** Google sign-in needs the hosted UI: deployed with a Google client only (never locally). */
export const oauthConfigured = (config: RuntimeConfig): boolean => !!config.oauth && config.stage === 'aws';

/** Makes a site-relative endpoint ("/cognito") absolute against the page's origin. */
export function absoluteUrl(value: string, origin: string = window.location.origin): string {
  return value.startsWith('/') ? new URL(value, origin).toString().replace(/\/$/, '') : value;
}
