/**
 * The edge (production hardening): the API is reached only through CloudFront. CloudFront sends
 * a generated secret to the API origin and every API function refuses requests without it, both
 * given the same Secrets Manager value by dynamic reference (never written into the template).
 */
import { ORIGIN_VERIFY } from '@clubs/shared';
import { describe, expect, it } from 'vitest';
import { HandlerFunction } from '../../infra/lib/handler-function.ts';
import { logicalId, synthStack } from './app.ts';

const { stack, template } = synthStack({}, { bundle: false });
const json = template.toJSON() as {
  Resources: Record<string, { Type: string; Properties: Record<string, unknown> }>;
};

interface Origin {
  Id: string;
  DomainName: unknown;
  OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[];
  S3OriginConfig?: unknown;
}

const [distribution] = Object.values(json.Resources).filter(
  (r) => r.Type === 'AWS::CloudFront::Distribution',
);
if (!distribution) throw new Error('the stack has no distribution');
const origins = (distribution.Properties.DistributionConfig as { Origins: Origin[] }).Origins;
const apiOrigin = origins.find((origin) => JSON.stringify(origin.DomainName).includes('HttpApi'));
const secretId = logicalId(stack.node.findChild('OriginVerify').node.findChild('Secret'));
/** What a dynamic reference to the generated secret looks like once synthesized. */
const isSecretReference = (value: unknown) => {
  const text = JSON.stringify(value);
  return text.includes('{{resolve:secretsmanager:') && text.includes(secretId);
};

describe('the API behind CloudFront only', () => {
  it('CloudFront sends the secret header to the API origin, and to no other origin', () => {
    expect(apiOrigin).toBeDefined();
    const header = apiOrigin?.OriginCustomHeaders?.find((h) => h.HeaderName === ORIGIN_VERIFY.header);
    expect(header && isSecretReference(header.HeaderValue)).toBe(true);
    for (const origin of origins.filter((o) => o !== apiOrigin)) {
      expect(JSON.stringify(origin.OriginCustomHeaders ?? [])).not.toContain(ORIGIN_VERIFY.header);
    }
  });

  it('every API function holds the same secret to check, by reference', () => {
    const apiFunctions = stack.api.functions;
    expect(apiFunctions.size).toBeGreaterThan(5);
    for (const handler of apiFunctions.values()) {
      expect(handler).toBeInstanceOf(HandlerFunction);
      const environment = json.Resources[logicalId(handler.function)]?.Properties.Environment as
        | { Variables: Record<string, unknown> }
        | undefined;
      const variables = environment?.Variables ?? {};
      expect(isSecretReference(variables[ORIGIN_VERIFY.env]), handler.handler).toBe(true);
    }
  });

  it('the secret is generated, not typed into the template', () => {
    const secret = json.Resources[secretId];
    expect(secret?.Type).toBe('AWS::SecretsManager::Secret');
    expect(secret?.Properties.GenerateSecretString).toMatchObject({
      PasswordLength: 48,
      ExcludePunctuation: true,
    });
    expect(secret?.Properties.SecretString).toBeUndefined();
  });
});
