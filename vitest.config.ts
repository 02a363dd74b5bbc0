import { configDefaults, defineConfig } from 'vitest/config'

// Two layers: `unit` runs anywhere; `integration` needs PostgreSQL and Redis (DATABASE_URL, REDIS_URL)
// and makes a fresh database for the run in its global setup.
/** A project on real PostgreSQL and Redis: a fresh database per run (global setup), one file at a time. */
function withServices(name: string, include: string[], exclude: string[] = []) {
  return {
    test: {
      name,
      include,
      exclude: [...configDefaults.exclude, ...exclude],
      environment: 'node' as const,
      globalSetup: ['./tests/integration/global-setup.ts'],
      setupFiles: ['./tests/integration/setup-env.ts'],
      fileParallelism: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  }
}

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
      withServices(
        'integration',
        ['apps/*/test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
        ['apps/worker/test/fault/**'],
      ),
      // Attack and sweep tests of tests/security: real PostgreSQL and Redis, like integration.
      withServices('security', ['tests/security/**/*.test.ts']),
      // Fault tests of apps/worker/test/fault: worker processes killed, pages that break Chromium, private
      // PostgreSQL and Redis restarted under a running scan.
      withServices('fault', ['apps/worker/test/fault/**/*.test.ts']),
    ],
  },
})
