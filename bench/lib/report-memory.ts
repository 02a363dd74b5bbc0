import { appendFileSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'

/**
 * Loaded into a worker process by the memory bench (`node --import tsx --import bench/lib/report-memory.ts`):
 * appends the process's own memory (RSS, V8 heap used and total, external) and the longest its event loop was
 * held since the last line (`loopDelayMaxMs`: a loop held past half a job's lock loses the lock) as one JSON
 * line every BENCH_MEMORY_INTERVAL_MS (default 1000) to BENCH_MEMORY_FILE. Only the bench loads it; the
 * worker's code is unchanged.
 */
const file = process.env.BENCH_MEMORY_FILE
const intervalMs = Number(process.env.BENCH_MEMORY_INTERVAL_MS ?? 1_000)

if (file) {
  const loopDelay = monitorEventLoopDelay({ resolution: 10 })
  loopDelay.enable()
  const write = () => {
    const usage = process.memoryUsage()
    const loopDelayMaxMs = Math.round(loopDelay.max / 1e6)
    loopDelay.reset()
    const line = {
      at: Date.now(),
      rss: usage.rss,
      heapUsed: usage.heapUsed,
      heapTotal: usage.heapTotal,
      external: usage.external,
      loopDelayMaxMs,
    }
    appendFileSync(file, `${JSON.stringify(line)}\n`)
  }
  write()
  setInterval(write, intervalMs).unref()
}
