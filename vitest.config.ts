import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { apiEndpointsPlugin } from './web/build/api-endpoints.ts';

// The SDK's notice about Node 22 is for us, not for every test run; workers inherit this.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

// One runner, one project per layer. `npm test` runs them all (see scripts/test.mjs).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['tests/shared/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'functions',
          include: ['tests/functions/**/*.test.ts'],
          environment: 'node',
          env: { POWERTOOLS_DEV: 'false', POWERTOOLS_LOG_LEVEL: 'SILENT', TABLE_NAME: 'clubs-unit' },
        },
      },
      {
        plugins: [react(), apiEndpointsPlugin()],
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/web/setup.ts', 'tests/web/timeouts.ts'],
          // Generous for a loaded 2-core CI machine (see tests/web/timeouts.ts).
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/integration/global-setup.ts'],
          setupFiles: ['tests/integration/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { POWERTOOLS_LOG_LEVEL: 'SILENT' },
          fileParallelism: false,
        },
      },
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
          fileParallelism: false,
        },
      },
    ],
  },
});
