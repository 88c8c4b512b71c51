/**
 * Which AWS SDK each function runs (issue: the runtime SDK). Most functions take the SDK from
 * the Lambda runtime and may only rely on the long-standing packages listed here; a new one is
 * a decision (docs/DEPLOY.md, "Function bundles"). Functions that sign S3 requests bundle the
 * lock file's whole SDK instead, so their presigned POSTs and GETs are the ones the tests ran.
 */
import { builtinModules } from 'node:module';
import { describe, expect, it } from 'vitest';
import { bundleHandler } from '../../infra/lib/bundle.ts';
import { sdkSourceOf } from '../../infra/lib/group-access.ts';
import { externalModulesFor, HandlerFunction } from '../../infra/lib/handler-function.ts';
import { synthStack } from './app.ts';

/** What a function that takes the runtime's SDK may import from it. */
const RUNTIME_SDK_PACKAGES = [
  '@aws-sdk/client-dynamodb',
  '@aws-sdk/lib-dynamodb',
  '@aws-sdk/client-eventbridge',
  '@aws-sdk/client-cognito-identity-provider',
  '@aws-sdk/client-secrets-manager',
  '@aws-sdk/client-s3',
  // SendEmail with Simple content, unchanged since SES v2 came out (2019).
  '@aws-sdk/client-sesv2',
];

const SIGNERS = ['@aws-sdk/s3-presigned-post', '@aws-sdk/s3-request-presigner'];

const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

const { app } = synthStack({}, { bundle: false });
const functions = app.node.findAll().filter((c): c is HandlerFunction => c instanceof HandlerFunction);

async function externalImports(fn: HandlerFunction): Promise<string[]> {
  const { output } = await bundleHandler(fn.handler, fn.entry, { external: externalModulesFor(fn.sdk) });
  return [
    ...new Set(output.imports.filter((i) => i.external && !builtins.has(i.path)).map((i) => i.path)),
  ].sort();
}

describe('the AWS SDK of each function', () => {
  it('functions whose routes use media bundle their SDK; the others take the runtime’s', () => {
    const groups = functions.filter((fn) => fn.node.path.includes('/Api/'));
    expect(groups.length).toBeGreaterThan(5);
    for (const fn of groups) {
      expect(fn.sdk, fn.handler).toBe(sdkSourceOf(fn.handler as Parameters<typeof sdkSourceOf>[0]));
    }
    expect(
      groups
        .filter((fn) => fn.sdk === 'bundled')
        .map((fn) => fn.handler)
        .sort(),
    ).toEqual(['club-admin', 'courses', 'feed', 'profiles']);
  });

  it('no function imports a presigner from the runtime, and a bundled SDK is whole (no runtime @aws-sdk or @smithy)', async () => {
    for (const fn of functions) {
      const imported = await externalImports(fn);
      expect(
        imported.filter((name) => SIGNERS.includes(name)),
        fn.handler,
      ).toEqual([]);
      if (fn.sdk === 'bundled') expect(imported, fn.handler).toEqual([]);
    }
  }, 120_000);

  it('a function on the runtime’s SDK uses only the pinned list of long-standing packages', async () => {
    for (const fn of functions.filter((f) => f.sdk === 'runtime')) {
      const unknown = (await externalImports(fn)).filter((name) => !RUNTIME_SDK_PACKAGES.includes(name));
      expect(unknown, `${fn.handler} imports from the runtime`).toEqual([]);
    }
  }, 120_000);
});
