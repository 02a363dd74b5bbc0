/**
 * A worker stand-in for run-lighthouse.test.ts: makes a runner's child ready (Chromium up), prints the pids
 * of the child and of its Chromium, and waits to be SIGKILLed, so the test can check that nothing outlives it.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { findProcessesOfRun } from './protocol.js'
import { createLighthouseRunner } from './run-lighthouse.js'

// An idle child is unref'd (it must not keep a worker alive): this timer keeps the stand-in running.
setInterval(() => {}, 1_000)
const runner = createLighthouseRunner({ idleMs: 120_000 })
await runner.warm()
const children = execFileSync('pgrep', ['-P', String(process.pid)], { encoding: 'utf8' })
  .trim()
  .split('\n')
  .map(Number)
// The child's last argument is its run id, which its Chromium carries on its command line.
const chromium = children.flatMap((pid) => {
  const runId = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).at(-1)
  return runId ? findProcessesOfRun(runId) : []
})
process.stdout.write(`${JSON.stringify({ children, chromium })}\n`)
