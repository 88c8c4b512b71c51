/**
 * Which AWS SDK each function runs (issue: the runtime SDK). Every function takes the SDK from
 * the Lambda runtime and may only rely on the long-standing packages listed here; a new one is
 * a decision (docs/DEPLOY.md, "Function bundles"). The SDK's presigners are not among them: the
 * media functions sign presigned POSTs and GETs with functions/src/media/sigv4.ts.
 */
import { builtinModules } from 'node:module';
import { describe, expect, it } from 'vitest';
import { bundleHandler } from '../../infra/lib/bundle.ts';
import { HandlerFunction } from '../../infra/lib/handler-function.ts';
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
  // Converse (courses' outline drafts), in the SDK since May 2024, long before the Node.js 24
  // runtime's first SDK release.
  '@aws-sdk/client-bedrock-runtime',
];

const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

// With superAdminMfa, so the pre-token-generation trigger is among the functions checked.
const { app } = synthStack({ superAdminMfa: true }, { bundle: false });
const functions = app.node.findAll().filter((c): c is HandlerFunction => c instanceof HandlerFunction);

/** What a function imports from the runtime, and which SDK files it carries itself. */
async function sdkOf(fn: HandlerFunction): Promise<{ imported: string[]; bundled: string[] }> {
  const { output } = await bundleHandler(fn.handler, fn.entry);
  return {
    imported: [
      ...new Set(output.imports.filter((i) => i.external && !builtins.has(i.path)).map((i) => i.path)),
    ].sort(),
    bundled: Object.keys(output.inputs).filter((input) => /node_modules\/@(aws-sdk|smithy)\//.test(input)),
  };
}

describe('the AWS SDK of each function', () => {
  it('a function uses only the pinned list of long-standing packages from the runtime, no presigner, and bundles none', async () => {
    expect(functions.length).toBeGreaterThan(5);
    for (const fn of functions) {
      const { imported, bundled } = await sdkOf(fn);
      const unknown = imported.filter((name) => !RUNTIME_SDK_PACKAGES.includes(name));
      expect(unknown, `${fn.handler} imports from the runtime`).toEqual([]);
      expect(bundled, `${fn.handler} bundles`).toEqual([]);
    }
  }, 120_000);

  it('the media functions sign with the project’s SigV4 code', async () => {
    for (const handler of ['club-admin', 'courses', 'feed', 'profiles']) {
      const fn = functions.find((f) => f.handler === handler);
      if (!fn) throw new Error(`no ${handler} function`);
      const { output } = await bundleHandler(fn.handler, fn.entry);
      expect(Object.keys(output.inputs), handler).toContain('functions/src/media/sigv4.ts');
    }
  }, 120_000);
});
