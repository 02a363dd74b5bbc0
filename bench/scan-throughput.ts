/**
 * Scan throughput, measured in one run on this machine:
 *   - pages/s of our non-Lighthouse pass (the engine's page pipeline, auditPage, SCAN_PAGE_CONCURRENCY tabs)
 *     and of a bare playwright-core + axe-core loop over the same pages with as many tabs;
 *   - seconds per page of our tuned Lighthouse pass (the lighthouse-page job's runner: a fresh child per
 *     page, the next one made ready while a page runs) and of Lighthouse's default desktop config (a fresh
 *     child and Chromium per page, as the CLI does), with FCP, LCP, TBT and CLS of both;
 *   - peak memory (PSS) of this process and every process under it (Lighthouse children, Chromium).
 *
 *   pnpm exec tsx bench/scan-throughput.ts [url]
 *
 * Without a URL it serves the fixture site (tests/fixtures/site) and scans that. BENCH_PAGES (default 20)
 * caps the pages of the page passes, BENCH_LIGHTHOUSE_PAGES (default 5) those of the Lighthouse passes,
 * BENCH_ROUNDS (default 2) the rounds of the page passes.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Browser, chromium } from 'playwright-core'
import { extractContacts } from '../apps/worker/src/audits/contacts/index.js'
import { classifyDocumentUrl } from '../apps/worker/src/audits/documents/index.js'
import { measureReadability } from '../apps/worker/src/audits/readability/index.js'
import { createSpellChecker, type SpellChecker } from '../apps/worker/src/audits/spelling/index.js'
import { CHROMIUM_FLAGS, SharedBrowser } from '../apps/worker/src/browser/shared-browser.js'
import { createLighthouseRunner, type Lhr, runLighthouseRaw } from '../apps/worker/src/lighthouse/index.js'
import { auditPage, type ContentAnalysers } from '../apps/worker/src/pipeline/audit-page.js'
import { startPeakSampler } from './lib/memory.js'
import { PROBLEM_PAGES, startProblemSite } from './lib/problem-pages.js'

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..')
const PAGE_LIMIT = Number(process.env.BENCH_PAGES ?? 20)
const LIGHTHOUSE_PAGES = Number(process.env.BENCH_LIGHTHOUSE_PAGES ?? 5)
const TABS = Number(process.env.SCAN_PAGE_CONCURRENCY ?? 2)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const CHROMIUM_BINARY = '/usr/lib/chromium/chromium'
const MB = 1024 * 1024

/** Same-origin HTML pages reachable from the start URL, breadth first; slow or failing pages are left out. */
async function discoverPages(start: string, limit: number): Promise<string[]> {
  const origin = new URL(start).origin
  const queue = [start]
  const seen = new Set(queue)
  const pages: string[] = []
  while (queue.length > 0 && pages.length < limit) {
    const url = queue.shift() as string
    let response: Response
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(3_000), redirect: 'manual' })
    } catch {
      continue
    }
    if (response.status !== 200 || !response.headers.get('content-type')?.includes('text/html')) continue
    const html = await response.text()
    pages.push(url)
    for (const match of html.matchAll(/href="([^"#]+)/g)) {
      const href = match[1] ?? ''
      let next: URL
      try {
        next = new URL(href, url)
      } catch {
        continue
      }
      next.hash = ''
      if (
        next.origin !== origin ||
        seen.has(next.href) ||
        /\.(pdf|docx?|xlsx?|pptx?|zip|png|jpe?g|css|js)$/i.test(next.pathname)
      ) {
        continue
      }
      seen.add(next.href)
      queue.push(next.href)
    }
  }
  return pages
}

/** Runs `work` over the pages with `tabs` at a time; returns the wall time in seconds. */
async function runPool(pages: string[], tabs: number, work: (url: string) => Promise<void>): Promise<number> {
  const started = performance.now()
  let next = 0
  await Promise.all(
    Array.from({ length: tabs }, async () => {
      while (next < pages.length) {
        const url = pages[next++] as string
        await work(url)
      }
    }),
  )
  return (performance.now() - started) / 1000
}

function createAnalysers(): ContentAnalysers {
  const checkers = new Map<string, Promise<SpellChecker>>()
  return {
    measureReadability: (text, language) => measureReadability(text, language),
    findMisspellings: async (text, language) => {
      const key = language ?? 'en'
      if (!checkers.has(key)) checkers.set(key, createSpellChecker({ language: key, customWords: [] }))
      return (await checkers.get(key))?.misspellings(text) ?? []
    },
    extractContacts: (input) => extractContacts(input),
    classifyDocumentUrl: (url) => classifyDocumentUrl(url),
  }
}

async function measurePipeline(pages: string[]): Promise<{ seconds: number; failures: number }> {
  const browser = new SharedBrowser({ executablePath: CHROMIUM_BINARY })
  const analysers = createAnalysers()
  let failures = 0
  try {
    await browser.get()
    const seconds = await runPool(pages, TABS, async (url) => {
      await auditPage(browser, url, { analysers }).catch(() => {
        failures++
      })
    })
    return { seconds, failures }
  } finally {
    await browser.close()
  }
}

async function measureBareLoop(
  pages: string[],
  axeSource: string,
): Promise<{ seconds: number; failures: number }> {
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM_BINARY, args: CHROMIUM_FLAGS })
  let failures = 0
  try {
    const seconds = await runPool(pages, TABS, async (url) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
      try {
        const page = await context.newPage()
        await page.addInitScript({ content: axeSource })
        await page.goto(url, { waitUntil: 'load', timeout: 30_000 })
        await page.evaluate(() => (window as unknown as { axe: { run(): Promise<unknown> } }).axe.run())
      } catch {
        failures++
      } finally {
        await context.close()
      }
    })
    return { seconds, failures }
  } finally {
    await browser.close()
  }
}

const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
] as const

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

interface LighthousePass {
  secondsPerPage: number
  lighthouseSecondsPerPage: number
  metrics: Record<string, number[]>
  failures: string[]
}

interface LighthousePasses {
  tuned: LighthousePass
  reference: LighthousePass
  /** the default config in a child made ready beforehand, like the tuned one: metrics differ by config only */
  referenceReady: LighthousePass
}

function emptyPass(): LighthousePass {
  return {
    secondsPerPage: 0,
    lighthouseSecondsPerPage: 0,
    metrics: Object.fromEntries(METRICS.map(([name]) => [name, []])),
    failures: [],
  }
}

/**
 * Both Lighthouse passes over the same pages, interleaved page by page (alternating which goes first) so
 * that neither profits from caches the other warmed or suffers from load the other met. The tuned pass is
 * what the lighthouse-page job does (its runner keeps the next child ready); the default pass is a plain
 * Lighthouse run per page (fresh child and Chromium). The tuned runner's next child gets ready between
 * pages, outside both timings, so it never competes with a default run's page load.
 */
async function measureLighthouse(pages: string[]): Promise<LighthousePasses> {
  const runner = createLighthouseRunner({ keepSpare: true })
  const readyRunner = createLighthouseRunner({ keepSpare: true })
  const passes = { tuned: emptyPass(), reference: emptyPass(), referenceReady: emptyPass() }
  const seconds = { tuned: 0, reference: 0, referenceReady: 0 }
  const lighthouseMs = { tuned: 0, reference: 0, referenceReady: 0 }
  type Which = keyof typeof passes
  // Each runner's first child is made ready before the timings start, as a running worker has it.
  await Promise.all([runner.warm(), readyRunner.warm()])
  for (const [index, url] of pages.entries()) {
    const order: Which[] =
      index % 2 ? ['reference', 'referenceReady', 'tuned'] : ['tuned', 'referenceReady', 'reference']
    for (const which of order) {
      const started = performance.now()
      try {
        const run =
          which === 'tuned'
            ? await runner.runRaw({ url, formFactor: 'desktop', mode: 'tuned' })
            : which === 'referenceReady'
              ? await readyRunner.runRaw({ url, formFactor: 'desktop', mode: 'default' })
              : await runLighthouseRaw({ url, formFactor: 'desktop', mode: 'default' })
        seconds[which] += (performance.now() - started) / 1000
        lighthouseMs[which] += run.lighthouseMs
        const lhr: Lhr = run.lhr
        for (const [name, auditId] of METRICS) {
          passes[which].metrics[name]?.push(lhr.audits[auditId]?.numericValue ?? Number.NaN)
        }
      } catch (error) {
        passes[which].failures.push(`${which} ${url}: ${(error as Error).message.slice(0, 160)}`)
      }
      await Promise.all([runner.spareReady(), readyRunner.spareReady()])
    }
  }
  runner.close()
  readyRunner.close()
  for (const which of ['tuned', 'reference', 'referenceReady'] as const) {
    const done = pages.length - passes[which].failures.length || 1
    passes[which].secondsPerPage = seconds[which] / done
    passes[which].lighthouseSecondsPerPage = lighthouseMs[which] / 1000 / done
  }
  return passes
}

function percentDifference(tuned: number, reference: number): string {
  if (reference === 0) return tuned === 0 ? '0%' : 'n/a (default is 0)'
  const percent = ((tuned - reference) / reference) * 100
  return `${percent >= 0 ? '+' : ''}${percent.toFixed(1)}%`
}

async function main() {
  const given = process.argv[2]
  let close: (() => Promise<void>) | null = null
  let closeProblems: (() => Promise<void>) | null = null
  let start = given
  if (!start) {
    // The fixture site is another helper's module: loaded by path so this script runs without it too.
    const fixturePath = join(ROOT, 'tests/fixtures/site/server.ts')
    const { startFixtureSite } = (await import(fixturePath)) as {
      startFixtureSite(options?: object): Promise<{ url: string; close(): Promise<void> }>
    }
    const site = await startFixtureSite({ port: 0 })
    start = site.url
    close = () => site.close()
  }
  try {
    const pages = await discoverPages(start, PAGE_LIMIT)
    const axeSource = await readFile(
      createRequire(join(ROOT, 'apps/worker/package.json')).resolve('axe-core/axe.min.js'),
      'utf8',
    )
    console.info(
      `target ${start}: ${pages.length} pages for the page passes, ${Math.min(LIGHTHOUSE_PAGES, pages.length)} of them and 2 problem pages for Lighthouse`,
    )
    console.info(
      `machine: ${(await import('node:os')).availableParallelism()} cores, load average ${(
        await import('node:os')
      )
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}`,
    )

    // Warm-up (disk cache, first Chromium start), then each pass BENCH_ROUNDS times, interleaved: the best
    // round damps the noise of other work on the machine.
    await measureBareLoop(pages.slice(0, 2), axeSource)
    const bareRuns: number[] = []
    const pipelineRuns: number[] = []
    let peakPages = 0
    let pipelineFailures = 0
    let bareFailures = 0
    for (let round = 0; round < ROUNDS; round++) {
      const bareSampler = startPeakSampler()
      const bare = await measureBareLoop(pages, axeSource)
      peakPages = Math.max(peakPages, bareSampler.stop())
      bareRuns.push(bare.seconds)
      bareFailures = bare.failures
      const pipelineSampler = startPeakSampler()
      const pipeline = await measurePipeline(pages)
      peakPages = Math.max(peakPages, pipelineSampler.stop())
      pipelineRuns.push(pipeline.seconds)
      pipelineFailures = pipeline.failures
    }
    const barePagesPerSecond = pages.length / Math.min(...bareRuns)
    const pipelinePagesPerSecond = pages.length / Math.min(...pipelineRuns)

    // Our problem pages join the Lighthouse set: the fixture site has no long task or layout shift, and a
    // TBT or CLS of 0 on both sides would compare nothing.
    const problems = await startProblemSite()
    closeProblems = () => problems.close()
    const lighthousePages = [
      ...pages.slice(0, LIGHTHOUSE_PAGES),
      `${problems.url}${PROBLEM_PAGES.heavy}`,
      `${problems.url}${PROBLEM_PAGES.seo}`,
    ]
    // A page's first answer can be slower (server caches); Lighthouse counts the server's time in FCP.
    for (const url of lighthousePages) await fetch(url).then((response) => response.arrayBuffer())
    const lighthouseSampler = startPeakSampler()
    const { tuned, reference, referenceReady } = await measureLighthouse(lighthousePages)
    const peakLighthouse = lighthouseSampler.stop()

    const lines = [
      '',
      `non-Lighthouse pass (auditPage, ${TABS} tabs):  ${pipelinePagesPerSecond.toFixed(2)} pages/s  (best of ${pipelineRuns.map((s) => `${s.toFixed(1)} s`).join(', ')}; ${pipelineFailures} failed)`,
      `bare playwright-core + axe (${TABS} tabs):      ${barePagesPerSecond.toFixed(2)} pages/s  (best of ${bareRuns.map((s) => `${s.toFixed(1)} s`).join(', ')}; ${bareFailures} failed)`,
      `  pipeline / bare: ${((pipelinePagesPerSecond / barePagesPerSecond) * 100).toFixed(0)}%  (target >= 80%)`,
      '',
      `tuned Lighthouse (our runner):         ${tuned.secondsPerPage.toFixed(2)} s/page  (Lighthouse itself ${tuned.lighthouseSecondsPerPage.toFixed(2)} s)`,
      `default Lighthouse (desktop, fresh):   ${reference.secondsPerPage.toFixed(2)} s/page  (Lighthouse itself ${reference.lighthouseSecondsPerPage.toFixed(2)} s)`,
      `default config in a ready child:       ${referenceReady.secondsPerPage.toFixed(2)} s/page  (Lighthouse itself ${referenceReady.lighthouseSecondsPerPage.toFixed(2)} s)`,
      `  tuned / default: ${((tuned.secondsPerPage / reference.secondsPerPage) * 100).toFixed(0)}%  (target <= 33%); tuned / default in a ready child: ${((tuned.secondsPerPage / referenceReady.secondsPerPage) * 100).toFixed(0)}%`,
      '  metric (median over pages)  tuned      default    diff        default, ready child  diff',
      ...METRICS.map(([name]) => {
        const a = median(tuned.metrics[name] ?? [])
        const b = median(reference.metrics[name] ?? [])
        const c = median(referenceReady.metrics[name] ?? [])
        const format = (value: number) => (name === 'CLS' ? value.toFixed(3) : `${value.toFixed(0)} ms`)
        return `  ${name.padEnd(28)}${format(a).padEnd(11)}${format(b).padEnd(11)}${percentDifference(a, b).padEnd(12)}${format(c).padEnd(22)}${percentDifference(a, c)}`
      }),
      ...[...tuned.failures, ...reference.failures, ...referenceReady.failures].map(
        (failure) => `  failed: ${failure}`,
      ),
      '',
      'peak PSS of this process and its children (Node + Chromium):',
      `  page passes ${(peakPages / MB).toFixed(0)} MB, Lighthouse passes ${(peakLighthouse / MB).toFixed(0)} MB (one run plus the tuned runner's ready child)`,
    ]
    console.info(lines.join('\n'))
  } finally {
    await close?.()
    await closeProblems?.()
  }
}

await main()
