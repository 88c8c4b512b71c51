/**
 * Local-only Cognito triggers, answered through the local Lambda Invoke API:
 * - PreSignUp confirms sign-ups at once and marks the e-mail verified (there is no mail server
 *   locally; deployed, Cognito sends the confirmation code).
 * - PreTokenGeneration puts the user's standard attributes (name, ...) into the ID token, as
 *   Cognito does in AWS; cognito-local alone only copies e-mail and custom attributes, and it
 *   reads email_verified "false" as true.
 */
import type { LocalFunction } from './event-bus.ts';

export const COGNITO_TRIGGER_FUNCTIONS = {
  PreSignUp: 'clubs-local-pre-sign-up',
  PreTokenGeneration: 'clubs-local-pre-token-generation',
} as const;

interface TriggerEvent {
  triggerSource?: string;
  request?: { userAttributes?: Record<string, string> };
  response?: Record<string, unknown>;
}

/** Claims the token generator sets itself, or that only Cognito may set. */
const NOT_COPIED = new Set(['sub', 'email', 'email_verified', 'phone_number_verified', 'identities']);
const BOOLEAN_ATTRIBUTES = ['email_verified', 'phone_number_verified'];

export const preSignUp: LocalFunction = (event) => {
  const trigger = (event ?? {}) as TriggerEvent;
  return {
    ...trigger,
    response: { autoConfirmUser: true, autoVerifyEmail: true, autoVerifyPhone: false },
  };
};

export const preTokenGeneration: LocalFunction = (event) => {
  const trigger = (event ?? {}) as TriggerEvent;
  const attributes = trigger.request?.userAttributes ?? {};
  const claims: Record<string, string | boolean> = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (NOT_COPIED.has(name) || name.startsWith('cognito:') || name.startsWith('custom:')) continue;
    claims[name] = value;
  }
  for (const name of BOOLEAN_ATTRIBUTES) {
    if (name in attributes) claims[name] = attributes[name] === 'true';
  }
  if (!('email_verified' in attributes) && attributes.email) claims.email_verified = false;
  return { ...trigger, response: { claimsOverrideDetails: { claimsToAddOrOverride: claims } } };
};

export const cognitoTriggerHandlers: Record<string, LocalFunction> = {
  [COGNITO_TRIGGER_FUNCTIONS.PreSignUp]: preSignUp,
  [COGNITO_TRIGGER_FUNCTIONS.PreTokenGeneration]: preTokenGeneration,
};
