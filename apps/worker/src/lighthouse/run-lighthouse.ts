import { type ChildProcess, fork } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { CategoryResult, PerformanceMetrics } from '@canopy/contracts'
import type { ScanCookie } from '../browser/sign-in.js'
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
  /** a signed-in scan's session cookies, set in the run's browser context before the page loads */
  cookies?: ScanCookie[]
  /** the site's own user agent (its scan settings); absent: Lighthouse's for the form factor */
  userAgent?: string
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
  /** this child's how-manieth run (1 for a fresh child) */
  childRun: number
  childPid: number
  chromiumPid: number | null
}

export class LighthouseRunError extends Error {
  override name = 'LighthouseRunError'
  constructor(
    message: string,
    /** the run's child and Chromium: killed by the time this is thrown, unless `childKept` */
    readonly childPid: number | null,
    readonly chromiumPid: number | null,
    /** the id on the child's Chromium command line (see findProcessesOfRun) */
    readonly runId: string,
    /** Lighthouse reported the page's own error (unreachable, error status): the child is fine and stays */
    readonly childKept = false,
  ) {
    super(message)
  }
}

export interface LighthouseRunnerOptions {
  /** default CHROMIUM_PATH, else /usr/bin/chromium */
  chromiumPath?: string
  /**
   * The network guard's allow-list (CANOPY_SCAN_ALLOW_HOSTS entries). Every request of a child's Chromium goes
   * through a guarding proxy in that child, built from this list; default none (public addresses only).
   */
  allowHosts?: readonly string[]
  /** a child without work for this long is ended with its Chromium, so an idle worker holds none; default 60 s */
  idleMs?: number
  /** a child is replaced after this many runs, so nothing a long-lived Chromium accumulates can build up; default 25 */
  maxRunsPerChild?: number
  /**
   * How long a host's BenchmarkIndex, measured by one run, is handed to the runs after it (which then skip
   * Lighthouse's 1 s CPU benchmark); default 10 minutes. 0 measures it in every run, as Lighthouse does.
   */
  benchmarkReuseMs?: number
}

export interface LighthouseRunner {
  run(options: RunLighthouseOptions): Promise<LighthouseResult>
  runRaw(options: RunLighthouseOptions): Promise<RawLighthouseRun>
  /** makes sure a child is ready for the next run (Chromium up, Lighthouse loaded) and waits for it */
  warm(): Promise<void>
  /** ends every idle child; a run under way finishes, and its child is ended then */
  close(): void
}

const DEFAULT_TIMEOUT_MS = 120_000
const CHILD_ENTRY = fileURLToPath(new URL('./child.ts', import.meta.url))
// The child is TypeScript like the rest of the worker: it runs under the same tsx loader, found from here.
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href

type ChildEvent = ChildMessage | { type: 'exit'; detail: string }

/** One forked child and what it has told us so far. */
class LighthouseChild {
  readonly process: ChildProcess
  chromiumPid: number | null = null
  exited = false
  ready = false
  runs = 0
  idleTimer: NodeJS.Timeout | undefined
  private stderr = ''
  private listeners = new Set<(event: ChildEvent) => void>()

  readonly runId = randomUUID()

  constructor(chromiumPath: string, allowHosts: readonly string[]) {
    // The run id goes last: the child's Chromium carries it, and parent-fixture.ts reads it from there.
    this.process = fork(CHILD_ENTRY, [chromiumPath, allowHosts.join(','), this.runId], {
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

  /** An idle child must not keep the parent alive: the worker exits when its work is done, the child follows. */
  detach(): void {
    this.process.unref()
    ;(this.process.channel as { unref?: () => void } | undefined)?.unref?.()
    ;(this.process.stderr as { unref?: () => void } | null)?.unref?.()
  }

  attach(): void {
    this.process.ref()
    ;(this.process.channel as { ref?: () => void } | undefined)?.ref?.()
  }

  listen(listener: (event: ChildEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** resolves once the child is ready, or gone */
  whenReady(): Promise<void> {
    return new Promise((resolve) => {
      if (this.ready || this.exited) return resolve()
      const stop = this.listen((event) => {
        if (event.type === 'ready' || event.type === 'exit' || event.type === 'failure') {
          stop()
          resolve()
        }
      })
    })
  }

  /**
   * chrome-launcher starts Chromium detached, in its own process group: kill the child first (it can start
   * nothing more), then every group of a Chromium of this child, found by pid or by the child's id.
   */
  kill(): void {
    clearTimeout(this.idleTimer)
    if (!this.exited) killQuietly(this.process.pid)
    killProcessesOfRun(this.runId, this.chromiumPid)
  }
}

/**
 * Children waiting for the next run. A child is ended after `idleMs` without work, after `maxRunsPerChild`
 * runs, when it has exited, and once the pool is closed; taking one prefers a waiting child over a new one.
 */
function createChildPool(
  chromiumPath: string,
  allowHosts: readonly string[],
  idleMs: number,
  maxRunsPerChild: number,
) {
  const idle: LighthouseChild[] = []
  let closed = false

  const park = (child: LighthouseChild) => {
    if (closed || child.exited || child.runs >= maxRunsPerChild) return child.kill()
    child.detach()
    child.idleTimer = setTimeout(() => {
      const index = idle.indexOf(child)
      if (index >= 0) idle.splice(index, 1)
      child.kill()
    }, idleMs)
    child.idleTimer.unref()
    idle.push(child)
  }

  const take = (): LighthouseChild => {
    for (let child = idle.pop(); child; child = idle.pop()) {
      clearTimeout(child.idleTimer)
      if (!child.exited) {
        child.attach()
        return child
      }
      // It died while idle (its Chromium crashed, say): whatever is left of its browser goes too.
      child.kill()
    }
    return new LighthouseChild(chromiumPath, allowHosts)
  }

  const warm = async () => {
    if (idle.some((child) => !child.exited)) {
      await Promise.all(idle.map((child) => child.whenReady()))
      return
    }
    const child = new LighthouseChild(chromiumPath, allowHosts)
    park(child)
    await child.whenReady()
  }

  const close = () => {
    closed = true
    for (const child of idle.splice(0)) child.kill()
  }

  return { park, take, warm, close }
}

type ChildRunOutcome = { lhr: Lhr; lighthouseMs: number } | { error: string; keepChild?: boolean }

/**
 * What a child's event means for the run of `requestId`: its report, or why it failed (a Lighthouse runtime
 * error is the page's fault and keeps the child; a child failure or exit does not); undefined for an event
 * about something else.
 */
function outcomeOfEvent(event: ChildEvent, requestId: number): ChildRunOutcome | undefined {
  if (event.type === 'result' && event.id === requestId) {
    const lhr = event.lhr
    if (lhr.runtimeError) {
      return {
        error: `Lighthouse failed: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`,
        keepChild: true,
      }
    }
    return { lhr, lighthouseMs: event.lighthouseMs }
  }
  if (event.type === 'failure') return { error: `Lighthouse failed: ${event.message}` }
  if (event.type === 'exit')
    return { error: `Lighthouse child process exited without a result (${event.detail})` }
  return undefined
}

/**
 * Sends one request to a child and answers the first outcome: its result, a failure, the child's exit, or
 * the timeout. `settle` runs once, synchronously with that outcome, before the promise resolves.
 */
function runOnChild(
  child: LighthouseChild,
  request: ChildRequest,
  timeoutMs: number,
  settle: (outcome: ChildRunOutcome) => RawLighthouseRun | LighthouseRunError,
): Promise<RawLighthouseRun> {
  return new Promise((resolve, reject) => {
    let settled = false
    const finish = (outcome: ChildRunOutcome) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      stopListening()
      const answer = settle(outcome)
      if (answer instanceof LighthouseRunError) reject(answer)
      else resolve(answer)
    }
    const timer = setTimeout(
      () => finish({ error: `Lighthouse did not finish within ${timeoutMs} ms for ${request.url}` }),
      timeoutMs,
    )
    const stopListening = child.listen((event) => {
      const outcome = outcomeOfEvent(event, request.id)
      if (outcome) finish(outcome)
    })
    if (child.exited) finish({ error: 'Lighthouse child process exited before its run' })
    else child.process.send(request)
  })
}

/**
 * Runs Lighthouse in child processes, each with its own Chromium, isolated from the worker. A child is started
 * once and serves run after run (each in a fresh browser context), so a run costs only Lighthouse's own time:
 * no process start, no module loading, no browser launch, and no such start competing for the CPU with a page
 * load whose CPU time Lighthouse measures. Runs at the same time get a child each. A crash, a failure or a
 * timeout rejects with LighthouseRunError and kills that child and its Chromium, so a hung run leaves no process
 * behind; the next run starts a new child.
 */
export function createLighthouseRunner(runnerOptions: LighthouseRunnerOptions = {}): LighthouseRunner {
  const chromiumPath = runnerOptions.chromiumPath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  const benchmarkReuseMs = runnerOptions.benchmarkReuseMs ?? 10 * 60_000
  const pool = createChildPool(
    chromiumPath,
    runnerOptions.allowHosts ?? [],
    runnerOptions.idleMs ?? 60_000,
    runnerOptions.maxRunsPerChild ?? 25,
  )
  let benchmark: { index: number; measuredAt: number } | undefined
  let nextRequestId = 1

  const runRaw = (options: RunLighthouseOptions): Promise<RawLighthouseRun> => {
    const request: ChildRequest = {
      id: nextRequestId++,
      url: options.url,
      formFactor: options.formFactor,
      mode: options.mode,
      locale: options.locale ?? 'en-US',
      ...(options.cookies?.length ? { cookies: options.cookies } : {}),
      ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    }
    // A recent BenchmarkIndex is handed on, so this run skips Lighthouse's CPU benchmark.
    if (benchmark && performance.now() - benchmark.measuredAt < benchmarkReuseMs) {
      request.benchmarkIndex = benchmark.index
    }
    const started = performance.now()
    const child = pool.take()
    child.runs++
    return runOnChild(child, request, options.timeoutMs ?? DEFAULT_TIMEOUT_MS, (outcome) => {
      const keepChild = 'lhr' in outcome || outcome.keepChild === true
      if (keepChild) pool.park(child)
      else child.kill()
      if (!('lhr' in outcome)) {
        return new LighthouseRunError(
          outcome.error,
          child.pid || null,
          child.chromiumPid,
          child.runId,
          keepChild,
        )
      }
      const measured = outcome.lhr.environment?.benchmarkIndex
      if (request.benchmarkIndex === undefined && measured !== undefined) {
        benchmark = { index: measured, measuredAt: performance.now() }
      }
      return {
        lhr: outcome.lhr,
        lighthouseMs: outcome.lighthouseMs,
        totalMs: performance.now() - started,
        childPid: child.pid,
        chromiumPid: child.chromiumPid,
        childRun: child.runs,
      }
    })
  }

  return {
    runRaw,
    run: async (options) => mapResult((await runRaw(options)).lhr),
    warm: pool.warm,
    close: pool.close,
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

/** One Lighthouse run in a fresh child, ended afterwards with its Chromium (see createLighthouseRunner). */
export async function runLighthouseRaw(
  options: RunLighthouseOptions & Pick<LighthouseRunnerOptions, 'chromiumPath' | 'allowHosts'>,
): Promise<RawLighthouseRun> {
  const runner = createLighthouseRunner({
    chromiumPath: options.chromiumPath,
    allowHosts: options.allowHosts,
  })
  try {
    return await runner.runRaw(options)
  } finally {
    runner.close()
  }
}

/** Runs Lighthouse on one URL in a fresh child and maps its result to our categories and metrics. */
export async function runLighthouse(
  options: RunLighthouseOptions & Pick<LighthouseRunnerOptions, 'chromiumPath' | 'allowHosts'>,
): Promise<LighthouseResult> {
  return mapResult((await runLighthouseRaw(options)).lhr)
}
