/**
 * Entry of the child process that runs one Lighthouse audit (forked by run-lighthouse.ts). Lighthouse keeps
 * global state (two runs in one process fail), so every run gets a fresh process and its own Chromium;
 * the process always exits, and the parent kills it, and its Chromium, if it hangs.
 */
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { buildLighthouseConfig } from './config.js'
import type { Lhr } from './map-lhr.js'
import type { ChildMessage, ChildRequest } from './protocol.js'

type LighthouseLocale = NonNullable<NonNullable<Parameters<typeof lighthouse>[1]>['locale']>

/** COMMON.md's flags: without them headless Chromium stalls on network attempts that cannot succeed here. */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

function send(message: ChildMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve()
    process.send(message, () => resolve())
  })
}

async function runOnce(request: ChildRequest): Promise<void> {
  // chrome-launcher picks a free --remote-debugging-port and a fresh temporary user-data dir, and removes it.
  const chrome = await launch({
    chromePath: request.chromiumPath,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'silent',
  })
  try {
    if (chrome.pid) await send({ type: 'chromium-started', pid: chrome.pid })
    const started = performance.now()
    const runnerResult = await lighthouse(
      request.url,
      { port: chrome.port, logLevel: 'error', output: 'json', locale: request.locale as LighthouseLocale },
      buildLighthouseConfig(request.formFactor, request.mode),
    )
    const lighthouseMs = performance.now() - started
    if (!runnerResult) throw new Error('Lighthouse returned no result')
    const lhr = runnerResult.lhr as unknown as Lhr
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
    await send({ type: 'result', lhr, lighthouseMs })
  } finally {
    chrome.kill()
  }
}

process.once('message', (request: ChildRequest) => {
  runOnce(request)
    .then(() => process.exit(0))
    .catch(async (error: unknown) => {
      await send({ type: 'failure', message: error instanceof Error ? error.message : String(error) })
      process.exit(1)
    })
})
