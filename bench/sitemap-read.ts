/**
 * The sitemap reader on the largest sitemap the protocol allows: 50,000 URLs, plain and gzip, streamed in
 * 16 KB chunks as a server would send them. Prints the time of each read (best of BENCH_ROUNDS, default 5)
 * and the process's largest resident memory.
 *
 *   pnpm exec tsx bench/sitemap-read.ts
 */
import { availableParallelism } from 'node:os'
import { Readable } from 'node:stream'
import { gzipSync } from 'node:zlib'
import { readSitemap } from '../apps/worker/src/crawl/sitemap.js'
import { generateUrlset } from '../apps/worker/src/crawl/sitemap-fixtures.js'

const URLS = 50_000
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)

function* chunked(bytes: Buffer, size: number): Generator<Buffer> {
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size)
}

async function bestOf(body: Buffer): Promise<{ ms: number; peakRssMb: number }> {
  let best = Number.POSITIVE_INFINITY
  let peakRssMb = 0
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now()
    const document = await readSitemap(Readable.from(chunked(body, 16 * 1024)))
    best = Math.min(best, performance.now() - started)
    peakRssMb = Math.max(peakRssMb, process.memoryUsage().rss / 1024 / 1024)
    if (document.urls.length !== URLS) throw new Error(`read ${document.urls.length} URLs, not ${URLS}`)
  }
  return { ms: best, peakRssMb }
}

async function main() {
  const plain = Buffer.concat([...generateUrlset(URLS)])
  const gzipped = gzipSync(plain)
  console.info(`sitemap read, ${URLS} URLs, ${availableParallelism()} cores, best of ${ROUNDS}`)
  for (const [name, body] of [
    ['plain', plain],
    ['gzip', gzipped],
  ] as const) {
    const { ms, peakRssMb } = await bestOf(body)
    const size = (body.length / 1024 / 1024).toFixed(1)
    console.info(
      `  ${name} (${size} MB): ${ms.toFixed(0)} ms; process RSS at most ${peakRssMb.toFixed(0)} MB (the whole body is also held here, as the bench generates it)`,
    )
  }
}

await main()
