import { configDefaults, defineConfig } from 'vitest/config'

// Two layers: `unit` runs anywhere; `integration` needs PostgreSQL and Redis (DATABASE_URL, REDIS_URL)
// and makes fresh databases for the run in its global setup.

/** Test files run side by side, one per core: most wait on Chromium, PostgreSQL or Redis as much as they compute. */
const WORKERS = '100%'

/**
 * A project on real PostgreSQL and Redis: fresh databases per run (global setup), one per test worker, so files
 * running side by side never share rows. `serial` projects run one file at a time (the fault tests stop and
 * start servers and kill processes, and must not starve each other of the machine).
 */
function withServices(
  name: string,
  include: string[],
  options: { exclude?: string[]; serial?: boolean } = {},
) {
  return {
    test: {
      name,
      include,
      exclude: [...configDefaults.exclude, ...(options.exclude ?? [])],
      environment: 'node' as const,
      globalSetup: ['./tests/integration/global-setup.ts'],
      setupFiles: ['./tests/integration/setup-env.ts'],
      fileParallelism: !options.serial,
      // Files share a worker's modules, imported once per worker; a worker's files run one after the other, each
      // with the database and queue prefix setup-env.ts sets before it.
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  }
}

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
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
          // Files share a worker's modules (no unit test mocks a module or changes the environment), so the
          // worker's and the API's module graphs are imported once per worker instead of once per file.
          isolate: false,
        },
      },
      './apps/web/vitest.config.ts',
      withServices('integration', ['apps/*/test/**/*.test.ts', 'packages/*/test/**/*.test.ts'], {
        exclude: ['apps/worker/test/fault/**'],
      }),
      // Attack and sweep tests of tests/security: real PostgreSQL and Redis, like integration.
      withServices('security', ['tests/security/**/*.test.ts']),
      // Fault tests of apps/worker/test/fault: worker processes killed, pages that break Chromium, private
      // PostgreSQL and Redis restarted under a running scan.
      withServices('fault', ['apps/worker/test/fault/**/*.test.ts'], { serial: true }),
    ],
  },
})
