import { defineConfig } from '@playwright/test'

/**
 * End-to-end tests in Debian's Chromium against a running Canopy (./scripts/test starts one and sets
 * CANOPY_BASE_URL). Chromium is started headless with the flags that keep it from reaching the network.
 */
export default defineConfig({
  testDir: './tests/e2e',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  projects: [
    // The demo site's first scan, watched once; the specs that read its results wait for it.
    { name: 'demo-scan', testMatch: /demo-scan\.setup\.ts/ },
    { name: 'e2e', dependencies: ['demo-scan'] },
  ],
  use: {
    baseURL: process.env.CANOPY_BASE_URL ?? 'http://127.0.0.1:3000',
    browserName: 'chromium',
    viewport: { width: 1280, height: 900 },
    // Recording a trace costs every test its screenshots and snapshots: in CI (one retry) only the retry of a
    // failed test records one; a local run keeps the trace of each failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
})
