import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { onTestFailed } from 'vitest'
import { scanTestEnv } from '../../support/scan-fixtures.js'

const WORKER_DIR = fileURLToPath(new URL('../../..', import.meta.url))

/**
 * The worker settings of the fault tests: the scan tests' (fixture site allowed, Lighthouse off, short page
 * timeouts), a sweep every 3 s instead of every minute, service checks every half second, and 6 s job locks so a
 * killed worker's jobs come back within about 10 s instead of 30.
 */
export function faultTestEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return scanTestEnv({
    SCAN_PAGE_TIMEOUT_MS: '5000',
    SCAN_SWEEP_INTERVAL_MS: '3000',
    SERVICE_CHECK_INTERVAL_MS: '500',
    JOB_LOCK_DURATION_MS: '6000',
    LOG_LEVEL: 'info',
    ...extra,
  })
}

/** A worker started as its own process (as in production), its log lines kept for the test to read. */
export interface WorkerProcess {
  child: ChildProcess
  /** the log lines written so far (pino JSON, one object a line) */
  lines: string[]
  /** how many log lines so far have a `msg` matching */
  countLogs(message: RegExp): number
  /** waits until a log line's `msg` matches, or fails after timeoutMs */
  waitForLog(message: RegExp, timeoutMs: number): Promise<void>
  stop(signal: NodeJS.Signals): Promise<void>
}

function messagesOf(lines: string[]): string[] {
  return lines.flatMap((line) => {
    try {
      return [String((JSON.parse(line) as { msg?: unknown }).msg ?? '')]
    } catch {
      return [line]
    }
  })
}

/**
 * Starts `apps/worker/src/main.ts` as a child process. Call it inside a test: when the test fails, the worker's
 * log is printed, since the reason is usually there.
 */
export function startWorkerProcess(env: NodeJS.ProcessEnv): WorkerProcess {
  // node --import tsx runs the worker in this very process id, so SIGKILL hits the worker itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: WORKER_DIR,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const lines: string[] = []
  onTestFailed(() => {
    console.error(`worker ${child.pid} log:\n${lines.join('\n')}`)
  })
  let partial = ''
  child.stdout?.setEncoding('utf8')
  child.stdout?.on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n')
    partial = parts.pop() ?? ''
    lines.push(...parts.filter(Boolean))
  })
  return {
    child,
    lines,
    countLogs: (message) => messagesOf(lines).filter((msg) => message.test(msg)).length,
    waitForLog: async (message, timeoutMs) => {
      const deadline = Date.now() + timeoutMs
      while (!messagesOf(lines).some((msg) => message.test(msg))) {
        if (Date.now() > deadline) throw new Error(`the worker never logged ${message}`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    },
    stop: async (signal) => {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill(signal)
      await exited
    },
  }
}
