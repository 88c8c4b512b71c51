import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { apiEndpointsPlugin } from './web/build/api-endpoints.ts';

// The SDK's notice about Node 22 is for us, not for every test run; workers inherit this.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * A test file that replaces a module, a global or an environment variable needs a module graph of
 * its own: in a graph shared with other files its mock may come too late (the real module is
 * already loaded) or leak into the files after it. Every other file shares its worker's module
 * graph, which spares each file the seconds of importing the AWS SDK, CDK or React again (the
 * infra project took 576 s isolated and 159 s shared).
 */
const REPLACES_SOMETHING = /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]/;
function byIsolation(folder: string, pattern: RegExp) {
  const files = readdirSync(join(import.meta.dirname, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => pattern.test(name))
    .map((name) => `${folder}/${name.split('\\').join('/')}`);
  const isolated = files.filter((file) =>
    REPLACES_SOMETHING.test(readFileSync(join(import.meta.dirname, file), 'utf8')),
  );
  return { isolated, shared: files.filter((file) => !isolated.includes(file)) };
}
/**
 * One layer's tests as two projects: `name` for the files that share a module graph per worker,
 * `name (isolated)` for those that replace something. Per-file setup still runs for every file.
 */
type ProjectTest = NonNullable<TestProjectInlineConfiguration['test']>;
function layerProjects(
  name: string,
  folder: string,
  test: ProjectTest,
  plugins: TestProjectInlineConfiguration['plugins'] = [],
  sharedSetupFiles: string[] = [],
): TestProjectInlineConfiguration[] {
  const { isolated, shared } = byIsolation(folder, /\.test\.tsx?$/);
  const setupFiles = [test.setupFiles ?? []].flat();
  return [
    {
      plugins,
      test: {
        ...test,
        name,
        include: shared,
        isolate: false,
        setupFiles: [...setupFiles, ...sharedSetupFiles],
      },
    },
    ...(isolated.length > 0
      ? [{ plugins, test: { ...test, name: `${name} (isolated)`, include: isolated } }]
      : []),
  ];
}

// One runner, one project per layer. `npm test` runs them all (see scripts/test.mjs).
export default defineConfig({
  test: {
    // Vitest's own default leaves a core idle (one worker on a 2-core machine); the emulators'
    // waits leave room for a worker per core (the whole run took 570 s with one, 484 s with two).
    maxWorkers: availableParallelism(),
    projects: [
      ...layerProjects('shared', 'tests/shared', { environment: 'node' }),
      ...layerProjects('functions', 'tests/functions', {
        environment: 'node',
        env: { POWERTOOLS_DEV: 'false', POWERTOOLS_LOG_LEVEL: 'SILENT', TABLE_NAME: 'clubs-unit' },
      }),
      ...layerProjects(
        'web',
        'tests/web',
        {
          environment: 'jsdom',
          setupFiles: ['tests/web/setup.ts', 'tests/web/timeouts.ts'],
          // Generous for a loaded 2-core CI machine (see tests/web/timeouts.ts).
          testTimeout: 30_000,
        },
        [react(), apiEndpointsPlugin()],
        // The one module the page tests replace, for all of them at once (see the file).
        ['tests/web/id-token.ts'],
      ),
      ...layerProjects('infra', 'tests/infra', {
        environment: 'node',
        testTimeout: 180_000,
        hookTimeout: 180_000,
      }),
      // Each test file has a table of its own, in a database of its own, on the one DynamoDB Local
      // this project, its isolated half and security share (global-setup.ts, setup.ts).
      ...layerProjects('integration', 'tests/integration', {
        environment: 'node',
        globalSetup: ['tests/integration/global-setup.ts'],
        setupFiles: ['tests/integration/setup.ts'],
        testTimeout: 30_000,
        hookTimeout: 60_000,
        env: { POWERTOOLS_LOG_LEVEL: 'SILENT' },
      }),
      {
        // The hostile-world suite (npm run test:security): access matrix, generated bad input,
        // races and faults against DynamoDB Local, the local gateway and the Stripe simulator.
        test: {
          name: 'security',
          include: ['tests/security/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/security/global-setup.ts'],
          setupFiles: ['tests/integration/setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          env: { POWERTOOLS_LOG_LEVEL: 'SILENT' },
        },
      },
    ],
  },
});
