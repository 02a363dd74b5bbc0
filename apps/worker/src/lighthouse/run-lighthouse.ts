import { type ChildProcess, fork } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { CategoryResult, PerformanceMetrics } from '@canopy/contracts'
import type { LighthouseFormFactor, LighthouseMode } from './config.js'
import { type Lhr, mapCategory, mapMetrics } from './map-lhr.js'
import type { ChildMessage, ChildRequest } from './protocol.js'

export interface RunLighthouseOptions {
  url: string
  formFactor: LighthouseFormFactor
  mode: LighthouseMode
  /** default CHROMIUM_PATH, else /usr/bin/chromium */
  chromiumPath?: string
  /** the whole run, child start to result; default 120 s */
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
  /** Lighthouse's own run, Chromium started */
  lighthouseMs: number
  /** fork to result: process start, module loading, Chromium start and Lighthouse */
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
  ) {
    super(message)
  }
}

const DEFAULT_TIMEOUT_MS = 120_000
const CHILD_ENTRY = fileURLToPath(new URL('./child.ts', import.meta.url))
// The child is TypeScript like the rest of the worker: it runs under the same tsx loader, found from here.
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href

function killQuietly(pid: number | null | undefined, group = false): void {
  if (!pid) return
  try {
    process.kill(group ? -pid : pid, 'SIGKILL')
  } catch {
    // already gone
  }
}

/**
 * Runs Lighthouse once in a fresh child process with its own Chromium and returns the raw result (LHR).
 * A crash, a failure message or a timeout rejects with LighthouseRunError; the child and its Chromium are
 * killed whatever happens, so a hung run leaves no process behind.
 */
export function runLighthouseRaw(options: RunLighthouseOptions): Promise<RawLighthouseRun> {
  const request: ChildRequest = {
    url: options.url,
    formFactor: options.formFactor,
    mode: options.mode,
    chromiumPath: options.chromiumPath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    locale: options.locale ?? 'en-US',
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const started = performance.now()
  return new Promise((resolve, reject) => {
    let chromiumPid: number | null = null
    let settled = false
    const child: ChildProcess = fork(CHILD_ENTRY, [], {
      execArgv: ['--import', TSX_LOADER],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: process.env,
    })
    let stderr = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      // Only the tail matters for an error message.
      stderr = (stderr + chunk.toString()).slice(-2000)
    })
    const finish = (outcome: { run: RawLighthouseRun } | { error: string }) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      if ('run' in outcome) resolve(outcome.run)
      else reject(new LighthouseRunError(outcome.error, child.pid ?? null, chromiumPid))
      // chrome-launcher starts Chromium detached, in its own process group: kill the group.
      killQuietly(chromiumPid, true)
      killQuietly(chromiumPid)
      if (child.exitCode === null) killQuietly(child.pid)
    }
    const timer = setTimeout(
      () => finish({ error: `Lighthouse did not finish within ${timeoutMs} ms for ${options.url}` }),
      timeoutMs,
    )
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'chromium-started') chromiumPid = message.pid
      else if (message.type === 'result') {
        finish({
          run: {
            lhr: message.lhr,
            lighthouseMs: message.lighthouseMs,
            totalMs: performance.now() - started,
            childPid: child.pid ?? 0,
            chromiumPid,
          },
        })
      } else if (message.type === 'failure') finish({ error: `Lighthouse failed: ${message.message}` })
    })
    child.on('error', (error) => finish({ error: `Lighthouse child process failed: ${error.message}` }))
    child.on('exit', (code, signal) => {
      finish({
        error: `Lighthouse child process exited (${signal ?? `code ${code}`}) without a result: ${stderr.trim()}`,
      })
    })
    child.send(request)
  })
}

/** Runs Lighthouse on one URL (see runLighthouseRaw) and maps its result to our categories and metrics. */
export async function runLighthouse(options: RunLighthouseOptions): Promise<LighthouseResult> {
  const { lhr } = await runLighthouseRaw(options)
  return {
    performance: mapCategory(lhr, 'performance'),
    seo: mapCategory(lhr, 'seo'),
    bestPractices: mapCategory(lhr, 'best-practices'),
    metrics: mapMetrics(lhr),
    lighthouseVersion: lhr.lighthouseVersion,
  }
}
