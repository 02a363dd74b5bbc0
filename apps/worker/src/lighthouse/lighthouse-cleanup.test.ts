import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { LOCAL, SLOW, useSmallSite, waitUntilGone } from './lighthouse-testing.js'
import { findProcessesOfRun } from './protocol.js'
import { LighthouseRunError, runLighthouseRaw } from './run-lighthouse.js'

// The runner leaves no process behind: not after a run that hangs, nor when the worker itself is killed.
const site = useSmallSite()

describe('runLighthouse cleanup', () => {
  it(
    'kills the child and its Chromium when a run hangs, and reports a failure',
    async () => {
      const error = await runLighthouseRaw({
        allowHosts: LOCAL,
        url: `${site.origin}/hang`,
        formFactor: 'desktop',
        mode: 'tuned',
        timeoutMs: 8_000,
      }).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(LighthouseRunError)
      const failure = error as LighthouseRunError
      expect(failure.message).toMatch(/did not finish within 8000 ms/)
      expect(failure.childPid).not.toBeNull()
      expect(await waitUntilGone(failure.childPid ?? 0)).toBe(true)
      // On a busy machine the timeout may strike before Chromium reported its pid: it is found by the run id.
      if (failure.chromiumPid) expect(await waitUntilGone(failure.chromiumPid)).toBe(true)
      for (const pid of findProcessesOfRun(failure.runId)) expect(await waitUntilGone(pid)).toBe(true)
    },
    SLOW,
  )

  /** Starts a stand-in worker (parent-fixture.ts) in a process group of its own; resolves its ready child's pids. */
  async function startStandInWorker() {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
    const parent = spawn(
      process.execPath,
      ['--import', tsx, fileURLToPath(new URL('./parent-fixture.ts', import.meta.url))],
      { stdio: ['ignore', 'pipe', 'inherit'], detached: true },
    )
    const line = await new Promise<string>((resolve, reject) => {
      let out = ''
      parent.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        if (out.includes('\n')) resolve(out.split('\n')[0] as string)
      })
      parent.on('exit', (code) => reject(new Error(`the stand-in worker exited with ${code}`)))
    })
    const pids = JSON.parse(line) as { children: number[]; chromium: number[] }
    expect(pids.children.length).toBeGreaterThan(0)
    expect(pids.chromium.length).toBeGreaterThan(0)
    return { parent, ...pids }
  }

  it(
    'leaves no child and no Chromium behind when the worker itself is SIGKILLed',
    async () => {
      const { parent, children, chromium } = await startStandInWorker()
      parent.kill('SIGKILL')
      for (const pid of [...children, ...chromium]) expect(await waitUntilGone(pid), `pid ${pid}`).toBe(true)
    },
    SLOW,
  )

  it(
    "leaves no Chromium behind when the worker's whole process group gets SIGTERM (scripts/stop, docker stop)",
    async () => {
      const { parent, children, chromium } = await startStandInWorker()
      process.kill(-(parent.pid ?? 0), 'SIGTERM')
      for (const pid of [...children, ...chromium]) expect(await waitUntilGone(pid), `pid ${pid}`).toBe(true)
    },
    SLOW,
  )
})
