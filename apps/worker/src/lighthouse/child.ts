/**
 * Entry of the child process that runs one Lighthouse audit (forked by run-lighthouse.ts with Chromium's
 * path as its argument). Lighthouse keeps global state (two runs in one process fail), so every run gets a
 * fresh process and its own Chromium. The child gets ready before it has work (Chromium started, Lighthouse
 * and its audit modules loaded), runs one request, and exits; it also exits, with its Chromium, when the
 * parent goes away, and the parent kills both if it hangs.
 */
import { type LaunchedChrome, launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { initializeConfig } from 'lighthouse/core/config/config.js'
import { ExecutionContext } from 'lighthouse/core/gather/driver/execution-context.js'
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js'
import log from 'lighthouse-logger'
import { buildLighthouseConfig, buildTunedConfig } from './config.js'
import type { Lhr } from './map-lhr.js'
import { type ChildMessage, type ChildRequest, killProcessesOfRun, RUN_ID_FLAG } from './protocol.js'

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
    if (!process.send || !process.connected) return resolve()
    process.send(message, () => resolve())
  })
}

let chrome: LaunchedChrome | undefined
const runId = process.argv[3] ?? 'unknown'

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
function reuseBenchmarkIndex(benchmarkIndex: number): void {
  const prototype = ExecutionContext.prototype as unknown as {
    evaluate(mainFn: unknown, options: unknown): Promise<unknown>
  }
  const evaluate = prototype.evaluate
  prototype.evaluate = function (this: unknown, mainFn, options) {
    if (mainFn === pageFunctions.computeBenchmarkIndex) return Promise.resolve(benchmarkIndex)
    return evaluate.call(this, mainFn, options)
  }
}

async function prepare(chromiumPath: string, runId: string): Promise<LaunchedChrome> {
  // chrome-launcher picks a free --remote-debugging-port and a fresh temporary user-data dir, and removes it.
  // The run's id on Chromium's command line lets the parent find and kill it even before it knows its pid.
  const launched = await launch({
    chromePath: chromiumPath,
    chromeFlags: [...CHROMIUM_FLAGS, `${RUN_ID_FLAG}=${runId}`],
    logLevel: 'silent',
  })
  chrome = launched
  if (launched.pid) await send({ type: 'chromium-started', pid: launched.pid })
  // Resolving a config imports every audit and gatherer module (~1 s); done now, the run finds them loaded.
  await initializeConfig('navigation', buildTunedConfig('desktop'))
  return launched
}

async function run(launched: LaunchedChrome, request: ChildRequest): Promise<void> {
  if (request.benchmarkIndex !== undefined) reuseBenchmarkIndex(request.benchmarkIndex)
  // Artifacts are read after the navigation and its trace have ended: the first one marks the page as loaded.
  let loaded = false
  log.events.on('status', (status: unknown[]) => {
    if (loaded || typeof status[1] !== 'string' || !status[1].startsWith('Getting artifact')) return
    loaded = true
    void send({ type: 'page-loaded' })
  })
  const started = performance.now()
  const runnerResult = await lighthouse(
    request.url,
    { port: launched.port, logLevel: 'error', output: 'json', locale: request.locale as LighthouseLocale },
    buildLighthouseConfig(request.formFactor, request.mode),
  )
  const lighthouseMs = performance.now() - started
  if (!runnerResult) throw new Error('Lighthouse returned no result')
  const lhr = runnerResult.lhr as unknown as Lhr
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
  await send({ type: 'result', lhr, lighthouseMs })
}

async function fail(error: unknown): Promise<never> {
  await send({ type: 'failure', message: error instanceof Error ? error.message : String(error) })
  exit(1)
}

// The parent went away (exit, crash, kill): nobody wants the result, and Chromium must not outlive us.
process.on('disconnect', () => exit(0))

const chromiumPath = process.argv[2] ?? '/usr/bin/chromium'
const ready = prepare(chromiumPath, runId)
ready.then(() => send({ type: 'ready' }), fail)
process.once('message', (request: ChildRequest) => {
  ready.then((launched) => run(launched, request)).then(() => exit(0), fail)
})
