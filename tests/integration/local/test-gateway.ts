/**
 * The local gateway for one test file, trusting one signing key of the test's own: `key` signs
 * genuine tokens, `otherKey` a forger's (the same key id, another key pair).
 */
import { startGateway } from '@clubs/infra/local/gateway.ts';
import { freePort } from '@clubs/infra/local/ports.ts';
import { startedForFile } from '../../support/per-file.ts';
import { createSigningKey, TEST_CLIENT_ID, TEST_POOL_ID } from './tokens.ts';

export function useTestGateway() {
  const key = createSigningKey('key-1');
  const otherKey = createSigningKey('key-1');
  const gateway = startedForFile('the gateway', async () =>
    startGateway({
      port: await freePort(),
      userPoolId: TEST_POOL_ID,
      clientId: TEST_CLIENT_ID,
      jwks: { keys: [key.jwk] },
    }),
  );
  return { key, otherKey, gateway };
}
