import { describe, expect, it } from 'vitest'
import { LOCAL, SLOW, useSmallSite, waitUntilGone } from './lighthouse-testing.js'
import {
  createLighthouseRunner,
  LighthouseRunError,
  runLighthouse,
  runLighthouseRaw,
} from './run-lighthouse.js'

// The runner's results: real Lighthouse runs of a small local page. How it cleans up after hung and killed runs
// is in lighthouse-cleanup.test.ts, a file of its own so that the two run side by side.
const site = useSmallSite()

describe('runLighthouse', () => {
  it(
    'runs the tuned config in a child process that exits with its Chromium once the result is back',
    async () => {
      const raw = await runLighthouseRaw({
        url: `${site.origin}/`,
        formFactor: 'mobile',
        mode: 'tuned',
        allowHosts: LOCAL,
      })
      expect(raw.lhr.lighthouseVersion).toBe('13.5.0')
      expect(Object.keys(raw.lhr.categories).sort()).toEqual(['best-practices', 'performance', 'seo'])
      expect(raw.lhr.categories.performance?.score).toBeGreaterThan(0.5)
      // the tuned run skips the hidden audits nobody reads, and keeps every metric
      expect(raw.lhr.audits['screenshot-thumbnails']).toBeUndefined()
      expect(raw.lhr.audits['first-contentful-paint']?.numericValue).toBeGreaterThan(0)
      expect(raw.lhr.audits['cumulative-layout-shift']?.numericValue).toBe(0)
      expect(await waitUntilGone(raw.childPid)).toBe(true)
      if (raw.chromiumPid) expect(await waitUntilGone(raw.chromiumPid)).toBe(true)
    },
    SLOW,
  )

  it(
    'reports an unreachable page as a failure, not as a result',
    async () => {
      await expect(
        runLighthouse({
          allowHosts: LOCAL,
          url: 'http://127.0.0.1:9/',
          formFactor: 'desktop',
          mode: 'tuned',
          timeoutMs: 60_000,
        }),
      ).rejects.toThrow(/Lighthouse failed/)
    },
    SLOW,
  )

  it(
    'serves run after run from one child, measuring the host benchmark once and skipping it afterwards',
    async () => {
      const runner = createLighthouseRunner({ allowHosts: LOCAL })
      try {
        const first = await runner.runRaw({ url: `${site.origin}/`, formFactor: 'desktop', mode: 'tuned' })
        const second = await runner.runRaw({ url: `${site.origin}/`, formFactor: 'desktop', mode: 'tuned' })
        // Lighthouse still logs the step; the benchmark itself is two 500 ms loops
        const benchmarkMs = (run: typeof first) =>
          (
            run.lhr as unknown as { timing: { entries: { name: string; duration: number }[] } }
          ).timing.entries.find((entry) => entry.name === 'lh:gather:getBenchmarkIndex')?.duration ?? 0
        expect(first.lhr.environment?.benchmarkIndex).toBeGreaterThan(0)
        expect(benchmarkMs(first)).toBeGreaterThanOrEqual(1_000)
        expect(second.lhr.environment?.benchmarkIndex).toBe(first.lhr.environment?.benchmarkIndex)
        expect(benchmarkMs(second)).toBeLessThan(100)
        expect(second.lhr.audits['first-contentful-paint']?.numericValue).toBeGreaterThan(0)
        expect(second.childPid).toBe(first.childPid)
        expect([first.childRun, second.childRun]).toEqual([1, 2])
      } finally {
        runner.close()
      }
    },
    SLOW,
  )

  it(
    "keeps the child after a page's own error (unreachable) and runs the next page in it",
    async () => {
      const runner = createLighthouseRunner({ allowHosts: LOCAL })
      try {
        const error = await runner
          .runRaw({ url: 'http://127.0.0.1:9/', formFactor: 'desktop', mode: 'tuned', timeoutMs: 60_000 })
          .catch((caught: unknown) => caught)
        expect(error).toBeInstanceOf(LighthouseRunError)
        const failure = error as LighthouseRunError
        expect(failure.message).toMatch(/Lighthouse failed: /)
        expect(failure.childKept).toBe(true)
        const next = await runner.runRaw({ url: `${site.origin}/`, formFactor: 'desktop', mode: 'tuned' })
        expect(next.childPid).toBe(failure.childPid)
        expect(next.childRun).toBe(2)
      } finally {
        runner.close()
      }
    },
    SLOW,
  )
})
