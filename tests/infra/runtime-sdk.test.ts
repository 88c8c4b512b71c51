/**
 * Which AWS SDK each function runs. Every function takes the SDK's clients from the Lambda
 * runtime and may only rely on the long-standing packages of RUNTIME_SDK_PACKAGES; a new one is a
 * decision (docs/DEPLOY.md, "Function bundles"). The presigners are bundled from the lock file
 * into the functions that sign media, and no function carries a client of its own.
 */
import { builtinModules } from 'node:module';
import { bundleHandler } from '@clubs/infra/lib/bundle.ts';
import { HandlerFunction, RUNTIME_SDK_PACKAGES } from '@clubs/infra/lib/handler-function.ts';
import { describe, expect, it } from 'vitest';
import { synthStack } from './app.ts';

const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
const runtimePackages: readonly string[] = RUNTIME_SDK_PACKAGES;

const POST = '@aws-sdk/s3-presigned-post';
const GET = '@aws-sdk/s3-request-presigner';
/** The functions that sign presigned POSTs (uploads) or GETs (members-only media), and which. */
const MEDIA_SIGNERS: Readonly<Record<string, readonly string[]>> = {
  chat: [POST, GET],
  'club-admin': [POST],
  courses: [POST, GET],
  feed: [POST, GET],
  profiles: [POST],
  'super-admin': [GET],
};

// With superAdminMfa, so the pre-token-generation trigger is among the functions checked.
const { app } = synthStack({ superAdminMfa: true }, { bundle: false });
const functions = app.node.findAll().filter((c): c is HandlerFunction => c instanceof HandlerFunction);

/** `node_modules/@scope/name/…` → `@scope/name`. */
const packageOf = (input: string): string => {
  const [scope = '', name = ''] = input
    .slice(input.lastIndexOf('node_modules/') + 'node_modules/'.length)
    .split('/');
  return `${scope}/${name}`;
};

/** What a function imports from the runtime, and which SDK packages it carries itself. */
async function sdkOf(fn: HandlerFunction): Promise<{ imported: string[]; bundled: string[] }> {
  const { output } = await bundleHandler(fn.handler, fn.entry);
  return {
    imported: [
      ...new Set(output.imports.filter((i) => i.external && !builtins.has(i.path)).map((i) => i.path)),
    ].sort(),
    bundled: [
      ...new Set(
        Object.keys(output.inputs)
          .filter((input) => /node_modules\/@(aws-sdk|smithy)\//.test(input))
          .map(packageOf),
      ),
    ].sort(),
  };
}

describe('the AWS SDK of each function', () => {
  it('takes only the pinned clients from the runtime, bundles none of them, and bundles the SDK only to presign', async () => {
    expect(functions.length).toBeGreaterThan(5);
    for (const fn of functions) {
      const { imported, bundled } = await sdkOf(fn);
      const unknown = imported.filter((name) => !runtimePackages.includes(name));
      expect(unknown, `${fn.handler} imports from the runtime`).toEqual([]);
      expect(
        bundled.filter((name) => runtimePackages.includes(name)),
        `${fn.handler} bundles a client`,
      ).toEqual([]);
      const presigners = MEDIA_SIGNERS[fn.handler] ?? [];
      expect(
        bundled.filter((name) => name === POST || name === GET),
        `${fn.handler} bundles these presigners`,
      ).toEqual([...presigners].sort());
      if (presigners.length === 0) expect(bundled, `${fn.handler} bundles`).toEqual([]);
    }
  }, 180_000);
});
