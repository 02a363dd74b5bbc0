import { defineProject, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config.ts'

// The `web` project of the root vitest workspace: component tests next to the code, in jsdom.
export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      root: import.meta.dirname,
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup.ts'],
      testTimeout: 15_000,
      // Files run side by side, one per core, and share a worker's jsdom and modules (set up once per worker);
      // src/testing/setup.ts removes what a test leaves in the document.
      maxWorkers: '100%',
      isolate: false,
      // dates show in the viewer's time zone; the tests read them as a viewer in UTC would
      env: { TZ: 'UTC' },
    },
  }),
)
