/**
 * Entry of the child process that runs Lighthouse for the worker (forked by run-lighthouse.ts with Chromium's
 * path, the network guard's allow-list and the child's id as arguments). Its Chromium reaches the network only
 * through a guarding proxy the child runs (loopback included), like the worker's own browser. It starts its Chromium and loads Lighthouse once, then runs the
 * requests it is sent one after another, each in a fresh browser context (its own cache, cookies and storage,
 * as a fresh profile has) that is closed afterwards. Lighthouse keeps module-level state, so runs never overlap
 * in one child: a runner that wants two at once has two children. The child exits after a run that threw, and
 * with its Chromium when the parent goes away; the parent kills both if a run hangs.
 */
import { type LaunchedChrome, launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { initializeConfig } from 'lighthouse/core/config/config.js'
import { ExecutionContext } from 'lighthouse/core/gather/driver/execution-context.js'
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js'
import puppeteer, { type Browser, type CookieData } from 'puppeteer-core'
import { HEADLESS_CHROMIUM_FLAGS } from '../browser/chromium-flags.js'
import { createAddressGuard, startGuardingProxy } from '../net/index.js'
import { buildLighthouseConfig, buildTunedConfig } from './config.js'
import type { Lhr } from './map-lhr.js'
import { type ChildMessage, type ChildRequest, killProcessesOfRun, RUN_ID_FLAG } from './protocol.js'

type LighthouseLocale = NonNullable<NonNullable<Parameters<typeof lighthouse>[1]>['locale']>

function send(message: ChildMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send || !process.connected) return resolve()
    process.send(message, () => resolve())
  })
}

let chrome: LaunchedChrome | undefined
const runId = process.argv[4] ?? 'unknown'

function exit(code: number): never {
  chrome?.kill()
  // A Chromium still being launched is not in `chrome` yet: found by the run id on its command line.
  killProcessesOfRun(runId, chrome?.pid)
  process.exit(code)
}

/**
 * Lighthouse starts every run by measuring the host's CPU (BenchmarkIndex): a fixed 1 s loop in the page. The
 * value describes the machine, not the page: it only fills lhr.environment.benchmarkIndex and a slow-host warning,
 * and no metric or score reads it (simulated throttling uses the configured CPU slowdown). The runner measures it
 * once and hands it to later runs, which report that value instead of spending a second of CPU on it again.
 */
let reusedBenchmarkIndex: number | undefined
{
  const prototype = ExecutionContext.prototype as unknown as {
    evaluate(mainFn: unknown, options: unknown): Promise<unknown>
  }
  const evaluate = prototype.evaluate
  prototype.evaluate = function (this: unknown, mainFn, options) {
    if (mainFn === pageFunctions.computeBenchmarkIndex && reusedBenchmarkIndex !== undefined) {
      return Promise.resolve(reusedBenchmarkIndex)
    }
    return evaluate.call(this, mainFn, options)
  }
}

interface Prepared {
  launched: LaunchedChrome
  browser: Browser
}

async function prepare(chromiumPath: string, allowHosts: string): Promise<Prepared> {
  const proxy = await startGuardingProxy(createAddressGuard({ allowHosts }))
  // chrome-launcher picks a free --remote-debugging-port and a fresh temporary user-data dir, and removes it.
  // The child's id on Chromium's command line lets the parent find and kill it even before it knows its pid.
  const launched = await launch({
    chromePath: chromiumPath,
    chromeFlags: [
      ...HEADLESS_CHROMIUM_FLAGS,
      // Every request through the proxy; `<-loopback>` takes away Chromium's own exception for loopback.
      `--proxy-server=${proxy.url}`,
      '--proxy-bypass-list=<-loopback>',
      `${RUN_ID_FLAG}=${runId}`,
    ],
    logLevel: 'silent',
  })
  chrome = launched
  if (launched.pid) await send({ type: 'chromium-started', pid: launched.pid })
  const browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${launched.port}`,
    defaultViewport: null,
  })
  // Resolving a config imports every audit and gatherer module (~1 s); done now, the first run finds them loaded.
  await initializeConfig('navigation', buildTunedConfig('desktop'))
  return { launched, browser }
}

/** A scan's cookie as Puppeteer sets it: a session cookie has no expiry. */
function toCookieData(cookie: NonNullable<ChildRequest['cookies']>[number]): CookieData {
  const { expires, ...rest } = cookie
  return expires !== undefined && expires > 0 ? { ...rest, expires } : rest
}

/** One request: a result (Lighthouse's own error for the page, such as an unreachable URL, is one too). */
async function run({ launched, browser }: Prepared, request: ChildRequest): Promise<void> {
  reusedBenchmarkIndex = request.benchmarkIndex
  const context = await browser.createBrowserContext()
  try {
    if (request.cookies?.length) await context.setCookie(...request.cookies.map(toCookieData))
    const page = await context.newPage()
    const started = performance.now()
    const runnerResult = await lighthouse(
      request.url,
      { port: launched.port, logLevel: 'error', output: 'json', locale: request.locale as LighthouseLocale },
      buildLighthouseConfig(request.formFactor, request.mode, request.userAgent),
      page,
    )
    const lighthouseMs = performance.now() - started
    if (!runnerResult) throw new Error('Lighthouse returned no result')
    await send({ type: 'result', id: request.id, lhr: runnerResult.lhr as unknown as Lhr, lighthouseMs })
  } finally {
    await context.close().catch(() => undefined)
  }
}

async function fail(error: unknown): Promise<never> {
  await send({ type: 'failure', message: error instanceof Error ? error.message : String(error) })
  exit(1)
}

// The parent went away (exit, crash, kill): nobody wants a result, and Chromium must not outlive us.
process.on('disconnect', () => exit(0))
// A signal to the worker's process group (scripts/stop, docker stop, Ctrl-C) reaches us too: without these
// handlers we would die at once and leave the detached Chromium running.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => exit(0))

const ready = prepare(process.argv[2] ?? '/usr/bin/chromium', process.argv[3] ?? '')
ready.then(() => send({ type: 'ready' }), fail)
// The parent sends a request only to an idle child; the chain keeps runs in order all the same.
let queue: Promise<unknown> = ready
process.on('message', (request: ChildRequest) => {
  queue = queue.then((prepared) => run(prepared as Prepared, request).then(() => prepared)).catch(fail)
})
