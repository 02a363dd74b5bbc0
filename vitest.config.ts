import { defineConfig } from 'vitest/config'

// Two layers: `unit` runs anywhere; `integration` needs PostgreSQL and Redis (DATABASE_URL, REDIS_URL)
// and makes a fresh database for the run in its global setup.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
            'apps/worker/src/**/*.test.ts',
            'tests/fixtures/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      './apps/web/vitest.config.ts',
      {
        test: {
          name: 'integration',
          include: ['apps/*/test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./tests/integration/global-setup.ts'],
          setupFiles: ['./tests/integration/setup-env.ts'],
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Attack and sweep tests of tests/security: real PostgreSQL and Redis, like integration.
        test: {
          name: 'security',
          include: ['tests/security/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./tests/integration/global-setup.ts'],
          setupFiles: ['./tests/integration/setup-env.ts'],
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
