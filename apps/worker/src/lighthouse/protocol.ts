import { readdirSync, readFileSync } from 'node:fs'
import type { ScanCookie } from '../browser/sign-in.js'
import type { LighthouseFormFactor, LighthouseMode } from './config.js'
import type { Lhr } from './map-lhr.js'

/** One run, sent to a child that is idle; the child answers it with a result or a failure. */
export interface ChildRequest {
  /** the runner's number for this run, echoed in the result */
  id: number
  url: string
  formFactor: LighthouseFormFactor
  mode: LighthouseMode
  /** Lighthouse's locale for titles and descriptions */
  locale: string
  /**
   * The host's BenchmarkIndex measured by an earlier run of the same runner: Lighthouse then skips its 1 s CPU
   * benchmark and reports this value (see reuseBenchmarkIndex in child.ts). Absent: Lighthouse measures it.
   */
  benchmarkIndex?: number
  /** cookies of a signed-in scan, set in the run's fresh browser context (Lighthouse keeps cookies when it clears storage) */
  cookies?: ScanCookie[]
  /** the site's own user agent; absent: Lighthouse's emulated one for the form factor */
  userAgent?: string
}

/**
 * What the child sends: Chromium's pid as soon as it runs (so a hung child's browser can be killed), 'ready'
 * once Lighthouse is loaded and Chromium is up, then one outcome per request. After a failure the child exits:
 * a run that threw may have left Lighthouse or the browser in any state.
 */
export type ChildMessage =
  | { type: 'chromium-started'; pid: number }
  | { type: 'ready' }
  | { type: 'result'; id: number; lhr: Lhr; lighthouseMs: number }
  | { type: 'failure'; message: string }

/** A flag Chromium ignores, carrying the child's id, so a child's browser can be found from /proc. */
export const RUN_ID_FLAG = '--canopy-lighthouse-run'

/** Processes whose command line carries the id: a child's Chromium, whether or not its pid was reported. */
export function findProcessesOfRun(runId: string): number[] {
  const marker = `${RUN_ID_FLAG}=${runId}`
  const found: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker)) found.push(Number(entry))
    } catch {
      // gone meanwhile
    }
  }
  return found
}

/** SIGKILL to a process, or to its whole group; one already gone is no error. */
export function killQuietly(pid: number | null | undefined, group = false): void {
  if (!pid) return
  try {
    process.kill(group ? -pid : pid, 'SIGKILL')
  } catch {
    // already gone
  }
}

/** Every Chromium process of a child (chrome-launcher starts it in a group of its own): the groups, then the rest. */
export function killProcessesOfRun(runId: string, knownPid?: number | null): void {
  const browsers = new Set([...(knownPid ? [knownPid] : []), ...findProcessesOfRun(runId)])
  for (const pid of browsers) {
    killQuietly(pid, true)
    killQuietly(pid)
  }
}
