import { type ChildProcess, fork } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { CategoryResult, PerformanceMetrics } from '@canopy/contracts'
import type { LighthouseFormFactor, LighthouseMode } from './config.js'
import { type Lhr, mapCategory, mapMetrics } from './map-lhr.js'
import { type ChildMessage, type ChildRequest, killProcessesOfRun, killQuietly } from './protocol.js'

export interface RunLighthouseOptions {
  url: string
  formFactor: LighthouseFormFactor
  mode: LighthouseMode
  /** the whole run, from asking for a child to the result; default 120 s */
  timeoutMs?: number
  locale?: string
}

export interface LighthouseResult {
  performance: CategoryResult
  seo: CategoryResult
  bestPractices: CategoryResult
  metrics: PerformanceMetrics
  lighthouseVersion: string
}

export interface RawLighthouseRun {
  lhr: Lhr
  /** Lighthouse's own run, Chromium already up */
  lighthouseMs: number
  /** request to result, including a child's start when no ready one was waiting */
  totalMs: number
  childPid: number
  chromiumPid: number | null
}

export class LighthouseRunError extends Error {
  override name = 'LighthouseRunError'
  constructor(
    message: string,
    /** the processes the run had, all killed by the time this is thrown */
    readonly childPid: number | null,
    readonly chromiumPid: number | null,
    /** the id on the run's Chromium command line (see findProcessesOfRun) */
    readonly runId: string,
  ) {
    super(message)
  }
}

export interface LighthouseRunnerOptions {
  /** default CHROMIUM_PATH, else /usr/bin/chromium */
  chromiumPath?: string
  /**
   * Keep one child ready for the next run (Chromium started, Lighthouse loaded): a run then costs only
   * Lighthouse's own time. It is still a fresh process per run. The next spare starts once the current run's
   * page has loaded, so its start (seconds of CPU) never competes with a page load whose CPU time Lighthouse
   * measures.
   */
  keepSpare?: boolean
  /** a spare nobody takes within this is ended, so an idle worker holds no Chromium; default 60 s */
  spareIdleMs?: number
  /**
   * How long a host's BenchmarkIndex, measured by one run, is handed to the runs after it (which then skip
   * Lighthouse's 1 s CPU benchmark); default 10 minutes. 0 measures it in every run, as Lighthouse does.
   */
  benchmarkReuseMs?: number
}

export interface LighthouseRunner {
  run(options: RunLighthouseOptions): Promise<LighthouseResult>
  runRaw(options: RunLighthouseOptions): Promise<RawLighthouseRun>
  /** resolves once the spare child (if one is being made) is ready, or gone */
  spareReady(): Promise<void>
  /** makes a spare now (when keepSpare) and waits until it is ready */
  warm(): Promise<void>
  /** ends the spare child, if any */
  close(): void
}

const DEFAULT_TIMEOUT_MS = 120_000
const CHILD_ENTRY = fileURLToPath(new URL('./child.ts', import.meta.url))
// The child is TypeScript like the rest of the worker: it runs under the same tsx loader, found from here.
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href

/** One forked child and what it has told us so far. */
class LighthouseChild {
  readonly process: ChildProcess
  chromiumPid: number | null = null
  exited = false
  ready = false
  private stderr = ''
  private listeners = new Set<(message: ChildMessage | { type: 'exit'; detail: string }) => void>()

  readonly runId = randomUUID()

  constructor(chromiumPath: string) {
    this.process = fork(CHILD_ENTRY, [chromiumPath, this.runId], {
      execArgv: ['--import', TSX_LOADER],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    })
    this.process.stderr?.on('data', (chunk: Buffer) => {
      // Only the tail matters for an error message.
      this.stderr = (this.stderr + chunk.toString()).slice(-2000)
    })
    this.process.on('message', (message: ChildMessage) => {
      if (message.type === 'chromium-started') this.chromiumPid = message.pid
      if (message.type === 'ready') this.ready = true
      for (const listener of this.listeners) listener(message)
    })
    const onGone = (detail: string) => {
      this.exited = true
      for (const listener of this.listeners) listener({ type: 'exit', detail })
    }
    this.process.on('exit', (code, signal) => onGone(`${signal ?? `code ${code}`}: ${this.stderr.trim()}`))
    this.process.on('error', (error) => onGone(error.message))
  }

  get pid(): number {
    return this.process.pid ?? 0
  }

  /** A spare must not keep the parent alive: the worker exits when its work is done, the child follows. */
  detach(): void {
    this.process.unref()
    ;(this.process.channel as { unref?: () => void } | undefined)?.unref?.()
    ;(this.process.stderr as { unref?: () => void } | null)?.unref?.()
  }

  attach(): void {
    this.process.ref()
    ;(this.process.channel as { ref?: () => void } | undefined)?.ref?.()
  }

  listen(listener: (message: ChildMessage | { type: 'exit'; detail: string }) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /**
   * chrome-launcher starts Chromium detached, in its own process group: kill the child first (it can start
   * nothing more), then every group of a Chromium of this run, found by pid or by the run id.
   */
  kill(): void {
    if (!this.exited) killQuietly(this.process.pid)
    killProcessesOfRun(this.runId, this.chromiumPid)
  }
}

/**
 * Runs Lighthouse, each run in a fresh child process with its own Chromium. A crash, a failure or a timeout
 * rejects with LighthouseRunError; the child and its Chromium are killed whatever happens, so a hung run
 * leaves no process behind.
 */
export function createLighthouseRunner(runnerOptions: LighthouseRunnerOptions = {}): LighthouseRunner {
  const chromiumPath = runnerOptions.chromiumPath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  const spareIdleMs = runnerOptions.spareIdleMs ?? 60_000
  const benchmarkReuseMs = runnerOptions.benchmarkReuseMs ?? 10 * 60_000
  let benchmark: { index: number; measuredAt: number } | undefined
  let spare: { child: LighthouseChild; idleTimer: NodeJS.Timeout } | undefined

  const startSpare = () => {
    const child = new LighthouseChild(chromiumPath)
    child.detach()
    const idleTimer = setTimeout(() => {
      if (spare?.child === child) spare = undefined
      child.kill()
    }, spareIdleMs)
    idleTimer.unref()
    spare = { child, idleTimer }
  }

  const takeChild = (): LighthouseChild => {
    const taken = spare
    spare = undefined
    if (taken) clearTimeout(taken.idleTimer)
    const child = taken && !taken.child.exited ? taken.child : new LighthouseChild(chromiumPath)
    if (taken && taken.child !== child) taken.child.kill()
    child.attach()
    return child
  }

  const runRaw = (options: RunLighthouseOptions): Promise<RawLighthouseRun> => {
    const request: ChildRequest = {
      url: options.url,
      formFactor: options.formFactor,
      mode: options.mode,
      locale: options.locale ?? 'en-US',
    }
    if (benchmark && performance.now() - benchmark.measuredAt < benchmarkReuseMs) {
      request.benchmarkIndex = benchmark.index
    }
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
    const started = performance.now()
    const child = takeChild()
    const replenish = () => {
      if (runnerOptions.keepSpare && !spare) startSpare()
    }
    return new Promise((resolve, reject) => {
      let settled = false
      const finish = (outcome: { run: RawLighthouseRun } | { error: string }) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        stopListening()
        child.kill()
        replenish()
        if ('run' in outcome) resolve(outcome.run)
        else reject(new LighthouseRunError(outcome.error, child.pid || null, child.chromiumPid, child.runId))
      }
      const timer = setTimeout(
        () => finish({ error: `Lighthouse did not finish within ${timeoutMs} ms for ${options.url}` }),
        timeoutMs,
      )
      const stopListening = child.listen((message) => {
        if (message.type === 'result') {
          const measured = message.lhr.environment?.benchmarkIndex
          if (request.benchmarkIndex === undefined && measured !== undefined) {
            benchmark = { index: measured, measuredAt: performance.now() }
          }
          finish({
            run: {
              lhr: message.lhr,
              lighthouseMs: message.lighthouseMs,
              totalMs: performance.now() - started,
              childPid: child.pid,
              chromiumPid: child.chromiumPid,
            },
          })
        } else if (message.type === 'page-loaded') replenish()
        else if (message.type === 'failure') finish({ error: `Lighthouse failed: ${message.message}` })
        else if (message.type === 'exit') {
          finish({ error: `Lighthouse child process exited without a result (${message.detail})` })
        }
      })
      if (child.exited) finish({ error: 'Lighthouse child process exited before its run' })
      else child.process.send(request)
    })
  }

  const spareReady = () =>
    new Promise<void>((resolve) => {
      const child = spare?.child
      if (!child || child.ready || child.exited) return resolve()
      const stop = child.listen((message) => {
        if (message.type === 'ready' || message.type === 'exit' || message.type === 'failure') {
          stop()
          resolve()
        }
      })
    })

  return {
    runRaw,
    spareReady,
    warm: () => {
      if (runnerOptions.keepSpare && !spare) startSpare()
      return spareReady()
    },
    run: async (options) => mapResult((await runRaw(options)).lhr),
    close: () => {
      if (!spare) return
      clearTimeout(spare.idleTimer)
      spare.child.kill()
      spare = undefined
    },
  }
}

function mapResult(lhr: Lhr): LighthouseResult {
  return {
    performance: mapCategory(lhr, 'performance'),
    seo: mapCategory(lhr, 'seo'),
    bestPractices: mapCategory(lhr, 'best-practices'),
    metrics: mapMetrics(lhr),
    lighthouseVersion: lhr.lighthouseVersion,
  }
}

/** One Lighthouse run in a fresh child, nothing kept ready afterwards (see createLighthouseRunner). */
export function runLighthouseRaw(
  options: RunLighthouseOptions & { chromiumPath?: string },
): Promise<RawLighthouseRun> {
  return createLighthouseRunner({ chromiumPath: options.chromiumPath }).runRaw(options)
}

/** Runs Lighthouse on one URL in a fresh child and maps its result to our categories and metrics. */
export async function runLighthouse(
  options: RunLighthouseOptions & { chromiumPath?: string },
): Promise<LighthouseResult> {
  return mapResult((await runLighthouseRaw(options)).lhr)
}
