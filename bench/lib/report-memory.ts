import { appendFileSync } from 'node:fs'

/**
 * Loaded into a worker process by the memory bench (`node --import tsx --import bench/lib/report-memory.ts`):
 * appends the process's own memory (RSS, V8 heap used and total, external) as one JSON line every
 * BENCH_MEMORY_INTERVAL_MS (default 1000) to BENCH_MEMORY_FILE. Only the bench loads it; the worker's code is
 * unchanged.
 */
const file = process.env.BENCH_MEMORY_FILE
const intervalMs = Number(process.env.BENCH_MEMORY_INTERVAL_MS ?? 1_000)

if (file) {
  const write = () => {
    const usage = process.memoryUsage()
    const line = {
      at: Date.now(),
      rss: usage.rss,
      heapUsed: usage.heapUsed,
      heapTotal: usage.heapTotal,
      external: usage.external,
    }
    appendFileSync(file, `${JSON.stringify(line)}\n`)
  }
  write()
  setInterval(write, intervalMs).unref()
}
